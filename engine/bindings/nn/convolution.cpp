// torch.nn convolution layers: Conv1d / Conv2d (torch/nn/modules/conv.py: argument checks,
// kaiming_uniform_(a=sqrt(5)) weight and fan_in bias init drawn like Linear's, extra_repr),
// F.conv1d / F.conv2d (padding as ints or 'same' / 'valid', as Convolution.cpp _convolution_mode),
// MaxPool2d / AvgPool2d (pooling.py) with F.max_pool2d / F.avg_pool2d, and F.pad (constant mode).
#include <cmath>

#include "autograd/nn_functions.h"
#include "core/context.h"
#include "core/error.h"
#include "bindings/install.h"
#include "bindings/nn/nn.h"

namespace tp::interp::lib {

namespace {

ObjPtr attr(Interpreter& in, const ObjPtr& self, const char* name) { return in.getattr(self, name); }
void set(const ObjPtr& self, const char* name, ObjPtr v) { cast<InstanceObj>(self).set(name, std::move(v)); }

ObjPtr parameter(Interpreter& in, const Tensor& t) {
  CallArgs pa;
  pa.args = {in.wrap_tensor(t)};
  return in.call(in.find_module("torch.nn")->get("Parameter"), pa);
}

// _single / _pair: an int repeated, or a sequence taken as is.
Shape ntuple(Interpreter& in, const ObjPtr& o, int64_t n, const std::string& what) {
  if (o->kind == Kind::Int || o->kind == Kind::Bool) return Shape(size_t(n), to_int(in, o));
  return to_int_list(in, o, what);
}

bool is_str(const ObjPtr& o) { return o && o->kind == Kind::Str; }

// padding = ints, 'valid' (none) or 'same' (total dilation*(k-1), the odd one after), as
// Convolution.cpp _convolution_mode; 'same' refuses strides other than 1.
void set_padding(Interpreter& in, const ObjPtr& padding, const Tensor& weight, ConvArgs& a) {
  const size_t S = size_t(a.spatial);
  if (!is_str(padding)) {
    a.padding_lo = a.padding_hi = ntuple(in, padding, a.spatial, "argument 'padding'");
    return;
  }
  std::string mode = to_str(in, padding);
  if (mode == "valid") {
    a.padding_lo = a.padding_hi = Shape(S, 0);
    return;
  }
  TP_CHECK(mode == "same", "Invalid padding string: '" + mode + "'");
  for (int64_t s : a.stride) TP_CHECK(s == 1, "padding='same' is not supported for strided convolutions");
  a.padding_lo.assign(S, 0);
  a.padding_hi.assign(S, 0);
  for (size_t i = 0; i < S && weight.dim() == a.spatial + 2; ++i) {
    int64_t total = a.dilation[i] * (weight.size(int64_t(i) + 2) - 1);
    a.padding_lo[i] = total / 2;
    a.padding_hi[i] = total - total / 2;
  }
  if (a.padding_lo != a.padding_hi)  // ATen then pads the input explicitly (TORCH_WARN_ONCE)
    in.warn_once(triggered_internally("Using padding='same' with even kernel lengths and odd dilation may require a zero-padded copy "
                 "of the input be created", "aten/src/ATen/native/Convolution.cpp"));
}

Tensor conv_call(Interpreter& in, const Tensor& x, const Tensor& w, const Tensor& b, int64_t S, const ObjPtr& stride,
                 const ObjPtr& padding, const ObjPtr& dilation, int64_t groups) {
  ConvArgs a;
  a.spatial = S;
  a.stride = ntuple(in, stride, S, "argument 'stride'");
  a.dilation = ntuple(in, dilation, S, "argument 'dilation'");
  a.groups = groups;
  set_padding(in, padding, w, a);
  return tp::convolution(x, w, b, a);
}

void install_conv_modules(Interpreter& in, ModuleObj& nn) {
  for (int64_t S : {1, 2}) {
    std::string name = "Conv" + std::to_string(S) + "d";
    auto cls = library_module(in, nn, name,
        [S](Interpreter& in, const ObjPtr& self, ArgParser& p) {
          int64_t cin = to_int(in, p.required("in_channels", 0), "argument 'in_channels'");
          int64_t cout = to_int(in, p.required("out_channels", 1), "argument 'out_channels'");
          Shape k = ntuple(in, p.required("kernel_size", 2), S, "argument 'kernel_size'");
          ObjPtr so = p.get("stride", 3), po = p.get("padding", 4), dlo = p.get("dilation", 5);
          Shape stride = is_none(so) ? Shape(size_t(S), 1) : ntuple(in, so, S, "argument 'stride'");
          Shape dil = is_none(dlo) ? Shape(size_t(S), 1) : ntuple(in, dlo, S, "argument 'dilation'");
          ObjPtr padding = is_none(po) ? int_tuple(in, Shape(size_t(S), 0))
                           : is_str(po)  ? po
                                         : int_tuple(in, ntuple(in, po, S, "argument 'padding'"));
          ObjPtr go = p.get("groups", 6);
          int64_t groups = is_none(go) ? 1 : to_int(in, go, "argument 'groups'");
          bool has_bias = bool_arg(in, p.get("bias", 7), true);
          ObjPtr pmo = p.get("padding_mode", 8);
          std::string pmode = is_none(pmo) ? "zeros" : to_str(in, pmo);
          Device dev = device_or(p.get("device", 9), Device{});
          DType dt = opt_dtype(p.get("dtype", 10)).value_or(ctx().default_dtype);
          // _ConvNd.__init__ checks, in its order.
          if (groups <= 0) throw TorchError("ValueError", "groups must be a positive integer");
          if (cin % groups != 0) throw TorchError("ValueError", "in_channels must be divisible by groups");
          if (cout % groups != 0) throw TorchError("ValueError", "out_channels must be divisible by groups");
          if (is_str(padding)) {
            std::string ps = to_str(in, padding);
            if (ps != "same" && ps != "valid")
              throw TorchError("ValueError", "Invalid padding string '" + ps + "', should be one of {'same', 'valid'}");
            for (int64_t s : stride)
              if (ps == "same" && s != 1)
                throw TorchError("ValueError", "padding='same' is not supported for strided convolutions");
          }
          if (pmode != "zeros")
            throw TorchError("NotImplementedError", "Conv padding_mode='" + pmode + "' is not supported by the playground");
          set(self, "in_channels", in.make_int(cin));
          set(self, "out_channels", in.make_int(cout));
          set(self, "kernel_size", int_tuple(in, k));
          set(self, "stride", int_tuple(in, stride));
          set(self, "padding", padding);
          set(self, "dilation", int_tuple(in, dil));
          set(self, "transposed", in.make_bool(false));
          set(self, "output_padding", int_tuple(in, Shape(size_t(S), 0)));
          set(self, "groups", in.make_int(groups));
          set(self, "padding_mode", in.make_str(pmode));
          Shape wshape{cout, cin / groups};
          wshape.insert(wshape.end(), k.begin(), k.end());
          ObjPtr w = parameter(in, tp::empty(wshape, dt, dev));
          set(self, "weight", w);
          ObjPtr b = has_bias ? parameter(in, tp::empty({cout}, dt, dev)) : in.none();
          set(self, "bias", b);
          // reset_parameters(): kaiming_uniform_(weight, a=sqrt(5)); bias ~ U(-1/sqrt(fan_in), 1/sqrt(fan_in)).
          int64_t fan_in = cin / groups;
          for (int64_t v : k) fan_in *= v;
          kaiming_uniform(tensor_of(w), std::sqrt(5.0), fan_in);
          if (has_bias && fan_in != 0) {
            double bound = 1 / std::sqrt(double(fan_in));
            GradModeGuard off(false);
            tp::uniform_(tensor_of(b), -bound, bound);
          }
        },
        [S](Interpreter& in, const ObjPtr& self, ArgParser& p) {
          const Tensor& x = tensor_arg(in, p.required("input", 0), "forward", "input", 1);
          const Tensor& w = tensor_arg(in, attr(in, self, "weight"), "conv", "weight", 2);
          ObjPtr bo = attr(in, self, "bias");
          Tensor b = is_none(bo) ? Tensor() : tensor_arg(in, bo, "conv", "bias", 3);
          return in.wrap_tensor(conv_call(in, x, w, b, S, attr(in, self, "stride"), attr(in, self, "padding"),
                                          attr(in, self, "dilation"), to_int(in, attr(in, self, "groups"))));
        },
        [S](Interpreter& in, const ObjPtr& self) {
          // conv.py _ConvNd.extra_repr
          std::string s = in.str(attr(in, self, "in_channels")) + ", " + in.str(attr(in, self, "out_channels")) +
                          ", kernel_size=" + in.str(attr(in, self, "kernel_size")) +
                          ", stride=" + in.str(attr(in, self, "stride"));
          ObjPtr pad = attr(in, self, "padding");
          if (is_str(pad) || to_int_list(in, pad) != Shape(size_t(S), 0)) s += ", padding=" + in.str(pad);
          if (to_int_list(in, attr(in, self, "dilation")) != Shape(size_t(S), 1))
            s += ", dilation=" + in.str(attr(in, self, "dilation"));
          if (to_int(in, attr(in, self, "groups")) != 1) s += ", groups=" + in.str(attr(in, self, "groups"));
          if (is_none(attr(in, self, "bias"))) s += ", bias=False";
          if (to_str(in, attr(in, self, "padding_mode")) != "zeros")
            s += ", padding_mode=" + in.str(attr(in, self, "padding_mode"));
          return s;
        });
    cls->set("__module__", in.make_str("torch.nn.modules.conv"));
  }
}

void install_conv_functional(Interpreter& in, ModuleObj& F) {
  for (int64_t S : {1, 2}) {
    std::string name = "conv" + std::to_string(S) + "d";
    def(F, "torch.nn.functional.", name, [S, name](Interpreter& in, CallArgs& a) -> ObjPtr {
      ArgParser p(in, name, a);
      const Tensor& x = tensor_arg(in, p.required("input", 0), name, "input", 1);
      const Tensor& w = tensor_arg(in, p.required("weight", 1), name, "weight", 2);
      ObjPtr bo = p.get("bias", 2);
      Tensor b = is_none(bo) ? Tensor() : tensor_arg(in, bo, name, "bias", 3);
      ObjPtr one = in.make_int(1), zero = in.make_int(0);
      ObjPtr so = p.get("stride", 3), po = p.get("padding", 4), dlo = p.get("dilation", 5), go = p.get("groups", 6);
      p.finish();
      return in.wrap_tensor(conv_call(in, x, w, b, S, is_none(so) ? one : so, is_none(po) ? zero : po,
                                      is_none(dlo) ? one : dlo, is_none(go) ? 1 : to_int(in, go, "argument 'groups'")));
    });
  }
}

// kernel_size / stride / padding / dilation of a 2-d pool: an int or a 1- or 2-element sequence.
void pair_into(Interpreter& in, const ObjPtr& o, int64_t out[2], const std::string& what) {
  Shape s = ntuple(in, o, 2, what);
  TP_CHECK(s.size() == 1 || s.size() == 2, "max_pool2d: " + what.substr(10, what.size() - 11) +
                                               " must either be a single int, or a tuple of two ints");
  out[0] = s[0];
  out[1] = s.size() == 2 ? s[1] : s[0];
}

// stride None (or empty) defaults to kernel_size, as F.max_pool2d / F.avg_pool2d do.
Pool2dArgs pool_args(Interpreter& in, const ObjPtr& k, const ObjPtr& stride, const ObjPtr& padding,
                     const ObjPtr& dilation, bool ceil_mode) {
  Pool2dArgs a{};
  pair_into(in, k, a.kernel, "argument 'kernel_size'");
  bool no_stride = is_none(stride) || ((stride->kind == Kind::Tuple || stride->kind == Kind::List) &&
                                       to_int_list(in, stride).empty());
  if (no_stride) {
    a.stride[0] = a.kernel[0];
    a.stride[1] = a.kernel[1];
  } else {
    pair_into(in, stride, a.stride, "argument 'stride'");
  }
  if (is_none(padding)) a.padding[0] = a.padding[1] = 0;
  else pair_into(in, padding, a.padding, "argument 'padding'");
  if (is_none(dilation)) a.dilation[0] = a.dilation[1] = 1;
  else pair_into(in, dilation, a.dilation, "argument 'dilation'");
  a.ceil_mode = ceil_mode;
  return a;
}

int64_t divisor_of(Interpreter& in, const ObjPtr& o) {
  return is_none(o) ? -1 : to_int(in, o, "argument 'divisor_override'");
}

void install_pool_modules(Interpreter& in, ModuleObj& nn) {
  auto maxp = library_module(in, nn, "MaxPool2d",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        ObjPtr k = p.required("kernel_size", 0), st = p.get("stride", 1);
        set(self, "kernel_size", k);
        set(self, "stride", is_none(st) ? k : st);
        set(self, "padding", is_none(p.get("padding", 2)) ? in.make_int(0) : p.get("padding", 2));
        set(self, "dilation", is_none(p.get("dilation", 3)) ? in.make_int(1) : p.get("dilation", 3));
        set(self, "return_indices", in.make_bool(bool_arg(in, p.get("return_indices", 4), false)));
        set(self, "ceil_mode", in.make_bool(bool_arg(in, p.get("ceil_mode", 5), false)));
      },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        const Tensor& x = tensor_arg(in, p.required("input", 0), "forward", "input", 1);
        Pool2dArgs a = pool_args(in, attr(in, self, "kernel_size"), attr(in, self, "stride"), attr(in, self, "padding"),
                                 attr(in, self, "dilation"), in.truthy(attr(in, self, "ceil_mode")));
        auto [out, idx] = tp::max_pool2d_with_indices(x, a);
        if (in.truthy(attr(in, self, "return_indices"))) return wrap_tuple(in, {out, idx});
        return in.wrap_tensor(out);
      },
      [](Interpreter& in, const ObjPtr& self) {
        return "kernel_size=" + in.str(attr(in, self, "kernel_size")) + ", stride=" + in.str(attr(in, self, "stride")) +
               ", padding=" + in.str(attr(in, self, "padding")) + ", dilation=" + in.str(attr(in, self, "dilation")) +
               ", ceil_mode=" + in.str(attr(in, self, "ceil_mode"));
      });
  maxp->set("__module__", in.make_str("torch.nn.modules.pooling"));
  auto avgp = library_module(in, nn, "AvgPool2d",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        ObjPtr k = p.required("kernel_size", 0), st = p.get("stride", 1);
        set(self, "kernel_size", k);
        set(self, "stride", is_none(st) ? k : st);
        set(self, "padding", is_none(p.get("padding", 2)) ? in.make_int(0) : p.get("padding", 2));
        set(self, "ceil_mode", in.make_bool(bool_arg(in, p.get("ceil_mode", 3), false)));
        set(self, "count_include_pad", in.make_bool(bool_arg(in, p.get("count_include_pad", 4), true)));
        ObjPtr dv = p.get("divisor_override", 5);
        set(self, "divisor_override", is_none(dv) ? in.none() : dv);
      },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        const Tensor& x = tensor_arg(in, p.required("input", 0), "forward", "input", 1);
        Pool2dArgs a = pool_args(in, attr(in, self, "kernel_size"), attr(in, self, "stride"), attr(in, self, "padding"),
                                 nullptr, in.truthy(attr(in, self, "ceil_mode")));
        return in.wrap_tensor(tp::avg_pool2d(x, a, in.truthy(attr(in, self, "count_include_pad")),
                                             divisor_of(in, attr(in, self, "divisor_override"))));
      },
      [](Interpreter& in, const ObjPtr& self) {
        return "kernel_size=" + in.str(attr(in, self, "kernel_size")) + ", stride=" + in.str(attr(in, self, "stride")) +
               ", padding=" + in.str(attr(in, self, "padding"));
      });
  avgp->set("__module__", in.make_str("torch.nn.modules.pooling"));
}

