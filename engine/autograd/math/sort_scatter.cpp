// Differentiable scans, orderings and gather/scatter (derivatives.yaml): cumsum/cumprod, sort/topk
// (the gradient goes back to the selected positions), flip, gather and the scatters.
#include "autograd/functions.h"
#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "core/error.h"

namespace tp {

namespace {

// value_selecting_reduction_backward with keepdim: zeros(sizes).scatter(dim, indices, grad).
Tensor selected_backward(const Tensor& grad, int64_t dim, const Tensor& indices, const Shape& sizes) {
  return scatter(native::zeros(sizes, grad.dtype(), grad.device()), dim, indices, grad);
}

std::pair<Tensor, Tensor> record_selection(const Tensor& a, std::pair<Tensor, Tensor> out, int64_t dim,
                                           const char* name) {
  if (auto n = make_node(name, {a}, out.first.dtype())) {
    Shape sizes = a.sizes();
    n->formula = [sizes, dim](const BackwardCtx& c) -> TensorList {
      return {selected_backward(c.grad(), dim, c.get("indices"), sizes)};
    };
    set_history(out.first, n);
    n->save("indices", out.second, /*is_output=*/true);
  }
  return out;
}

// Lane geometry of a contiguous tensor around dim d (a 0-dim tensor is one lane of one element).
struct Lanes {
  int64_t outer = 1, len = 1, inner = 1;
};
Lanes lanes_of(const Shape& s, int64_t d) {
  Lanes l;
  if (s.empty()) return l;
  for (int64_t k = 0; k < d; ++k) l.outer *= s[size_t(k)];
  l.len = s[size_t(d)];
  for (size_t k = size_t(d) + 1; k < s.size(); ++k) l.inner *= s[k];
  return l;
}

}  // namespace

// cumsum_backward: the reversed cumulative sum of grad, grad.flip(dim).cumsum(dim).flip(dim).
Tensor cumsum(const Tensor& a, int64_t dim, OptDType dtype) {
  Tensor out = native::cumsum(a, dim, dtype);
  if (auto n = make_node("CumsumBackward0", {a}, out.dtype())) {
    DType in_dtype = a.dtype();
    n->formula = [dim, in_dtype](const BackwardCtx& c) -> TensorList {
      Tensor g = to(c.grad(), in_dtype, c.grad().device(), false);
      if (g.numel() <= 1 || g.size(dim) == 1) return {g};
      return {flip(cumsum(flip(g, {dim}), dim, std::nullopt), {dim})};
    };
    set_history(out, n);
  }
  return out;
}

// d out_j / d x_i = prod_{k <= j, k != i} x_k for i <= j, summed against grad_j (computed directly,
// so zeros in the input are handled).
Tensor cumprod(const Tensor& a, int64_t dim, OptDType dtype) {
  Tensor out = native::cumprod(a, dim, dtype);
  if (auto n = make_node("CumprodBackward0", {a}, out.dtype())) {
    n->save("self", a);
    n->save("result", out, /*is_output=*/true);
    n->formula = [dim](const BackwardCtx& c) -> TensorList {
      Tensor self = c.get("self");
      int64_t d = wrap_dim(dim, std::max<int64_t>(self.dim(), 1));
      Lanes l = lanes_of(self.sizes(), d);
      std::vector<double> x = values_of(self), g = values_of(c.grad()), r(x.size(), 0.0);
      for (int64_t o = 0; o < l.outer; ++o)
        for (int64_t q = 0; q < l.inner; ++q) {
          auto at = [&](int64_t i) { return size_t((o * l.len + i) * l.inner + q); };
          double before = 1;  // prod_{k < i} x_k
          for (int64_t i = 0; i < l.len; ++i) {
            double run = before, acc = 0;
            for (int64_t j = i; j < l.len; ++j) {
              if (j > i) run *= x[at(j)];
              acc += g[at(j)] * run;
            }
            r[at(i)] = acc;
            before *= x[at(i)];
          }
        }
      return {tensor_from_values(r, self.sizes(), self.dtype(), self.device())};
    };
    set_history(out, n);
  }
  return out;
}

std::pair<Tensor, Tensor> sort(const Tensor& a, int64_t dim, bool descending) {
  return record_selection(a, native::sort(a, dim, descending), dim, "SortBackward0");
}

Tensor argsort(const Tensor& a, int64_t dim, bool descending) { return native::argsort(a, dim, descending); }

std::pair<Tensor, Tensor> topk(const Tensor& a, int64_t k, int64_t dim, bool largest) {
  return record_selection(a, native::topk(a, k, dim, largest), dim, "TopkBackward0");
}

Tensor flip(const Tensor& a, const std::vector<int64_t>& dims) {
  Tensor out = native::flip(a, dims);
  if (auto n = make_node("FlipBackward0", {a}, out.dtype())) {
    n->formula = [dims](const BackwardCtx& c) -> TensorList { return {flip(c.grad(), dims)}; };  // grad.flip(dims)
    set_history(out, n);
  }
  return out;
}

Tensor rot90(const Tensor& a, int64_t k, const std::vector<int64_t>& dims) {
  const int64_t total_dims = a.dim(), total_rot_dims = int64_t(dims.size());
  TP_CHECK(total_rot_dims == 2, "expected total rotation dims == 2, but got dims = " + std::to_string(total_rot_dims));
  TP_CHECK(total_dims >= 2, "expected total dims >= 2, but got total dims = " + std::to_string(total_dims));
  TP_CHECK(dims[0] != dims[1] && std::abs(dims[0] - dims[1]) != total_dims,
           "expected rotation dims to be different, but got dim0 = " + std::to_string(dims[0]) +
               " and dim1 = " + std::to_string(dims[1]));
  TP_CHECK(dims[0] < total_dims && dims[0] >= -total_dims, "Rotation dim0 out of range, dim0 = " + std::to_string(dims[0]));
  TP_CHECK(dims[1] < total_dims && dims[1] >= -total_dims, "Rotation dim1 out of range, dim1 = " + std::to_string(dims[1]));
  const int64_t kk = (4 + (k % 4)) % 4;
  Tensor out;
  switch (kk) {
    case 1: out = native::flip(a, {dims[1]}); native::transpose_(out, dims[0], dims[1]); break;
    case 2: out = native::flip(a, dims); break;
    case 3: out = native::flip(a, {dims[0]}); native::transpose_(out, dims[0], dims[1]); break;
    default: out = native::clone(a, MemoryFormat::Contiguous); break;
  }
  if (auto n = make_node("Rot90Backward0", {a}, out.dtype())) {
    n->formula = [k, dims](const BackwardCtx& c) -> TensorList { return {rot90(c.grad(), -k, dims)}; };  // grad.rot90(-k, dims)
    set_history(out, n);
  }
  return out;
}

// ReduceOps.cpp trace_cpu: the diagonal summed in the accumulate type (double / int64);
// trace_backward puts grad on the diagonal of zeros(sizes).
Tensor trace(const Tensor& a) {
  TP_CHECK(a.dim() == 2, "trace: expected a matrix, but got tensor with dim " + std::to_string(a.dim()));
  TP_CHECK(a.dtype() != DType::Bool, "\"trace\" not implemented for 'Bool'");  // AT_DISPATCH_ALL_TYPES_AND_COMPLEX
  DType out_dt = is_floating(a.dtype()) ? a.dtype() : DType::Int64;
  Tensor diag = native::diagonal(a, 0, 0, 1);
  Tensor acc = native::sum(native::to(diag, is_floating(a.dtype()) ? DType::Float64 : DType::Int64, a.device(), false),
                           {}, false, std::nullopt);
  Tensor out = native::to(acc, out_dt, a.device(), false);
  if (auto n = make_node("TraceBackward0", {a}, out.dtype())) {
    Shape sizes = a.sizes();
    n->formula = [sizes](const BackwardCtx& c) -> TensorList {
      Tensor eye = native::eye(sizes[0], sizes[1], c.grad().dtype(), c.grad().device());
      return {mul(expand(c.grad(), sizes), eye)};  // grad on the diagonal
    };
    set_history(out, n);
  }
  return out;
}

Tensor roll(const Tensor& a, const std::vector<int64_t>& shifts, const std::vector<int64_t>& dims) {
  Tensor out = native::roll(a, shifts, dims);
  if (auto n = make_node("RollBackward0", {a}, out.dtype())) {
    std::vector<int64_t> back;
    for (int64_t s : shifts) back.push_back(-s);
    n->formula = [back, dims](const BackwardCtx& c) -> TensorList { return {roll(c.grad(), back, dims)}; };  // grad.roll(-shifts, dims)
    set_history(out, n);
  }
  return out;
}

Tensor gather(const Tensor& self, int64_t dim, const Tensor& index) {
  Tensor out = native::gather(self, dim, index);
  if (auto n = make_node("GatherBackward0", {self}, out.dtype())) {
    n->save("index", index);
    Shape sizes = self.sizes();
    n->formula = [sizes, dim](const BackwardCtx& c) -> TensorList {
      // gather_backward: zeros(self.sizes()).scatter_add(dim, index, grad)
      return {scatter_add(native::zeros(sizes, c.grad().dtype(), c.grad().device()), dim, c.get("index"), c.grad())};
    };
    set_history(out, n);
  }
  return out;
}

Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src) {
  Tensor out = native::scatter(self, dim, index, src);
  if (auto n = make_node("ScatterBackward0", {self, src}, out.dtype())) {
    n->save("index", index);
    n->formula = [dim](const BackwardCtx& c) -> TensorList {
      Tensor idx = c.get("index");
      // self: grad.scatter(dim, index, 0); src: grad.gather(dim, index)
      return {c.needs(0) ? scatter(c.grad(), dim, idx, Scalar::from_int(0)) : Tensor(),
              c.needs(1) ? gather(c.grad(), dim, idx) : Tensor()};
    };
    set_history(out, n);
  }
  return out;
}

Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value) {
  Tensor out = native::scatter(self, dim, index, value);
  if (auto n = make_node("ScatterBackward1", {self}, out.dtype())) {
    n->save("index", index);
    n->formula = [dim](const BackwardCtx& c) -> TensorList {
      return {scatter(c.grad(), dim, c.get("index"), Scalar::from_int(0))};  // self: grad.scatter(dim, index, 0)
    };
    set_history(out, n);
  }
  return out;
}

Tensor scatter_add(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src) {
  Tensor out = native::scatter_add(self, dim, index, src);
  if (auto n = make_node("ScatterAddBackward0", {self, src}, out.dtype())) {
    n->save("index", index);
    n->formula = [dim](const BackwardCtx& c) -> TensorList {
      // self: grad; src: grad.gather(dim, index)
      return {c.needs(0) ? c.grad() : Tensor(), c.needs(1) ? gather(c.grad(), dim, c.get("index")) : Tensor()};
    };
    set_history(out, n);
  }
  return out;
}

}  // namespace tp
