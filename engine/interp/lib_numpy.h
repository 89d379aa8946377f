// numpy internals shared by lib_numpy.cpp (the ndarray object) and lib_numpy_funcs.cpp (numpy.*).
#pragma once
#include <optional>
#include <string>

#include "interp/lib_common.h"

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

}  // namespace tp::interp::lib
