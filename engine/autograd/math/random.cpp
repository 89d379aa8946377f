// normal_impl / normal_out_impl (DistributionTemplates.h): the samples are drawn by normal_ into a
// fresh contiguous tensor, then scaled and shifted as PyTorch does it (add_(mean), or
// mul_(std).add_(mean)); those in-place steps run below autograd there, so the result has
// version 0 and a single Normal node whose gradients are zeros.
#include "autograd/math/random.h"

#include <cstdio>

#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "core/error.h"
#include "ops/pointwise.h"

namespace tp {

namespace {

void check_std(double std) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", std);
  TP_CHECK(std >= 0.0, std::string("normal expects std >= 0.0, but found std ") + buf);
}

void check_std(const Tensor& std) {
  TP_CHECK(std.numel() == 0 || native::item(native::min_all(std)).to_double() >= 0,
           "normal expects all elements of std >= 0.0");
}

// A fresh contiguous tensor of `sizes` filled by normal_(0, std) (its own version bump is not seen).
Tensor samples(const Shape& sizes, DType dtype, Device device, double std) {
  Tensor r = native::empty(sizes, dtype, device);
  if (r.numel() > 0) native::normal_(r, 0.0, std);
  return r;
}

// `out op= other` for a fresh `out`: computed out of place, then kept in out's dtype (in-place
// arithmetic casts the promoted result back).
Tensor keep_dtype(const Tensor& r, DType dt) { return r.dtype() == dt ? r : native::to(r, dt, r.device(), false); }

Tensor record(Tensor out, const char* name, const std::vector<Tensor>& inputs) {
  if (auto n = make_node(name, inputs, out.dtype())) {
    std::vector<Shape> shapes;
    std::vector<DType> dtypes;
    for (const Tensor& t : inputs) {
      shapes.push_back(t.sizes());
      dtypes.push_back(t.dtype());
    }
    n->formula = [shapes](const BackwardCtx& c) -> TensorList {  // zeros of each input's shape
      TensorList r;
      for (const Shape& s : shapes) r.push_back(zeros(s, c.grad().dtype(), c.grad().device()));
      return r;
    };
    set_history(out, n);
  }
  return out;
}

}  // namespace

Tensor normal(const Tensor& mean, double std) {
  check_std(std);
  Tensor r = samples(mean.sizes(), mean.dtype(), mean.device(), std);
  return record(keep_dtype(native::add(r, mean), r.dtype()), "NormalBackward1", {mean});
}

Tensor normal(double mean, const Tensor& std) {
  check_std(std);
  Tensor r = samples(std.sizes(), std.dtype(), std.device(), 1.0);
  Tensor mean_tensor = native::full({}, Scalar::from_double(mean), r.dtype(), r.device());
  Tensor scaled = keep_dtype(native::mul(r, std), r.dtype());
  return record(keep_dtype(native::add(scaled, mean_tensor), r.dtype()), "NormalBackward2", {std});
}

Tensor normal(const Tensor& mean, const Tensor& std) {
  check_std(std);
  Shape shape = native::broadcast_shapes(mean.sizes(), std.sizes());
  Tensor r = samples(shape, mean.dtype(), mean.device(), 1.0);
  Tensor scaled = keep_dtype(native::mul(r, std), r.dtype());
  return record(keep_dtype(native::add(scaled, mean), r.dtype()), "NormalBackward3", {mean, std});
}

// bernoulli(self): empty_like(self) filled by bernoulli_(self) (probabilities = self).
Tensor bernoulli(const Tensor& p) {
  Tensor out = native::empty(p.sizes(), p.dtype(), p.device());
  native::bernoulli_tensor_(out, p);
  return record(native::clone(out), "BernoulliBackward0", {p});  // a clone: version 0, as in PyTorch
}

}  // namespace tp
