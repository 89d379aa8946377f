// logit with derivatives.yaml's (infinitely_differentiable_)logit_backward, heaviside (PyTorch has
// no derivative for it) and isin.
#include "autograd/math/special_ops.h"

#include <limits>

#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "core/context.h"
#include "core/error.h"

namespace tp {

// grad / (x * (1 - x)) inside [eps, 1 - eps] (or [0, 1] without eps); outside: 0 with eps, NaN without.
Tensor logit(const Tensor& self, std::optional<double> eps) {
  Tensor out = native::logit(self, eps.value_or(-1.0));
  if (auto n = make_node("LogitBackward0", {self}, out.dtype())) {
    n->save("self", self);
    n->formula = [eps](const BackwardCtx& c) -> TensorList {
      Tensor x = c.get("self");
      double lo = eps.value_or(0.0), hi = 1.0 - lo;
      Tensor inside = native::logical(compare(x, scalar_tensor(lo), CompareOp::Ge), compare(x, scalar_tensor(hi), CompareOp::Le),
                                      native::LogicalOp::And);
      Tensor g = div(c.grad(), mul(x, rsub(x, scalar_tensor(1.0))));
      double outside = eps ? 0.0 : std::numeric_limits<double>::quiet_NaN();
      return {where(inside, g, native::full({}, Scalar::from_double(outside), g.dtype(), g.device()))};
    };
    set_history(out, n);
  }
  return out;
}

Tensor heaviside(const Tensor& self, const Tensor& values) {
  if (compute_requires_grad({self, values}))
    throw TorchError("NotImplementedError", "tensorplay: heaviside has no derivative in PyTorch; call it on tensors "
                                            "that do not require grad (e.g. under torch.no_grad())");
  return native::heaviside(self, values);
}

Tensor isin(const Tensor& elements, const Tensor& test_elements, bool invert) {
  return native::isin(elements, test_elements, invert);
}

}  // namespace tp
