// nn.Linear (initialised bit-identically: kaiming_uniform_(a=sqrt(5)) then the bias, as
// reset_parameters in torch/nn/modules/linear.py) and nn.Identity, from the same file of PyTorch.
#include <cmath>

#include "core/context.h"
#include "core/error.h"
#include "bindings/install.h"
#include "bindings/nn/nn.h"

namespace tp::interp::lib {

namespace {

const Tensor& input_arg(Interpreter& in, ArgParser& p, size_t i = 0, const char* name = "input") {
  return tensor_arg(in, p.required(name, i), "forward", name, int(i) + 1);
}

std::string bool_str(bool b) { return b ? "True" : "False"; }

}  // namespace

void install_linear_layers(Interpreter& in, ModuleObj& nn) {
  library_module(in, nn, "Linear",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        int64_t fin = to_int(in, p.required("in_features", 0), "argument 'in_features'");
        int64_t fout = to_int(in, p.required("out_features", 1), "argument 'out_features'");
        bool has_bias = bool_arg(in, p.get("bias", 2), true);
        Device dev = device_or(p.get("device", 3), Device{});
        DType dt = opt_dtype(p.get("dtype", 4)).value_or(ctx().default_dtype);
        auto& inst = cast<InstanceObj>(self);
        inst.set("in_features", in.make_int(fin));
        inst.set("out_features", in.make_int(fout));
        Tensor w = make_parameter(tp::empty({fout, fin}, dt, dev), true);
        inst.set("weight", in.wrap_tensor(w));
        Tensor b;
        if (has_bias) b = make_parameter(tp::empty({fout}, dt, dev), true);
        inst.set("bias", wrap(in, b));
        // reset_parameters()
        kaiming_uniform(w, std::sqrt(5.0), fin);
        if (b.defined()) {
          double bound = fin > 0 ? 1 / std::sqrt(double(fin)) : 0;
          GradModeGuard off(false);
          tp::uniform_(b, -bound, bound);
        }
      },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        const Tensor& x = input_arg(in, p);
        ObjPtr w = in.getattr(self, "weight"), b = in.getattr(self, "bias");
        return in.wrap_tensor(tp::linear(x, tensor_arg(in, w, "linear", "weight", 2),
                                         is_none(b) ? Tensor() : tensor_arg(in, b, "linear", "bias", 3)));
      },
      [](Interpreter& in, const ObjPtr& self) {
        return "in_features=" + in.repr(in.getattr(self, "in_features")) +
               ", out_features=" + in.repr(in.getattr(self, "out_features")) +
               ", bias=" + bool_str(!is_none(in.getattr(self, "bias")));
      });

  library_module(in, nn, "Identity", [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        for (size_t i = 0; i < p.count(); ++i) p.positional(i);
      },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) { return p.required("input", 0); });

}

}  // namespace tp::interp::lib
