// torch.einsum / tensordot (their torch/functional.py argument handling), inner, kron, vdot,
// chain_matmul, torch.linalg.multi_dot and addr / addr_ (autograd/math/products.h).
#include "autograd/grad_utils.h"
#include "autograd/math/products.h"
#include "core/context.h"
#include "core/error.h"
#include "bindings/install.h"
#include "ops/native.h"

namespace tp::interp::lib {

namespace {

// functional.py einsum's parse_subscript for the sublist format.
std::string parse_subscript(Interpreter& in, const ObjPtr& o) {
  if (o && o->kind == Kind::Ellipsis) return "...";
  int64_t n = to_int(in, o);
  if (n >= 0 && n < 26) return std::string(1, char('A' + n));
  if (n >= 26 && n < 52) return std::string(1, char('a' + n - 26));
  throw TorchError("ValueError", "einsum(): subscript in subscript list is not within the valid range [0, 52)");
}

std::string parse_sublist(Interpreter& in, const ObjPtr& l) {
  std::string s;
  for (const ObjPtr& it : sequence_items(in, l)) s += parse_subscript(in, it);
  return s;
}

// A TensorList argument element (the python arg parser's message for a non-tensor).
Tensor list_tensor(Interpreter& in, const ObjPtr& o, size_t i, int arg) {
  if (!is_tensor(o))
    throw TorchError("TypeError", "expected Tensor as element " + std::to_string(i) + " in argument " +
                                      std::to_string(arg) + ", but got " + in.type_name(o));
  return tensor_of(o);
}

std::vector<Tensor> tensors_of(Interpreter& in, const std::vector<ObjPtr>& objs, int arg) {
  std::vector<Tensor> ts;
  for (size_t i = 0; i < objs.size(); ++i) ts.push_back(list_tensor(in, objs[i], i, arg));
  return ts;
}

// `dims_a, dims_b = dims` items: a list of ints (an int stands for a one-element list).
std::vector<int64_t> dims_list(Interpreter& in, const ObjPtr& o) {
  if (o && o->kind == Kind::Int) return {to_int(in, o)};
  return to_int_list(in, o);
}

// linalg_multi_dot_out (LinearAlgebra.cpp multi_dot_impl with an out): the tensors' own checks, then
// out's dtype as caffe2::TypeMeta prints it ("multi_dot(): expected out tensor to have dtype float but
// got double") and device, resize_output to the result's shape, then mm_out into it, which refuses
// autograd as "mm()"; out's version moves once.
ObjPtr multi_dot_out(Interpreter& in, const std::vector<Tensor>& ms, const ObjPtr& out) {
  (void)in;
  const Tensor& o = tensor_of(out);
  Tensor result = tp::multi_dot(ms);  // multi_dot_impl's checks of the tensors come first
  TP_CHECK(o.dtype() == ms[0].dtype(), "multi_dot(): expected out tensor to have dtype " + type_meta_name(ms[0].dtype()) +
                                           " but got " + type_meta_name(o.dtype()));
  TP_CHECK(o.device() == ms[0].device(), "multi_dot(): expected out tensor to be on device " + ms[0].device().str() +
                                             " but got " + o.device().str());
  resize_output(o, result.sizes());
  check_out_requires_grad("mm", ms, o);
  native::write_result_(o, result);
  return out;
}

}  // namespace

void install_products(Interpreter& in, ModuleObj& torch, ClassObj& tc, ModuleObj& linalg) {
  // functional.py einsum(*args): equation + operands (or one list of them), or the sublist format
  // (operand, sublist, operand, sublist, ..., [output sublist]).
  def(torch, "torch.", "einsum", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    if (!a.kwargs.empty())
      throw TorchError("TypeError", "einsum() got an unexpected keyword argument '" + a.kwargs.begin()->first + "'");
    const auto& args = a.args;
    if (args.size() < 2)
      throw TorchError("ValueError", "einsum(): must specify the equation string and at least one operand, "
                                     "or at least one operand and its subscripts list");
    std::string equation;
    std::vector<ObjPtr> operands;
    if (is_tensor(args[0])) {
      for (size_t i = 1; i < args.size(); i += 2) {
        if (i > 1) equation += ",";
        equation += parse_sublist(in, args[i]);
      }
      if (args.size() % 2 == 1) {
        equation += "->" + parse_sublist(in, args.back());
        for (size_t i = 0; i + 1 < args.size(); i += 2) operands.push_back(args[i]);
      } else {
        for (size_t i = 0; i < args.size(); i += 2) operands.push_back(args[i]);
      }
    } else {
      equation = to_str(in, args[0], "einsum(): argument 'equation' (position 1)");
      operands.assign(args.begin() + 1, args.end());
    }
    if (operands.size() == 1 && (operands[0]->kind == Kind::List || operands[0]->kind == Kind::Tuple))
      operands = sequence_items(in, operands[0]);  // the old interface: the operands as one list
    return in.wrap_tensor(tp::einsum(equation, tensors_of(in, operands, 1)));
  });

