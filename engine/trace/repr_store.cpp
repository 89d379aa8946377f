#include "trace/repr_store.h"

#include <algorithm>
#include <cstring>
#include <tuple>

#include "core/context.h"
#include "trace/byte_diff.h"
#include "trace/hash_mix.h"

namespace tp::trace {

namespace {

constexpr size_t kSmallBytes = 64;           // elements; past this a frozen copy is never shared
constexpr size_t kBlockBytes = size_t(1) << 20;
constexpr uint32_t kMaxPatchDepth = 32;
constexpr size_t kMaxHeads = 256;

// The elements of `t` in row-major order.
void copy_elements(const Tensor& t, uint8_t* to) {
  const size_t item = itemsize(t.dtype());
  const int64_t n = t.numel();
  const uint8_t* from = t.storage()->data();
  if (n == 0) return;
  if (t.is_contiguous()) {
    std::memcpy(to, from + size_t(t.storage_offset()) * item, size_t(n) * item);
    return;
  }
  const Shape& sizes = t.sizes();
  const Shape& strides = t.strides();
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

// The default dtype of the moment the repr was frozen (the dtype suffix depends on it).
class DefaultDTypeScope {
 public:
  explicit DefaultDTypeScope(DType d) : saved_(ctx().default_dtype) { ctx().default_dtype = d; }
  ~DefaultDTypeScope() { ctx().default_dtype = saved_; }

 private:
  DType saved_;
};

bool same_options(const PrintOptions& a, const PrintOptions& b) {
  // threshold compared as bits: inf (profile="full") equals itself, and a NaN set by a program too
  return a.precision == b.precision && std::memcmp(&a.threshold, &b.threshold, sizeof a.threshold) == 0 &&
         a.edgeitems == b.edgeitems && a.linewidth == b.linewidth && a.sci_mode == b.sci_mode;
}

}  // namespace

uint8_t* ReprStore::allocate(size_t bytes) {
  if (bytes > block_left_) {
    const size_t size = std::max(bytes, kBlockBytes);
    blocks_.emplace_back(new uint8_t[size]);  // not zeroed: every byte handed out is written first
    block_at_ = blocks_.back().get();
    block_left_ = size;
  }
  uint8_t* at = block_at_;
  block_at_ += bytes;
  block_left_ -= bytes;
  return at;
}

uint32_t ReprStore::name_index(const std::string& name) {
  // a training loop's tensors come from a handful of ops: the last name is the likeliest
  if (last_name_ < names_.size() && names_[last_name_] == name) return last_name_;
  auto [it, fresh] = name_indexes_.try_emplace(name, uint32_t(names_.size()));
  last_name_ = it->second;
  if (fresh) names_.push_back(name);
  return it->second;
}

uint32_t ReprStore::settings_index() {
  const PrintOptions& options = ctx().print_options;
  const DType dflt = ctx().default_dtype;
  for (size_t i = settings_.size(); i-- > 0;)  // a handful at most; the newest is the likeliest
    if (settings_[i].default_dtype == dflt && same_options(settings_[i].options, options)) return uint32_t(i);
  settings_.push_back(Settings{options, dflt});
  return uint32_t(settings_.size() - 1);
}

bool ReprStore::same_frozen(const Entry& a, const Entry& b) const {
  return a.ndim == b.ndim && a.element_bytes == b.element_bytes && a.dtype == b.dtype && a.device == b.device &&
         a.name == b.name && a.settings == b.settings && a.requires_grad == b.requires_grad &&
         a.is_parameter == b.is_parameter &&
         std::memcmp(a.frozen, b.frozen, a.ndim * sizeof(int64_t) + a.element_bytes) == 0;
}

int64_t ReprStore::freeze(const Tensor& t, const format::TensorReprExtras& extras, int64_t previous) {
  const PrintOptions& options = ctx().print_options;
  const int64_t numel = t.numel();
  const size_t element_bytes = size_t(numel) * itemsize(t.dtype());
  const Shape& sizes = t.sizes();
  const size_t sizes_bytes = sizes.size() * sizeof(int64_t);
  // A summarised repr reads only its edge items: formatting it now is cheap, copying is not.
  if (double(numel) > options.threshold || frozen_bytes_ + sizes_bytes + element_bytes > max_frozen_bytes_)
    return add_formatted(format::tensor_repr(t, extras, options));
  Entry e;
  e.ndim = uint32_t(sizes.size());
  e.element_bytes = element_bytes;
  e.name = name_index(extras.grad_fn_name);
  e.settings = settings_index();
  e.dtype = t.dtype();
  e.device = t.device();
  e.requires_grad = extras.requires_grad;
  e.is_parameter = extras.is_parameter;
  const bool small = element_bytes <= kSmallBytes;
  if (!small && previous >= 0) return freeze_patch(t, e, previous);
  const size_t total = sizes_bytes + element_bytes;
  uint8_t* frozen = allocate(total);
  if (!sizes.empty()) std::memcpy(frozen, sizes.data(), sizes_bytes);
  copy_elements(t, frozen + sizes_bytes);
  e.frozen = frozen;
  const int64_t ref = int64_t(entries_.size());
  if (small) {
    uint64_t h = mix(mix(mix(uint64_t(e.ndim), uint64_t(e.dtype)), uint64_t(e.device.type) << 32 | uint32_t(e.device.index)),
                     uint64_t(e.name) << 34 | uint64_t(e.settings) << 2 | uint64_t(e.requires_grad) << 1 | e.is_parameter);
    h = mix_bytes(h, frozen, total);
    auto [it, fresh] = small_.try_emplace(h, ref);
    if (!fresh && same_frozen(entries_[size_t(it->second)], e)) {
      block_at_ -= total;  // the copy was the last thing allocated: give its bytes back
      block_left_ += total;
      return it->second;
    }
  }
  frozen_bytes_ += total;
  entries_.push_back(std::move(e));
  return ref;
}

// Note [Frozen patches]. The chain's head (the previous ref's elements) is brought up to date in
// place, and keeps its map node under the new ref: a step that writes one cell copies one cell.
int64_t ReprStore::freeze_patch(const Tensor& t, Entry& e, int64_t previous) {
  const int64_t ref = int64_t(entries_.size());
  const size_t item = itemsize(e.dtype), n = e.element_bytes / item;
  const size_t sizes_bytes = e.ndim * sizeof(int64_t);
  auto head = heads_.extract(previous);
  const Entry* base = size_t(previous) < entries_.size() ? &entries_[size_t(previous)] : nullptr;
  differing_.clear();
  const bool patchable = head && base && head.mapped().elements.size() == e.element_bytes && base->dtype == e.dtype &&
                         base->depth < kMaxPatchDepth && n <= UINT32_MAX;
  if (!head) head = heads_.extract(heads_.emplace(ref, Head{}).first);  // a new chain
  Head& h = head.mapped();
  std::vector<uint8_t>& elements = h.elements;
  const Storage& storage = *t.storage();
  const bool contiguous = t.is_contiguous();
  if (patchable && contiguous) {
    // compared where they are; when read from this storage and offset before, only what was written since
    const size_t first = size_t(t.storage_offset()) * item;
    auto [lo, hi] = std::pair(size_t(0), n);
    if (h.storage == storage.id() && h.offset == t.storage_offset())
      std::tie(lo, hi) = elements_touched(storage.written_since(h.write_count), first, item, n);
    const uint8_t* now = storage.data() + first;
    if (lo < hi) take_differences(now + lo * item, elements.data() + lo * item, hi - lo, item, differing_, lo);
  } else if (patchable) {  // gathered first
    scratch_.resize(e.element_bytes);
    copy_elements(t, scratch_.data());
    take_differences(scratch_.data(), elements.data(), n, item, differing_);
  } else {
    elements.resize(e.element_bytes);
    copy_elements(t, elements.data());
  }
  h.storage = contiguous ? storage.id() : -1;
  h.offset = t.storage_offset();
  h.write_count = storage.write_count();
  if (patchable && differing_.size() * (sizeof(uint32_t) + item) * 4 < e.element_bytes) {
    const size_t total = sizes_bytes + differing_.size() * (sizeof(uint32_t) + item);
    uint8_t* frozen = allocate(total);
    if (e.ndim) std::memcpy(frozen, t.sizes().data(), sizes_bytes);
    uint8_t* indexes = frozen + sizes_bytes;
    uint8_t* values = indexes + differing_.size() * sizeof(uint32_t);
    for (size_t k = 0; k < differing_.size(); ++k) {
      const uint32_t i = uint32_t(differing_[k]);
      std::memcpy(indexes + k * sizeof(uint32_t), &i, sizeof i);
      std::memcpy(values + k * item, elements.data() + i * item, item);
    }
    e.frozen = frozen;
    e.base = previous;
    e.depth = base->depth + 1;
    e.patched = uint32_t(differing_.size());
    frozen_bytes_ += total;
  } else {
    const size_t total = sizes_bytes + e.element_bytes;
    uint8_t* frozen = allocate(total);
    if (e.ndim) std::memcpy(frozen, t.sizes().data(), sizes_bytes);
    if (e.element_bytes) std::memcpy(frozen + sizes_bytes, elements.data(), e.element_bytes);
    e.frozen = frozen;
    frozen_bytes_ += total;
  }
  entries_.push_back(std::move(e));
  if (heads_.size() >= kMaxHeads) heads_.clear();  // tensors that died: their chains start over
  head.key() = ref;
  heads_.insert(std::move(head));
  return ref;
}

void ReprStore::elements_of(int64_t ref, uint8_t* out) const {
  std::vector<int64_t> patches;  // newest first
  while (entries_[size_t(ref)].base >= 0) {
    patches.push_back(ref);
    ref = entries_[size_t(ref)].base;
  }
  const Entry& whole = entries_[size_t(ref)];
  if (whole.element_bytes) std::memcpy(out, whole.frozen + whole.ndim * sizeof(int64_t), whole.element_bytes);
  for (auto p = patches.rbegin(); p != patches.rend(); ++p) {
    const Entry& e = entries_[size_t(*p)];
    const size_t item = itemsize(e.dtype);
    const uint8_t* indexes = e.frozen + e.ndim * sizeof(int64_t);
    const uint8_t* values = indexes + e.patched * sizeof(uint32_t);
    for (size_t k = 0; k < e.patched; ++k) {
      uint32_t i;
      std::memcpy(&i, indexes + k * sizeof(uint32_t), sizeof i);
      std::memcpy(out + size_t(i) * item, values + k * item, item);
    }
  }
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
  if (e.formatted) return e.repr;
  const Settings& s = settings_[e.settings];
  DefaultDTypeScope scope(s.default_dtype);
  // The copy becomes a tensor on a storage no session knows (id -1, address 0): formatting must
  // not take a tensor id or a simulated address from the program's context.
  auto storage = std::make_shared<Storage>(-1, e.device, e.element_bytes, 0, nullptr);
  elements_of(ref, storage->data());
  auto impl = std::make_shared<TensorImpl>();
  impl->id = -1;
  impl->storage = std::move(storage);
  impl->sizes.resize(e.ndim);
  if (e.ndim) std::memcpy(impl->sizes.data(), e.frozen, e.ndim * sizeof(int64_t));
  impl->strides = contiguous_strides(impl->sizes);
  impl->dtype = e.dtype;
  format::TensorReprExtras extras{names_[e.name], e.requires_grad, e.is_parameter};
  e.repr = format::tensor_repr(Tensor(impl), extras, s.options);
  e.formatted = true;  // its frozen bytes stay: an equal small tensor frozen later still shares this ref
  return e.repr;
}

void ReprStore::clear() {
  entries_.clear();
  small_.clear();
  blocks_.clear();
  block_left_ = 0;
  block_at_ = nullptr;
  names_.clear();
  name_indexes_.clear();
  heads_.clear();
  settings_.clear();
  frozen_bytes_ = 0;
}

}  // namespace tp::trace
