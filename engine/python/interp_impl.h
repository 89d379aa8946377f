// Internal state of the evaluator shared by its .cpp files (interpreter.cpp, python/statements.cpp,
// python/expressions.cpp, calls.cpp, python/objects/object_protocol.cpp, operators.cpp, builtins*.cpp, methods_*.cpp).
// Not for library code: it uses interpreter.h.
#pragma once
#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "python/parser/ast.h"
#include "python/interpreter.h"
#include "python/weak_object_cache.h"

namespace tp::interp {

// Note [The trace runs no user code]: thrown when code of the program would run while the trace
// takes a repr (a module's extra_repr, a class's __repr__ reached from a container): that code could
// print, loop, or take snapshots itself. Deliberately not a std::exception, so nothing on the way
// converts it into a Python error; repr_without_user_code catches it and draws a plain repr.
struct UserCodeBlocked {};


// A namespace: the module globals, a function call's locals, a comprehension or a class body.
struct Scope {
  std::unordered_map<std::string, ObjPtr> vars;
  std::shared_ptr<Scope> parent;    // lexically enclosing function scope (closures); null = globals
  const ScopeInfo* info = nullptr;  // which names are local; null for the module scope
  bool is_class = false;            // class bodies are not visible to their methods
  bool is_comprehension = false;    // `:=` inside it binds in the enclosing scope (PEP 572)
  std::vector<std::string> order;   // class bodies: definition order of the namespace
};

struct UserFunctionObj : Object {
  UserFunctionObj() : Object(Kind::UserFunction) {}
  std::shared_ptr<FunctionCode> code;
  std::vector<ObjPtr> defaults;     // per parameter; nullptr = no default
  std::shared_ptr<Scope> closure;   // where it was defined (null at module level)
  std::string qualname;             // "f", "Net.forward", "outer.<locals>.inner"
  std::weak_ptr<ClassObj> owner;    // the class whose body defined it (super())
};

// property / staticmethod / classmethod (descriptors.cpp): class attributes that turn into
// something else when read through an instance or the class (Python's descriptor protocol,
// for these three).
struct DescriptorObj : InstanceObj {
  TP_OBJECT_SUBTYPE(Descriptor)
  enum class What : uint8_t { Property, StaticMethod, ClassMethod };
  DescriptorObj(What w, ObjPtr f, ObjPtr set = nullptr);
  What what;
  ObjPtr fn;      // the getter for a property
  ObjPtr setter;  // property only; null = read-only
};

// Note [Lazy iteration]: Python iterates one item at a time, and the order of side effects shows
// it (a dataset's __getitem__ that prints runs between loop bodies; any() stops early; map() calls
// its function only when asked). Interpreter::iter(x) gives an iterator object and
// Interpreter::next_item(it) pulls one item (nullptr = StopIteration). An IteratorObj either walks
// a snapshot (`items`: tuple, str, set, dict views, tensors - nothing can run in between that
// would see the difference) or asks `produce` for each item (list by index, range, the sequence
// protocol, map/filter/zip/enumerate/reversed, generator expressions). User classes with __next__
// are iterators as they are. Interpreter::iterate(x) drains this into a vector for consumers that
// read everything anyway (list(), sorted(), join ...).
struct IteratorObj : InstanceObj {
  TP_OBJECT_SUBTYPE(Iterator)
  using Produce = Callable<ObjPtr(Interpreter&)>;  // the next item, or nullptr when exhausted
  IteratorObj(std::string type, std::vector<ObjPtr> xs, bool reusable_ = false)
      : InstanceObj(std::move(type)), items(std::move(xs)), reusable(reusable_) { subtype = kSubtype; }
  IteratorObj(std::string type, Produce p)
      : InstanceObj(std::move(type)), reusable(false), produce(std::move(p)) { subtype = kSubtype; }
  // A chain of 20,000 map() objects owns itself through `produce`: Note [Iterative destruction].
  ~IteratorObj() override {
    release_children(items);
    if (produce) release_payload(std::make_shared<Produce>(std::move(produce)));
  }
  std::vector<ObjPtr> items;
  size_t pos = 0;
  bool reusable;  // dict views (dict_keys / dict_items / dict_values): iterables, not iterators
  Produce produce;
  bool done = false;  // an exhausted iterator stays exhausted, as CPython's drop their source
  std::string qualname = "<genexpr>";  // a "generator"'s function, shown by its repr
  ObjPtr next(Interpreter& in) {
    if (done) return nullptr;
    ObjPtr x = produce ? produce(in) : pos < items.size() ? items[pos++] : nullptr;
    if (!x) done = true;
    return x;
  }
};

enum class Flow : uint8_t { Normal, Break, Continue, Return };

struct Frame {
  std::shared_ptr<Scope> scope;
  Frame* caller = nullptr;  // the frame that called this one while it runs (the trace draws the stack)
  std::string name;        // "<module>" or the function's name (traceback)
  int depth = 0;
  ObjPtr return_value;
  const UserFunctionObj* function = nullptr;
  ObjPtr first_arg;        // `self` for zero-argument super()
  std::string qualprefix;  // qualname prefix of functions defined here ("f.<locals>.", "Net.")
  // The expression whose own operation is running (its operands are done); null = the statement
  // itself. Tracebacks underline it, as CPython 3.11 does with instruction positions.
  const Expr* failing = nullptr;
  // The caller's line at the call (Interpreter::format_stack walks `caller` with it).
  int caller_line = 0;
};

// super(): attribute lookups start after `start` in the MRO of self's class.
struct SuperObj : InstanceObj {
  TP_OBJECT_SUBTYPE(Super)
  SuperObj(std::shared_ptr<ClassObj> s, ObjPtr o) : InstanceObj("super"), start(std::move(s)), self(std::move(o)) {
    subtype = kSubtype;
  }
  std::shared_ptr<ClassObj> start;
  ObjPtr self;
};

struct Interpreter::Impl {
  explicit Impl(Interpreter& in);

