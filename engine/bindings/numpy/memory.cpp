// What numpy tells about an array's memory: ndarray.base (collapsed to the owner as numpy does),
// flags (C_CONTIGUOUS/F_CONTIGUOUS from byte strides, OWNDATA), view(), ctypes.data and
// __array_interface__ (the simulated address, equal to a sharing tensor's data_ptr()), and
// np.shares_memory / may_share_memory / ascontiguousarray / copy.
#include <algorithm>

#include "core/context.h"
#include "core/error.h"
#include "bindings/install.h"
#include "bindings/numpy/ndarray.h"

namespace tp::interp::lib {

ObjPtr tensor_to_numpy(Interpreter& in, const Tensor& self, bool force);  // bindings/tensor/core_methods.cpp

namespace {

NdArrayObj& arr_obj(const ObjPtr& o) { return static_cast<NdArrayObj&>(*o); }

// numpy's _UpdateContiguousFlags: dims of size 1 are skipped, any dim of size 0 makes both true.
bool is_contiguous_bytes(const Tensor& a, bool c_order) {
  int64_t expected = int64_t(a.element_size());
  for (int64_t k = 0; k < a.dim(); ++k) {
    int64_t i = c_order ? a.dim() - 1 - k : k;
    int64_t n = a.sizes()[size_t(i)];
    if (n == 0) return true;
    if (n == 1) continue;
    if (a.strides()[size_t(i)] * int64_t(a.element_size()) != expected) return false;
    expected *= n;
  }
  return true;
}

bool owns_data(const ObjPtr& self) { return !arr_obj(self).base; }

// Byte offset of every element from the storage start (for shares_memory's exact answer).
std::vector<int64_t> element_offsets(const Tensor& a) {
  std::vector<int64_t> out;
  if (a.numel() == 0) return out;
  std::vector<int64_t> idx(size_t(a.dim()), 0);
  int64_t es = int64_t(a.element_size());
  for (int64_t n = 0; n < a.numel(); ++n) {
    int64_t off = a.storage_offset();
    for (size_t d = 0; d < idx.size(); ++d) off += idx[d] * a.strides()[d];
    out.push_back(off * es);
    for (int64_t d = a.dim() - 1; d >= 0; --d) {
      if (++idx[size_t(d)] < a.sizes()[size_t(d)]) break;
      idx[size_t(d)] = 0;
    }
  }
  return out;
}

// [low, high) bytes spanned by the array: numpy's get_array_memory_extents.
std::pair<int64_t, int64_t> extents(const Tensor& a) {
  int64_t es = int64_t(a.element_size()), lo = a.storage_offset() * es, hi = lo + es;
  for (int64_t d = 0; d < a.dim(); ++d) {
    int64_t span = (a.sizes()[size_t(d)] - 1) * a.strides()[size_t(d)] * es;
    (span < 0 ? lo : hi) += span;
  }
  return {lo, hi};
}

// The memory an argument of shares_memory names: arrays, and tensors through Tensor.__array__.
std::optional<Tensor> memory_of(const ObjPtr& o) {
  if (is_ndarray(o)) return array_of(o);
  if (is_tensor(o) && tensor_of(o).device().is_cpu()) return tensor_of(o);
  return std::nullopt;  // lists and numbers become new arrays: they share nothing
}

bool overlap(const Tensor& a, const Tensor& b, bool exact) {
  if (a.storage() != b.storage() || a.numel() == 0 || b.numel() == 0) return false;
  auto [alo, ahi] = extents(a);
  auto [blo, bhi] = extents(b);
  if (ahi <= blo || bhi <= alo) return false;
  if (!exact) return true;
  std::vector<int64_t> as = element_offsets(a), bs = element_offsets(b);
  std::sort(as.begin(), as.end());
  int64_t ia = int64_t(a.element_size()), ib = int64_t(b.element_size());
  for (int64_t s : bs) {  // some a element starts inside (s - ia, s + ib)
    auto it = std::upper_bound(as.begin(), as.end(), s - ia);
    if (it != as.end() && *it < s + ib) return true;
  }
  return false;
}

// numpy's flags object: a snapshot of the array's flags, read by attribute or by key.
ObjPtr flags_object(Interpreter& in, const ObjPtr& self) {
  static const char* kType = "flagsobj";
  const Tensor& a = array_of(self);
  bool c = is_contiguous_bytes(a, true), f = is_contiguous_bytes(a, false), own = owns_data(self);
  auto cls = make_class(kType);
  cls->set("__module__", in.make_str("numpy._core.multiarray"));
  auto o = std::make_shared<InstanceObj>(kType);
  o->cls = cls;
  std::vector<std::pair<std::string, bool>> named = {
      {"c_contiguous", c}, {"f_contiguous", f}, {"owndata", own}, {"writeable", true}, {"aligned", true},
      {"writebackifcopy", false}, {"contiguous", c}, {"fortran", f}, {"behaved", true}, {"carray", c},
      {"farray", f && !c}, {"fnc", f && !c}, {"forc", f || c}};
  for (auto& [k, v] : named) o->set(k, in.make_bool(v));
  auto tf = [](bool v) { return std::string(v ? "True" : "False"); };
  std::string text = "  C_CONTIGUOUS : " + tf(c) + "\n  F_CONTIGUOUS : " + tf(f) + "\n  OWNDATA : " + tf(own) +
                     "\n  WRITEABLE : True\n  ALIGNED : True\n  WRITEBACKIFCOPY : False\n";
  o->repr_hook = [text](Interpreter&) { return text; };
  // arrayflags_getitem: the long names and numpy's one/two-letter abbreviations.
  def(*cls, "flagsobj.", "__getitem__", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    static const std::vector<std::pair<std::string, std::string>> keys = {
        {"C", "c_contiguous"}, {"F", "f_contiguous"}, {"W", "writeable"}, {"B", "behaved"}, {"O", "owndata"},
        {"A", "aligned"}, {"X", "writebackifcopy"}, {"CA", "carray"}, {"FA", "farray"}, {"FNC", "fnc"},
        {"FORC", "forc"}, {"CARRAY", "carray"}, {"FARRAY", "farray"}, {"FORTRAN", "fortran"},
        {"BEHAVED", "behaved"}, {"OWNDATA", "owndata"}, {"ALIGNED", "aligned"}, {"WRITEABLE", "writeable"},
        {"CONTIGUOUS", "contiguous"}, {"C_CONTIGUOUS", "c_contiguous"}, {"F_CONTIGUOUS", "f_contiguous"},
        {"WRITEBACKIFCOPY", "writebackifcopy"}};
    ObjPtr key = a.args.at(1);
    if (key->kind == Kind::Str)
      for (auto& [k, attr] : keys)
        if (cast<StrObj>(key).value == k) return cast<InstanceObj>(a.args.at(0)).get(attr);
    throw TorchError("KeyError", "'Unknown flag'");
  });
  return o;
}

// numpy's __array_interface__ for the dtypes we have (little-endian).
std::string typestr(DType d) {
  switch (d) {
    case DType::Bool: return "|b1";
    case DType::UInt8: return "|u1";
    case DType::Int8: return "|i1";
    case DType::Int16: return "<i2";
    case DType::Float16: return "<f2";
    case DType::Int32: return "<i4";
    case DType::Int64: return "<i8";
    case DType::Float32: return "<f4";
    default: return "<f8";
  }
}

ObjPtr array_interface(Interpreter& in, const Tensor& a, bool c_contiguous) {
  ObjPtr strides = in.none();
  if (!c_contiguous) {
    Shape s;
    for (int64_t st : a.strides()) s.push_back(st * int64_t(a.element_size()));
    strides = int_tuple(in, s);
  }
  ObjPtr descr = in.make_list({in.make_tuple({in.make_str(""), in.make_str(typestr(a.dtype()))})});
  return in.make_dict({{in.make_str("data"), in.make_tuple({in.make_int(int64_t(a.data_ptr())), in.make_bool(false)})},
                       {in.make_str("strides"), strides},
                       {in.make_str("descr"), descr},
                       {in.make_str("typestr"), in.make_str(typestr(a.dtype()))},
                       {in.make_str("shape"), int_tuple(in, a.sizes())},
                       {in.make_str("version"), in.make_int(3)}});
}

// ndarray.view(dtype): the same bytes read as another dtype of the same item size.
Tensor view_as_dtype(const Tensor& a, DType d) {
  if (itemsize(d) != a.element_size())
    throw TorchError("NotImplementedError",
                     "ndarray.view(dtype) to a dtype of a different size is not supported by the playground");
  return make_tensor(a.storage(), a.sizes(), a.strides(), a.storage_offset(), d, ctx().new_version_counter());
}

}  // namespace

