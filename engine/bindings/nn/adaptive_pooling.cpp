// Adaptive pooling: F.adaptive_avg_pool1d/2d, F.adaptive_max_pool2d(_with_indices) and
// nn.AdaptiveAvgPool1d/2d, nn.AdaptiveMaxPool2d (torch/nn/functional.py, modules/pooling.py).
#include "autograd/nn_functions.h"
#include "core/error.h"
#include "bindings/install.h"
#include "bindings/nn/nn.h"

namespace tp::interp::lib {

namespace {

// functional.py _list_with_default: an int stays (both dims); None entries take the input's size.
std::pair<int64_t, int64_t> output_size_2d(Interpreter& in, const ObjPtr& o, const Tensor& x) {
  if (o->kind == Kind::Int) {
    int64_t v = to_int(in, o, "argument 'output_size'");
    return {v, v};
  }
  std::vector<ObjPtr> items = in.iterate(o);
  if (x.dim() <= int64_t(items.size()))
    throw TorchError("ValueError", "Input dimension should be at least " + std::to_string(items.size() + 1));
  TP_CHECK(items.size() == 2, "adaptive_avg_pool2d: output_size must be 2");
  int64_t h = is_none(items[0]) ? x.size(-2) : to_int(in, items[0], "argument 'output_size'");
  int64_t w = is_none(items[1]) ? x.size(-1) : to_int(in, items[1], "argument 'output_size'");
  return {h, w};
}

// at::adaptive_avg_pool1d: (N, C, L) or (C, L) pooled as one row of a 2-D pool, then squeezed.
Tensor adaptive_avg_pool1d(Interpreter& in, const Tensor& x, const ObjPtr& size) {
  if (x.dim() < 2 || x.dim() > 3)
    throw TorchError("RuntimeError", "Expected 2 to 3 dimensions, but got " + std::to_string(x.dim()) +
                                         "-dimensional tensor for argument #1 'self' (while checking arguments for "
                                         "adaptive_avg_pool1d)");
  int64_t l = size->kind == Kind::Int ? to_int(in, size, "") : to_int(in, in.iterate(size).at(0), "");
  return tp::squeeze(tp::adaptive_avg_pool2d(tp::unsqueeze(x, -2), 1, l), -2);
}

ObjPtr max_pool_result(Interpreter& in, const Tensor& x, const ObjPtr& size, bool indices) {
  auto [h, w] = output_size_2d(in, size, x);
  auto [out, idx] = tp::adaptive_max_pool2d(x, h, w);
  return indices ? wrap_tuple(in, {out, idx}) : in.wrap_tensor(out);
}

using Body = Callable<ObjPtr(Interpreter&, ArgParser&)>;

void fn(ModuleObj& m, const std::string& name, Body body) {
  def(m, "torch.nn.functional.", name, [name, body](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, name, a);
    ObjPtr r = body(in, p);
    p.finish();
    return r;
  });
}

const Tensor& input(Interpreter& in, ArgParser& p, const std::string& f) {
  return tensor_arg(in, p.required("input", 0), f, "input", 1);
}

void set(const ObjPtr& self, const char* name, ObjPtr v) { cast<InstanceObj>(self).set(name, std::move(v)); }

}  // namespace

void install_nn_adaptive(Interpreter& in, ModuleObj& nn) {
  ModuleObj& F = *std::static_pointer_cast<ModuleObj>(nn.get("functional"));
  fn(F, "adaptive_avg_pool2d", [](Interpreter& in, ArgParser& p) {
    const Tensor& x = input(in, p, "adaptive_avg_pool2d");
    auto [h, w] = output_size_2d(in, p.required("output_size", 1), x);
    return in.wrap_tensor(tp::adaptive_avg_pool2d(x, h, w));
  });
  fn(F, "adaptive_avg_pool1d", [](Interpreter& in, ArgParser& p) {
    const Tensor& x = input(in, p, "adaptive_avg_pool1d");
    return in.wrap_tensor(adaptive_avg_pool1d(in, x, p.required("output_size", 1)));
  });
  fn(F, "adaptive_max_pool2d", [](Interpreter& in, ArgParser& p) {
    const Tensor& x = input(in, p, "adaptive_max_pool2d");
    ObjPtr size = p.required("output_size", 1);
    return max_pool_result(in, x, size, bool_arg(in, p.get("return_indices", 2), false));
  });
  fn(F, "adaptive_max_pool2d_with_indices", [](Interpreter& in, ArgParser& p) {
    const Tensor& x = input(in, p, "adaptive_max_pool2d_with_indices");
    ObjPtr size = p.required("output_size", 1);
    p.get("return_indices", 2);
    return max_pool_result(in, x, size, true);
  });
  auto pooling = [&in](const std::shared_ptr<ClassObj>& c) {
    c->set("__module__", in.make_str("torch.nn.modules.pooling"));
  };
  auto size_repr = [](Interpreter& in, const ObjPtr& self) { return "output_size=" + in.str(in.getattr(self, "output_size")); };
  pooling(library_module(in, nn, "AdaptiveAvgPool2d",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) { set(self, "output_size", p.required("output_size", 0)); },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        const Tensor& x = tensor_arg(in, p.required("input", 0), "forward", "input", 1);
        auto [h, w] = output_size_2d(in, in.getattr(self, "output_size"), x);
        return in.wrap_tensor(tp::adaptive_avg_pool2d(x, h, w));
      }, size_repr));
  pooling(library_module(in, nn, "AdaptiveAvgPool1d",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) { set(self, "output_size", p.required("output_size", 0)); },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        const Tensor& x = tensor_arg(in, p.required("input", 0), "forward", "input", 1);
        return in.wrap_tensor(adaptive_avg_pool1d(in, x, in.getattr(self, "output_size")));
      }, size_repr));
  pooling(library_module(in, nn, "AdaptiveMaxPool2d",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        set(self, "output_size", p.required("output_size", 0));
        set(self, "return_indices", in.make_bool(bool_arg(in, p.get("return_indices", 1), false)));
      },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        const Tensor& x = tensor_arg(in, p.required("input", 0), "forward", "input", 1);
        return max_pool_result(in, x, in.getattr(self, "output_size"), in.truthy(in.getattr(self, "return_indices")));
      }, size_repr));
}

}  // namespace tp::interp::lib
