// Differentiable copies and gathers: clone/contiguous/to/reshape/flatten, cat/stack, indexing.
#include "autograd/functions.h"
#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "core/error.h"

namespace tp {

namespace {

Tensor record_clone(const Tensor& self, const Tensor& out) {
  if (auto n = make_node("CloneBackward0", {self}, out.dtype())) {
    n->formula = [](const BackwardCtx& c) -> TensorList { return {c.grad()}; };  // self: grad
    set_history(out, n);
  }
  return out;
}

}  // namespace

Tensor clone(const Tensor& self, MemoryFormat fmt) { return record_clone(self, native::clone(self, fmt)); }

Tensor contiguous(const Tensor& self, MemoryFormat fmt) {
  Tensor out = native::contiguous(self, fmt);
  return out.is_same(self) ? out : record_clone(self, out);
}

Tensor to(const Tensor& self, DType dtype, Device device, bool copy, MemoryFormat fmt) {
  Tensor out = native::to(self, dtype, device, copy, fmt);
  if (out.is_same(self)) return out;
  if (auto n = make_node("ToCopyBackward0", {self}, out.dtype())) {
    DType in_dtype = self.dtype();
    Device in_device = self.device();
    n->formula = [in_dtype, in_device](const BackwardCtx& c) -> TensorList {
      return {to(c.grad(), in_dtype, in_device, false)};
    };
    set_history(out, n);
  }
  return out;
}

Tensor resize_(const Tensor& self, const Shape& sizes, std::optional<MemoryFormat> fmt) {
  TP_CHECK(!self.requires_grad(), "cannot resize variables that require grad");
  native::resize_(self, sizes, fmt);
  return self;
}

Tensor resize_as_(const Tensor& self, const Tensor& the_template, std::optional<MemoryFormat> fmt) {
  TP_CHECK(!self.requires_grad(), "cannot resize variables that require grad");
  native::resize_as_(self, the_template, fmt);
  return self;
}

// TensorShape.cpp reshape_symint: contiguous -> view; viewable -> _reshape_alias; else clone + _unsafe_view.
Tensor reshape(const Tensor& self, const Shape& sizes) {
  if (self.is_contiguous()) return view(self, sizes);
  Shape shape = native::infer_size(sizes, self.numel());
  Shape in_sizes = self.sizes();
  if (auto strides = native::compute_view_strides(self.sizes(), self.strides(), shape)) {
    Tensor out = native::as_strided(self, shape, *strides, self.storage_offset());
    return record_view(self, out, "ReshapeAliasBackward0", [in_sizes](const BackwardCtx& c) -> TensorList {
      return {reshape(c.grad(), in_sizes)};
    });
  }
  Tensor copy = contiguous(self);
  Tensor out = native::view(copy, shape);
  out.impl()->base = nullptr;  // _unsafe_view: shares the fresh copy's storage but is not a view
  if (auto n = make_node("UnsafeViewBackward0", {copy}, out.dtype())) {
    n->formula = [shape = copy.sizes()](const BackwardCtx& c) -> TensorList { return {reshape(c.grad(), shape)}; };
    set_history(out, n);
  }
  return out;
}

Tensor flatten(const Tensor& self, int64_t start_dim, int64_t end_dim) {
  int64_t nd = std::max<int64_t>(self.dim(), 1);
  int64_t s = wrap_dim(start_dim, nd), e = wrap_dim(end_dim, nd);
  TP_CHECK(s <= e, "flatten() has invalid args: start_dim cannot come after end_dim");
  if (self.dim() == 0) return reshape(self, {1});
  if (s == e) return self;
  Shape shape(self.sizes().begin(), self.sizes().begin() + s);
  int64_t n = 1;
  for (int64_t d = s; d <= e; ++d) n *= self.size(d);
  shape.push_back(n);
  shape.insert(shape.end(), self.sizes().begin() + e + 1, self.sizes().end());
  return reshape(self, shape);
}

Tensor cat(const std::vector<Tensor>& tensors, int64_t dim) {
  Tensor out = native::cat(tensors, dim);
  if (auto n = make_node("CatBackward0", tensors, out.dtype())) {
    std::vector<Shape> sizes;
    for (const auto& t : tensors) sizes.push_back(t.sizes());
    int64_t d = wrap_dim(dim, out.dim());
    n->formula = [sizes, d](const BackwardCtx& c) -> TensorList {
      TensorList r;
      int64_t at = 0;
      for (size_t i = 0; i < sizes.size(); ++i) {
        if (sizes[i].size() == 1 && sizes[i][0] == 0 && c.grad().dim() != 1) { r.emplace_back(); continue; }
        int64_t len = sizes[i][size_t(d)];
        r.push_back(c.needs(i) ? narrow(c.grad(), d, at, len) : Tensor());
        at += len;
      }
      return r;
    };
    set_history(out, n);
  }
  return out;
}

Tensor stack(const std::vector<Tensor>& tensors, int64_t dim) {
  Tensor out = native::stack(tensors, dim);
  if (auto n = make_node("StackBackward0", tensors, out.dtype())) {
    int64_t d = wrap_dim(dim, out.dim());
    size_t count = tensors.size();
    n->formula = [d, count](const BackwardCtx& c) -> TensorList {
      TensorList r;
      for (size_t i = 0; i < count; ++i) r.push_back(c.needs(i) ? select(c.grad(), d, int64_t(i)) : Tensor());
      return r;
    };
    set_history(out, n);
  }
  return out;
}

// ---------------------------------------------------------------- indexing
// Selection ops run on element_positions(self) to learn where each output element came from;
// backward adds the gradient back at those positions.

Tensor index_select(const Tensor& self, int64_t dim, const Tensor& index) {
  Tensor out = native::index_select(self, dim, index);
  if (auto n = make_node("IndexSelectBackward0", {self}, out.dtype())) {
    n->save("index", index);
    Shape sizes = self.sizes();
    n->formula = [sizes, dim](const BackwardCtx& c) -> TensorList {
      Tensor pos = native::index_select(element_positions(sizes), dim, c.get("index"));
      return {scatter_add_positions(c.grad(), pos, sizes)};
    };
    set_history(out, n);
  }
  return out;
}

Tensor masked_select(const Tensor& self, const Tensor& mask) {
  Tensor out = native::masked_select(self, mask);
  if (auto n = make_node("MaskedSelectBackward0", {self}, out.dtype())) {
    n->save("mask", mask);
    Shape full = native::broadcast_shapes(self.sizes(), mask.sizes());
    n->formula = [full](const BackwardCtx& c) -> TensorList {
      Tensor pos = native::masked_select(element_positions(full), c.get("mask"));
      return {scatter_add_positions(c.grad(), pos, full)};  // the engine sums back to self's shape
    };
    set_history(out, n);
  }
  return out;
}

Tensor index(const Tensor& self, const Tensor& idx) {
  Tensor out = native::index(self, idx);
  if (auto n = make_node("IndexBackward0", {self}, out.dtype())) {
    n->save("indices", idx);
    Shape sizes = self.sizes();
    n->formula = [sizes](const BackwardCtx& c) -> TensorList {
      Tensor pos = native::index(element_positions(sizes), c.get("indices"));
      return {scatter_add_positions(c.grad(), pos, sizes)};
    };
    set_history(out, n);
  }
  return out;
}

Scalar item(const Tensor& self) { return native::item(self); }

}  // namespace tp
