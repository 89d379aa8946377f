// trace/json_writer: escaping, separators, non-finite numbers, shortest round-trip doubles.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "trace/json_writer.h"

using tp::trace::JsonWriter;

TEST_CASE("json writer nests containers with commas in the right places", "[trace][json]") {
  JsonWriter w;
  w.begin_object().key("a").value(int64_t(1)).key("b").begin_array().value(true).null().value("x").end_array()
      .key("c").begin_object().end_object().end_object();
  CHECK(w.str() == R"({"a":1,"b":[true,null,"x"],"c":{}})");
}

TEST_CASE("json writer escapes strings and writes non-finite floats as strings", "[trace][json]") {
  JsonWriter w;
  w.begin_array().value("q\"\\\n\t\x01").value(std::numeric_limits<double>::infinity())
      .value(-std::numeric_limits<double>::infinity()).value(std::nan("")).value(0.1).value(0.49625658988952637)
      .value(1e-5).end_array();
  CHECK(w.str() == "[\"q\\\"\\\\\\n\\t\\u0001\",\"inf\",\"-inf\",\"nan\",0.1,0.49625658988952637,1e-05]");
}
