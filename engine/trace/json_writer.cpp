#include "trace/json_writer.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>

#include <fmt/format.h>  // header-only (FMT_HEADER_ONLY): only its Dragonbox is used

#include "core/utf8.h"

namespace tp::trace {

namespace {
// Whether a byte of `w` is below `n` (n <= 0x80), as "Bit Twiddling Hacks" tests for a zero
// byte: exact when it says no; a yes may be a byte next to the real one.
constexpr uint64_t kOnes = 0x0101010101010101ull;
constexpr uint64_t has_byte_below(uint64_t w, uint64_t n) { return (w - kOnes * n) & ~w & kOnes * 0x80; }

// Printable ASCII with nothing to escape (names, dtypes, most reprs): copied as it is. Eight
// bytes at a time; a string it wrongly turns away is escaped to the same text.
bool plain_ascii(std::string_view s) {
  const char* p = s.data();
  size_t n = s.size();
  for (; n >= 8; p += 8, n -= 8) {
    uint64_t w;
    std::memcpy(&w, p, sizeof w);
    if ((w & kOnes * 0x80) | has_byte_below(w, 0x20) | has_byte_below(w ^ kOnes * '"', 1) |
        has_byte_below(w ^ kOnes * '\\', 1))
      return false;
  }
  for (; n > 0; ++p, --n) {
    const unsigned char c = static_cast<unsigned char>(*p);
    if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') return false;
  }
  return true;
}

}  // namespace

std::string json_escape(const std::string& text) {
  // JSON text is UTF-8: ill-formed bytes (a program printing a broken string) become U+FFFD.
  const std::string s = sanitize_utf8(text);
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += char(c);  // well-formed UTF-8 passes through unchanged
        }
    }
  }
  return out + "\"";
}

void JsonWriter::grow(size_t n) {
  const size_t cap = std::max(cap_ * 2, len_ + n + 256);
  char* bigger = static_cast<char*>(std::realloc(buf_.get(), cap));
  if (!bigger) throw std::bad_alloc();
  (void)buf_.release();  // realloc freed or kept it
  buf_.reset(bigger);
  cap_ = cap;
}

JsonWriter& JsonWriter::key(std::string_view k) {
  separate();
  char* p = room(k.size() + 3);
  *p++ = '"';
  std::memcpy(p, k.data(), k.size());
  p[k.size()] = '"';
  p[k.size() + 1] = ':';
  len_ += k.size() + 3;
  return *this;
}

JsonWriter& JsonWriter::value(std::string_view s) {
  separate();
  if (plain_ascii(s)) {
    char* p = room(s.size() + 2);
    *p = '"';
    std::memcpy(p + 1, s.data(), s.size());
    p[s.size() + 1] = '"';
    len_ += s.size() + 2;
  } else {
    put(json_escape(std::string(s)));
  }
  comma_ = depth_ > 0;
  return *this;
}

template <class Int>
JsonWriter& JsonWriter::integer(Int v) {
  separate();
  char* p = room(24);
  if (v >= 0 && v < 10) {  // most of a step's numbers: offsets, strides, versions, flags
    *p = char('0' + v);
    ++len_;
  } else {
    len_ += size_t(std::to_chars(p, p + 24, v).ptr - p);
  }
  comma_ = depth_ > 0;
  return *this;
}

JsonWriter& JsonWriter::value(int64_t v) { return integer(v); }
JsonWriter& JsonWriter::value(uint64_t v) { return integer(v); }

// Writes a number from its shortest decimal digits: significand × 10^exponent, as %.17g would
// lay them out (fixed notation for decimal exponents -4..16, else 1.5e-07).
JsonWriter& JsonWriter::decimal(bool negative, uint64_t significand, int exponent) {
  separate();
  comma_ = depth_ > 0;
  // at most a sign, 17 digits, a point and 16 zeros ("1e+16" is written 10000000000000000)
  char* const start = room(40);
  char* p = start;
  if (negative) *p++ = '-';
  char digits[20];  // the significand's digits (at most 17)
  const int n = int(std::to_chars(digits, digits + sizeof digits, significand).ptr - digits);
  const int e10 = exponent + n - 1;  // of the first digit
  auto copy = [&p](const char* from, int count) {
    std::memcpy(p, from, size_t(count));
    p += count;
  };
  if (e10 < -4 || e10 > 16) {
    *p++ = digits[0];
    if (n > 1) { *p++ = '.'; copy(digits + 1, n - 1); }
    *p++ = 'e';
    *p++ = e10 < 0 ? '-' : '+';
    if (std::abs(e10) < 10) *p++ = '0';  // two exponent digits, as printf writes them
    p = std::to_chars(p, p + 4, std::abs(e10)).ptr;
  } else if (exponent >= 0) {
    copy(digits, n);
    p = std::fill_n(p, exponent, '0');
  } else if (e10 >= 0) {
    copy(digits, e10 + 1);
    *p++ = '.';
    copy(digits + e10 + 1, n - e10 - 1);
  } else {
    *p++ = '0';
    *p++ = '.';
    p = std::fill_n(p, -e10 - 1, '0');
    copy(digits, n);
  }
  len_ += size_t(p - start);
  return *this;
}

// The shortest decimal that reads back as the same double, by Dragonbox (fmt's implementation:
// ~50 ns, where the snprintf/strtod bisection it replaces took ~2 us natively and ~8 us in
// WebAssembly). Only the digit search is fmt's: its formatting machinery would add ~100 KB to the
// .wasm.
JsonWriter& JsonWriter::value(double v) {
  if (std::isnan(v)) return piece("\"nan\"");
  if (std::isinf(v)) return piece(v > 0 ? "\"inf\"" : "\"-inf\"");
  if (v == 0) return piece(std::signbit(v) ? "-0" : "0");
  const auto dec = fmt::detail::dragonbox::to_decimal(std::fabs(v));
  return decimal(std::signbit(v), dec.significand, dec.exponent);
}

// Note [Float32 cells]: the shortest decimal that reads back as the same float32 (at most 9
// digits where the double's take 17). The page reads it as a double and rounds that to float32
// (Math.fround), which gives back the exact value for every finite float32 but one, written with
// its double's digits: tests/unit/test_json_writer.cpp checks a sample and that one, and
// bench/float32_cells.cpp all 2^32.
JsonWriter& JsonWriter::value(float v) {
  uint32_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  // NaN, the infinities and the zeros are written as the double's. So is the one magnitude whose
  // shortest digits (7.038531e-26) lie so close to the midpoint between it and the next float32
  // that the nearest double is that midpoint, which Math.fround rounds to even, away from it.
  if (!std::isfinite(v) || v == 0 || (bits & 0x7fffffffu) == 0x15ae43fdu) return value(double(v));
  const auto dec = fmt::detail::dragonbox::to_decimal(std::fabs(v));
  return decimal(std::signbit(v), dec.significand, dec.exponent);
}

}  // namespace tp::trace
