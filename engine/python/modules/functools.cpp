// functools: reduce and partial (with CPython's argument errors and partial's repr).
#include "core/error.h"
#include "python/args.h"
#include "python/interp_impl.h"

namespace tp::interp {

void install_functools_module(Interpreter& in) {
  auto ftp = std::make_shared<ModuleObj>("functools");
  in.register_module("functools", ftp);
  ModuleObj& ft = *ftp;
  ft.set("reduce", in.make_function("functools.reduce", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    if (!a.kwargs.empty()) throw TorchError("TypeError", "reduce() takes no keyword arguments");
    if (a.args.size() < 2 || a.args.size() > 3)
      throw TorchError("TypeError", "reduce expected at least 2 arguments, got " + std::to_string(a.args.size()));
    ObjPtr fn = a.args[0], src = in.iter(a.args[1]);
    ObjPtr acc = a.args.size() == 3 ? a.args[2] : in.next_item(src);
    if (!acc) throw TorchError("TypeError", "reduce() of empty iterable with no initial value");
    while (ObjPtr x = in.next_item(src)) acc = in.call(fn, CallArgs{{acc, x}, {}});
    return acc;
  }));
  // partial(func, *args, **keywords): later keywords override the frozen ones.
  ft.set("partial", in.make_function("functools.partial", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    if (a.args.empty()) throw TorchError("TypeError", "type 'partial' takes at least one argument");
    CallArgs frozen;
    frozen.args.assign(a.args.begin() + 1, a.args.end());
    frozen.kwargs = a.kwargs;
    ObjPtr fn = a.args[0];
    if (!in.truthy(in.call(in.builtin("callable"), CallArgs{{fn}, {}})))
      throw TorchError("TypeError", "the first argument must be callable");
    auto p = std::make_shared<InstanceObj>("functools.partial");
    p->call_hook = [fn, frozen](Interpreter& in, CallArgs& more) -> ObjPtr {
      CallArgs all = frozen;
      all.args.insert(all.args.end(), more.args.begin(), more.args.end());
      for (auto& kv : more.kwargs) {
        bool replaced = false;
        for (auto& old : all.kwargs)
          if (old.first == kv.first) old.second = kv.second, replaced = true;
        if (!replaced) all.kwargs.push_back(kv);
      }
      return in.call(fn, std::move(all));
    };
    p->set("func", fn);
    p->set("args", in.make_tuple(frozen.args));
    p->repr_hook = [fn, frozen](Interpreter& in) {
      std::string s = "functools.partial(" + in.repr(fn);
      for (auto& x : frozen.args) s += ", " + in.repr(x);
      for (auto& kv : frozen.kwargs) s += ", " + kv.first + "=" + in.repr(kv.second);
      return s + ")";
    };
    return p;
  }));
}

}  // namespace tp::interp
