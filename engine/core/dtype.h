// Scalar types and PyTorch's type-promotion lattice (c10/core/ScalarType.h).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/half.h"

namespace tp {

// New members go at the end: interpreter tables are indexed by int(DType).
enum class DType : uint8_t { Bool, Int32, Int64, Float32, Float64, UInt8, Int8, Int16, Float16 };
inline constexpr DType kAllDTypes[] = {DType::Bool,    DType::UInt8,   DType::Int8,    DType::Int16,  DType::Int32,
                                       DType::Int64,   DType::Float16, DType::Float32, DType::Float64};
inline constexpr int kNumDTypes = 9;

// Categories ordered bool < integral < floating (promotion only looks at categories for scalars).
enum class Category : uint8_t { Bool = 0, Integral = 1, Floating = 2 };

size_t itemsize(DType t);
Category category(DType t);
inline bool is_floating(DType t) { return t == DType::Float32 || t == DType::Float64 || t == DType::Float16; }
inline bool is_integral(DType t, bool include_bool) {
  return t == DType::Int32 || t == DType::Int64 || t == DType::UInt8 || t == DType::Int8 || t == DType::Int16 ||
         (include_bool && t == DType::Bool);
}
// Note [Reduced floating point]: float16 lives in storage as c10::Half bits, but no kernel is
// instantiated for it. Like PyTorch's CPU kernels (which upcast Half to float, compute, and round
// once per op), pointwise ops and reductions compute in float32 and round the result to half.
// compute_dtype() names the dtype a kernel actually runs in.
inline bool is_reduced_floating(DType t) { return t == DType::Float16; }
inline DType compute_dtype(DType t) { return is_reduced_floating(t) ? DType::Float32 : t; }

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
template <> struct CType<DType::UInt8> { using type = uint8_t; };
template <> struct CType<DType::Int8> { using type = int8_t; };
template <> struct CType<DType::Int16> { using type = int16_t; };
template <> struct CType<DType::Int32> { using type = int32_t; };
template <> struct CType<DType::Int64> { using type = int64_t; };
template <> struct CType<DType::Float16> { using type = Half; };
template <> struct CType<DType::Float32> { using type = float; };
template <> struct CType<DType::Float64> { using type = double; };

[[noreturn]] void throw_not_implemented_for(DType t);  // NotImplementedError naming the dtype

}  // namespace tp

// TP_DISPATCH(dtype, scalar_t, body): runs `body` with scalar_t bound to the C++ element type of a
// compute dtype. Float16 has no kernels (Note [Reduced floating point]): reaching one raises
// NotImplementedError instead of computing garbage. TP_DISPATCH_STORAGE also covers Half, for
// code that only moves or converts elements.
#define TP_DISPATCH_CASE(D, scalar_t, ...) \
  case ::tp::DType::D: { using scalar_t = ::tp::CType<::tp::DType::D>::type; __VA_ARGS__; break; }
#define TP_DISPATCH(dtype, scalar_t, ...)                 \
  switch (dtype) {                                        \
    TP_DISPATCH_CASE(Bool, scalar_t, __VA_ARGS__)         \
    TP_DISPATCH_CASE(UInt8, scalar_t, __VA_ARGS__)        \
    TP_DISPATCH_CASE(Int8, scalar_t, __VA_ARGS__)         \
    TP_DISPATCH_CASE(Int16, scalar_t, __VA_ARGS__)        \
    TP_DISPATCH_CASE(Int32, scalar_t, __VA_ARGS__)        \
    TP_DISPATCH_CASE(Int64, scalar_t, __VA_ARGS__)        \
    TP_DISPATCH_CASE(Float32, scalar_t, __VA_ARGS__)      \
    TP_DISPATCH_CASE(Float64, scalar_t, __VA_ARGS__)      \
    case ::tp::DType::Float16: ::tp::throw_not_implemented_for(dtype); \
  }
#define TP_DISPATCH_STORAGE(dtype, scalar_t, ...)         \
  switch (dtype) {                                        \
    TP_DISPATCH_CASE(Bool, scalar_t, __VA_ARGS__)         \
    TP_DISPATCH_CASE(UInt8, scalar_t, __VA_ARGS__)        \
    TP_DISPATCH_CASE(Int8, scalar_t, __VA_ARGS__)         \
    TP_DISPATCH_CASE(Int16, scalar_t, __VA_ARGS__)        \
    TP_DISPATCH_CASE(Int32, scalar_t, __VA_ARGS__)        \
    TP_DISPATCH_CASE(Int64, scalar_t, __VA_ARGS__)        \
    TP_DISPATCH_CASE(Float16, scalar_t, __VA_ARGS__)      \
    TP_DISPATCH_CASE(Float32, scalar_t, __VA_ARGS__)      \
    TP_DISPATCH_CASE(Float64, scalar_t, __VA_ARGS__)      \
  }
