// Matrix products (mm, mv, dot, addmm, bmm) with LinearAlgebra.cpp's checks and messages. The
// products run in the operands' dtype (float32 stays float32) through the blocked kernel of
// ops/math/gemm.cpp, each output summed along k in order (Note [gemm summation order]).
#include <cmath>
#include <string>

#include "core/error.h"
#include "ops/math/gemm.h"
#include "ops/native.h"
#include "ops/pointwise.h"

namespace tp::native {

namespace {

// c10::impl::check_and_update_common_device for a cuda/mps kernel: the first argument's device is
// the common one; the message names the argument and the wrapper (wrapper_CUDA_mm).
void check_devices(const char* op, const std::vector<std::pair<const char*, const Tensor*>>& args) {
  bool any_accel = false;
  for (auto& a : args) any_accel |= !a.second->device().is_cpu();
  if (!any_accel) return;
  Device accel{};
  for (auto& a : args)
    if (!a.second->device().is_cpu()) { accel = a.second->device(); break; }
  std::string key = accel.type == Device::Type::CUDA ? "CUDA" : "MPS";
  Device common = args[0].second->device();
  for (size_t i = 1; i < args.size(); ++i) {
    const Device& d = args[i].second->device();
    TP_CHECK(d == common, "Expected all tensors to be on the same device, but found at least two devices, " +
                              common.str() + " and " + d.str() + "! (when checking argument for argument " +
                              args[i].first + " in method wrapper_" + key + "_" + op + ")");
  }
}

void check_supported(const char* op, DType t) {
  TP_CHECK(t != DType::Bool, std::string("\"") + op + "\" not implemented for 'Bool'");
}

// out (n x m) = a (n x k) @ b (k x m) through the blocked kernel (Note [gemm summation order]).
template <class T>
void gemm_into(const Geometry& a, const Geometry& b, const Geometry& out) {
  auto at = [](const Geometry& g) { return reinterpret_cast<T*>(g.base) + g.offset; };
  gemm<T>(a.sizes[0], b.sizes[1], a.sizes[1], at(a), a.strides[0], a.strides[1], at(b), b.strides[0], b.strides[1],
          at(out), out.strides[0], out.strides[1]);
}

// A 2-D reading of an operand: `sizes`/`strides` replace the tensor's own (no view is made).
Geometry as_matrix(const Tensor& t, Shape sizes, Shape strides, int64_t offset) {
  Geometry g = geometry_of(t);
  g.sizes = std::move(sizes);
  g.strides = std::move(strides);
  g.offset = offset;
  return g;
}

// A fresh tensor of `out_sizes` holding a (n x k) @ b (k x m), viewed through `out_as` (n x m).
Tensor product(const Geometry& a, const Geometry& b, const Shape& out_sizes, DType dt, Device dev) {
  Tensor out = make_empty(out_sizes, dt, dev);
  if (out.numel() == 0 || a.sizes[1] == 0) return out;
  Geometry o = as_matrix(out, {a.sizes[0], b.sizes[1]}, {b.sizes[1], 1}, 0);
  dispatch_type(dt, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (!std::is_same_v<T, bool>) gemm_into<T>(a, b, o);
  });
  return out;
}

Tensor mm_impl(const Tensor& a, const Tensor& b) {
  return product(geometry_of(a), geometry_of(b), {a.sizes()[0], b.sizes()[1]}, a.dtype(), a.device());
}

}  // namespace

Tensor mm(const Tensor& a, const Tensor& b) {
  check_devices("mm", {{"self", &a}, {"mat2", &b}});
  TP_CHECK(a.dim() == 2, "self must be a matrix");
  TP_CHECK(b.dim() == 2, "mat2 must be a matrix");
  TP_CHECK(a.sizes()[1] == b.sizes()[0], "mat1 and mat2 shapes cannot be multiplied (" + std::to_string(a.sizes()[0]) +
                                             "x" + std::to_string(a.sizes()[1]) + " and " +
                                             std::to_string(b.sizes()[0]) + "x" + std::to_string(b.sizes()[1]) + ")");
  TP_CHECK(a.dtype() == b.dtype(), "expected m1 and m2 to have the same dtype, but got: " + c_type_name(a.dtype()) +
                                       " != " + c_type_name(b.dtype()));
  check_supported("addmm_impl_cpu_", a.dtype());
  return mm_impl(a, b);
}

