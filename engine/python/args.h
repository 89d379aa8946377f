// Argument helpers for native callables: parse CallArgs the way Python binds arguments
// (positional-or-keyword by index and name) and convert Python objects to engine types,
// raising Python's TypeError texts. Used by builtins.cpp and the library files (engine/bindings/).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/device.h"
#include "core/dtype.h"
#include "core/scalar.h"
#include "core/tensor.h"
#include "python/value.h"

namespace tp::interp {

class ArgParser {
 public:
  // fname is used in messages, e.g. "torch.zeros" -> "zeros() got an unexpected keyword argument 'x'"
  // (the part after the last '.' is shown, as Python does).
  ArgParser(Interpreter& in, std::string fname, CallArgs& args);

  size_t count() const { return args_.args.size(); }          // number of positional arguments
  bool has_kwargs() const { return !args_.kwargs.empty(); }
  ObjPtr positional(size_t i) const;                          // nullptr when absent
  ObjPtr kw(const std::string& name);                         // nullptr when absent; marks it used
  bool has(const std::string& name, size_t index);            // given positionally or by keyword
  // Positional index `index` or keyword `name` (TypeError if given both); nullptr when absent.
  ObjPtr get(const std::string& name, size_t index);
  // Like get() but raises "f() missing 1 required positional argument: 'name'" when absent.
  ObjPtr required(const std::string& name, size_t index);
  std::vector<ObjPtr> args_from(size_t i) const;              // positional args i.. (may be empty)
  // Raises "f() takes N positional argument(s) but M were given" when there are more than n.
  void max_positional(size_t n) const;
  // Raises "f() got an unexpected keyword argument 'k'" for every keyword nobody asked for.
  void finish() const;

  Interpreter& in() const { return in_; }
  const std::string& name() const { return short_name_; }

 private:
  Interpreter& in_;
  std::string short_name_;
  CallArgs& args_;
  std::vector<bool> used_;  // per kwarg
};

// Conversions. `what` (e.g. "argument 'dim'") is used in messages; empty = Python's builtin wording.
int64_t to_int(Interpreter& in, const ObjPtr& obj, const std::string& what = "");    // int/bool (not float)
double to_double(Interpreter& in, const ObjPtr& obj, const std::string& what = "");  // int/bool/float
bool to_bool(Interpreter& in, const ObjPtr& obj, const std::string& what = "");      // Python truthiness
std::string to_str(Interpreter& in, const ObjPtr& obj, const std::string& what = ""); // must be a str
Scalar to_scalar(const ObjPtr& obj);  // bool/int/float (and 1-element tensors) -> Scalar; TypeError otherwise
// A sequence index: an int, a bool or a one-element integer tensor (__index__) into `out`; false
// for anything else (the caller words its own TypeError). Defined in attributes.cpp.
bool as_index(Interpreter& in, const ObjPtr& idx, int64_t& out);
bool is_number(const ObjPtr& obj);    // bool, int or float
bool is_none(const ObjPtr& obj);      // nullptr or None
// Python's slice.indices(): clamps start/stop for a sequence of length n; returns the count.
int64_t slice_indices(Interpreter& in, const SliceObj& s, int64_t n, int64_t& start, int64_t& stop, int64_t& step);

// Sizes: zeros(2, 3), zeros((2, 3)), zeros([2, 3]), zeros(torch.Size([2, 3])), zeros(()) -> {}.
Shape to_shape(Interpreter& in, const std::vector<ObjPtr>& args);
// One int list/tuple/Size (e.g. the `dims` of permute when passed as one argument).
Shape to_int_list(Interpreter& in, const ObjPtr& obj, const std::string& what = "");
DType to_dtype(const ObjPtr& obj);    // torch.float32 ... (TypeError otherwise)
Device to_device(const ObjPtr& obj);  // torch.device(...) or a string like "cuda", "cuda:0", "cpu"
// Items of a list/tuple/Size as a vector (nullptr-safe: TypeError if not a sequence).
std::vector<ObjPtr> sequence_items(Interpreter& in, const ObjPtr& obj);

// Overloads taking the interpreter first, for uniform call sites.
inline Scalar to_scalar(Interpreter&, const ObjPtr& obj) { return to_scalar(obj); }
inline DType to_dtype(Interpreter&, const ObjPtr& obj) { return to_dtype(obj); }
inline Device to_device(Interpreter&, const ObjPtr& obj) { return to_device(obj); }
// A keyword-only Scalar such as addmm's beta=/alpha= (1 when absent or None).
inline Scalar kw_scalar(ArgParser& p, const std::string& name) {
  ObjPtr v = p.kw(name);
  return is_none(v) ? Scalar::from_int(1) : to_scalar(v);
}

}  // namespace tp::interp
