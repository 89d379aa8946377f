// Shared helpers for the autograd unit tests: building float tensors and reading values back.
#pragma once
#include <string>
#include <vector>

#include "autograd/functions.h"
#include "autograd/graph.h"
#include "autograd/grad_utils.h"
#include "core/context.h"
#include "core/error.h"

namespace tp::testing {

inline Tensor make(const std::vector<double>& v, const Shape& sizes, bool requires_grad = false,
                   DType dtype = DType::Float32) {
  std::vector<Scalar> s;
  for (double x : v) s.push_back(Scalar::from_double(x));
  Tensor t = native::from_scalars(s, sizes, dtype, Device{});
  if (requires_grad) set_factory_requires_grad(t, true);
  return t;
}
inline Tensor vec(const std::vector<double>& v, bool requires_grad = false, DType dtype = DType::Float32) {
  return make(v, {int64_t(v.size())}, requires_grad, dtype);
}
inline Tensor num(double v) { return native::wrap_scalar(Scalar::from_double(v)); }
inline Tensor inum(int64_t v) { return native::wrap_scalar(Scalar::from_int(v)); }

inline std::vector<double> vals(const Tensor& t) { return values_of(t); }
inline std::string fn_name(const Tensor& t) {
  auto fn = grad_fn(t);
  return fn ? fn->name() : "None";
}
// next_functions as "Name:nr" strings ("None:0" for invalid edges).
inline std::vector<std::string> next_names(const std::shared_ptr<Node>& n) {
  std::vector<std::string> out;
  for (const auto& e : n->next_edges)
    out.push_back((e.function ? e.function->name() : std::string("None")) + ":" + std::to_string(e.input_nr));
  return out;
}
// The message of the TorchError `f` throws ("" if none).
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const TorchError& e) {
    return e.what();
  }
  return "";
}

}  // namespace tp::testing
