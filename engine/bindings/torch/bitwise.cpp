// torch.bitwise_and/or/xor/not, bitwise_left_shift/right_shift as torch functions, Tensor methods
// and in-place methods (the operators & | ^ ~ << >> are in bindings/tensor/operators.cpp). No autograd: the
// kernels (ops/math/bitwise.h) accept only bool and integer dtypes.
#include "bindings/install.h"
#include "ops/math/bitwise.h"

namespace tp::interp::lib {

void install_bitwise(Interpreter& in, ModuleObj& torch, ClassObj& tc) {
  struct Named { const char* name; BitwiseOp op; };
  const Named ops[] = {{"bitwise_and", BitwiseOp::And}, {"bitwise_or", BitwiseOp::Or},
                       {"bitwise_xor", BitwiseOp::Xor}, {"bitwise_left_shift", BitwiseOp::LeftShift},
                       {"bitwise_right_shift", BitwiseOp::RightShift}};
  for (const Named& n : ops) {
    std::string name = n.name;
    BitwiseOp op = n.op;
    method(tc, name, [name, op](Interpreter& in, Tensor& self, ArgParser& p) {
      return in.wrap_tensor(native::bitwise(self, operand(in, p.required("other", 0), name), op));
    }, &torch);
    method(tc, name + "_", [name, op](Interpreter& in, Tensor& self, ArgParser& p) {
      native::write_result_(self, native::bitwise(self, operand(in, p.required("other", 0), name + "_"), op));
      return in.wrap_tensor(self);
    });
  }
  method(tc, "bitwise_not", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(native::bitwise_not(self));
  }, &torch);
  method(tc, "bitwise_not_", [](Interpreter& in, Tensor& self, ArgParser& p) {
    native::write_result_(self, native::bitwise_not(self));
    return in.wrap_tensor(self);
  });
}

}  // namespace tp::interp::lib
