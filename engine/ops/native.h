// The kernel layer (PyTorch's at::native): creation, views, copies, math and in-place writes over
// shared storages. Nothing here records autograd history; autograd/functions.h wraps these.
// Every function checks its arguments and throws PyTorch's exact message (core/error.h).
//
// Rules every kernel follows:
//  * views never copy: they share storage and version counter and set `base` to the root base;
//  * in-place kernels write through the tensor's strides into its storage and bump its version once;
//  * tensors on different devices never meet (RuntimeError as PyTorch words it);
//  * math goes through xtensor adaptors over the storage (ops/xt_view.h), never copies into xtensor containers.
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/memory_format.h"
#include "core/generator.h"
#include "core/tensor.h"

namespace tp {
// Op selectors live in tp (not tp::native) so that argument-dependent lookup on them does not
// make unqualified calls like unary(t, UnaryOp::Exp) ambiguous between tp:: and tp::native::.
enum class CompareOp { Eq, Ne, Lt, Le, Gt, Ge };
enum class UnaryOp { Neg, Abs, Exp, Log, Sqrt, Sin, Cos, Tanh, Sigmoid, Relu, Reciprocal, Sign, Floor, Ceil, Round, Rsqrt, Log1p, Expm1,
                     Log2, Log10, Sinh, Cosh, Trunc, Frac, Erf, Sgn,
                     Tan, Asin, Acos, Atan, Asinh, Acosh, Atanh, Erfc, Erfinv, Exp2, Lgamma, Digamma,
                     Trigamma /* polygamma(1, x): digamma's derivative */, Deg2rad, Rad2deg };
}  // namespace tp

