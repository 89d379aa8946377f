// The single Catch2 main shared by the native and the wasm unit-test executables.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
