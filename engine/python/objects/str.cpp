// Methods of str: format, join, split, strip, replace, startswith, find, upper/lower ... as
// native functions taking the string as args[0] (bound by Impl::builtin_method).
#include <algorithm>
#include <cstring>
#include <unordered_map>

#include "core/error.h"
#include "python/args.h"
#include "python/interp_impl.h"
#include "python/objects/methods.h"

namespace tp::interp {

namespace {
const std::string& self_str(CallArgs& a) { return static_cast<StrObj&>(*a.args[0]).value; }

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

std::vector<std::string> split_ws(const std::string& s, int64_t maxsplit) {
  std::vector<std::string> out;
  size_t i = 0, n = s.size();
  while (true) {
    while (i < n && is_space(s[i])) ++i;
    if (i >= n) break;
    if (maxsplit >= 0 && int64_t(out.size()) == maxsplit) {
      size_t e = n;
      while (e > i && is_space(s[e - 1])) --e;
      out.push_back(s.substr(i, e - i));
      break;
    }
    size_t j = i;
    while (j < n && !is_space(s[j])) ++j;
    out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

std::string strip_chars(const std::string& s, const ObjPtr& chars, bool left, bool right) {
  std::string set = is_none(chars) ? std::string(" \t\n\r\f\v") : static_cast<StrObj&>(*chars).value;
  size_t a = 0, b = s.size();
  if (left) while (a < b && set.find(s[a]) != std::string::npos) ++a;
  if (right) while (b > a && set.find(s[b - 1]) != std::string::npos) --b;
  return s.substr(a, b - a);
}

// str.format: {} {0} {name} {0.attr} {0[key]} {!r} {:spec} with nested {} inside the spec.
std::string str_format(Interpreter& in, const std::string& fmt, CallArgs& a, size_t first_arg) {
  std::string out;
  size_t auto_index = 0;
  bool used_auto = false, used_manual = false;
  for (size_t i = 0; i < fmt.size(); ++i) {
    char c = fmt[i];
    if (c == '{' && i + 1 < fmt.size() && fmt[i + 1] == '{') { out += '{'; ++i; continue; }
    if (c == '}' && i + 1 < fmt.size() && fmt[i + 1] == '}') { out += '}'; ++i; continue; }
    if (c == '}') throw TorchError("ValueError", "Single '}' encountered in format string");
    if (c != '{') { out += c; continue; }
    size_t depth = 1, j = i + 1;
    for (; j < fmt.size(); ++j) {
      if (fmt[j] == '{') ++depth;
      else if (fmt[j] == '}' && --depth == 0) break;
    }
    if (j >= fmt.size()) throw TorchError("ValueError", "expected '}' before end of string");
    std::string field = fmt.substr(i + 1, j - i - 1);
    i = j;
    std::string spec;
    char conv = 0;
    size_t colon = std::string::npos, bang = std::string::npos;
    int br = 0;
    for (size_t k = 0; k < field.size(); ++k) {
      if (field[k] == '[') ++br;
      else if (field[k] == ']') --br;
      else if (br == 0 && field[k] == '!' && bang == std::string::npos && colon == std::string::npos) bang = k;
      else if (br == 0 && field[k] == ':') { colon = k; break; }
    }
    if (colon != std::string::npos) spec = field.substr(colon + 1);
    std::string name = field.substr(0, std::min(bang, colon));
    if (bang != std::string::npos) {
      if (bang + 1 >= field.size()) throw TorchError("ValueError", "end of string while looking for conversion specifier");
      conv = field[bang + 1];
    }
    // The head of the field name picks the argument; .attr and [key] follow.
    size_t k = 0;
    while (k < name.size() && name[k] != '.' && name[k] != '[') ++k;
    std::string head = name.substr(0, k);
    ObjPtr v;
    if (head.empty()) {
      if (used_manual) throw TorchError("ValueError", "cannot switch from manual field specification to automatic field numbering");
      used_auto = true;
      size_t idx = first_arg + auto_index++;
      if (idx >= a.args.size())
        throw TorchError("IndexError", "Replacement index " + std::to_string(idx - first_arg) + " out of range for positional args tuple");
      v = a.args[idx];
    } else if (std::all_of(head.begin(), head.end(), ::isdigit)) {
      if (used_auto) throw TorchError("ValueError", "cannot switch from automatic field numbering to manual field specification");
      used_manual = true;
      size_t idx = first_arg + size_t(std::stoul(head));
      if (idx >= a.args.size())
        throw TorchError("IndexError", "Replacement index " + head + " out of range for positional args tuple");
      v = a.args[idx];
    } else {
      for (auto& kv : a.kwargs)
        if (kv.first == head) v = kv.second;
      if (!v) {
        PyException e = in.impl().make_error("KeyError", py_str_repr(head));
        e.exc->args = {in.make_str(head)};
        throw e;
      }
    }
    while (k < name.size()) {
      if (name[k] == '.') {
        size_t e = k + 1;
        while (e < name.size() && name[e] != '.' && name[e] != '[') ++e;
        v = in.getattr(v, name.substr(k + 1, e - k - 1));
        k = e;
      } else {
        size_t e = name.find(']', k);
        std::string key = name.substr(k + 1, e - k - 1);
        ObjPtr kobj = !key.empty() && std::all_of(key.begin(), key.end(), ::isdigit) ? in.make_int(std::stoll(key)) : in.make_str(key);
        v = in.getitem(v, kobj);
        k = e + 1;
      }
    }
    if (spec.find('{') != std::string::npos) spec = str_format(in, spec, a, first_arg);
    if (conv == 'r' || conv == 'a') v = in.make_str(in.repr(v));
    else if (conv == 's') v = in.make_str(in.str(v));
    else if (conv) throw TorchError("ValueError", std::string("Unknown conversion specifier ") + conv);
    out += format_with_spec(in, v, spec);
  }
  return out;
}

// Case mapping for ASCII and the common alphabets (Latin-1, Latin Extended-A, Greek, Cyrillic).
uint32_t map_codepoint(uint32_t c, bool upper) {
  if (c < 0x80) return uint32_t(upper ? toupper(int(c)) : tolower(int(c)));
  if (upper) {
    if (c >= 0xE0 && c <= 0xFE && c != 0xF7) return c - 0x20;
    if (c >= 0x100 && c <= 0x17F && c != 0x130 && c != 0x131 && c != 0x138 && c != 0x149 && c != 0x17F)
      return (c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E) ? (c % 2 == 0 ? c - 1 : c) : (c % 2 == 1 ? c - 1 : c);
    if (c >= 0x3B1 && c <= 0x3C9) return c == 0x3C2 ? 0x3A3 : c - 0x20;
    if (c >= 0x430 && c <= 0x44F) return c - 0x20;
    if (c >= 0x450 && c <= 0x45F) return c - 0x50;
  } else {
    if (c >= 0xC0 && c <= 0xDE && c != 0xD7) return c + 0x20;
    if (c >= 0x100 && c <= 0x17F && c != 0x130 && c != 0x131 && c != 0x138 && c != 0x149 && c != 0x17F)
      return (c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E) ? (c % 2 == 1 ? c + 1 : c) : (c % 2 == 0 ? c + 1 : c);
    if (c >= 0x391 && c <= 0x3A9 && c != 0x3A2) return c + 0x20;
    if (c >= 0x410 && c <= 0x42F) return c + 0x20;
    if (c >= 0x400 && c <= 0x40F) return c + 0x50;
  }
  return c;
}

std::string map_case(const std::string& s, bool upper) {
  std::string out;
  for (const std::string& ch : utf8_chars(s)) {
    unsigned char b = (unsigned char)ch[0];
    if (ch.size() == 1) { out += char(upper ? toupper(b) : tolower(b)); continue; }
    if (ch.size() != 2) { out += ch; continue; }
    uint32_t c = ((b & 0x1Fu) << 6) | ((unsigned char)ch[1] & 0x3Fu);
    uint32_t m = map_codepoint(c, upper);
    out += char(0xC0 | (m >> 6));
    out += char(0x80 | (m & 0x3F));
  }
  return out;
}

using Fn = NativeFn;
}  // namespace

const std::unordered_map<std::string, NativeFn>& str_methods() {
  static const std::unordered_map<std::string, Fn> m = {
      {"format", [](Interpreter& in, CallArgs& a) { return in.make_str(str_format(in, self_str(a), a, 1)); }},
      {"join", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         ArgParser p(in, "join", a);
         ObjPtr seq = p.required("iterable", 1);
         std::string out;
         size_t i = 0;
         for (auto& x : in.iterate(seq)) {
           if (x->kind != Kind::Str)
             throw TorchError("TypeError", "sequence item " + std::to_string(i) + ": expected str instance, " + in.type_name(x) + " found");
           if (i++) out += self_str(a);
           out += static_cast<StrObj&>(*x).value;
         }
         in.impl().charge_str(double(out.size()));
         return in.make_str(out);
       }},
      {"split", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         ArgParser p(in, "split", a);
         ObjPtr sep = p.get("sep", 1), maxs = p.get("maxsplit", 2);
         p.finish();
         int64_t maxsplit = is_none(maxs) ? -1 : to_int(in, maxs);
         const std::string& s = self_str(a);
         std::vector<std::string> parts;
         if (is_none(sep)) {
           parts = split_ws(s, maxsplit);
         } else {
           std::string d = to_str(in, sep);
           if (d.empty()) throw TorchError("ValueError", "empty separator");
           size_t pos = 0;
           while (true) {
             size_t f = s.find(d, pos);
             if (f == std::string::npos || (maxsplit >= 0 && int64_t(parts.size()) >= maxsplit)) {
               parts.push_back(s.substr(pos));
               break;
             }
             parts.push_back(s.substr(pos, f - pos));
             pos = f + d.size();
           }
         }
         std::vector<ObjPtr> out;
         for (auto& x : parts) out.push_back(in.make_str(x));
         return in.make_list(std::move(out));
       }},
      {"rsplit", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         ArgParser p(in, "rsplit", a);
         ObjPtr sep = p.get("sep", 1), maxs = p.get("maxsplit", 2);
         p.finish();
         int64_t maxsplit = is_none(maxs) ? -1 : to_int(in, maxs);
         const std::string& s = self_str(a);
         if (is_none(sep) || maxsplit < 0) {
           CallArgs b = a;
           return in.call(in.getattr(a.args[0], "split"), CallArgs{{sep ? sep : in.none(), in.make_int(maxsplit)}, {}});
         }
         std::string d = to_str(in, sep);
         std::vector<std::string> parts;
         size_t end = s.size();
         while (true) {
           size_t f = end >= d.size() ? s.rfind(d, end - d.size()) : std::string::npos;
           if (f == std::string::npos || int64_t(parts.size()) >= maxsplit) {
             parts.push_back(s.substr(0, end));
             break;
           }
           parts.push_back(s.substr(f + d.size(), end - f - d.size()));
           end = f;
         }
         std::reverse(parts.begin(), parts.end());
         std::vector<ObjPtr> out;
         for (auto& x : parts) out.push_back(in.make_str(x));
         return in.make_list(std::move(out));
       }},
      {"splitlines", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         std::vector<ObjPtr> out;
         const std::string& s = self_str(a);
         size_t start = 0;
         for (size_t i = 0; i < s.size(); ++i) {
           if (s[i] == '\n' || s[i] == '\r') {
             out.push_back(in.make_str(s.substr(start, i - start)));
             if (s[i] == '\r' && i + 1 < s.size() && s[i + 1] == '\n') ++i;
             start = i + 1;
           }
         }
         if (start < s.size()) out.push_back(in.make_str(s.substr(start)));
         return in.make_list(std::move(out));
       }},
      {"strip", [](Interpreter& in, CallArgs& a) { return in.make_str(strip_chars(self_str(a), a.args.size() > 1 ? a.args[1] : nullptr, true, true)); }},
      {"lstrip", [](Interpreter& in, CallArgs& a) { return in.make_str(strip_chars(self_str(a), a.args.size() > 1 ? a.args[1] : nullptr, true, false)); }},
      {"rstrip", [](Interpreter& in, CallArgs& a) { return in.make_str(strip_chars(self_str(a), a.args.size() > 1 ? a.args[1] : nullptr, false, true)); }},
      {"upper", [](Interpreter& in, CallArgs& a) { return in.make_str(map_case(self_str(a), true)); }},
      {"lower", [](Interpreter& in, CallArgs& a) { return in.make_str(map_case(self_str(a), false)); }},
      {"swapcase", [](Interpreter& in, CallArgs& a) { std::string s = self_str(a); for (auto& c : s) c = char(isupper(c) ? tolower(c) : toupper(c)); return in.make_str(s); }},
      {"capitalize", [](Interpreter& in, CallArgs& a) {
         std::string s = self_str(a);
         for (size_t i = 0; i < s.size(); ++i) s[i] = char(i == 0 ? toupper(s[i]) : tolower(s[i]));
         return in.make_str(s);
       }},
      {"title", [](Interpreter& in, CallArgs& a) {
         std::string s = self_str(a);
         bool prev_alpha = false;
         for (auto& c : s) {
           bool al = isalpha((unsigned char)c);
           c = char(al ? (prev_alpha ? tolower(c) : toupper(c)) : c);
           prev_alpha = al;
         }
         return in.make_str(s);
       }},
      {"replace", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         ArgParser p(in, "replace", a);
         std::string from = to_str(in, p.required("old", 1)), to = to_str(in, p.required("new", 2));
         ObjPtr cnt = p.get("count", 3);
         int64_t count = is_none(cnt) ? -1 : to_int(in, cnt);
         std::string s = self_str(a), out;
         if (from.empty()) {
           auto chars = utf8_chars(s);
           int64_t done = 0;
           for (auto& ch : chars) {
             if (count < 0 || done < count) { out += to; ++done; }
             out += ch;
           }
           if (count < 0 || done < count) out += to;
           return in.make_str(out);
         }
         size_t pos = 0;
         int64_t done = 0;
         while (true) {
           size_t f = s.find(from, pos);
           if (f == std::string::npos || (count >= 0 && done >= count)) { out += s.substr(pos); break; }
           out += s.substr(pos, f - pos) + to;
           pos = f + from.size();
           ++done;
         }
         return in.make_str(out);
       }},
      {"startswith", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         ArgParser p(in, "startswith", a);
         ObjPtr pre = p.required("prefix", 1);
         const std::string& s = self_str(a);
         auto one = [&](const ObjPtr& x) {
           if (x->kind != Kind::Str)
             throw TorchError("TypeError", "startswith first arg must be str or a tuple of str, not " + in.type_name(x));
           return s.rfind(static_cast<StrObj&>(*x).value, 0) == 0;
         };
         if (pre->kind == Kind::Tuple) {
           for (auto& x : static_cast<TupleObj&>(*pre).items) if (one(x)) return in.make_bool(true);
           return in.make_bool(false);
         }
         return in.make_bool(one(pre));
       }},
      {"endswith", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         ArgParser p(in, "endswith", a);
         ObjPtr suf = p.required("suffix", 1);
         const std::string& s = self_str(a);
         auto one = [&](const ObjPtr& x) {
           if (x->kind != Kind::Str)
             throw TorchError("TypeError", "endswith first arg must be str or a tuple of str, not " + in.type_name(x));
           const std::string& t = static_cast<StrObj&>(*x).value;
           return t.size() <= s.size() && s.compare(s.size() - t.size(), t.size(), t) == 0;
         };
         if (suf->kind == Kind::Tuple) {
           for (auto& x : static_cast<TupleObj&>(*suf).items) if (one(x)) return in.make_bool(true);
           return in.make_bool(false);
         }
         return in.make_bool(one(suf));
       }},
      {"find", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         ArgParser p(in, "find", a);
         size_t f = self_str(a).find(to_str(in, p.required("sub", 1)));
         return in.make_int(f == std::string::npos ? -1 : int64_t(utf8_length(self_str(a).substr(0, f))));
       }},
      {"rfind", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         ArgParser p(in, "rfind", a);
         size_t f = self_str(a).rfind(to_str(in, p.required("sub", 1)));
         return in.make_int(f == std::string::npos ? -1 : int64_t(utf8_length(self_str(a).substr(0, f))));
       }},
      {"index", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         ArgParser p(in, "index", a);
         size_t f = self_str(a).find(to_str(in, p.required("sub", 1)));
         if (f == std::string::npos) throw TorchError("ValueError", "substring not found");
         return in.make_int(int64_t(utf8_length(self_str(a).substr(0, f))));
       }},
      {"count", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         ArgParser p(in, "count", a);
         std::string sub = to_str(in, p.required("sub", 1));
         const std::string& s = self_str(a);
         if (sub.empty()) return in.make_int(int64_t(utf8_length(s)) + 1);
         int64_t n = 0;
         for (size_t pos = s.find(sub); pos != std::string::npos; pos = s.find(sub, pos + sub.size())) ++n;
         return in.make_int(n);
       }},
      {"isdigit", [](Interpreter& in, CallArgs& a) { auto& s = self_str(a); return in.make_bool(!s.empty() && std::all_of(s.begin(), s.end(), ::isdigit)); }},
      {"isnumeric", [](Interpreter& in, CallArgs& a) { auto& s = self_str(a); return in.make_bool(!s.empty() && std::all_of(s.begin(), s.end(), ::isdigit)); }},
      {"isdecimal", [](Interpreter& in, CallArgs& a) { auto& s = self_str(a); return in.make_bool(!s.empty() && std::all_of(s.begin(), s.end(), ::isdigit)); }},
      {"isalpha", [](Interpreter& in, CallArgs& a) { auto& s = self_str(a); return in.make_bool(!s.empty() && std::all_of(s.begin(), s.end(), ::isalpha)); }},
      {"isalnum", [](Interpreter& in, CallArgs& a) { auto& s = self_str(a); return in.make_bool(!s.empty() && std::all_of(s.begin(), s.end(), ::isalnum)); }},
      {"isspace", [](Interpreter& in, CallArgs& a) { auto& s = self_str(a); return in.make_bool(!s.empty() && std::all_of(s.begin(), s.end(), is_space)); }},
      {"isupper", [](Interpreter& in, CallArgs& a) {
         auto& s = self_str(a);
         bool any = std::any_of(s.begin(), s.end(), ::isalpha);
         return in.make_bool(any && std::none_of(s.begin(), s.end(), ::islower));
       }},
      {"islower", [](Interpreter& in, CallArgs& a) {
         auto& s = self_str(a);
         bool any = std::any_of(s.begin(), s.end(), ::isalpha);
         return in.make_bool(any && std::none_of(s.begin(), s.end(), ::isupper));
       }},
      {"isidentifier", [](Interpreter& in, CallArgs& a) {
         auto& s = self_str(a);
         bool ok = !s.empty() && !isdigit((unsigned char)s[0]) &&
                   std::all_of(s.begin(), s.end(), [](char c) { return isalnum((unsigned char)c) || c == '_' || (unsigned char)c >= 0x80; });
         return in.make_bool(ok);
       }},
      {"center", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         ArgParser p(in, "center", a);
         int64_t w = to_int(in, p.required("width", 1));
         in.impl().charge_str(double(w));  // before building: a width of 10**9 is refused, not allocated
         ObjPtr f = p.get("fillchar", 2);
         std::string fill = is_none(f) ? " " : to_str(in, f);
         std::string s = self_str(a);
         int64_t n = int64_t(utf8_length(s));
         if (w <= n) return in.make_str(s);
         int64_t total = w - n, left = total / 2 + (total & w & 1);
         std::string out;
         for (int64_t i = 0; i < left; ++i) out += fill;
         out += s;
         for (int64_t i = 0; i < total - left; ++i) out += fill;
         return in.make_str(out);
       }},
      {"ljust", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         ArgParser p(in, "ljust", a);
         int64_t w = to_int(in, p.required("width", 1));
         in.impl().charge_str(double(w));  // before building: a width of 10**9 is refused, not allocated
         ObjPtr f = p.get("fillchar", 2);
         std::string fill = is_none(f) ? " " : to_str(in, f), s = self_str(a);
         for (int64_t n = int64_t(utf8_length(s)); n < w; ++n) s += fill;
         return in.make_str(s);
       }},
      {"rjust", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         ArgParser p(in, "rjust", a);
         int64_t w = to_int(in, p.required("width", 1));
         in.impl().charge_str(double(w));  // before building: a width of 10**9 is refused, not allocated
         ObjPtr f = p.get("fillchar", 2);
         std::string fill = is_none(f) ? " " : to_str(in, f), s = self_str(a), pre;
         for (int64_t n = int64_t(utf8_length(s)); n < w; ++n) pre += fill;
         return in.make_str(pre + s);
       }},
      {"zfill", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         ArgParser p(in, "zfill", a);
         int64_t w = to_int(in, p.required("width", 1));
         std::string s = self_str(a);
         std::string sign;
         if (!s.empty() && (s[0] == '-' || s[0] == '+')) { sign = s.substr(0, 1); s = s.substr(1); }
         int64_t zeros = w - int64_t(s.size() + sign.size());
         if (zeros <= 0) return in.make_str(sign + s);
         in.impl().charge_str(double(w));
         return in.make_str(sign + std::string(size_t(zeros), '0') + s);
       }},
      {"partition", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         ArgParser p(in, "partition", a);
         std::string sep = to_str(in, p.required("sep", 1));
         const std::string& s = self_str(a);
         size_t f = s.find(sep);
         if (f == std::string::npos) return in.make_tuple({in.make_str(s), in.make_str(""), in.make_str("")});
         return in.make_tuple({in.make_str(s.substr(0, f)), in.make_str(sep), in.make_str(s.substr(f + sep.size()))});
       }},
      {"removeprefix", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         std::string pre = to_str(in, a.args.at(1));
         const std::string& s = self_str(a);
         return in.make_str(s.rfind(pre, 0) == 0 ? s.substr(pre.size()) : s);
       }},
      {"removesuffix", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         std::string suf = to_str(in, a.args.at(1));
         const std::string& s = self_str(a);
         bool ends = !suf.empty() && suf.size() <= s.size() && s.compare(s.size() - suf.size(), suf.size(), suf) == 0;
         return in.make_str(ends ? s.substr(0, s.size() - suf.size()) : s);
       }},
      {"encode", [](Interpreter&, CallArgs&) -> ObjPtr {
         throw TorchError("NotImplementedError", "bytes are not supported by the playground");
       }},
  };
  return m;
}

}  // namespace tp::interp
