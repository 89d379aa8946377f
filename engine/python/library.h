// The contract between the language core (evaluator, builtins) and the libraries a program
// imports (torch, torch.nn, torch.optim, numpy, copy, math). The evaluator calls these whenever a
// Tensor / NdArray / library object is involved; the library files (bindings/) implement them.
// A function returning nullptr means "not handled here" and the evaluator raises Python's own
// TypeError/AttributeError text.
#pragma once
#include <string>
#include <vector>

#include "python/value.h"

namespace tp::interp::lib {

// Registers every importable module with Interpreter::register_module ("torch", "torch.nn",
// "torch.nn.functional", "torch.optim", "torch.autograd", "numpy", "copy", "math").
void install_modules(Interpreter& in);

// obj.name for Tensor / NdArray / Size / DType / Device / Node objects (methods come back bound).
ObjPtr getattr(Interpreter& in, const ObjPtr& self, const std::string& name);
// obj.name = value for those objects; false = not handled (AttributeError).
bool setattr(Interpreter& in, const ObjPtr& self, const std::string& name, const ObjPtr& value);

// Binary operators where either operand is a Tensor or NdArray. op is the Python token:
// + - * / // % ** @ == != < <= > >= & | ^
ObjPtr binary_op(Interpreter& in, const std::string& op, const ObjPtr& a, const ObjPtr& b);
// Augmented assignment on a Tensor/NdArray left operand (in place: x += 1 keeps x's identity).
ObjPtr inplace_op(Interpreter& in, const std::string& op, const ObjPtr& a, const ObjPtr& b);
// Unary - + ~ on a Tensor / NdArray.
ObjPtr unary_op(Interpreter& in, const std::string& op, const ObjPtr& a);

// Indexing with ints, slices, None, Ellipsis, tuples of those, bool/long tensors and lists.
ObjPtr getitem(Interpreter& in, const ObjPtr& self, const ObjPtr& index);
bool setitem(Interpreter& in, const ObjPtr& self, const ObjPtr& index, const ObjPtr& value);

// repr()/str() of library objects (tensor repr, numpy repr, torch.Size([2]), torch.float32, ...).
// Empty string = not a library object.
std::string repr(Interpreter& in, const ObjPtr& obj);
std::string str(Interpreter& in, const ObjPtr& obj);

// len(), iteration (a tensor iterates over its first dimension), truthiness (bool(t)), float()/int()
// conversion of one-element tensors. Return false when not handled.
bool len(Interpreter& in, const ObjPtr& obj, int64_t& out);
bool iterate(Interpreter& in, const ObjPtr& obj, std::vector<ObjPtr>& out);
bool truthy(Interpreter& in, const ObjPtr& obj, bool& out);
bool to_number(Interpreter& in, const ObjPtr& obj, ObjPtr& out);  // item() as a Python int/float/bool

// Note [Two modules] (bindings/library_variant.h): false in the core library, which skips what only
// the full one installs (standard modules included: python/modules/small_modules.cpp).
bool full_library();
// `owner.name` (or the module `name`, owner "") was not found. In the core library, throws
// NeedsFullLibrary when the full library has it; otherwise does nothing.
void check_full_only(const std::string& owner, const std::string& name);
// The owner a library class's members are listed under: "torch.Tensor" (python/attributes.cpp).
std::string class_owner(const ClassObj& c);
// Not a std::exception, so no `except` clause and no C++-to-Python conversion catches it: it ends
// the run, and the host runs the program again in the full module.
struct NeedsFullLibrary {
  std::string name;  // "torch.einsum"
};

}  // namespace tp::interp::lib
