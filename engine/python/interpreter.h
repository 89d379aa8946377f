// The tree-walking evaluator of the Python subset: owns the module namespace, the builtins, the
// imported modules and the object caches, and offers library code the API of interpreter_api.md.
// Output, warnings and per-statement events leave through callbacks set by the host (Session).
#pragma once
#include <cstdint>
#include "core/callable.h"
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/tensor.h"
#include "python/exceptions.h"
#include "python/limits.h"
#include "python/value.h"

namespace tp::interp {

struct Expr;
struct Stmt;
struct Scope;
struct Program;

// One statement finished (normally or by raising). Fired for every executed simple statement,
// also inside functions and loops, in execution order.
struct StatementEvent {
  int line = 0, end_line = 0;
  const PyException* error = nullptr;  // set when the statement raised
};

class Interpreter {
 public:
  explicit Interpreter(Limits limits = Limits{});
  ~Interpreter();
  Interpreter(const Interpreter&) = delete;
  Interpreter& operator=(const Interpreter&) = delete;

  // ------------------------------------------------------------ API for library code (interpreter_api.md)
  ObjPtr none();
  ObjPtr make_bool(bool v);
  ObjPtr make_int(int64_t v);
  ObjPtr make_float(double v);
  ObjPtr make_str(std::string v);
  ObjPtr make_list(std::vector<ObjPtr> items);
  ObjPtr make_tuple(std::vector<ObjPtr> items);
  ObjPtr make_dict(std::vector<std::pair<ObjPtr, ObjPtr>> items = {});
  // A generator over precomputed items: `<generator object Module.parameters at 0x...>`.
  ObjPtr make_generator(std::vector<ObjPtr> items, std::string qualname);
  ObjPtr wrap_tensor(const Tensor& t);   // the ONE Python object of this TensorImpl while it lives
  ObjPtr wrap_ndarray(const Tensor& t);  // same for numpy arrays
  ObjPtr make_function(std::string qualname, NativeFn fn);
  ObjPtr bind(ObjPtr self, ObjPtr fn);
  ObjPtr call(const ObjPtr& callable, CallArgs args);
  void register_module(const std::string& dotted_name, std::shared_ptr<ModuleObj> m);
  std::shared_ptr<ModuleObj> find_module(const std::string& dotted_name) const;  // nullptr if unknown
  std::vector<std::string> module_names() const;  // every registered module, sorted
  void warn(const std::string& message, const std::string& category = "UserWarning");
  // TORCH_WARN_ONCE: the first time in this session only, whatever the line.
  void warn_once(const std::string& message, const std::string& category = "UserWarning");
  // A warning raised from inside PyTorch's own Python code: shown as `location: category: message`
  // followed by `source` (Note [Anomaly mode text] in bindings/autograd/anomaly_mode.cpp).
  void warn_explicit(const std::string& message, const std::string& category, const std::string& location,
                     const std::string& source);
  // traceback.format_stack() now, outermost frame first, as CPython 3.11 formats it.
  std::string format_stack() const;
  void write_stdout(const std::string& s);
  std::string repr(const ObjPtr& o);
  // repr for the trace: never runs learner code (a user __repr__ would run, print and be traced
  // itself); such instances show Python's default <__main__.C object at 0x...>.
  std::string repr_without_user_code(const ObjPtr& o);
  std::string str(const ObjPtr& o);
  bool truthy(const ObjPtr& o);
  std::string type_name(const ObjPtr& o);
  [[noreturn]] void raise(const std::string& py_type, const std::string& message);

