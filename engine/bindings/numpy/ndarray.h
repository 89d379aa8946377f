// numpy internals shared by bindings/numpy/ndarray.cpp (the ndarray object) and bindings/numpy/functions.cpp (numpy.*).
#pragma once
#include <optional>
#include <string>

#include "bindings/common.h"

namespace tp::interp::lib {

// A result tensor as numpy returns it: 0-dim -> a Python number, else an ndarray.
ObjPtr np_result(Interpreter& in, const Tensor& t);
// numpy.array(data, dtype): lists with numpy's defaults (float64), arrays and tensors copied.
Tensor np_array_from(Interpreter& in, const ObjPtr& data, std::optional<DType> dtype);
// dtype= arguments: np.float32, 'float64', float, int, bool, torch dtypes.
std::optional<DType> np_dtype(Interpreter& in, const ObjPtr& o);
// sum/mean/max/min with axis= and keepdims=.
ObjPtr np_reduce(Interpreter& in, const Tensor& a, ArgParser& p, const std::string& what);
// A fresh tensor over the array's memory (its own version counter).
inline Tensor np_view(const Tensor& a) { return share_storage(a); }
// np_result for an array computed from `parent`: when it shares parent's memory it is a view and its
// base is set as numpy's PyArray_SetBaseObject does (bindings/numpy/memory.cpp).
ObjPtr np_view_result(Interpreter& in, const ObjPtr& parent, const Tensor& t);
// numpy's copy (order='C'): a fresh C-contiguous array, whatever the source's strides.
Tensor np_c_copy(const Tensor& t);
// The array object behind an argument: itself, or a new owner made from a list / number.
ObjPtr np_array_obj(Interpreter& in, const ObjPtr& o);
// ndarray attributes about memory: base, flags, ctypes, __array_interface__, view (null if unknown).
ObjPtr ndarray_memory_getattr(Interpreter& in, const ObjPtr& self, const std::string& name);
// Binary ufunc on arrays/numbers by its operator symbol ("+", "/", ...); null if not applicable.
ObjPtr ndarray_binary_op(Interpreter& in, const std::string& op, const ObjPtr& a, const ObjPtr& b);
// numpy's name for an operator's ufunc ("+" -> "add") and the out= store under casting='same_kind'.
std::string np_ufunc_name(const std::string& op);
ObjPtr np_store_ufunc_result(Interpreter& in, const std::string& op, const ObjPtr& r, const ObjPtr& out);
void install_numpy_memory(Interpreter& in, ModuleObj& np);  // shares_memory, ascontiguousarray, copy ...
void install_numpy_random(Interpreter& in, ModuleObj& np);  // numpy.random (legacy RandomState)

}  // namespace tp::interp::lib
