// The differentiable op API (PyTorch's VariableType layer): what the interpreter calls.
// Each function runs the kernel from ops/native.h and, when grad mode is on and an input requires
// grad, records a Node named as PyTorch names it. Signatures mirror tp::native one to one, plus the
// in-place ops (which check leaves, rebase history, and bump versions) and the autograd entry points.
#pragma once
#include "core/callable.h"
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ops/native.h"

namespace tp {

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

// ---------------------------------------------------------------- random (ops/random.cpp)
// Bit-identical to PyTorch's CPU generator (ctx().generator); see the reference, section 4.
Tensor rand(const Shape& sizes, DType dtype, Device device);
Tensor randn(const Shape& sizes, DType dtype, Device device);
Tensor randint(int64_t low, int64_t high, const Shape& sizes, DType dtype, Device device);
Tensor randperm(int64_t n, DType dtype, Device device);
Tensor randperm(int64_t n, DType dtype, Device device, Generator& gen);  // a private generator (RandomSampler)

// ---------------------------------------------------------------- views (ops/shape/views.cpp)
Tensor view(const Tensor& self, const Shape& sizes);        // sizes may hold one -1
Tensor as_strided(const Tensor& self, const Shape& sizes, const Shape& strides,
                  std::optional<int64_t> storage_offset);
Tensor expand(const Tensor& self, const Shape& sizes);      // -1 keeps a size
Tensor t(const Tensor& self);
Tensor transpose(const Tensor& self, int64_t dim0, int64_t dim1);
Tensor permute(const Tensor& self, const Shape& dims);
Tensor squeeze(const Tensor& self);
Tensor squeeze(const Tensor& self, int64_t dim);                    // squeeze(d): SqueezeBackward1
Tensor squeeze(const Tensor& self, const std::vector<int64_t>& dims);  // squeeze((d1, d2)): SqueezeBackward2
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

// ---------------------------------------------------------------- copies (ops/copy.cpp)
Tensor clone(const Tensor& self, MemoryFormat fmt = MemoryFormat::Preserve);  // CloneBackward0
Tensor contiguous(const Tensor& self, MemoryFormat fmt = MemoryFormat::Contiguous);  // self if already so
// self when nothing changes, !copy and fmt is preserve or self's suggested format; else ToCopyBackward0.
Tensor to(const Tensor& self, DType dtype, Device device, bool copy, MemoryFormat fmt = MemoryFormat::Preserve);
// resize_ / resize_as_ (VariableTypeManual.cpp): refused on tensors that require grad; no history.
Tensor resize_(const Tensor& self, const Shape& sizes, std::optional<MemoryFormat> fmt = std::nullopt);
Tensor resize_as_(const Tensor& self, const Tensor& the_template, std::optional<MemoryFormat> fmt = std::nullopt);
Tensor reshape(const Tensor& self, const Shape& sizes);               // view when possible, else a copy
Tensor flatten(const Tensor& self, int64_t start_dim, int64_t end_dim);
Tensor cat(const std::vector<Tensor>& tensors, int64_t dim);
Tensor stack(const std::vector<Tensor>& tensors, int64_t dim);

// ---------------------------------------------------------------- pointwise (ops/pointwise.cpp)
// Binary ops broadcast with PyTorch's message and promote with result_type().
Tensor add(const Tensor& a, const Tensor& b, const Scalar& alpha = Scalar::from_int(1));
Tensor sub(const Tensor& a, const Tensor& b, const Scalar& alpha = Scalar::from_int(1));
// other - alpha * self (`1 - x` is rsub(x, wrapped 1): RsubBackward1; two tensors: RsubBackward0).
Tensor rsub(const Tensor& self, const Tensor& other, const Scalar& alpha = Scalar::from_int(1));
Tensor mul(const Tensor& a, const Tensor& b);
Tensor div(const Tensor& a, const Tensor& b);           // true division (ints -> default float)
Tensor floor_divide(const Tensor& a, const Tensor& b);
Tensor remainder(const Tensor& a, const Tensor& b);     // Python's sign rule
Tensor fmod(const Tensor& a, const Tensor& b);          // C's fmod: the dividend's sign (FmodBackward0/1)
Tensor pow(const Tensor& a, const Tensor& b);
Tensor maximum(const Tensor& a, const Tensor& b);
Tensor minimum(const Tensor& a, const Tensor& b);
Tensor compare(const Tensor& a, const Tensor& b, CompareOp op);  // bool result
Tensor logical_not(const Tensor& a);
Tensor where(const Tensor& cond, const Tensor& a, const Tensor& b);

Tensor unary(const Tensor& a, UnaryOp op);  // int inputs of exp/log/... promote to the default float
Tensor neg(const Tensor& a);                // unary(a, UnaryOp::Neg)
Tensor clamp(const Tensor& a, std::optional<Scalar> min, std::optional<Scalar> max);

// ---------------------------------------------------------------- reductions (ops/math/reductions.cpp)
// dims empty = all dims. sum of ints/bools gives int64; mean requires floating (PyTorch's message).
Tensor sum(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim, OptDType dtype);
Tensor mean(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim, OptDType dtype);
Tensor prod(const Tensor& a, std::optional<int64_t> dim, bool keepdim, OptDType dtype = std::nullopt);
Tensor amax(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim);
// torch.aminmax(dim=None, keepdim=False) -> (min, max), one AminmaxBackward0 node.
std::pair<Tensor, Tensor> aminmax(const Tensor& self, std::optional<int64_t> dim, bool keepdim);
Tensor amin(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim);
Tensor max_all(const Tensor& a);   // torch.max(t): 0-dim, error on empty like PyTorch
Tensor min_all(const Tensor& a);
std::pair<Tensor, Tensor> max_dim(const Tensor& a, int64_t dim, bool keepdim);  // (values, indices)
std::pair<Tensor, Tensor> min_dim(const Tensor& a, int64_t dim, bool keepdim);
Tensor argmax(const Tensor& a, std::optional<int64_t> dim, bool keepdim);
// logsumexp (LogsumexpBackward0): integer inputs give the default float dtype; dims empty = all dims.
Tensor logsumexp(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim);
// median() (MedianBackward0): the lower middle value; median(dim) (MedianBackward1) and kthvalue
// (KthvalueBackward0) return (values, indices).
Tensor median_all(const Tensor& a);
std::pair<Tensor, Tensor> median_dim(const Tensor& a, int64_t dim, bool keepdim);
std::pair<Tensor, Tensor> kthvalue(const Tensor& a, int64_t k, int64_t dim, bool keepdim);
Tensor argmin(const Tensor& a, std::optional<int64_t> dim, bool keepdim);
// torch.mode(dim=-1, keepdim=False) -> (values, indices), ModeBackward0.
std::pair<Tensor, Tensor> mode(const Tensor& a, int64_t dim, bool keepdim);

// ---------------------------------------------------------------- moments and norms (autograd/math/moments_norms.cpp)
// dims empty = all dims. Floating inputs only ("std and var only support floating point and complex dtypes").
Tensor var(const Tensor& x, const std::vector<int64_t>& dims, double correction, bool keepdim);  // VarBackward0
Tensor stddev(const Tensor& x, const std::vector<int64_t>& dims, double correction, bool keepdim);  // StdBackward0 (torch.std; not named std: namespace std)
// torch.var_mean / std_mean: (var or std, mean) from one VarMeanBackward0 / StdMeanBackward0 node.
std::pair<Tensor, Tensor> var_mean(const Tensor& x, const std::vector<int64_t>& dims, double correction, bool keepdim,
                                   bool is_std);
// torch.linalg.vector_norm (and torch.norm / Tensor.norm for strided cpu/cuda tensors): LinalgVectorNormBackward0.
Tensor linalg_vector_norm(const Tensor& x, double ord, const std::vector<int64_t>& dims, bool keepdim, OptDType dtype);

// ---------------------------------------------------------------- repeat and masked_fill (autograd/shape/repeat_fill.cpp)
Tensor repeat(const Tensor& self, const Shape& repeats);                          // RepeatBackward0
Tensor masked_fill(const Tensor& self, const Tensor& mask, const Scalar& value);  // MaskedFillBackward0
Tensor masked_fill(const Tensor& self, const Tensor& mask, const Tensor& value);  // MaskedFillBackward1 (0-dim value)

// ---------------------------------------------------------------- shapes, triangles, diagonals (autograd/shape/shape_ops.cpp)
// movedim / moveaxis: permute (PermuteBackward0); a 0-dim tensor gives alias() (AliasBackward0).
Tensor movedim(const Tensor& self, const Shape& source, const Shape& destination);
Tensor tile(const Tensor& self, const Shape& reps);                  // repeat: RepeatBackward0
Tensor tril(const Tensor& self, int64_t diagonal);                   // TrilBackward0
Tensor triu(const Tensor& self, int64_t diagonal);                   // TriuBackward0
// torch.diag: 1-D -> diag_embed (DiagEmbedBackward0); 2-D -> diagonal_copy (DiagonalBackward0_copy).
Tensor diag(const Tensor& self, int64_t diagonal);
Tensor outer(const Tensor& self, const Tensor& vec2);                // reshape(n, 1) * vec2: MulBackward0

// ---------------------------------------------------------------- scans and orderings (autograd/math/sort_scatter.cpp)
Tensor cumsum(const Tensor& a, int64_t dim, OptDType dtype);   // CumsumBackward0
Tensor cumprod(const Tensor& a, int64_t dim, OptDType dtype);  // CumprodBackward0
std::pair<Tensor, Tensor> sort(const Tensor& a, int64_t dim, bool descending);  // SortBackward0
Tensor argsort(const Tensor& a, int64_t dim, bool descending);
std::pair<Tensor, Tensor> topk(const Tensor& a, int64_t k, int64_t dim, bool largest);  // TopkBackward0
Tensor flip(const Tensor& a, const std::vector<int64_t>& dims);  // FlipBackward0
// rot90 (CompositeExplicitAutograd, Rot90Backward0): flip + transpose_ / flip / contiguous clone, as
// TensorTransformations.cpp; dims are checked with its messages.
Tensor rot90(const Tensor& a, int64_t k, const std::vector<int64_t>& dims);
Tensor trace(const Tensor& a);  // TraceBackward0; integer inputs give int64
Tensor roll(const Tensor& a, const std::vector<int64_t>& shifts, const std::vector<int64_t>& dims);  // RollBackward0

// ---------------------------------------------------------------- gather / scatter (autograd/math/sort_scatter.cpp)
Tensor gather(const Tensor& self, int64_t dim, const Tensor& index);                      // GatherBackward0
Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src);   // ScatterBackward0
Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value); // ScatterBackward1
Tensor scatter_add(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src);  // ScatterAddBackward0

