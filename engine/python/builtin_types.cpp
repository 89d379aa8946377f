// The builtin types as callable classes (int, float, str, bool, list, tuple, dict, set, frozenset,
// range, bytes, bytearray, type, object, slice), the builtin exception classes, and the small standard modules programs import
// alongside torch (sys, typing, collections, warnings, __future__).
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "core/error.h"
#include "python/args.h"
#include "python/interp_impl.h"
#include "python/library.h"
#include "python/objects/bytes.h"
#include "python/objects/set_algorithms.h"

namespace tp::interp {

namespace {
std::string strip_ws(const std::string& s) {
  size_t a = s.find_first_not_of(" \t\n\r\f\v");
  if (a == std::string::npos) return "";
  size_t b = s.find_last_not_of(" \t\n\r\f\v");
  return s.substr(a, b - a + 1);
}

ObjPtr parse_int(Interpreter& in, const std::string& text, int64_t base) {
  std::string s = strip_ws(text);
  auto bad = [&]() -> ObjPtr {
    throw TorchError("ValueError", "invalid literal for int() with base " + std::to_string(base) + ": " + py_str_repr(text));
  };
  if (s.empty()) bad();
  bool neg = false;
  size_t i = 0;
  if (s[0] == '+' || s[0] == '-') { neg = s[0] == '-'; i = 1; }
  int64_t b = base;
  if (i + 1 < s.size() && s[i] == '0' && strchr("xXoObB", s[i + 1]) && (base == 0 || base == 16 || base == 8 || base == 2)) {
    char p = char(tolower(s[i + 1]));
    int64_t pb = p == 'x' ? 16 : p == 'o' ? 8 : 2;
    if (base == 0 || base == pb) { b = pb; i += 2; }
  }
  if (b == 0) b = 10;
  if (i >= s.size()) bad();
  uint64_t v = 0;
  bool last_underscore = true;
  for (; i < s.size(); ++i) {
    char c = s[i];
    if (c == '_') { if (last_underscore) bad(); last_underscore = true; continue; }
    int d = isdigit((unsigned char)c) ? c - '0' : isalpha((unsigned char)c) ? tolower(c) - 'a' + 10 : 99;
    if (d >= b) bad();
    if (v > (uint64_t(INT64_MAX) - uint64_t(d)) / uint64_t(b)) throw TorchError("OverflowError", "int too large for the playground (64-bit)");
    v = v * uint64_t(b) + uint64_t(d);
    last_underscore = false;
  }
  if (last_underscore) bad();
  return in.make_int(neg ? -int64_t(v) : int64_t(v));
}

double parse_float(const std::string& text) {
  std::string s = strip_ws(text);
  std::string lower;
  for (char c : s) lower += char(tolower(c));
  std::string body = lower;
  double sign = 1;
  if (!body.empty() && (body[0] == '+' || body[0] == '-')) { sign = body[0] == '-' ? -1 : 1; body = body.substr(1); }
  if (body == "inf" || body == "infinity") return sign * INFINITY;
  if (body == "nan") return NAN;
  std::string clean;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '_' && i > 0 && i + 1 < s.size() && isdigit((unsigned char)s[i - 1]) && isdigit((unsigned char)s[i + 1])) continue;
    clean += s[i];
  }
  char* end = nullptr;
  double v = clean.empty() ? 0 : strtod(clean.c_str(), &end);
  if (clean.empty() || *end != 0 || clean.find_first_of("xXpP") != std::string::npos || lower.find("inf") != std::string::npos ||
      lower.find("nan") != std::string::npos)
    throw TorchError("ValueError", "could not convert string to float: " + py_str_repr(text));
  return v;
}

// A number from a one-element tensor / array (int(t), float(t)).
ObjPtr number_of(Interpreter& in, const ObjPtr& x, const char* fn) {
  ObjPtr n;
  if (lib::to_number(in, x, n)) return n;
  std::string what = std::string(fn) == "int" ? "a string, a bytes-like object or a real number" : "a string or a real number";
  throw TorchError("TypeError", std::string(fn) + "() argument must be " + what + ", not '" + in.type_name(x) + "'");
}
}  // namespace

