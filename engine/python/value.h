// The Python object model of the interpreter. Every value is an Object behind a shared pointer;
// identity (`is`, id()) is pointer identity, and each object carries a stable id in creation order
// (Note [Stable ids]). A tensor's Python object is unique per TensorImpl (Interpreter::wrap_tensor),
// so `x.grad is x.grad` holds while `t is t.view(2)` does not.
#pragma once
#include <cstdint>
#include "core/callable.h"
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/tensor.h"
#include "python/objects/set_table.h"

namespace tp { class Node; }

namespace tp::interp {

class Interpreter;
struct Object;
using ObjPtr = std::shared_ptr<Object>;

enum class Kind : uint8_t {
  None, Bool, Int, Float, Str, List, Tuple, Dict, Slice, Ellipsis, Range,
  Set,           // set and frozenset (SetObj::frozen)
  Bytes,         // bytes and bytearray (BytesObj::is_bytearray): bytes in an engine Storage
  Tensor,        // torch.Tensor (and nn.Parameter: Tensor with impl->is_parameter)
  NdArray,       // numpy.ndarray: a tensor view with numpy's printing and rules
  Size,          // torch.Size (a tuple of ints with its own repr)
  DType, Device, // torch.float32, torch.device('cuda:0')
  Node,          // an autograd node (grad_fn): <MulBackward0 object at 0x...>
  Function,      // builtin callable (C++)
  UserFunction,  // def
  BoundMethod,   // obj.method captured with its receiver
  Module,        // torch, torch.nn, numpy, math, copy ...
  Class,         // a callable type object (torch.Tensor, nn.Linear, float, list ...)
  Instance,      // an instance of a library class with attributes (nn.Linear, optim.SGD, generator ...)
  Exception,     // a raised/caught exception object
  ContextManager // torch.no_grad() and friends
};

// Note [Subtypes without RTTI]: the WebAssembly engine is compiled with -fno-rtti (smaller module),
// so there is no dynamic_cast. The C++ classes that extend an object kind with state of their own
// (library instances such as IteratorObj, and LibDeviceObj) set a Subtype tag in their constructor
// and have no subclasses; obj_cast<T>(o) is the checked downcast: T* when `o` is a T, else nullptr
// (also for a null `o`). AttrObj and InstanceObj are recognised by their Kind.
enum class Subtype : uint8_t {
  None, LibDevice, StructSeq, Storage, NpDType, Descriptor, Iterator, Super, RandomState, Optimizer,
  FunctionCtx  // the ctx of a custom autograd.Function (bindings/torch/autograd_function.cpp)
};

struct CallArgs {
  std::vector<ObjPtr> args;
  std::vector<std::pair<std::string, ObjPtr>> kwargs;  // in call order
};

using NativeFn = Callable<ObjPtr(Interpreter&, CallArgs&)>;

// Note [Iterative destruction]: dropping the head of a long chain (a 190k-node linked list of
// instances, a list nested 100k deep) destroys each link inside its parent's destructor, one native
// frame per link, until the stack runs out. As CPython's trashcan does, containers hand their
// children to release_children: below a small depth they are released at once; deeper they are
// parked and released one at a time by the outermost destructor, so the depth stays bounded.
void release_children(std::vector<ObjPtr>& children) noexcept;
// The same for state held in another form (an iterator's captured source): parked as a whole.
void release_payload(std::shared_ptr<void> payload) noexcept;

struct Object {
  explicit Object(Kind k);
  virtual ~Object() = default;
  Kind kind;
  Subtype subtype = Subtype::None;  // Note [Subtypes without RTTI]
  // The trace snapshot that last reached it (Note [Trace marks], trace/world_snapshot.cpp); sits
  // in what was padding.
  uint32_t trace_mark = 0;
  int64_t id;  // stable per session, creation order (assigned by Interpreter::next_object_id)
};

struct NoneObj : Object { NoneObj() : Object(Kind::None) {} };
struct EllipsisObj : Object { EllipsisObj() : Object(Kind::Ellipsis) {} };
struct BoolObj : Object { explicit BoolObj(bool v) : Object(Kind::Bool), value(v) {} bool value; };
struct IntObj : Object { explicit IntObj(int64_t v) : Object(Kind::Int), value(v) {} int64_t value; };
struct FloatObj : Object { explicit FloatObj(double v) : Object(Kind::Float), value(v) {} double value; };
struct StrObj : Object { explicit StrObj(std::string v) : Object(Kind::Str), value(std::move(v)) {} std::string value; };
struct ListObj : Object {
  ListObj() : Object(Kind::List) {}
  ~ListObj() override { release_children(items); }
  std::vector<ObjPtr> items;
};
struct TupleObj : Object {
  TupleObj() : Object(Kind::Tuple) {}
  ~TupleObj() override { release_children(items); }
  std::vector<ObjPtr> items;
};
struct SizeObj : Object { SizeObj() : Object(Kind::Size) {} Shape dims; };
struct DictObj : Object {
  DictObj() : Object(Kind::Dict) {}
  ~DictObj() override;
  std::vector<std::pair<ObjPtr, ObjPtr>> items;  // insertion order; keys compared by Python equality
  // collections flavours (python/modules/collections.cpp): each its own type, repr and missing-key rule.
  enum class Flavor { Dict, OrderedDict, DefaultDict, Counter };
  Flavor flavor = Flavor::Dict;
  ObjPtr default_factory;  // defaultdict: called for a missing key (nullptr = None: KeyError)
  std::shared_ptr<struct DictIndex> index;  // hash -> position (Note [Dict index], objects/dict_index.cpp)
};
// set / frozenset: elements in a CPython-shaped hash table (Note [CPython set order]).
struct SetObj : Object {
  explicit SetObj(bool frozen_) : Object(Kind::Set), frozen(frozen_) {}
  SetTable table;
  bool frozen;
  int64_t hash = -1;  // frozenset: hash(self) once computed
};
// bytes / bytearray: the bytes live in an engine Storage, seen through `data`, a contiguous 1-D
// uint8 tensor over all of it, so torch.frombuffer can put a tensor on the same memory (the buffer
// protocol) and the trace draws both on one storage (python/objects/bytes.cpp).
struct BytesObj : Object {
  BytesObj(Tensor t, bool bytearray) : Object(Kind::Bytes), data(std::move(t)), is_bytearray(bytearray) {}
  Tensor data;
  bool is_bytearray;  // mutable (bytearray) or not (bytes)
};
struct SliceObj : Object { SliceObj() : Object(Kind::Slice) {} ObjPtr start, stop, step; };  // None-able
struct RangeObj : Object { RangeObj() : Object(Kind::Range) {} int64_t start = 0, stop = 0, step = 1; };
struct TensorObj : Object { explicit TensorObj(Tensor t) : Object(Kind::Tensor), tensor(std::move(t)) {} Tensor tensor; };
// `base` is numpy's ndarray.base: null for an array that owns its memory, else the object kept alive
// (the owning array for views, collapsed as numpy does; the tensor behind Tensor.numpy()).
struct NdArrayObj : Object { explicit NdArrayObj(Tensor t) : Object(Kind::NdArray), array(std::move(t)) {} Tensor array; ObjPtr base; };
struct DTypeObj : Object { explicit DTypeObj(DType d) : Object(Kind::DType), dtype(d) {} DType dtype; };
// torch.device keeps whether an index was given: torch.device('cuda') is device(type='cuda'), which
// is not equal to cuda:0, while a tensor's device always carries its index.
struct DeviceObj : Object {
  explicit DeviceObj(Device d, bool idx = true) : Object(Kind::Device), device(d), has_index(idx && !d.is_cpu()) {}
  Device device;
  bool has_index;
  int python_index() const { return has_index ? device.index : -1; }
};
struct NodeObj : Object { explicit NodeObj(std::shared_ptr<tp::Node> n) : Object(Kind::Node), node(std::move(n)) {} std::shared_ptr<tp::Node> node; };

struct FunctionObj : Object {
  FunctionObj(std::string n, NativeFn f) : Object(Kind::Function), name(std::move(n)), fn(std::move(f)) {}
  std::string name;  // qualified, e.g. "torch.zeros" (used in TypeError messages)
  NativeFn fn;
};

struct BoundMethodObj : Object {
  BoundMethodObj(ObjPtr self_, ObjPtr fn_) : Object(Kind::BoundMethod), self(std::move(self_)), fn(std::move(fn_)) {}
  ~BoundMethodObj() override;
  ObjPtr self;
  ObjPtr fn;  // FunctionObj or UserFunctionObj; called with self prepended
};

// Namespaces and library objects share one shape: a name and ordered attributes.
struct AttrObj : Object {
  AttrObj(Kind k, std::string type) : Object(k), type_name(std::move(type)) {}
  ~AttrObj() override;
  static bool is(const Object& o) { return o.kind == Kind::Module || o.kind == Kind::Class || o.kind == Kind::Instance; }
  std::string type_name;  // "module", "Linear", "SGD", "Generator", "type" ...
  std::map<std::string, ObjPtr> attrs;
  std::vector<std::string> attr_order;  // definition order (trace, named_parameters, repr)
  void set(const std::string& k, ObjPtr v) {
    if (!attrs.count(k)) attr_order.push_back(k);
    attrs[k] = std::move(v);
  }
  ObjPtr get(const std::string& k) const {
    auto it = attrs.find(k);
    return it == attrs.end() ? nullptr : it->second;
  }
  // Library classes may hook behaviour (repr, call, getattr fallback); empty = default.
  Callable<std::string(Interpreter&)> repr_hook;
  NativeFn call_hook;  // instances that are callable (nn.Module.__call__) and Class constructors
};
struct ModuleObj : AttrObj { explicit ModuleObj(std::string name) : AttrObj(Kind::Module, "module"), module_name(std::move(name)) {} std::string module_name; };
// Note [Classes]: a ClassObj's attrs hold its methods; a FunctionObj there takes the instance as
// args[0] and is bound when looked up through an instance (so user subclasses of a library class,
// e.g. `class Net(nn.Module)`, inherit its methods). isinstance() walks `bases`.
struct ClassObj : AttrObj {
  explicit ClassObj(std::string name) : AttrObj(Kind::Class, "type"), class_name(std::move(name)) {}
  std::string class_name;
  std::vector<std::shared_ptr<ClassObj>> bases;  // direct bases, in order
  bool is_user = false;                          // defined by a `class` statement
  bool sequence_protocol = false;                // library class iterated via __getitem__ (torch.utils.data datasets)
};
struct InstanceObj : AttrObj {
  explicit InstanceObj(std::string type) : AttrObj(Kind::Instance, std::move(type)) {}
  static bool is(const Object& o) { return o.kind == Kind::Instance; }
  std::shared_ptr<ClassObj> cls;  // its class when known (always for user classes)
};

struct ExceptionObj : Object {
  ExceptionObj(std::string t, std::string m) : Object(Kind::Exception), type(std::move(t)), message(std::move(m)) {}
  std::string type;     // "RuntimeError"
  std::string message;  // str(e)
  std::vector<ObjPtr> args;  // e.args (empty when made from a message only: args = (message,))
  std::vector<std::pair<std::string, ObjPtr>> attrs;  // what user code set: `self.code = code`
  ObjPtr get(const std::string& name) const {
    for (auto& kv : attrs)
      if (kv.first == name) return kv.second;
    return nullptr;
  }
};

// Declares the tag of a class in Note [Subtypes without RTTI]; its constructors set `subtype = kSubtype`.
#define TP_OBJECT_SUBTYPE(tag) \
  static constexpr Subtype kSubtype = Subtype::tag; \
  static bool is(const Object& o) { return o.subtype == kSubtype; }

template <class T> T* obj_cast(Object* o) { return o && T::is(*o) ? static_cast<T*>(o) : nullptr; }
template <class T> const T* obj_cast(const Object* o) { return o && T::is(*o) ? static_cast<const T*>(o) : nullptr; }

struct ContextManagerObj : Object {
  ContextManagerObj() : Object(Kind::ContextManager) {}
  Callable<void(Interpreter&)> enter, exit;  // exit runs on normal and exceptional exits
  std::string type_name = "no_grad";               // Python type name (repr, error messages)
};

}  // namespace tp::interp