// ---------------------------------------------------------------- index_* and take (autograd/shape/index_ops.cpp)
Tensor index_add(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, const Scalar& alpha);  // IndexAddBackward0
Tensor index_copy(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source);  // IndexCopyBackward0
Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value);   // IndexFillBackward0
Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& value);   // IndexFillBackward1 (0-dim value)
Tensor index_put(const Tensor& self, const std::vector<Tensor>& indices, const Tensor& values, bool accumulate);  // IndexPutBackward0
Tensor take(const Tensor& self, const Tensor& index);  // TakeBackward0
Tensor put(const Tensor& self, const Tensor& index, const Tensor& source, bool accumulate);  // PutBackward0

// ---------------------------------------------------------------- linear algebra (ops/math/linalg.cpp)
Tensor mm(const Tensor& a, const Tensor& b);
Tensor mv(const Tensor& a, const Tensor& v);
Tensor dot(const Tensor& a, const Tensor& b);
Tensor addmm(const Tensor& bias, const Tensor& a, const Tensor& b, const Scalar& beta = Scalar::from_int(1),
             const Scalar& alpha = Scalar::from_int(1));  // AddmmBackward0
Tensor addmv(const Tensor& self, const Tensor& mat, const Tensor& vec, const Scalar& beta = Scalar::from_int(1),
             const Scalar& alpha = Scalar::from_int(1));  // AddmvBackward0