namespace tp::native {

using tp::CompareOp;
using tp::UnaryOp;

using OptDType = std::optional<DType>;

// ---------------------------------------------------------------- creation (ops/creation.cpp)
Tensor empty(const Shape& sizes, DType dtype, Device device);
Tensor full(const Shape& sizes, const Scalar& value, DType dtype, Device device);
Tensor zeros(const Shape& sizes, DType dtype, Device device);
Tensor ones(const Shape& sizes, DType dtype, Device device);
Tensor eye(int64_t n, int64_t m, DType dtype, Device device);
// dtype defaults: int64 when start/end/step are all ints, else the default float dtype.
Tensor arange(const Scalar& start, const Scalar& end, const Scalar& step, OptDType dtype, Device device);
Tensor range(const Scalar& start, const Scalar& end, const Scalar& step, DType dtype, Device device);
Tensor linspace(const Scalar& start, const Scalar& end, int64_t steps, OptDType dtype, Device device);
Tensor logspace(const Scalar& start, const Scalar& end, int64_t steps, double base, OptDType dtype, Device device);
// torch.tensor's core: row-major values + shape, converted to dtype.
Tensor from_scalars(const std::vector<Scalar>& values, const Shape& sizes, DType dtype, Device device);
// A Python number as a 0-dim "wrapped number" tensor (is_wrapped_number = true) for promotion.
Tensor wrap_scalar(const Scalar& s, Device device = Device{});
// c10::checked_convert of a Python number into dtype `d`, raising PyTorch's "value cannot be
// converted to type <name> without overflow". `storing` = torch.tensor's store_scalar (integral
// dtypes only, names "uint8"); otherwise Scalar::to<T> as fill_/full/setitem use it ("uint8_t").
void check_scalar_fits(const Scalar& s, DType d, bool storing);

// ---------------------------------------------------------------- random (ops/random.cpp)
// Bit-identical to PyTorch's CPU generator (ctx().generator); see the reference, section 4.
Tensor rand(const Shape& sizes, DType dtype, Device device);
Tensor randn(const Shape& sizes, DType dtype, Device device);
Tensor randint(int64_t low, int64_t high, const Shape& sizes, DType dtype, Device device);
Tensor randperm(int64_t n, DType dtype, Device device);
Tensor randperm(int64_t n, DType dtype, Device device, Generator& gen);  // a private generator (RandomSampler)
void uniform_(const Tensor& self, double from, double to);  // bumps version
void random_(const Tensor& self);  // no bounds: uniform_int_distribution<T>; bumps version
void normal_(const Tensor& self, double mean, double std);   // bumps version
// bernoulli_(self, p_tensor): the serial tensor-p kernel (deterministic on every CPU); bumps version.
void bernoulli_tensor_(const Tensor& self, const Tensor& p);

// ---------------------------------------------------------------- views (ops/shape/views.cpp)
// All share storage + version counter; `base` = root base (view of view points to the original).
Tensor view(const Tensor& self, const Shape& sizes);        // sizes may hold one -1
Tensor as_strided(const Tensor& self, const Shape& sizes, const Shape& strides,
                  std::optional<int64_t> storage_offset);
Tensor expand(const Tensor& self, const Shape& sizes);      // -1 keeps a size
Tensor t(const Tensor& self);
Tensor transpose(const Tensor& self, int64_t dim0, int64_t dim1);
Tensor permute(const Tensor& self, const Shape& dims);
Tensor squeeze(const Tensor& self);
Tensor squeeze(const Tensor& self, const std::vector<int64_t>& dims);
Tensor unsqueeze(const Tensor& self, int64_t dim);
Tensor narrow(const Tensor& self, int64_t dim, int64_t start, int64_t length);
Tensor select(const Tensor& self, int64_t dim, int64_t index);
Tensor slice(const Tensor& self, int64_t dim, std::optional<int64_t> start, std::optional<int64_t> end,
             int64_t step);
Tensor unfold(const Tensor& self, int64_t dim, int64_t size, int64_t step);
Tensor alias(const Tensor& self);
Tensor diagonal(const Tensor& self, int64_t offset, int64_t dim1, int64_t dim2);
std::vector<Tensor> split(const Tensor& self, int64_t split_size, int64_t dim);
std::vector<Tensor> split_with_sizes(const Tensor& self, const Shape& sizes, int64_t dim);
std::vector<Tensor> chunk(const Tensor& self, int64_t chunks, int64_t dim);
std::vector<Tensor> unbind(const Tensor& self, int64_t dim);
// detach(): same storage, SAME version counter, no base. data(): same storage, NEW counter.
Tensor detach(const Tensor& self);
Tensor data(const Tensor& self);
// movedim's permutation with PyTorch's checks; empty for a 0-dim tensor (movedim is alias() then).
Shape movedim_order(const Tensor& self, const Shape& source, const Shape& destination);

// Whether view(sizes) is possible without copying (at::detail::computeStride); nullopt if not.
std::optional<Shape> compute_view_strides(const Shape& old_sizes, const Shape& old_strides, const Shape& new_sizes);
// Resolves one -1 and checks numel (InferSize.h messages).
Shape infer_size(const Shape& shape, int64_t numel);

// ---------------------------------------------------------------- in-place views (ops/shape/inplace_views.cpp)
// New sizes/strides for self itself (same storage and offset); each bumps the version once.
void t_(const Tensor& self);
void transpose_(const Tensor& self, int64_t dim0, int64_t dim1);
void squeeze_(const Tensor& self);
// bump=false: called from inside an ATen kernel, below the ADInplaceOrView key (no version bump).
void squeeze_(const Tensor& self, const std::vector<int64_t>& dims, bool bump = true);
void unsqueeze_(const Tensor& self, int64_t dim, bool bump = true);

// ---------------------------------------------------------------- triangles and diagonals (ops/shape/triangular.cpp)
// Fresh contiguous copies.
Tensor tril(const Tensor& self, int64_t diagonal);
Tensor triu(const Tensor& self, int64_t diagonal);
void check_diag_dims(const Tensor& self);  // torch.diag: 1-D or 2-D only
Tensor diag_embed(const Tensor& self, int64_t offset);  // 1-D self -> square matrix
Tensor diagonal_copy(const Tensor& self, int64_t offset, int64_t dim1, int64_t dim2);

// ---------------------------------------------------------------- copies (ops/copy.cpp)
void copy_(const Tensor& self, const Tensor& src);      // broadcasts src, casts dtype, crosses devices; bumps
Tensor reshape(const Tensor& self, const Shape& sizes);               // view when possible, else a copy
Tensor flatten(const Tensor& self, int64_t start_dim, int64_t end_dim);
Tensor cat(const std::vector<Tensor>& tensors, int64_t dim);
Tensor stack(const std::vector<Tensor>& tensors, int64_t dim);

// ---------------------------------------------------------------- memory formats (ops/memory_format.cpp, ops/resize.cpp)
// preserve: a dense input keeps its strides, others get dense strides in the input's order.
Tensor clone(const Tensor& self, MemoryFormat fmt = MemoryFormat::Preserve);
// self when already contiguous in `fmt`; preserve is refused.
Tensor contiguous(const Tensor& self, MemoryFormat fmt = MemoryFormat::Contiguous);
// self when dtype/device are unchanged, !copy and fmt is preserve or self's suggested format.
Tensor to(const Tensor& self, DType dtype, Device device, bool copy, MemoryFormat fmt = MemoryFormat::Preserve);
Tensor empty(const Shape& sizes, DType dtype, Device device, MemoryFormat fmt);
Tensor empty_like(const Tensor& self, DType dtype, Device device, MemoryFormat fmt);
Tensor full_like(const Tensor& self, const Scalar& value, DType dtype, Device device, MemoryFormat fmt);
Tensor rand_like(const Tensor& self, DType dtype, Device device, MemoryFormat fmt);
Tensor randn_like(const Tensor& self, DType dtype, Device device, MemoryFormat fmt);
// torch.empty_strided: exactly these strides over a fresh storage (sizes and ranks checked).
Tensor empty_strided_checked(const Shape& sizes, const Shape& strides, DType dtype, Device device);
// In place: contiguous strides for new sizes, the storage grown when too small (no version bump).
void resize_(const Tensor& self, const Shape& sizes, std::optional<MemoryFormat> fmt);
void resize_as_(const Tensor& self, const Tensor& the_template, std::optional<MemoryFormat> fmt);

// ---------------------------------------------------------------- pointwise (ops/pointwise.cpp)
// Binary ops broadcast with PyTorch's message and promote with result_type().
DType result_type(const Tensor& a, const Tensor& b);   // honours wrapped numbers and 0-dim categories
Shape broadcast_shapes(const Shape& a, const Shape& b);
Tensor add(const Tensor& a, const Tensor& b, const Scalar& alpha = Scalar::from_int(1));
Tensor sub(const Tensor& a, const Tensor& b, const Scalar& alpha = Scalar::from_int(1));
Tensor mul(const Tensor& a, const Tensor& b);
Tensor div(const Tensor& a, const Tensor& b);           // true division (ints -> default float)
Tensor floor_divide(const Tensor& a, const Tensor& b);
Tensor remainder(const Tensor& a, const Tensor& b);     // Python's sign rule
Tensor fmod(const Tensor& a, const Tensor& b);          // C's fmod: the dividend's sign
Tensor pow(const Tensor& a, const Tensor& b);
Tensor maximum(const Tensor& a, const Tensor& b);
Tensor minimum(const Tensor& a, const Tensor& b);
Tensor compare(const Tensor& a, const Tensor& b, CompareOp op);  // bool result
Tensor logical_not(const Tensor& a);
Tensor where(const Tensor& cond, const Tensor& a, const Tensor& b);

Tensor unary(const Tensor& a, UnaryOp op);  // int inputs of exp/log/... promote to the default float
Tensor clamp(const Tensor& a, std::optional<Scalar> min, std::optional<Scalar> max);

// ---------------------------------------------------------------- more pointwise (ops/math/binary_math.cpp)
Tensor atan2(const Tensor& a, const Tensor& b);  // ints -> default float
Tensor hypot(const Tensor& a, const Tensor& b);  // floating only ("hypot_cpu" not implemented for 'Long')
Tensor fmax(const Tensor& a, const Tensor& b);   // NaN-ignoring maximum; ints/bools as maximum
Tensor fmin(const Tensor& a, const Tensor& b);
enum class LogicalOp { And, Or, Xor };
Tensor logical(const Tensor& a, const Tensor& b, LogicalOp op);  // bool result
// nan/posinf/neginf default to 0 and the dtype's largest/lowest finite value; ints/bools are copied.
Tensor nan_to_num(const Tensor& a, std::optional<double> nan, std::optional<double> posinf,
                  std::optional<double> neginf);
Tensor addcmul(const Tensor& self, const Tensor& t1, const Tensor& t2, const Scalar& value);  // self + value*t1*t2
Tensor addcdiv(const Tensor& self, const Tensor& t1, const Tensor& t2, const Scalar& value);  // self + value*t1/t2
// beta * self + alpha * outer(vec1, vec2), dtypes promoted (addr_kernel; float16 not reproduced).
Tensor addr(const Tensor& self, const Tensor& vec1, const Tensor& vec2, const Scalar& beta, const Scalar& alpha);

// ---------------------------------------------------------------- ops/math/special_ops.cpp
Tensor logit(const Tensor& self, double eps);  // eps < 0 = None
Tensor heaviside(const Tensor& self, const Tensor& values);
Tensor isin(const Tensor& elements, const Tensor& test_elements, bool invert);  // bool result
// torch.histc(bins, min, max) of a floating tensor: counts in its dtype (no autograd history).
Tensor histc(const Tensor& self, int64_t bins, double min, double max);

// ---------------------------------------------------------------- counting (ops/shape/index_gen.cpp)
Tensor tri_indices(int64_t row, int64_t col, int64_t offset, bool lower, DType dtype, Device device);
Tensor bincount(const Tensor& self, const Tensor& weights, int64_t minlength);  // weights may be undefined
// ops/math/bucketize.cpp: int64 (int32 with out_int32) positions; `sorter` may be undefined.
Tensor searchsorted(const Tensor& boundaries, const Tensor& input, bool out_int32, bool right,
                    const std::optional<std::string>& side, const Tensor& sorter);
Tensor bucketize(const Tensor& input, const Tensor& boundaries, bool out_int32, bool right);

// ---------------------------------------------------------------- reductions (ops/math/reductions.cpp)
// dims empty = all dims. sum of ints/bools gives int64; mean requires floating (PyTorch's message).
Tensor sum(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim, OptDType dtype);
Tensor mean(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim, OptDType dtype);
Tensor prod(const Tensor& a, std::optional<int64_t> dim, bool keepdim, OptDType dtype = std::nullopt);
Tensor amax(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim);
Tensor amin(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim);
Tensor max_all(const Tensor& a);   // torch.max(t): 0-dim, error on empty like PyTorch
Tensor min_all(const Tensor& a);
std::pair<Tensor, Tensor> max_dim(const Tensor& a, int64_t dim, bool keepdim);  // (values, indices)
std::pair<Tensor, Tensor> min_dim(const Tensor& a, int64_t dim, bool keepdim);
Tensor argmax(const Tensor& a, std::optional<int64_t> dim, bool keepdim);
Tensor argmin(const Tensor& a, std::optional<int64_t> dim, bool keepdim);

// ---------------------------------------------------------------- scans and orderings (ops/math/sort_scan.cpp)
// cumsum/cumprod: integer and bool inputs give int64 unless `dtype` is given.
Tensor cumsum(const Tensor& a, int64_t dim, OptDType dtype);
Tensor cumprod(const Tensor& a, int64_t dim, OptDType dtype);
// Stable: equal elements keep their index order; NaN counts as the largest value.
std::pair<Tensor, Tensor> sort(const Tensor& a, int64_t dim, bool descending);  // (values, indices)
Tensor argsort(const Tensor& a, int64_t dim, bool descending);
std::pair<Tensor, Tensor> topk(const Tensor& a, int64_t k, int64_t dim, bool largest);  // sorted results
Tensor flip(const Tensor& a, const std::vector<int64_t>& dims);  // a copy, never a view
// TensorTransformations.cpp roll: out[i] = a[(i - shift) mod n] along each dim; no dims rolls the
// flattened tensor. A copy.
Tensor roll(const Tensor& a, const std::vector<int64_t>& shifts, const std::vector<int64_t>& dims);

// ops/math/cummax_logcumsumexp.cpp: cummax / cummin -> (values, int64 indices; ties take the later index, NaN
// wins); logcumsumexp (floating only, accumulated in double).
std::pair<Tensor, Tensor> cummax_cummin(const Tensor& self, int64_t dim, bool is_max);
Tensor logcumsumexp(const Tensor& self, int64_t dim);
// torch.mode: the most frequent value along dim (smallest on ties) and an index of it.
std::pair<Tensor, Tensor> mode(const Tensor& self, int64_t dim, bool keepdim);

// ---------------------------------------------------------------- gather / scatter (ops/shape/scatter_gather.cpp)
// Out of place; index must be int64 with self's rank (ScatterGatherChecks.h messages).
Tensor gather(const Tensor& self, int64_t dim, const Tensor& index);
Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src);
Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value);
Tensor scatter_add(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src);

