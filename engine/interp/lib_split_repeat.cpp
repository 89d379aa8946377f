// torch.tensor_split / Tensor.tensor_split and torch.repeat_interleave / Tensor.repeat_interleave.
#include "autograd/split_repeat.h"
#include "core/error.h"
#include "interp/lib_install.h"

namespace tp::interp::lib {

namespace {

// Python's three overloads: tensor_split(sections: int | indices: list | tensor_indices_or_sections: Tensor, dim=0).
ObjPtr tensor_split_call(Interpreter& in, const Tensor& self, ArgParser& p) {
  ObjPtr ios = p.get("indices_or_sections", 0);
  for (const char* k : {"sections", "indices", "tensor_indices_or_sections"})
    if (!ios) ios = p.kw(k);
  if (!ios) ios = p.required("indices_or_sections", 0);
  ObjPtr d = p.get("dim", 1);
  int64_t dim = is_none(d) ? 0 : to_int(in, d, "argument 'dim'");
  if (is_tensor(ios)) return wrap_tuple(in, tp::tensor_split(self, tensor_of(ios), dim));
  if (ios->kind == Kind::List || ios->kind == Kind::Tuple)
    return wrap_tuple(in, tp::tensor_split_indices(self, to_int_list(in, ios, "argument 'indices'"), dim));
  return wrap_tuple(in, tp::tensor_split(self, to_int(in, ios, "argument 'sections'"), dim));
}

ObjPtr repeat_interleave_call(Interpreter& in, const Tensor& self, const ObjPtr& repeats, ArgParser& p, size_t dim_pos) {
  auto dim = opt_int(in, p.get("dim", dim_pos), "argument 'dim'");
  auto output_size = opt_int(in, p.kw("output_size"), "argument 'output_size'");
  if (is_tensor(repeats)) return in.wrap_tensor(tp::repeat_interleave(self, tensor_of(repeats), dim, output_size));
  return in.wrap_tensor(tp::repeat_interleave(self, to_int(in, repeats, "argument 'repeats'"), dim, output_size));
}

}  // namespace

void install_split_repeat(Interpreter& in, ModuleObj& torch, ClassObj& tc) {
  method(tc, "tensor_split", [](Interpreter& in, Tensor& self, ArgParser& p) { return tensor_split_call(in, self, p); },
         &torch);
  method(tc, "repeat_interleave", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return repeat_interleave_call(in, self, p.required("repeats", 0), p, 1);
  });
  // torch.repeat_interleave(input, repeats, dim=None, *, output_size=None), or with one tensor
  // (repeat_interleave.Tensor): the indices 0..n-1, each repeated repeats[i] times.
  def(torch, "torch.", "repeat_interleave", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.repeat_interleave", a);
    const Tensor& input = tensor_arg(in, p.required("input", 0), "repeat_interleave", "input", 1);
    ObjPtr repeats = p.get("repeats", 1);
    if (is_none(repeats)) {
      auto output_size = opt_int(in, p.kw("output_size"), "argument 'output_size'");
      p.finish();
      return in.wrap_tensor(tp::repeat_interleave_indices(input, output_size));
    }
    ObjPtr r = repeat_interleave_call(in, input, repeats, p, 2);
    p.finish();
    return r;
  });
}

}  // namespace tp::interp::lib
