// In-place view kernels (TensorShape.cpp t_ / transpose_ / squeeze_ / unsqueeze_): they give the
// tensor itself new sizes and strides (its own as_strided_), keep storage and offset, and bump the
// version once like every in-place op (the ADInplaceOrView kernel does so even when nothing moves).
#include "core/context.h"
#include "core/error.h"
#include "ops/native.h"
#include "ops/view_util.h"

namespace tp::native {

namespace {

void restride_(const Tensor& self, const ViewGeometry& g, bool bump = true) {
  TensorImpl* impl = self.impl();
  impl->sizes = g.sizes;
  impl->strides = g.strides;
  if (bump) impl->version_counter->bump();  // not bump_version(): no element of the storage was written
}

}  // namespace

void t_(const Tensor& self) {
  check_t(self, "t_()");
  restride_(self, transpose_geometry(self, 0, self.dim() < 2 ? 0 : 1));
}

void transpose_(const Tensor& self, int64_t dim0, int64_t dim1) {
  restride_(self, transpose_geometry(self, dim0, dim1));
}

void squeeze_(const Tensor& self) { restride_(self, squeeze_geometry(self)); }

void squeeze_(const Tensor& self, const std::vector<int64_t>& dims, bool bump) {
  restride_(self, squeeze_geometry(self, dims), bump);
}

void unsqueeze_(const Tensor& self, int64_t dim, bool bump) { restride_(self, unsqueeze_geometry(self, dim), bump); }

}  // namespace tp::native
