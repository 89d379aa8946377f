// Python's builtin functions (print, len, range, enumerate, zip, isinstance, round, min/max,
// sorted, ...). Types callable as constructors (int, float, list ...) live in builtin_types.cpp.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "core/error.h"
#include "python/args.h"
#include "python/interp_impl.h"
#include "python/library.h"
#include "python/objects/hash.h"

namespace tp::interp {

namespace {
using Args = CallArgs;

ObjPtr iterator(Interpreter&, std::string type, std::vector<ObjPtr> items) {
  return std::make_shared<IteratorObj>(std::move(type), std::move(items));
}
ObjPtr lazy(std::string type, IteratorObj::Produce produce) {  // Note [Lazy iteration]
  return std::make_shared<IteratorObj>(std::move(type), std::move(produce));
}
std::string arguments_before(size_t k) {  // zip(strict=True) messages: "argument 1", "arguments 1-2"
  return k == 1 ? "argument 1" : "arguments 1-" + std::to_string(k);
}

// round(x) / round(x, n): banker's rounding on the exact binary value, as CPython does.
ObjPtr py_round(Interpreter& in, const ObjPtr& x, const ObjPtr& nd) {
  if (x->kind == Kind::Int || x->kind == Kind::Bool) {
    int64_t v = to_int(in, x);
    if (is_none(nd)) return in.make_int(v);
    int64_t n = to_int(in, nd);
    if (n >= 0) return in.make_int(v);
    if (n < -18) return in.make_int(0);
    int64_t p = 1;
    for (int64_t i = 0; i < -n; ++i) p *= 10;
    int64_t q = v / p, r = v % p;
    if (r < 0) { r += p; --q; }
    if (2 * r > p || (2 * r == p && (q % 2 != 0))) ++q;
    return in.make_int(q * p);
  }
  if (x->kind == Kind::Float) {
    double v = static_cast<FloatObj&>(*x).value;
    if (is_none(nd)) {
      if (std::isnan(v)) throw TorchError("ValueError", "cannot convert float NaN to integer");
      if (std::isinf(v)) throw TorchError("OverflowError", "cannot convert float infinity to integer");
      double r = std::nearbyint(v);
      if (std::fabs(r) >= 9.2e18) throw TorchError("OverflowError", "integer overflow: the result does not fit in 64 bits");
      return in.make_int(int64_t(r));
    }
    int64_t n = to_int(in, nd);
    if (!std::isfinite(v) || n > 308) return in.make_float(v);
    if (n >= 0) {
      char buf[400];
      snprintf(buf, sizeof buf, "%.*f", int(n), v);
      return in.make_float(strtod(buf, nullptr));
    }
    double p = std::pow(10.0, double(-n));
    double y = v / p;
    double r = std::nearbyint(y);
    return in.make_float(r * p);
  }
  // Tensors and library objects: Tensor.__round__ is Tensor.round(decimals=n).
  ObjPtr m = in.getattr_or_null(x, "round");
  if (!m) throw TorchError("TypeError", "type " + in.type_name(x) + " doesn't define __round__ method");
  CallArgs a;
  if (!is_none(nd)) a.kwargs.push_back({"decimals", nd});
  return in.call(m, a);
}

ObjPtr min_max(Interpreter& in, Args& a, bool is_max) {
  const char* name = is_max ? "max" : "min";
  ArgParser p(in, name, a);
  ObjPtr key = p.kw("key");
  ObjPtr def = p.kw("default");
  p.finish();
  ObjPtr it;
  if (a.args.size() == 1) {
    it = in.iter(a.args[0]);
  } else if (a.args.empty()) {
    throw TorchError("TypeError", std::string(name) + " expected at least 1 argument, got 0");
  } else {
    if (def) throw TorchError("TypeError", std::string("Cannot specify a default for ") + name + "() with multiple positional arguments");
    it = in.iter(in.make_tuple(a.args));
  }
  ObjPtr best, best_key;  // items and their keys are taken in turn, as CPython does
  while (ObjPtr x = in.next_item(it)) {
    ObjPtr k = is_none(key) ? x : in.call(key, CallArgs{{x}, {}});
    if (!best || in.truthy(in.compare(is_max ? ">" : "<", k, best_key))) {
      best = x;
      best_key = k;
    }
  }
  if (!best) {
    if (def) return def;
    throw TorchError("ValueError", std::string(name) + "() arg is an empty sequence");
  }
  return best;
}

std::string to_base(int64_t v, int base, const char* prefix) {
  bool neg = v < 0;
  uint64_t a = neg ? uint64_t(0) - uint64_t(v) : uint64_t(v);
  std::string d;
  do { d.insert(d.begin(), "0123456789abcdef"[a % uint64_t(base)]); a /= uint64_t(base); } while (a);
  return (neg ? "-" : "") + std::string(prefix) + d;
}

}  // namespace

void Interpreter::Impl::install_builtins() {
  auto def = [&](const std::string& name, NativeFn fn) { builtins[name] = in.make_function(name, std::move(fn)); };

  install_descriptor_builtins();
  builtins["__name__"] = in.make_str("__main__");
  builtins["Ellipsis"] = ellipsis_obj;
  builtins["NotImplemented"] = in.make_str("NotImplemented");

  def("print", [](Interpreter& in, Args& a) -> ObjPtr {
    ArgParser p(in, "print", a);
    ObjPtr sep = p.kw("sep"), end = p.kw("end"), file = p.kw("file");
    p.kw("flush");
    p.finish();
    if (!is_none(sep) && sep->kind != Kind::Str)
      throw TorchError("TypeError", "sep must be None or a string, not " + in.type_name(sep));
    if (!is_none(end) && end->kind != Kind::Str)
      throw TorchError("TypeError", "end must be None or a string, not " + in.type_name(end));
    std::string s = is_none(sep) ? " " : static_cast<StrObj&>(*sep).value;
    std::string e = is_none(end) ? "\n" : static_cast<StrObj&>(*end).value;
    std::string out;
    for (size_t i = 0; i < a.args.size(); ++i) {
      if (i) out += s;
      out += in.str(a.args[i]);
    }
    out += e;
    if (!is_none(file)) {
      ObjPtr w = in.getattr(file, "write");
      in.call(w, CallArgs{{in.make_str(out)}, {}});
      return in.none();
    }
    in.write_stdout(out);
    return in.none();
  });
  def("len", [](Interpreter& in, Args& a) -> ObjPtr {
    if (a.args.size() != 1 || !a.kwargs.empty())
      throw TorchError("TypeError", "len() takes exactly one argument (" + std::to_string(a.args.size()) + " given)");
    return in.make_int(in.len(a.args[0]));
  });
  def("repr", [](Interpreter& in, Args& a) -> ObjPtr {
    ArgParser p(in, "repr", a);
    p.max_positional(1);
    return in.make_str(in.repr(p.required("obj", 0)));
  });
  def("ascii", [](Interpreter& in, Args& a) -> ObjPtr {
    ArgParser p(in, "ascii", a);
    return in.make_str(in.repr(p.required("obj", 0)));
  });
  def("id", [](Interpreter& in, Args& a) -> ObjPtr {
    ArgParser p(in, "id", a);
    p.max_positional(1);
    return in.make_int(in.python_id(p.required("obj", 0)));
  });
  def("hash", [](Interpreter& in, Args& a) -> ObjPtr {
    ArgParser p(in, "hash", a);
    return in.make_int(py_hash(in, p.required("obj", 0)));
  });
  def("isinstance", [](Interpreter& in, Args& a) -> ObjPtr {
    if (a.args.size() != 2)
      throw TorchError("TypeError", "isinstance expected 2 arguments, got " + std::to_string(a.args.size()));
    return in.make_bool(in.isinstance(a.args[0], a.args[1]));
  });
  def("issubclass", [](Interpreter& in, Args& a) -> ObjPtr {
    if (a.args.size() != 2)
      throw TorchError("TypeError", "issubclass expected 2 arguments, got " + std::to_string(a.args.size()));
    if (a.args[0]->kind != Kind::Class) throw TorchError("TypeError", "issubclass() arg 1 must be a class");
    auto& impl = in.impl();
    auto check = [&](const ObjPtr& c) {
      if (c->kind != Kind::Class) throw TorchError("TypeError", "issubclass() arg 2 must be a class, a tuple of classes, or a union");
      auto& x = static_cast<ClassObj&>(*a.args[0]);
      auto& y = static_cast<ClassObj&>(*c);
      if (is_exception_class(impl.exception_key(x)) || impl.user_exception_classes.count(x.class_name))
        return impl.exception_isinstance(impl.exception_key(x), impl.exception_key(y));
      return impl.class_derives(x, y) || (y.class_name == "object" && !y.is_user);
    };
    if (a.args[1]->kind == Kind::Tuple) {
      for (auto& c : static_cast<TupleObj&>(*a.args[1]).items)
        if (check(c)) return in.make_bool(true);
      return in.make_bool(false);
    }
    return in.make_bool(check(a.args[1]));
  });
  def("callable", [](Interpreter& in, Args& a) -> ObjPtr {
    ArgParser p(in, "callable", a);
    ObjPtr o = p.required("obj", 0);
    bool c = o->kind == Kind::Function || o->kind == Kind::UserFunction || o->kind == Kind::BoundMethod ||
             o->kind == Kind::Class;
    if (o->kind == Kind::Instance || o->kind == Kind::Module) {
      auto& at = static_cast<AttrObj&>(*o);
      auto cls = in.impl().class_of(o);
      c = bool(at.call_hook) || (cls && in.impl().class_lookup(*cls, "__call__"));
    }
    return in.make_bool(c);
  });
  def("abs", [](Interpreter& in, Args& a) -> ObjPtr {
    ArgParser p(in, "abs", a);
    ObjPtr x = p.required("x", 0);
    if (x->kind == Kind::Int || x->kind == Kind::Bool) {
      int64_t v = to_int(in, x);
      if (v == INT64_MIN) throw TorchError("OverflowError", "integer overflow: the result does not fit in 64 bits");
      return in.make_int(v < 0 ? -v : v);
    }
    if (x->kind == Kind::Float) return in.make_float(std::fabs(static_cast<FloatObj&>(*x).value));
    ObjPtr m = in.getattr_or_null(x, "abs");
    if (!m || x->kind == Kind::Str) throw TorchError("TypeError", "bad operand type for abs(): '" + in.type_name(x) + "'");
    return in.call(m, CallArgs{});
  });
  def("round", [](Interpreter& in, Args& a) -> ObjPtr {
    ArgParser p(in, "round", a);
    ObjPtr x = p.required("number", 0);
    ObjPtr nd = p.get("ndigits", 1);
    p.finish();
    return py_round(in, x, nd);
  });
  def("min", [](Interpreter& in, Args& a) { return min_max(in, a, false); });
  def("max", [](Interpreter& in, Args& a) { return min_max(in, a, true); });
  def("sum", [](Interpreter& in, Args& a) -> ObjPtr {
    ArgParser p(in, "sum", a);
    ObjPtr it = p.required("iterable", 0);
    ObjPtr start = p.get("start", 1);
    p.finish();
    ObjPtr acc = start ? start : in.make_int(0);
    if (acc->kind == Kind::Str) throw TorchError("TypeError", "sum() can't sum strings [use ''.join(seq) instead]");
    ObjPtr iter = in.iter(it);
    while (ObjPtr x = in.next_item(iter)) acc = in.binary_op("+", acc, x);
    return acc;
  });
  def("any", [](Interpreter& in, Args& a) -> ObjPtr {
    ArgParser p(in, "any", a);
    ObjPtr it = in.iter(p.required("iterable", 0));
    while (ObjPtr x = in.next_item(it))  // stops at the first true item
      if (in.truthy(x)) return in.make_bool(true);
    return in.make_bool(false);
  });
  def("all", [](Interpreter& in, Args& a) -> ObjPtr {
    ArgParser p(in, "all", a);
    ObjPtr it = in.iter(p.required("iterable", 0));
    while (ObjPtr x = in.next_item(it))  // stops at the first false item
      if (!in.truthy(x)) return in.make_bool(false);
    return in.make_bool(true);
  });
  def("sorted", [](Interpreter& in, Args& a) -> ObjPtr {
    for (auto& kv : a.kwargs)  // sorted() hands its keywords to list.sort
      if (kv.first != "key" && kv.first != "reverse")
        throw TorchError("TypeError", "'" + kv.first + "' is an invalid keyword argument for sort()");
    ArgParser p(in, "sorted", a);
    p.max_positional(1);
    ObjPtr seq = p.required("iterable", 0);
    ObjPtr key = p.kw("key"), rev = p.kw("reverse");
    p.finish();
    auto items = in.iterate(seq);
    ObjPtr list = in.make_list(std::move(items));
    CallArgs sa;
    if (key) sa.kwargs.push_back({"key", key});
    if (rev) sa.kwargs.push_back({"reverse", rev});
    in.call(in.getattr(list, "sort"), sa);
    return list;
  });
  def("reversed", [](Interpreter& in, Args& a) -> ObjPtr {
    ArgParser p(in, "reversed", a);
    ObjPtr seq = p.required("sequence", 0);
    p.finish();
    auto not_reversible = [&]() -> ObjPtr {
      throw TorchError("TypeError", "'" + in.type_name(seq) + "' object is not reversible");
    };
    if (seq->kind == Kind::Set || seq->kind == Kind::Int || seq->kind == Kind::Float) return not_reversible();
    auto* view = obj_cast<IteratorObj>(seq.get());
    if (seq->kind == Kind::Dict || (view && view->reusable)) {  // dicts keep insertion order, so they reverse
      auto items = in.iterate(seq);
      std::reverse(items.begin(), items.end());
      const std::string t = view ? view->type_name : "dict_keys";
      return iterator(in, t == "dict_items" ? "dict_reverseitemiterator" : t == "dict_values" ? "dict_reversevalueiterator"
                                                                                               : "dict_reversekeyiterator",
                      std::move(items));
    }
    if (seq->kind == Kind::List) {  // by index from the end, as CPython's list_reverseiterator
      auto i = std::make_shared<int64_t>(int64_t(static_cast<ListObj&>(*seq).items.size()) - 1);
      return lazy("list_reverseiterator", [seq, i](Interpreter&) -> ObjPtr {
        auto& l = static_cast<ListObj&>(*seq);
        if (*i < 0 || *i >= int64_t(l.items.size())) return nullptr;
        return l.items[size_t((*i)--)];
      });
    }
    if (seq->kind == Kind::Instance) {
      if (auto* it = obj_cast<IteratorObj>(seq.get()); it && !it->reusable) return not_reversible();
      auto cls = in.impl().class_of(seq);
      ObjPtr rev = cls && cls->is_user ? in.impl().class_lookup(*cls, "__reversed__") : nullptr;
      if (rev) return in.call(rev, CallArgs{{seq}, {}});
      ObjPtr get = cls && cls->is_user ? in.impl().class_lookup(*cls, "__getitem__") : nullptr;
      ObjPtr len = cls && cls->is_user ? in.impl().class_lookup(*cls, "__len__") : nullptr;
      if (get && len) {  // the sequence protocol backwards: __getitem__(len-1) ... __getitem__(0)
        auto i = std::make_shared<int64_t>(in.len(seq) - 1);
        return lazy("reversed", [seq, get, i](Interpreter& in) -> ObjPtr {
          if (*i < 0) return nullptr;
          return in.call(get, CallArgs{{seq, in.make_int((*i)--)}, {}});
        });
      }
      if (cls && cls->is_user) return not_reversible();
    }
    auto items = in.iterate(seq);
    std::reverse(items.begin(), items.end());
    return iterator(in, seq->kind == Kind::Range ? "range_iterator" : "list_reverseiterator", std::move(items));
  });
  def("enumerate", [](Interpreter& in, Args& a) -> ObjPtr {
    ArgParser p(in, "enumerate", a);
    ObjPtr seq = p.required("iterable", 0);
    ObjPtr start = p.get("start", 1);
    p.finish();
    auto i = std::make_shared<int64_t>(start ? to_int(in, start) : 0);
    ObjPtr it = in.iter(seq);
    return lazy("enumerate", [it, i](Interpreter& in) -> ObjPtr {
      ObjPtr x = in.next_item(it);
      return x ? in.make_tuple({in.make_int((*i)++), x}) : nullptr;
    });
  });
  def("zip", [](Interpreter& in, Args& a) -> ObjPtr {
    ArgParser p(in, "zip", a);
    ObjPtr strict_arg = p.kw("strict");
    p.finish();
    bool strict = strict_arg && in.truthy(strict_arg);
    std::vector<ObjPtr> its;
    for (auto& s : a.args) its.push_back(in.iter(s));
    return lazy("zip", [its, strict](Interpreter& in) -> ObjPtr {
      if (its.empty()) return nullptr;
      std::vector<ObjPtr> t;
      for (size_t k = 0; k < its.size(); ++k) {
        ObjPtr x = in.next_item(its[k]);
        if (x) {
          t.push_back(std::move(x));
          continue;
        }
        if (!strict) return nullptr;
        if (k > 0)
          throw TorchError("ValueError", "zip() argument " + std::to_string(k + 1) + " is shorter than " + arguments_before(k));
        for (size_t j = 1; j < its.size(); ++j)
          if (in.next_item(its[j]))
            throw TorchError("ValueError", "zip() argument " + std::to_string(j + 1) + " is longer than " + arguments_before(j));
        return nullptr;
      }
      return in.make_tuple(std::move(t));
    });
  });
  def("map", [](Interpreter& in, Args& a) -> ObjPtr {
    if (a.args.size() < 2) throw TorchError("TypeError", "map() must have at least two arguments.");
    ObjPtr fn = a.args[0];
    std::vector<ObjPtr> its;
    for (size_t i = 1; i < a.args.size(); ++i) its.push_back(in.iter(a.args[i]));
    return lazy("map", [fn, its](Interpreter& in) -> ObjPtr {
      CallArgs ca;
      for (auto& it : its) {
        ObjPtr x = in.next_item(it);
        if (!x) return nullptr;
        ca.args.push_back(std::move(x));
      }
      return in.call(fn, ca);
    });
  });
  def("filter", [](Interpreter& in, Args& a) -> ObjPtr {
    if (a.args.size() != 2) throw TorchError("TypeError", "filter expected 2 arguments, got " + std::to_string(a.args.size()));
    ObjPtr fn = a.args[0];
    ObjPtr it = in.iter(a.args[1]);
    return lazy("filter", [fn, it](Interpreter& in) -> ObjPtr {
      while (ObjPtr x = in.next_item(it))
        if (is_none(fn) ? in.truthy(x) : in.truthy(in.call(fn, CallArgs{{x}, {}}))) return x;
      return nullptr;
    });
  });
  def("iter", [](Interpreter& in, Args& a) -> ObjPtr {
    ArgParser p(in, "iter", a);
    ObjPtr seq = p.required("object", 0);
    p.finish();
    return in.iter(seq);
  });
  def("next", [](Interpreter& in, Args& a) -> ObjPtr {
    ArgParser p(in, "next", a);
    ObjPtr it = p.required("iterator", 0);
    ObjPtr def = p.positional(1);
    p.finish();
    if (def) {
      ObjPtr x = in.next_item(it);
      return x ? x : def;
    }
    auto* iter = obj_cast<IteratorObj>(it.get());
    if (!iter || iter->reusable) {  // a user __next__ raises its own StopIteration (with its value)
      ObjPtr m = it->kind == Kind::Instance ? in.getattr_or_null(it, "__next__") : nullptr;
      if (m) return in.call(m, CallArgs{});
      throw TorchError("TypeError", "'" + in.type_name(it) + "' object is not an iterator");
    }
    if (ObjPtr x = iter->next(in)) return x;
    throw TorchError("StopIteration", "");
  });
  def("hasattr", [](Interpreter& in, Args& a) -> ObjPtr {
    if (a.args.size() != 2) throw TorchError("TypeError", "hasattr expected 2 arguments, got " + std::to_string(a.args.size()));
    std::string name = to_str(in, a.args[1], "attribute name");
    try {
      if (in.getattr_or_null(a.args[0], name)) return in.make_bool(true);
      in.check_full_only(a.args[0], name);
      return in.make_bool(false);
    } catch (const TorchError& e) {
      if (e.py_type() == "AttributeError") return in.make_bool(false);
      throw;
    } catch (const PyException& e) {
      if (e.type() == "AttributeError") return in.make_bool(false);
      throw;
    }
  });
  def("getattr", [](Interpreter& in, Args& a) -> ObjPtr {
    if (a.args.size() < 2 || a.args.size() > 3)
      throw TorchError("TypeError", "getattr expected at least 2 arguments, got " + std::to_string(a.args.size()));
    if (a.args[1]->kind != Kind::Str) throw TorchError("TypeError", "attribute name must be string, not '" + in.type_name(a.args[1]) + "'");
    std::string name = static_cast<StrObj&>(*a.args[1]).value;
    if (a.args.size() == 3) {
      try {
        if (ObjPtr v = in.getattr_or_null(a.args[0], name)) return v;
        in.check_full_only(a.args[0], name);
      } catch (const PyException& e) {
        if (e.type() != "AttributeError") throw;
      } catch (const TorchError& e) {
        if (e.py_type() != "AttributeError") throw;
      }
      return a.args[2];
    }
    return in.getattr(a.args[0], name);
  });
  def("setattr", [](Interpreter& in, Args& a) -> ObjPtr {
    if (a.args.size() != 3) throw TorchError("TypeError", "setattr expected 3 arguments, got " + std::to_string(a.args.size()));
    in.setattr(a.args[0], to_str(in, a.args[1], "attribute name"), a.args[2]);
    return in.none();
  });
  def("delattr", [](Interpreter& in, Args& a) -> ObjPtr {
    if (a.args.size() != 2) throw TorchError("TypeError", "delattr expected 2 arguments, got " + std::to_string(a.args.size()));
    in.setattr(a.args[0], to_str(in, a.args[1], "attribute name"), nullptr);
    return in.none();
  });
  def("format", [](Interpreter& in, Args& a) -> ObjPtr {
    ArgParser p(in, "format", a);
    ObjPtr v = p.required("value", 0);
    ObjPtr spec = p.get("format_spec", 1);
    return in.make_str(format_with_spec(in, v, spec ? to_str(in, spec, "format_spec") : ""));
  });
  def("divmod", [](Interpreter& in, Args& a) -> ObjPtr {
    if (a.args.size() != 2) throw TorchError("TypeError", "divmod expected 2 arguments, got " + std::to_string(a.args.size()));
    if (is_number(a.args[0]) && is_number(a.args[1]) && a.args[1]->kind != Kind::Float && a.args[0]->kind != Kind::Float &&
        to_int(in, a.args[1]) == 0)
      throw TorchError("ZeroDivisionError", "integer division or modulo by zero");
    return in.make_tuple({in.binary_op("//", a.args[0], a.args[1]), in.binary_op("%", a.args[0], a.args[1])});
  });
  def("pow", [](Interpreter& in, Args& a) -> ObjPtr {
    ArgParser p(in, "pow", a);
    ObjPtr base = p.required("base", 0), exp = p.required("exp", 1), mod = p.get("mod", 2);
    p.finish();
    if (is_none(mod)) return in.binary_op("**", base, exp);
    int64_t b = to_int(in, base), e = to_int(in, exp), m = to_int(in, mod);
    if (m == 0) throw TorchError("ValueError", "pow() 3rd argument cannot be 0");
    __int128 r = 1, x = ((b % m) + m) % m;
    if (e < 0) {  // Python 3.8+: a negative exponent uses the modular inverse of base
      int64_t am = m < 0 ? -m : m;
      int64_t g = am, nb = ((b % am) + am) % am, s0 = 0, s1 = 1;  // extended Euclid on (am, nb)
      while (nb != 0) {
        int64_t q = g / nb, t = g - q * nb;
        g = nb, nb = t;
        t = s0 - q * s1, s0 = s1, s1 = t;
      }
      if (g != 1) throw TorchError("ValueError", "base is not invertible for the given modulus");
      x = ((s0 % am) + am) % am;
      e = -e;
    }
    while (e > 0) {
      if (e & 1) r = (r * x) % m;
      x = (x * x) % m;
      e >>= 1;
    }
    int64_t out = int64_t(r);
    if (m < 0 && out > 0) out += m;
    return in.make_int(out);
  });
  def("hex", [](Interpreter& in, Args& a) -> ObjPtr { ArgParser p(in, "hex", a); return in.make_str(to_base(to_int(in, p.required("number", 0)), 16, "0x")); });
  def("oct", [](Interpreter& in, Args& a) -> ObjPtr { ArgParser p(in, "oct", a); return in.make_str(to_base(to_int(in, p.required("number", 0)), 8, "0o")); });
  def("bin", [](Interpreter& in, Args& a) -> ObjPtr { ArgParser p(in, "bin", a); return in.make_str(to_base(to_int(in, p.required("number", 0)), 2, "0b")); });
  def("chr", [](Interpreter& in, Args& a) -> ObjPtr {
    ArgParser p(in, "chr", a);
    int64_t c = to_int(in, p.required("i", 0));
    if (c < 0 || c > 0x10FFFF) throw TorchError("ValueError", "chr() arg not in range(0x110000)");
    std::string s;
    uint32_t cp = uint32_t(c);
    if (cp < 0x80) s += char(cp);
    else if (cp < 0x800) { s += char(0xC0 | (cp >> 6)); s += char(0x80 | (cp & 0x3F)); }
    else if (cp < 0x10000) { s += char(0xE0 | (cp >> 12)); s += char(0x80 | ((cp >> 6) & 0x3F)); s += char(0x80 | (cp & 0x3F)); }
    else { s += char(0xF0 | (cp >> 18)); s += char(0x80 | ((cp >> 12) & 0x3F)); s += char(0x80 | ((cp >> 6) & 0x3F)); s += char(0x80 | (cp & 0x3F)); }
    return in.make_str(s);
  });
  def("ord", [](Interpreter& in, Args& a) -> ObjPtr {
    ArgParser p(in, "ord", a);
    ObjPtr s = p.required("c", 0);
    if (s->kind != Kind::Str) throw TorchError("TypeError", "ord() expected string of length 1, but " + in.type_name(s) + " found");
    auto chars = utf8_chars(static_cast<StrObj&>(*s).value);
    if (chars.size() != 1)
      throw TorchError("TypeError", "ord() expected a character, but string of length " + std::to_string(chars.size()) + " found");
    const std::string& c = chars[0];
    uint32_t cp = (unsigned char)c[0];
    if (c.size() == 2) cp = ((cp & 0x1F) << 6) | (c[1] & 0x3F);
    else if (c.size() == 3) cp = ((cp & 0x0F) << 12) | ((c[1] & 0x3F) << 6) | (c[2] & 0x3F);
    else if (c.size() == 4) cp = ((cp & 0x07) << 18) | ((c[1] & 0x3F) << 12) | ((c[2] & 0x3F) << 6) | (c[3] & 0x3F);
    return in.make_int(cp);
  });
  def("input", [](Interpreter&, Args&) -> ObjPtr { throw TorchError("EOFError", "EOF when reading a line"); });
  def("open", [](Interpreter&, Args&) -> ObjPtr {
    throw TorchError("OSError", "files are not available in the playground");
  });
  def("globals", [](Interpreter& in, Args&) -> ObjPtr {
    auto d = std::make_shared<DictObj>();
    for (auto& n : in.global_names()) d->items.push_back({in.make_str(n), in.global(n)});
    return d;
  });
  def("vars", [](Interpreter& in, Args& a) -> ObjPtr {
    ArgParser p(in, "vars", a);
    return in.getattr(p.required("object", 0), "__dict__");
  });
  def("dir", [](Interpreter& in, Args& a) -> ObjPtr {
    std::vector<std::string> names;
    if (a.args.empty()) {
      names = in.global_names();
    } else if (auto* at = obj_cast<AttrObj>(a.args[0].get())) {
      in.check_full_only(a.args[0], "");  // the core library would list fewer names
      names = at->attr_order;
      if (auto* inst = obj_cast<InstanceObj>(at); inst && inst->cls)
        for (auto& n : inst->cls->attr_order) names.push_back(n);
    }
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    std::vector<ObjPtr> out;
    for (auto& n : names) out.push_back(in.make_str(n));
    return in.make_list(std::move(out));
  });
  def("super", [](Interpreter& in, Args& a) -> ObjPtr {
    auto& impl = in.impl();
    std::shared_ptr<ClassObj> start;
    ObjPtr self;
    if (a.args.size() == 2) {
      if (a.args[0]->kind != Kind::Class) throw TorchError("TypeError", "super() argument 1 must be a type, not " + in.type_name(a.args[0]));
      start = std::static_pointer_cast<ClassObj>(a.args[0]);
      self = a.args[1];
    } else {
      const Frame* f = impl.frame;
      if (!f->function || !f->first_arg) throw TorchError("RuntimeError", "super(): no arguments");
      start = f->function->owner.lock();
      if (!start) throw TorchError("RuntimeError", "super(): __class__ cell not found");
      self = f->first_arg;
    }
    return std::make_shared<SuperObj>(start, self);
  });
  def("exit", [](Interpreter&, Args&) -> ObjPtr { throw TorchError("SystemExit", ""); });
  builtins["quit"] = builtins["exit"];
}

}  // namespace tp::interp
