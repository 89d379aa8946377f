#include "core/tensor.h"
#include "core/tensor_geometry.h"

#include <algorithm>
#include <cstring>
#include <limits>

#include "core/context.h"
#include "core/error.h"

namespace tp {

int64_t shape_numel(const Shape& sizes) {
  int64_t n = 1;
  bool overflow = false;
  for (int64_t s : sizes) overflow |= __builtin_mul_overflow(n, s, &n);
  TP_CHECK(!overflow, "numel: integer multiplication overflow");
  return n;
}

namespace {
// c10::storage_max(): the largest byte count a storage may have; it must fit int64_t and size_t
// (4 GiB - 1 in 32-bit WebAssembly, where a wider count would wrap when converted).
constexpr uint64_t kStorageMax = std::min(uint64_t(std::numeric_limits<int64_t>::max()),
                                          uint64_t(std::numeric_limits<size_t>::max()));
}  // namespace

size_t storage_nbytes(const Shape& sizes, const Shape& strides, size_t itemsize) {
  TP_CHECK(sizes.size() == strides.size(), "dimensionality of sizes (" + std::to_string(sizes.size()) +
                                               ") must match dimensionality of strides (" +
                                               std::to_string(strides.size()) + ")");
  for (int64_t s : sizes)
    if (s == 0) return 0;
  // One more than the offset of the last element.
  uint64_t size = 1;
  bool overflow = false;
  for (size_t i = 0; i < sizes.size(); ++i) {
    uint64_t strided = 0;
    overflow |= sizes[i] < 0 || strides[i] < 0 ||
                __builtin_mul_overflow(uint64_t(strides[i]), uint64_t(sizes[i] - 1), &strided);
    overflow |= __builtin_add_overflow(size, strided, &size);
  }
  overflow |= __builtin_mul_overflow(size, uint64_t(itemsize), &size);
  overflow |= size > kStorageMax;
  TP_CHECK(!overflow, "Storage size calculation overflowed with sizes=" + shape_str(sizes) + " and strides=" +
                          shape_str(strides));
  return size_t(size);
}

size_t storage_nbytes_contiguous(const Shape& sizes, size_t itemsize, int64_t storage_offset) {
  uint64_t size = 1;
  bool overflow = false;
  for (int64_t s : sizes) overflow |= s < 0 || __builtin_mul_overflow(size, uint64_t(s), &size);
  overflow |= __builtin_add_overflow(size, uint64_t(storage_offset), &size);
  overflow |= __builtin_mul_overflow(size, uint64_t(itemsize), &size);
  overflow |= size > kStorageMax;
  TP_CHECK(!overflow, "Storage size calculation overflowed with sizes=" + shape_str(sizes));
  return size_t(size);
}

Shape contiguous_strides(const Shape& sizes) {
  Shape strides(sizes.size());
  int64_t running = 1;
  for (int64_t i = int64_t(sizes.size()) - 1; i >= 0; --i) {
    strides[size_t(i)] = running;
    running *= std::max<int64_t>(sizes[size_t(i)], 1);
  }
  return strides;
}

std::string shape_str(const Shape& s) {
  std::string out = "[";
  for (size_t i = 0; i < s.size(); ++i) {
    if (i) out += ", ";
    out += std::to_string(s[i]);
  }
  return out + "]";
}

int64_t wrap_dim(int64_t dim, int64_t ndim) {
  int64_t n = std::max<int64_t>(ndim, 1);  // a 0-dim tensor accepts dims -1 and 0
  if (dim < -n || dim >= n)
    throw_index("Dimension out of range (expected to be in range of [" + std::to_string(-n) + ", " +
                std::to_string(n - 1) + "], but got " + std::to_string(dim) + ")");
  return dim < 0 ? dim + n : dim;
}

int64_t Tensor::size(int64_t d) const { return dim() == 0 ? 1 : sizes()[size_t(wrap_dim(d, dim()))]; }
int64_t Tensor::stride(int64_t d) const { return dim() == 0 ? 1 : strides()[size_t(wrap_dim(d, dim()))]; }
int64_t Tensor::numel() const { return shape_numel(sizes()); }

void Tensor::bump_version() const {
  impl_->version_counter->bump();
  // the written bytes lie within the tensor's extent: from its first element, as many bytes as its
  // view needs (none when it has no element)
  const size_t item = itemsize(dtype()), first = size_t(storage_offset()) * item;
  storage()->mark_written(first, first + storage_nbytes(impl_->sizes, impl_->strides, item));
}

// PyTorch's is_contiguous: size-1 dims may have any stride; empty tensors are contiguous.
bool Tensor::is_contiguous() const {
  if (numel() == 0) return true;
  int64_t expected = 1;
  for (int64_t i = dim() - 1; i >= 0; --i) {
    int64_t s = sizes()[size_t(i)];
    if (s == 1) continue;
    if (strides()[size_t(i)] != expected) return false;
    expected *= s;
  }
  return true;
}

double Tensor::double_at(int64_t idx) const {
  double v = 0;
  TP_DISPATCH_STORAGE(dtype(), scalar_t, {
    scalar_t x;
    std::memcpy(&x, raw(idx), sizeof x);
    v = double(x);
  });
  return v;
}

int64_t Tensor::int_at(int64_t idx) const {
  int64_t v = 0;
  TP_DISPATCH_STORAGE(dtype(), scalar_t, {
    scalar_t x;
    std::memcpy(&x, raw(idx), sizeof x);
    v = int64_t(x);
  });
  return v;
}

Scalar Tensor::scalar_at(int64_t idx) const {
  switch (dtype()) {
    case DType::Bool: return Scalar::from_bool(int_at(idx) != 0);
    case DType::UInt8: case DType::Int8: case DType::Int16:
    case DType::Int32:
    case DType::Int64: return Scalar::from_int(int_at(idx));
    default: return Scalar::from_double(double_at(idx));
  }
}

void Tensor::set_at(int64_t idx, const Scalar& v) const {
  TP_DISPATCH_STORAGE(dtype(), scalar_t, {
    scalar_t x;
    if constexpr (std::is_same_v<scalar_t, bool>) x = v.to_bool();
    else if constexpr (std::is_floating_point_v<scalar_t> || std::is_same_v<scalar_t, Half>) x = scalar_t(v.to_double());
    else x = v.is_float() ? scalar_t(int64_t(v.to_double())) : scalar_t(v.to_int());
    std::memcpy(raw(idx), &x, sizeof x);
  });
}

int64_t Tensor::storage_index_of(int64_t flat) const {
  int64_t idx = storage_offset();
  for (int64_t d = dim() - 1; d >= 0; --d) {
    int64_t s = sizes()[size_t(d)];
    idx += (flat % s) * strides()[size_t(d)];
    flat /= s;
  }
  return idx;
}

void check_geometry(const Storage& storage_ref, const Shape& sizes, const Shape& strides, int64_t storage_offset,
                    DType dtype) {
  const Storage* storage = &storage_ref;
  TP_CHECK(sizes.size() == strides.size(), "unequal size length (" + std::to_string(sizes.size()) +
                                               ") and stride length (" + std::to_string(strides.size()) + ")");
  TP_CHECK(storage_offset >= 0, "Tensor: invalid storage offset " + std::to_string(storage_offset));
  // aten/src/ATen/native/Resize.h checkInBoundsForStorage (sizes are bytes), overflow-safe: no
  // tensor exists whose elements lie outside its storage (Note [Overflow-safe geometry]).
  for (int64_t s : sizes)
    TP_CHECK(s >= 0, "Trying to create tensor with negative dimension " + std::to_string(s) + ": " + shape_str(sizes));
  for (int64_t s : strides)
    TP_CHECK(s >= 0, "as_strided: Negative strides are not supported at the moment, got strides: " + shape_str(strides));
  const size_t item = itemsize(dtype);
  const size_t view_bytes = storage_nbytes(sizes, strides, item);
  if (view_bytes != 0) {
    uint64_t offset_bytes = 0, required = 0;
    bool overflow = __builtin_mul_overflow(uint64_t(storage_offset), uint64_t(item), &offset_bytes) ||
                    __builtin_add_overflow(uint64_t(view_bytes), offset_bytes, &required) ||
                    required > kStorageMax;
    TP_CHECK(!overflow, "Storage size calculation overflowed with sizes=" + shape_str(sizes) + " and strides=" +
                            shape_str(strides));
    if (required > storage->nbytes())
      throw_runtime("setStorage: sizes " + shape_str(sizes) + ", strides " + shape_str(strides) +
                    ", storage offset " + std::to_string(storage_offset) + ", and itemsize " +
                    std::to_string(item) + " requiring a storage size of " + std::to_string(required) +
                    " are out of bounds for storage of size " + std::to_string(storage->nbytes()));
  }
}

void set_geometry(const Tensor& t, StoragePtr storage, Shape sizes, Shape strides, int64_t storage_offset) {
  check_geometry(*storage, sizes, strides, storage_offset, t.dtype());
  TensorImpl* impl = t.impl();
  impl->storage = std::move(storage);
  impl->sizes = std::move(sizes);
  impl->strides = std::move(strides);
  impl->storage_offset = storage_offset;
}

Tensor make_tensor(StoragePtr storage, Shape sizes, Shape strides, int64_t storage_offset, DType dtype,
                   VersionCounterPtr version_counter) {
  TP_INTERNAL_ASSERT(storage != nullptr && version_counter != nullptr, "make_tensor without storage/counter");
  check_geometry(*storage, sizes, strides, storage_offset, dtype);
  auto impl = std::make_shared<TensorImpl>();
  impl->id = ctx().next_tensor_id();
  impl->storage = std::move(storage);
  impl->sizes = std::move(sizes);
  impl->strides = std::move(strides);
  impl->storage_offset = storage_offset;
  impl->dtype = dtype;
  impl->version_counter = std::move(version_counter);
  impl->is_inference = ctx().inference_mode;
  ctx().register_tensor(impl);
  return Tensor(std::move(impl));
}

Tensor make_empty(const Shape& sizes, DType dtype, Device device) {
  for (int64_t s : sizes)
    TP_CHECK(s >= 0, "Trying to create tensor with negative dimension " + std::to_string(s) + ": " +
                         shape_str(sizes));
  size_t nbytes = storage_nbytes_contiguous(sizes, itemsize(dtype));
  auto storage = ctx().new_storage(device, nbytes);
  return make_tensor(storage, sizes, contiguous_strides(sizes), 0, dtype, ctx().new_version_counter());
}

}  // namespace tp
