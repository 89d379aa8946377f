// Distances: F.normalize, torch/F.cosine_similarity, torch/F.pairwise_distance, torch.cdist and
// F.kl_div, with nn.CosineSimilarity / nn.PairwiseDistance (torch/nn/modules/distance.py) and
// nn.KLDivLoss (loss.py); arguments and defaults as torch/nn/functional.py and torch/functional.py.
#include "autograd/nn_functions.h"
#include "core/context.h"
#include "core/error.h"
#include "bindings/install.h"
#include "bindings/nn/nn.h"
#include "bindings/nn/bind.h"

namespace tp::interp::lib {

namespace {

using namespace nn_bind;

const Tensor& arg(Interpreter& in, ArgParser& p, const std::string& f, size_t i, const char* name) {
  return tensor_arg(in, p.required(name, i), f, name, int(i) + 1);
}

// F.kl_div's reduction handling (functional.py): legacy size_average / reduce win; 'mean' warns.
std::string kl_reduction(Interpreter& in, const ObjPtr& size_average, const ObjPtr& reduce, const ObjPtr& reduction) {
  if (!is_none(size_average) || !is_none(reduce)) {
    bool avg = is_none(size_average) || in.truthy(size_average), red = is_none(reduce) || in.truthy(reduce);
    return avg && red ? "mean" : red ? "sum" : "none";  // legacy_get_enum (no warning of its own)
  }
  std::string r = is_none(reduction) ? "mean" : to_str(in, reduction);
  if (r == "mean")
    in.warn("reduction: 'mean' divides the total loss by both the batch size and the support size.'batchmean' "
            "divides only by the batch size, and aligns with the KL div math definition.'mean' will be changed to "
            "behave the same as 'batchmean' in the next major release.");
  if (r != "none" && r != "mean" && r != "sum" && r != "batchmean")
    throw TorchError("ValueError", r + " is not a valid value for reduction");
  return r;
}

// torch.cdist's compute_mode strings (torch/functional.py) -> _VF.cdist's int.
std::optional<int64_t> compute_mode_of(Interpreter& in, const ObjPtr& o) {
  std::string m = is_none(o) ? "use_mm_for_euclid_dist_if_necessary" : in.str(o);
  if (m == "use_mm_for_euclid_dist_if_necessary") return std::nullopt;
  if (m == "use_mm_for_euclid_dist") return 1;
  if (m == "donot_use_mm_for_euclid_dist") return 2;
  throw TorchError("ValueError", m + " is not a valid value for compute_mode");
}

void install_functions(Interpreter& in, ModuleObj& torch, ModuleObj& F) {
  const std::string FP = "torch.nn.functional.";
  fn(F, FP, "normalize", [](Interpreter& in, ArgParser& p) {
    const Tensor& x = arg(in, p, "normalize", 0, "input");
    double pv = double_arg(in, p.get("p", 1), 2.0);
    int64_t dim = is_none(p.get("dim", 2)) ? 1 : to_int(in, p.get("dim", 2), "argument 'dim'");
    double eps = double_arg(in, p.get("eps", 3), 1e-12);
    if (!is_none(p.get("out", 4)))
      throw TorchError("NotImplementedError", "normalize(out=...) is not supported by the playground");
    return in.wrap_tensor(tp::normalize(x, pv, dim, eps));
  });
  for (ModuleObj* m : {&torch, &F}) {
    std::string prefix = m == &torch ? "torch." : FP;
    fn(*m, prefix, "cosine_similarity", [](Interpreter& in, ArgParser& p) {
      const Tensor& a = arg(in, p, "cosine_similarity", 0, "x1");
      const Tensor& b = arg(in, p, "cosine_similarity", 1, "x2");
      int64_t dim = is_none(p.get("dim", 2)) ? 1 : to_int(in, p.get("dim", 2), "argument 'dim'");
      double eps = double_arg(in, p.get("eps", 3), 1e-8);
      return in.wrap_tensor(tp::cosine_similarity(a, b, dim, eps));
    });
    fn(*m, prefix, "pairwise_distance", [](Interpreter& in, ArgParser& p) {
      const Tensor& a = arg(in, p, "pairwise_distance", 0, "x1");
      const Tensor& b = arg(in, p, "pairwise_distance", 1, "x2");
      double pv = double_arg(in, p.get("p", 2), 2.0), eps = double_arg(in, p.get("eps", 3), 1e-6);
      bool keepdim = bool_arg(in, p.get("keepdim", 4), false);
      return in.wrap_tensor(tp::pairwise_distance(a, b, pv, eps, keepdim));
    });
  }
  fn(torch, "torch.", "cdist", [](Interpreter& in, ArgParser& p) {
    const Tensor& a = arg(in, p, "cdist", 0, "x1");
    const Tensor& b = arg(in, p, "cdist", 1, "x2");
    double pv = double_arg(in, p.get("p", 2), 2.0);
    std::optional<int64_t> mode = compute_mode_of(in, p.get("compute_mode", 3));
    return in.wrap_tensor(tp::cdist(a, b, pv, mode));
  });
  fn(F, FP, "kl_div", [](Interpreter& in, ArgParser& p) {
    const Tensor& x = arg(in, p, "kl_div", 0, "input");
    const Tensor& y = arg(in, p, "kl_div", 1, "target");
    ObjPtr sa = p.get("size_average", 2), rd = p.get("reduce", 3), r = p.get("reduction", 4);
    bool log_target = bool_arg(in, p.get("log_target", 5), false);
    return in.wrap_tensor(tp::kl_div(x, y, kl_reduction(in, sa, rd, r), log_target));
  });
}

void install_modules(Interpreter& in, ModuleObj& nn) {
  auto distance = [&in](const std::shared_ptr<ClassObj>& c, const char* file) {
    c->set("__module__", in.make_str(std::string("torch.nn.modules.") + file));
  };
  distance(library_module(in, nn, "CosineSimilarity",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        set(self, "dim", or_default(p.get("dim", 0), in.make_int(1)));
        set(self, "eps", or_default(p.get("eps", 1), in.make_float(1e-8)));
      },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        const Tensor& a = arg(in, p, "forward", 0, "x1");
        const Tensor& b = arg(in, p, "forward", 1, "x2");
        return in.wrap_tensor(tp::cosine_similarity(a, b, to_int(in, attr(in, self, "dim"), "argument 'dim'"),
                                                    to_double(in, attr(in, self, "eps"))));
      }), "distance");
  distance(library_module(in, nn, "PairwiseDistance",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        set(self, "norm", or_default(p.get("p", 0), in.make_float(2.0)));
        set(self, "eps", or_default(p.get("eps", 1), in.make_float(1e-6)));
        set(self, "keepdim", in.make_bool(bool_arg(in, p.get("keepdim", 2), false)));
      },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        const Tensor& a = arg(in, p, "forward", 0, "x1");
        const Tensor& b = arg(in, p, "forward", 1, "x2");
        return in.wrap_tensor(tp::pairwise_distance(a, b, to_double(in, attr(in, self, "norm")),
                                                    to_double(in, attr(in, self, "eps")),
                                                    in.truthy(attr(in, self, "keepdim"))));
      }), "distance");
  distance(library_module(in, nn, "KLDivLoss",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        // _Loss.__init__: legacy size_average / reduce become a reduction string, with a warning
        ObjPtr sa = p.get("size_average", 0), rd = p.get("reduce", 1), r = p.get("reduction", 2);
        std::string red = is_none(r) ? "mean" : to_str(in, r);
        if (!is_none(sa) || !is_none(rd)) {
          bool avg = is_none(sa) || in.truthy(sa), rr = is_none(rd) || in.truthy(rd);
          red = avg && rr ? "mean" : rr ? "sum" : "none";
          ctx().warn("size_average and reduce args will be deprecated, please use reduction='" + red + "' instead.");
        }
        set(self, "reduction", in.make_str(red));
        set(self, "log_target", in.make_bool(bool_arg(in, p.get("log_target", 3), false)));
      },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        const Tensor& x = arg(in, p, "forward", 0, "input");
        const Tensor& y = arg(in, p, "forward", 1, "target");
        std::string r = kl_reduction(in, in.none(), in.none(), attr(in, self, "reduction"));
        return in.wrap_tensor(tp::kl_div(x, y, r, in.truthy(attr(in, self, "log_target"))));
      }), "loss");
}

}  // namespace

void install_nn_distance(Interpreter& in, ModuleObj& nn) {
  install_functions(in, *in.find_module("torch"), *std::static_pointer_cast<ModuleObj>(nn.get("functional")));
  install_modules(in, nn);
}

}  // namespace tp::interp::lib
