// torch.tensor_split / Tensor.tensor_split, torch.repeat_interleave / Tensor.repeat_interleave and
// torch.searchsorted / torch.bucketize.
#include "autograd/shape/split_repeat.h"
#include "core/error.h"
#include "bindings/install.h"

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
  // searchsorted(sorted_sequence, input, *, out_int32=False, right=False, side=None, sorter=None);
  // a Python number as input is a wrapped number (searchsorted.Scalar).
  def(torch, "torch.", "searchsorted", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.searchsorted", a);
    const Tensor& bd = tensor_arg(in, p.required("sorted_sequence", 0), "searchsorted", "sorted_sequence", 1);
    ObjPtr v = p.required("input", 1);
    Tensor input = is_tensor(v) ? tensor_of(v) : native::wrap_scalar(to_scalar(v), bd.device());
    bool out_int32 = bool_arg(in, p.kw("out_int32"), false), right = bool_arg(in, p.kw("right"), false);
    ObjPtr s = p.kw("side"), so = p.kw("sorter");
    std::optional<std::string> side;
    if (!is_none(s)) side = to_str(in, s, "argument 'side'");
    Tensor sorter = is_none(so) ? Tensor() : tensor_arg(in, so, "searchsorted", "sorter", 6);
    p.finish();
    return in.wrap_tensor(native::searchsorted(bd, input, out_int32, right, side, sorter));
  });
  def(torch, "torch.", "bucketize", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.bucketize", a);
    ObjPtr v = p.required("input", 0);
    const Tensor& bd = tensor_arg(in, p.required("boundaries", 1), "bucketize", "boundaries", 2);
    Tensor input = is_tensor(v) ? tensor_of(v) : native::wrap_scalar(to_scalar(v), bd.device());
    bool out_int32 = bool_arg(in, p.kw("out_int32"), false), right = bool_arg(in, p.kw("right"), false);
    p.finish();
    return in.wrap_tensor(native::bucketize(input, bd, out_int32, right));
  });
}

}  // namespace tp::interp::lib
