// Tensor indexing as aten/src/ATen/TensorIndexing.h does it: ints select, slices slice (a full `:`
// is skipped unless it is the lone index), None unsqueezes, Ellipsis skips dims, and tensors/lists
// become advanced indices (index / index_put_). x[i] = v takes the basic view, then copy_/fill_.
#include "core/context.h"
#include "core/error.h"
#include "bindings/install.h"
#include "python/library.h"
#include "ops/native.h"

namespace tp::interp::lib {

ObjPtr ndarray_getitem(Interpreter& in, const ObjPtr& self, const ObjPtr& index);  // bindings/numpy/ndarray.cpp
bool ndarray_setitem(Interpreter& in, const ObjPtr& self, const ObjPtr& index, const ObjPtr& value);
bool storage_item(Interpreter& in, const ObjPtr& o, int64_t i, ObjPtr& out);       // bindings/tensor/core_methods.cpp
bool storage_set_item(Interpreter& in, const ObjPtr& o, int64_t i, const ObjPtr& value);  // same file

namespace {

// Sequences inside an index become index tensors (x[[0, 2]], x[range(2), y], x[:, (0, 1)]).
bool is_index_sequence(const ObjPtr& o) {
  return o->kind == Kind::List || o->kind == Kind::Range || o->kind == Kind::Tuple;
}

// A list index such as [0, 2] or [True, False] becomes an index tensor.
Tensor list_to_index(Interpreter& in, const ObjPtr& o) {
  if (o->kind == Kind::Range) return tensor_from_data(in, in.make_list(in.iterate(o)), std::nullopt, Device{}, false, "");
  return tensor_from_data(in, o, std::nullopt, Device{}, false, "");
}

int64_t slice_part(Interpreter& in, const ObjPtr& o, int64_t fallback) {
  if (is_none(o)) return fallback;
  if (is_tensor(o)) return tp::item(tensor_of(o)).to_int();
  return to_int(in, o, "");
}

struct Indexed {
  Tensor result;
  std::vector<std::pair<int64_t, Tensor>> advanced;  // (dim in result, index tensor)
};

// applySelect: bounds checked here with Python's indexing message.
Tensor apply_select(const Tensor& t, int64_t dim, int64_t index, int64_t real_dim) {
  if (t.dim() == 0)
    throw TorchError("IndexError", "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
                                   "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number");
  int64_t size = t.sizes()[size_t(dim)];
  if (index < -size || index >= size)
    throw TorchError("IndexError", "index " + std::to_string(index) + " is out of bounds for dimension " +
                                       std::to_string(real_dim) + " with size " + std::to_string(size));
  return tp::select(t, dim, index < 0 ? index + size : index);
}

int64_t count_specified_dims(const std::vector<ObjPtr>& items) {
  int64_t n = 0;
  for (auto& it : items) {
    if (is_tensor(it)) {
      const Tensor& t = tensor_of(it);
      n += t.dtype() == DType::Bool || t.dtype() == DType::UInt8 ? std::max<int64_t>(t.dim(), 1) : 1;
    } else if (it->kind != Kind::None && it->kind != Kind::Ellipsis && it->kind != Kind::Bool) {
      ++n;
    }
  }
  return n;
}

Indexed apply_indices(Interpreter& in, const Tensor& self, const ObjPtr& index) {
  bool lone = index->kind != Kind::Tuple;
  std::vector<ObjPtr> items = lone ? std::vector<ObjPtr>{index} : cast<TupleObj>(index).items;
  int64_t specified = count_specified_dims(items);
  // A lone int goes straight to applySelect (python_variable_indexing.cpp), so a 0-dim tensor
  // reports the 0-dim message rather than "too many indices".
  bool lone_int = lone && index->kind == Kind::Int;
  if (specified > self.dim() && !lone_int)
    throw TorchError("IndexError", "too many indices for tensor of dimension " + std::to_string(self.dim()));
  Indexed out{self, {}};
  int64_t dim = 0, real_dim = 0;
  bool ellipsis_seen = false;
  for (auto& it : items) {
    Tensor& r = out.result;
    switch (it->kind) {
      case Kind::Int: {
        r = apply_select(r, dim, cast<IntObj>(it).value, real_dim);
        ++real_dim;
        break;
      }
      case Kind::Slice: {
        auto& s = cast<SliceObj>(it);
        int64_t step = slice_part(in, s.step, 1);
        if (step == 0) throw TorchError("ValueError", "slice step cannot be zero");
        if (step < 0) throw TorchError("ValueError", "step must be greater than zero");
        bool full = is_none(s.start) && is_none(s.stop) && step == 1;
        if (!full || lone) {
          std::optional<int64_t> start, stop;
          if (!is_none(s.start)) start = slice_part(in, s.start, 0);
          if (!is_none(s.stop)) stop = slice_part(in, s.stop, 0);
          r = tp::slice(r, dim, start, stop, step);
        }
        ++dim;
        ++real_dim;
        break;
      }
      case Kind::None:
        r = tp::unsqueeze(r, dim);
        ++dim;
        break;
      case Kind::Ellipsis:
        if (ellipsis_seen) throw TorchError("IndexError", "an index can only have a single ellipsis ('...')");
        ellipsis_seen = true;
        dim += self.dim() - specified;
        real_dim += self.dim() - specified;
        break;
      case Kind::Bool: {
        // x[True] adds a dim of size 1; x[False] one of size 0 (boolToIndexingTensor).
        r = tp::unsqueeze(r, dim);
        Tensor idx = cast<BoolObj>(it).value ? tp::zeros({1}, DType::Int64, r.device())
                                             : tp::zeros({0}, DType::Int64, r.device());
        out.advanced.push_back({dim, idx});
        ++dim;
        break;
      }
      case Kind::Tensor: {
        Tensor t = tensor_of(it);
        if (t.dtype() == DType::UInt8) {  // expandTensors: a byte tensor is a (deprecated) mask
          ctx().torch_warn("indexing with dtype torch.uint8 is now deprecated, please use a dtype torch.bool instead.",
                           "aten/src/ATen/native/IndexingUtils.h");
          t = tp::to(t, DType::Bool, t.device(), false);
        }
        if (t.dim() == 0 && is_integral(t.dtype(), false)) {  // a 0-dim integer tensor acts like an int
          r = apply_select(r, dim, tp::item(t).to_int(), real_dim);
          ++real_dim;
          break;
        }
        out.advanced.push_back({dim, t});
        int64_t used = t.dtype() == DType::Bool ? std::max<int64_t>(t.dim(), 1) : 1;
        dim += used;
        real_dim += used;
        break;
      }
      default: {
        if (is_index_sequence(it) || is_ndarray(it)) {
          Tensor t = is_ndarray(it) ? share_storage(array_of(it)) : list_to_index(in, it);
          out.advanced.push_back({dim, t});
          ++dim;
          ++real_dim;
          break;
        }
        throw TorchError("IndexError", "only integers, slices (`:`), ellipsis (`...`), None and long or byte "
                                       "Variables are valid indices (got " + in.type_name(it) + ")");
      }
    }
  }
  if (out.advanced.empty() && out.result.is_same(self)) {
    // x[...] / x[:, :]: the result is self itself -> a shallow alias (AliasBackward0).
    out.result = tp::alias(self);
  }
  return out;
}

void check_index_dtype(const Tensor& idx) {
  if (idx.dtype() != DType::Int64 && idx.dtype() != DType::Int32 && idx.dtype() != DType::Bool)
    throw TorchError("IndexError", "tensors used as indices must be long, int, byte or bool tensors");
}

// Several integer index tensors on consecutive dims (x[rows, cols]): broadcast them, fold them into
// one linear index over those dims brought to the front, and index once (so the result's grad_fn is
// IndexBackward0 like PyTorch's); the broadcast shape takes the place of the indexed dims.
struct Folded {
  Tensor flat;    // self with the indexed dims first, merged into one
  Tensor linear;  // int64 linear index, broadcast shape
  int64_t d0 = 0, k = 0;
};

Folded fold_indices(const Tensor& self, const std::vector<std::pair<int64_t, Tensor>>& adv) {
  Folded f;
  f.d0 = adv[0].first;
  f.k = int64_t(adv.size());
  Shape b;
  for (size_t i = 0; i < adv.size(); ++i) {
    if (adv[i].first != f.d0 + int64_t(i))
      throw TorchError("IndexError", "index tensors separated by a slice are not supported by the playground");
    check_index_dtype(adv[i].second);
    if (adv[i].second.dtype() == DType::Bool)
      throw TorchError("IndexError", "a bool mask together with other index tensors is not supported by the playground");
    b = i == 0 ? adv[i].second.sizes() : native::broadcast_shapes(b, adv[i].second.sizes());
  }
  Tensor lin;
  {
    GradModeGuard off(false);
    lin = tp::zeros(b, DType::Int64, self.device());
    for (int64_t i = 0; i < f.k; ++i) {
      int64_t d = f.d0 + i, size = self.size(d);
      Tensor t = tp::to(adv[size_t(i)].second, DType::Int64, self.device(), false);
      if (t.numel() > 0) {
        int64_t hi = tp::item(tp::amax(t, {}, false)).to_int(), lo = tp::item(tp::amin(t, {}, false)).to_int();
        int64_t bad = hi >= size ? hi : lo < -size ? lo : 0;
        if (hi >= size || lo < -size)
          throw TorchError("IndexError", "index " + std::to_string(bad) + " is out of bounds for dimension " +
                                             std::to_string(d) + " with size " + std::to_string(size));
      }
      Tensor neg = tp::compare(t, native::wrap_scalar(Scalar::from_int(0)), CompareOp::Lt);
      t = tp::add(t, tp::mul(tp::to(neg, DType::Int64, self.device(), false), native::wrap_scalar(Scalar::from_int(size))));
      lin = tp::add(tp::mul(lin, native::wrap_scalar(Scalar::from_int(size))), t);
    }
  }
  Shape order, merged{-1};
  for (int64_t i = 0; i < f.k; ++i) order.push_back(f.d0 + i);
  for (int64_t d = 0; d < self.dim(); ++d)
    if (d < f.d0 || d >= f.d0 + f.k) { order.push_back(d); merged.push_back(self.size(d)); }
  Tensor front = f.d0 == 0 ? self : tp::permute(self, order);
  f.flat = f.k == 1 && f.d0 == 0 ? self : tp::reshape(front, merged);
  f.linear = lin;
  return f;
}

Tensor apply_advanced(const Indexed& ix) {
  if (ix.advanced.size() == 1) {
    auto& [dim, idx] = ix.advanced[0];
    check_index_dtype(idx);
    if (dim == 0) return tp::index(ix.result, idx);
    if (idx.dtype() == DType::Bool)
      throw TorchError("IndexError", "a bool mask after the first dim is not supported by the playground");
  }
  Folded f = fold_indices(ix.result, ix.advanced);
  Tensor r = tp::index(f.flat, f.linear);
  if (f.d0 == 0) return r;
  // Result dims are (index dims, leading dims, trailing dims): move the leading ones back in front.
  int64_t nb = f.linear.dim();
  Shape order;
  for (int64_t d = 0; d < f.d0; ++d) order.push_back(nb + d);
  for (int64_t d = 0; d < nb; ++d) order.push_back(d);
  for (int64_t d = nb + f.d0; d < r.dim(); ++d) order.push_back(d);
  return tp::permute(r, order);
}

Tensor value_tensor(Interpreter& in, const Tensor& like, const ObjPtr& value) {
  if (is_tensor(value)) return tensor_of(value);
  if (is_number(value)) {  // scalarToTensor: at::scalar_tensor fills through Scalar::to<T> (checked)
    native::check_scalar_fits(to_scalar(value), like.dtype(), /*storing=*/false);
    return tp::full({}, to_scalar(value), like.dtype(), like.device());
  }
  if (is_ndarray(value)) return share_storage(array_of(value));
  if (value->kind == Kind::List || value->kind == Kind::Tuple)
    return tensor_from_data(in, value, like.dtype(), like.device(), true, "");
  throw TorchError("TypeError", "can't assign a " + in.type_name(value) + " to a " +
                                    std::string("torch.") + legacy_type_name(like.dtype()));
}

// copy_to (TensorIndexing.h): same sizes -> copy_; a 0-dim cpu source -> fill_; else copy_ broadcasting.
void copy_to(const Tensor& dst, const ObjPtr& value, const Tensor& src) {
  if (dst.sizes() == src.sizes()) {
    tp::copy_(dst, src);
  } else if (src.dim() == 0 && src.device().is_cpu() && !is_tensor(value)) {
    tp::fill_(dst, tp::item(src));
  } else {
    // slicePrefix1sSize: leading size-1 dims of the value are dropped (a[0] = t_of_shape_1).
    Shape sizes = src.sizes();
    size_t first = 0;
    while (first < sizes.size() && sizes[first] == 1) ++first;
    Tensor s = first == 0 ? src : tp::view(src, Shape(sizes.begin() + long(first), sizes.end()));
    tp::copy_(dst, s);
  }
}

}  // namespace

ObjPtr getitem(Interpreter& in, const ObjPtr& self, const ObjPtr& index) {
  switch (self->kind) {
    case Kind::Tensor: {
      Indexed ix = apply_indices(in, tensor_of(self), index);
      return in.wrap_tensor(ix.advanced.empty() ? ix.result : apply_advanced(ix));
    }
    case Kind::NdArray: return ndarray_getitem(in, self, index);
    case Kind::Instance: {
      ObjPtr out;
      if (auto* s = obj_cast<StructSeqObj>(self.get())) {
        int64_t i = to_int(in, index, "");
        int64_t n = int64_t(s->items.size());
        if (i < 0) i += n;
        if (i < 0 || i >= n) throw TorchError("IndexError", "tuple index out of range");
        return s->items[size_t(i)];
      }
      if (index->kind == Kind::Int && storage_item(in, self, cast<IntObj>(index).value, out)) return out;
      return nullptr;
    }
    default: return nullptr;
  }
}

bool setitem(Interpreter& in, const ObjPtr& self, const ObjPtr& index, const ObjPtr& value) {
  if (is_ndarray(self)) return ndarray_setitem(in, self, index, value);
  if (index->kind == Kind::Int && storage_set_item(in, self, cast<IntObj>(index).value, value)) return true;
  if (!is_tensor(self)) return false;
  const Tensor& t = tensor_of(self);
  if (index->kind == Kind::Bool && !cast<BoolObj>(index).value) return true;  // x[False] = v does nothing
  Indexed ix = apply_indices(in, t, index);
  Tensor src = value_tensor(in, t, value);
  if (ix.advanced.empty()) {
    copy_to(ix.result, value, src);
    return true;
  }
  if (ix.advanced.size() == 1 && ix.advanced[0].first == 0) {
    check_index_dtype(ix.advanced[0].second);
    tp::index_put_(ix.result, ix.advanced[0].second, src);
    return true;
  }
  // x[rows, cols] = v: write through the folded view (only when folding did not copy).
  Folded f = fold_indices(ix.result, ix.advanced);
  if (f.d0 != 0 || f.flat.storage() != ix.result.storage() || !ix.result.is_contiguous())
    throw TorchError("IndexError", "this advanced index assignment is not supported by the playground");
  tp::index_put_(f.flat, f.linear, src);
  return true;
}

}  // namespace tp::interp::lib