  Interpreter& in;
  ObjPtr none_obj, true_obj, false_obj, ellipsis_obj;
  std::vector<ObjPtr> small_ints;  // -5 .. 256, shared like CPython's
  std::shared_ptr<Scope> globals;
  std::vector<std::string> global_order;
  std::unordered_map<std::string, ObjPtr> builtins;
  std::unordered_map<std::string, std::shared_ptr<ClassObj>> builtin_classes;  // "int", "ValueError" ...
  std::map<std::string, std::shared_ptr<ModuleObj>> modules;                  // importable, by dotted name
  WeakObjectCache<TensorImpl> tensor_objects, ndarray_objects;
  std::unordered_map<std::string, ObjPtr> method_cache;  // "list.append" -> FunctionObj
  std::unordered_map<std::string, std::shared_ptr<ClassObj>> user_exception_classes;  // `class E(Exception)`
  std::unordered_map<std::string, std::shared_ptr<ClassObj>> synthetic_classes;       // type(x) of library objects
  Frame* frame = nullptr;
  Frame module_frame;
  std::vector<std::string> source_lines;
  std::set<std::pair<int, std::string>> warned;
  std::vector<std::pair<std::string, std::string>> warning_filters;  // (action, category), newest first
  std::vector<std::shared_ptr<PyException>> handling;  // exceptions being handled (innermost last)
  bool user_code_blocked = false;                      // set while the trace takes reprs
  std::vector<const Object*> repr_stack;               // cycle guard for repr of containers
  bool modules_installed = false;
  // Every program run so far: a generator expression keeps pointers into its AST and may be
  // consumed after the REPL input that made it is done.
  std::vector<std::unique_ptr<Program>> programs;

  // ---- names (python/expressions.cpp)
  ObjPtr lookup(const std::string& name, int line);
  void store(const std::string& name, ObjPtr value);
  void delete_name(const std::string& name);
  void set_global(const std::string& name, ObjPtr value);

  // ---- statements (python/statements.cpp)
  Flow exec_block(const Block& b);
  Flow exec(const Stmt& s);
  Flow exec_inner(const Stmt& s);
  Flow exec_for(const For& s);
  Flow exec_while(const While& w);
  Flow exec_try(const Try& s);
  Flow exec_with(const With& s, size_t item);
  void exec_import(const Import& s);
  void exec_import_from(const ImportFrom& s);
  void exec_def(const FunctionDef& s);
  void exec_class(const ClassDef& s);
  [[noreturn]] void exec_raise(const Raise& s);
  void assign(const Expr& target, const ObjPtr& value);
  void fire_event(const Stmt& s, const PyException* error);
  std::shared_ptr<ModuleObj> import_module(const std::string& dotted, int line);

