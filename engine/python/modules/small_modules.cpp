// Small standard-library modules that PyTorch snippets import alongside torch: sys (stdout/stderr,
// version), warnings (warn + filters), typing, collections (OrderedDict, defaultdict,
// Counter: python/modules/collections.cpp), time (a deterministic
// clock), __future__. torch/numpy/math/copy come from the library (engine/bindings/).
#include "core/error.h"
#include "python/library.h"
#include "python/args.h"
#include "python/interp_impl.h"
#include "python/modules/collections.h"

namespace tp::interp {

namespace {
std::shared_ptr<ModuleObj> module(Interpreter& in, const std::string& name) {
  auto m = std::make_shared<ModuleObj>(name);
  in.register_module(name, m);
  return m;
}

void def(Interpreter& in, ModuleObj& m, const std::string& name, NativeFn fn) {
  m.set(name, in.make_function(m.module_name + "." + name, std::move(fn)));
}

// sys.stdout / sys.stderr: objects with write() and flush().
ObjPtr stream(Interpreter& in, bool is_err) {
  auto s = std::make_shared<InstanceObj>("TextIOWrapper");
  s->set("write", in.make_function("write", [is_err](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "write", a);
    ObjPtr text = p.required("s", 0);
    if (text->kind != Kind::Str) throw TorchError("TypeError", "write() argument must be str, not " + in.type_name(text));
    const std::string& v = static_cast<StrObj&>(*text).value;
    if (is_err) {
      if (in.on_stderr) in.on_stderr(v);
    } else {
      in.write_stdout(v);
    }
    return in.make_int(int64_t(utf8_length(v)));
  }));
  s->set("flush", in.make_function("flush", [](Interpreter& in, CallArgs&) { return in.none(); }));
  s->repr_hook = [is_err](Interpreter&) {
    return is_err ? std::string("<_io.TextIOWrapper name='<stderr>' mode='w' encoding='utf-8'>")
                  : std::string("<_io.TextIOWrapper name='<stdout>' mode='w' encoding='utf-8'>");
  };
  return s;
}

std::string category_name(Interpreter& in, const ObjPtr& c) {
  if (!c || c->kind == Kind::None) return "UserWarning";
  if (c->kind != Kind::Class) throw TorchError("TypeError", "category must be a Warning subclass, not '" + in.type_name(c) + "'");
  return static_cast<ClassObj&>(*c).class_name;
}
}  // namespace

void install_std_modules(Interpreter& in) {
  auto& impl = in.impl();

  auto sys = module(in, "sys");
  sys->set("stdout", stream(in, false));
  sys->set("stderr", stream(in, true));
  sys->set("version", in.make_str("3.11.2 (tensorplay)"));
  sys->set("argv", in.make_list({in.make_str(in.filename())}));
  sys->set("maxsize", in.make_int(INT64_MAX));
  sys->set("platform", in.make_str("linux"));
  def(in, *sys, "getrecursionlimit", [](Interpreter& in, CallArgs&) { return in.make_int(in.limits().max_recursion); });
  def(in, *sys, "exit", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    throw PyException(std::static_pointer_cast<ExceptionObj>(in.make_exception("SystemExit", "", a.args)));
  });

  auto warnings = module(in, "warnings");
  def(in, *warnings, "warn", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "warn", a);
    ObjPtr msg = p.required("message", 0);
    ObjPtr cat = p.get("category", 1);
    p.get("stacklevel", 2);
    p.finish();
    std::string category = category_name(in, cat);
    if (msg->kind == Kind::Exception) category = static_cast<ExceptionObj&>(*msg).type;
    in.warn(in.str(msg), category);
    return in.none();
  });
  auto add_filter = [&impl](Interpreter& in, const ObjPtr& action, const ObjPtr& cat) {
    std::string act = to_str(in, action, "action");
    if (act != "ignore" && act != "always" && act != "default" && act != "error" && act != "once" && act != "module")
      throw TorchError("AssertionError", "invalid action: " + py_str_repr(act));
    impl.warning_filters.insert(impl.warning_filters.begin(), {act, cat ? category_name(in, cat) : "Warning"});
  };
  def(in, *warnings, "filterwarnings", [add_filter](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "filterwarnings", a);
    ObjPtr action = p.required("action", 0);
    p.get("message", 1);
    ObjPtr cat = p.get("category", 2);
    p.get("module", 3);
    p.get("lineno", 4);
    p.get("append", 5);
    p.finish();
    add_filter(in, action, cat);
    return in.none();
  });
  def(in, *warnings, "simplefilter", [add_filter](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "simplefilter", a);
    ObjPtr action = p.required("action", 0);
    ObjPtr cat = p.get("category", 1);
    p.get("lineno", 2);
    p.get("append", 3);
    p.finish();
    add_filter(in, action, cat);
    return in.none();
  });
  def(in, *warnings, "resetwarnings", [&impl](Interpreter& in, CallArgs&) {
    impl.warning_filters.clear();
    return in.none();
  });

  auto typing = module(in, "typing");
  for (const char* n : {"List", "Dict", "Tuple", "Optional", "Union", "Any", "Callable", "Iterable", "Sequence",
                        "Iterator", "Mapping", "Set", "Type"}) {
    auto c = std::make_shared<ClassObj>(n);
    c->set("__module__", in.make_str("typing"));
    typing->set(n, c);
  }

  install_collections(in, *module(in, "collections"));

  auto time = module(in, "time");
  // A deterministic clock (one microsecond per executed step) so programs print the same every run.
  auto clock = [](Interpreter& in, CallArgs&) { return in.make_float(1.7e9 + double(in.steps()) * 1e-6); };
  def(in, *time, "time", clock);
  def(in, *time, "perf_counter", [](Interpreter& in, CallArgs&) { return in.make_float(double(in.steps()) * 1e-6); });
  def(in, *time, "sleep", [](Interpreter& in, CallArgs&) { return in.none(); });

  if (lib::full_library()) {  // rare in a tensor course: the core library asks for the full one
    install_random_module(in);
    install_itertools_module(in);
    install_functools_module(in);
  }

  auto future = module(in, "__future__");
  for (const char* n : {"annotations", "print_function", "division", "absolute_import"}) future->set(n, in.make_bool(true));
}

}  // namespace tp::interp