  // ------------------------------------------------------------ more helpers (language core, also usable by lib)
  bool equals(const ObjPtr& a, const ObjPtr& b);            // Python ==, as a bool
  ObjPtr getattr(const ObjPtr& obj, const std::string& name);           // AttributeError if missing
  ObjPtr getattr_or_null(const ObjPtr& obj, const std::string& name);   // nullptr if missing
  // Note [Two modules] (bindings/library_variant.h): `o.name` was not found; in the core library,
  // ends the run with lib::NeedsFullLibrary when the full one has it. An empty `name` asks about
  // every member of `o` (dir(), `import *`).
  void check_full_only(const ObjPtr& o, const std::string& name);
  void setattr(const ObjPtr& obj, const std::string& name, const ObjPtr& value);
  ObjPtr getitem(const ObjPtr& obj, const ObjPtr& index);
  void setitem(const ObjPtr& obj, const ObjPtr& index, const ObjPtr& value);
  ObjPtr binary_op(const std::string& op, const ObjPtr& a, const ObjPtr& b, bool augmented = false);  // x op= y: "+=" in messages
  ObjPtr unary_op(const std::string& op, const ObjPtr& a);
  ObjPtr compare(const std::string& op, const ObjPtr& a, const ObjPtr& b);
  std::vector<ObjPtr> iterate(const ObjPtr& o);            // materialised iteration (TypeError if not iterable)
  ObjPtr iter(const ObjPtr& o);                             // iter(o): Note [Lazy iteration]
  ObjPtr next_item(const ObjPtr& it);                       // next(it); nullptr when exhausted
  int64_t len(const ObjPtr& o);
  int64_t python_id(const ObjPtr& o) const;                 // id(): deterministic, CPython-looking
  std::string address_of(const ObjPtr& o) const;            // "0x7f..." used in <... at 0x...> reprs
  bool isinstance(const ObjPtr& obj, const ObjPtr& cls);
  ObjPtr builtin(const std::string& name) const;            // builtins namespace lookup (nullptr if absent)
  // A library's exception class by its qualified name ("torch.autograd.gradcheck.GradcheckError").
  ObjPtr exception_class(const std::string& qualified_name) const;
  ObjPtr make_exception(const std::string& type, const std::string& message, std::vector<ObjPtr> args = {});

  // ------------------------------------------------------------ host API (Session)
  // Parses and runs a whole module in this interpreter's namespace. Throws PyException (with
  // traceback) for an uncaught Python error, including SyntaxError and limit errors.
  void exec_source(const std::string& source, const std::string& filename);
  // Runs one REPL input; returns the repr to echo for an expression statement ("" for None/statements).
  std::string exec_repl(const std::string& source, const std::string& filename = "<stdin>");

  Callable<void(const std::string&)> on_stdout;   // program output
  Callable<void(const std::string&)> on_stderr;   // warnings
  Callable<void(const StatementEvent&)> on_statement;

  // Read-only views for the trace recorder.
  const std::vector<std::string>& global_names() const;     // module-level names in definition order
  ObjPtr global(const std::string& name) const;             // nullptr if unbound
  // The user functions running now, outermost first (the module itself not included), each with
  // its bound locals: parameters in order, then the other local names alphabetically.
  struct CallFrame {
    std::string name;
    std::vector<std::pair<std::string, ObjPtr>> locals;
  };
  std::vector<CallFrame> call_frames() const;
  const Limits& limits() const { return limits_; }
  int64_t steps() const { return steps_; }
  const std::string& filename() const { return filename_; }
  // The source line (1-based) as written, for tracebacks and warnings.
  std::string source_line(int line) const;

  // ------------------------------------------------------------ evaluator internals (interp/*.cpp)
  struct Impl;
  Impl& impl() { return *impl_; }
  int current_line() const { return current_line_; }
  void count_step();                 // the step budget (statements + loop iterations)
  void check_heap();                 // the whole-program memory cap (Limits::max_heap_bytes)
  void enter_call();                 // recursion limit
  void exit_call() { --depth_; }
  // Note [One recursion budget] (limits.h): a scope that recurses on user data holds one of these.
  class RecursionScope {
   public:
    RecursionScope(Interpreter& in, const char* where);
    ~RecursionScope() { --in_.native_depth_; }
    RecursionScope(const RecursionScope&) = delete;
    RecursionScope& operator=(const RecursionScope&) = delete;
   private:
    Interpreter& in_;
  };

 private:
  friend struct Impl;
  Program& load(const std::string& source);  // modules, parse; kept in Impl::programs
  Limits limits_;
  std::unique_ptr<Impl> impl_;
  std::string filename_;
  int current_line_ = 0;
  int depth_ = 0;
  int native_depth_ = 0;
  size_t heap_baseline_ = 0;  // heap in use when the program started (Limits::max_heap_bytes)
  int64_t steps_ = 0;
  size_t stdout_bytes_ = 0;
};

}  // namespace tp::interp