void install_pool_functional(Interpreter& in, ModuleObj& F) {
  def(F, "torch.nn.functional.", "max_pool2d", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "max_pool2d", a);
    const Tensor& x = tensor_arg(in, p.required("input", 0), "max_pool2d", "input", 1);
    ObjPtr k = p.required("kernel_size", 1), st = p.get("stride", 2), pad = p.get("padding", 3), dil = p.get("dilation", 4);
    bool ceil_mode = bool_arg(in, p.get("ceil_mode", 5), false);
    bool with_indices = bool_arg(in, p.get("return_indices", 6), false);
    p.finish();
    auto [out, idx] = tp::max_pool2d_with_indices(x, pool_args(in, k, st, pad, dil, ceil_mode));
    return with_indices ? wrap_tuple(in, {out, idx}) : in.wrap_tensor(out);
  });
  def(F, "torch.nn.functional.", "avg_pool2d", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "avg_pool2d", a);
    const Tensor& x = tensor_arg(in, p.required("input", 0), "avg_pool2d", "input", 1);
    ObjPtr k = p.required("kernel_size", 1), st = p.get("stride", 2), pad = p.get("padding", 3);
    bool ceil_mode = bool_arg(in, p.get("ceil_mode", 4), false);
    bool include = bool_arg(in, p.get("count_include_pad", 5), true);
    int64_t divisor = divisor_of(in, p.get("divisor_override", 6));
    p.finish();
    return in.wrap_tensor(tp::avg_pool2d(x, pool_args(in, k, st, pad, nullptr, ceil_mode), include, divisor));
  });
  def(F, "torch.nn.functional.", "pad", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "pad", a);
    const Tensor& x = tensor_arg(in, p.required("input", 0), "pad", "input", 1);
    Shape pad = to_int_list(in, p.required("pad", 1), "argument 'pad'");
    ObjPtr mo = p.get("mode", 2);
    std::string mode = is_none(mo) ? "constant" : to_str(in, mo);
    double value = double_arg(in, p.get("value", 3), 0.0);
    p.finish();
    if (mode != "constant")
      throw TorchError("NotImplementedError", "F.pad(mode='" + mode + "') is not supported by the playground");
    return in.wrap_tensor(tp::constant_pad_nd(x, std::vector<int64_t>(pad.begin(), pad.end()), value));
  });
}

}  // namespace

void install_nn_conv(Interpreter& in, ModuleObj& nn) {
  install_conv_modules(in, nn);
  install_pool_modules(in, nn);
  auto& F = *std::static_pointer_cast<ModuleObj>(nn.get("functional"));
  install_conv_functional(in, F);
  install_pool_functional(in, F);
}

}  // namespace tp::interp::lib
