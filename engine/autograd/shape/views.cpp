// Differentiable views: the kernel makes the view (shared storage, root base); here we stamp its
// creation mode (semantics 1.7) and record the view node. Backward formulas put each gradient
// element back where the view read it from.
#include "autograd/functions.h"
#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "core/context.h"

namespace tp {

namespace {

// PyTorch's CreationMeta propagation: grad mode -> inherit the parent's mode; no_grad -> NO_GRAD_MODE.
void stamp_view(const Tensor& self, const Tensor& out, bool multi_output, const std::string& node_name) {
  TensorImpl* o = out.impl();
  if (!o->base || out.is_same(self)) return;
  bool grad = ctx().grad_enabled;
  if (multi_output) {
    o->view_is_multi_output = grad;
    o->view_created_in_no_grad = !grad;
    o->multi_output_node_name = node_name;
  } else if (grad) {
    o->view_created_in_no_grad = self.impl()->view_created_in_no_grad;
    o->view_is_multi_output = self.impl()->view_is_multi_output;
    o->view_created_in_custom_function = self.impl()->view_created_in_custom_function;
    o->multi_output_node_name = self.impl()->multi_output_node_name;
  } else {
    o->view_created_in_no_grad = true;
    o->view_is_multi_output = false;
  }
  o->attr_version = out.version();
}

}  // namespace

Tensor record_view(const Tensor& self, Tensor out, const std::string& name, Formula formula) {
  stamp_view(self, out, false, name);
  if (auto n = make_node(name, {self}, out.dtype())) {
    n->formula = std::move(formula);
    set_history(out, n);
  }
  return out;
}

namespace {

// Gradient of a view read from `self` with geometry `view`: scatter over the shared storage.
Formula strided_formula(const Tensor& self, const Tensor& view) {
  Geometry in = geometry_of(self), out = geometry_of(view);
  return [in, out](const BackwardCtx& c) -> TensorList { return {as_strided_backward(c.grad(), in, out)}; };
}

Formula reshape_formula(const Shape& sizes) {
  return [sizes](const BackwardCtx& c) -> TensorList { return {reshape(c.grad(), sizes)}; };
}

// zeros(self) with the gradient written into the selected/sliced part.
Tensor embed(const Tensor& grad, const Shape& sizes, const Callable<Tensor(const Tensor&)>& view_of) {
  Tensor z = zeros(sizes, grad.dtype(), grad.device());
  copy_(view_of(z), grad);
  return z;
}

std::vector<Tensor> record_multi_view(const Tensor& self, std::vector<Tensor> outs, const std::string& name,
                                      int64_t dim, bool stacked) {
  for (auto& o : outs) stamp_view(self, o, true, name);
  DType dt = outs.empty() ? self.dtype() : outs[0].dtype();
  if (auto n = make_node(name, {self}, dt)) {
    std::vector<Shape> sizes;
    for (auto& o : outs) sizes.push_back(o.sizes());
    int64_t d = wrap_dim(dim, self.dim());
    n->formula = [sizes, d, stacked](const BackwardCtx& c) -> TensorList {
      std::vector<Tensor> parts;  // undefined grads of unused outputs are zeros
      for (size_t i = 0; i < sizes.size(); ++i) {
        const Tensor& g = c.grads[i];
        parts.push_back(g.defined() ? g : zeros(sizes[i], c.node.input_meta[i].dtype, c.node.input_meta[i].device));
      }
      return {stacked ? stack(parts, d) : cat(parts, d)};
    };
    for (auto& o : outs) set_history(o, n);
  }
  return outs;
}

}  // namespace

Tensor view(const Tensor& self, const Shape& sizes) {
  return record_view(self, native::view(self, sizes), "ViewBackward0", reshape_formula(self.sizes()));
}

Tensor as_strided(const Tensor& self, const Shape& sizes, const Shape& strides, std::optional<int64_t> offset) {
  Tensor out = native::as_strided(self, sizes, strides, offset);
  return record_view(self, out, "AsStridedBackward0", strided_formula(self, out));
}

Tensor expand(const Tensor& self, const Shape& sizes) {
  Shape in = self.sizes();
  return record_view(self, native::expand(self, sizes), "ExpandBackward0",
                     [in](const BackwardCtx& c) -> TensorList { return {sum_to(c.grad(), in)}; });
}

Tensor t(const Tensor& self) {
  return record_view(self, native::t(self), "TBackward0",
                     [](const BackwardCtx& c) -> TensorList { return {t(c.grad())}; });
}

Tensor transpose(const Tensor& self, int64_t dim0, int64_t dim1) {
  return record_view(self, native::transpose(self, dim0, dim1), "TransposeBackward0",
                     [dim0, dim1](const BackwardCtx& c) -> TensorList { return {transpose(c.grad(), dim0, dim1)}; });
}

Tensor permute(const Tensor& self, const Shape& dims) {
  Tensor out = native::permute(self, dims);
  Shape inverse(dims.size());
  for (size_t i = 0; i < dims.size(); ++i) inverse[size_t(wrap_dim(dims[i], self.dim()))] = int64_t(i);
  return record_view(self, out, "PermuteBackward0",
                     [inverse](const BackwardCtx& c) -> TensorList { return {permute(c.grad(), inverse)}; });
}

Tensor squeeze(const Tensor& self) {
  return record_view(self, native::squeeze(self), "SqueezeBackward0", reshape_formula(self.sizes()));
}

Tensor squeeze(const Tensor& self, int64_t dim) {
  return record_view(self, native::squeeze(self, std::vector<int64_t>{dim}), "SqueezeBackward1",
                     reshape_formula(self.sizes()));
}

Tensor squeeze(const Tensor& self, const std::vector<int64_t>& dims) {
  return record_view(self, native::squeeze(self, dims), "SqueezeBackward2", reshape_formula(self.sizes()));
}

Tensor unsqueeze(const Tensor& self, int64_t dim) {
  return record_view(self, native::unsqueeze(self, dim), "UnsqueezeBackward0", reshape_formula(self.sizes()));
}

// narrow is composite in PyTorch: it calls slice, hence SliceBackward0.
Tensor narrow(const Tensor& self, int64_t dim, int64_t start, int64_t length) {
  Tensor out = native::narrow(self, dim, start, length);
  int64_t d = wrap_dim(dim, self.dim());
  int64_t s = start < 0 ? start + self.size(d) : start;
  Shape sizes = self.sizes();
  return record_view(self, out, "SliceBackward0", [sizes, d, s, length](const BackwardCtx& c) -> TensorList {
    return {embed(c.grad(), sizes, [&](const Tensor& z) { return native::narrow(z, d, s, length); })};
  });
}

Tensor select(const Tensor& self, int64_t dim, int64_t index) {
  Tensor out = native::select(self, dim, index);
  int64_t d = wrap_dim(dim, self.dim());
  int64_t i = index < 0 ? index + self.size(d) : index;
  Shape sizes = self.sizes();
  return record_view(self, out, "SelectBackward0", [sizes, d, i](const BackwardCtx& c) -> TensorList {
    return {embed(c.grad(), sizes, [&](const Tensor& z) { return native::select(z, d, i); })};
  });
}

Tensor slice(const Tensor& self, int64_t dim, std::optional<int64_t> start, std::optional<int64_t> end, int64_t step) {
  Tensor out = native::slice(self, dim, start, end, step);
  return record_view(self, out, "SliceBackward0", strided_formula(self, out));
}

Tensor unfold(const Tensor& self, int64_t dim, int64_t size, int64_t step) {
  Tensor out = native::unfold(self, dim, size, step);
  return record_view(self, out, "UnfoldBackward0", strided_formula(self, out));
}

Tensor alias(const Tensor& self) {
  return record_view(self, native::alias(self), "AliasBackward0",
                     [](const BackwardCtx& c) -> TensorList { return {c.grad()}; });
}

Tensor diagonal(const Tensor& self, int64_t offset, int64_t dim1, int64_t dim2) {
  Tensor out = native::diagonal(self, offset, dim1, dim2);
  return record_view(self, out, "DiagonalBackward0", strided_formula(self, out));
}

std::vector<Tensor> split(const Tensor& self, int64_t split_size, int64_t dim) {
  return record_multi_view(self, native::split(self, split_size, dim), "SplitBackward0", dim, false);
}

std::vector<Tensor> split_with_sizes(const Tensor& self, const Shape& sizes, int64_t dim) {
  return record_multi_view(self, native::split_with_sizes(self, sizes, dim), "SplitWithSizesBackward0", dim, false);
}

// chunk is composite in PyTorch: it calls split (SplitBackward0).
std::vector<Tensor> chunk(const Tensor& self, int64_t chunks, int64_t dim) {
  return record_multi_view(self, native::chunk(self, chunks, dim), "SplitBackward0", dim, false);
}

std::vector<Tensor> unbind(const Tensor& self, int64_t dim) {
  return record_multi_view(self, native::unbind(self, dim), "UnbindBackward0", dim, true);
}

Tensor detach(const Tensor& self) { return native::detach(self); }
Tensor data(const Tensor& self) { return native::data(self); }

}  // namespace tp
