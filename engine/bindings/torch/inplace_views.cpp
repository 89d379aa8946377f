// Tensor methods and torch.* functions for the in-place views (t_, transpose_, swapdims_/swapaxes_,
// squeeze_, unsqueeze_), movedim/moveaxis, tile, diag, tril/triu (and their in-place forms),
// outer/ger, and the function form torch.masked_fill.
#include "bindings/install.h"

namespace tp::interp::lib {

namespace {

int64_t int_arg(Interpreter& in, ArgParser& p, const std::string& name, size_t i) {
  return to_int(in, p.required(name, i), "argument '" + name + "'");
}

int64_t int_arg_or(Interpreter& in, ArgParser& p, const std::string& name, size_t i, int64_t fallback) {
  ObjPtr o = p.get(name, i);
  return is_none(o) ? fallback : to_int(in, o, "argument '" + name + "'");
}

// movedim's `source` / `destination`: one int or a sequence of ints (its two overloads).
Shape int_or_ints(Interpreter& in, const ObjPtr& o, const std::string& name) {
  if (o->kind == Kind::List || o->kind == Kind::Tuple || o->kind == Kind::Size)
    return to_int_list(in, o, "argument '" + name + "'");
  return {to_int(in, o, "argument '" + name + "'")};
}

}  // namespace

void install_shape_methods(Interpreter& in, ModuleObj& torch, ClassObj& tc) {
  // ---------------------------------------------------------------- in-place views
  method(tc, "t_", [](Interpreter& in, Tensor& self, ArgParser& p) { return in.wrap_tensor(tp::t_(self)); });
  auto transpose_ = [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::transpose_(self, int_arg(in, p, "dim0", 0), int_arg(in, p, "dim1", 1)));
  };
  method(tc, "transpose_", transpose_);
  method(tc, "swapdims_", transpose_);  // TensorShape.cpp: both are self.transpose_(dim0, dim1)
  method(tc, "swapaxes_", transpose_);
  method(tc, "squeeze_", [](Interpreter& in, Tensor& self, ArgParser& p) {
    ObjPtr d = p.get("dim", 0);
    if (is_none(d)) return in.wrap_tensor(tp::squeeze_(self));
    if (d->kind == Kind::Int) return in.wrap_tensor(tp::squeeze_(self, to_int(in, d)));
    return in.wrap_tensor(tp::squeeze_(self, dims_arg(in, d)));
  });
  method(tc, "unsqueeze_", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::unsqueeze_(self, int_arg(in, p, "dim", 0)));
  });

  // ---------------------------------------------------------------- shapes
  Method movedim = [](Interpreter& in, Tensor& self, ArgParser& p) {
    Shape src = int_or_ints(in, p.required("source", 0), "source");
    Shape dst = int_or_ints(in, p.required("destination", 1), "destination");
    return in.wrap_tensor(tp::movedim(self, src, dst));
  };
  method(tc, "movedim", movedim, &torch);
  method(tc, "moveaxis", movedim, &torch);
  method(tc, "tile", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::tile(self, sizes_from(in, p, 0, "dims")));
  }, &torch);

  // ---------------------------------------------------------------- triangles and diagonals
  method(tc, "diag", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::diag(self, int_arg_or(in, p, "diagonal", 0, 0)));
  }, &torch);
  method(tc, "tril", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::tril(self, int_arg_or(in, p, "diagonal", 0, 0)));
  }, &torch);
  method(tc, "triu", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::triu(self, int_arg_or(in, p, "diagonal", 0, 0)));
  }, &torch);
  method(tc, "tril_", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::tril_(self, int_arg_or(in, p, "diagonal", 0, 0)));
  });
  method(tc, "triu_", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::triu_(self, int_arg_or(in, p, "diagonal", 0, 0)));
  });

  // ---------------------------------------------------------------- products
  for (const char* name : {"outer", "ger"}) {  // ger is outer under its old name
    method(tc, name, [name](Interpreter& in, Tensor& self, ArgParser& p) {
      return in.wrap_tensor(tp::outer(self, tensor_arg(in, p.required("vec2", 0), name, "vec2", 1)));
    }, &torch);
  }

  torch.set("masked_fill", tc.get("masked_fill"));  // torch.masked_fill(input, mask, value)
}

}  // namespace tp::interp::lib
