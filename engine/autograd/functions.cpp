// Temporary pass-through of the differentiable API to the kernels (no graph recorded yet);
// functions move to their autograd modules as graph recording lands.
#include "autograd/functions.h"

#include "autograd/node.h"
#include "core/context.h"
#include "core/error.h"

namespace tp {

Tensor empty(const Shape& sizes, DType dtype, Device device) { return native::empty(sizes, dtype, device); }
Tensor full(const Shape& sizes, const Scalar& value, DType dtype, Device device) { return native::full(sizes, value, dtype, device); }
Tensor zeros(const Shape& sizes, DType dtype, Device device) { return native::zeros(sizes, dtype, device); }
Tensor ones(const Shape& sizes, DType dtype, Device device) { return native::ones(sizes, dtype, device); }
Tensor eye(int64_t n, int64_t m, DType dtype, Device device) { return native::eye(n, m, dtype, device); }
Tensor arange(const Scalar& start, const Scalar& end, const Scalar& step, OptDType dtype, Device device) { return native::arange(start, end, step, dtype, device); }
Tensor linspace(const Scalar& start, const Scalar& end, int64_t steps, OptDType dtype, Device device) { return native::linspace(start, end, steps, dtype, device); }
Tensor logspace(const Scalar& start, const Scalar& end, int64_t steps, double base, OptDType dtype, Device device) { return native::logspace(start, end, steps, base, dtype, device); }
Tensor from_scalars(const std::vector<Scalar>& values, const Shape& sizes, DType dtype, Device device) { return native::from_scalars(values, sizes, dtype, device); }
Tensor rand(const Shape& sizes, DType dtype, Device device) { return native::rand(sizes, dtype, device); }
Tensor randn(const Shape& sizes, DType dtype, Device device) { return native::randn(sizes, dtype, device); }
Tensor randint(int64_t low, int64_t high, const Shape& sizes, DType dtype, Device device) { return native::randint(low, high, sizes, dtype, device); }
Tensor randperm(int64_t n, DType dtype, Device device) { return native::randperm(n, dtype, device); }
Tensor view(const Tensor& self, const Shape& sizes) { return native::view(self, sizes); }
Tensor as_strided(const Tensor& self, const Shape& sizes, const Shape& strides,
                  std::optional<int64_t> storage_offset) { return native::as_strided(self, sizes, strides, storage_offset); }
Tensor expand(const Tensor& self, const Shape& sizes) { return native::expand(self, sizes); }
Tensor t(const Tensor& self) { return native::t(self); }
Tensor transpose(const Tensor& self, int64_t dim0, int64_t dim1) { return native::transpose(self, dim0, dim1); }
Tensor permute(const Tensor& self, const Shape& dims) { return native::permute(self, dims); }
Tensor squeeze(const Tensor& self) { return native::squeeze(self); }
Tensor squeeze(const Tensor& self, const std::vector<int64_t>& dims) { return native::squeeze(self, dims); }
Tensor unsqueeze(const Tensor& self, int64_t dim) { return native::unsqueeze(self, dim); }
Tensor narrow(const Tensor& self, int64_t dim, int64_t start, int64_t length) { return native::narrow(self, dim, start, length); }
Tensor select(const Tensor& self, int64_t dim, int64_t index) { return native::select(self, dim, index); }
Tensor slice(const Tensor& self, int64_t dim, std::optional<int64_t> start, std::optional<int64_t> end,
             int64_t step) { return native::slice(self, dim, start, end, step); }
Tensor unfold(const Tensor& self, int64_t dim, int64_t size, int64_t step) { return native::unfold(self, dim, size, step); }
Tensor alias(const Tensor& self) { return native::alias(self); }
Tensor diagonal(const Tensor& self, int64_t offset, int64_t dim1, int64_t dim2) { return native::diagonal(self, offset, dim1, dim2); }
std::vector<Tensor> split(const Tensor& self, int64_t split_size, int64_t dim) { return native::split(self, split_size, dim); }
std::vector<Tensor> split_with_sizes(const Tensor& self, const Shape& sizes, int64_t dim) { return native::split_with_sizes(self, sizes, dim); }
std::vector<Tensor> chunk(const Tensor& self, int64_t chunks, int64_t dim) { return native::chunk(self, chunks, dim); }
std::vector<Tensor> unbind(const Tensor& self, int64_t dim) { return native::unbind(self, dim); }
Tensor detach(const Tensor& self) { return native::detach(self); }
Tensor data(const Tensor& self) { return native::data(self); }
Tensor clone(const Tensor& self) { return native::clone(self); }
Tensor contiguous(const Tensor& self) { return native::contiguous(self); }
Tensor to(const Tensor& self, DType dtype, Device device, bool copy) { return native::to(self, dtype, device, copy); }
Tensor reshape(const Tensor& self, const Shape& sizes) { return native::reshape(self, sizes); }
Tensor flatten(const Tensor& self, int64_t start_dim, int64_t end_dim) { return native::flatten(self, start_dim, end_dim); }
Tensor cat(const std::vector<Tensor>& tensors, int64_t dim) { return native::cat(tensors, dim); }
Tensor stack(const std::vector<Tensor>& tensors, int64_t dim) { return native::stack(tensors, dim); }
Tensor add(const Tensor& a, const Tensor& b, const Scalar& alpha) { return native::add(a, b, alpha); }
Tensor sub(const Tensor& a, const Tensor& b, const Scalar& alpha) { return native::sub(a, b, alpha); }
Tensor mul(const Tensor& a, const Tensor& b) { return native::mul(a, b); }
Tensor div(const Tensor& a, const Tensor& b) { return native::div(a, b); }
Tensor floor_divide(const Tensor& a, const Tensor& b) { return native::floor_divide(a, b); }
Tensor remainder(const Tensor& a, const Tensor& b) { return native::remainder(a, b); }
Tensor pow(const Tensor& a, const Tensor& b) { return native::pow(a, b); }
Tensor maximum(const Tensor& a, const Tensor& b) { return native::maximum(a, b); }
Tensor minimum(const Tensor& a, const Tensor& b) { return native::minimum(a, b); }
Tensor compare(const Tensor& a, const Tensor& b, CompareOp op) { return native::compare(a, b, op); }
Tensor logical_not(const Tensor& a) { return native::logical_not(a); }
Tensor where(const Tensor& cond, const Tensor& a, const Tensor& b) { return native::where(cond, a, b); }
Tensor unary(const Tensor& a, UnaryOp op) { return native::unary(a, op); }
Tensor clamp(const Tensor& a, std::optional<Scalar> min, std::optional<Scalar> max) { return native::clamp(a, min, max); }
Tensor sum(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim, OptDType dtype) { return native::sum(a, dims, keepdim, dtype); }
Tensor mean(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim, OptDType dtype) { return native::mean(a, dims, keepdim, dtype); }
Tensor prod(const Tensor& a, std::optional<int64_t> dim, bool keepdim) { return native::prod(a, dim, keepdim); }
Tensor amax(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim) { return native::amax(a, dims, keepdim); }
Tensor amin(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim) { return native::amin(a, dims, keepdim); }
Tensor max_all(const Tensor& a) { return native::max_all(a); }
Tensor min_all(const Tensor& a) { return native::min_all(a); }
std::pair<Tensor, Tensor> max_dim(const Tensor& a, int64_t dim, bool keepdim) { return native::max_dim(a, dim, keepdim); }
std::pair<Tensor, Tensor> min_dim(const Tensor& a, int64_t dim, bool keepdim) { return native::min_dim(a, dim, keepdim); }
Tensor argmax(const Tensor& a, std::optional<int64_t> dim, bool keepdim) { return native::argmax(a, dim, keepdim); }
Tensor argmin(const Tensor& a, std::optional<int64_t> dim, bool keepdim) { return native::argmin(a, dim, keepdim); }
Tensor mm(const Tensor& a, const Tensor& b) { return native::mm(a, b); }
Tensor mv(const Tensor& a, const Tensor& v) { return native::mv(a, v); }
Tensor dot(const Tensor& a, const Tensor& b) { return native::dot(a, b); }
Tensor addmm(const Tensor& bias, const Tensor& a, const Tensor& b) { return native::addmm(bias, a, b); }
Tensor bmm(const Tensor& a, const Tensor& b) { return native::bmm(a, b); }
Tensor index_select(const Tensor& self, int64_t dim, const Tensor& index) { return native::index_select(self, dim, index); }
Tensor masked_select(const Tensor& self, const Tensor& mask) { return native::masked_select(self, mask); }
Tensor index(const Tensor& self, const Tensor& index) { return native::index(self, index); }
Scalar item(const Tensor& self) { return native::item(self); }
Tensor add_(const Tensor& self, const Tensor& other, const Scalar& alpha) { native::write_result_(self, native::add(self, other, alpha)); return self; }
Tensor sub_(const Tensor& self, const Tensor& other, const Scalar& alpha) { native::write_result_(self, native::sub(self, other, alpha)); return self; }
Tensor mul_(const Tensor& self, const Tensor& other) { native::write_result_(self, native::mul(self, other)); return self; }
Tensor div_(const Tensor& self, const Tensor& other) { native::write_result_(self, native::div(self, other)); return self; }
Tensor pow_(const Tensor& self, const Tensor& other) { native::write_result_(self, native::pow(self, other)); return self; }
Tensor floor_divide_(const Tensor& self, const Tensor& other) { native::write_result_(self, native::floor_divide(self, other)); return self; }
Tensor remainder_(const Tensor& self, const Tensor& other) { native::write_result_(self, native::remainder(self, other)); return self; }
Tensor unary_(const Tensor& self, UnaryOp op) { native::write_result_(self, native::unary(self, op)); return self; }
Tensor clamp_(const Tensor& self, std::optional<Scalar> min, std::optional<Scalar> max) { native::write_result_(self, native::clamp(self, min, max)); return self; }
Tensor copy_(const Tensor& self, const Tensor& src) { native::copy_(self, src); return self; }
Tensor fill_(const Tensor& self, const Scalar& value) { native::fill_(self, value); return self; }
Tensor zero_(const Tensor& self) { native::zero_(self); return self; }
Tensor uniform_(const Tensor& self, double from, double to) { native::uniform_(self, from, to); return self; }
Tensor normal_(const Tensor& self, double mean, double std) { native::normal_(self, mean, std); return self; }
Tensor index_put_(const Tensor& self, const Tensor& index, const Tensor& values) { native::index_put_(self, index, values); return self; }

void backward(const Tensor& output, const Tensor& gradient, std::optional<bool> retain_graph, bool create_graph) {
  throw InternalError("not implemented: backward");
}
std::vector<Tensor> grad(const std::vector<Tensor>& outputs, const std::vector<Tensor>& inputs,
                         const std::vector<Tensor>& grad_outputs, std::optional<bool> retain_graph,
                         bool create_graph, bool allow_unused) {
  throw InternalError("not implemented: autograd.grad");
}
void set_requires_grad_attr(const Tensor& self, bool value) { self.impl()->requires_grad = value; }
Tensor requires_grad_(const Tensor& self, bool value) { self.impl()->requires_grad = value; return self; }
void retain_grad(const Tensor& self) { if (!self.is_leaf()) self.impl()->retains_grad = true; }
Tensor get_grad(const Tensor& self) { return Tensor(self.impl()->grad); }
void set_grad(const Tensor& self, const Tensor& grad) { self.impl()->grad = grad.impl_ptr(); }
Tensor detach_(const Tensor& self) { self.impl()->grad_fn = nullptr; self.impl()->requires_grad = false; return self; }
Tensor deepcopy(const Tensor& self) { Tensor r = native::clone(self); r.impl()->requires_grad = self.impl()->requires_grad; return r; }
void set_factory_requires_grad(const Tensor& t, bool value) { t.impl()->requires_grad = value; }

}  // namespace tp