Tensor baddbmm(const Tensor& self, const Tensor& b1, const Tensor& b2, const Scalar& beta = Scalar::from_int(1),
               const Scalar& alpha = Scalar::from_int(1));  // BaddbmmBackward0
Tensor addbmm(const Tensor& self, const Tensor& b1, const Tensor& b2, const Scalar& beta = Scalar::from_int(1),
              const Scalar& alpha = Scalar::from_int(1));  // AddbmmBackward0
Tensor bmm(const Tensor& a, const Tensor& b);
// torch.matmul / `@` (LinearAlgebra.cpp _matmul_impl): dot, mv, mm, 1-D @ 2-D (SqueezeBackward4),
// N-D @ 2-D folded into mm (UnsafeViewBackward0), batched via bmm.
Tensor matmul(const Tensor& a, const Tensor& b);

// ---------------------------------------------------------------- nn.functional (autograd/math/linalg.cpp)
// F.linear as Linear.cpp: 2-D input + bias -> addmm(bias, input, weight.t()); contiguous input with
// a 1-D bias -> reshape to 2-D, addmm, view back; else matmul(input, weight.t()) (+ bias in place).
// `bias` may be undefined (bias=False).
Tensor linear(const Tensor& input, const Tensor& weight, const Tensor& bias);
// F.mse_loss(input, target, reduction="mean"|"sum"|"none"): MseLossBackward0; warns (UserWarning)
// when the shapes differ, as torch/nn/functional.py does.
Tensor mse_loss(const Tensor& input, const Tensor& target, const std::string& reduction = "mean");

