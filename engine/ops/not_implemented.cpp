// Placeholder definitions so the project links while kernels are written; each function moves
// to its module as it is implemented (this file disappears when empty).
#include "core/error.h"
#include "ops/native.h"

namespace tp::native {

Tensor index_select(const Tensor& self, int64_t dim, const Tensor& index) { throw InternalError("not implemented: index_select"); }
Tensor masked_select(const Tensor& self, const Tensor& mask) { throw InternalError("not implemented: masked_select"); }
Tensor index(const Tensor& self, const Tensor& index) { throw InternalError("not implemented: index"); }
void index_put_(const Tensor& self, const Tensor& index, const Tensor& values) { throw InternalError("not implemented: index_put_"); }

}  // namespace tp::native
