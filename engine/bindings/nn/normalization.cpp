// torch.nn normalisation layers: LayerNorm (torch/nn/modules/normalization.py), BatchNorm1d /
// BatchNorm2d (batchnorm.py: running statistics, num_batches_tracked, momentum=None as a cumulative
// average) and F.layer_norm / F.batch_norm (torch/nn/functional.py, with its batch-size check).
#include "autograd/nn_functions.h"
#include "core/context.h"
#include "core/error.h"
#include "bindings/install.h"
#include "bindings/nn/nn.h"

namespace tp::interp::lib {

namespace {

ObjPtr or_default(const ObjPtr& o, ObjPtr fallback) { return is_none(o) ? fallback : o; }
ObjPtr attr(Interpreter& in, const ObjPtr& self, const char* name) { return in.getattr(self, name); }
void set(const ObjPtr& self, const char* name, ObjPtr v) { cast<InstanceObj>(self).set(name, std::move(v)); }
Tensor opt_tensor(Interpreter& in, const ObjPtr& o, const std::string& f, const std::string& name, int pos) {
  return is_none(o) ? Tensor() : tensor_arg(in, o, f, name, pos);
}
void in_file(Interpreter& in, const std::shared_ptr<ClassObj>& cls, const std::string& file) {
  cls->set("__module__", in.make_str("torch.nn.modules." + file));
}

ObjPtr parameter(Interpreter& in, const Tensor& t) {
  CallArgs pa;
  pa.args = {in.wrap_tensor(t)};
  return in.call(in.find_module("torch.nn")->get("Parameter"), pa);
}

// normalized_shape given as an int or a sequence of ints.
Shape normalized_shape_arg(Interpreter& in, const ObjPtr& o) {
  if (o->kind == Kind::Int || o->kind == Kind::Bool) return {to_int(in, o)};
  return to_int_list(in, o, "argument 'normalized_shape'");
}

// functional.py _verify_batch_size: training needs more than one value per channel.
void verify_batch_size(Interpreter& in, const Tensor& x) {
  int64_t prod = x.size(0);
  for (int64_t d = 2; d < x.dim(); ++d) prod *= x.size(d);
  if (prod == 1)
    throw TorchError("ValueError", "Expected more than 1 value per channel when training, got input size " +
                                       in.repr(size_obj(in, x.sizes())));
}

void install_layer_norm(Interpreter& in, ModuleObj& nn) {
  in_file(in, library_module(in, nn, "LayerNorm",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        Shape shape = normalized_shape_arg(in, p.required("normalized_shape", 0));
        ObjPtr eps = or_default(p.get("eps", 1), in.make_float(1e-5));
        bool affine = bool_arg(in, p.get("elementwise_affine", 2), true);
        bool has_bias = bool_arg(in, p.get("bias", 3), true);
        Device dev = device_or(p.get("device", 4), Device{});
        DType dt = opt_dtype(p.get("dtype", 5)).value_or(ctx().default_dtype);
        set(self, "normalized_shape", int_tuple(in, shape));
        set(self, "eps", eps);
        set(self, "elementwise_affine", in.make_bool(affine));
        // reset_parameters(): weight ones, bias zeros.
        set(self, "weight", affine ? parameter(in, tp::full(shape, Scalar::from_int(1), dt, dev)) : in.none());
        set(self, "bias", affine && has_bias ? parameter(in, tp::zeros(shape, dt, dev)) : in.none());
      },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        const Tensor& x = tensor_arg(in, p.required("input", 0), "forward", "input", 1);
        Shape shape = to_int_list(in, attr(in, self, "normalized_shape"));
        Tensor w = opt_tensor(in, attr(in, self, "weight"), "layer_norm", "weight", 3);
        Tensor b = opt_tensor(in, attr(in, self, "bias"), "layer_norm", "bias", 4);
        return in.wrap_tensor(tp::layer_norm(x, shape, w, b, to_double(in, attr(in, self, "eps"))));
      },
      [](Interpreter& in, const ObjPtr& self) {
        return in.repr(attr(in, self, "normalized_shape")) + ", eps=" + in.repr(attr(in, self, "eps")) +
               ", elementwise_affine=" + in.repr(attr(in, self, "elementwise_affine"));
      }), "normalization");
}

