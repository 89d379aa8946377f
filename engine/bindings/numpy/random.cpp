// numpy.random: the legacy RandomState (numpy/random/mtrand.pyx) and the module functions that
// are methods of its hidden global instance (np.random.seed / rand / randn / randint / ...).
// Streams are bit-exact with NumPy (core/numpy_random_state.h). Note [Unseeded numpy.random]:
// NumPy seeds an unseeded RandomState from OS entropy; the playground must replay identically, so
// the session's global state starts from MT19937's reference seed 5489 instead.
#include <cmath>
#include <climits>

#include "core/context.h"
#include "core/error.h"
#include "core/numpy_random_state.h"
#include "bindings/install.h"
#include "bindings/numpy/ndarray.h"

namespace tp::interp::lib {

namespace {

constexpr uint32_t kUnseededSeed = 5489;

struct RandomStateObj : InstanceObj {
  TP_OBJECT_SUBTYPE(RandomState)
  explicit RandomStateObj(uint32_t seed) : InstanceObj("RandomState"), rs(seed) { subtype = kSubtype; }
  NumpyRandomState rs;
};

NumpyRandomState& state_of(Interpreter& in, const ObjPtr& self) {
  auto* r = obj_cast<RandomStateObj>(self.get());
  if (!r) throw TorchError("TypeError", "descriptor requires a 'numpy.random.mtrand.RandomState' object but received a '" +
                                            in.type_name(self) + "'");
  return r->rs;
}

// mtrand's _legacy_seeding for integer seeds.
uint32_t seed_arg(Interpreter& in, const ObjPtr& o) {
  if (o->kind != Kind::Int && o->kind != Kind::Bool)
    throw TorchError("NotImplementedError", "numpy.random.seed() takes an int in the playground");
  int64_t s = to_int(in, o);
  if (s < 0 || s > int64_t(0xFFFFFFFFll)) throw TorchError("ValueError", "Seed must be between 0 and 2**32 - 1");
  return uint32_t(s);
}

// size=None (one Python scalar) or an int / tuple of ints.
std::optional<Shape> size_arg(Interpreter& in, const ObjPtr& o) {
  if (!o || is_none(o)) return std::nullopt;
  if (o->kind == Kind::Int) return Shape{to_int(in, o)};
  return to_int_list(in, o, "size");
}

int64_t numel_of(const Shape& s) {
  int64_t n = 1;
  for (int64_t d : s) n *= d;
  return n;
}

// Fills a fresh float64 array (C order, as numpy's cont() loops) or returns one Python float.
template <class Draw>
ObjPtr doubles(Interpreter& in, const std::optional<Shape>& size, Draw draw) {
  if (!size) return in.make_float(draw());
  Tensor out = tp::zeros(*size, DType::Float64, Device{});
  auto* d = reinterpret_cast<double*>(out.raw(0));
  for (int64_t i = 0, n = numel_of(*size); i < n; ++i) d[i] = draw();
  return in.wrap_ndarray(out);
}

Shape dims_of(Interpreter& in, ArgParser& p) {
  Shape s;
  for (auto& o : p.args_from(0)) s.push_back(to_int(in, o));
  return s;
}

// _rand_int64 / _rand_int32 scalar-bounds path with use_masked=True (legacy randint).
ObjPtr randint(Interpreter& in, NumpyRandomState& rs, int64_t low, int64_t high, const std::optional<Shape>& size,
               DType dtype) {
  const char* name = dtype == DType::Int32 ? "int32" : "int64";
  int64_t lb = dtype == DType::Int32 ? INT32_MIN : INT64_MIN, ub = dtype == DType::Int32 ? INT32_MAX : INT64_MAX;
  if (size && numel_of(*size) == 0) return in.wrap_ndarray(tp::zeros(*size, dtype, Device{}));
  int64_t last = high - 1;  // the generator draws on the closed interval [low, high - 1]
  if (low < lb) throw TorchError("ValueError", std::string("low is out of bounds for ") + name);
  if (last > ub) throw TorchError("ValueError", std::string("high is out of bounds for ") + name);
  if (low > last) throw TorchError("ValueError", low == 0 ? "high <= 0" : "low >= high");  // format_bounds_error
  uint64_t rng = uint64_t(last) - uint64_t(low), off = uint64_t(low);
  if (!size) return in.make_int(int64_t(rs.bounded(off, rng)));
  Tensor out = tp::zeros(*size, dtype, Device{});
  for (int64_t i = 0, n = numel_of(*size); i < n; ++i) out.set_at(i, Scalar::from_int(int64_t(rs.bounded(off, rng))));
  return in.wrap_ndarray(out);
}

// Legacy shuffle: for i = n-1 .. 1 swap item i with random_interval(i), along the first axis.
void shuffle(Interpreter& in, NumpyRandomState& rs, const ObjPtr& x) {
  if (x->kind == Kind::List) {
    auto& items = cast<ListObj>(x).items;
    for (int64_t i = int64_t(items.size()) - 1; i >= 1; --i) std::swap(items[size_t(i)], items[rs.interval(uint64_t(i))]);
    return;
  }
  if (!is_ndarray(x)) throw TorchError("NotImplementedError", "numpy.random.shuffle() takes a list or an ndarray in the playground");
  const Tensor& a = array_of(x);
  if (a.dim() == 0) throw TorchError("TypeError", "len() of unsized object");
  GradModeGuard off(false);
  Tensor v = np_view(a);
  for (int64_t i = a.sizes()[0] - 1; i >= 1; --i) {
    int64_t j = int64_t(rs.interval(uint64_t(i)));
    if (i == j) continue;
    Tensor buf = tp::clone(tp::select(v, 0, j));
    tp::copy_(tp::select(v, 0, j), tp::select(v, 0, i));
    tp::copy_(tp::select(v, 0, i), buf);
  }
}

ObjPtr permutation(Interpreter& in, NumpyRandomState& rs, const ObjPtr& x) {
  ObjPtr arr;
  if (x->kind == Kind::Int) arr = in.wrap_ndarray(tp::arange(Scalar::from_int(0), Scalar::from_int(to_int(in, x)),
                                                             Scalar::from_int(1), DType::Int64, Device{}));
  else arr = in.wrap_ndarray(np_c_copy(is_ndarray(x) ? array_of(x) : np_array_from(in, x, std::nullopt)));
  if (array_of(arr).dim() < 1) throw TorchError("IndexError", "x must be an integer or at least 1-dimensional");
  shuffle(in, rs, arr);  // shuffling an index of the rows draws the same numbers as shuffling the rows
  return arr;
}

// Legacy choice without p: randint(0, pop_size) with replacement, else permutation(pop_size)[:size].
ObjPtr choice(Interpreter& in, NumpyRandomState& rs, const ObjPtr& a, const std::optional<Shape>& size, bool replace) {
  ObjPtr pool = a->kind == Kind::Int ? nullptr : np_array_obj(in, a);
  if (pool && array_of(pool).dim() != 1) throw TorchError("ValueError", "a must be 1-dimensional");
  int64_t pop = pool ? array_of(pool).sizes()[0] : to_int(in, a);
  int64_t n = size ? numel_of(*size) : 1;
  if (pool && pop == 0 && n != 0) throw TorchError("ValueError", "'a' cannot be empty unless no samples are taken");
  if (!pool && pop <= 0 && n != 0) throw TorchError("ValueError", "a must be greater than 0 unless no samples are taken");
  Tensor idx;
  if (replace) {
    ObjPtr r = randint(in, rs, 0, pop, size.value_or(Shape{}), DType::Int64);
    idx = array_of(r);
  } else {
    if (n > pop) throw TorchError("ValueError", "Cannot take a larger sample than population when 'replace=False'");
    ObjPtr perm = permutation(in, rs, in.make_int(pop));
    idx = tp::reshape(tp::clone(tp::narrow(array_of(perm), 0, 0, n)), size.value_or(Shape{}));
  }
  GradModeGuard off(false);
  if (pool) idx = tp::reshape(tp::index_select(array_of(pool), 0, tp::reshape(idx, {-1})), size.value_or(Shape{}));
  return np_result(in, idx);  // size=None: one Python number
}

using RsMethod = Callable<ObjPtr(Interpreter&, NumpyRandomState&, ArgParser&)>;

void rs_method(ClassObj& cls, const std::string& name, RsMethod m) {
  def(cls, "RandomState.", name, [name, m](Interpreter& in, CallArgs& a) -> ObjPtr {
    NumpyRandomState& rs = state_of(in, a.args.at(0));
    a.args.erase(a.args.begin());
    ArgParser p(in, name, a);
    ObjPtr r = m(in, rs, p);
    p.finish();
    return r;
  });
}

void install_methods(ClassObj& cls) {
  rs_method(cls, "seed", [](Interpreter& in, NumpyRandomState& rs, ArgParser& p) {
    ObjPtr s = p.get("seed", 0);
    rs.seed(!s || is_none(s) ? kUnseededSeed : seed_arg(in, s));
    return in.none();
  });
  rs_method(cls, "rand", [](Interpreter& in, NumpyRandomState& rs, ArgParser& p) {
    Shape s = dims_of(in, p);
    return doubles(in, p.count() ? std::optional<Shape>(s) : std::nullopt, [&] { return rs.random_sample(); });
  });
  rs_method(cls, "randn", [](Interpreter& in, NumpyRandomState& rs, ArgParser& p) {
    Shape s = dims_of(in, p);
    return doubles(in, p.count() ? std::optional<Shape>(s) : std::nullopt, [&] { return rs.gauss(); });
  });
  for (const char* n : {"random_sample", "random", "sample", "ranf"})
    rs_method(cls, n, [](Interpreter& in, NumpyRandomState& rs, ArgParser& p) {
      return doubles(in, size_arg(in, p.get("size", 0)), [&] { return rs.random_sample(); });
    });
  rs_method(cls, "standard_normal", [](Interpreter& in, NumpyRandomState& rs, ArgParser& p) {
    return doubles(in, size_arg(in, p.get("size", 0)), [&] { return rs.gauss(); });
  });
  rs_method(cls, "uniform", [](Interpreter& in, NumpyRandomState& rs, ArgParser& p) {
    double low = double_arg(in, p.get("low", 0), 0.0), high = double_arg(in, p.get("high", 1), 1.0);
    auto size = size_arg(in, p.get("size", 2));
    double range = high - low;
    if (!std::isfinite(range)) throw TorchError("OverflowError", "Range exceeds valid bounds");
    return doubles(in, size, [&] { return low + range * rs.random_sample(); });  // random_uniform
  });
  rs_method(cls, "normal", [](Interpreter& in, NumpyRandomState& rs, ArgParser& p) {
    double loc = double_arg(in, p.get("loc", 0), 0.0), scale = double_arg(in, p.get("scale", 1), 1.0);
    auto size = size_arg(in, p.get("size", 2));
    if (!(scale >= 0)) throw TorchError("ValueError", "scale < 0");
    return doubles(in, size, [&] { return loc + scale * rs.gauss(); });  // legacy_normal
  });
  rs_method(cls, "randint", [](Interpreter& in, NumpyRandomState& rs, ArgParser& p) {
    ObjPtr lo = p.required("low", 0), hi = p.get("high", 1);
    auto size = size_arg(in, p.get("size", 2));
    ObjPtr dt = p.get("dtype", 3);
    DType d = !dt || is_none(dt) ? DType::Int64 : np_dtype(in, dt).value_or(DType::Int64);
    if (d != DType::Int64 && d != DType::Int32)
      throw TorchError("NotImplementedError", "numpy.random.randint() makes int64 or int32 in the playground");
    int64_t low = 0, high = to_int(in, lo);
    if (hi && !is_none(hi)) { low = high; high = to_int(in, hi); }
    return randint(in, rs, low, high, size, d);
  });
  rs_method(cls, "choice", [](Interpreter& in, NumpyRandomState& rs, ArgParser& p) {
    ObjPtr a = p.required("a", 0);
    auto size = size_arg(in, p.get("size", 1));
    bool replace = bool_arg(in, p.get("replace", 2), true);
    ObjPtr prob = p.get("p", 3);
    if (prob && !is_none(prob)) throw TorchError("NotImplementedError", "numpy.random.choice(p=...) is not supported by the playground");
    return choice(in, rs, a, size, replace);
  });
  rs_method(cls, "shuffle", [](Interpreter& in, NumpyRandomState& rs, ArgParser& p) {
    shuffle(in, rs, p.required("x", 0));
    return in.none();
  });
  rs_method(cls, "permutation", [](Interpreter& in, NumpyRandomState& rs, ArgParser& p) {
    return permutation(in, rs, p.required("x", 0));
  });
}

}  // namespace

void install_numpy_random(Interpreter& in, ModuleObj& np) {
  auto random = std::make_shared<ModuleObj>("numpy.random");
  auto cls = make_class("RandomState");
  cls->set("__module__", in.make_str("numpy.random.mtrand"));
  install_methods(*cls);
  std::weak_ptr<ClassObj> weak = cls;
  cls->call_hook = [weak](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "RandomState", a);
    ObjPtr s = p.get("seed", 0);
    p.finish();
    auto o = std::make_shared<RandomStateObj>(!s || is_none(s) ? kUnseededSeed : seed_arg(in, s));
    o->cls = weak.lock();
    return o;
  };
  random->set("RandomState", cls);
  // The module functions are bound methods of one session-owned instance (mtrand's _rand).
  auto global = std::make_shared<RandomStateObj>(kUnseededSeed);
  global->cls = cls;
  for (const char* n : {"seed", "rand", "randn", "random_sample", "random", "sample", "ranf", "standard_normal",
                        "uniform", "normal", "randint", "choice", "shuffle", "permutation"})
    random->set(n, in.bind(global, cls->get(n)));
  np.set("random", random);
  in.register_module("numpy.random", random);
}

}  // namespace tp::interp::lib