  // functional.py tensordot(a, b, dims=2, out=None).
  def(torch, "torch.", "tensordot", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.tensordot", a);
    const Tensor& x = tensor_arg(in, p.required("a", 0), "tensordot", "self", 1);
    const Tensor& y = tensor_arg(in, p.required("b", 1), "tensordot", "other", 2);
    ObjPtr dims = p.get("dims", 2);
    if (p.kw("out")) throw TorchError("NotImplementedError", "tensorplay: tensordot(out=...) is not supported");
    p.finish();
    std::vector<int64_t> da, db;
    if (!dims) {
      dims = in.make_int(2);
    }
    auto from_count = [&](int64_t d) {
      if (d < 0) throw TorchError("RuntimeError", "tensordot expects dims >= 0, but got dims=" + in.str(dims));
      for (int64_t i = -d; i < 0; ++i) da.push_back(i);
      for (int64_t i = 0; i < d; ++i) db.push_back(i);
    };
    if (dims->kind == Kind::List || dims->kind == Kind::Tuple) {
      auto items = sequence_items(in, dims);
      if (items.size() != 2)
        throw TorchError("ValueError", std::string(items.size() < 2 ? "not enough" : "too many") +
                                           " values to unpack (expected 2" +
                                           (items.size() < 2 ? ", got " + std::to_string(items.size()) : "") + ")");
      da = dims_list(in, items[0]);
      db = dims_list(in, items[1]);
    } else if (is_tensor(dims)) {
      const Tensor& d = tensor_of(dims);
      if (d.numel() > 1) {
        TP_CHECK(d.size(0) == 2, "dims tensor must have size 2 in first dimension, got " + std::to_string(d.size(0)));
        for (int k = 0; k < 2; ++k)
          for (double v : values_of(tp::select(d, 0, k))) (k ? db : da).push_back(int64_t(v));
      } else {
        from_count(tp::item(d).to_int());
      }
    } else if (dims->kind == Kind::Int || dims->kind == Kind::Bool) {
      int64_t d = to_int(in, dims);
      from_count(d);
      if (d > std::min(x.dim(), y.dim()))
        throw TorchError("RuntimeError", "tensordot expects dims < ndim_a or ndim_b, but got dims=" + in.str(dims));
    } else {
      throw TorchError("RuntimeError",
                       "tensordot expects dims to be int or Tuple[List[int], List[int]] or List[List[int]] containing "
                       "two lists, but got dims=" + in.str(dims));
    }
    return in.wrap_tensor(tp::tensordot(x, y, da, db));
  });

  method(tc, "inner", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::inner(self, tensor_arg(in, p.required("other", 0), "inner", "other", 2)));
  }, &torch);
  method(tc, "kron", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::kron(self, tensor_arg(in, p.required("other", 0), "kron", "other", 2)));
  }, &torch);
  method(tc, "vdot", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::vdot(self, tensor_arg(in, p.required("other", 0), "vdot", "other", 2)));
  }, &torch);
  for (bool inplace : {false, true}) {
    method(tc, inplace ? "addr_" : "addr", [inplace](Interpreter& in, Tensor& self, ArgParser& p) {
      const char* f = inplace ? "addr_" : "addr";
      const Tensor& v1 = tensor_arg(in, p.required("vec1", 0), f, "vec1", 2);
      const Tensor& v2 = tensor_arg(in, p.required("vec2", 1), f, "vec2", 3);
      Scalar beta = kw_scalar(p, "beta"), alpha = kw_scalar(p, "alpha");
      return in.wrap_tensor(inplace ? tp::addr_(self, v1, v2, beta, alpha) : tp::addr(self, v1, v2, beta, alpha));
    }, inplace ? nullptr : &torch);
  }

  // LinearAlgebra.cpp chain_matmul(*matrices): deprecated (warned once), all 2-D, one matrix cloned.
  // With out= (torch/functional.py passes it on) chain_matmul_out: one matrix is resize_output + copy_
  // (through autograd); more go to linalg_multi_dot_out, whose multi_dot_impl checks the matrices,
  // then out's dtype ("multi_dot(): expected out tensor to have dtype float but got double"), then
  // resize_output, then mm_out refuses autograd as "mm()".
  def(torch, "torch.", "chain_matmul", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ObjPtr out;
    for (auto& kw : a.kwargs) {
      if (kw.first == "out") {
        out = kw.second;
        continue;
      }
      throw TorchError("TypeError", "chain_matmul() got an unexpected keyword argument '" + kw.first + "'");
    }
    if (!is_none(out) && !is_tensor(out))
      throw TorchError("TypeError", "chain_matmul(): argument 'out' must be Tensor, not " + in.type_name(out));
    std::vector<Tensor> ms = tensors_of(in, a.args, 0);
    // TORCH_WARN_ONCE, reached from torch/functional.py's chain_matmul: its frame is the location
    // (Note [Warnings from PyTorch's C++]); warn_explicit shows one location's message once.
    in.warn_explicit(triggered_internally("torch.chain_matmul is deprecated and will be removed in a future PyTorch "
                                          "release. Use torch.linalg.multi_dot instead, which accepts a list of two or "
                                          "more tensors rather than multiple parameters.",
                                          "aten/src/ATen/native/LinearAlgebra.cpp"),
                     "UserWarning", "torch/functional.py",
                     is_none(out) ? "return _VF.chain_matmul(matrices)  # type: ignore[attr-defined]"
                                  : "return _VF.chain_matmul(matrices, out=out)  # type: ignore[attr-defined]");
    for (const Tensor& m : ms)
      TP_CHECK(m.dim() == 2, "Tensor dimension is " + std::to_string(m.dim()) + ", expected 2 instead.");
    TP_CHECK(!ms.empty(), "chain_matmul(): Expected one or more matrices");
    if (is_none(out)) return in.wrap_tensor(ms.size() == 1 ? tp::clone(ms[0]) : tp::multi_dot(ms));
    const Tensor& o = tensor_of(out);
    if (ms.size() == 1) {
      resize_output(o, ms[0].sizes());
      tp::copy_(o, ms[0]);
      return out;
    }
    return multi_dot_out(in, ms, out);
  });
  def(linalg, "torch.linalg.", "multi_dot", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.linalg.multi_dot", a);
    ObjPtr ts = p.required("tensors", 0);
    ObjPtr out = p.kw("out");
    p.finish();
    if (!ts || (ts->kind != Kind::List && ts->kind != Kind::Tuple))
      throw TorchError("TypeError", "linalg_multi_dot(): argument 'tensors' (position 1) must be tuple of Tensors, not " +
                                        in.type_name(ts));
    if (!is_none(out) && !is_tensor(out))
      throw TorchError("TypeError", "linalg_multi_dot(): argument 'out' must be Tensor, not " + in.type_name(out));
    std::vector<Tensor> ms = tensors_of(in, sequence_items(in, ts), 0);
    if (!is_none(out)) return multi_dot_out(in, ms, out);
    return in.wrap_tensor(tp::multi_dot(ms));
  });
}

}  // namespace tp::interp::lib
