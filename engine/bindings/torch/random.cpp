// torch.normal (its four overloads), torch.bernoulli / Tensor.bernoulli(_) with probability
// tensors (autograd/math/random.h). Scalar-p bernoulli refuses: see Note [Scalar bernoulli].
#include "autograd/math/random.h"
#include "core/context.h"
#include "core/error.h"
#include "bindings/install.h"

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

}  // namespace

void install_random_ops(Interpreter& in, ModuleObj& torch, ClassObj& tc) {
  // normal(Tensor mean, Tensor std) | normal(Tensor mean, float std=1) | normal(float mean, Tensor std) |
  // normal(float mean, float std, size, *, dtype=None, device=None, requires_grad=False)
  def(torch, "torch.", "normal", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.normal", a);
    ObjPtr mean = p.get("mean", 0), std = p.get("std", 1), size = p.get("size", 2);
    check_generator(in, p, "normal");
    if (p.kw("out")) throw TorchError("NotImplementedError", "tensorplay: normal(out=...) is not supported");
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
  method(tc, "bernoulli_", [](Interpreter& in, Tensor& self, ArgParser& p) {
    ObjPtr prob = p.get("p", 0);
    check_generator(in, p, "bernoulli_");
    if (!is_tensor(prob)) refuse_scalar_p("bernoulli_(p)");
    return in.wrap_tensor(tp::bernoulli_(self, tensor_of(prob)));
  });
}

}  // namespace tp::interp::lib
