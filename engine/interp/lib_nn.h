// torch.nn internals shared by lib_nn.cpp, lib_nn_functional.cpp and lib_optim.cpp.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "interp/lib_common.h"

namespace tp::interp::lib {

// Submodules of a module in registration order: attributes holding nn.Module instances.
std::vector<std::pair<std::string, ObjPtr>> module_children(Interpreter& in, const ObjPtr& self);
// Module.named_parameters(): own Parameters first, then each child's, with dotted names.
std::vector<std::pair<std::string, ObjPtr>> named_parameters(Interpreter& in, const ObjPtr& self,
                                                             const std::string& prefix);
// Optimizer/Module zero_grad for one parameter (set_to_none=True drops the grad).
void zero_grad(const Tensor& p, bool set_to_none);
// torch.nn.functional and torch.nn.init.
void install_functional(Interpreter& in, ModuleObj& nn);

}  // namespace tp::interp::lib
