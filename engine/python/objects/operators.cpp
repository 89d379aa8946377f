// Python operators on builtin kinds: int/float/bool arithmetic (floor division and modulo with
// Python's signs, int64 overflow -> OverflowError), sequences, comparisons, `in`, equality.
// Operands that are tensors / arrays go to lib::binary_op.
#include <cmath>
#include <map>

#include "core/error.h"
#include "python/objects/dict_index.h"
#include "python/args.h"
#include "python/interp_impl.h"
#include "python/library.h"
#include "python/objects/bytes.h"
#include "python/objects/set_algorithms.h"

namespace tp::interp {

namespace {
bool is_arraylike(const ObjPtr& o) { return o->kind == Kind::Tensor || o->kind == Kind::NdArray; }
bool is_intlike(const ObjPtr& o) { return o->kind == Kind::Int || o->kind == Kind::Bool; }
int64_t ival(const ObjPtr& o) {
  return o->kind == Kind::Int ? static_cast<IntObj&>(*o).value : static_cast<BoolObj&>(*o).value ? 1 : 0;
}
double fval(const ObjPtr& o) { return o->kind == Kind::Float ? static_cast<FloatObj&>(*o).value : double(ival(o)); }

[[noreturn]] void overflow() {
  throw TorchError("OverflowError",
                   "integer overflow: the result does not fit in 64 bits (the playground's integers are 64-bit)");
}

int64_t floordiv(int64_t a, int64_t b) {
  if (a == INT64_MIN && b == -1) overflow();
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}
int64_t floormod(int64_t a, int64_t b) {
  if (b == -1) return 0;
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}
double py_fmod(double a, double b) {
  double m = std::fmod(a, b);
  if (m != 0) {
    if ((b < 0) != (m < 0)) m += b;
  } else {
    m = std::copysign(0.0, b);
  }
  return m;
}

const std::map<std::string, std::pair<std::string, std::string>>& dunders() {
  static const std::map<std::string, std::pair<std::string, std::string>> d = {
      {"+", {"__add__", "__radd__"}}, {"-", {"__sub__", "__rsub__"}}, {"*", {"__mul__", "__rmul__"}},
      {"/", {"__truediv__", "__rtruediv__"}}, {"//", {"__floordiv__", "__rfloordiv__"}},
      {"%", {"__mod__", "__rmod__"}}, {"**", {"__pow__", "__rpow__"}}, {"@", {"__matmul__", "__rmatmul__"}},
      {"&", {"__and__", "__rand__"}}, {"|", {"__or__", "__ror__"}}, {"^", {"__xor__", "__rxor__"}},
      {"<<", {"__lshift__", "__rlshift__"}}, {">>", {"__rshift__", "__rrshift__"}},
      {"<", {"__lt__", "__gt__"}}, {"<=", {"__le__", "__ge__"}}, {">", {"__gt__", "__lt__"}},
      {">=", {"__ge__", "__le__"}}, {"==", {"__eq__", "__eq__"}}, {"!=", {"__ne__", "__ne__"}},
  };
  return d;
}
}  // namespace

// Integer power with overflow detection; negative exponents give a float (Python's rule).
static ObjPtr int_pow(Interpreter& in, int64_t base, int64_t exp) {
  if (exp < 0) {
    if (base == 0) throw TorchError("ZeroDivisionError", "0.0 cannot be raised to a negative power");
    return in.make_float(std::pow(double(base), double(exp)));
  }
  int64_t result = 1;
  while (exp > 0) {
    if (exp & 1) {
      if (__builtin_mul_overflow(result, base, &result)) overflow();
    }
    exp >>= 1;
    if (exp > 0 && __builtin_mul_overflow(base, base, &base)) overflow();
  }
  return in.make_int(result);
}

static ObjPtr number_op(Interpreter& in, const std::string& op, const ObjPtr& a, const ObjPtr& b) {
  if (is_intlike(a) && is_intlike(b)) {
    int64_t x = ival(a), y = ival(b), r = 0;
    if (op == "+") { if (__builtin_add_overflow(x, y, &r)) overflow(); return in.make_int(r); }
    if (op == "-") { if (__builtin_sub_overflow(x, y, &r)) overflow(); return in.make_int(r); }
    if (op == "*") { if (__builtin_mul_overflow(x, y, &r)) overflow(); return in.make_int(r); }
    if (op == "/") {
      if (y == 0) throw TorchError("ZeroDivisionError", "division by zero");
      return in.make_float(double(x) / double(y));
    }
    if (op == "//") {
      if (y == 0) throw TorchError("ZeroDivisionError", "integer division or modulo by zero");
      return in.make_int(floordiv(x, y));
    }
    if (op == "%") {
      if (y == 0) throw TorchError("ZeroDivisionError", "integer modulo by zero");
      return in.make_int(floormod(x, y));
    }
    if (op == "**") return int_pow(in, x, y);
    if (op == "&" || op == "|" || op == "^") {
      int64_t v = op == "&" ? (x & y) : op == "|" ? (x | y) : (x ^ y);
      if (a->kind == Kind::Bool && b->kind == Kind::Bool) return in.make_bool(v != 0);
      return in.make_int(v);
    }
    if (op == "<<") {
      if (y < 0) throw TorchError("ValueError", "negative shift count");
      if (y >= 63 || (x != 0 && (x > (INT64_MAX >> y) || x < (INT64_MIN >> y)))) {
        if (x == 0) return in.make_int(0);
        overflow();
      }
      return in.make_int(x << y);
    }
    if (op == ">>") {
      if (y < 0) throw TorchError("ValueError", "negative shift count");
      return in.make_int(y >= 63 ? (x < 0 ? -1 : 0) : x >> y);
    }
    return nullptr;
  }
  double x = fval(a), y = fval(b);
  if (op == "+") return in.make_float(x + y);
  if (op == "-") return in.make_float(x - y);
  if (op == "*") return in.make_float(x * y);
  if (op == "/") {
    if (y == 0) throw TorchError("ZeroDivisionError", "float division by zero");
    return in.make_float(x / y);
  }
  if (op == "//") {
    if (y == 0) throw TorchError("ZeroDivisionError", "float floor division by zero");
    double m = py_fmod(x, y);
    double d = (x - m) / y;
    double f = std::floor(d);
    if (d - f > 0.5) f += 1.0;
    if (d == 0) f = std::copysign(0.0, x / y);
    return in.make_float(f);
  }
  if (op == "%") {
    if (y == 0) throw TorchError("ZeroDivisionError", "float modulo");
    return in.make_float(py_fmod(x, y));
  }
  if (op == "**") {
    if (x == 0 && y < 0) throw TorchError("ZeroDivisionError", "0.0 cannot be raised to a negative power");
    if (x < 0 && y != std::floor(y))
      throw TorchError("ValueError", "unsupported: a negative number raised to a fractional power is complex");
    double r = std::pow(x, y);
    if (std::isinf(r) && std::isfinite(x) && std::isfinite(y)) throw TorchError("OverflowError", "(34, 'Numerical result out of range')");
    return in.make_float(r);
  }
  return nullptr;
}

static ObjPtr repeat(Interpreter& in, Interpreter::Impl& impl, const ObjPtr& seq, int64_t n) {
  if (n < 0) n = 0;
  if (seq->kind == Kind::Str) {
    auto& s = static_cast<StrObj&>(*seq).value;
    impl.charge_str(double(s.size()) * double(n));
    std::string out;
    out.reserve(s.size() * size_t(n));
    for (int64_t i = 0; i < n; ++i) out += s;
    return in.make_str(std::move(out));
  }
  auto items = seq->kind == Kind::List ? static_cast<ListObj&>(*seq).items : static_cast<TupleObj&>(*seq).items;
  impl.charge_items(double(items.size()) * double(n));
  std::vector<ObjPtr> out;
  out.reserve(items.size() * size_t(n));
  for (int64_t i = 0; i < n; ++i) out.insert(out.end(), items.begin(), items.end());
  return seq->kind == Kind::List ? in.make_list(std::move(out)) : in.make_tuple(std::move(out));
}

ObjPtr Interpreter::binary_op(const std::string& op, const ObjPtr& a, const ObjPtr& b, bool augmented) {
  auto& impl = *impl_;
  if (is_arraylike(a) || is_arraylike(b)) {
    if (ObjPtr r = lib::binary_op(*this, op, a, b)) return r;
  }
  // User-defined operators (__add__ / __radd__ ...).
  if (a->kind == Kind::Instance || b->kind == Kind::Instance) {
    auto it = dunders().find(op);
    if (it != dunders().end()) {
      if (a->kind == Kind::Instance) {
        auto cls = impl.class_of(a);
        if (ObjPtr m = cls ? impl.class_lookup(*cls, it->second.first) : nullptr) {
          CallArgs ca;
          ca.args = {a, b};
          return call(m, ca);
        }
      }
      if (b->kind == Kind::Instance) {
        auto cls = impl.class_of(b);
        if (ObjPtr m = cls ? impl.class_lookup(*cls, it->second.second) : nullptr) {
          CallArgs ca;
          ca.args = {b, a};
          return call(m, ca);
        }
      }
    }
  }
  Kind ka = a->kind, kb = b->kind;
  bool na = is_number(a), nb = is_number(b);
  if (na && nb) {
    if (ObjPtr r = number_op(*this, op, a, b)) return r;
  } else if (op == "+") {
    if (ka == Kind::Str && kb == Kind::Str) {
      auto& x = static_cast<StrObj&>(*a).value;
      auto& y = static_cast<StrObj&>(*b).value;
      impl.charge_str(double(x.size() + y.size()));
      return make_str(x + y);
    }
    if ((ka == Kind::List && kb == Kind::List) || (ka == Kind::Tuple && kb == Kind::Tuple)) {
      auto x = iterate(a), y = iterate(b);
      impl.charge_items(double(x.size() + y.size()));
      x.insert(x.end(), y.begin(), y.end());
      return ka == Kind::List ? make_list(std::move(x)) : make_tuple(std::move(x));
    }
    if (ka == Kind::Size && (kb == Kind::Size || kb == Kind::Tuple)) {
      auto out = std::make_shared<SizeObj>();
      out->dims = static_cast<SizeObj&>(*a).dims;
      for (auto& v : iterate(b)) out->dims.push_back(to_int(*this, v));
      return out;
    }
    if (ka == Kind::Str) impl.throw_error("TypeError", "can only concatenate str (not \"" + type_name(b) + "\") to str");
    if (ka == Kind::List) impl.throw_error("TypeError", "can only concatenate list (not \"" + type_name(b) + "\") to list");
    if (ka == Kind::Tuple) impl.throw_error("TypeError", "can only concatenate tuple (not \"" + type_name(b) + "\") to tuple");
  } else if (op == "*") {
    if ((ka == Kind::Str || ka == Kind::List || ka == Kind::Tuple) && is_intlike(b)) return repeat(*this, impl, a, ival(b));
    if ((kb == Kind::Str || kb == Kind::List || kb == Kind::Tuple) && is_intlike(a)) return repeat(*this, impl, b, ival(a));
    if (ka == Kind::Str || ka == Kind::List || ka == Kind::Tuple || kb == Kind::Str || kb == Kind::List || kb == Kind::Tuple) {
      const ObjPtr& other = (ka == Kind::Str || ka == Kind::List || ka == Kind::Tuple) ? b : a;
      impl.throw_error("TypeError", "can't multiply sequence by non-int of type '" + type_name(other) + "'");
    }
  } else if (op == "%" && ka == Kind::Str) {
    return make_str(percent_format(*this, static_cast<StrObj&>(*a).value, b));
  } else if (op == "|" && ka == Kind::Dict && kb == Kind::Dict) {
    auto d = std::make_shared<DictObj>();
    d->items = static_cast<DictObj&>(*a).items;
    for (auto& kv : static_cast<DictObj&>(*b).items) setitem(d, kv.first, kv.second);
    return d;
  }
  if (ka == Kind::Set && kb == Kind::Set) {
    if (ObjPtr r = set_binary_op(*this, op, a, b)) return r;
  }
  std::string shown = augmented ? op + "=" : op == "**" ? "** or pow()" : op;
  impl.throw_error("TypeError", "unsupported operand type(s) for " + shown + ": '" + type_name(a) + "' and '" +
                                    type_name(b) + "'");
}

ObjPtr Interpreter::unary_op(const std::string& op, const ObjPtr& a) {
  if (is_arraylike(a)) {
    if (ObjPtr r = lib::unary_op(*this, op, a)) return r;
  }
  if (is_intlike(a)) {
    int64_t v = ival(a);
    if (op == "-") {
      if (v == INT64_MIN) overflow();
      return make_int(-v);
    }
    if (op == "+") return make_int(v);
    if (op == "~") return make_int(~v);
  } else if (a->kind == Kind::Float) {
    double v = static_cast<FloatObj&>(*a).value;
    if (op == "-") return make_float(-v);
    if (op == "+") return make_float(v);
  } else if (a->kind == Kind::Instance) {
    auto cls = impl_->class_of(a);
    const char* name = op == "-" ? "__neg__" : op == "+" ? "__pos__" : "__invert__";
    if (ObjPtr m = cls ? impl_->class_lookup(*cls, name) : nullptr) {
      CallArgs ca;
      ca.args = {a};
      return call(m, ca);
    }
  }
  impl_->throw_error("TypeError", "bad operand type for unary " + op + ": '" + type_name(a) + "'");
}

// ---------------------------------------------------------------- comparisons

namespace {
// -1/0/1 for orderable builtin values; returns false when the pair is not orderable.
bool order(Interpreter& in, const ObjPtr& a, const ObjPtr& b, int& out);

bool seq_order(Interpreter& in, const std::vector<ObjPtr>& x, const std::vector<ObjPtr>& y, int& out) {
  for (size_t i = 0; i < x.size() && i < y.size(); ++i) {
    if (in.equals(x[i], y[i])) continue;
    return order(in, x[i], y[i], out);
  }
  out = x.size() < y.size() ? -1 : x.size() > y.size() ? 1 : 0;
  return true;
}

bool order(Interpreter& in, const ObjPtr& a, const ObjPtr& b, int& out) {
  if (is_number(a) && is_number(b)) {
    if (is_intlike(a) && is_intlike(b)) {
      out = ival(a) < ival(b) ? -1 : ival(a) > ival(b) ? 1 : 0;
    } else {
      double x = fval(a), y = fval(b);
      if (std::isnan(x) || std::isnan(y)) { out = 2; return true; }  // unordered
      out = x < y ? -1 : x > y ? 1 : 0;
    }
    return true;
  }
  if (a->kind == Kind::Str && b->kind == Kind::Str) {
    int c = static_cast<StrObj&>(*a).value.compare(static_cast<StrObj&>(*b).value);
    out = c < 0 ? -1 : c > 0 ? 1 : 0;
    return true;
  }
  auto seq_kind = [](Kind k) { return k == Kind::List ? 1 : (k == Kind::Tuple || k == Kind::Size) ? 2 : 0; };
  if (seq_kind(a->kind) && seq_kind(a->kind) == seq_kind(b->kind))
    return seq_order(in, in.iterate(a), in.iterate(b), out);
  return false;
}
}  // namespace

bool Interpreter::equals(const ObjPtr& a, const ObjPtr& b) {
  if (a.get() == b.get()) return true;
  return truthy(compare("==", a, b));
}

ObjPtr Interpreter::compare(const std::string& op, const ObjPtr& a, const ObjPtr& b) {
  RecursionScope scope(*this, " in comparison");
  auto& impl = *impl_;
  if (op == "is") return make_bool(a.get() == b.get());
  if (op == "is not") return make_bool(a.get() != b.get());
  if (op == "in" || op == "not in") {
    bool found = false;
    const ObjPtr& c = b;
    switch (c->kind) {
      case Kind::Str:
        if (a->kind != Kind::Str)
          impl.throw_error("TypeError", "'in <string>' requires string as left operand, not " + type_name(a));
        found = static_cast<StrObj&>(*c).value.find(static_cast<StrObj&>(*a).value) != std::string::npos;
        break;
      case Kind::Dict:
        if (a->kind == Kind::List || a->kind == Kind::Dict || (a->kind == Kind::Set && !static_cast<SetObj&>(*a).frozen))
          impl.throw_error("TypeError", "unhashable type: '" + type_name(a) + "'");
        found = dict_lookup(*this, static_cast<DictObj&>(*c), a) >= 0;
        break;
      case Kind::Range: {
        if (!is_intlike(a)) {
          for (auto& x : iterate(c)) if (equals(x, a)) { found = true; break; }
          break;
        }
        auto& r = static_cast<RangeObj&>(*c);
        int64_t v = ival(a);
        found = r.step > 0 ? (v >= r.start && v < r.stop) : (v <= r.start && v > r.stop);
        found = found && (v - r.start) % r.step == 0;
        break;
      }
      case Kind::Tensor: case Kind::NdArray: {
        ObjPtr eq = lib::binary_op(*this, "==", c, a);
        if (!eq) impl.throw_error("TypeError", "unsupported operand for in");
        CallArgs none;
        found = truthy(call(getattr(eq, "any"), none));
        break;
      }
      case Kind::Instance: {
        auto cls = impl.class_of(c);
        if (ObjPtr m = cls ? impl.class_lookup(*cls, "__contains__") : nullptr) {
          CallArgs ca;
          ca.args = {c, a};
          found = truthy(call(m, ca));
          break;
        }
        ObjPtr it = iter(c);  // stops at the first match, leaving an iterator there
        while (ObjPtr x = next_item(it)) if (equals(x, a)) { found = true; break; }
        break;
      }
      case Kind::List: case Kind::Tuple: case Kind::Size: {
        for (auto& x : iterate(c)) if (equals(x, a)) { found = true; break; }
        break;
      }
      case Kind::Set: found = set_contains(*this, static_cast<SetObj&>(*c), a); break;
      case Kind::Bytes: found = bytes_contains(*this, static_cast<BytesObj&>(*c), a); break;
      default:
        impl.throw_error("TypeError", "argument of type '" + type_name(c) + "' is not iterable");
    }
    return make_bool(op == "in" ? found : !found);
  }
  if (is_arraylike(a) || is_arraylike(b)) {
    if (ObjPtr r = lib::binary_op(*this, op, a, b)) return r;
  }
  if (a->kind == Kind::Instance || b->kind == Kind::Instance) {
    auto it = dunders().find(op);
    if (a->kind == Kind::Instance) {
      auto cls = impl.class_of(a);
      if (ObjPtr m = cls && cls->is_user ? impl.class_lookup(*cls, it->second.first) : nullptr) {
        CallArgs ca;
        ca.args = {a, b};
        return call(m, ca);
      }
    }
    if (b->kind == Kind::Instance) {
      auto cls = impl.class_of(b);
      if (ObjPtr m = cls && cls->is_user ? impl.class_lookup(*cls, it->second.second) : nullptr) {
        CallArgs ca;
        ca.args = {b, a};
        return call(m, ca);
      }
    }
  }
  if (a->kind == Kind::Set && b->kind == Kind::Set) {
    if (ObjPtr r = set_richcompare(*this, op, a, b)) return r;
  }
  if (op == "==" || op == "!=") {
    bool eq;
    if (is_number(a) && is_number(b)) {
      eq = (is_intlike(a) && is_intlike(b)) ? ival(a) == ival(b) : fval(a) == fval(b);
    } else if (a->kind == Kind::Str && b->kind == Kind::Str) {
      eq = static_cast<StrObj&>(*a).value == static_cast<StrObj&>(*b).value;
    } else if (a->kind == Kind::DType && b->kind == Kind::DType) {
      eq = static_cast<DTypeObj&>(*a).dtype == static_cast<DTypeObj&>(*b).dtype;
    } else if (a->kind == Kind::Device && b->kind == Kind::Device) {
      auto &x = static_cast<DeviceObj&>(*a), &y = static_cast<DeviceObj&>(*b);
      eq = x.device.type == y.device.type && x.python_index() == y.python_index();
    } else if (a->kind == Kind::Range && b->kind == Kind::Range) {
      eq = repr(a) == repr(b);
    } else if (a->kind == Kind::Bytes && b->kind == Kind::Bytes) {  // bytes == bytearray compares the bytes
      eq = bytes_value(static_cast<BytesObj&>(*a)) == bytes_value(static_cast<BytesObj&>(*b));
    } else if (a->kind == Kind::Dict && b->kind == Kind::Dict) {
      auto& x = static_cast<DictObj&>(*a).items;
      auto& y = static_cast<DictObj&>(*b).items;
      eq = x.size() == y.size();
      for (size_t i = 0; eq && i < x.size(); ++i) {
        bool hit = false;
        for (auto& kv : y)
          if (equals(kv.first, x[i].first)) { hit = equals(kv.second, x[i].second); break; }
        eq = hit;
      }
    } else {
      int kind_a = a->kind == Kind::List ? 1 : (a->kind == Kind::Tuple || a->kind == Kind::Size) ? 2 : 0;
      int kind_b = b->kind == Kind::List ? 1 : (b->kind == Kind::Tuple || b->kind == Kind::Size) ? 2 : 0;
      if (kind_a && kind_a == kind_b) {
        auto x = iterate(a), y = iterate(b);
        eq = x.size() == y.size();
        for (size_t i = 0; eq && i < x.size(); ++i) eq = equals(x[i], y[i]);
      } else {
        eq = a.get() == b.get();
      }
    }
    return make_bool(op == "==" ? eq : !eq);
  }
  int c;
  if (order(*this, a, b, c)) {
    if (c == 2) return make_bool(false);  // nan
    bool r = op == "<" ? c < 0 : op == "<=" ? c <= 0 : op == ">" ? c > 0 : c >= 0;
    return make_bool(r);
  }
  impl.throw_error("TypeError", "'" + op + "' not supported between instances of '" + type_name(a) + "' and '" +
                                    type_name(b) + "'");
}

}  // namespace tp::interp