void Interpreter::Impl::install_builtin_types() {
  auto type = [&](const std::string& name, NativeFn ctor) {
    auto c = std::make_shared<ClassObj>(name);
    c->call_hook = std::move(ctor);
    builtin_classes[name] = c;
    builtins[name] = c;
    return c;
  };
  auto object_cls = type("object", [](Interpreter&, CallArgs&) -> ObjPtr {
    auto o = std::make_shared<InstanceObj>("object");
    return o;
  });
  auto int_cls = type("int", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "int", a);
    ObjPtr x = p.positional(0);
    ObjPtr base = p.get("base", 1);
    p.finish();
    if (!x) return in.make_int(0);
    if (base) {
      if (x->kind != Kind::Str) throw TorchError("TypeError", "int() can't convert non-string with explicit base");
      return parse_int(in, static_cast<StrObj&>(*x).value, to_int(in, base));
    }
    switch (x->kind) {
      case Kind::Int: return x;
      case Kind::Bool: return in.make_int(static_cast<BoolObj&>(*x).value);
      case Kind::Float: {
        double v = static_cast<FloatObj&>(*x).value;
        if (std::isnan(v)) throw TorchError("ValueError", "cannot convert float NaN to integer");
        if (std::isinf(v)) throw TorchError("OverflowError", "cannot convert float infinity to integer");
        if (std::fabs(v) >= 9.2233720368547758e18) throw TorchError("OverflowError", "int too large for the playground (64-bit)");
        return in.make_int(int64_t(v));
      }
      case Kind::Str: return parse_int(in, static_cast<StrObj&>(*x).value, 10);
      default: {
        ObjPtr n = number_of(in, x, "int");
        if (n->kind == Kind::Float) return in.call(in.builtin("int"), CallArgs{{n}, {}});
        return n->kind == Kind::Bool ? in.make_int(static_cast<BoolObj&>(*n).value) : n;
      }
    }
  });
  auto bool_cls = type("bool", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "bool", a);
    p.max_positional(1);
    ObjPtr x = p.positional(0);
    return in.make_bool(x ? in.truthy(x) : false);
  });
  bool_cls->bases.push_back(int_cls);
  type("float", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "float", a);
    p.max_positional(1);
    ObjPtr x = p.positional(0);
    if (!x) return in.make_float(0);
    switch (x->kind) {
      case Kind::Float: return x;
      case Kind::Int: case Kind::Bool: return in.make_float(double(to_int(in, x)));
      case Kind::Str: return in.make_float(parse_float(static_cast<StrObj&>(*x).value));
      default: {
        ObjPtr n = number_of(in, x, "float");
        return in.make_float(to_double(in, n));
      }
    }
  });
  type("str", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "str", a);
    ObjPtr x = p.get("object", 0);
    return in.make_str(x ? in.str(x) : "");
  });
  type("list", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "list", a);
    p.max_positional(1);
    p.finish();
    ObjPtr x = p.positional(0);
    return in.make_list(x ? in.iterate(x) : std::vector<ObjPtr>{});
  });
  type("tuple", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "tuple", a);
    p.max_positional(1);
    p.finish();
    ObjPtr x = p.positional(0);
    if (x && x->kind == Kind::Tuple) return x;
    return in.make_tuple(x ? in.iterate(x) : std::vector<ObjPtr>{});
  });
  type("dict", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    auto d = std::make_shared<DictObj>();
    if (a.args.size() > 1) throw TorchError("TypeError", "dict expected at most 1 argument, got " + std::to_string(a.args.size()));
    if (!a.args.empty()) {
      ObjPtr src = a.args[0];
      if (src->kind == Kind::Dict) {
        d->items = static_cast<DictObj&>(*src).items;
      } else {
        size_t i = 0;
        for (auto& pair : in.iterate(src)) {
          auto kv = in.iterate(pair);
          if (kv.size() != 2)
            throw TorchError("ValueError", "dictionary update sequence element #" + std::to_string(i) + " has length " +
                                               std::to_string(kv.size()) + "; 2 is required");
          in.setitem(d, kv[0], kv[1]);
          ++i;
        }
      }
    }
    for (auto& kv : a.kwargs) in.setitem(d, in.make_str(kv.first), kv.second);
    return d;
  });
  builtin_classes["dict"]->set("fromkeys", in.make_function("dict.fromkeys", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "fromkeys", a);
    p.max_positional(2);
    ObjPtr keys = p.required("iterable", 0);
    ObjPtr value = p.positional(1);
    p.finish();
    auto d = std::make_shared<DictObj>();
    for (auto& k : in.iterate(keys)) in.setitem(d, k, value ? value : in.none());
    return d;
  }));
  type("range", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    if (!a.kwargs.empty()) throw TorchError("TypeError", "range() takes no keyword arguments");
    if (a.args.empty()) throw TorchError("TypeError", "range expected at least 1 argument, got 0");
    if (a.args.size() > 3) throw TorchError("TypeError", "range expected at most 3 arguments, got " + std::to_string(a.args.size()));
    auto r = std::make_shared<RangeObj>();
    auto num = [&](const ObjPtr& o) -> int64_t {
      if (o->kind == Kind::Tensor) {
        ObjPtr n;
        if (lib::to_number(in, o, n) && n->kind == Kind::Int) return static_cast<IntObj&>(*n).value;
      }
      return to_int(in, o);
    };
    if (a.args.size() == 1) {
      r->stop = num(a.args[0]);
    } else {
      r->start = num(a.args[0]);
      r->stop = num(a.args[1]);
      if (a.args.size() == 3) r->step = num(a.args[2]);
    }
    if (r->step == 0) throw TorchError("ValueError", "range() arg 3 must not be zero");
    return r;
  });
  type("slice", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    auto s = std::make_shared<SliceObj>();
    s->start = s->stop = s->step = in.none();
    if (a.args.size() == 1) s->stop = a.args[0];
    else if (a.args.size() >= 2) {
      s->start = a.args[0];
      s->stop = a.args[1];
      if (a.args.size() == 3) s->step = a.args[2];
    } else {
      throw TorchError("TypeError", "slice expected at least 1 argument, got 0");
    }
    return s;
  });
  type("type", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    if (a.args.size() != 1) throw TorchError("TypeError", "type() takes 1 or 3 arguments");
    return in.impl().class_of(a.args[0]);
  });
  auto set_ctor = [](bool frozen) {
    return [frozen](Interpreter& in, CallArgs& a) -> ObjPtr {
      const char* name = frozen ? "frozenset" : "set";
      if (!a.kwargs.empty()) throw TorchError("TypeError", std::string(name) + "() takes no keyword arguments");
      if (a.args.size() > 1)
        throw TorchError("TypeError", std::string(name) + " expected at most 1 argument, got " + std::to_string(a.args.size()));
      ObjPtr x = a.args.empty() ? nullptr : a.args[0];
      if (frozen && x && x->kind == Kind::Set && static_cast<SetObj&>(*x).frozen) return x;  // immutable: shared
      return make_new_set(in, frozen, x);
    };
  };
  type("bytes", [](Interpreter& in, CallArgs& a) { return bytes_new(in, a, false); });
  type("bytearray", [](Interpreter& in, CallArgs& a) { return bytes_new(in, a, true); });
  type("set", set_ctor(false));
  type("frozenset", set_ctor(true));
  for (const char* n : {"NoneType", "function", "builtin_function_or_method", "method", "module", "ellipsis"}) {
    auto c = std::make_shared<ClassObj>(n);
    builtin_classes[n] = c;
  }
  (void)object_cls;
}

void Interpreter::Impl::install_exception_classes() {
  for (const std::string& name : exception_class_names()) {
    auto c = std::make_shared<ClassObj>(name);
    c->call_hook = [name](Interpreter& in, CallArgs& a) -> ObjPtr {
      if (!a.kwargs.empty()) throw TorchError("TypeError", name + "() takes no keyword arguments");
      std::string msg;
      if (a.args.size() == 1) msg = name == "KeyError" ? in.repr(a.args[0]) : in.str(a.args[0]);
      else if (a.args.size() > 1) msg = in.repr(in.make_tuple(a.args));
      return in.make_exception(name, msg, a.args);
    };
    builtin_classes[name] = c;
    size_t dot = name.rfind('.');
    if (dot == std::string::npos) {
      builtins[name] = c;
    } else {  // a library's exception (numpy.core._exceptions.X): not a builtin name
      c->class_name = name.substr(dot + 1);
      c->set("__module__", in.make_str(name.substr(0, dot)));
    }
  }
  for (const std::string& name : exception_class_names()) {
    std::string base = exception_base(name);
    if (!base.empty()) builtin_classes[name]->bases.push_back(builtin_classes[base]);
  }
}

}  // namespace tp::interp
