// Bitwise kernels on bool and integer tensors (aten/src/ATen/native/cpu/BinaryOpsKernel.cpp
// bitwise_*_kernel, lshift_kernel, rshift_kernel; UnaryOpsKernel.cpp bitwise_not_kernel). They have
// no derivative, so the interpreter calls them directly; floating dtypes raise PyTorch's dispatch error.
#pragma once
#include "core/tensor.h"

namespace tp {
enum class BitwiseOp { And, Or, Xor, LeftShift, RightShift };
}  // namespace tp

namespace tp::native {

using tp::BitwiseOp;

// a OP b in the promoted dtype; bool And/Or/Xor are logical, bool shifts raise like floats do.
Tensor bitwise(const Tensor& a, const Tensor& b, BitwiseOp op);
// ~a: logical not for bool, one's complement for integers.
Tensor bitwise_not(const Tensor& a);

}  // namespace tp::native
