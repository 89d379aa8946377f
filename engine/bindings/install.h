// Installers of the library bindings: each engine/bindings/ file adds its functions / methods / classes
// to the module or class objects it is handed (called once per session by install_modules).
#pragma once
#include "bindings/common.h"

namespace tp::interp::lib {

// bindings/torch/creation.cpp: torch.tensor, legacy constructors, factories, random, *_like, from_numpy;
// Tensor.new_* methods.
void install_creation(Interpreter& in, ModuleObj& torch, ClassObj& tensor_class);
// bindings/torch/views.cpp: shape/view methods and conversions (view, reshape, to, clone, detach, ...).
void install_view_methods(Interpreter& in, ModuleObj& torch, ClassObj& tensor_class);
// bindings/torch/inplace_views.cpp: in-place views (t_, squeeze_, ...), movedim, tile, diag, tril/triu, outer;
// torch.masked_fill (after install_math_methods, which defines Tensor.masked_fill).
void install_shape_methods(Interpreter& in, ModuleObj& torch, ClassObj& tensor_class);
// bindings/torch/pointwise.cpp: math methods (+ their torch.* functions) and in-place forms.
void install_math_methods(Interpreter& in, ModuleObj& torch, ClassObj& tensor_class);
// bindings/torch/reductions.cpp: reductions, linear algebra, cat/stack, equal/allclose.
void install_reductions(Interpreter& in, ModuleObj& torch, ClassObj& tensor_class);
// bindings/torch/sort_scatter.cpp: cumsum/cumprod, sort/argsort/topk, flip, gather, scatter(_), scatter_add(_).
void install_sort_scatter(Interpreter& in, ModuleObj& torch, ClassObj& tensor_class);
// bindings/torch/index_ops.cpp: index_add(_), index_copy(_), index_fill(_), index_put(_), take.
void install_index_ops(Interpreter& in, ModuleObj& torch, ClassObj& tensor_class);
// bindings/torch/clamp_round_lerp.cpp: isnan/isinf/isfinite/isposinf/isneginf, isclose, clamp_min/clamp_max,
// round(decimals=), lerp and their in-place forms.
void install_clamp_round_lerp(Interpreter& in, ModuleObj& torch, ClassObj& tensor_class);
// bindings/torch/pointwise_functions.cpp: log2/log10/sinh/cosh/trunc/fix/frac/sgn/erf, atan2/arctan2/hypot/fmax/fmin,
// logical_and/or/xor, nan_to_num, addcmul/addcdiv and their in-place forms.
void install_pointwise_functions(Interpreter& in, ModuleObj& torch, ClassObj& tensor_class);
void install_linalg_cross(Interpreter& in, ModuleObj& linalg);  // torch.linalg.cross
// bindings/torch/products.cpp: einsum, tensordot, inner, kron, vdot, chain_matmul, linalg.multi_dot, addr(_).
void install_products(Interpreter& in, ModuleObj& torch, ClassObj& tensor_class, ModuleObj& linalg);
// bindings/torch/shape_ops.cpp: broadcast_to/broadcast_tensors/broadcast_shapes, fliplr/flipud, rot90, take_along_dim.
void install_shape_ops(Interpreter& in, ModuleObj& torch, ClassObj& tensor_class);
// bindings/torch/index_gen.cpp: tril_indices/triu_indices, bincount, cartesian_prod, Tensor.addmm_.
void install_index_gen(Interpreter& in, ModuleObj& torch, ClassObj& tensor_class);
// bindings/torch/cummax_logcumsumexp.cpp: cummax / cummin (return_types), logcumsumexp.
void install_cummax_logcumsumexp(Interpreter& in, ModuleObj& torch, ClassObj& tensor_class);
// bindings/torch/matrix_builders.cpp: diag_embed, diagflat, block_diag, vander.
void install_matrix_builders(Interpreter& in, ModuleObj& torch, ClassObj& tensor_class);
// bindings/torch/statistics.cpp: nansum, nanmean, dist, trapezoid / trapz / cumulative_trapezoid.
void install_statistics(Interpreter& in, ModuleObj& torch, ClassObj& tensor_class);
// bindings/torch/special_ops.cpp: logit(_), heaviside(_), isin.
void install_special_ops(Interpreter& in, ModuleObj& torch, ClassObj& tensor_class);
// bindings/torch/tensor_extras.cpp: unflatten, sum_to_size, masked_scatter(_), is_nonzero, randint_like, concatenate.
void install_tensor_extras(Interpreter& in, ModuleObj& torch, ClassObj& tensor_class);
// bindings/torch/random.cpp: torch.normal overloads, bernoulli / bernoulli_ with probability tensors.
void install_random_ops(Interpreter& in, ModuleObj& torch, ClassObj& tensor_class);
// bindings/nn/flatten.cpp: nn.Unflatten (installed after install_nn).
void install_nn_unflatten(Interpreter& in, ModuleObj& nn);
// bindings/torch/split_repeat.cpp: tensor_split, repeat_interleave, searchsorted, bucketize.
void install_split_repeat(Interpreter& in, ModuleObj& torch, ClassObj& tensor_class);
// bindings/torch/selections.cpp: nonzero, argwhere, count_nonzero, unique, F.one_hot (after install_nn).
void install_selections(Interpreter& in, ModuleObj& torch, ClassObj& tensor_class);
// bindings/torch/bitwise.cpp: torch.bitwise_* functions, methods and in-place methods.
void install_bitwise(Interpreter& in, ModuleObj& torch, ClassObj& tensor_class);
// bindings/torch/joining.cpp: atleast_Nd, hstack/vstack/row_stack/dstack/column_stack, diff.
void install_joining(Interpreter& in, ModuleObj& torch, ClassObj& tensor_class);
// bindings/torch/frombuffer.cpp: torch.frombuffer (a tensor sharing a bytearray's / bytes' memory).
void install_frombuffer(Interpreter& in, ModuleObj& torch);
// bindings/torch/type_info.cpp: torch.finfo / torch.iinfo.
void install_type_info(Interpreter& in, ModuleObj& torch);
// bindings/tensor/core_methods.cpp: autograd methods, item/tolist/numpy, size/stride/storage queries.
void install_tensor_core_methods(Interpreter& in, ClassObj& tensor_class);
// bindings/torch/autograd_function.cpp: torch.autograd.Function, torch.autograd.function (FunctionCtx,
// once_differentiable); the ctx object's C-level attributes (lib::getattr/setattr on instances); the
// Python object of a custom Function's node (its ctx), or nullptr for other nodes.
void install_autograd_function(Interpreter& in, ModuleObj& autograd);
// bindings/autograd/: torch.autograd.graph (saved_tensors_hooks, save_on_cpu).
void install_autograd_graph(Interpreter& in, ModuleObj& autograd);
// bindings/autograd/anomaly_mode.cpp: detect_anomaly, set_detect_anomaly, torch.set_anomaly_enabled.
void install_anomaly_mode(Interpreter& in, ModuleObj& torch, ModuleObj& autograd);
// bindings/autograd/functional.cpp: torch.autograd.functional (jacobian, hessian, vjp, jvp).
void install_autograd_functional(Interpreter& in, ModuleObj& autograd);
// bindings/autograd/gradcheck.cpp: torch.autograd.gradcheck (gradcheck, gradgradcheck, GradcheckError).
void install_autograd_gradcheck(Interpreter& in, ModuleObj& autograd);
ObjPtr function_ctx_getattr(Interpreter& in, const ObjPtr& self, const std::string& name);
bool function_ctx_setattr(Interpreter& in, const ObjPtr& self, const std::string& name, const ObjPtr& value);
ObjPtr custom_function_object(const std::shared_ptr<tp::Node>& n);
// bindings/tensor/attributes.cpp: the torch.autograd.graph.Node attributes of `node` seen through `self`
// (name(), next_functions, metadata, _saved_*, register_hook ...); nullptr if not one.
ObjPtr node_attr_of(Interpreter& in, const ObjPtr& self, const std::shared_ptr<tp::Node>& node, const std::string& name);
// bindings/out_arguments.cpp: the out= keyword of every torch.* function that has one in PyTorch
// (Note [out= arguments]), installed once the torch module holds its functions.
void install_out_arguments(Interpreter& in, ModuleObj& torch);
// Note [Two modules]: in the core library, torch.<name>(..., out=...) asks for the full one (the out=
// wrappers are full-library code); without out= it calls `plain`, as they do.
void add_core_out_variant(ModuleObj& torch, const std::string& name, const ObjPtr& plain);
bool has_out_keyword(const CallArgs& a);
// bindings/out_factories.cpp: out= of zeros / ones / full / empty / rand* / eye / arange / linspace ...
void install_factory_out_arguments(Interpreter& in, ModuleObj& torch);
// bindings/out_joining.cpp: out= of stack / hstack / vstack / row_stack / dstack / column_stack (cat_out).
void install_joining_out_arguments(Interpreter& in, ModuleObj& torch);
// The pieces of Note [out= arguments] for bindings that parse out= themselves (torch.cat): the
// autograd refusal, and resize_output (the warning for a non-empty out of another shape).
void check_out_requires_grad(const std::string& op, const std::vector<Tensor>& inputs, const Tensor& out);
void resize_output(const Tensor& out, const Shape& shape);
// A dtype as caffe2::TypeMeta prints it in ATen's messages ("float", "long int").
std::string type_meta_name(DType d);
// The out= keyword removed from a call (nullptr when absent).
ObjPtr pop_out_kwarg(CallArgs& a);
// A structured kernel's resize_out: out must have the result's dtype and device.
void check_structured_out(const Tensor& result, const Tensor& out);
// The tensor passed as positional `index` or keyword `name` (undefined if neither is a tensor), and
// whether keyword `k` was given as something other than None.
Tensor tensor_param(const CallArgs& a, size_t index, const std::string& name);
bool has_kwarg(const CallArgs& a, const std::string& k);
// bindings/out_tuples.cpp: out=(values, indices) of max / min / sort / topk / aminmax / cummax /
// cummin / kthvalue / median / mode.
void install_tuple_out_arguments(Interpreter& in, ModuleObj& torch);
// bindings/invalid_arguments.cpp: PyTorch's "f() received an invalid combination of arguments - got
// (...), but expected one of:" TypeError for a call no signature accepts (Note [Invalid combination]);
// `signatures` as FunctionSignature::toString prints them.
[[noreturn]] void throw_invalid_combination(Interpreter& in, const std::string& name, const CallArgs& a,
                                            const std::vector<std::string>& signatures);
// The signatures Python binds for torch.<name> (Note [Invalid combination]); null for a function not
// in its table.
const std::vector<std::string>* torch_signatures(const std::string& name);
// Tensor.<name>(..., out=...): the invalid-combination TypeError when several or no method signatures are
// plausible; otherwise nothing (the method's own parser then refuses the keyword).
void check_method_out(Interpreter& in, const std::string& name, const CallArgs& a);
// bindings/torch/torch_module.cpp: grad mode, dtypes, devices, torch.autograd, torch.cuda, printoptions.
void install_torch_attributes(Interpreter& in, TorchModule& torch);
// bindings/nn/module.cpp / bindings/optim/optimizers.cpp / bindings/numpy/ndarray.cpp / python/modules/copy.cpp
void install_nn(Interpreter& in);
void install_optim(Interpreter& in);
void install_numpy(Interpreter& in);
void install_copy_module(Interpreter& in);  // python/modules/copy.cpp
void install_math_module(Interpreter& in);  // python/modules/math.cpp
void install_data(Interpreter& in);        // bindings/data/dataloader.cpp: torch.utils.data

// Shared by several files.
// softmax / log_softmax(dim, dtype=None): SoftmaxBackward0 / LogSoftmaxBackward0 (autograd/nn/softmax_nll_loss.cpp).
ObjPtr softmax_call(Interpreter& in, const Tensor& x, ArgParser& p, bool log);
ObjPtr make_struct_seq(Interpreter& in, const std::string& qualname, std::vector<std::string> names,
                       std::vector<ObjPtr> items);
// torch.tensor's data walk: nested lists/tuples/numbers/tensors/ndarrays -> a tensor.
// `dtype` nullopt = inferred; `warn_name` = the "rather than X(sourceTensor)" text for tensor data.
Tensor tensor_from_data(Interpreter& in, const ObjPtr& data, std::optional<DType> dtype, Device device,
                        bool device_given, const std::string& warn_name);
// A new tensor object (own version counter) over the same storage/geometry: numpy <-> torch bridge.
Tensor share_storage(const Tensor& t);
// Tensor.numpy() (error 1.12 unless force), shared by numpy.array(tensor).
ObjPtr tensor_to_numpy(Interpreter& in, const Tensor& self, bool force);

}  // namespace tp::interp::lib