// ---------------------------------------------------------------- linear algebra (ops/math/linalg.cpp)
Tensor mm(const Tensor& a, const Tensor& b);
Tensor mv(const Tensor& a, const Tensor& v);
Tensor dot(const Tensor& a, const Tensor& b);
Tensor addmm(const Tensor& bias, const Tensor& a, const Tensor& b, const Scalar& beta = Scalar::from_int(1),
             const Scalar& alpha = Scalar::from_int(1));
Tensor addmv(const Tensor& self, const Tensor& mat, const Tensor& vec, const Scalar& beta, const Scalar& alpha);
Tensor baddbmm(const Tensor& self, const Tensor& b1, const Tensor& b2, const Scalar& beta, const Scalar& alpha);
Tensor addbmm(const Tensor& self, const Tensor& b1, const Tensor& b2, const Scalar& beta, const Scalar& alpha);
Tensor bmm(const Tensor& a, const Tensor& b);

// ---------------------------------------------------------------- in-place (ops/inplace.cpp)
// Each writes `result` (already computed out of place) back into self through self's strides after
// checking can_cast (message 1.19) and that the broadcast shape equals self's shape (message 1.3),
// then bumps self's version once.
void write_result_(const Tensor& self, const Tensor& result);
void fill_(const Tensor& self, const Scalar& value);
void zero_(const Tensor& self);
// Refuses expanded (stride-0 / overlapping) destinations with PyTorch's MemoryOverlap message.
void check_no_internal_overlap(const Tensor& self);
// Refuses an input that partly overlaps the written-to tensor (e.g. a.add_(a.t())), MemoryOverlap.cpp.
void check_no_partial_overlap(const Tensor& out, const Tensor& input);

