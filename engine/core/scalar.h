// A Python number crossing into the engine: bool, int or float (PyTorch's c10::Scalar).
#pragma once
#include <cstdint>

#include "core/dtype.h"

namespace tp {

class Scalar {
 public:
  enum class Kind : uint8_t { Bool, Int, Float };
  Scalar() : kind_(Kind::Int), i_(0), d_(0) {}
  static Scalar from_bool(bool b) { Scalar s; s.kind_ = Kind::Bool; s.i_ = b; s.d_ = b; return s; }
  static Scalar from_int(int64_t i) { Scalar s; s.kind_ = Kind::Int; s.i_ = i; s.d_ = double(i); return s; }
  static Scalar from_double(double d) {
    Scalar s;
    s.kind_ = Kind::Float;
    s.d_ = d;
    // Converting inf, nan or a double past int64's range is undefined in C++ (UBSan and the fuzzer
    // flag it); give what x86's conversion gives (INT64_MIN) so every platform agrees.
    s.i_ = d >= -9223372036854775808.0 && d < 9223372036854775808.0 ? int64_t(d) : INT64_MIN;
    return s;
  }

  Kind kind() const { return kind_; }
  bool is_bool() const { return kind_ == Kind::Bool; }
  bool is_int() const { return kind_ == Kind::Int; }
  bool is_float() const { return kind_ == Kind::Float; }
  double to_double() const { return d_; }
  int64_t to_int() const { return kind_ == Kind::Float ? int64_t(d_) : i_; }
  bool to_bool() const { return kind_ == Kind::Float ? d_ != 0 : i_ != 0; }

  // The dtype a Python scalar of this kind gets when wrapped: bool, int64, or the default float.
  DType natural_dtype() const {
    return kind_ == Kind::Bool ? DType::Bool : kind_ == Kind::Int ? DType::Int64 : DType::Float32;
  }

 private:
  Kind kind_;
  int64_t i_;
  double d_;
};

}  // namespace tp
