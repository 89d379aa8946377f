// tensor_split (TensorShape.cpp tensor_split_sections/_tensor_split_indices) and repeat_interleave
// (Repeat.cpp, Repeat.h repeat_interleave_common), built from differentiable primitives.
#include "autograd/shape/split_repeat.h"

#include <string>

#include "autograd/functions.h"
#include "core/error.h"
#include "ops/native.h"

namespace tp {

namespace {

void check_split_input(const Tensor& self) {
  TP_CHECK(self.dim() > 0, "tensor_split expected at least a 1-dimensional tensor, but got a tensor with " +
                               std::to_string(self.dim()) + " dims");
}

std::vector<int64_t> int_values(const Tensor& t) {
  std::vector<int64_t> v;
  for (int64_t k = 0; k < t.numel(); ++k) v.push_back(t.int_at(t.storage_index_of(k)));
  return v;
}

}  // namespace

std::vector<Tensor> tensor_split(const Tensor& self, int64_t sections, int64_t dim) {
  check_split_input(self);
  int64_t d = wrap_dim(dim, self.dim());
  TP_CHECK(sections > 0, "number of sections must be larger than 0, got " + std::to_string(sections));
  const int64_t size = self.size(d), min_size = size / sections, extra = size % sections;
  std::vector<Tensor> out;
  int64_t start = 0;
  for (int64_t i = 0; i < sections; ++i) {
    int64_t len = extra > i ? min_size + 1 : min_size;  // the first size % sections pieces get one more
    out.push_back(slice(self, d, start, start + len, 1));
    start += len;
  }
  return out;
}

std::vector<Tensor> tensor_split_indices(const Tensor& self, const std::vector<int64_t>& indices, int64_t dim) {
  check_split_input(self);
  int64_t d = wrap_dim(dim, self.dim());
  std::vector<Tensor> out;
  int64_t start = 0;
  for (int64_t end : indices) {  // slice clamps and wraps like Python slicing
    out.push_back(slice(self, d, start, end, 1));
    start = end;
  }
  out.push_back(slice(self, d, start, self.size(d), 1));
  return out;
}

std::vector<Tensor> tensor_split(const Tensor& self, const Tensor& ios, int64_t dim) {
  check_split_input(self);
  TP_CHECK(ios.device().is_cpu(),
           "tensor_split expected tensor_indices_or_sections to be on cpu, but it's on " + ios.device().str());
  TP_CHECK(ios.dtype() == DType::Int64, "tensor_split expected tensor_indices_or_sections to have dtype of long, but got " +
                                            scalar_type_name(ios.dtype()));
  TP_CHECK(ios.dim() <= 1, "tensor_split expected tensor_indices_or_sections to be a zero-dimensional or "
                           "one-dimensional tensor, but got a tensor with " + std::to_string(ios.dim()) + " dims");
  if (ios.dim() == 0) return tensor_split(self, int_values(ios)[0], dim);
  return tensor_split_indices(self, int_values(ios), dim);
}

Tensor repeat_interleave(const Tensor& self, int64_t repeats, std::optional<int64_t> dim,
                         std::optional<int64_t> output_size) {
  Tensor input = dim ? self : flatten(self, 0, -1);
  int64_t d = wrap_dim(dim.value_or(0), self.dim());
  TP_CHECK(repeats >= 0, "Repeats must be non-negative");
  input = unsqueeze(input, d + 1);
  Shape shape = input.sizes();
  shape[size_t(d + 1)] = repeats;
  input = expand(input, shape);
  if (output_size) {
    int64_t calculated = repeats * shape[size_t(d)];
    TP_CHECK(*output_size == calculated, "repeat_interleave: Invalid output_size, expected " +
                                             std::to_string(calculated) + " but got " + std::to_string(*output_size));
  }
  return flatten(clone(input, MemoryFormat::Contiguous), d, d + 1);
}

Tensor repeat_interleave_indices(const Tensor& repeats, std::optional<int64_t> output_size) {
  TP_CHECK(is_integral(repeats.dtype(), /*include_bool=*/false),
           "\"repeat_interleave_cpu\" not implemented for '" + scalar_type_name(repeats.dtype()) + "'");
  TP_CHECK(repeats.dim() == 1, "repeat_interleave only accept 1D vector as repeat");
  TP_CHECK(repeats.dtype() == DType::Int64 || repeats.dtype() == DType::Int32, "repeats has to be Long or Int tensor");
  std::vector<int64_t> r = int_values(repeats);
  std::vector<Scalar> idx;
  if (!r.empty()) {
    int64_t total = 0;
    for (int64_t x : r) total += x;
    if (output_size) total = *output_size;
    for (int64_t x : r) TP_CHECK(x >= 0, "repeats can not be negative");
    for (size_t i = 0; i < r.size(); ++i)
      for (int64_t j = 0; j < r[i]; ++j) idx.push_back(Scalar::from_int(int64_t(i)));
    TP_CHECK(int64_t(idx.size()) == total, "allocated size does not match required size");
  }
  return native::from_scalars(idx, {int64_t(idx.size())}, repeats.dtype(), repeats.device());
}

Tensor repeat_interleave(const Tensor& self, const Tensor& repeats, std::optional<int64_t> dim,
                         std::optional<int64_t> output_size) {
  Tensor input = self;
  if (!dim) {
    input = flatten(self, 0, -1);
    dim = 0;
  }
  int64_t d = wrap_dim(*dim, input.dim());
  Tensor reps = repeats;
  if (repeats.dim() == 0 || (repeats.dim() == 1 && repeats.size(0) == 1)) {
    reps = native::expand(native::reshape(repeats, {1}), {input.size(d)});
  } else if (repeats.dim() == 1) {
    TP_CHECK(repeats.size(0) == input.size(d),
             "repeats must have the same size as input along dim, but got repeats.size(0) = " +
                 std::to_string(repeats.size(0)) + " and input.size(" + std::to_string(*dim) +
                 ") = " + std::to_string(input.size(d)));
  } else {
    TP_CHECK(false, "repeats must be 0-dim or 1-dim tensor");
  }
  return index_select(input, d, repeat_interleave_indices(reps, output_size));
}

}  // namespace tp