void install_batch_norm(Interpreter& in, ModuleObj& nn) {
  for (const char* name : {"BatchNorm1d", "BatchNorm2d"}) {
    bool one_d = std::string(name) == "BatchNorm1d";
    in_file(in, library_module(in, nn, name,
        [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
          int64_t C = to_int(in, p.required("num_features", 0), "argument 'num_features'");
          ObjPtr eps = or_default(p.get("eps", 1), in.make_float(1e-5));
          ObjPtr momentum = p.has("momentum", 2) ? p.get("momentum", 2) : in.make_float(0.1);
          if (!momentum) momentum = in.none();
          bool affine = bool_arg(in, p.get("affine", 3), true);
          bool track = bool_arg(in, p.get("track_running_stats", 4), true);
          Device dev = device_or(p.get("device", 5), Device{});
          DType dt = opt_dtype(p.get("dtype", 6)).value_or(ctx().default_dtype);
          set(self, "num_features", in.make_int(C));
          set(self, "eps", eps);
          set(self, "momentum", momentum);
          set(self, "affine", in.make_bool(affine));
          set(self, "track_running_stats", in.make_bool(track));
          set(self, "weight", affine ? parameter(in, tp::full({C}, Scalar::from_int(1), dt, dev)) : in.none());
          set(self, "bias", affine ? parameter(in, tp::zeros({C}, dt, dev)) : in.none());
          // Buffers (plain tensors here): running_mean zeros, running_var ones, num_batches_tracked 0.
          set(self, "running_mean", track ? in.wrap_tensor(tp::zeros({C}, dt, dev)) : in.none());
          set(self, "running_var", track ? in.wrap_tensor(tp::full({C}, Scalar::from_int(1), dt, dev)) : in.none());
          set(self, "num_batches_tracked", track ? in.wrap_tensor(tp::zeros({}, DType::Int64, dev)) : in.none());
        },
        [one_d](Interpreter& in, const ObjPtr& self, ArgParser& p) {
          const Tensor& x = tensor_arg(in, p.required("input", 0), "forward", "input", 1);
          if (one_d && x.dim() != 2 && x.dim() != 3)
            throw TorchError("ValueError", "expected 2D or 3D input (got " + std::to_string(x.dim()) + "D input)");
          if (!one_d && x.dim() != 4)
            throw TorchError("ValueError", "expected 4D input (got " + std::to_string(x.dim()) + "D input)");
          bool training = in.truthy(attr(in, self, "training"));
          bool track = in.truthy(attr(in, self, "track_running_stats"));
          ObjPtr mom = attr(in, self, "momentum");
          double factor = is_none(mom) ? 0.0 : to_double(in, mom);
          ObjPtr nbt = attr(in, self, "num_batches_tracked");
          if (training && track && !is_none(nbt)) {
            GradModeGuard off(false);
            tp::add_(tensor_of(nbt), tp::full({}, Scalar::from_int(1), DType::Int64, Device{}));
            if (is_none(mom)) factor = 1.0 / tensor_of(nbt).double_at(tensor_of(nbt).storage_offset());
          }
          ObjPtr rm = attr(in, self, "running_mean"), rv = attr(in, self, "running_var");
          bool bn_training = training || (is_none(rm) && is_none(rv));
          bool pass_stats = !training || track;
          if (bn_training) verify_batch_size(in, x);
          Tensor w = opt_tensor(in, attr(in, self, "weight"), "batch_norm", "weight", 4);
          Tensor b = opt_tensor(in, attr(in, self, "bias"), "batch_norm", "bias", 5);
          return in.wrap_tensor(tp::batch_norm(x, pass_stats ? opt_tensor(in, rm, "batch_norm", "running_mean", 2) : Tensor(),
                                               pass_stats ? opt_tensor(in, rv, "batch_norm", "running_var", 3) : Tensor(),
                                               w, b, bn_training, factor, to_double(in, attr(in, self, "eps"))));
        },
        [](Interpreter& in, const ObjPtr& self) {
          return in.repr(attr(in, self, "num_features")) + ", eps=" + in.repr(attr(in, self, "eps")) +
                 ", momentum=" + in.repr(attr(in, self, "momentum")) +
                 ", affine=" + in.repr(attr(in, self, "affine")) +
                 ", track_running_stats=" + in.repr(attr(in, self, "track_running_stats"));
        }), "batchnorm");
  }
}

void install_norm_functional(Interpreter& in, ModuleObj& F) {
  def(F, "torch.nn.functional.", "layer_norm", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "layer_norm", a);
    const Tensor& x = tensor_arg(in, p.required("input", 0), "layer_norm", "input", 1);
    Shape shape = normalized_shape_arg(in, p.required("normalized_shape", 1));
    Tensor w = opt_tensor(in, p.get("weight", 2), "layer_norm", "weight", 3);
    Tensor b = opt_tensor(in, p.get("bias", 3), "layer_norm", "bias", 4);
    double eps = double_arg(in, p.get("eps", 4), 1e-5);
    p.finish();
    return in.wrap_tensor(tp::layer_norm(x, shape, w, b, eps));
  });
  def(F, "torch.nn.functional.", "batch_norm", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "batch_norm", a);
    const Tensor& x = tensor_arg(in, p.required("input", 0), "batch_norm", "input", 1);
    Tensor rm = opt_tensor(in, p.required("running_mean", 1), "batch_norm", "running_mean", 2);
    Tensor rv = opt_tensor(in, p.required("running_var", 2), "batch_norm", "running_var", 3);
    Tensor w = opt_tensor(in, p.get("weight", 3), "batch_norm", "weight", 4);
    Tensor b = opt_tensor(in, p.get("bias", 4), "batch_norm", "bias", 5);
    bool training = bool_arg(in, p.get("training", 5), false);
    double momentum = double_arg(in, p.get("momentum", 6), 0.1);
    double eps = double_arg(in, p.get("eps", 7), 1e-5);
    p.finish();
    if (training) verify_batch_size(in, x);
    return in.wrap_tensor(tp::batch_norm(x, rm, rv, w, b, training, momentum, eps));
  });
}

}  // namespace

void install_nn_norm(Interpreter& in, ModuleObj& nn) {
  install_layer_norm(in, nn);
  install_batch_norm(in, nn);
  install_norm_functional(in, *std::static_pointer_cast<ModuleObj>(nn.get("functional")));
}

}  // namespace tp::interp::lib