// ---------------------------------------------------------------- softmax and classification losses (autograd/nn/softmax_nll_loss.cpp)
Tensor softmax(const Tensor& x, int64_t dim);      // SoftmaxBackward0
Tensor log_softmax(const Tensor& x, int64_t dim);  // LogSoftmaxBackward0
// F.nll_loss for (N, C) / (C,) inputs and class-index targets: NllLossBackward0. `weight` may be undefined.
Tensor nll_loss(const Tensor& input, const Tensor& target, const Tensor& weight, const std::string& reduction,
                int64_t ignore_index);
// F.cross_entropy with class-index targets: nll_loss(log_softmax(input, class_dim), ...) as LossNLL.cpp.
Tensor cross_entropy(const Tensor& input, const Tensor& target, const Tensor& weight, const std::string& reduction,
                     int64_t ignore_index);

// ---------------------------------------------------------------- indexing (ops/shape/indexing.cpp)
Tensor index_select(const Tensor& self, int64_t dim, const Tensor& index);
Tensor masked_select(const Tensor& self, const Tensor& mask);
// Advanced indexing x[idx] with one integer (long) index tensor or a bool mask, on dim 0.
Tensor index(const Tensor& self, const Tensor& index);

// ---------------------------------------------------------------- conversions
Scalar item(const Tensor& self);  // "a Tensor with 2 elements cannot be converted to Scalar"


// ---------------------------------------------------------------- in-place (autograd/inplace.cpp)
// Check (semantics 1.5-1.7), write through self's storage, bump the version, rebase history
// (CopySlices when self is a view of a tensor in the graph). Return self.
Tensor add_(const Tensor& self, const Tensor& other, const Scalar& alpha = Scalar::from_int(1));
Tensor sub_(const Tensor& self, const Tensor& other, const Scalar& alpha = Scalar::from_int(1));
Tensor mul_(const Tensor& self, const Tensor& other);
Tensor div_(const Tensor& self, const Tensor& other);
Tensor pow_(const Tensor& self, const Tensor& other);
Tensor floor_divide_(const Tensor& self, const Tensor& other);
Tensor remainder_(const Tensor& self, const Tensor& other);
Tensor fmod_(const Tensor& self, const Tensor& other);
Tensor unary_(const Tensor& self, UnaryOp op);   // neg_, exp_, relu_, sigmoid_, ...
Tensor clamp_(const Tensor& self, std::optional<Scalar> min, std::optional<Scalar> max);
Tensor copy_(const Tensor& self, const Tensor& src);   // CopyBackwards
Tensor fill_(const Tensor& self, const Scalar& value);
Tensor zero_(const Tensor& self);
Tensor uniform_(const Tensor& self, double from, double to);
Tensor normal_(const Tensor& self, double mean, double std);
Tensor index_put_(const Tensor& self, const Tensor& index, const Tensor& values);  // x[idx_tensor] = v
Tensor scatter_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src);
Tensor scatter_(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value);
Tensor scatter_add_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src);
Tensor index_add_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, const Scalar& alpha);
Tensor index_copy_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source);
Tensor index_fill_(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value);
Tensor index_fill_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& value);
Tensor index_put_(const Tensor& self, const std::vector<Tensor>& indices, const Tensor& values, bool accumulate);
Tensor put_(const Tensor& self, const Tensor& index, const Tensor& source, bool accumulate);  // PutBackward0
Tensor masked_fill_(const Tensor& self, const Tensor& mask, const Scalar& value);
Tensor masked_fill_(const Tensor& self, const Tensor& mask, const Tensor& value);
Tensor addmm_(const Tensor& self, const Tensor& mat1, const Tensor& mat2, const Scalar& beta = Scalar::from_int(1),
              const Scalar& alpha = Scalar::from_int(1));  // AddmmBackward0
