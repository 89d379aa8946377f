// The format-spec mini-language as CPython 3.11's Python/formatter_unicode.c implements it:
// parse_internal_render_format_spec, then format_{long,float,string}_internal, with
// calc_number_widths' layout  <lpad><sign><prefix><spad><grouped digits><.><remainder><rpad>.
#include <cmath>
#include <cstdio>
#include <cstring>

#include "core/error.h"
#include "format/py_format.h"

namespace tp::format {

namespace {

struct Spec {
  std::string fill = " ";  // one code point, UTF-8
  bool fill_specified = false;
  char align = 0;  // < > ^ =
  char sign = 0;   // + - space
  bool no_neg_0 = false;
  bool alternate = false;
  int64_t width = -1;
  char grouping = 0;  // ',' or '_'
  int64_t precision = -1;
  char type = 0;
};

bool is_align(char c) { return c == '<' || c == '>' || c == '^' || c == '='; }

// Python's get_integer: digits to a Py_ssize_t, ValueError on overflow.
int64_t read_integer(const std::string& s, size_t& i, bool& consumed) {
  int64_t v = 0;
  consumed = false;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
    if (v > (INT64_MAX - (s[i] - '0')) / 10) throw_value("Too many decimal digits in format string");
    v = v * 10 + (s[i] - '0');
    ++i;
    consumed = true;
  }
  return v;
}

size_t code_point_bytes(unsigned char c) {
  return c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 1;
}

void invalid_grouping(char grouping, char type) {
  char buf[64];
  if (type > 32 && type < 127) std::snprintf(buf, sizeof buf, "Cannot specify '%c' with '%c'.", grouping, type);
  else std::snprintf(buf, sizeof buf, "Cannot specify '%c' with '\\x%x'.", grouping, (unsigned)(unsigned char)type);
  throw_value(buf);
}

Spec parse_spec(const std::string& s, char default_type, char default_align, const std::string& type_name) {
  Spec sp;
  sp.align = default_align;
  sp.type = default_type;
  size_t i = 0;
  const size_t first = s.empty() ? 0 : std::min(code_point_bytes((unsigned char)s[0]), s.size());
  if (s.size() > first && is_align(s[first])) {
    sp.fill = s.substr(0, first);
    sp.align = s[first];
    sp.fill_specified = true;
    i = first + 1;
  } else if (!s.empty() && is_align(s[0])) {
    sp.align = s[0];
    i = 1;
  }
  const bool align_specified = i > 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-' || s[i] == ' ')) sp.sign = s[i++];
  if (i < s.size() && s[i] == 'z') { sp.no_neg_0 = true; ++i; }
  if (i < s.size() && s[i] == '#') { sp.alternate = true; ++i; }
  if (!sp.fill_specified && i < s.size() && s[i] == '0') {  // the 0-padding special case
    sp.fill = "0";
    if (!align_specified && default_align == '>') sp.align = '=';
    ++i;
  }
  bool consumed;
  sp.width = read_integer(s, i, consumed);
  if (!consumed) sp.width = -1;
  if (i < s.size() && s[i] == ',') { sp.grouping = ','; ++i; }
  if (i < s.size() && s[i] == '_') {
    if (sp.grouping) throw_value("Cannot specify both ',' and '_'.");
    sp.grouping = '_';
    ++i;
  }
  if (i < s.size() && s[i] == ',' && sp.grouping == '_') throw_value("Cannot specify both ',' and '_'.");
  if (i < s.size() && s[i] == '.') {
    ++i;
    sp.precision = read_integer(s, i, consumed);
    if (!consumed) throw_value("Format specifier missing precision");
  }
  if (s.size() - i > 1)
    throw_value("Invalid format specifier '" + s + "' for object of type '" + type_name + "'");
  if (i < s.size()) sp.type = s[i];
  if (sp.grouping) {
    switch (sp.type) {
      case 'd': case 'e': case 'f': case 'g': case 'E': case 'G': case '%': case 'F': case 0: break;
      case 'b': case 'o': case 'x': case 'X':
        if (sp.grouping == '_') break;  // every four digits in bin/oct/hex
        invalid_grouping(sp.grouping, sp.type);
        break;
      default: invalid_grouping(sp.grouping, sp.type);
    }
  }
  return sp;
}

[[noreturn]] void unknown_code(char type, const std::string& type_name) {
  char buf[128];
  if (type > 32 && type < 127)
    std::snprintf(buf, sizeof buf, "Unknown format code '%c' for object of type '%s'", type, type_name.c_str());
  else
    std::snprintf(buf, sizeof buf, "Unknown format code '\\x%x' for object of type '%s'", (unsigned)(unsigned char)type,
                  type_name.c_str());
  throw_value(buf);
}

std::string repeat(const std::string& fill, int64_t n) {
  std::string out;
  for (int64_t k = 0; k < n; ++k) out += fill;
  return out;
}

// _PyUnicode_InsertThousandsGrouping: groups `digits` from the right (group 0 = none), padding
// with zeros up to min_width; the zero padding is grouped too ('00,001,234').
std::string group_digits(const std::string& digits, int group, char sep, int64_t min_width) {
  std::string out;  // built right to left
  int64_t remaining = int64_t(digits.size());
  size_t pos = digits.size();
  bool use_sep = false, broken = false;
  auto emit = [&](int64_t len) {
    const int64_t zeros = std::max<int64_t>(0, len - remaining);
    const int64_t chars = std::max<int64_t>(0, std::min(remaining, len));
    if (use_sep) out += sep;
    for (int64_t k = 0; k < chars; ++k) out += digits[--pos];
    out.append(size_t(zeros), '0');
    remaining -= chars;
  };
  if (group > 0) {
    for (;;) {
      const int64_t len = std::min<int64_t>(group, std::max<int64_t>(std::max(remaining, min_width), 1));
      emit(len);
      use_sep = true;
      min_width -= len;
      if (remaining <= 0 && min_width <= 0) { broken = true; break; }
      min_width -= 1;  // the separator
    }
  }
  if (!broken) emit(std::max<int64_t>(std::max(remaining, min_width), 1));
  return std::string(out.rbegin(), out.rend());
}

// What of a number's text is digits (grouped and zero-padded) and what is copied as is.
enum class NumberText { Integer, Float, Char };

// calc_number_widths + fill_number. `number` has no sign. An integer is all digits; a float's
// leading decimal digits are, then '.' and the remainder ("5e+03", "inf"); 'c' is all remainder.
std::string layout_number(const std::string& number, bool negative, const std::string& prefix, const Spec& sp,
                          int group, NumberText kind) {
  size_t n_digits = kind == NumberText::Integer ? number.size() : 0;
  if (kind == NumberText::Float)
    while (n_digits < number.size() && number[n_digits] >= '0' && number[n_digits] <= '9') ++n_digits;
  const std::string digits = number.substr(0, n_digits);
  const std::string rest = number.substr(n_digits);  // decimal point + remainder
  std::string sign;
  if (negative) sign = "-";
  else if (sp.sign == '+') sign = "+";
  else if (sp.sign == ' ') sign = " ";
  const int64_t non_digit = int64_t(sign.size() + prefix.size() + utf8_length(rest));
  const int64_t min_width = (sp.fill == "0" && sp.align == '=') ? sp.width - non_digit : 0;
  const std::string grouped = digits.empty() ? "" : group_digits(digits, group, sp.grouping ? sp.grouping : ',', min_width);
  const int64_t padding = sp.width - (non_digit + int64_t(grouped.size()));
  int64_t lpad = 0, spad = 0, rpad = 0;
  if (padding > 0) {
    switch (sp.align) {
      case '<': rpad = padding; break;
      case '^': lpad = padding / 2; rpad = padding - lpad; break;
      case '=': spad = padding; break;
      default: lpad = padding;
    }
  }
  return repeat(sp.fill, lpad) + sign + prefix + repeat(sp.fill, spad) + grouped + rest + repeat(sp.fill, rpad);
}

int group_size(const Spec& sp) {
  if (!sp.grouping) return 0;
  const bool four = sp.grouping == '_' && (sp.type == 'b' || sp.type == 'o' || sp.type == 'x' || sp.type == 'X');
  return four ? 4 : 3;
}

std::string append_code_point(uint32_t cp) {
  std::string out;
  if (cp < 0x80) out += char(cp);
  else if (cp < 0x800) { out += char(0xC0 | (cp >> 6)); out += char(0x80 | (cp & 0x3F)); }
  else if (cp < 0x10000) {
    out += char(0xE0 | (cp >> 12)); out += char(0x80 | ((cp >> 6) & 0x3F)); out += char(0x80 | (cp & 0x3F));
  } else {
    out += char(0xF0 | (cp >> 18)); out += char(0x80 | ((cp >> 12) & 0x3F));
    out += char(0x80 | ((cp >> 6) & 0x3F)); out += char(0x80 | (cp & 0x3F));
  }
  return out;
}

std::string printf_double(const char* fmt, int precision, double v) {
  std::string out(64, '\0');
  int n = std::snprintf(&out[0], out.size(), fmt, precision, v);
  if (n >= int(out.size())) {
    out.assign(size_t(n) + 1, '\0');
    std::snprintf(&out[0], out.size(), fmt, precision, v);
  }
  out.resize(size_t(n));
  return out;
}

// PyOS_double_to_string's 'g' and 'r' layouts from digits and the exponent of the first digit.
std::string general_layout(std::string digits, int exp10, bool use_exp, bool alternate, bool add_dot_0,
                           size_t min_digits) {
  if (alternate) { if (digits.size() < min_digits) digits.append(min_digits - digits.size(), '0'); }
  else while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  if (use_exp) {
    std::string m = digits.substr(0, 1);
    if (digits.size() > 1 || alternate) m += ".";
    m += digits.substr(1);
    char buf[16];
    std::snprintf(buf, sizeof buf, "e%c%02d", exp10 < 0 ? '-' : '+', std::abs(exp10));
    return m + buf;
  }
  std::string ip, fp;
  if (exp10 < 0) {
    ip = "0";
    fp = std::string(size_t(-exp10 - 1), '0') + digits;
  } else {
    ip = digits.substr(0, std::min(digits.size(), size_t(exp10 + 1)));
    ip.append(size_t(exp10 + 1) - ip.size(), '0');
    fp = digits.size() > size_t(exp10 + 1) ? digits.substr(size_t(exp10 + 1)) : "";
  }
  if (!fp.empty()) return ip + "." + fp;
  if (add_dot_0) return ip + ".0";
  return alternate ? ip + "." : ip;
}

// The body (no sign) of a finite float in the given type; type 0 = no type given.
std::string float_body(double a, char type, int64_t precision, bool alternate) {
  if (type == 0 && precision < 0) {  // repr
    if (a == 0) return "0.0";
    const ShortestDigits d = shortest_digits(a);
    return general_layout(d.digits, d.exp10, d.exp10 < -4 || d.exp10 >= 16, alternate, true, 0);
  }
  int p = int(std::min<int64_t>(precision < 0 ? 6 : precision, 1000000));
  switch (type) {
    case 'f': case 'F': return printf_double(alternate ? "%#.*f" : "%.*f", p, a);
    case 'e': return printf_double(alternate ? "%#.*e" : "%.*e", p, a);
    case 'E': return printf_double(alternate ? "%#.*E" : "%.*E", p, a);
    default: break;  // g, G, n, and no type with a precision
  }
  if (p == 0) p = 1;
  const std::string sci = printf_double("%.*e", p - 1, a);
  const size_t e = sci.find('e');
  std::string digits;
  for (size_t k = 0; k < e; ++k)
    if (sci[k] != '.') digits += sci[k];
  const int exp10 = std::atoi(sci.c_str() + e + 1);
  // With no type, fixed notation needs one digit after the point, so exponents start one earlier.
  const int limit = type == 0 ? p - 1 : p;
  std::string out = general_layout(digits, exp10, exp10 < -4 || exp10 >= limit, alternate, type == 0, size_t(p));
  if (type == 'G')
    for (char& c : out) c = char(std::toupper((unsigned char)c));
  return out;
}

std::string format_float_spec(double v, Spec sp) {
  char type = sp.type;
  if (type == 'n') type = 'g';
  const bool percent = type == '%';
  double x = v;
  if (percent) { type = 'f'; x *= 100; }
  bool negative = std::signbit(x) && !std::isnan(x);
  const double a = std::fabs(x);
  std::string body;
  if (std::isnan(a) || std::isinf(a)) {
    body = std::isnan(a) ? "nan" : "inf";
    if (type == 'E' || type == 'F' || type == 'G')
      for (char& c : body) c = char(std::toupper((unsigned char)c));
  } else {
    body = float_body(a, type, sp.precision, sp.alternate);
    if (sp.no_neg_0 && negative && body.find_first_of("123456789") == std::string::npos) negative = false;
  }
  if (percent) body += "%";
  return layout_number(body, negative, "", sp, group_size(sp), NumberText::Float);
}

std::string format_int_spec(int64_t v, const Spec& sp, const std::string& type_name) {
  switch (sp.type) {
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%': return format_float_spec(double(v), sp);
    case 'b': case 'c': case 'd': case 'o': case 'x': case 'X': case 'n': break;
    default: unknown_code(sp.type, type_name);
  }
  if (sp.precision >= 0) throw_value("Precision not allowed in integer format specifier");
  if (sp.no_neg_0) throw_value("Negative zero coercion (z) not allowed in integer format specifier");
  if (sp.type == 'c') {
    if (sp.sign) throw_value("Sign not allowed with integer format specifier 'c'");
    if (sp.alternate) throw_value("Alternate form (#) not allowed with integer format specifier 'c'");
    if (v < 0 || v > 0x10FFFF) throw TorchError("OverflowError", "%c arg not in range(0x110000)");
    return layout_number(append_code_point(uint32_t(v)), false, "", sp, 0, NumberText::Char);
  }
  const bool negative = v < 0;
  uint64_t a = negative ? uint64_t(0) - uint64_t(v) : uint64_t(v);
  std::string digits, prefix;
  if (sp.type == 'x' || sp.type == 'X' || sp.type == 'o' || sp.type == 'b') {
    const unsigned base = sp.type == 'o' ? 8 : sp.type == 'b' ? 2 : 16;
    const char* alphabet = sp.type == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
    do { digits.insert(digits.begin(), alphabet[a % base]); a /= base; } while (a);
    if (sp.alternate) prefix = sp.type == 'o' ? "0o" : sp.type == 'b' ? "0b" : sp.type == 'X' ? "0X" : "0x";
  } else {
    digits = std::to_string(a);
  }
  return layout_number(digits, negative, prefix, sp, group_size(sp), NumberText::Integer);
}

}  // namespace

