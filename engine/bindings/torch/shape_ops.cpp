// Shape functions built from views and gathers: broadcast_to / broadcast_tensors / broadcast_shapes, fliplr / flipud,
// rot90 and take_along_dim, as Tensor methods and torch.* functions (composites record the
// grad_fn of what they decompose into: ExpandBackward0, FlipBackward0, GatherBackward0).
#include "core/error.h"
#include "bindings/install.h"

namespace tp::interp::lib {

namespace {

Shape broadcast_all(const std::vector<Tensor>& ts) {
  Shape shape = ts.empty() ? Shape{} : ts[0].sizes();
  for (size_t i = 1; i < ts.size(); ++i) shape = native::broadcast_shapes(shape, ts[i].sizes());
  return shape;
}

// TensorAdvancedIndexing.cpp _take_along_dim_helper: each side broadcast against the other with
// `dim` taken from itself.
Tensor take_along_dim(const Tensor& self, const Tensor& indices, std::optional<int64_t> opt_dim) {
  if (!opt_dim) return tp::gather(tp::view(self, {-1}), 0, tp::view(indices, {-1}));
  TP_CHECK(self.dim() == indices.dim(),
           "torch.take_along_dim(): input and indices should have the same number of dimensions, but got " +
               std::to_string(self.dim()) + " dimensions for input, and " + std::to_string(indices.dim()) +
               " dimensions for indices");
  TP_CHECK(indices.dtype() == DType::Int64, "torch.take_along_dim(): dtype of indices should be Long but got " +
                                                scalar_type_name(indices.dtype()));
  int64_t dim = wrap_dim(*opt_dim, self.dim());
  Shape self_sizes = self.sizes();
  self_sizes[size_t(dim)] = indices.sizes()[size_t(dim)];
  Tensor idx = tp::expand(indices, native::broadcast_shapes(self_sizes, indices.sizes()));
  Shape idx_sizes = indices.sizes();
  idx_sizes[size_t(dim)] = self.sizes()[size_t(dim)];
  Tensor src = tp::expand(self, native::broadcast_shapes(idx_sizes, self.sizes()));
  return tp::gather(src, dim, idx);
}

}  // namespace

void install_shape_ops(Interpreter& in, ModuleObj& torch, ClassObj& tc) {
  method(tc, "broadcast_to", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::expand(self, to_int_list(in, p.required("size", 0), "argument 'size'")));
  }, &torch);
  // expand_outplace: a tensor already of the broadcast shape is returned as it is.
  def(torch, "torch.", "broadcast_tensors", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    std::vector<ObjPtr> items = a.args.size() == 1 && !is_tensor(a.args[0]) ? sequence_items(in, a.args[0]) : a.args;
    std::vector<Tensor> ts;
    for (auto& it : items) {
      if (!is_tensor(it))
        throw TorchError("TypeError", "expected Tensor as element " + std::to_string(ts.size()) +
                                          " in argument 0, but got " + in.type_name(it));
      ts.push_back(tensor_of(it));
    }
    Shape shape = broadcast_all(ts);
    std::vector<ObjPtr> out;
    for (size_t i = 0; i < ts.size(); ++i)
      out.push_back(ts[i].sizes() == shape ? items[i] : in.wrap_tensor(tp::expand(ts[i], shape)));
    return in.make_tuple(out);
  });
  // torch/functional.py broadcast_shapes: ints or sequences of ints, aligned from the right.
  def(torch, "torch.", "broadcast_shapes", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    std::vector<Shape> shapes;
    for (auto& s : a.args) {
      if (s->kind == Kind::Int) shapes.push_back({to_int(in, s)});
      else if (s->kind == Kind::Tuple || s->kind == Kind::List || s->kind == Kind::Size) shapes.push_back(to_int_list(in, s));
      else throw TorchError("RuntimeError", "Input shapes should be of type ints, a tuple of ints, or a list of ints, got " +
                                                in.repr(s));
    }
    size_t max_len = 0;
    for (auto& s : shapes) max_len = std::max(max_len, s.size());
    Shape result(max_len, 1);
    for (auto& s : shapes) {
      for (size_t j = 1; j <= s.size(); ++j) {
        int64_t v = s[s.size() - j];
        int64_t& r = result[max_len - j];
        if (v < 0)
          throw TorchError("RuntimeError", "Trying to create tensor with negative dimension (" + std::to_string(v) +
                                               "): (" + std::to_string(v) + ")");
        if (v == 1 || v == r) continue;
        if (r != 1) throw TorchError("RuntimeError", "Shape mismatch: objects cannot be broadcast to a single shape");
        r = v;
      }
    }
    return size_obj(in, result);
  });

  // TensorTransformations.cpp fliplr / flipud.
  method(tc, "fliplr", [](Interpreter& in, Tensor& self, ArgParser& p) {
    TP_CHECK(self.dim() >= 2, "Input must be >= 2-d.");
    return in.wrap_tensor(tp::flip(self, {1}));
  }, &torch);
  method(tc, "flipud", [](Interpreter& in, Tensor& self, ArgParser& p) {
    TP_CHECK(self.dim() >= 1, "Input must be >= 1-d.");
    return in.wrap_tensor(tp::flip(self, {0}));
  }, &torch);
  method(tc, "rot90", [](Interpreter& in, Tensor& self, ArgParser& p) {
    ObjPtr k = p.get("k", 0), d = p.get("dims", 1);
    Shape dims = is_none(d) ? Shape{0, 1} : to_int_list(in, d, "argument 'dims'");
    return in.wrap_tensor(tp::rot90(self, is_none(k) ? 1 : to_int(in, k, "argument 'k'"),
                                    std::vector<int64_t>(dims.begin(), dims.end())));
  }, &torch);
  method(tc, "take_along_dim", [](Interpreter& in, Tensor& self, ArgParser& p) {
    const Tensor& indices = tensor_arg(in, p.required("indices", 0), "take_along_dim", "indices", 2);
    return in.wrap_tensor(take_along_dim(self, indices, opt_int(in, p.get("dim", 1), "argument 'dim'")));
  }, &torch);
}

}  // namespace tp::interp::lib
