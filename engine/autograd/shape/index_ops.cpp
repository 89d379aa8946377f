// Differentiable index_add / index_copy / index_fill / index_put / take / put (derivatives.yaml); the
// in-place forms live in autograd/inplace.cpp and write these results back.
#include "autograd/functions.h"
#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "ops/math/nonzero_unique.h"

namespace tp {

namespace {

// source.dim() > 0 ? grad.index_select(dim, index).expand_as(source) : grad.index_select(dim, index.squeeze(0))
Tensor source_grad(const Tensor& grad, int64_t dim, const Tensor& index, const Shape& source_sizes) {
  if (source_sizes.empty()) return index_select(grad, dim, native::reshape(index, {}));
  return expand(index_select(grad, dim, index), source_sizes);
}

void save_indices(FunctionNode& n, const std::vector<Tensor>& indices) {
  for (size_t i = 0; i < indices.size(); ++i) n.save("indices" + std::to_string(i), indices[i]);
}

std::vector<Tensor> get_indices(const BackwardCtx& c, size_t count) {
  std::vector<Tensor> r;
  for (size_t i = 0; i < count; ++i) r.push_back(c.get("indices" + std::to_string(i)));
  return r;
}

}  // namespace

Tensor index_add(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, const Scalar& alpha) {
  Tensor out = native::index_add(self, dim, index, source, alpha);
  if (auto n = make_node("IndexAddBackward0", {self, source}, out.dtype())) {
    n->save("index", index);
    Shape sizes = source.sizes();
    n->formula = [dim, alpha, sizes](const BackwardCtx& c) -> TensorList {
      Tensor g;
      if (c.needs(1)) {  // maybe_multiply(<source grad>, alpha)
        g = source_grad(c.grad(), dim, c.get("index"), sizes);
        if (alpha.to_double() != 1.0) g = mul(g, scalar_tensor(alpha.to_double()));
      }
      return {c.needs(0) ? c.grad() : Tensor(), g};  // self: grad
    };
    set_history(out, n);
  }
  return out;
}

Tensor index_copy(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source) {
  Tensor out = native::index_copy(self, dim, index, source);
  if (auto n = make_node("IndexCopyBackward0", {self, source}, out.dtype())) {
    n->save("index", index);
    Shape sizes = source.sizes();
    n->formula = [dim, sizes](const BackwardCtx& c) -> TensorList {
      Tensor idx = c.get("index");
      // self: grad.index_fill(dim, index, 0); source: grad.index_select(dim, index) (expanded)
      return {c.needs(0) ? index_fill(c.grad(), dim, idx, Scalar::from_int(0)) : Tensor(),
              c.needs(1) ? source_grad(c.grad(), dim, idx, sizes) : Tensor()};
    };
    set_history(out, n);
  }
  return out;
}

Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value) {
  Tensor out = native::index_fill(self, dim, index, value);
  if (auto n = make_node("IndexFillBackward0", {self}, out.dtype())) {
    n->save("index", index);
    n->formula = [dim](const BackwardCtx& c) -> TensorList {
      return {index_fill(c.grad(), dim, c.get("index"), Scalar::from_int(0))};  // self: grad.index_fill(dim, index, 0)
    };
    set_history(out, n);
  }
  return out;
}

Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& value) {
  Tensor out = native::index_fill(self, dim, index, value);
  if (auto n = make_node("IndexFillBackward1", {self, value}, out.dtype())) {
    n->save("index", index);
    n->formula = [dim](const BackwardCtx& c) -> TensorList {
      Tensor idx = c.get("index");
      // self: grad.index_fill(dim, index, 0); value: grad.index_select(dim, unique(index)).sum()
      return {c.needs(0) ? index_fill(c.grad(), dim, idx, Scalar::from_int(0)) : Tensor(),
              c.needs(1) ? sum(index_select(c.grad(), dim, native::unique(idx).values), {}, false, std::nullopt)
                         : Tensor()};
    };
    set_history(out, n);
  }
  return out;
}

Tensor index_put(const Tensor& self, const std::vector<Tensor>& indices, const Tensor& values, bool accumulate) {
  Tensor out = native::index_put(self, indices, values, accumulate);
  if (auto n = make_node("IndexPutBackward0", {self, values}, out.dtype())) {
    save_indices(*n, indices);
    size_t count = indices.size();
    Shape value_sizes = values.sizes();
    n->formula = [count, value_sizes, accumulate](const BackwardCtx& c) -> TensorList {
      std::vector<Tensor> idx = get_indices(c, count);
      TensorList r(2);
      // self: accumulate ? grad : grad.index_put(indices, zeros_like(values), false)
      if (c.needs(0))
        r[0] = accumulate ? c.grad()
                          : native::index_put(c.grad(), idx, native::zeros(value_sizes, c.grad().dtype(), c.grad().device()),
                                              false);
      if (c.needs(1)) r[1] = native::index(c.grad(), idx);  // values: grad[indices] (summed to values' shape)
      return r;
    };
    set_history(out, n);
  }
  return out;
}

// take_backward: zeros_like(self).put_(index, grad, accumulate=true), as positions of self's elements.
Tensor take(const Tensor& self, const Tensor& index) {
  Tensor out = native::take(self, index);
  if (auto n = make_node("TakeBackward0", {self}, out.dtype())) {
    n->save("index", index);
    Shape sizes = self.sizes();
    n->formula = [sizes](const BackwardCtx& c) -> TensorList {
      Tensor pos = native::take(element_positions(sizes), c.get("index"));
      return {scatter_add_positions(c.grad(), pos, sizes)};
    };
    set_history(out, n);
  }
  return out;
}

// put: self: accumulate ? grad : grad.put(index, zeros_like(source), false);
//      source: grad.take(index).reshape_as(source).
Tensor put(const Tensor& self, const Tensor& index, const Tensor& source, bool accumulate) {
  Tensor out = native::put(self, index, source, accumulate);
  if (auto n = make_node("PutBackward0", {self, source}, out.dtype())) {
    n->save("index", index);
    Shape source_sizes = source.sizes();
    DType source_dtype = source.dtype();
    n->formula = [accumulate, source_sizes, source_dtype](const BackwardCtx& c) -> TensorList {
      Tensor idx = c.get("index");
      TensorList r(2);
      if (c.needs(0))
        r[0] = accumulate ? c.grad()
                          : put(c.grad(), idx, native::zeros(source_sizes, source_dtype, c.grad().device()), false);
      if (c.needs(1)) r[1] = reshape(take(c.grad(), idx), source_sizes);
      return r;
    };
    set_history(out, n);
  }
  return out;
}

}  // namespace tp
