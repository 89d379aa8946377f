// trace/json_writer: escaping, separators, non-finite numbers, shortest round-trip doubles.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>
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

TEST_CASE("json writer escapes a character that needs it wherever it falls in a long string", "[trace][json]") {
  // plain ASCII is recognised eight bytes at a time: every position of the word and of the tail
  for (const char special : {'"', '\\', '\n', '\x01', '\x1f', '\x7f', ' ', '~'}) {
    for (size_t length = 1; length <= 19; ++length) {
      for (size_t at = 0; at < length; ++at) {
        std::string s(length, 'a');
        s[at] = special;
        JsonWriter w;
        w.value(s);
        CHECK(w.str() == tp::trace::json_escape(s));
      }
    }
  }
  JsonWriter w;
  w.value("caf\xc3\xa9 \xff");  // UTF-8 passes through; a broken byte becomes U+FFFD
  CHECK(w.str() == "\"caf\xc3\xa9 \xef\xbf\xbd\"");
}

TEST_CASE("json writer splices raw values and members, and starts over after clear and take", "[trace][json]") {
  JsonWriter w;
  w.begin_array().raw(R"({"x":1})").begin_object().raw_members(R"({"a":[1,2],"b":"c"})").key("d").raw("[]")
      .end_object().raw_members(R"({"e":2})").end_array();
  CHECK(w.str() == R"([{"x":1},{"a":[1,2],"b":"c","d":[]},"e":2])");
  w.clear();
  w.begin_object().key("k").value(int64_t(-7)).end_object();
  CHECK(w.str() == R"({"k":-7})");
  CHECK(w.take() == R"({"k":-7})");
  CHECK(w.str().empty());
  w.begin_array().value(uint64_t(18446744073709551615ull)).end_array();
  CHECK(w.str() == "[18446744073709551615]");
}

TEST_CASE("json writer goes back to a mark, dropping what was written after it", "[trace][json]") {
  JsonWriter w;
  w.begin_array().begin_object().key("step").value(int64_t(0)).end_object();
  const JsonWriter::Mark before = w.mark();
  w.begin_object().key("step").value(int64_t(1)).key("half").begin_array().value("written");  // then a throw
  w.rewind(before);
  CHECK(w.size() == before.len);
  w.begin_object().key("step").value(int64_t(2)).end_object().end_array();
  CHECK(w.str() == R"([{"step":0},{"step":2}])");
}

TEST_CASE("json writer grows its buffer past many doublings", "[trace][json]") {
  JsonWriter w;
  std::string expected = "[";
  const std::string long_text(5000, 'z');
  w.begin_array();
  for (int i = 0; i < 2000; ++i) {
    w.value(int64_t(i)).value(long_text.substr(0, size_t(i % 7)));
    expected += (i ? "," : "") + std::to_string(i) + ",\"" + long_text.substr(0, size_t(i % 7)) + "\"";
  }
  w.value(long_text).end_array();
  expected += ",\"" + long_text + "\"]";
  CHECK(w.str() == expected);
}

// The writer's digits checked against the definition (fewest digits that round-trip) over values
// of every kind the trace writes.
TEST_CASE("json writer writes the shortest round-trip digits", "[trace][json]") {
  std::mt19937_64 gen(7);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<double> values = {0.0, -0.0, 1.0, 0.5, 2.5, 1e300, 5e-324, 2.2250738585072014e-308, 123456789.0,
                                std::numeric_limits<double>::max(), 0.30000000000000004};
  for (int i = 0; i < 3000; ++i) {
    values.push_back(unit(gen));                                        // float64 samples
    values.push_back(double(float(unit(gen) * 200 - 100)));             // float32 values
    values.push_back(std::ldexp(unit(gen), int(gen() % 200) - 100));    // wide exponents
    values.push_back(double(int64_t(gen() % 100000)) / 1000.0);         // short decimals
  }
  for (double v : values) {
    JsonWriter w;
    w.value(v);
    const std::string s(w.str());
    INFO(s);
    REQUIRE(std::strtod(s.c_str(), nullptr) == v);
    // Its significant digits: no fewer digits round-trip (the notation, fixed or exponent, may
    // differ from printf's %g).
    std::string mantissa = s.substr(0, s.find_first_of("eE"));
    std::string digits;
    for (char c : mantissa) if (c >= '0' && c <= '9') digits += c;
    digits.erase(0, std::min(digits.find_first_not_of('0'), digits.size()));
    while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
    char shorter[40];
    for (int p = 1; p < 17; ++p) {
      std::snprintf(shorter, sizeof shorter, "%.*g", p, v);
      if (std::strtod(shorter, nullptr) == v) {
        CHECK(digits.size() <= size_t(std::max(p, 1)));
        break;
      }
    }
  }
}

// Note [Float32 cells]: a float32 is written as its shortest float32 digits, and the page's
// JSON.parse then Math.fround (here strtod then a float cast: the same two correctly rounded
// steps) give back its exact bits. bench/float32_cells.cpp checks all 2^32; this, a sample of
// every kind: signed zeros, subnormals, the extremes, powers of two and random bit patterns.
TEST_CASE("json writer writes float32 cells that read back exactly, in at most 9 digits", "[trace][json]") {
  std::vector<float> values = {0.0f, -0.0f, 1.0f, 0.1f, -2.5f, 1e-45f, std::numeric_limits<float>::denorm_min(),
                               std::numeric_limits<float>::min(), std::numeric_limits<float>::max(),
                               -std::numeric_limits<float>::max(), 16777216.0f, 16777217.0f, 0.3f, 1.0f / 3.0f};
  for (uint32_t bits : {0x15ae43fdu, 0x95ae43fdu}) {  // the one magnitude whose shortest digits would read back wrong
    float f;
    std::memcpy(&f, &bits, sizeof f);
    values.push_back(f);
  }
  for (int e = -149; e <= 127; ++e) values.push_back(std::ldexp(1.0f, e));
  std::mt19937 gen(11);
  while (values.size() < 200000) {
    const uint32_t bits = gen();
    float f;
    std::memcpy(&f, &bits, sizeof f);
    if (std::isfinite(f)) values.push_back(f);
  }
  for (float f : values) {
    JsonWriter w;
    w.value(f);
    const std::string s(w.str());
    const float back = float(std::strtod(s.c_str(), nullptr));
    INFO(s);
    REQUIRE(std::memcmp(&back, &f, sizeof f) == 0);
    std::string mantissa = s.substr(0, s.find_first_of("eE")), digits;
    for (char c : mantissa) if (c >= '0' && c <= '9') digits += c;
    digits.erase(0, std::min(digits.find_first_not_of('0'), digits.size()));
    while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
    if (digits.size() > 9) CHECK(std::fabs(f) == 7.038531e-26f);  // written with its double's digits
  }
  JsonWriter w;
  w.begin_array().value(0.1f).value(std::numeric_limits<float>::quiet_NaN()).value(-std::numeric_limits<float>::infinity()).end_array();
  CHECK(w.str() == R"([0.1,"nan","-inf"])");
}

