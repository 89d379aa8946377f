// Placeholder definitions so the project links while kernels are written; each function moves
// to its module as it is implemented (this file disappears when empty).
#include "core/error.h"
#include "ops/native.h"

namespace tp::native {

Tensor rand(const Shape& sizes, DType dtype, Device device) { throw InternalError("not implemented: rand"); }
Tensor randn(const Shape& sizes, DType dtype, Device device) { throw InternalError("not implemented: randn"); }
Tensor randint(int64_t low, int64_t high, const Shape& sizes, DType dtype, Device device) { throw InternalError("not implemented: randint"); }
Tensor randperm(int64_t n, DType dtype, Device device) { throw InternalError("not implemented: randperm"); }
void uniform_(const Tensor& self, double from, double to) { throw InternalError("not implemented: uniform_"); }
void normal_(const Tensor& self, double mean, double std) { throw InternalError("not implemented: normal_"); }
Tensor clone(const Tensor& self) { throw InternalError("not implemented: clone"); }
Tensor contiguous(const Tensor& self) { throw InternalError("not implemented: contiguous"); }
void copy_(const Tensor& self, const Tensor& src) { throw InternalError("not implemented: copy_"); }
Tensor to(const Tensor& self, DType dtype, Device device, bool copy) { throw InternalError("not implemented: to"); }
Tensor reshape(const Tensor& self, const Shape& sizes) { throw InternalError("not implemented: reshape"); }
Tensor flatten(const Tensor& self, int64_t start_dim, int64_t end_dim) { throw InternalError("not implemented: flatten"); }
Tensor cat(const std::vector<Tensor>& tensors, int64_t dim) { throw InternalError("not implemented: cat"); }
Tensor stack(const std::vector<Tensor>& tensors, int64_t dim) { throw InternalError("not implemented: stack"); }
DType result_type(const Tensor& a, const Tensor& b) { throw InternalError("not implemented: result_type"); }
Shape broadcast_shapes(const Shape& a, const Shape& b) { throw InternalError("not implemented: broadcast_shapes"); }
Tensor add(const Tensor& a, const Tensor& b, const Scalar& alpha) { throw InternalError("not implemented: add"); }
Tensor sub(const Tensor& a, const Tensor& b, const Scalar& alpha) { throw InternalError("not implemented: sub"); }
Tensor mul(const Tensor& a, const Tensor& b) { throw InternalError("not implemented: mul"); }
Tensor div(const Tensor& a, const Tensor& b) { throw InternalError("not implemented: div"); }
Tensor floor_divide(const Tensor& a, const Tensor& b) { throw InternalError("not implemented: floor_divide"); }
Tensor remainder(const Tensor& a, const Tensor& b) { throw InternalError("not implemented: remainder"); }
Tensor pow(const Tensor& a, const Tensor& b) { throw InternalError("not implemented: pow"); }
Tensor maximum(const Tensor& a, const Tensor& b) { throw InternalError("not implemented: maximum"); }
Tensor minimum(const Tensor& a, const Tensor& b) { throw InternalError("not implemented: minimum"); }
Tensor compare(const Tensor& a, const Tensor& b, CompareOp op) { throw InternalError("not implemented: compare"); }
Tensor logical_not(const Tensor& a) { throw InternalError("not implemented: logical_not"); }
Tensor where(const Tensor& cond, const Tensor& a, const Tensor& b) { throw InternalError("not implemented: where"); }
Tensor unary(const Tensor& a, UnaryOp op) { throw InternalError("not implemented: unary"); }
Tensor clamp(const Tensor& a, std::optional<Scalar> min, std::optional<Scalar> max) { throw InternalError("not implemented: clamp"); }
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
void write_result_(const Tensor& self, const Tensor& result) { throw InternalError("not implemented: write_result_"); }
void fill_(const Tensor& self, const Scalar& value) { throw InternalError("not implemented: fill_"); }
void zero_(const Tensor& self) { throw InternalError("not implemented: zero_"); }
void check_no_internal_overlap(const Tensor& self) { throw InternalError("not implemented: check_no_internal_overlap"); }
Tensor index_select(const Tensor& self, int64_t dim, const Tensor& index) { throw InternalError("not implemented: index_select"); }
Tensor masked_select(const Tensor& self, const Tensor& mask) { throw InternalError("not implemented: masked_select"); }
Tensor index(const Tensor& self, const Tensor& index) { throw InternalError("not implemented: index"); }
void index_put_(const Tensor& self, const Tensor& index, const Tensor& values) { throw InternalError("not implemented: index_put_"); }
void check_same_device(const Tensor& a, const Tensor& b) { throw InternalError("not implemented: check_same_device"); }
Scalar item(const Tensor& self) { throw InternalError("not implemented: item"); }

}  // namespace tp::native
