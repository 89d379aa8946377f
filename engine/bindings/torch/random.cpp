// torch.normal (its four overloads), torch.bernoulli / Tensor.bernoulli(_) with probability
// tensors (autograd/math/random.h). Scalar-p bernoulli refuses: see Note [Scalar bernoulli].
#include "autograd/math/random.h"
#include "core/context.h"
#include "core/error.h"
#include "bindings/install.h"
#include "ops/native.h"

#include <cstdio>

namespace tp::interp::lib {

namespace {

// Note [Scalar bernoulli]: bernoulli_(p: float) (and torch.bernoulli(x, p)) takes a different CPU
// kernel from the tensor-p one: on Intel CPUs with MKL it samples with MKL's own generator, so its
// values depend on the machine; refusing beats printing values PyTorch would not produce.
[[noreturn]] void refuse_scalar_p(const std::string& what) {
  throw TorchError("NotImplementedError",
                   "tensorplay cannot reproduce " + what + " with a float probability: PyTorch's CPU kernel for it "
                   "uses Intel MKL's generator on Intel CPUs (mt19937 elsewhere), so its values depend on the "
                   "machine. Pass the probabilities as a tensor instead (e.g. torch.bernoulli(torch.full_like(x, p))).");
}

// generator=None or torch.default_generator: the only generator these kernels draw from.
void check_generator(Interpreter& in, ArgParser& p, const std::string& fn) {
  ObjPtr g = p.kw("generator");
  if (!is_none(g) && g != state(in).generator)
    throw TorchError("NotImplementedError", fn + "(generator=...) with a generator other than torch.default_generator "
                                                 "is not supported by the playground");
}

// The out op bumps out's version once (VariableType's increment_version), whatever ran inside it.
void bumped_once(const Tensor& o, int64_t before) { o.impl()->version_counter->version = before + 1; }

// `o op= other` in place: TensorIterator wants the promoted result castable to o's dtype.
Tensor in_place_result(const Tensor& r, const Tensor& o) {
  TP_CHECK(can_cast(r.dtype(), o.dtype()), "result type " + scalar_type_name(r.dtype()) +
                                               " can't be cast to the desired output type " + scalar_type_name(o.dtype()));
  return r.dtype() == o.dtype() ? r : native::to(r, o.dtype(), o.device(), false);
}

// torch.normal(..., out=t). The tensor overloads are normal_out_impl (DistributionTemplates.h):
// autograd refusal, the std check, then the shape: mean's broadcast with out's *current* shape
// (std_tensor = empty_like(output)) for normal(Tensor mean, float std), the std's for normal(float
// mean, Tensor std), mean's with std's for two tensors; resize_output (its warning), normal_ into
// out itself (none when it is empty: CHECK_EMPTY_AND_RETURN), then out.add_(mean) or
// out.mul_(std).add_(mean) in place. normal(float, float, size) is normal_out (TensorFactories.cpp):
// result.resize_(size) (no warning), then normal_(mean, std).
ObjPtr normal_out(Interpreter& in, ArgParser& p, const ObjPtr& mean, const ObjPtr& std, const ObjPtr& size,
                  const ObjPtr& out) {
  if (!is_tensor(out)) throw TorchError("TypeError", "normal(): argument 'out' must be Tensor, not " + in.type_name(out));
  const Tensor& o = tensor_of(out);
  int64_t v0 = o.version();
  bool tm = is_tensor(mean), ts = is_tensor(std);
  if (!tm && !ts) {
    if (is_none(mean) || is_none(std) || is_none(size))
      throw TorchError("TypeError", "normal() received an invalid combination of arguments");
    double m = to_double(in, mean, "argument 'mean'"), s = to_double(in, std, "argument 'std'");
    Shape shape = to_int_list(in, size, "argument 'size'");
    if (ObjPtr dt = p.kw("dtype"); !is_none(dt))  // check_out_type_matches
      TP_CHECK(to_dtype(dt) == o.dtype(), "dtype " + scalar_type_name(to_dtype(dt)) + " does not match dtype of out parameter (" +
                                              scalar_type_name(o.dtype()) + ")");
    p.kw("layout");
    p.kw("device");
    p.kw("pin_memory");
    p.kw("requires_grad");
    p.finish();
    native::resize_(o, shape, std::nullopt);
    native::normal_(o, m, s);
    bumped_once(o, v0);
    return out;
  }
  p.finish();
  std::vector<Tensor> inputs;
  if (tm) inputs.push_back(tensor_of(mean));
  if (ts) inputs.push_back(tensor_of(std));
  check_out_requires_grad("normal", inputs, o);
  double sd = 1.0;
  Shape shape;
  if (!ts) {  // CHECK_NORMAL_STD
    sd = is_none(std) ? 1.0 : to_double(in, std, "argument 'std'");
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g", sd);
    TP_CHECK(sd >= 0.0, std::string("normal expects std >= 0.0, but found std ") + buf);
    shape = native::broadcast_shapes(tensor_of(mean).sizes(), o.sizes());
  } else {  // CHECK_NORMAL_TENSOR_STD
    const Tensor& s = tensor_of(std);
    TP_CHECK(s.numel() == 0 || native::item(native::min_all(s)).to_double() >= 0, "normal expects all elements of std >= 0.0");
    shape = tm ? native::broadcast_shapes(tensor_of(mean).sizes(), s.sizes()) : s.sizes();
  }
  resize_output(o, shape);
  if (o.numel() > 0) native::normal_(o, 0.0, sd);
  Tensor r = o;
  if (ts) r = in_place_result(native::mul(o, tensor_of(std)), o);
  Tensor m = tm ? tensor_of(mean)
                : native::full({}, Scalar::from_double(to_double(in, mean, "argument 'mean'")), o.dtype(), o.device());
  native::write_result_(o, in_place_result(native::add(r, m), o));
  bumped_once(o, v0);
  return out;
}

}  // namespace

void install_random_ops(Interpreter& in, ModuleObj& torch, ClassObj& tc) {
  // normal(Tensor mean, Tensor std) | normal(Tensor mean, float std=1) | normal(float mean, Tensor std) |
  // normal(float mean, float std, size, *, dtype=None, device=None, requires_grad=False)
  def(torch, "torch.", "normal", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.normal", a);
    ObjPtr mean = p.get("mean", 0), std = p.get("std", 1), size = p.get("size", 2);
    check_generator(in, p, "normal");
    if (ObjPtr out = p.kw("out"); !is_none(out)) return normal_out(in, p, mean, std, size, out);
    if (is_tensor(mean) && is_tensor(std)) {
      p.finish();
      return in.wrap_tensor(tp::normal(tensor_of(mean), tensor_of(std)));
    }
    if (is_tensor(mean)) {
      p.finish();
      return in.wrap_tensor(tp::normal(tensor_of(mean), is_none(std) ? 1.0 : to_double(in, std, "argument 'std'")));
    }
    if (is_tensor(std)) {
      p.finish();
      return in.wrap_tensor(tp::normal(to_double(in, mean, "argument 'mean'"), tensor_of(std)));
    }
    if (is_none(mean) || is_none(std) || is_none(size))
      throw TorchError("TypeError", "normal() received an invalid combination of arguments");
    double m = to_double(in, mean, "argument 'mean'"), s = to_double(in, std, "argument 'std'");
    Shape shape = to_int_list(in, size, "argument 'size'");
    DType dt = opt_dtype(p.kw("dtype")).value_or(ctx().default_dtype);
    Device dev = device_or(p.kw("device"), Device{});
    bool rg = bool_arg(in, p.kw("requires_grad"), false);
    p.kw("layout");
    p.kw("pin_memory");
    p.finish();
    Tensor out = tp::empty(shape, dt, dev);
    native::normal_(out, m, s);
    Tensor fresh = native::clone(out);  // the factory's normal_ runs below autograd: version 0
    if (rg) tp::set_factory_requires_grad(fresh, true);
    return in.wrap_tensor(fresh);
  });

