// repr(float) via the shortest round-trip digits (snprintf + strtod/strtof only: floating
// std::to_chars is missing under Emscripten 3.1.6), and repr(str) with CPython's quoting.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "core/half.h"
#include "format/py_format.h"

namespace tp::format {

namespace {

bool round_trips(const char* s, double v, Precision prec) {
  if (prec == Precision::Single) return std::strtof(s, nullptr) == float(v);
  // Half: parse to double, then round once to half (numpy's npy_double_to_half).
  if (prec == Precision::Half) return float(Half(std::strtod(s, nullptr))) == float(Half(v));
  return std::strtod(s, nullptr) == v;
}

// "%.{p}e" of v split into its digits and exponent.
ShortestDigits split_sci(const char* buf) {
  ShortestDigits out;
  const char* e = std::strchr(buf, 'e');
  out.exp10 = std::atoi(e + 1);
  for (const char* c = buf; c < e; ++c)
    if (*c >= '0' && *c <= '9') out.digits += *c;
  return out;
}

// The p-digit string one unit above/below `d` in its last place (exponent adjusted on carry).
bool step_digits(ShortestDigits d, int delta, char* buf, size_t size) {
  std::string s = d.digits;
  int i = int(s.size()) - 1;
  if (delta > 0) {
    while (i >= 0 && s[size_t(i)] == '9') s[size_t(i--)] = '0';
    if (i < 0) { s.insert(s.begin(), '1'); s.pop_back(); ++d.exp10; }
    else ++s[size_t(i)];
  } else {
    while (i >= 0 && s[size_t(i)] == '0') s[size_t(i--)] = '9';
    if (i < 0) return false;
    --s[size_t(i)];
    if (s[0] == '0') return false;  // would lose a digit; never the shortest anyway
  }
  std::snprintf(buf, size, "%c.%se%d", s[0], s.c_str() + 1, d.exp10);
  return true;
}

}  // namespace

// Note [Shortest digits]: the correctly rounded p-digit decimal is the nearest one, so it
// round-trips whenever any p-digit decimal does -- except at a power of two, where the gap below
// is half the gap above; the neighbours one unit away cover that case.
ShortestDigits shortest_digits(double v, Precision prec) {
  v = std::fabs(v);
  char buf[64], alt[64];
  for (int p = 0; p < 17; ++p) {
    std::snprintf(buf, sizeof buf, "%.*e", p, v);
    if (round_trips(buf, v, prec)) break;
    ShortestDigits d = split_sci(buf);
    bool found = false;
    for (int delta : {1, -1}) {
      if (step_digits(d, delta, alt, sizeof alt) && round_trips(alt, v, prec)) {
        std::strcpy(buf, alt);
        found = true;
        break;
      }
    }
    if (found) break;
  }
  ShortestDigits out = split_sci(buf);
  while (out.digits.size() > 1 && out.digits.back() == '0') out.digits.pop_back();
  return out;
}

std::string py_float_repr(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  const std::string sign = std::signbit(v) ? "-" : "";
  if (v == 0) return sign + "0.0";
  const ShortestDigits d = shortest_digits(v);
  const int e = d.exp10;
  if (e < -4 || e >= 16) {  // float_repr_style 'r': exponent from 1e16 and below 1e-4
    std::string m = d.digits.substr(0, 1);
    if (d.digits.size() > 1) m += "." + d.digits.substr(1);
    char buf[16];
    std::snprintf(buf, sizeof buf, "e%c%02d", e < 0 ? '-' : '+', std::abs(e));
    return sign + m + buf;
  }
  if (e < 0) return sign + "0." + std::string(size_t(-e - 1), '0') + d.digits;
  std::string ip = d.digits.substr(0, std::min(d.digits.size(), size_t(e + 1)));
  ip.append(size_t(e + 1) - ip.size(), '0');
  const std::string fp = d.digits.size() > size_t(e + 1) ? d.digits.substr(size_t(e + 1)) : "0";
  return sign + ip + "." + fp;
}

size_t utf8_length(const std::string& s) {
  size_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

namespace {

// Decodes one code point at s[i] (advancing i); an invalid byte decodes as itself.
uint32_t next_code_point(const std::string& s, size_t& i) {
  const unsigned char c = (unsigned char)s[i];
  size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
  if (n == 0 || i + n > s.size()) { ++i; return c; }
  uint32_t cp = n == 1 ? c : n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
  for (size_t k = 1; k < n; ++k) cp = (cp << 6) | ((unsigned char)s[i + k] & 0x3F);
  i += n;
  return cp;
}

// str.isprintable() for the code points a learner meets: controls (Cc), format characters (Cf),
// separators other than the ASCII space (Zs/Zl/Zp), surrogates and private use are not printable.
bool printable(uint32_t cp) {
  if (cp < 0x20 || cp == 0x7F) return false;
  if (cp < 0x7F) return true;
  if (cp <= 0xA0 || cp == 0xAD) return false;
  if (cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200F) || (cp >= 0x2028 && cp <= 0x202F)) return false;
  if ((cp >= 0x205F && cp <= 0x206F) || cp == 0x3000 || cp == 0xFEFF) return false;
  if ((cp >= 0xD800 && cp <= 0xF8FF) || (cp >= 0xFFF9 && cp <= 0xFFFB) || cp >= 0xF0000) return false;
  if (cp == 0x061C || cp == 0x180E || (cp >= 0xE0000 && cp <= 0xE007F)) return false;
  return true;
}

void append_utf8(std::string& out, const std::string& s, size_t from, size_t to) { out.append(s, from, to - from); }

}  // namespace

std::string py_str_repr(const std::string& s) {
  const bool has_single = s.find('\'') != std::string::npos, has_double = s.find('"') != std::string::npos;
  const char quote = has_single && !has_double ? '"' : '\'';
  std::string out(1, quote);
  for (size_t i = 0; i < s.size();) {
    const size_t start = i;
    const uint32_t cp = next_code_point(s, i);
    char buf[16];
    if (cp == '\\') out += "\\\\";
    else if (cp == uint32_t(quote)) { out += '\\'; out += quote; }
    else if (cp == '\n') out += "\\n";
    else if (cp == '\r') out += "\\r";
    else if (cp == '\t') out += "\\t";
    else if (printable(cp)) append_utf8(out, s, start, i);
    else {
      if (cp <= 0xFF) std::snprintf(buf, sizeof buf, "\\x%02x", cp);
      else if (cp <= 0xFFFF) std::snprintf(buf, sizeof buf, "\\u%04x", cp);
      else std::snprintf(buf, sizeof buf, "\\U%08x", cp);
      out += buf;
    }
  }
  return out + quote;
}

}  // namespace tp::format