ObjPtr np_view_result(Interpreter& in, const ObjPtr& parent, const Tensor& t) {
  ObjPtr r = np_result(in, t);
  if (!is_ndarray(r) || r == parent || array_of(r).storage() != array_of(parent).storage() || arr_obj(r).base)
    return r;
  // PyArray_SetBaseObject: the first owner of the data, or the first base that is not an array.
  const ObjPtr& up = arr_obj(parent).base;
  arr_obj(r).base = up && is_ndarray(up) ? up : parent;
  return r;
}

Tensor np_c_copy(const Tensor& t) {
  Tensor c = tp::contiguous(t);
  return c.impl() == t.impl() ? tp::clone(c) : c;
}

ObjPtr np_array_obj(Interpreter& in, const ObjPtr& o) {
  return is_ndarray(o) ? o : in.wrap_ndarray(np_array_from(in, o, std::nullopt));
}

ObjPtr ndarray_memory_getattr(Interpreter& in, const ObjPtr& self, const std::string& name) {
  const Tensor& a = array_of(self);
  if (name == "base") return owns_data(self) ? in.none() : arr_obj(self).base;
  if (name == "flags") return flags_object(in, self);
  if (name == "ctypes") {
    auto o = std::make_shared<InstanceObj>("_ctypes");
    o->set("data", in.make_int(int64_t(a.data_ptr())));
    return o;
  }
  if (name == "__array_interface__") return array_interface(in, a, is_contiguous_bytes(a, true));
  if (name == "view")
    return in.bind(self, in.make_function("ndarray.view", [](Interpreter& in, CallArgs& c) -> ObjPtr {
      ObjPtr self = c.args.front();
      c.args.erase(c.args.begin());
      ArgParser p(in, "view", c);
      auto d = np_dtype(in, p.get("dtype", 0));
      p.get("type", 1);
      p.finish();
      const Tensor& a = array_of(self);
      Tensor v = d ? view_as_dtype(a, *d) : np_view(a);
      return np_view_result(in, self, v);
    }));
  return nullptr;
}

