// Composite joining and differencing functions, built from differentiable primitives so their
// grad_fn is whatever the last primitive records (as in ATen's CompositeImplicitAutograd kernels):
// atleast_1d/2d/3d, hstack/vstack/row_stack/dstack/column_stack (TensorShape.cpp) and diff
// (ReduceOps.cpp diff_helper: narrow(dim, 1, len) - narrow(dim, 0, len), n times).
#include <memory>
#include "bindings/install.h"
#include "core/context.h"
#include "core/error.h"
#include "ops/math/bitwise.h"

namespace tp::interp::lib {

namespace {

std::vector<Tensor> tensors_arg(Interpreter& in, const ObjPtr& o, const std::string& fname) {
  if (!o || (o->kind != Kind::List && o->kind != Kind::Tuple))
    throw TorchError("TypeError", fname + "(): argument 'tensors' (position 1) must be tuple of Tensors, not " +
                                      in.type_name(o));
  std::vector<Tensor> out;
  for (auto& it : sequence_items(in, o)) {
    if (!is_tensor(it))
      throw TorchError("TypeError", "expected Tensor as element " + std::to_string(out.size()) +
                                        " in argument 0, but got " + in.type_name(it));
    out.push_back(tensor_of(it));
  }
  return out;
}

// TensorShape.cpp atleast_1d/2d/3d.
Tensor atleast(const Tensor& t, int n) {
  int64_t d = t.dim();
  if (n == 1) return d == 0 ? tp::reshape(t, {1}) : t;
  if (n == 2) {
    if (d == 0) return tp::reshape(t, {1, 1});
    if (d == 1) return tp::unsqueeze(t, 0);
    return t;
  }
  if (d == 0) return tp::reshape(t, {1, 1, 1});
  if (d == 1) return tp::unsqueeze(tp::unsqueeze(t, 0), -1);
  if (d == 2) return tp::unsqueeze(t, -1);
  return t;
}

std::vector<Tensor> atleast_all(const std::vector<Tensor>& ts, int n) {
  std::vector<Tensor> out;
  for (const Tensor& t : ts) out.push_back(atleast(t, n));
  return out;
}

Tensor hstack(const std::vector<Tensor>& ts) {
  TP_CHECK(!ts.empty(), "hstack expects a non-empty TensorList");
  auto rep = atleast_all(ts, 1);
  return tp::cat(rep, rep[0].dim() == 1 ? 0 : 1);
}

// ReduceOps.cpp diff_check_compatible_shape / diff_check / diff_helper.
void diff_check_shape(const Tensor& self, const Tensor& other, int64_t dim) {
  TP_CHECK(self.dim() == other.dim(), "diff expects prepend or append to be the same dimension as input");
  for (int64_t i = 0; i < other.dim(); ++i) {
    if (i == dim) continue;
    TP_CHECK(self.size(i) == other.size(i),
             "diff expects the shape of tensor to prepend or append to match that of input except along the "
             "differencing dimension; input.size(" + std::to_string(i) + ") = " + std::to_string(self.size(i)) +
                 ", but got tensor.size(" + std::to_string(i) + ") = " + std::to_string(other.size(i)));
  }
}

Tensor diff(const Tensor& input, int64_t n, int64_t dim, const Tensor* prepend, const Tensor* append) {
  TP_CHECK(input.dim() >= 1, "diff expects input to be at least one-dimensional");
  TP_CHECK(n >= 0, "order must be non-negative but got " + std::to_string(n));
  dim = wrap_dim(dim, input.dim());
  Tensor self = input;
  if (prepend || append) {
    std::vector<Tensor> parts;
    if (prepend) { diff_check_shape(input, *prepend, dim); parts.push_back(*prepend); }
    parts.push_back(input);
    if (append) { diff_check_shape(input, *append, dim); parts.push_back(*append); }
    self = tp::cat(parts, dim);
  }
  if (n == 0) {
    Tensor r = native::zeros(self.sizes(), self.dtype(), self.device());
    return tp::copy_(r, self);
  }
  int64_t out_len = self.size(dim) - 1;
  if (n > self.size(dim)) n = self.size(dim);
  Tensor result = self;
  for (int64_t i = 0; i < n; ++i) {
    Tensor hi = tp::narrow(result, dim, 1, out_len), lo = tp::narrow(result, dim, 0, out_len);
    result = self.dtype() == DType::Bool ? native::bitwise(hi, lo, BitwiseOp::Xor) : tp::sub(hi, lo);
    out_len -= 1;
  }
  return result;
}

}  // namespace

void install_joining(Interpreter& in, ModuleObj& torch, ClassObj& tc) {
  for (int n : {1, 2, 3}) {
    std::string name = "atleast_" + std::to_string(n) + "d";
    // atleast_Nd(t) returns a tensor; atleast_Nd(t1, t2, ...) or atleast_Nd([t1, t2]) a tuple.
    def(torch, "torch.", name, [n, name](Interpreter& in, CallArgs& a) -> ObjPtr {
      if (!a.kwargs.empty())  // torch/functional.py def atleast_Nd(*tensors)
        throw TorchError("TypeError", name + "() got an unexpected keyword argument '" + a.kwargs[0].first + "'");
      if (a.args.size() == 1 && is_tensor(a.args[0]) && a.kwargs.empty())
        return in.wrap_tensor(atleast(tensor_of(a.args[0]), n));
      std::vector<ObjPtr> items = a.args.size() == 1 ? sequence_items(in, a.args[0]) : a.args;
      std::vector<ObjPtr> out;
      for (auto& it : items) {
        if (!is_tensor(it))
          throw TorchError("TypeError", name + "(): argument 'tensors' must be tuple of Tensors, not " + in.type_name(it));
        out.push_back(in.wrap_tensor(atleast(tensor_of(it), n)));
      }
      return in.make_tuple(out);
    });
  }
  def(torch, "torch.", "hstack", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.hstack", a);
    auto ts = tensors_arg(in, p.required("tensors", 0), "hstack");
    p.finish();
    return in.wrap_tensor(hstack(ts));
  });
  for (const char* nm : {"vstack", "row_stack"}) {
    std::string name = nm;
    def(torch, "torch.", name, [name](Interpreter& in, CallArgs& a) -> ObjPtr {
      ArgParser p(in, "torch." + name, a);
      auto ts = tensors_arg(in, p.required("tensors", 0), name);
      p.finish();
      TP_CHECK(!ts.empty(), "vstack expects a non-empty TensorList");
      return in.wrap_tensor(tp::cat(atleast_all(ts, 2), 0));
    });
  }
  def(torch, "torch.", "dstack", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.dstack", a);
    auto ts = tensors_arg(in, p.required("tensors", 0), "dstack");
    p.finish();
    TP_CHECK(!ts.empty(), "dstack expects a non-empty TensorList");
    return in.wrap_tensor(tp::cat(atleast_all(ts, 3), 2));
  });
  def(torch, "torch.", "column_stack", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.column_stack", a);
    auto ts = tensors_arg(in, p.required("tensors", 0), "column_stack");
    p.finish();
    TP_CHECK(!ts.empty(), "column_stack expects a non-empty TensorList");
    std::vector<Tensor> cols;
    for (const Tensor& t : ts) cols.push_back(t.dim() <= 1 ? tp::reshape(t, {t.numel(), 1}) : t);
    return in.wrap_tensor(hstack(cols));
  });
  // torch.meshgrid(*tensors, indexing=None) as TensorShape.cpp meshgrid: tensors[i].view(-1 at i,
  // 1 elsewhere).expand(shape) (expanded views: ExpandBackward0, stride 0 along the other dims);
  // "xy" swaps the first two inputs and then the first two outputs. Without indexing= PyTorch
  // warns once per process (TORCH_WARN_ONCE); `warned` is this session's flag.
  auto warned = std::make_shared<bool>(false);
  def(torch, "torch.", "meshgrid", [warned](Interpreter& in, CallArgs& a) -> ObjPtr {
    std::string indexing;
    for (auto& kw : a.kwargs) {
      if (kw.first != "indexing")
        throw TorchError("TypeError", "meshgrid() got an unexpected keyword argument '" + kw.first + "'");
      if (!is_none(kw.second)) indexing = to_str(in, kw.second);
    }
    std::vector<ObjPtr> items = a.args;
    if (items.size() == 1 && (items[0]->kind == Kind::List || items[0]->kind == Kind::Tuple))
      items = sequence_items(in, items[0]);
    std::vector<Tensor> ts;
    for (auto& it : items) {
      if (!is_tensor(it))
        throw TorchError("TypeError", "expected Tensor as element " + std::to_string(ts.size()) +
                                          " in argument 0, but got " + in.type_name(it));
      ts.push_back(tensor_of(it));
    }
    if (indexing.empty()) {
      if (!*warned) {
        *warned = true;
        // TORCH_WARN_ONCE in TensorShape.cpp, reached from torch/functional.py's _meshgrid, whose frame
        // is the warning's location: Note [Warnings from PyTorch's C++]
        in.warn_explicit(triggered_internally("torch.meshgrid: in an upcoming release, it will be required to pass the "
                                              "indexing argument.", "aten/src/ATen/native/TensorShape.cpp"),
                         "UserWarning", "torch/functional.py", "return _VF.meshgrid(tensors, **kwargs)  # type: ignore[attr-defined]");
      }
      indexing = "ij";
    }
    TP_CHECK(!ts.empty(), "meshgrid expects a non-empty TensorList");
    for (size_t i = 0; i + 1 < ts.size(); ++i) {
      TP_CHECK(ts[i].dtype() == ts[i + 1].dtype(), "meshgrid expects all tensors to have the same dtype");
      TP_CHECK(ts[i].device() == ts[i + 1].device(), "meshgrid expects all tensors to have the same device");
    }
    bool swap = false;
    if (indexing == "xy") {
      swap = ts.size() >= 2;
      if (swap) std::swap(ts[0], ts[1]);
    } else {
      TP_CHECK(indexing == "ij", "torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: " + indexing);
    }
    Shape shape;
    for (const Tensor& t : ts) {
      // PyTorch prints the tensor with ATen's operator<<; the Python repr stands in for it here.
      TP_CHECK(t.dim() <= 1, "torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: " +
                                 in.repr(in.wrap_tensor(t)));
      shape.push_back(t.numel());
    }
    std::vector<ObjPtr> grids;
    Shape view_shape(ts.size(), 1);
    for (size_t i = 0; i < ts.size(); ++i) {
      view_shape[i] = -1;
      grids.push_back(in.wrap_tensor(tp::expand(tp::view(ts[i], view_shape), shape)));
      view_shape[i] = 1;
    }
    if (swap) std::swap(grids[0], grids[1]);
    return in.make_tuple(grids);
  });
  method(tc, "diff", [](Interpreter& in, Tensor& self, ArgParser& p) {
    int64_t n = is_none(p.get("n", 0)) ? 1 : to_int(in, p.get("n", 0), "argument 'n'");
    int64_t dim = is_none(p.get("dim", 1)) ? -1 : to_int(in, p.get("dim", 1), "argument 'dim'");
    ObjPtr pre = p.get("prepend", 2), app = p.get("append", 3);
    std::optional<Tensor> pt, at;
    if (!is_none(pre)) pt = tensor_arg(in, pre, "diff", "prepend", 4);
    if (!is_none(app)) at = tensor_arg(in, app, "diff", "append", 5);
    return in.wrap_tensor(diff(self, n, dim, pt ? &*pt : nullptr, at ? &*at : nullptr));
  }, &torch);
}

}  // namespace tp::interp::lib
