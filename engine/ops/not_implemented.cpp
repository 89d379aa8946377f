// Placeholder definitions so the project links while kernels are written; each function moves
// to its module as it is implemented (this file disappears when empty).
#include "core/error.h"
#include "ops/native.h"

namespace tp::native {

Tensor sum(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim, OptDType dtype) { throw InternalError("not implemented: sum"); }
Tensor mean(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim, OptDType dtype) { throw InternalError("not implemented: mean"); }
Tensor prod(const Tensor& a, std::optional<int64_t> dim, bool keepdim) { throw InternalError("not implemented: prod"); }
Tensor amax(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim) { throw InternalError("not implemented: amax"); }
Tensor amin(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim) { throw InternalError("not implemented: amin"); }
Tensor max_all(const Tensor& a) { throw InternalError("not implemented: max_all"); }
Tensor min_all(const Tensor& a) { throw InternalError("not implemented: min_all"); }
std::pair<Tensor, Tensor> max_dim(const Tensor& a, int64_t dim, bool keepdim) { throw InternalError("not implemented: max_dim"); }
std::pair<Tensor, Tensor> min_dim(const Tensor& a, int64_t dim, bool keepdim) { throw InternalError("not implemented: min_dim"); }
Tensor argmax(const Tensor& a, std::optional<int64_t> dim, bool keepdim) { throw InternalError("not implemented: argmax"); }
Tensor argmin(const Tensor& a, std::optional<int64_t> dim, bool keepdim) { throw InternalError("not implemented: argmin"); }
Tensor mm(const Tensor& a, const Tensor& b) { throw InternalError("not implemented: mm"); }
Tensor mv(const Tensor& a, const Tensor& v) { throw InternalError("not implemented: mv"); }
Tensor dot(const Tensor& a, const Tensor& b) { throw InternalError("not implemented: dot"); }
Tensor addmm(const Tensor& bias, const Tensor& a, const Tensor& b) { throw InternalError("not implemented: addmm"); }
Tensor bmm(const Tensor& a, const Tensor& b) { throw InternalError("not implemented: bmm"); }
Tensor index_select(const Tensor& self, int64_t dim, const Tensor& index) { throw InternalError("not implemented: index_select"); }
Tensor masked_select(const Tensor& self, const Tensor& mask) { throw InternalError("not implemented: masked_select"); }
Tensor index(const Tensor& self, const Tensor& index) { throw InternalError("not implemented: index"); }
void index_put_(const Tensor& self, const Tensor& index, const Tensor& values) { throw InternalError("not implemented: index_put_"); }

}  // namespace tp::native
