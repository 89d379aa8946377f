// torch.optim.lr_scheduler.StepLR as torch/optim/lr_scheduler.py computes it: the constructor
// records each group's `initial_lr` and takes the initial step (last_epoch -1 -> 0); every
// step_size-th step multiplies each group's current lr by gamma (chained, so rounding matches).
#include "core/error.h"
#include "bindings/install.h"
#include "bindings/nn/nn.h"

namespace tp::interp::lib {

namespace {

ObjPtr dict_value(const ObjPtr& d, const std::string& key) {
  for (auto& kv : cast<DictObj>(d).items)
    if (kv.first->kind == Kind::Str && cast<StrObj>(kv.first).value == key) return kv.second;
  return nullptr;
}

void dict_set(Interpreter& in, const ObjPtr& d, const std::string& key, ObjPtr v, bool only_if_missing = false) {
  for (auto& kv : cast<DictObj>(d).items)
    if (kv.first->kind == Kind::Str && cast<StrObj>(kv.first).value == key) {
      if (!only_if_missing) kv.second = std::move(v);
      return;
    }
  cast<DictObj>(d).items.push_back({in.make_str(key), std::move(v)});
}

// Python's lr * gamma for int / float operands.
ObjPtr times(Interpreter& in, const ObjPtr& a, const ObjPtr& b) {
  if (a->kind == Kind::Int && b->kind == Kind::Int) return in.make_int(to_int(in, a) * to_int(in, b));
  return in.make_float(to_double(in, a) * to_double(in, b));
}

// LRScheduler.step() without an epoch: last_epoch += 1, then StepLR.get_lr() into every group.
void scheduler_step(Interpreter& in, const ObjPtr& self) {
  auto& s = cast<InstanceObj>(self);
  int64_t epoch = to_int(in, s.get("last_epoch")) + 1;
  s.set("last_epoch", in.make_int(epoch));
  int64_t step_size = to_int(in, s.get("step_size"));
  bool decay = epoch != 0 && step_size != 0 && epoch % step_size == 0;
  if (step_size == 0 && epoch != 0) throw TorchError("ZeroDivisionError", "integer modulo by zero");
  std::vector<ObjPtr> last;
  for (auto& g : in.iterate(in.getattr(s.get("optimizer"), "param_groups"))) {
    if (decay) dict_set(in, g, "lr", times(in, dict_value(g, "lr"), s.get("gamma")));
    last.push_back(dict_value(g, "lr"));
  }
  s.set("_last_lr", in.make_list(std::move(last)));
}

}  // namespace

void install_lr_scheduler(Interpreter& in, ModuleObj& optim) {
  auto sched = std::make_shared<ModuleObj>("torch.optim.lr_scheduler");
  auto cls = make_class("StepLR");
  cls->set("__module__", in.make_str("torch.optim.lr_scheduler"));
  def(*cls, "StepLR.", "__init__", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ObjPtr self = a.args.at(0);
    a.args.erase(a.args.begin());
    ArgParser p(in, "StepLR", a);
    ObjPtr opt = p.required("optimizer", 0), step_size = p.required("step_size", 1);
    ObjPtr gamma = p.get("gamma", 2), last_epoch = p.get("last_epoch", 3);
    p.get("verbose", 4);
    p.finish();
    if (!in.getattr_or_null(opt, "param_groups"))
      throw TorchError("TypeError", in.type_name(opt) + " is not an Optimizer");
    if (!is_none(last_epoch) && to_int(in, last_epoch) != -1)
      throw TorchError("NotImplementedError", "StepLR(last_epoch=...) is not supported by the playground");
    auto& s = cast<InstanceObj>(self);
    s.set("step_size", step_size);
    s.set("gamma", is_none(gamma) ? in.make_float(0.1) : gamma);
    s.set("optimizer", opt);
    std::vector<ObjPtr> base;
    for (auto& g : in.iterate(in.getattr(opt, "param_groups"))) {
      dict_set(in, g, "initial_lr", dict_value(g, "lr"), /*only_if_missing=*/true);  // group.setdefault
      base.push_back(dict_value(g, "initial_lr"));
    }
    s.set("base_lrs", in.make_list(std::move(base)));
    s.set("last_epoch", in.make_int(-1));
    scheduler_step(in, self);  // _initial_step()
    return in.none();
  });
  def(*cls, "StepLR.", "step", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    if (a.args.size() > 1 || !a.kwargs.empty())
      throw TorchError("NotImplementedError", "StepLR.step(epoch) is not supported by the playground");
    scheduler_step(in, a.args.at(0));
    return in.none();
  });
  def(*cls, "StepLR.", "get_last_lr", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    return cast<InstanceObj>(a.args.at(0)).get("_last_lr");
  });
  sched->set("StepLR", cls);
  in.register_module("torch.optim.lr_scheduler", sched);
  optim.set("lr_scheduler", sched);
}

}  // namespace tp::interp::lib
