#include "core/dtype.h"

#include "core/error.h"

namespace tp {

size_t itemsize(DType t) {
  switch (t) {
    case DType::Bool: return 1;
    case DType::Int32: return 4;
    case DType::Int64: return 8;
    case DType::Float32: return 4;
    case DType::Float64: return 8;
  }
  return 0;
}

Category category(DType t) {
  if (t == DType::Bool) return Category::Bool;
  return is_floating(t) ? Category::Floating : Category::Integral;
}

std::string dtype_short_name(DType t) {
  switch (t) {
    case DType::Bool: return "bool";
    case DType::Int32: return "int32";
    case DType::Int64: return "int64";
    case DType::Float32: return "float32";
    case DType::Float64: return "float64";
  }
  return "?";
}

std::string dtype_repr(DType t) { return "torch." + dtype_short_name(t); }

std::string scalar_type_name(DType t) {
  switch (t) {
    case DType::Bool: return "Bool";
    case DType::Int32: return "Int";
    case DType::Int64: return "Long";
    case DType::Float32: return "Float";
    case DType::Float64: return "Double";
  }
  return "?";
}

std::string legacy_type_name(DType t) { return scalar_type_name(t) + "Tensor"; }

std::string c_type_name(DType t) {
  switch (t) {
    case DType::Bool: return "bool";
    case DType::Int32: return "int";
    case DType::Int64: return "long int";
    case DType::Float32: return "float";
    case DType::Float64: return "double";
  }
  return "?";
}

DType promote_types(DType a, DType b) {
  if (a == b) return a;
  if (a == DType::Bool) return b;
  if (b == DType::Bool) return a;
  if (is_floating(a) || is_floating(b)) {
    if (is_floating(a) && is_floating(b)) return DType::Float64;
    return is_floating(a) ? a : b;
  }
  return DType::Int64;  // Int32 with Int64
}

bool can_cast(DType from, DType to) {
  if (is_floating(from) && is_integral(to, /*include_bool=*/true)) return false;
  if (from != DType::Bool && to == DType::Bool) return false;
  return true;
}

}  // namespace tp