  // bernoulli(input, p=None, *, generator=None): input holds the probabilities.
  method(tc, "bernoulli", [](Interpreter& in, Tensor& self, ArgParser& p) {
    ObjPtr prob = p.get("p", 0);
    check_generator(in, p, "bernoulli");
    if (!is_none(prob)) refuse_scalar_p("bernoulli(p=...)");
    return in.wrap_tensor(tp::bernoulli(self));
  }, &torch);
  // torch.bernoulli(input, *, generator=None, out=t): bernoulli_out_impl (DistributionTemplates.h):
  // result.resize_(self.sizes()) (no warning), then result.bernoulli_(self) in out's dtype. The
  // float-p overload has no out.
  ObjPtr plain = torch.get("bernoulli");
  def(torch, "torch.", "bernoulli", [plain](Interpreter& in, CallArgs& a) -> ObjPtr {
    ObjPtr out = pop_out_kwarg(a);
    if (is_none(out)) return in.call(plain, std::move(a));
    if (!is_tensor(out)) throw TorchError("TypeError", "bernoulli(): argument 'out' must be Tensor, not " + in.type_name(out));
    ArgParser p(in, "bernoulli", a);
    const Tensor& self = tensor_arg(in, p.required("input", 0), "bernoulli", "input", 1);
    if (!is_none(p.get("p", 1))) refuse_scalar_p("bernoulli(p=...)");
    check_generator(in, p, "bernoulli");
    p.finish();
    const Tensor& o = tensor_of(out);
    int64_t v0 = o.version();
    check_out_requires_grad("bernoulli", {self}, o);
    native::resize_(o, self.sizes(), std::nullopt);
    native::bernoulli_tensor_(o, self);
    bumped_once(o, v0);
    return out;
  });
  method(tc, "bernoulli_", [](Interpreter& in, Tensor& self, ArgParser& p) {
    ObjPtr prob = p.get("p", 0);
    check_generator(in, p, "bernoulli_");
    if (!is_tensor(prob)) refuse_scalar_p("bernoulli_(p)");
    return in.wrap_tensor(tp::bernoulli_(self, tensor_of(prob)));
  });
}

}  // namespace tp::interp::lib
