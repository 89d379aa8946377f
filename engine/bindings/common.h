// Shared helpers of the library bindings (engine/bindings/): the per-session library state (owned by the
// `torch` module object, so there is no global state), conversions between Python objects and
// engine tensors, and the small factories for dtype / device / Size / tuple results.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "autograd/functions.h"
#include "python/args.h"
#include "python/interpreter.h"
#include "python/value.h"
#include "python/weak_object_cache.h"

namespace tp::interp::lib {

// A torch.device made by the library (see DeviceObj for the index rule).
struct LibDeviceObj : DeviceObj {
  TP_OBJECT_SUBTYPE(LibDevice)
  LibDeviceObj(Device d, bool idx) : DeviceObj(d, idx) { subtype = kSubtype; }
};

// torch.return_types.max & co: a named tuple (fields as attributes, unpacks and indexes).
struct StructSeqObj : InstanceObj {
  TP_OBJECT_SUBTYPE(StructSeq)
  explicit StructSeqObj(std::string type) : InstanceObj(std::move(type)) { subtype = kSubtype; }
  std::string qualname;  // "torch.return_types.max"
  std::vector<std::string> names;
  std::vector<ObjPtr> items;
};

// Note [Library state]: everything the bindings remember between calls lives in the `torch`
// module object of the session: canonical dtype objects (torch.float32 is torch.float32), the
// classes (torch.Tensor's method table), the default generator and grad_fn objects (one Python
// object per autograd node while it lives). Print options live in ctx().print_options.
struct TorchModule : ModuleObj {
  TorchModule() : ModuleObj("torch") {}
  ObjPtr dtypes[kNumDTypes];
  std::shared_ptr<ClassObj> tensor_class;
  ObjPtr generator;
  WeakObjectCache<tp::Node> node_objects;
};

TorchModule& state(Interpreter& in);

// ---------------------------------------------------------------- object kinds
inline bool is_tensor(const ObjPtr& o) { return o && o->kind == Kind::Tensor; }
inline bool is_ndarray(const ObjPtr& o) { return o && o->kind == Kind::NdArray; }
inline const Tensor& tensor_of(const ObjPtr& o) { return static_cast<TensorObj&>(*o).tensor; }
inline const Tensor& array_of(const ObjPtr& o) { return static_cast<NdArrayObj&>(*o).array; }
template <class T> T& cast(const ObjPtr& o) { return static_cast<T&>(*o); }

// ---------------------------------------------------------------- result objects
ObjPtr wrap(Interpreter& in, const Tensor& t);                      // None for an undefined tensor
ObjPtr wrap_tuple(Interpreter& in, const std::vector<Tensor>& ts);  // tuple of tensors
ObjPtr dtype_obj(Interpreter& in, DType d);
ObjPtr device_obj(Interpreter& in, const Device& d, bool has_index = true);
ObjPtr size_obj(Interpreter& in, const Shape& s);
ObjPtr int_tuple(Interpreter& in, const Shape& s);
ObjPtr scalar_obj(Interpreter& in, const Scalar& s);                // Python bool/int/float
std::string device_repr(const ObjPtr& dev);                         // device(type='cuda', index=0)

// ---------------------------------------------------------------- arguments
// A tensor argument: TypeError "<f>(): argument '<name>' (position <n>) must be Tensor, not <type>".
const Tensor& tensor_arg(Interpreter& in, const ObjPtr& o, const std::string& fname, const std::string& name,
                         int position);
// A tensor or a Python number (wrapped as a 0-dim "wrapped number" tensor, which promotion ignores).
Tensor operand(Interpreter& in, const ObjPtr& o, const std::string& fname, const std::string& name = "other",
               int position = 1);
// Methods receive self as args[0]; this removes it and returns the tensor.
Tensor take_self(Interpreter& in, CallArgs& a);
// `dim` arguments: int, or None -> nullopt.
std::optional<int64_t> opt_int(Interpreter& in, const ObjPtr& o, const std::string& what);
// dims given as one int, a tuple/list of ints, or nothing (-> empty = all dims).
std::vector<int64_t> dims_arg(Interpreter& in, const ObjPtr& o);
// Sizes given as varargs or one sequence (view(2, 3) / view((2, 3))).
Shape sizes_from(Interpreter& in, ArgParser& p, size_t first, const std::string& kwname = "size");
std::optional<DType> opt_dtype(const ObjPtr& o);
Device device_or(const ObjPtr& o, const Device& fallback);
bool bool_arg(Interpreter& in, const ObjPtr& o, bool fallback);
double double_arg(Interpreter& in, const ObjPtr& o, double fallback);

// ---------------------------------------------------------------- classes and functions
std::shared_ptr<ClassObj> make_class(const std::string& name);
// Adds a native method to a class (self arrives as args[0]).
void def(AttrObj& target, const std::string& qualprefix, const std::string& name, NativeFn fn);
// A Tensor method body: self taken out of the arguments, a parser over the rest (finish() is
// called after it returns, so unknown keywords raise).
using Method = Callable<ObjPtr(Interpreter&, Tensor&, ArgParser&)>;
// Registers `name` as a Tensor method and, when `torch` is given, as torch.<name>(input, ...).
void method(ClassObj& tensor_class, const std::string& name, Method m, ModuleObj* torch = nullptr);
// One object per autograd node while it lives (grad_fn is grad_fn).
ObjPtr node_obj(Interpreter& in, const std::shared_ptr<tp::Node>& n);

}  // namespace tp::interp::lib