Tensor tril_(const Tensor& self, int64_t diagonal);   // TrilBackward0
Tensor triu_(const Tensor& self, int64_t diagonal);   // TriuBackward0
// In-place views (autograd/inplace_views.cpp): new geometry for self, version bumped, and (when
// recorded) set_history, not rebase: TBackward1, TransposeBackward1, SqueezeBackward3/4/5, UnsqueezeBackward1.
Tensor t_(const Tensor& self);
Tensor transpose_(const Tensor& self, int64_t dim0, int64_t dim1);
Tensor squeeze_(const Tensor& self);
Tensor squeeze_(const Tensor& self, int64_t dim);
Tensor squeeze_(const Tensor& self, const std::vector<int64_t>& dims);
Tensor unsqueeze_(const Tensor& self, int64_t dim);

// ---------------------------------------------------------------- autograd entry points (autograd/engine.cpp)
// tensor.backward(gradient, retain_graph, create_graph) and torch.autograd.backward.
void backward(const Tensor& output, const Tensor& gradient /* may be undefined */, std::optional<bool> retain_graph,
              bool create_graph);
// torch.autograd.backward(tensors, grad_tensors, retain_graph, create_graph) with several roots.
void autograd_backward(const std::vector<Tensor>& outputs, const std::vector<Tensor>& gradients,
                       std::optional<bool> retain_graph, bool create_graph);
// torch.autograd.grad(outputs, inputs, grad_outputs, retain_graph, create_graph, allow_unused)
std::vector<Tensor> grad(const std::vector<Tensor>& outputs, const std::vector<Tensor>& inputs,
                         const std::vector<Tensor>& grad_outputs, std::optional<bool> retain_graph,
                         bool create_graph, bool allow_unused);

// requires_grad handling (semantics 1.14): `t.requires_grad = b` vs `t.requires_grad_(b)` word errors differently.
void set_requires_grad_attr(const Tensor& self, bool value);
Tensor requires_grad_(const Tensor& self, bool value);
void retain_grad(const Tensor& self);
// Tensor.register_hook: returns a function that removes the hook (RemovableHandle.remove(); a
// second call does nothing). Leaves keep their hooks on the tensor, non-leaves on their grad_fn.
Callable<void()> register_hook(const Tensor& self, GradHook hook);
// Reading `.grad` (warns for a non-leaf that does not retain grad); assigning `.grad` (checks shape/dtype).
Tensor get_grad(const Tensor& self);
void set_grad(const Tensor& self, const Tensor& grad /* undefined = None */);
Tensor detach_(const Tensor& self);
// copy.deepcopy of a tensor (leaves only; semantics 1.13).
Tensor deepcopy(const Tensor& self);
// Factories' `requires_grad=True` (capital-O message for non-float dtypes).
void set_factory_requires_grad(const Tensor& t, bool value);

// ---------------------------------------------------------------- graph inspection (autograd/graph.h)
// Note [Reading grad_fn]: use these, not TensorImpl::grad_fn. After its base (or a sibling view) was
// modified in place, a view's grad_fn is regenerated on access as AsStridedBackward0, exactly when
// PyTorch regenerates it (variable.cpp VariableHooks::grad_fn); that may raise semantics 1.7.
std::shared_ptr<Node> grad_fn(const Tensor& t);
bool is_leaf(const Tensor& t);  // grad_fn(t) == nullptr

}  // namespace tp
