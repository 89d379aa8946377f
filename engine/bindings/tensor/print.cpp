// The bridge from library objects to the printers in format/: a tensor's repr with its suffixes
// (device, dtype, grad_fn / requires_grad) and numpy arrays, honouring torch.set_printoptions.
#include "autograd/node.h"
#include "core/context.h"
#include "core/error.h"
#include "format/numpy_str.h"
#include "format/tensor_str.h"
#include "bindings/common.h"

namespace tp::interp::lib {

std::string format_tensor(Interpreter& in, const Tensor& t) {
  format::TensorReprExtras extras;
  try {
    if (auto fn = tp::grad_fn(t)) extras.grad_fn_name = fn->name();
  } catch (const TorchError&) {
    extras.grad_fn_name = "Invalid";  // _str_intern catches the RuntimeError of a bad view's grad_fn
  }
  extras.requires_grad = t.requires_grad();
  return format::tensor_repr(t, extras);  // reads ctx().print_options
}

std::string format_ndarray_repr(Interpreter& in, const Tensor& a) { return format::numpy_repr(a); }

std::string format_ndarray_str(Interpreter& in, const Tensor& a) { return format::numpy_str(a); }

}  // namespace tp::interp::lib
