#include "core/dtype.h"

#include "core/error.h"

namespace tp {

size_t itemsize(DType t) {
  switch (t) {
    case DType::Bool: case DType::UInt8: case DType::Int8: return 1;
    case DType::Int16: case DType::Float16: return 2;
    case DType::Int32: case DType::Float32: return 4;
    case DType::Int64: case DType::Float64: return 8;
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
    case DType::UInt8: return "uint8";
    case DType::Int8: return "int8";
    case DType::Int16: return "int16";
    case DType::Int32: return "int32";
    case DType::Int64: return "int64";
    case DType::Float16: return "float16";
    case DType::Float32: return "float32";
    case DType::Float64: return "float64";
  }
  return "?";
}

std::string dtype_repr(DType t) { return "torch." + dtype_short_name(t); }

std::string scalar_type_name(DType t) {
  switch (t) {
    case DType::Bool: return "Bool";
    case DType::UInt8: return "Byte";
    case DType::Int8: return "Char";
    case DType::Int16: return "Short";
    case DType::Int32: return "Int";
    case DType::Int64: return "Long";
    case DType::Float16: return "Half";
    case DType::Float32: return "Float";
    case DType::Float64: return "Double";
  }
  return "?";
}

std::string legacy_type_name(DType t) { return scalar_type_name(t) + "Tensor"; }

std::string c_type_name(DType t) {
  switch (t) {
    case DType::Bool: return "bool";
    case DType::UInt8: return "unsigned char";
    case DType::Int8: return "signed char";
    case DType::Int16: return "short int";
    case DType::Int32: return "int";
    case DType::Int64: return "long int";
    case DType::Float16: return "c10::Half";
    case DType::Float32: return "float";
    case DType::Float64: return "double";
  }
  return "?";
}

// c10::promoteTypes: equal -> itself; bool yields to anything; floating beats integral; two
// floats -> the wider; two integers -> the wider, except uint8 with a signed type, which needs
// the next signed type that holds both (uint8 + int8 -> int16).
DType promote_types(DType a, DType b) {
  if (a == b) return a;
  if (a == DType::Bool) return b;
  if (b == DType::Bool) return a;
  if (is_floating(a) || is_floating(b)) {
    if (is_floating(a) && is_floating(b)) return itemsize(a) >= itemsize(b) ? a : b;
    return is_floating(a) ? a : b;
  }
  if (a == DType::UInt8 || b == DType::UInt8) {
    DType other = a == DType::UInt8 ? b : a;
    return other == DType::Int8 ? DType::Int16 : other;
  }
  return itemsize(a) >= itemsize(b) ? a : b;
}

bool can_cast(DType from, DType to) {
  if (is_floating(from) && is_integral(to, /*include_bool=*/true)) return false;
  if (from != DType::Bool && to == DType::Bool) return false;
  return true;
}

void throw_not_implemented_for(DType t) {
  throw TorchError("NotImplementedError",
                   "tensorplay: this operation is not implemented for dtype " + dtype_repr(t) + " yet");
}

}  // namespace tp
