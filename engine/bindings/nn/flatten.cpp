// nn.Flatten and nn.Unflatten(dim, unflattened_size) as torch/nn/modules/flatten.py defines them; Unflatten: the size must be
// a tuple/list of ints (its TypeErrors), forward is input.unflatten(dim, size), and extra_repr
// prints both as given.
#include "autograd/shape/tensor_extras.h"
#include "core/error.h"
#include "bindings/install.h"
#include "bindings/nn/nn.h"

namespace tp::interp::lib {

void install_nn_unflatten(Interpreter& in, ModuleObj& nn) {
  auto cls = library_module(in, nn, "Unflatten",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        ObjPtr dim = p.required("dim", 0), size = p.required("unflattened_size", 1);
        if (dim->kind == Kind::Str)
          throw TorchError("NotImplementedError", "tensorplay: nn.Unflatten with a named dimension is not supported");
        if (dim->kind != Kind::Int) throw TorchError("TypeError", "invalid argument type for dim parameter");
        if (size->kind != Kind::Tuple && size->kind != Kind::List && size->kind != Kind::Size)
          throw TorchError("TypeError", "unflattened_size must be a tuple of ints, but found type " + in.type_name(size));
        auto items = sequence_items(in, size);
        for (size_t i = 0; i < items.size(); ++i)
          if (items[i]->kind != Kind::Int)
            throw TorchError("TypeError", "unflattened_size must be tuple of ints, but found element of type " +
                                              in.type_name(items[i]) + " at pos " + std::to_string(i));
        auto& inst = cast<InstanceObj>(self);
        inst.set("dim", dim);
        inst.set("unflattened_size", size);
      },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        const Tensor& x = tensor_arg(in, p.required("input", 0), "forward", "input", 1);
        Shape sizes = to_int_list(in, in.getattr(self, "unflattened_size"));
        if (sizes.empty()) throw TorchError("RuntimeError", "unflatten: sizes must be non-empty");
        return in.wrap_tensor(tp::unflatten(x, to_int(in, in.getattr(self, "dim")), sizes));
      },
      [](Interpreter& in, const ObjPtr& self) {
        return "dim=" + in.str(in.getattr(self, "dim")) + ", unflattened_size=" + in.str(in.getattr(self, "unflattened_size"));
      });
  cls->set("__module__", in.make_str("torch.nn.modules.flatten"));
}

// nn.Flatten(start_dim=1, end_dim=-1).
void install_flatten(Interpreter& in, ModuleObj& nn) {
  library_module(in, nn, "Flatten",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        auto& inst = cast<InstanceObj>(self);
        ObjPtr s = p.get("start_dim", 0), e = p.get("end_dim", 1);
        inst.set("start_dim", is_none(s) ? in.make_int(1) : s);
        inst.set("end_dim", is_none(e) ? in.make_int(-1) : e);
      },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        const Tensor& x = tensor_arg(in, p.required("input", 0), "forward", "input", 1);
        return in.wrap_tensor(tp::flatten(x, to_int(in, in.getattr(self, "start_dim")),
                                          to_int(in, in.getattr(self, "end_dim"))));
      },
      [](Interpreter& in, const ObjPtr& self) {
        return "start_dim=" + in.repr(in.getattr(self, "start_dim")) + ", end_dim=" + in.repr(in.getattr(self, "end_dim"));
      });
}

}  // namespace tp::interp::lib