namespace {

// gemm/gemv's epilogue: out = alpha * prod + beta * bias (bias already expanded to prod's shape).
// beta == 0 never reads the bias (BLAS semantics: nan/inf there do not propagate); a factor of 1
// is not multiplied, so the default call rounds exactly as prod + bias.
Tensor scale_add(const Tensor& prod, const Tensor& bias, const Scalar& beta, const Scalar& alpha) {
  DType dt = prod.dtype();
  Prepared p = prepare({prod, bias}, dt, dt);
  dispatch_type(p.compute, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (!std::is_same_v<T, bool>) {
      const T be = scalar_as<T>(beta), al = scalar_as<T>(alpha);
      const bool one_a = al == T(1), one_b = be == T(1);
      if (be == T(0)) run_binary<T, T>(p, [al, one_a](T x, T) -> T { return one_a ? x : T(al * x); });
      else run_binary<T, T>(p, [al, be, one_a, one_b](T x, T y) -> T {
        return T((one_a ? x : T(al * x)) + (one_b ? y : T(be * y)));
      });
    }
  });
  return finish(p);
}

}  // namespace

Tensor addmm(const Tensor& bias, const Tensor& a, const Tensor& b, const Scalar& beta, const Scalar& alpha) {
  check_devices("addmm", {{"self", &bias}, {"mat1", &a}, {"mat2", &b}});
  TP_CHECK(bias.dtype() == b.dtype(), "self and mat2 must have the same dtype, but got " +
                                          scalar_type_name(bias.dtype()) + " and " + scalar_type_name(b.dtype()));
  TP_CHECK(a.dtype() == b.dtype(), "mat1 and mat2 must have the same dtype, but got " + scalar_type_name(a.dtype()) +
                                       " and " + scalar_type_name(b.dtype()));
  TP_CHECK(a.dim() == 2, "mat1 must be a matrix, got " + std::to_string(a.dim()) + "-D tensor");
  TP_CHECK(b.dim() == 2, "mat2 must be a matrix, got " + std::to_string(b.dim()) + "-D tensor");
  TP_CHECK(a.sizes()[1] == b.sizes()[0], "mat1 and mat2 shapes cannot be multiplied (" + std::to_string(a.sizes()[0]) +
                                             "x" + std::to_string(a.sizes()[1]) + " and " +
                                             std::to_string(b.sizes()[0]) + "x" + std::to_string(b.sizes()[1]) + ")");
  check_supported("addmm_impl_cpu_", a.dtype());
  // expand_size(self, {n, m}, "addmm"): the bias broadcasts like expand (its message on mismatch).
  Tensor bias_e = expand(bias, {a.sizes()[0], b.sizes()[1]});
  // gemm: C = alpha * (A @ B) + beta * C with C starting as the bias.
  return scale_add(mm_impl(a, b), bias_e, beta, alpha);
}

