// index_add(_), index_copy(_), index_fill(_), index_put(_), take and put(_) as Tensor methods and torch.*
// functions. Signatures as in native_functions.yaml (alpha is keyword-only).
#include "core/error.h"
#include "bindings/install.h"

namespace tp::interp::lib {

namespace {

struct DimArgs {
  int64_t dim;
  Tensor index;
};

DimArgs dim_index(Interpreter& in, ArgParser& p, const std::string& fname) {
  int64_t dim = to_int(in, p.required("dim", 0), "argument 'dim'");
  return {dim, tensor_arg(in, p.required("index", 1), fname, "index", 2)};
}

Tensor index_add_call(Interpreter& in, const Tensor& self, ArgParser& p, bool inplace) {
  const std::string f = inplace ? "index_add_" : "index_add";
  DimArgs a = dim_index(in, p, f);
  const Tensor& source = tensor_arg(in, p.required("source", 2), f, "source", 3);
  ObjPtr al = p.kw("alpha");
  Scalar alpha = is_none(al) ? Scalar::from_int(1) : to_scalar(al);
  return inplace ? tp::index_add_(self, a.dim, a.index, source, alpha) : tp::index_add(self, a.dim, a.index, source, alpha);
}

Tensor index_copy_call(Interpreter& in, const Tensor& self, ArgParser& p, bool inplace) {
  const std::string f = inplace ? "index_copy_" : "index_copy";
  DimArgs a = dim_index(in, p, f);
  const Tensor& source = tensor_arg(in, p.required("source", 2), f, "source", 3);
  return inplace ? tp::index_copy_(self, a.dim, a.index, source) : tp::index_copy(self, a.dim, a.index, source);
}

// value: a Python number or a (0-dim) tensor.
Tensor index_fill_call(Interpreter& in, const Tensor& self, ArgParser& p, bool inplace) {
  const std::string f = inplace ? "index_fill_" : "index_fill";
  DimArgs a = dim_index(in, p, f);
  ObjPtr v = p.required("value", 2);
  if (is_tensor(v)) {
    const Tensor& t = tensor_of(v);
    return inplace ? tp::index_fill_(self, a.dim, a.index, t) : tp::index_fill(self, a.dim, a.index, t);
  }
  Scalar s = to_scalar(v);
  return inplace ? tp::index_fill_(self, a.dim, a.index, s) : tp::index_fill(self, a.dim, a.index, s);
}

// indices: a tuple (or list) of index tensors.
Tensor index_put_call(Interpreter& in, const Tensor& self, ArgParser& p, bool inplace) {
  const std::string f = inplace ? "index_put_" : "index_put";
  ObjPtr io = p.required("indices", 0);
  if (!io || (io->kind != Kind::Tuple && io->kind != Kind::List))
    throw TorchError("TypeError", f + "(): argument 'indices' (position 1) must be tuple of Tensors, not " +
                                      in.type_name(io));
  const auto& items = io->kind == Kind::Tuple ? cast<TupleObj>(io).items : cast<ListObj>(io).items;
  std::vector<Tensor> indices;
  for (const auto& it : items) {
    if (is_none(it)) throw TorchError("NotImplementedError", f + "() with None in indices is not supported by the playground");
    if (!is_tensor(it))
      throw TorchError("TypeError", f + "(): argument 'indices' (position 1) must be tuple of Tensors, not " +
                                        in.type_name(io));
    indices.push_back(tensor_of(it));
  }
  const Tensor& values = tensor_arg(in, p.required("values", 1), f, "values", 2);
  bool accumulate = bool_arg(in, p.get("accumulate", 2), false);
  return inplace ? tp::index_put_(self, indices, values, accumulate) : tp::index_put(self, indices, values, accumulate);
}

// put(index, source, accumulate=False); put_ is a method only (native_functions.yaml variants).
Tensor put_call(Interpreter& in, const Tensor& self, ArgParser& p, bool inplace) {
  const std::string f = inplace ? "put_" : "put";
  const Tensor& index = tensor_arg(in, p.required("index", 0), f, "index", 1);
  const Tensor& source = tensor_arg(in, p.required("source", 1), f, "source", 2);
  bool accumulate = bool_arg(in, p.get("accumulate", 2), false);
  return inplace ? tp::put_(self, index, source, accumulate) : tp::put(self, index, source, accumulate);
}

}  // namespace

void install_index_ops(Interpreter& in, ModuleObj& torch, ClassObj& tc) {
  method(tc, "index_add", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(index_add_call(in, self, p, false));
  }, &torch);
  method(tc, "index_add_", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(index_add_call(in, self, p, true));
  });
  method(tc, "index_copy", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(index_copy_call(in, self, p, false));
  }, &torch);
  method(tc, "index_copy_", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(index_copy_call(in, self, p, true));
  });
  method(tc, "index_fill", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(index_fill_call(in, self, p, false));
  }, &torch);
  method(tc, "index_fill_", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(index_fill_call(in, self, p, true));
  });
  method(tc, "index_put", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(index_put_call(in, self, p, false));
  }, &torch);
  method(tc, "index_put_", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(index_put_call(in, self, p, true));
  }, &torch);
  method(tc, "take", [](Interpreter& in, Tensor& self, ArgParser& p) {
    const Tensor& index = tensor_arg(in, p.required("index", 0), "take", "index", 1);
    return in.wrap_tensor(tp::take(self, index));
  }, &torch);
  method(tc, "put", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(put_call(in, self, p, false));
  }, &torch);
  method(tc, "put_", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(put_call(in, self, p, true));
  });
}

}  // namespace tp::interp::lib
