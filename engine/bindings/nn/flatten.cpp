// nn.Unflatten(dim, unflattened_size) as torch/nn/modules/flatten.py defines it: the size must be
// a tuple/list of ints (its TypeErrors), forward is input.unflatten(dim, size), and extra_repr
// prints both as given.
#include "autograd/tensor_extras.h"
#include "core/error.h"
#include "interp/lib_install.h"
#include "interp/lib_nn.h"

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

}  // namespace tp::interp::lib