// TORCH_META_FUNC(addmv) checks, then addmv_out_cpu: self expanded to (n), copied into the
// result (converting to vec's dtype) unless beta == 0, then gemv.
Tensor addmv(const Tensor& self, const Tensor& mat, const Tensor& vec, const Scalar& beta, const Scalar& alpha) {
  check_devices("addmv", {{"self", &self}, {"mat", &mat}, {"vec", &vec}});
  TP_CHECK(mat.dim() == 2 && vec.dim() == 1 && self.dim() <= 1,
           "vector + matrix @ vector expected, got " + std::to_string(self.dim()) + ", " + std::to_string(mat.dim()) +
               ", " + std::to_string(vec.dim()));
  TP_CHECK(mat.sizes()[1] == vec.sizes()[0] && (mat.sizes()[0] == self.numel() || self.numel() == 1),
           "size mismatch, got input (" + std::to_string(self.dim() == 0 ? 1 : self.sizes()[0]) + "), mat (" +
               std::to_string(mat.sizes()[0]) + "x" + std::to_string(mat.sizes()[1]) + "), vec (" +
               std::to_string(vec.sizes()[0]) + ")");
  Tensor prod = mv(mat, vec);
  Tensor s = self.dtype() == prod.dtype() ? self : to(self, prod.dtype(), self.device(), false);
  return scale_add(prod, expand(s, {mat.sizes()[0]}), beta, alpha);
}

// TORCH_META_FUNC(baddbmm): self expanded to (b, n, p) and of batch1's dtype; bmm's checks.
Tensor baddbmm(const Tensor& self, const Tensor& b1, const Tensor& b2, const Scalar& beta, const Scalar& alpha) {
  check_devices("baddbmm", {{"self", &self}, {"batch1", &b1}, {"batch2", &b2}});
  TP_CHECK(b1.dim() == 3, "batch1 must be a 3D tensor");
  TP_CHECK(b2.dim() == 3, "batch2 must be a 3D tensor");
  Tensor self_e = expand(self, {b1.sizes()[0], b1.sizes()[1], b2.sizes()[2]});
  TP_CHECK(self.dtype() == b1.dtype(), "Input dtypes must be the same, got: input " + c_type_name(self.dtype()) +
                                           ", batch1: " + c_type_name(b1.dtype()) + ", batch2: " +
                                           c_type_name(b2.dtype()));
  return scale_add(bmm(b1, b2), self_e, beta, alpha);
}

// addbmm_out / addbmm_impl_: self expanded to (n, p); then one addmm_ per batch, beta applied to
// the first only (so beta == 0 never reads self); no batches: beta * self (or zeros).
Tensor addbmm(const Tensor& self, const Tensor& b1, const Tensor& b2, const Scalar& beta, const Scalar& alpha) {
  Tensor r = expand(self, {b1.size(1), b2.size(2)});
  TP_CHECK(b1.dim() == 3, "batch1 must be a 3D tensor");
  TP_CHECK(b2.dim() == 3, "batch2 must be a 3D tensor");
  TP_CHECK(b1.size(0) == b2.size(0), "batch1 and batch2 must have same number of batches, got " +
                                         std::to_string(b1.size(0)) + " and " + std::to_string(b2.size(0)));
  TP_CHECK(b1.size(2) == b2.size(1), "Incompatible matrix sizes for bmm (" + std::to_string(b1.size(1)) + "x" +
                                         std::to_string(b1.size(2)) + " and " + std::to_string(b2.size(1)) + "x" +
                                         std::to_string(b2.size(2)) + ")");
  if (b1.size(0) == 0)
    return addmm(r, zeros({b1.size(1), 0}, b1.dtype(), b1.device()), zeros({0, b2.size(2)}, b2.dtype(), b2.device()),
                 beta, alpha);
  Scalar b = beta;
  for (int64_t i = 0; i < b1.size(0); ++i) {
    r = addmm(r, select(b1, 0, i), select(b2, 0, i), b, alpha);
    b = Scalar::from_int(1);  // accumulate onto the output after the first batch
  }
  return r;
}