void install_numpy_memory(Interpreter& in, ModuleObj& np) {
  const std::string N = "numpy.";
  for (const char* n : {"shares_memory", "may_share_memory"}) {
    bool exact = std::string(n) == "shares_memory";
    def(np, N, n, [exact](Interpreter& in, CallArgs& a) -> ObjPtr {
      ArgParser p(in, exact ? "shares_memory" : "may_share_memory", a);
      auto x = memory_of(p.required("a", 0)), y = memory_of(p.required("b", 1));
      p.get("max_work", 2);
      p.finish();
      return in.make_bool(x && y && overlap(*x, *y, exact));
    });
  }
  // np.ascontiguousarray: the array itself when already C-contiguous with that dtype, else a copy.
  def(np, N, "ascontiguousarray", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "ascontiguousarray", a);
    ObjPtr x = p.required("a", 0);
    auto d = np_dtype(in, p.get("dtype", 1));
    p.finish();
    if (is_tensor(x) && (!d || *d == tensor_of(x).dtype())) x = tensor_to_numpy(in, tensor_of(x), false);
    if (is_ndarray(x) && (!d || *d == array_of(x).dtype()) && is_contiguous_bytes(array_of(x), true)) return x;
    GradModeGuard off(false);
    Tensor src = is_ndarray(x) ? array_of(x) : np_array_from(in, x, d);
    return in.wrap_ndarray(np_c_copy(tp::to(src, d.value_or(src.dtype()), Device{}, false)));
  });
  def(np, N, "copy", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "copy", a);
    ObjPtr x = p.required("a", 0);
    p.finish();
    GradModeGuard off(false);
    return in.wrap_ndarray(np_c_copy(is_ndarray(x) ? array_of(x) : np_array_from(in, x, std::nullopt)));
  });
}

}  // namespace tp::interp::lib
