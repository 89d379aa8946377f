// Python's text conventions: str repr quoting, float repr (shortest round-trip), the format-spec
// mini-language (format(), f-strings, str.format), `%` formatting, and UTF-8 code points.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "core/error.h"
#include "python/args.h"
#include "python/interp_impl.h"
#include "python/library.h"

namespace tp::interp {

std::vector<std::string> utf8_chars(const std::string& s) {
  std::vector<std::string> out;
  for (size_t i = 0; i < s.size();) {
    unsigned char c = (unsigned char)s[i];
    size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 1;
    if (i + n > s.size()) n = 1;
    out.push_back(s.substr(i, n));
    i += n;
  }
  return out;
}

size_t utf8_length(const std::string& s) {
  size_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

std::string py_str_repr(const std::string& s) {
  bool has_single = s.find('\'') != std::string::npos, has_double = s.find('"') != std::string::npos;
  char q = has_single && !has_double ? '"' : '\'';
  std::string out(1, q);
  for (unsigned char c : s) {
    if (c == '\\') out += "\\\\";
    else if (c == (unsigned char)q) { out += '\\'; out += char(c); }
    else if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else if (c == '\t') out += "\\t";
    else if (c < 0x20 || c == 0x7f) {
      char buf[8];
      snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += char(c);
    }
  }
  return out + q;
}

namespace {
// Shortest decimal digits that round-trip, and the decimal exponent of the first digit.
void shortest_digits(double v, std::string& digits, int& exp10) {
  char buf[40];
  for (int p = 0; p <= 17; ++p) {
    snprintf(buf, sizeof buf, "%.*e", p, v);
    if (strtod(buf, nullptr) == v) break;
  }
  char* e = strchr(buf, 'e');
  exp10 = atoi(e + 1);
  digits.clear();
  for (char* c = buf; c < e; ++c)
    if (*c >= '0' && *c <= '9') digits += *c;
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
}

std::string group_digits(const std::string& intpart, char sep) {
  std::string out;
  int n = int(intpart.size());
  for (int i = 0; i < n; ++i) {
    out += intpart[size_t(i)];
    int left = n - 1 - i;
    if (left > 0 && left % 3 == 0) out += sep;
  }
  return out;
}
}  // namespace

std::string float_repr(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  std::string sign = std::signbit(v) ? "-" : "";
  double a = std::fabs(v);
  if (a == 0) return sign + "0.0";
  std::string d;
  int e;
  shortest_digits(a, d, e);
  if (e >= -4 && e < 16) {
    if (e >= 0) {
      std::string ip = d.substr(0, std::min(d.size(), size_t(e + 1)));
      while (int(ip.size()) < e + 1) ip += '0';
      std::string fp = d.size() > size_t(e + 1) ? d.substr(size_t(e + 1)) : "0";
      return sign + ip + "." + fp;
    }
    return sign + "0." + std::string(size_t(-e - 1), '0') + d;
  }
  std::string m = d.substr(0, 1);
  if (d.size() > 1) m += "." + d.substr(1);
  char buf[16];
  snprintf(buf, sizeof buf, "e%c%02d", e < 0 ? '-' : '+', std::abs(e));
  return sign + m + buf;
}

// ---------------------------------------------------------------- format spec mini-language

namespace {
struct Spec {
  char fill = ' ';
  char align = 0;  // < > ^ =
  char sign = '-';
  bool alternate = false;
  bool zero = false;
  int width = -1;
  char grouping = 0;
  int precision = -1;
  char type = 0;
};

// A width or precision that would build more than the playground's string limit is refused while
// the spec is read, before a byte is allocated ('{:>1000000000}'.format('x') asked for 1 GB).
constexpr int kMaxFormatWidth = 64 << 20;

int format_number(const std::string& digits) {
  int64_t v = 0;
  for (char c : digits) {
    v = v * 10 + (c - '0');
    if (v > kMaxFormatWidth)
      throw TorchError("MemoryError", "the program built a string of more than " + std::to_string(kMaxFormatWidth >> 20) +
                                          " MiB (the playground's limit)");
  }
  return int(v);
}

Spec parse_spec(const std::string& s) {
  Spec sp;
  size_t i = 0, n = s.size();
  auto is_align = [](char c) { return c == '<' || c == '>' || c == '^' || c == '='; };
  if (n >= 2 && is_align(s[1])) {
    sp.fill = s[0];
    sp.align = s[1];
    i = 2;
  } else if (n >= 1 && is_align(s[0])) {
    sp.align = s[0];
    i = 1;
  }
  if (i < n && (s[i] == '+' || s[i] == '-' || s[i] == ' ')) sp.sign = s[i++];
  if (i < n && s[i] == 'z') ++i;
  if (i < n && s[i] == '#') { sp.alternate = true; ++i; }
  if (i < n && s[i] == '0') {
    sp.zero = true;
    ++i;
  }
  size_t w = i;
  while (i < n && isdigit((unsigned char)s[i])) ++i;
  if (i > w) sp.width = format_number(s.substr(w, i - w));
  if (i < n && (s[i] == ',' || s[i] == '_')) sp.grouping = s[i++];
  if (i < n && s[i] == '.') {
    ++i;
    size_t p = i;
    while (i < n && isdigit((unsigned char)s[i])) ++i;
    if (i == p) throw TorchError("ValueError", "Format specifier missing precision");
    sp.precision = format_number(s.substr(p, i - p));
  }
  if (i < n) sp.type = s[i++];
  if (i < n) throw TorchError("ValueError", "Invalid format specifier '" + s + "' for object of type 'float'");
  if (sp.zero && !sp.align) {
    sp.fill = '0';
    sp.align = '=';
  }
  return sp;
}

std::string pad(const std::string& body, const std::string& sign_prefix, const Spec& sp, char default_align) {
  char align = sp.align ? sp.align : default_align;
  size_t len = utf8_length(body) + sign_prefix.size();
  if (sp.width < 0 || len >= size_t(sp.width)) return sign_prefix + body;
  size_t padn = size_t(sp.width) - len;
  std::string f(1, sp.fill);
  auto rep = [&](size_t k) {
    std::string o;
    for (size_t i = 0; i < k; ++i) o += f;
    return o;
  };
  switch (align) {
    case '<': return sign_prefix + body + rep(padn);
    case '^': return rep(padn / 2) + sign_prefix + body + rep(padn - padn / 2);
    case '=': return sign_prefix + rep(padn) + body;
    default: return rep(padn) + sign_prefix + body;
  }
}

std::string sign_of(bool negative, char sign) {
  if (negative) return "-";
  if (sign == '+') return "+";
  if (sign == ' ') return " ";
  return "";
}

std::string format_float(double v, const Spec& sp_in, bool from_int) {
  Spec sp = sp_in;
  char type = sp.type;
  bool negative = std::signbit(v) && !std::isnan(v);
  double a = std::fabs(v);
  std::string body;
  if (std::isnan(a) || std::isinf(a)) {
    body = std::isnan(a) ? "nan" : "inf";
    if (type == 'E' || type == 'F' || type == 'G') body = std::isnan(a) ? "NAN" : "INF";
    if (type == '%') body += "%";
  } else if (type == 0 && sp.precision < 0) {
    body = from_int ? std::to_string(int64_t(a)) : float_repr(a);
  } else {
    char buf[512];
    int prec = sp.precision < 0 ? 6 : sp.precision;
    char t = type == 0 ? 'g' : type == 'n' ? 'g' : type;
    double x = a;
    if (t == '%') { x *= 100; t = 'f'; }
    if (t == 'g' || t == 'G') {
      if (prec == 0) prec = 1;
      snprintf(buf, sizeof buf, sp.alternate ? "%#.*g" : "%.*g", prec, x);
      body = buf;
      if (t == 'G') for (auto& c : body) c = char(toupper(c));
      if (type == 0 && body.find_first_of(".eEn") == std::string::npos) body += ".0";
    } else {
      char fmt[8] = {'%', '.', '*', t, 0};
      if (t == 'F') fmt[3] = 'F';
      snprintf(buf, sizeof buf, fmt, prec, x);
      body = buf;
    }
    if (type == '%') body += "%";
  }
  if (sp.grouping) {
    size_t end = body.find_first_not_of("0123456789");
    if (end == std::string::npos) end = body.size();
    body = group_digits(body.substr(0, end), sp.grouping) + body.substr(end);
  }
  return pad(body, sign_of(negative, sp.sign), sp, '>');
}

std::string format_int(int64_t v, const Spec& sp) {
  char type = sp.type;
  if (type == 'e' || type == 'E' || type == 'f' || type == 'F' || type == 'g' || type == 'G' || type == '%')
    return format_float(double(v), sp, false);
  if (sp.precision >= 0) throw TorchError("ValueError", "Precision not allowed in integer format specifier");
  bool negative = v < 0;
  uint64_t a = negative ? uint64_t(0) - uint64_t(v) : uint64_t(v);
  std::string body, prefix;
  if (type == 0 || type == 'd' || type == 'n') {
    body = std::to_string(a);
    if (sp.grouping) body = group_digits(body, sp.grouping);
  } else if (type == 'x' || type == 'X' || type == 'o' || type == 'b') {
    int base = type == 'o' ? 8 : type == 'b' ? 2 : 16;
    const char* digits = type == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
    do { body.insert(body.begin(), digits[a % uint64_t(base)]); a /= uint64_t(base); } while (a);
    if (sp.alternate) prefix = type == 'o' ? "0o" : type == 'b' ? "0b" : type == 'X' ? "0X" : "0x";
  } else if (type == 'c') {
    body = std::string(1, char(a));
  } else {
    throw TorchError("ValueError", std::string("Unknown format code '") + type + "' for object of type 'int'");
  }
  return pad(body, sign_of(negative, sp.sign) + prefix, sp, '>');
}
}  // namespace

std::string format_with_spec(Interpreter& in, const ObjPtr& v, const std::string& spec) {
  // Tensor.__format__ (torch/_tensor.py): a 0-dim plain Tensor (not a Parameter) formats its item(),
  // even with an empty spec, so f"{loss}" prints 0.5 rather than tensor(0.5000); numpy's 0-d arrays too.
  if (v->kind == Kind::Tensor || v->kind == Kind::NdArray) {
    const Tensor& t = v->kind == Kind::Tensor ? static_cast<TensorObj&>(*v).tensor : static_cast<NdArrayObj&>(*v).array;
    ObjPtr num;
    bool plain = v->kind == Kind::NdArray || !t.impl()->is_parameter;
    if (plain && t.dim() == 0 && lib::to_number(in, v, num)) return format_with_spec(in, num, spec);
  }
  if (spec.empty()) return in.str(v);
  switch (v->kind) {
    case Kind::Str: {
      Spec sp = parse_spec(spec);
      if (sp.type && sp.type != 's')
        throw TorchError("ValueError", std::string("Unknown format code '") + sp.type + "' for object of type 'str'");
      if (sp.sign != '-') throw TorchError("ValueError", "Sign not allowed in string format specifier");
      std::string s = static_cast<StrObj&>(*v).value;
      if (sp.precision >= 0) {
        auto chars = utf8_chars(s);
        if (chars.size() > size_t(sp.precision)) {
          s.clear();
          for (int i = 0; i < sp.precision; ++i) s += chars[size_t(i)];
        }
      }
      return pad(s, "", sp, '<');
    }
    case Kind::Int: case Kind::Bool:
      return format_int(v->kind == Kind::Int ? static_cast<IntObj&>(*v).value : static_cast<BoolObj&>(*v).value,
                        parse_spec(spec));
    case Kind::Float: {
      Spec sp = parse_spec(spec);
      if (sp.type && !strchr("eEfFgGn%", sp.type))
        throw TorchError("ValueError", std::string("Unknown format code '") + sp.type + "' for object of type 'float'");
      return format_float(static_cast<FloatObj&>(*v).value, sp, false);
    }
    case Kind::Tensor: case Kind::NdArray: {
      const Tensor& t = v->kind == Kind::Tensor ? static_cast<TensorObj&>(*v).tensor : static_cast<NdArrayObj&>(*v).array;
      (void)t;
      throw TorchError("TypeError", "unsupported format string passed to " + in.type_name(v) + ".__format__");
    }
    default:
      throw TorchError("TypeError", "unsupported format string passed to " + in.type_name(v) + ".__format__");
  }
}

// ---------------------------------------------------------------- % formatting

std::string percent_format(Interpreter& in, const std::string& fmt, const ObjPtr& args) {
  std::vector<ObjPtr> values;
  bool is_tuple = args->kind == Kind::Tuple;
  if (is_tuple) values = static_cast<TupleObj&>(*args).items;
  else values = {args};
  size_t next = 0;
  bool used_mapping = false;
  std::string out;
  for (size_t i = 0; i < fmt.size(); ++i) {
    char c = fmt[i];
    if (c != '%') { out += c; continue; }
    if (++i >= fmt.size()) throw TorchError("ValueError", "incomplete format");
    ObjPtr named;
    if (fmt[i] == '(') {
      size_t close = fmt.find(')', i);
      if (close == std::string::npos) throw TorchError("ValueError", "incomplete format key");
      if (args->kind != Kind::Dict) throw TorchError("TypeError", "format requires a mapping");
      named = in.getitem(args, in.make_str(fmt.substr(i + 1, close - i - 1)));
      used_mapping = true;
      i = close + 1;
    }
    Spec sp;
    bool left = false;
    while (i < fmt.size() && strchr("-+ #0", fmt[i])) {
      if (fmt[i] == '-') left = true;
      else if (fmt[i] == '+') sp.sign = '+';
      else if (fmt[i] == ' ') sp.sign = ' ';
      else if (fmt[i] == '#') sp.alternate = true;
      else sp.zero = true;
      ++i;
    }
    auto take_value = [&]() -> ObjPtr {
      if (named) return named;
      if (next >= values.size()) throw TorchError("TypeError", "not enough arguments for format string");
      return values[next++];
    };
    auto digits = [&] {
      size_t start = i;
      while (i < fmt.size() && isdigit((unsigned char)fmt[i])) ++i;
      return fmt.substr(start, i - start);
    };
    if (i < fmt.size() && fmt[i] == '*') {
      int64_t w = to_int(in, take_value());
      sp.width = w > 0 ? format_number(std::to_string(w)) : int(std::max<int64_t>(w, -1));
      ++i;
    }
    if (std::string d = digits(); !d.empty()) sp.width = format_number(d);
    if (i < fmt.size() && fmt[i] == '.') {
      ++i;
      sp.precision = format_number("0" + digits());
    }
    if (i >= fmt.size()) throw TorchError("ValueError", "incomplete format");
    char t = fmt[i];
    if (t == '%') { out += '%'; continue; }
    ObjPtr v = take_value();
    if (left) sp.align = '<';
    else if (sp.zero && t != 's' && t != 'r') { sp.fill = '0'; sp.align = '='; }
    std::string piece;
    switch (t) {
      case 's': case 'r': case 'a': {
        std::string s = t == 's' ? in.str(v) : in.repr(v);
        if (sp.precision >= 0 && s.size() > size_t(sp.precision)) s = s.substr(0, size_t(sp.precision));
        piece = pad(s, "", sp, '>');
        break;
      }
      case 'd': case 'i': case 'u': {
        Spec s2 = sp;
        s2.precision = -1;
        ObjPtr num = v;
        if (v->kind == Kind::Float) num = in.make_int(int64_t(static_cast<FloatObj&>(*v).value));
        else if (!is_number(v)) {
          ObjPtr n2;
          if (!lib::to_number(in, v, n2))
            throw TorchError("TypeError", "%" + std::string(1, t) + " format: a real number is required, not " + in.type_name(v));
          num = n2->kind == Kind::Float ? in.make_int(int64_t(static_cast<FloatObj&>(*n2).value)) : n2;
        }
        piece = format_int(to_int(in, num), s2);
        break;
      }
      case 'x': case 'X': case 'o': {
        Spec s2 = sp;
        s2.type = t;
        piece = format_int(to_int(in, v), s2);
        break;
      }
      case 'c': piece = v->kind == Kind::Str ? in.str(v) : std::string(1, char(to_int(in, v))); break;
      case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': {
        Spec s2 = sp;
        s2.type = t;
        if (s2.precision < 0) s2.precision = 6;
        ObjPtr num = v;
        if (!is_number(v)) {
          if (!lib::to_number(in, v, num))
            throw TorchError("TypeError", "must be real number, not " + in.type_name(v));
        }
        piece = format_float(to_double(in, num), s2, false);
        break;
      }
      default:
        throw TorchError("ValueError", std::string("unsupported format character '") + t + "' (0x" +
                                           [&] { char b[8]; snprintf(b, sizeof b, "%x", unsigned(t)); return std::string(b); }() +
                                           ") at index " + std::to_string(i));
    }
    out += piece;
  }
  if (!used_mapping && next < values.size() && args->kind != Kind::Dict)
    throw TorchError("TypeError", "not all arguments converted during string formatting");
  return out;
}

}  // namespace tp::interp
