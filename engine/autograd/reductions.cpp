// Differentiable reductions: sum/mean spread the gradient back over the reduced dims; max/min
// route it to the selected elements (ties share it evenly, as PyTorch does for amax and max()).
#include <cmath>

#include "autograd/functions.h"
#include "autograd/grad_utils.h"
#include "autograd/graph.h"

namespace tp {

namespace {

Tensor as_mask(const Tensor& b, const Tensor& like) { return native::to(b, like.dtype(), like.device(), false); }

// grad spread evenly over the elements equal to the reduced value (evenly_distribute_backward /
// scale_grad_by_count).
Tensor distribute(const Tensor& grad, const Tensor& self, const Tensor& value, const std::vector<int64_t>& dims,
                  bool keepdim) {
  Tensor v = restore_reduced_dims(value, self.sizes(), dims, keepdim);
  Tensor g = restore_reduced_dims(grad, self.sizes(), dims, keepdim);
  Tensor mask = as_mask(native::compare(self, v, CompareOp::Eq), grad);
  Tensor count = native::sum(mask, dims, /*keepdim=*/true, std::nullopt);
  return mul(div(g, count), mask);
}

}  // namespace

Tensor sum(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim, OptDType dtype) {
  Tensor out = native::sum(a, dims, keepdim, dtype);
  const char* name = dims.empty() ? "SumBackward0" : "SumBackward1";
  if (auto n = make_node(name, {a}, out.dtype())) {
    Shape sizes = a.sizes();
    n->formula = [sizes, dims, keepdim](const BackwardCtx& c) -> TensorList {
      return {sum_backward(c.grad(), sizes, dims, keepdim)};  // grad expanded over the reduced dims
    };
    set_history(out, n);
  }
  return out;
}

Tensor mean(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim, OptDType dtype) {
  Tensor out = native::mean(a, dims, keepdim, dtype);
  const char* name = dims.empty() ? "MeanBackward0" : "MeanBackward1";
  if (auto n = make_node(name, {a}, out.dtype())) {
    Shape sizes = a.sizes();
    int64_t count = out.numel() == 0 ? 0 : a.numel() / out.numel();
    n->formula = [sizes, dims, keepdim, count](const BackwardCtx& c) -> TensorList {
      return {div(sum_backward(c.grad(), sizes, dims, keepdim), scalar_tensor(double(count)))};  // / N
    };
    set_history(out, n);
  }
  return out;
}

// d prod / d x_i = product of the other elements (computed directly, so zeros are handled).
Tensor prod(const Tensor& a, std::optional<int64_t> dim, bool keepdim) {
  Tensor out = native::prod(a, dim, keepdim);
  if (auto n = make_node(dim ? "ProdBackward1" : "ProdBackward0", {a}, out.dtype())) {
    n->save("self", a);
    n->save("result", out, /*is_output=*/true);
    n->formula = [dim, keepdim](const BackwardCtx& c) -> TensorList {
      Tensor self = c.get("self");
      std::vector<int64_t> dims;
      if (dim) dims.push_back(*dim);
      Tensor g = restore_reduced_dims(c.grad(), self.sizes(), dims, keepdim);
      g = native::contiguous(native::expand(g, self.sizes()));
      // Products of the others along the reduced dim(s): loop over the slices.
      std::vector<double> x = values_of(self), r(x.size(), 0.0);
      Shape sz = self.sizes();
      int64_t n = int64_t(x.size());
      int64_t d = dim ? wrap_dim(*dim, std::max<int64_t>(self.dim(), 1)) : -1;
      int64_t len = dim ? (self.dim() == 0 ? 1 : sz[size_t(d)]) : n;
      int64_t inner = 1;
      if (dim) for (size_t k = size_t(d) + 1; k < sz.size(); ++k) inner *= sz[k];
      int64_t stride = dim ? inner : 1;
      for (int64_t start = 0; start < n; ++start) {
        if (dim && (start / inner) % len != 0) continue;  // first element of each slice only
        if (!dim && start != 0) break;
        for (int64_t i = 0; i < len; ++i) {
          double p = 1;
          for (int64_t j = 0; j < len; ++j)
            if (j != i) p *= x[size_t(start + j * stride)];
          r[size_t(start + i * stride)] = p;
        }
      }
      Tensor others = tensor_from_values(r, sz, c.grad().dtype(), c.grad().device());
      return {mul(g, others)};
    };
    set_history(out, n);
  }
  return out;
}

Tensor amax(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim) {
  Tensor out = native::amax(a, dims, keepdim);
  if (auto n = make_node("AmaxBackward0", {a}, out.dtype())) {
    n->save("self", a);
    n->save("result", out, /*is_output=*/true);
    n->formula = [dims, keepdim](const BackwardCtx& c) -> TensorList {
      return {distribute(c.grad(), c.get("self"), c.get("result"), dims, keepdim)};
    };
    set_history(out, n);
  }
  return out;
}

Tensor amin(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim) {
  Tensor out = native::amin(a, dims, keepdim);
  if (auto n = make_node("AminBackward0", {a}, out.dtype())) {
    n->save("self", a);
    n->save("result", out, /*is_output=*/true);
    n->formula = [dims, keepdim](const BackwardCtx& c) -> TensorList {
      return {distribute(c.grad(), c.get("self"), c.get("result"), dims, keepdim)};
    };
    set_history(out, n);
  }
  return out;
}

namespace {

Tensor record_extremum_all(const Tensor& a, Tensor out, const char* name) {
  if (auto n = make_node(name, {a}, out.dtype())) {
    n->save("self", a);
    n->save("result", out, /*is_output=*/true);
    n->formula = [](const BackwardCtx& c) -> TensorList {
      return {distribute(c.grad(), c.get("self"), c.get("result"), {}, false)};  // evenly_distribute_backward
    };
    set_history(out, n);
  }
  return out;
}

std::pair<Tensor, Tensor> record_extremum_dim(const Tensor& a, std::pair<Tensor, Tensor> out, int64_t dim,
                                              bool keepdim, const char* name) {
  if (auto n = make_node(name, {a}, out.first.dtype())) {
    Shape sizes = a.sizes();
    n->formula = [sizes, dim, keepdim](const BackwardCtx& c) -> TensorList {
      // value_selecting_reduction_backward: the gradient goes to the chosen index only.
      Tensor idx = c.get("indices");
      int64_t nd = std::max<int64_t>(int64_t(sizes.size()), 1);
      int64_t d = wrap_dim(dim, nd);
      Tensor g = restore_reduced_dims(c.grad(), sizes, {dim}, keepdim);
      Tensor i = restore_reduced_dims(idx, sizes, {dim}, keepdim);
      std::vector<double> gv = values_of(g), iv = values_of(i);
      Shape gs = g.sizes();
      std::vector<double> r(size_t(shape_numel(sizes)), 0.0);
      int64_t inner = 1;
      for (size_t k = size_t(d) + 1; k < sizes.size(); ++k) inner *= sizes[k];
      int64_t len = sizes.empty() ? 1 : sizes[size_t(d)];
      for (size_t j = 0; j < gv.size(); ++j) {
        int64_t outer = int64_t(j) / inner, in = int64_t(j) % inner;
        r[size_t((outer * len + int64_t(iv[j])) * inner + in)] += gv[j];
      }
      return {tensor_from_values(r, sizes, c.grad().dtype(), c.grad().device())};
    };
    set_history(out.first, n);
    n->save("indices", out.second, /*is_output=*/true);
  }
  return out;
}

}  // namespace

Tensor max_all(const Tensor& a) { return record_extremum_all(a, native::max_all(a), "MaxBackward1"); }
Tensor min_all(const Tensor& a) { return record_extremum_all(a, native::min_all(a), "MinBackward1"); }

std::pair<Tensor, Tensor> max_dim(const Tensor& a, int64_t dim, bool keepdim) {
  return record_extremum_dim(a, native::max_dim(a, dim, keepdim), dim, keepdim, "MaxBackward0");
}

std::pair<Tensor, Tensor> min_dim(const Tensor& a, int64_t dim, bool keepdim) {
  return record_extremum_dim(a, native::min_dim(a, dim, keepdim), dim, keepdim, "MinBackward0");
}

Tensor argmax(const Tensor& a, std::optional<int64_t> dim, bool keepdim) { return native::argmax(a, dim, keepdim); }
Tensor argmin(const Tensor& a, std::optional<int64_t> dim, bool keepdim) { return native::argmin(a, dim, keepdim); }

}  // namespace tp
