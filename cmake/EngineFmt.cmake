# Provides engine_use_fmt(SOURCE...): {fmt} (Debian's libfmt-dev, fmt 9) header-only, for
# its shortest-round-trip float formatting (Dragonbox). Emscripten 3.1.6's libc++ has no floating
# std::to_chars, and snprintf+strtod round trips made the trace cost more than the program.
# As for xtensor, only fmt/ is exposed, through a shim dir of one symlink in the build tree: the
# host /usr/include must never be on em++'s include path.
find_path(ENGINE_FMT_INCLUDE_DIR fmt/format.h
          HINTS ENV FMT_INCLUDE_DIR PATHS /usr/local/include /usr/include
          NO_CMAKE_FIND_ROOT_PATH)
if(NOT ENGINE_FMT_INCLUDE_DIR)
  message(FATAL_ERROR "fmt headers not found (apt-get install libfmt-dev, or set ENGINE_FMT_INCLUDE_DIR)")
endif()
set(_fmt_shim "${CMAKE_BINARY_DIR}/_fmt_include")
file(MAKE_DIRECTORY "${_fmt_shim}")
if(NOT EXISTS "${_fmt_shim}/fmt")
  file(CREATE_LINK "${ENGINE_FMT_INCLUDE_DIR}/fmt" "${_fmt_shim}/fmt" SYMBOLIC)
endif()
# Only the files that use it see it: the other files' compile commands stay the same, so ccache
# shares their objects with builds that do not know about fmt.
function(engine_use_fmt)
  set_property(SOURCE ${ARGN} APPEND PROPERTY INCLUDE_DIRECTORIES "${_fmt_shim}")
  set_property(SOURCE ${ARGN} APPEND PROPERTY COMPILE_DEFINITIONS FMT_HEADER_ONLY)
endfunction()
