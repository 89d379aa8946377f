// Python's own text conventions, byte for byte (CPython 3.11): repr(float) (shortest round-trip),
// repr(str), and the format-spec mini-language behind format(), f-strings and str.format.
// Errors are TorchError("ValueError" / "OverflowError") with CPython's messages.
#pragma once
#include <cstdint>
#include <string>

namespace tp::format {

// The binary format a printed number must round-trip through (numpy prints float32/float16
// elements with the shortest digits that identify them in their own dtype).
enum class Precision : uint8_t { Double, Single, Half };

// Shortest decimal digits that round-trip through double (or float32 / float16 per `prec`):
// `digits` has no trailing zeros ("15" for 1.5), `exp10` is the power of ten of the first digit.
// v must be finite and nonzero; the sign is ignored.
struct ShortestDigits {
  std::string digits;
  int exp10 = 0;
};
ShortestDigits shortest_digits(double v, Precision prec = Precision::Double);

// repr(float) == str(float): 3.0, 0.1, 1e-05, 1.2345678901234568e+17, inf, nan, -0.0
std::string py_float_repr(double v);
// repr(str): 'abc', "it's", '\n' escaped, non-printable code points as \x.. / \u.... / \U........
std::string py_str_repr(const std::string& utf8);
// Number of code points of a UTF-8 string (Python's len(str)).
size_t utf8_length(const std::string& utf8);

// format(value, spec) for each Python type (an empty spec gives str(value)).
std::string py_format_int(int64_t v, const std::string& spec);
std::string py_format_bool(bool v, const std::string& spec);
std::string py_format_float(double v, const std::string& spec);
std::string py_format_str(const std::string& utf8, const std::string& spec);

}  // namespace tp::format
