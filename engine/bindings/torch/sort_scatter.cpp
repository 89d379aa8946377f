// Scans, orderings and gather/scatter as Tensor methods and torch.* functions: cumsum/cumprod,
// sort/argsort (torch.return_types.sort), topk (torch.return_types.topk), flip, gather, scatter(_),
// scatter_add(_). Signatures as in native_functions.yaml.
#include "core/error.h"
#include "bindings/install.h"

namespace tp::interp::lib {

namespace {

int64_t dim_or(Interpreter& in, const ObjPtr& o, int64_t fallback) {
  return is_none(o) ? fallback : to_int(in, o, "argument 'dim'");
}

const Tensor& index_arg(Interpreter& in, ArgParser& p, const std::string& fname) {
  return tensor_arg(in, p.required("index", 1), fname, "index", 2);
}

// scatter(dim, index, src) / scatter(dim, index, value): src may be a tensor or a Python number.
Tensor scatter_call(Interpreter& in, const Tensor& self, ArgParser& p, const std::string& fname, bool inplace) {
  int64_t dim = to_int(in, p.required("dim", 0), "argument 'dim'");
  const Tensor& index = index_arg(in, p, fname);
  ObjPtr src = p.get("src", 2);
  if (is_none(src)) src = p.kw("value");
  if (is_none(src)) throw TorchError("TypeError", fname + "() missing 1 required positional arguments: \"src\"");
  if (!is_none(p.kw("reduce")))
    throw TorchError("NotImplementedError", fname + "(reduce=...) is not supported by the playground");
  if (is_tensor(src)) {
    const Tensor& s = tensor_of(src);
    return inplace ? tp::scatter_(self, dim, index, s) : tp::scatter(self, dim, index, s);
  }
  Scalar v = to_scalar(src);
  return inplace ? tp::scatter_(self, dim, index, v) : tp::scatter(self, dim, index, v);
}

Tensor scatter_add_call(Interpreter& in, const Tensor& self, ArgParser& p, bool inplace) {
  int64_t dim = to_int(in, p.required("dim", 0), "argument 'dim'");
  const Tensor& index = index_arg(in, p, "scatter_add");
  const Tensor& src = tensor_arg(in, p.required("src", 2), "scatter_add", "src", 3);
  return inplace ? tp::scatter_add_(self, dim, index, src) : tp::scatter_add(self, dim, index, src);
}

}  // namespace

void install_sort_scatter(Interpreter& in, ModuleObj& torch, ClassObj& tc) {
  for (const char* n : {"cumsum", "cumprod"}) {
    bool prod = std::string(n) == "cumprod";
    method(tc, n, [prod](Interpreter& in, Tensor& self, ArgParser& p) {
      int64_t dim = to_int(in, p.required("dim", 0), "argument 'dim'");
      auto dtype = opt_dtype(p.kw("dtype"));
      return in.wrap_tensor(prod ? tp::cumprod(self, dim, dtype) : tp::cumsum(self, dim, dtype));
    }, &torch);
  }
  method(tc, "sort", [](Interpreter& in, Tensor& self, ArgParser& p) {
    int64_t dim = dim_or(in, p.get("dim", 0), -1);
    bool descending = bool_arg(in, p.get("descending", 1), false);
    p.kw("stable");  // our sort is always stable
    auto r = tp::sort(self, dim, descending);
    return make_struct_seq(in, "torch.return_types.sort", {"values", "indices"},
                           {in.wrap_tensor(r.first), in.wrap_tensor(r.second)});
  }, &torch);
  method(tc, "argsort", [](Interpreter& in, Tensor& self, ArgParser& p) {
    int64_t dim = dim_or(in, p.get("dim", 0), -1);
    bool descending = bool_arg(in, p.get("descending", 1), false);
    p.kw("stable");
    return in.wrap_tensor(tp::argsort(self, dim, descending));
  }, &torch);
  method(tc, "topk", [](Interpreter& in, Tensor& self, ArgParser& p) {
    int64_t k = to_int(in, p.required("k", 0), "argument 'k'");
    int64_t dim = dim_or(in, p.get("dim", 1), -1);
    bool largest = bool_arg(in, p.get("largest", 2), true);
    bool_arg(in, p.get("sorted", 3), true);  // results are always sorted
    auto r = tp::topk(self, k, dim, largest);
    return make_struct_seq(in, "torch.return_types.topk", {"values", "indices"},
                           {in.wrap_tensor(r.first), in.wrap_tensor(r.second)});
  }, &torch);
  method(tc, "flip", [](Interpreter& in, Tensor& self, ArgParser& p) {
    Shape dims = sizes_from(in, p, 0, "dims");
    return in.wrap_tensor(tp::flip(self, std::vector<int64_t>(dims.begin(), dims.end())));
  }, &torch);
  method(tc, "trace", [](Interpreter& in, Tensor& self, ArgParser& p) { return in.wrap_tensor(tp::trace(self)); }, &torch);
  method(tc, "roll", [](Interpreter& in, Tensor& self, ArgParser& p) {
    ObjPtr so = p.required("shifts", 0);
    Shape shifts = so->kind == Kind::Int ? Shape{to_int(in, so)} : to_int_list(in, so, "shifts");
    ObjPtr d = p.get("dims", 1);
    std::vector<int64_t> dims;
    if (!is_none(d)) {
      Shape ds = d->kind == Kind::Int ? Shape{to_int(in, d)} : to_int_list(in, d, "dims");
      dims.assign(ds.begin(), ds.end());
    }
    return in.wrap_tensor(tp::roll(self, std::vector<int64_t>(shifts.begin(), shifts.end()), dims));
  }, &torch);
  method(tc, "gather", [](Interpreter& in, Tensor& self, ArgParser& p) {
    int64_t dim = to_int(in, p.required("dim", 0), "argument 'dim'");
    const Tensor& index = index_arg(in, p, "gather");
    p.kw("sparse_grad");
    return in.wrap_tensor(tp::gather(self, dim, index));
  }, &torch);
  method(tc, "scatter", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(scatter_call(in, self, p, "scatter", false));
  }, &torch);
  method(tc, "scatter_", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(scatter_call(in, self, p, "scatter_", true));
  });
  method(tc, "scatter_add", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(scatter_add_call(in, self, p, false));
  }, &torch);
  method(tc, "scatter_add_", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(scatter_add_call(in, self, p, true));
  });
}

}  // namespace tp::interp::lib