// ---------------------------------------------------------------- indexing (ops/shape/indexing.cpp)
Tensor index_select(const Tensor& self, int64_t dim, const Tensor& index);
Tensor masked_select(const Tensor& self, const Tensor& mask);
// Advanced indexing x[idx] with one integer (long) index tensor or a bool mask, on dim 0.
Tensor index(const Tensor& self, const Tensor& index);
void index_put_(const Tensor& self, const Tensor& index, const Tensor& values);
// A tuple of index tensors over the leading dims (Note [Index tuples] in ops/shape/indexing.cpp).
Tensor index(const Tensor& self, const std::vector<Tensor>& indices);
// Out of place; accumulate adds the values (duplicates sum) instead of overwriting.
Tensor index_put(const Tensor& self, const std::vector<Tensor>& indices, const Tensor& values, bool accumulate);

// ---------------------------------------------------------------- index_add / index_copy / index_fill / take (ops/shape/index_ops.cpp)
Tensor index_add(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, const Scalar& alpha);
Tensor index_copy(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source);
Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value);
Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& value);  // 0-dim value
Tensor take(const Tensor& self, const Tensor& index);
// put_: writes in place, no version bump; stops at the first out-of-range index (earlier writes stay).
void put_(const Tensor& self, const Tensor& index, const Tensor& source, bool accumulate);
Tensor put(const Tensor& self, const Tensor& index, const Tensor& source, bool accumulate);  // clone + put_

// ---------------------------------------------------------------- conversions
// Device mismatch check shared by all binary kernels (0-dim cpu tensors may meet any device).
void check_same_device(const Tensor& a, const Tensor& b);
Scalar item(const Tensor& self);  // "a Tensor with 2 elements cannot be converted to Scalar"

}  // namespace tp::native
