// Private: strided geometry of an operand (PyTorch's (sizes, strides, offset) over a raw buffer),
// broadcasting of geometries, dtype-converting strided copies and scratch buffers. The kernels in
// ops/*.cpp build xtensor views over these (ops/xt_view.h) so nothing is copied implicitly.
#pragma once
#include <cstdint>
#include <vector>

#include "core/tensor.h"

namespace tp::native {

// Calls f(T{}) with T the element type of `t`. Unlike TP_DISPATCH the body is a generic lambda,
// so `if constexpr` really discards the branches that don't apply to T.
template <class F>
void dispatch_type(DType t, F&& f) {
  switch (t) {
    case DType::Bool: f(bool{}); break;
    case DType::UInt8: f(uint8_t{}); break;
    case DType::Int8: f(int8_t{}); break;
    case DType::Int16: f(int16_t{}); break;
    case DType::Int32: f(int32_t{}); break;
    case DType::Int64: f(int64_t{}); break;
    case DType::Float32: f(float{}); break;
    case DType::Float64: f(double{}); break;
    case DType::Float16: throw_not_implemented_for(t);  // Note [Reduced floating point]
  }
}

// dispatch_type plus Half, for code that only moves or converts elements.
template <class F>
void dispatch_storage_type(DType t, F&& f) {
  if (t == DType::Float16) f(Half{});
  else dispatch_type(t, std::forward<F>(f));
}

// One operand of an elementwise kernel: `capacity` elements of `dtype` starting at `base`.
struct Geometry {
  uint8_t* base = nullptr;
  size_t capacity = 0;
  Shape sizes;
  Shape strides;
  int64_t offset = 0;
  DType dtype = DType::Float32;
};

Geometry geometry_of(const Tensor& t);
// Right-aligns `g` against `sizes` (already checked broadcastable): new and size-1 dims get stride 0.
Geometry broadcast_geometry(const Geometry& g, const Shape& sizes);

// A contiguous scratch buffer that is not a tensor (no id, no storage, invisible to the trace).
struct Scratch {
  std::vector<uint64_t> words;
  Geometry geom;
};
Scratch make_scratch(const Shape& sizes, DType dtype);

// dst[i] = cast<dst.dtype>(src[i]) elementwise; dst.sizes must equal src.sizes (src may have 0 strides).
void convert_copy(const Geometry& dst, const Geometry& src);

// `t` viewed in dtype `dt`: `t`'s own geometry when it already has that dtype, else a converted
// contiguous copy held in `keep`.
Geometry as_dtype(const Tensor& t, DType dt, Scratch& keep);

// c10 is_non_overlapping_and_dense (TensorImpl::compute_non_overlapping_and_dense).
bool is_non_overlapping_and_dense(const Shape& sizes, const Shape& strides);
// at::infer_dense_strides: dense strides keeping the input's stride order (empty_like(preserve)).
Shape infer_dense_strides(const Shape& sizes, const Shape& strides);
// A fresh tensor with exactly these strides (at::empty_strided), new storage and counter.
Tensor empty_strided(const Shape& sizes, const Shape& strides, DType dtype, Device device);
// The same with the bytes left as allocated, for a kernel that writes every element before
// anything reads them (Note [Storage fill] in core/storage.h): the pointwise ops' outputs.
Tensor empty_strided_for_overwrite(const Shape& sizes, const Shape& strides, DType dtype, Device device);
// empty_like(self, memory_format=preserve) with another dtype/device.
Tensor empty_like_preserve(const Tensor& self, DType dtype, Device device);

// Strides of an elementwise result over `inputs` computed in `compute` (Note [Output layout]).
Shape output_strides(const std::vector<Tensor>& inputs, const Shape& shape, DType compute);

// The device of a binary op's result: the first non-cpu operand's device (TensorIterator).
Device common_device(const Tensor& a, const Tensor& b);

}  // namespace tp::native
