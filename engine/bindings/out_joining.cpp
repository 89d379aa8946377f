// out= for torch.stack / hstack / vstack / row_stack / dstack / column_stack: Note [Joining with out=].
#include "autograd/functions.h"
#include "bindings/common.h"
#include "bindings/install.h"
#include "bindings/library_variant.h"

#include "core/error.h"
#include "ops/native.h"

namespace tp::interp::lib {

// Note [Joining with out=]: aten/src/ATen/native/TensorShape.cpp builds these on cat_out (whose
// out= rules are torch.cat's, bindings/torch/reductions.cpp cat_out): hstack_out is
// cat_out(result, atleast_1d(tensors), 0 or 1), vstack_out (row_stack) cat_out(result,
// atleast_2d(tensors), 0), dstack_out cat_out(result, atleast_3d(tensors), 2), column_stack_out
// hstack_out over the 0-d / 1-d tensors reshaped to (numel, 1); each first checks "<op> expects a
// non-empty TensorList". They are CompositeImplicitAutograd, so the autograd refusal is cat's.
// stack_out has its own VariableType kernel ("stack(): functions with out=..."); when the new dim is
// not the last it checks the inputs, resize_output(result, stacked shape) (before cat_out's dtype
// check) and cats into a view of it; otherwise cat_out(result, each tensor unsqueezed at dim, dim).
namespace {

// The tensors argument when it is a non-empty list / tuple of tensors; empty otherwise (then the
// plain function raises PyTorch's error for it).
std::vector<Tensor> tensors_arg(Interpreter& in, const CallArgs& a) {
  ObjPtr o = !a.args.empty() ? a.args[0] : nullptr;
  for (const auto& kv : a.kwargs)
    if (kv.first == "tensors") o = kv.second;
  std::vector<Tensor> ts;
  if (!o || (o->kind != Kind::List && o->kind != Kind::Tuple)) return ts;
  for (const auto& it : sequence_items(in, o)) {
    if (!is_tensor(it)) return {};
    ts.push_back(tensor_of(it));
  }
  return ts;
}

ObjPtr tensor_list_obj(Interpreter& in, const std::vector<Tensor>& ts) {
  std::vector<ObjPtr> items;
  for (const auto& t : ts) items.push_back(in.wrap_tensor(t));
  return in.make_list(std::move(items));
}

ObjPtr cat_into(Interpreter& in, ModuleObj& torch, const std::vector<Tensor>& ts, int64_t dim, const ObjPtr& out) {
  return in.call(torch.get("cat"), CallArgs{{tensor_list_obj(in, ts), in.make_int(dim)}, {{"out", out}}});
}

// TensorShape.cpp atleast_1d / 2d / 3d, as torch.atleast_Nd computes them.
std::vector<Tensor> atleast(Interpreter& in, ModuleObj& torch, const std::vector<Tensor>& ts, int n) {
  ObjPtr f = torch.get("atleast_" + std::to_string(n) + "d");
  std::vector<Tensor> out;
  for (const auto& t : ts) out.push_back(tensor_of(in.call(f, CallArgs{{in.wrap_tensor(t)}, {}})));
  return out;
}

void add_joining_out(ModuleObj& torch, const std::string& name) {
  ObjPtr plain = torch.get(name);
  if (!plain && !full_library()) return;  // a full-library function (Note [Two modules])
  TP_INTERNAL_ASSERT(plain != nullptr, "out= for a missing torch." + name);
  ModuleObj* mod = &torch;
  def(torch, "torch.", name, [plain, name, mod](Interpreter& in, CallArgs& a) -> ObjPtr {
    ObjPtr out = pop_out_kwarg(a);
    std::vector<Tensor> ts = tensors_arg(in, a);
    if (is_none(out) || ts.empty()) return in.call(plain, std::move(a));
    if (name == "hstack" || name == "column_stack") {
      if (name == "column_stack")
        for (auto& t : ts)
          if (t.dim() <= 1) t = tp::reshape(t, {t.numel(), 1});
      auto rep = atleast(in, *mod, ts, 1);
      return cat_into(in, *mod, rep, rep[0].dim() == 1 ? 0 : 1, out);
    }
    if (name == "vstack" || name == "row_stack") return cat_into(in, *mod, atleast(in, *mod, ts, 2), 0, out);
    return cat_into(in, *mod, atleast(in, *mod, ts, 3), 2, out);  // dstack
  });
}

void add_stack_out(ModuleObj& torch) {
  ObjPtr plain = torch.get("stack");
  ModuleObj* mod = &torch;
  def(torch, "torch.", "stack", [plain, mod](Interpreter& in, CallArgs& a) -> ObjPtr {
    ObjPtr out = pop_out_kwarg(a);
    if (is_none(out)) return in.call(plain, std::move(a));
    if (!is_tensor(out)) throw TorchError("TypeError", "stack(): argument 'out' must be Tensor, not " + in.type_name(out));
    std::vector<Tensor> ts = tensors_arg(in, a);
    check_out_requires_grad("stack", ts, tensor_of(out));
    ObjPtr dim_o = a.args.size() > 1 ? a.args[1] : nullptr;
    for (const auto& kv : a.kwargs)
      if (kv.first == "dim") dim_o = kv.second;
    Tensor result = tensor_of(in.call(plain, std::move(a)));  // the dim, empty-list and equal-size checks
    int64_t dim = is_none(dim_o) ? 0 : to_int(in, dim_o, "argument 'dim'");
    if (dim < 0) dim += result.dim();  // maybe_wrap_dim(dim, tensors[0].dim() + 1)
    std::vector<Tensor> unsqueezed;
    for (const auto& t : ts) unsqueezed.push_back(tp::unsqueeze(t, dim));
    if (dim < ts[0].dim()) resize_output(tensor_of(out), result.sizes());
    return cat_into(in, *mod, unsqueezed, dim, out);
  });
}

}  // namespace

void install_joining_out_arguments(Interpreter& in, ModuleObj& torch) {
  (void)in;
  for (const char* n : {"hstack", "vstack", "row_stack", "dstack", "column_stack"}) add_joining_out(torch, n);
  add_stack_out(torch);
}

}  // namespace tp::interp::lib