Tensor mv(const Tensor& a, const Tensor& v) {
  check_devices("mv", {{"self", &a}, {"vec", &v}});
  TP_CHECK(a.dim() == 2 && v.dim() == 1, "vector + matrix @ vector expected, got 1, " + std::to_string(a.dim()) +
                                             ", " + std::to_string(v.dim()));
  TP_CHECK(a.sizes()[1] == v.sizes()[0], "size mismatch, got input (" + std::to_string(a.sizes()[0]) + "), mat (" +
                                             std::to_string(a.sizes()[0]) + "x" + std::to_string(a.sizes()[1]) +
                                             "), vec (" + std::to_string(v.sizes()[0]) + ")");
  TP_CHECK(a.dtype() == v.dtype(), "expected scalar type " + scalar_type_name(a.dtype()) + " but found " +
                                       scalar_type_name(v.dtype()));
  check_supported("addmv_impl_cpu", a.dtype());
  return product(geometry_of(a), as_matrix(v, {v.sizes()[0], 1}, {v.strides()[0], 1}, v.storage_offset()),
                 {a.sizes()[0]}, a.dtype(), a.device());
}

Tensor dot(const Tensor& a, const Tensor& b) {
  check_devices("dot", {{"self", &a}, {"tensor", &b}});
  TP_CHECK(a.dim() == 1 && b.dim() == 1, "1D tensors expected, but got " + std::to_string(a.dim()) + "D and " +
                                             std::to_string(b.dim()) + "D tensors");
  TP_CHECK(a.dtype() == b.dtype(), "dot : expected both vectors to have same dtype, but found " +
                                       scalar_type_name(a.dtype()) + " and " + scalar_type_name(b.dtype()));
  TP_CHECK(a.numel() == b.numel(), "inconsistent tensor size, expected tensor [" + std::to_string(a.numel()) +
                                       "] and src [" + std::to_string(b.numel()) +
                                       "] to have the same number of elements, but got " + std::to_string(a.numel()) +
                                       " and " + std::to_string(b.numel()) + " elements respectively");
  check_supported("dot", a.dtype());
  return product(as_matrix(a, {1, a.sizes()[0]}, {1, a.strides()[0]}, a.storage_offset()),
                 as_matrix(b, {b.sizes()[0], 1}, {b.strides()[0], 1}, b.storage_offset()), {}, a.dtype(), a.device());
}

Tensor bmm(const Tensor& a, const Tensor& b) {
  check_devices("bmm", {{"self", &a}, {"mat2", &b}});
  TP_CHECK(a.dim() == 3, "batch1 must be a 3D tensor");
  TP_CHECK(b.dim() == 3, "batch2 must be a 3D tensor");
  int64_t bs = a.sizes()[0], contraction = a.sizes()[2];
  TP_CHECK(b.sizes()[0] == bs && b.sizes()[1] == contraction,
           "Expected size for first two dimensions of batch2 tensor to be: [" + std::to_string(bs) + ", " +
               std::to_string(contraction) + "] but got: [" + std::to_string(b.sizes()[0]) + ", " +
               std::to_string(b.sizes()[1]) + "].");
  TP_CHECK(a.dtype() == b.dtype(), "expected scalar type " + scalar_type_name(a.dtype()) + " but found " +
                                       scalar_type_name(b.dtype()));
  check_supported("bmm", a.dtype());
  Tensor out = make_empty({bs, a.sizes()[1], b.sizes()[2]}, a.dtype(), a.device());
  if (out.numel() == 0 || contraction == 0) return out;
  for (int64_t i = 0; i < bs; ++i) {
    Geometry ai = as_matrix(a, {a.sizes()[1], a.sizes()[2]}, {a.strides()[1], a.strides()[2]},
                            a.storage_offset() + i * a.strides()[0]);
    Geometry bi = as_matrix(b, {b.sizes()[1], b.sizes()[2]}, {b.strides()[1], b.strides()[2]},
                            b.storage_offset() + i * b.strides()[0]);
    Geometry oi = as_matrix(out, {out.sizes()[1], out.sizes()[2]}, {out.strides()[1], out.strides()[2]},
                            i * out.strides()[0]);
    dispatch_type(a.dtype(), [&](auto tag) {
      using T = decltype(tag);
      if constexpr (!std::is_same_v<T, bool>) gemm_into<T>(ai, bi, oi);
    });
  }
  return out;
}

}  // namespace tp::native
