// torch.nn internals shared by bindings/nn/module.cpp, bindings/nn/functional.cpp and bindings/optim/optimizers.cpp.
#pragma once
#include "core/callable.h"
#include <string>
#include <utility>
#include <vector>

#include "bindings/common.h"

namespace tp::interp::lib {

// Submodules of a module in registration order: attributes holding nn.Module instances.
std::vector<std::pair<std::string, ObjPtr>> module_children(Interpreter& in, const ObjPtr& self);
// Module.named_modules(): ("", self) then every descendant once, dotted names.
std::vector<std::pair<std::string, ObjPtr>> named_modules(Interpreter& in, const ObjPtr& self, const std::string& prefix);
// Module.named_parameters(): own Parameters first, then each child's, with dotted names.
std::vector<std::pair<std::string, ObjPtr>> named_parameters(Interpreter& in, const ObjPtr& self,
                                                             const std::string& prefix);
// Optimizer/Module zero_grad for one parameter (set_to_none=True drops the grad).
void zero_grad(const Tensor& p, bool set_to_none);
// Parameter.__new__: t.detach() marked as a parameter (bindings/nn/module.cpp).
Tensor make_parameter(const Tensor& t, bool requires_grad);
// nn.Linear and nn.Identity (bindings/nn/linear_layers.cpp).
void install_linear_layers(Interpreter& in, ModuleObj& nn);
// nn.ReLU/Sigmoid/Tanh and nn.MSELoss/CrossEntropyLoss/NLLLoss (bindings/nn/activation_loss_modules.cpp).
void install_basic_activation_and_loss_modules(Interpreter& in, ModuleObj& nn);
// nn.Flatten (bindings/nn/flatten.cpp).
void install_flatten(Interpreter& in, ModuleObj& nn);
// torch.nn.functional and torch.nn.init.
void install_functional(Interpreter& in, ModuleObj& nn);
// Activations, regression / binary losses, Dropout, Embedding and their functional forms (bindings/nn/activation_loss_modules.cpp).
void install_nn_layers(Interpreter& in, ModuleObj& nn);
// LayerNorm, BatchNorm1d/2d and F.layer_norm / F.batch_norm (bindings/nn/normalization.cpp).
void install_nn_norm(Interpreter& in, ModuleObj& nn);
// Conv1d/Conv2d, MaxPool2d/AvgPool2d and F.conv1d/conv2d/max_pool2d/avg_pool2d/pad (bindings/nn/convolution.cpp).
void install_nn_conv(Interpreter& in, ModuleObj& nn);
// torch.nn.utils: clip_grad_norm_/clip_grad_value_/parameters_to_vector/... (bindings/nn/clip_grad.cpp).
void install_nn_utils(Interpreter& in, ModuleObj& nn);
// F.normalize/cosine_similarity/pairwise_distance/kl_div, torch.cdist and their modules (bindings/nn/distance.cpp).
void install_nn_distance(Interpreter& in, ModuleObj& nn);
// SELU/CELU/Hardtanh/ReLU6/Threshold/LogSigmoid/Softmin/GLU/Mish/Hardswish/Hardsigmoid/PReLU (bindings/nn/activations.cpp).
void install_nn_activations(Interpreter& in, ModuleObj& nn);
void install_inplace_activations(Interpreter& in);  // torch.sigmoid_ / tanh_ / relu_ / abs_
// AdaptiveAvgPool1d/2d, AdaptiveMaxPool2d and their functional forms (bindings/nn/adaptive_pooling.cpp).
void install_nn_adaptive(Interpreter& in, ModuleObj& nn);
// init.kaiming_uniform_(w, a) with fan_in given (Linear / Conv reset_parameters), under no_grad.
void kaiming_uniform(const Tensor& w, double a, int64_t fan_in);
// torch.optim.lr_scheduler (bindings/optim/lr_scheduler.cpp): StepLR.
void install_lr_scheduler(Interpreter& in, ModuleObj& optim);
// Sequential, ModuleList (bindings/nn/containers.cpp) and Module.state_dict / load_state_dict.
void install_containers(Interpreter& in, ModuleObj& nn);
void install_dict_containers(Interpreter& in, ModuleObj& nn);  // ModuleDict, ParameterList, ParameterDict
void install_state_dict(Interpreter& in, ClassObj& module_class);
// Iterating a container module yields its children (for m in seq).
bool module_iterate(Interpreter& in, const ObjPtr& self, std::vector<ObjPtr>& out);

// A library nn.Module subclass: `init` reads the constructor arguments into the instance,
// `forward` computes, `extra` is extra_repr() (nullptr = none).
using ModuleInit = Callable<void(Interpreter&, const ObjPtr&, ArgParser&)>;
using ModuleForward = Callable<ObjPtr(Interpreter&, const ObjPtr&, ArgParser&)>;
using ModuleExtraRepr = Callable<std::string(Interpreter&, const ObjPtr&)>;
std::shared_ptr<ClassObj> library_module(Interpreter& in, ModuleObj& nn, const std::string& name, ModuleInit init,
                                         ModuleForward forward, ModuleExtraRepr extra = nullptr);

}  // namespace tp::interp::lib
