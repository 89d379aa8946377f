// Python operators on tensors (library.h binary_op / inplace_op / unary_op), following
// torch/_tensor.py: `1 - x` is rsub, `1 / x` is reciprocal() * 1, `2 ** x` is pow(2, x), and the
// commutative reflected ops (`2 * x`) keep the tensor first. Augmented assignment is in place.
#include "core/error.h"
#include "bindings/install.h"
#include "python/library.h"
#include "ops/math/bitwise.h"

namespace tp::interp::lib {

ObjPtr ndarray_binary_op(Interpreter& in, const std::string& op, const ObjPtr& a, const ObjPtr& b);  // bindings/numpy/ndarray.cpp
ObjPtr ndarray_inplace_op(Interpreter& in, const std::string& op, const ObjPtr& a, const ObjPtr& b);
ObjPtr ndarray_unary_op(Interpreter& in, const std::string& op, const ObjPtr& a);

namespace {

// A Python number (or a tensor) as an operand; nullopt for anything else (NotImplemented).
std::optional<Tensor> as_operand(const ObjPtr& o) {
  if (is_tensor(o)) return tensor_of(o);
  if (is_number(o)) return native::wrap_scalar(to_scalar(o));
  return std::nullopt;
}

std::optional<CompareOp> comparison(const std::string& op) {
  if (op == "==") return CompareOp::Eq;
  if (op == "!=") return CompareOp::Ne;
  if (op == "<") return CompareOp::Lt;
  if (op == "<=") return CompareOp::Le;
  if (op == ">") return CompareOp::Gt;
  if (op == ">=") return CompareOp::Ge;
  return std::nullopt;
}

CompareOp reflect(CompareOp op) {  // 1 < x  is  x > 1
  switch (op) {
    case CompareOp::Lt: return CompareOp::Gt;
    case CompareOp::Le: return CompareOp::Ge;
    case CompareOp::Gt: return CompareOp::Lt;
    case CompareOp::Ge: return CompareOp::Le;
    default: return op;
  }
}

// & | ^ << >> : Tensor.__and__ ... __rshift__, i.e. torch.bitwise_* (ops/math/bitwise.h).
BitwiseOp bitwise_op_of(const std::string& op) {
  if (op == "&") return BitwiseOp::And;
  if (op == "|") return BitwiseOp::Or;
  if (op == "^") return BitwiseOp::Xor;
  if (op == "<<") return BitwiseOp::LeftShift;
  return BitwiseOp::RightShift;
}

Tensor bitwise(const std::string& op, const Tensor& a, const Tensor& b) {
  return native::bitwise(a, b, bitwise_op_of(op));
}

// self OP other with self the tensor on the left.
Tensor forward_op(const std::string& op, const Tensor& a, const Tensor& b) {
  if (op == "+") return tp::add(a, b);
  if (op == "-") return tp::sub(a, b);
  if (op == "*") return tp::mul(a, b);
  if (op == "/") return tp::div(a, b);
  if (op == "//") return tp::floor_divide(a, b);
  if (op == "%") return tp::remainder(a, b);
  if (op == "**") return tp::pow(a, b);
  if (op == "@") return tp::matmul(a, b);
  return bitwise(op, a, b);
}

// number OP tensor: the reflected dunder of the tensor (torch/_tensor.py).
Tensor reflected_op(const std::string& op, const Tensor& number, const Tensor& t) {
  if (op == "+") return tp::add(t, number);
  if (op == "*") return tp::mul(t, number);
  if (op == "-") return tp::rsub(t, number, Scalar::from_int(1));
  if (op == "/") return tp::mul(tp::unary(t, UnaryOp::Reciprocal), number);
  if (op == "//") return tp::floor_divide(number, t);
  if (op == "%") return tp::remainder(number, t);
  if (op == "**") return tp::pow(number, t);
  if (op == "<<" || op == ">>") return bitwise(op, number, t);  // __rlshift__: bitwise_left_shift(other, self)
  return bitwise(op, t, number);
}

bool known_op(const std::string& op) {
  static const char* ops[] = {"+", "-", "*", "/", "//", "%", "**", "@", "&", "|", "^", "<<", ">>"};
  for (const char* o : ops) if (op == o) return true;
  return false;
}

}  // namespace

ObjPtr binary_op(Interpreter& in, const std::string& op, const ObjPtr& a, const ObjPtr& b) {
  if (!is_tensor(a) && !is_tensor(b)) return ndarray_binary_op(in, op, a, b);
  // tensor OP ndarray: the array joins as a tensor over the same memory.
  ObjPtr aa = is_ndarray(a) ? in.wrap_tensor(share_storage(array_of(a))) : a;
  ObjPtr bb = is_ndarray(b) ? in.wrap_tensor(share_storage(array_of(b))) : b;
  auto x = as_operand(aa), y = as_operand(bb);
  if (auto cmp = comparison(op)) {
    if (!x || !y) return nullptr;  // Python's fallback (x == None is False)
    if (is_tensor(aa)) return in.wrap_tensor(tp::compare(*x, *y, *cmp));
    return in.wrap_tensor(tp::compare(*y, *x, reflect(*cmp)));
  }
  if (!known_op(op) || !x || !y) return nullptr;
  if (op == "@" && (!is_tensor(aa) || !is_tensor(bb))) return nullptr;
  if (is_tensor(aa)) return in.wrap_tensor(forward_op(op, *x, *y));
  return in.wrap_tensor(reflected_op(op, *x, *y));
}

ObjPtr inplace_op(Interpreter& in, const std::string& op, const ObjPtr& a, const ObjPtr& b) {
  if (is_ndarray(a)) return ndarray_inplace_op(in, op, a, b);
  if (!is_tensor(a)) return nullptr;
  ObjPtr bb = is_ndarray(b) ? in.wrap_tensor(share_storage(array_of(b))) : b;
  auto y = as_operand(bb);
  if (!y) return nullptr;
  const Tensor& x = tensor_of(a);
  if (op == "+") tp::add_(x, *y);
  else if (op == "-") tp::sub_(x, *y);
  else if (op == "*") tp::mul_(x, *y);
  else if (op == "/") tp::div_(x, *y);
  else if (op == "//") tp::floor_divide_(x, *y);
  else if (op == "%") tp::remainder_(x, *y);
  else if (op == "**") tp::pow_(x, *y);
  else if (op == "&" || op == "|" || op == "^" || op == "<<" || op == ">>") native::write_result_(x, bitwise(op, x, *y));
  else return nullptr;  // @= : Python falls back to x = x @ y
  return a;
}

ObjPtr unary_op(Interpreter& in, const std::string& op, const ObjPtr& a) {
  if (is_ndarray(a)) return ndarray_unary_op(in, op, a);
  if (!is_tensor(a)) return nullptr;
  const Tensor& t = tensor_of(a);
  if (op == "-") {
    if (t.dtype() == DType::Bool)
      throw TorchError("RuntimeError", "Negation, the `-` operator, on a bool tensor is not supported. If you are "
                                       "trying to invert a mask, use the `~` or `logical_not()` operator instead.");
    return in.wrap_tensor(tp::unary(t, UnaryOp::Neg));
  }
  if (op == "+") return a;
  if (op == "~") {
    return in.wrap_tensor(native::bitwise_not(t));
  }
  return nullptr;
}

}  // namespace tp::interp::lib
