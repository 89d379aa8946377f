// Tensor metadata over a shared storage (PyTorch's TensorImpl + AutogradMeta) and the handle
// `Tensor` used everywhere. A Python tensor object is 1:1 with its TensorImpl: `is` and id()
// compare impls, so `t is t.view(2)` is False while `b = a` names the same impl twice.
#pragma once
#include <cstdint>
#include "core/callable.h"
#include <memory>
#include <string>
#include <vector>

#include "core/device.h"
#include "core/dtype.h"
#include "core/scalar.h"
#include "core/storage.h"
#include "core/version_counter.h"

namespace tp {

class Node;  // autograd/node.h (core only holds pointers to it)
using Shape = std::vector<int64_t>;
struct TensorImpl;
// A gradient hook (Tensor.register_hook): sees the gradient, returns a replacement or null to keep it.
using GradHook = Callable<std::shared_ptr<TensorImpl>(const std::shared_ptr<TensorImpl>&)>;

struct TensorImpl {
  int64_t id = 0;  // stable, creation order within a session
  StoragePtr storage;
  Shape sizes;
  Shape strides;  // in elements, like PyTorch
  int64_t storage_offset = 0;  // in elements
  DType dtype = DType::Float32;
  VersionCounterPtr version_counter;
  bool is_wrapped_number = false;
  bool is_inference = false;  // made inside torch.inference_mode(): may never be saved for backward  // a Python scalar wrapped as a 0-dim tensor (type promotion)

  // ---- autograd metadata (read and written by autograd/, stored here like AutogradMeta) ----
  bool requires_grad = false;
  std::shared_ptr<Node> grad_fn;           // null for leaves
  uint32_t output_nr = 0;                  // which output of grad_fn this tensor is
  std::shared_ptr<TensorImpl> grad;        // .grad
  bool retains_grad = false;               // retain_grad() was called on a non-leaf
  std::weak_ptr<Node> grad_accumulator;    // the AccumulateGrad node of a leaf, shared by its uses
  std::shared_ptr<TensorImpl> base;        // _base: the ROOT base of a differentiable view
  bool view_created_in_no_grad = false;    // Note: in-place on it later raises (semantics 1.7)
  bool view_is_multi_output = false;       // split/chunk/unbind outputs may not be modified in place
  bool view_created_in_custom_function = false;  // a custom Function's output view (CreationMeta::IN_CUSTOM_FUNCTION)
  std::string multi_output_node_name;      // e.g. "SplitBackward0" for that message
  int64_t attr_version = 0;                // version when a view's grad_fn was last set (autograd/ regenerates it after)
  bool is_parameter = false;               // nn.Parameter (repr "Parameter containing:")
  std::vector<std::pair<int64_t, GradHook>> grad_hooks;  // register_hook on a leaf: (handle id, hook)
  // register_post_accumulate_grad_hook (leaf only): run on the leaf after its .grad was updated.
  std::vector<std::pair<int64_t, Callable<void(const std::shared_ptr<TensorImpl>&)>>> post_accumulate_grad_hooks;
};

class Tensor {
 public:
  Tensor() = default;
  explicit Tensor(std::shared_ptr<TensorImpl> impl) : impl_(std::move(impl)) {}

  bool defined() const { return impl_ != nullptr; }
  TensorImpl* impl() const { return impl_.get(); }
  const std::shared_ptr<TensorImpl>& impl_ptr() const { return impl_; }
  bool is_same(const Tensor& o) const { return impl_ == o.impl_; }

  int64_t id() const { return impl_->id; }
  const Shape& sizes() const { return impl_->sizes; }
  const Shape& strides() const { return impl_->strides; }
  int64_t size(int64_t dim) const;    // dim may be negative (wrapped; IndexError if out of range)
  int64_t stride(int64_t dim) const;
  int64_t dim() const { return int64_t(impl_->sizes.size()); }
  int64_t numel() const;
  DType dtype() const { return impl_->dtype; }
  const Device& device() const { return impl_->storage->device(); }
  const StoragePtr& storage() const { return impl_->storage; }
  int64_t storage_offset() const { return impl_->storage_offset; }
  size_t element_size() const { return itemsize(impl_->dtype); }
  bool is_contiguous() const;
  uint64_t data_ptr() const { return storage()->address() + uint64_t(storage_offset()) * element_size(); }

  // Raw element access by storage index (offset + sum(i_k * stride_k)); no bounds check.
  uint8_t* raw(int64_t storage_index) const {
    return storage()->data() + size_t(storage_index) * element_size();
  }
  double double_at(int64_t storage_index) const;    // element as double (bool -> 0/1)
  int64_t int_at(int64_t storage_index) const;      // element as int64 (floats truncate)
  Scalar scalar_at(int64_t storage_index) const;    // element as a Python-kind scalar
  void set_at(int64_t storage_index, const Scalar& v) const;  // casts to dtype; does NOT bump version

  // Storage index of the logical element with the given flat (row-major) position.
  int64_t storage_index_of(int64_t flat_index) const;

  // Autograd-facing conveniences (the rules live in autograd/).
  // PyTorch's rule: a differentiable view also requires grad when its base does (views made in no_grad).
  bool requires_grad() const {
    return impl_->requires_grad || impl_->grad_fn != nullptr ||
           (impl_->base && (impl_->base->requires_grad || impl_->base->grad_fn != nullptr));
  }
  const std::shared_ptr<Node>& grad_fn() const { return impl_->grad_fn; }
  bool is_leaf() const { return impl_->grad_fn == nullptr; }
  int64_t version() const { return impl_->version_counter->version; }
  // A write through this tensor: its version moves, and its storage is written within its extent
  // (Note [Written spans], core/storage.h).
  void bump_version() const;

 private:
  std::shared_ptr<TensorImpl> impl_;
};

using TensorList = std::vector<Tensor>;

// Row-major contiguous strides for sizes (size-0/1 dims follow PyTorch: stride = product of later sizes, min 1).
Shape contiguous_strides(const Shape& sizes);
// The product of the sizes; refuses what int64 cannot hold (c10 safe_compute_numel).
int64_t shape_numel(const Shape& sizes);
// Note [Overflow-safe geometry]: the bytes a (sizes, strides) view needs, 0 when a size is 0, as
// at::detail::computeStorageNbytes(_Contiguous) computes them with overflow checks: a geometry whose
// byte count does not fit raises "Storage size calculation overflowed ..." instead of wrapping to a
// small number that would pass the bounds check and let a kernel read outside its storage.
size_t storage_nbytes(const Shape& sizes, const Shape& strides, size_t itemsize);
size_t storage_nbytes_contiguous(const Shape& sizes, size_t itemsize, int64_t storage_offset = 0);
// "[2, 3]": the int-list format used inside PyTorch's messages.
std::string shape_str(const Shape& s);
// Wraps a possibly negative dim (IndexError "Dimension out of range (expected to be in range of [-1, 0], but got 1)").
int64_t wrap_dim(int64_t dim, int64_t ndim);

// Note [One checking constructor]: every tensor, fresh or view, is made here. Bounds are checked
// against the storage (PyTorch's setStorage message), the id comes from the current context.
Tensor make_tensor(StoragePtr storage, Shape sizes, Shape strides, int64_t storage_offset, DType dtype,
                   VersionCounterPtr version_counter);
// A fresh contiguous tensor with a new storage and a new version counter (values uninitialised = 0).
Tensor make_empty(const Shape& sizes, DType dtype, Device device);

}  // namespace tp
