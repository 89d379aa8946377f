// Scalar types and PyTorch's type-promotion lattice (c10/core/ScalarType.h).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace tp {

enum class DType : uint8_t { Bool, Int32, Int64, Float32, Float64 };

// Categories ordered bool < integral < floating (promotion only looks at categories for scalars).
enum class Category : uint8_t { Bool = 0, Integral = 1, Floating = 2 };

size_t itemsize(DType t);
Category category(DType t);
inline bool is_floating(DType t) { return t == DType::Float32 || t == DType::Float64; }
inline bool is_integral(DType t, bool include_bool) {
  return t == DType::Int32 || t == DType::Int64 || (include_bool && t == DType::Bool);
}

std::string dtype_repr(DType t);         // "torch.float32"
std::string dtype_short_name(DType t);   // "float32" (dtype=torch.<this> suffix)
std::string scalar_type_name(DType t);   // "Float", "Long" (inside error messages)
std::string legacy_type_name(DType t);   // "FloatTensor" (x.type() -> "torch.FloatTensor")
std::string c_type_name(DType t);        // "float", "double", "long int" (grad assignment messages)

DType promote_types(DType a, DType b);   // table from c10/core/ScalarType.h
bool can_cast(DType from, DType to);     // c10::canCast: no floating->integral, no non-bool->bool

// Compile-time map from DType to the C++ element type, used by kernels.
template <DType T> struct CType;
template <> struct CType<DType::Bool> { using type = bool; };
template <> struct CType<DType::Int32> { using type = int32_t; };
template <> struct CType<DType::Int64> { using type = int64_t; };
template <> struct CType<DType::Float32> { using type = float; };
template <> struct CType<DType::Float64> { using type = double; };

}  // namespace tp

// TP_DISPATCH(dtype, scalar_t, body): runs `body` with scalar_t bound to the C++ element type.
#define TP_DISPATCH_CASE(D, scalar_t, ...) \
  case ::tp::DType::D: { using scalar_t = ::tp::CType<::tp::DType::D>::type; __VA_ARGS__; break; }
#define TP_DISPATCH(dtype, scalar_t, ...)                 \
  switch (dtype) {                                        \
    TP_DISPATCH_CASE(Bool, scalar_t, __VA_ARGS__)         \
    TP_DISPATCH_CASE(Int32, scalar_t, __VA_ARGS__)        \
    TP_DISPATCH_CASE(Int64, scalar_t, __VA_ARGS__)        \
    TP_DISPATCH_CASE(Float32, scalar_t, __VA_ARGS__)      \
    TP_DISPATCH_CASE(Float64, scalar_t, __VA_ARGS__)      \
  }
