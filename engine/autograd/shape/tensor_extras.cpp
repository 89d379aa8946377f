// unflatten / sum_to_size / masked_scatter / is_nonzero as TensorShape.cpp, ExpandUtils.h,
// Indexing (masked_scatter_) and TensorConversions (is_nonzero) define them.
#include "autograd/shape/tensor_extras.h"

#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "core/context.h"
#include "core/error.h"

namespace tp {

// TensorShape.cpp unflatten: the dim's size split into `sizes` (one -1 inferred), then view.
Tensor unflatten(const Tensor& self, int64_t dim, const Shape& sizes) {
  TP_CHECK(!sizes.empty(), "unflatten: sizes must be non-empty");
  dim = wrap_dim(dim, self.dim());
  Shape inferred = native::infer_size(sizes, self.size(dim));
  Shape shape = self.sizes();
  shape.erase(shape.begin() + dim);
  shape.insert(shape.begin() + dim, inferred.begin(), inferred.end());
  return view(self, shape);
}

// sum_to: leading dims and dims of size 1 in `size` are summed (keepdim), then viewed to `size`
// when leading dims were dropped; self itself when nothing is reduced.
Tensor sum_to_size(const Tensor& self, const Shape& size) {
  const Shape& sizes = self.sizes();
  bool expandable = size.size() <= sizes.size();
  for (size_t i = 0; expandable && i < size.size(); ++i) {
    int64_t s = size[size.size() - 1 - i], t = sizes[sizes.size() - 1 - i];
    expandable = s == t || s == 1;
  }
  TP_CHECK(expandable, "size {" + shape_str(size) + "} is not expandable to size {" + shape_str(sizes) + "}.");
  if (size.empty()) return sum(self, {}, false, std::nullopt);
  const int64_t leading = int64_t(sizes.size() - size.size());
  std::vector<int64_t> reduce;
  for (int64_t i = 0; i < leading; ++i) reduce.push_back(i);
  for (int64_t i = leading; i < int64_t(sizes.size()); ++i)
    if (size[size_t(i - leading)] == 1 && sizes[size_t(i)] != 1) reduce.push_back(i);
  Tensor t = reduce.empty() ? self : sum(self, reduce, true, std::nullopt);
  return leading > 0 ? view(t, size) : t;
}

namespace {

// IndexKernel masked_scatter: self's elements in row-major order take the next source element
// where the (broadcast) mask is set.
Tensor masked_scatter_value(const Tensor& self, const Tensor& mask, const Tensor& source) {
  TP_CHECK(self.dtype() == source.dtype(), "masked_scatter: expected self and source to have same dtypes but got" +
                                               scalar_type_name(self.dtype()) + " and " + scalar_type_name(source.dtype()));
  if (mask.dtype() == DType::UInt8)
    ctx().torch_warn("masked_scatter_ received a mask with dtype torch.uint8, this behavior is now deprecated,please use a "
                     "mask with dtype torch.bool instead.",
                     "aten/src/ATen/native/TensorAdvancedIndexing.cpp");
  TP_CHECK(mask.dtype() == DType::Bool || mask.dtype() == DType::UInt8,
           "masked_scatter_ only supports boolean masks, but got mask with dtype " + scalar_type_name(mask.dtype()));
  Tensor m = native::contiguous(native::expand(mask, self.sizes()));
  Tensor out = native::clone(self, MemoryFormat::Contiguous);
  Tensor src = native::contiguous(source);
  int64_t next = 0;
  for (int64_t i = 0; i < out.numel(); ++i) {
    if (m.double_at(m.storage_index_of(i)) == 0) continue;
    TP_CHECK(next < src.numel(), "Number of elements of source < number of ones in mask");
    out.set_at(i, src.scalar_at(src.storage_index_of(next++)));
  }
  return out;
}

}  // namespace

// masked_scatter: expand_outplace(mask, self), a contiguous clone, masked_scatter_.
// MaskedScatterBackward0: self gets grad.masked_fill(mask, 0); source gets the masked elements of
// grad in order, zero-padded to source's numel and viewed as source.
Tensor masked_scatter(const Tensor& self, const Tensor& mask, const Tensor& source) {
  Shape full = native::broadcast_shapes(self.sizes(), mask.sizes());
  Tensor out = masked_scatter_value(native::expand(self, full), mask, source);
  if (auto n = make_node("MaskedScatterBackward0", {self, source}, out.dtype())) {
    n->save("mask", mask);
    Shape src_sizes = source.sizes();
    n->formula = [src_sizes](const BackwardCtx& c) -> TensorList {
      Tensor mask = c.get("mask");
      TensorList r(2);
      if (c.needs(0)) r[0] = masked_fill(c.grad(), mask, Scalar::from_int(0));
      if (c.needs(1)) {
        Tensor sel = masked_select(c.grad(), mask);
        int64_t diff = shape_numel(src_sizes) - sel.numel();
        if (diff > 0) sel = cat({sel, zeros({diff}, sel.dtype(), sel.device())}, 0);
        r[1] = view(sel, src_sizes);
      }
      return r;
    };
    set_history(out, n);
  }
  return out;
}

bool is_nonzero(const Tensor& self) {
  const int64_t n = self.numel();
  TP_CHECK(n != 0, "Boolean value of Tensor with no values is ambiguous");
  TP_CHECK(n < 2, "Boolean value of Tensor with more than one value is ambiguous");
  return native::item(self).to_double() != 0.0;
}

native::UniqueResult unique_consecutive(const Tensor& self, bool return_inverse, bool return_counts,
                                        std::optional<int64_t> dim) {
  native::UniqueResult r = dim ? native::unique_dim_consecutive(self, *dim, return_inverse, return_counts)
                               : native::unique_consecutive(self, return_inverse, return_counts);
  if (auto n = make_node("UniqueConsecutiveBackward0", {self}, r.values.dtype())) {
    n->formula = [](const BackwardCtx&) -> TensorList {  // self: not_implemented("unique_consecutive")
      throw TorchError("NotImplementedError", "the derivative for 'unique_consecutive' is not implemented.");
    };
    set_history(r.values, n);
  }
  return r;
}

}  // namespace tp