  // ---- expressions (python/expressions.cpp)
  ObjPtr eval(const Expr& e);
  ObjPtr eval_fstring(const std::vector<FStringPart>& parts);
  ObjPtr eval_call(const Call& c);
  ObjPtr eval_comprehension(const Comp& c);
  ObjPtr resume_genexp(const Comp& c, const std::shared_ptr<Scope>& scope, std::vector<ObjPtr>& stack,
                       const std::string& qualprefix);  // Note [Generator expressions]
  ObjPtr eval_set_display(const Collection& c);
  ObjPtr eval_constant_frozenset(const Collection& c);  // Note [Constant set displays]
  ObjPtr eval_iterable(const Expr& e);  // the iterable of for / comprehensions: {1, 2} is a frozenset constant
  ObjPtr eval_subscript_index(const Expr& index);
  ObjPtr make_function_object(const std::shared_ptr<FunctionCode>& code, const std::vector<ExprPtr>* defaults_src,
                              const std::string& qualname);

  // ---- calls (calls.cpp)
  ObjPtr call_user(const UserFunctionObj& f, CallArgs& args, ObjPtr function = nullptr);
  // Calling a generator function: its frame, arguments bound, suspended before the first line.
  ObjPtr make_generator(ObjPtr function, const UserFunctionObj& f, Frame frame_at_call);
  int& current_line_ref() { return in.current_line_; }
  void bind_arguments(const UserFunctionObj& f, CallArgs& args, Scope& scope);
  ObjPtr instantiate(const std::shared_ptr<ClassObj>& cls, CallArgs& args);
  ObjPtr class_lookup(const ClassObj& cls, const std::string& name) const;  // through the bases (MRO)
  bool class_derives(const ClassObj& cls, const ClassObj& base) const;
  std::shared_ptr<ClassObj> class_of(const ObjPtr& o);
  // A class attribute `v` read as `self.name` (self null: read from the class `cls`): a property
  // calls its getter, a staticmethod gives its function, a classmethod binds the class, a
  // function binds self. Anything else is returned as is.
  ObjPtr resolve_class_attr(const ObjPtr& v, const ObjPtr& self, const std::shared_ptr<ClassObj>& cls);
  // `self.name = value` when the class defines a property `name`: calls its setter (or raises
  // Python's AttributeError). False when `name` is no property.
  bool set_through_property(const ObjPtr& self, const std::string& name, const ObjPtr& value);
  void install_descriptor_builtins();

  // ---- exceptions
  PyException make_error(const std::string& type, const std::string& message);
  [[noreturn]] void throw_error(const std::string& type, const std::string& message);
  void add_traceback(PyException& e, const Stmt& s);
  void add_traceback(PyException& e, int line);  // no statement span (lambdas)
  PyException convert(const std::exception& e, bool& ok);  // TorchError/InternalError/... -> PyException
  bool exception_isinstance(const std::string& type, const std::string& handler) const;
  std::string exception_key(const ClassObj& c) const;  // the name exception_isinstance compares

  // ---- limits
  [[noreturn]] void limit_error(const std::string& type, const std::string& message);
  void count_steps(int64_t n);
  // Size caps on one str / list / tuple, so programs that grow data exponentially stop with a
  // clear error instead of exhausting the browser's memory.
  void charge_str(double bytes);
  void charge_items(double items);

  // ---- builtins (builtins.cpp, builtin_types.cpp)
  void install_builtins();
  void install_builtin_types();
  void install_exception_classes();
  ObjPtr builtin_method(const ObjPtr& self, const std::string& name);  // methods of str/list/dict/...
};

// sys, warnings, typing, collections, time, __future__ (python/modules/small_modules.cpp).
void install_std_modules(Interpreter& in);
void install_random_module(Interpreter& in);  // python/modules/random.cpp
void install_itertools_module(Interpreter& in);  // python/modules/itertools.cpp
void install_functools_module(Interpreter& in);  // python/modules/functools.cpp

// Small helpers for casting objects (the kind was checked by the caller).
template <class T> T& as(const ObjPtr& o) { return static_cast<T&>(*o); }

// Python's repr of a str: picks quotes like CPython and escapes what is not printable.
std::string py_str_repr(const std::string& s);
// Python's float repr (shortest round-trip, '1.0', '1e-05', 'inf', 'nan').
std::string float_repr(double v);
// format(value, spec) for int/float/str (the format-spec mini-language).
std::string format_with_spec(Interpreter& in, const ObjPtr& v, const std::string& spec);
// Python's `%` string formatting.
std::string percent_format(Interpreter& in, const std::string& fmt, const ObjPtr& args);
// Number of code points in UTF-8 text, and splitting into code points.
std::vector<std::string> utf8_chars(const std::string& s);
size_t utf8_length(const std::string& s);

}  // namespace tp::interp
