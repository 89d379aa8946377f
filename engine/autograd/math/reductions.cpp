// Differentiable reductions: sum/mean spread the gradient back over the reduced dims; max/min
// route it to the selected elements (ties share it evenly, as PyTorch does for amax and max()).
#include <cmath>

#include "autograd/functions.h"
#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "core/context.h"
#include "core/error.h"

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

// d prod / d x_i = product of the other elements (computed directly, so zeros are handled). With
// dtype= the node is still ProdBackward0/1 on self (derivatives.yaml: prod_backward(grad,
// self.to(grad.scalar_type()), result)); the engine casts the gradient back to self's dtype.
Tensor prod(const Tensor& a, std::optional<int64_t> dim, bool keepdim, OptDType dtype) {
  Tensor out = native::prod(a, dim, keepdim, dtype);
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

// aminmax (TORCH_META_FUNC(aminmax) checks): one AminmaxBackward0 node with two outputs; each
// grad is spread evenly over the elements equal to its extremum, as for amin/amax (FunctionsManual
// aminmax_backward's body was not available to check; the evenly-split rule is amin/amax's).
std::pair<Tensor, Tensor> aminmax(const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  std::vector<int64_t> dims;
  if (dim) {
    int64_t d = self.dim() == 0 ? *dim : wrap_dim(*dim, self.dim());
    if (self.dim() == 0) {
      TP_CHECK_INDEX(*dim == 0 || *dim == -1,
                     "aminmax: Expected reduction dim -1 or 0 for scalar but got " + std::to_string(*dim));
    } else {
      TP_CHECK_INDEX(self.size(d) != 0, "aminmax: Expected reduction dim " + std::to_string(d) + " to have non-zero size.");
      dims.push_back(d);
    }
  } else {
    TP_CHECK(self.numel() > 0,
             "aminmax(): cannot compute aminmax over an empty dimension as the operation has no identity.");
  }
  Tensor mn = native::amin(self, dims, keepdim), mx = native::amax(self, dims, keepdim);
  if (auto n = make_node("AminmaxBackward0", {self}, mn.dtype())) {
    n->save("self", self);
    n->save("min", mn, /*is_output=*/true);
    n->save("max", mx, /*is_output=*/true);
    set_history(mn, n);
    set_history(mx, n);
    n->formula = [dims, keepdim](const BackwardCtx& c) -> TensorList {
      Tensor self = c.get("self"), g;
      if (c.grad(0).defined()) g = distribute(c.grad(0), self, c.get("min"), dims, keepdim);  // grad_min over argmins
      if (c.grad(1).defined()) {  // + grad_max over argmaxes
        Tensor gm = distribute(c.grad(1), self, c.get("max"), dims, keepdim);
        g = g.defined() ? add(g, gm) : gm;
      }
      return {g};
    };
  }
  return {mn, mx};
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

namespace {

// The k-th smallest (1-based) along dim, from a stable ascending sort: (values, int64 indices).
// PyTorch selects with quickselect / nth_element, so among equal values its index may differ.
std::pair<Tensor, Tensor> kth_along(const Tensor& a, int64_t k, int64_t dim, bool keepdim) {
  if (a.dim() == 0) return {native::clone(a), native::zeros({}, DType::Int64, a.device())};
  auto sorted = native::sort(a, dim, /*descending=*/false);
  Tensor v = native::narrow(sorted.first, dim, k - 1, 1), i = native::narrow(sorted.second, dim, k - 1, 1);
  if (!keepdim) {
    v = native::squeeze(v, {dim});
    i = native::squeeze(i, {dim});
  }
  return {native::contiguous(v), native::contiguous(i)};
}

}  // namespace

// ReduceOps.cpp logsumexp: integer inputs give the default float dtype; computed as
// log(sum(exp(self - max))) + max with infinite maxima replaced by 0 (so all -inf gives -inf).
Tensor logsumexp(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim) {
  Tensor self = is_floating(a.dtype()) ? a : native::to(a, ctx().default_dtype, a.device(), false);
  Tensor out;
  {
    Tensor maxes = native::amax(self, dims, /*keepdim=*/true);
    Tensor finite = native::where(native::compare(native::unary(maxes, UnaryOp::Abs),
                                                  native::wrap_scalar(Scalar::from_double(INFINITY)), CompareOp::Eq),
                                  native::zeros({}, maxes.dtype(), maxes.device()), maxes);
    Tensor shifted = native::unary(native::sub(self, finite), UnaryOp::Exp);
    Tensor s = native::unary(native::sum(shifted, dims, keepdim, std::nullopt), UnaryOp::Log);
    Tensor fin = keepdim ? finite : dims.empty() ? native::view(finite, {}) : native::squeeze(finite, dims);
    out = native::add(s, fin);
  }
  if (auto n = make_node("LogsumexpBackward0", {a}, out.dtype())) {
    n->save("self", a);
    n->save("result", out, /*is_output=*/true);
    Shape sizes = a.sizes();
    n->formula = [sizes, dims, keepdim](const BackwardCtx& c) -> TensorList {
      // logsumexp_backward: grad * exp(self - result), result and grad unsqueezed over dims
      Tensor g = restore_reduced_dims(c.grad(), sizes, dims, keepdim);
      Tensor r = restore_reduced_dims(c.get("result"), sizes, dims, keepdim);
      return {mul(g, unary(sub(c.get("self"), r), UnaryOp::Exp))};
    };
    set_history(out, n);
  }
  return out;
}

// Sorting.cpp median_impl: the lower of the two middle values (no averaging); NaN if any is NaN.
Tensor median_all(const Tensor& a) {
  Tensor flat = native::reshape(a, {-1});
  Tensor out;
  if (flat.numel() == 0) {
    out = native::full({}, Scalar::from_double(NAN), a.dtype(), a.device());
  } else {
    Tensor nan = native::sum(native::compare(flat, flat, CompareOp::Ne), {}, false, std::nullopt);
    out = native::item(nan).to_int() > 0 ? native::full({}, Scalar::from_double(NAN), a.dtype(), a.device())
                                         : kth_along(flat, (flat.numel() + 1) / 2, 0, false).first;
  }
  return record_extremum_all(a, out, "MedianBackward0");  // evenly_distribute_backward
}

std::pair<Tensor, Tensor> median_dim(const Tensor& a, int64_t dim, bool keepdim) {
  int64_t d = wrap_dim(dim, std::max<int64_t>(a.dim(), 1));
  int64_t size = a.dim() == 0 ? 1 : a.size(d);
  TP_CHECK_INDEX(size > 0, "median(): Expected reduction dim " + std::to_string(d) + " to have non-zero size.");
  return record_extremum_dim(a, kth_along(a, (size + 1) / 2, d, keepdim), d, keepdim, "MedianBackward1");
}

std::pair<Tensor, Tensor> kthvalue(const Tensor& a, int64_t k, int64_t dim, bool keepdim) {
  int64_t d = wrap_dim(dim, std::max<int64_t>(a.dim(), 1));
  int64_t size = a.dim() == 0 ? 1 : a.size(d);
  TP_CHECK_INDEX(size > 0, "kthvalue(): Expected reduction dim " + std::to_string(d) + " to have non-zero size.");
  TP_CHECK(k >= 1 && k <= size, "kthvalue(): selected number k out of range for dimension " + std::to_string(d));
  return record_extremum_dim(a, kth_along(a, k, d, keepdim), d, keepdim, "KthvalueBackward0");
}

// TensorCompare.cpp mode: ModeBackward0 is value_selecting_reduction_backward like max(dim).
std::pair<Tensor, Tensor> mode(const Tensor& a, int64_t dim, bool keepdim) {
  int64_t d = wrap_dim(dim, std::max<int64_t>(a.dim(), 1));
  return record_extremum_dim(a, native::mode(a, d, keepdim), d, keepdim, "ModeBackward0");
}

Tensor argmax(const Tensor& a, std::optional<int64_t> dim, bool keepdim) { return native::argmax(a, dim, keepdim); }
Tensor argmin(const Tensor& a, std::optional<int64_t> dim, bool keepdim) { return native::argmin(a, dim, keepdim); }

}  // namespace tp
