// Factories and random tensors: no history to record (requires_grad= is applied afterwards by
// set_factory_requires_grad), so these forward to the kernels.
#include "autograd/functions.h"

namespace tp {

Tensor empty(const Shape& sizes, DType dtype, Device device) { return native::empty(sizes, dtype, device); }
Tensor full(const Shape& sizes, const Scalar& value, DType dtype, Device device) {
  return native::full(sizes, value, dtype, device);
}
Tensor zeros(const Shape& sizes, DType dtype, Device device) { return native::zeros(sizes, dtype, device); }
Tensor ones(const Shape& sizes, DType dtype, Device device) { return native::ones(sizes, dtype, device); }
Tensor eye(int64_t n, int64_t m, DType dtype, Device device) { return native::eye(n, m, dtype, device); }
Tensor arange(const Scalar& start, const Scalar& end, const Scalar& step, OptDType dtype, Device device) {
  return native::arange(start, end, step, dtype, device);
}
Tensor range(const Scalar& start, const Scalar& end, const Scalar& step, DType dtype, Device device) {
  return native::range(start, end, step, dtype, device);
}
Tensor linspace(const Scalar& start, const Scalar& end, int64_t steps, OptDType dtype, Device device) {
  return native::linspace(start, end, steps, dtype, device);
}
Tensor logspace(const Scalar& start, const Scalar& end, int64_t steps, double base, OptDType dtype, Device device) {
  return native::logspace(start, end, steps, base, dtype, device);
}
Tensor from_scalars(const std::vector<Scalar>& values, const Shape& sizes, DType dtype, Device device) {
  return native::from_scalars(values, sizes, dtype, device);
}
Tensor rand(const Shape& sizes, DType dtype, Device device) { return native::rand(sizes, dtype, device); }
Tensor randn(const Shape& sizes, DType dtype, Device device) { return native::randn(sizes, dtype, device); }
Tensor randint(int64_t low, int64_t high, const Shape& sizes, DType dtype, Device device) {
  return native::randint(low, high, sizes, dtype, device);
}
Tensor randperm(int64_t n, DType dtype, Device device) { return native::randperm(n, dtype, device); }
Tensor randperm(int64_t n, DType dtype, Device device, Generator& gen) {
  return native::randperm(n, dtype, device, gen);
}

}  // namespace tp
