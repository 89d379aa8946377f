#include "trace/repr_store.h"

#include <cstring>

#include "core/context.h"

namespace tp::trace {

namespace {

// The elements of `t` in row-major order, on a storage no session knows (id -1, address 0): a
// frozen copy must not take a tensor id or a simulated address from the program's context.
std::shared_ptr<TensorImpl> contiguous_copy(const Tensor& t) {
  const size_t item = itemsize(t.dtype());
  const int64_t n = t.numel();
  auto storage = std::make_shared<Storage>(-1, t.device(), size_t(n) * item, 0, nullptr);
  const uint8_t* from = t.storage()->data();
  uint8_t* to = storage->data();
  const Shape& sizes = t.sizes();
  const Shape& strides = t.strides();
  if (t.is_contiguous()) {
    std::memcpy(to, from + size_t(t.storage_offset()) * item, size_t(n) * item);
  } else {
    std::vector<int64_t> at(sizes.size(), 0);
    for (int64_t k = 0; k < n; ++k) {
      int64_t offset = t.storage_offset();
      for (size_t d = 0; d < sizes.size(); ++d) offset += at[d] * strides[d];
      std::memcpy(to + size_t(k) * item, from + size_t(offset) * item, item);
      for (size_t d = sizes.size(); d-- > 0;) {
        if (++at[d] < sizes[d]) break;
        at[d] = 0;
      }
    }
  }
  auto impl = std::make_shared<TensorImpl>();
  impl->id = -1;
  impl->storage = std::move(storage);
  impl->sizes = sizes;
  impl->strides = contiguous_strides(sizes);
  impl->dtype = t.dtype();
  return impl;
}

// The default dtype of the moment the repr was frozen (the dtype suffix depends on it).
class DefaultDTypeScope {
 public:
  explicit DefaultDTypeScope(DType d) : saved_(ctx().default_dtype) { ctx().default_dtype = d; }
  ~DefaultDTypeScope() { ctx().default_dtype = saved_; }

 private:
  DType saved_;
};

constexpr size_t kSmallBytes = 64;

// Everything a small tensor's repr depends on, as bytes (the dedup key).
std::string small_key(const TensorImpl& copy, const format::TensorReprExtras& extras, const PrintOptions& o, DType dflt) {
  std::string key(reinterpret_cast<const char*>(copy.storage->data()), copy.storage->nbytes());
  auto put = [&key](int64_t v) { key.append(reinterpret_cast<const char*>(&v), sizeof v); };
  for (int64_t s : copy.sizes) put(s);
  put(-1);
  put(int64_t(copy.dtype));
  put(int64_t(dflt));
  put(extras.requires_grad);
  put(extras.is_parameter);
  put(o.precision);
  put(o.edgeitems);
  put(o.linewidth);
  put(o.sci_mode ? int64_t(*o.sci_mode) : -1);
  int64_t threshold;
  std::memcpy(&threshold, &o.threshold, sizeof threshold);
  put(threshold);
  key += copy.storage->device().str();
  key += '|';
  return key + extras.grad_fn_name;
}

}  // namespace

int64_t ReprStore::freeze(const Tensor& t, const format::TensorReprExtras& extras) {
  const PrintOptions& options = ctx().print_options;
  const size_t bytes = size_t(t.numel()) * itemsize(t.dtype());
  // A summarised repr reads only its edge items: formatting it now is cheap, copying is not.
  if (double(t.numel()) > options.threshold || frozen_bytes_ + bytes > max_frozen_bytes_)
    return add_formatted(format::tensor_repr(t, extras, options));
  auto copy = contiguous_copy(t);
  std::string key;
  if (bytes <= kSmallBytes) {
    key = small_key(*copy, extras, options, ctx().default_dtype);
    if (auto it = small_.find(key); it != small_.end()) return it->second;
  }
  frozen_bytes_ += bytes;
  entries_.push_back(Entry{std::move(copy), extras, options, ctx().default_dtype, std::string(), false});
  const int64_t ref = int64_t(entries_.size()) - 1;
  if (!key.empty()) small_.emplace(std::move(key), ref);
  return ref;
}

int64_t ReprStore::add_formatted(std::string repr) {
  Entry e;
  e.repr = std::move(repr);
  e.formatted = true;
  entries_.push_back(std::move(e));
  return int64_t(entries_.size()) - 1;
}

const std::string& ReprStore::repr(int64_t ref) {
  if (ref < 0 || size_t(ref) >= entries_.size()) return none_;
  Entry& e = entries_[size_t(ref)];
  if (!e.formatted) {
    DefaultDTypeScope scope(e.default_dtype);
    e.repr = format::tensor_repr(Tensor(e.copy), e.extras, e.options);
    e.formatted = true;
    frozen_bytes_ -= e.copy->storage->nbytes();
    e.copy.reset();
  }
  return e.repr;
}

void ReprStore::clear() {
  entries_.clear();
  small_.clear();
  frozen_bytes_ = 0;
}

}  // namespace tp::trace