std::string py_format_int(int64_t v, const std::string& spec) {
  if (spec.empty()) return std::to_string(v);
  return format_int_spec(v, parse_spec(spec, 'd', '>', "int"), "int");
}

std::string py_format_bool(bool v, const std::string& spec) {
  if (spec.empty()) return v ? "True" : "False";
  return format_int_spec(v ? 1 : 0, parse_spec(spec, 'd', '>', "bool"), "bool");
}

std::string py_format_float(double v, const std::string& spec) {
  if (spec.empty()) return py_float_repr(v);
  const Spec sp = parse_spec(spec, 0, '>', "float");
  if (sp.type && !std::strchr("eEfFgGn%", sp.type)) unknown_code(sp.type, "float");
  return format_float_spec(v, sp);
}

std::string py_format_str(const std::string& s, const std::string& spec) {
  if (spec.empty()) return s;
  const Spec sp = parse_spec(spec, 's', '<', "str");
  if (sp.type && sp.type != 's') unknown_code(sp.type, "str");
  if (sp.sign == ' ') throw_value("Space not allowed in string format specifier");
  if (sp.sign) throw_value("Sign not allowed in string format specifier");
  if (sp.no_neg_0) throw_value("Negative zero coercion (z) not allowed in string format specifier");
  if (sp.alternate) throw_value("Alternate form (#) not allowed in string format specifier");
  if (sp.align == '=') throw_value("'=' alignment not allowed in string format specifier");
  std::string body = s;
  if (sp.precision >= 0 && utf8_length(s) > size_t(sp.precision)) {  // truncate to `precision` code points
    size_t i = 0;
    for (int64_t n = 0; n < sp.precision && i < s.size(); ++n) i += code_point_bytes((unsigned char)s[i]);
    body = s.substr(0, i);
  }
  const int64_t padding = sp.width - int64_t(utf8_length(body));
  if (padding <= 0) return body;
  const int64_t left = sp.align == '>' ? padding : sp.align == '^' ? padding / 2 : 0;
  return repeat(sp.fill, left) + body + repeat(sp.fill, padding - left);
}

}  // namespace tp::format
