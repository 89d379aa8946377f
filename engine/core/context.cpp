#include "core/context.h"

#include "core/error.h"

namespace tp {

namespace {
thread_local Context* current_context = nullptr;
// Simulated base addresses per device type, shaped like real allocator addresses.
constexpr uint64_t kBaseAddress[3] = {0x55d4c0a00040ull, 0x7f3a20000000ull, 0x1a2b00000ull};
}  // namespace

Context::Context() {
  for (int i = 0; i < 3; ++i) next_address_[i] = kBaseAddress[i];
}
Context::~Context() = default;

void Context::check_memory_cap(size_t extra_bytes) const {
  if (alloc->live_bytes + extra_bytes > alloc->cap_bytes) {
    throw TorchError("MemoryError",
                     "tensor memory limit exceeded: this program tried to hold more than " +
                         std::to_string(alloc->cap_bytes >> 20) + " MiB of tensor data (the playground's cap)");
  }
}

uint64_t Context::next_address(Device device, size_t nbytes) {
  int t = int(device.type);
  uint64_t address = next_address_[t];
  // Keep allocations 64-byte aligned and a little apart, like a real caching allocator.
  next_address_[t] += ((nbytes + 63) / 64) * 64 + 64;
  return address;
}

StoragePtr Context::new_storage(Device device, size_t nbytes, StorageFill fill) {
  check_memory_cap(nbytes);
  uint64_t address = next_address(device, nbytes);
  auto s = std::make_shared<Storage>(++last_storage_id_, device, nbytes, address, alloc, fill);
  storages_.push_back(s);
  // Amortised pruning, as register_tensor: a loop of temporaries must not grow the registry by a
  // weak pointer per op until the next snapshot (a program run without the trace never takes one).
  if (storages_.size() >= 2 * storage_prune_mark_ + 64) {
    live_storages();
    storage_prune_mark_ = storages_.size();
  }
  return s;
}

StoragePtr Context::new_storage_view(const StoragePtr& base, size_t byte_offset, size_t nbytes) {
  check_memory_cap(nbytes);  // the view's mirror of the bytes
  auto s = std::make_shared<Storage>(++last_storage_id_, base, byte_offset, nbytes, alloc);
  storages_.push_back(s);
  return s;
}

// resize_bytes_cpu's check. A storage moved to shared memory keeps resizable() == True but has no
// allocator any more (THPStorage_shareFd sets the shm storage's nullptr allocator), so PyTorch
// crashes on the reallocation: the playground says so instead.
static void check_resizable(const Storage& s) {
  TP_CHECK(s.resizable(), "Trying to resize storage that is not resizable");
  TP_CHECK(!s.shared(), "resizing a storage that share_memory_() moved to shared memory crashes PyTorch (the storage "
                        "has no allocator left); the playground refuses it");
}

void Context::grow_storage(Storage& s, size_t nbytes) {
  if (nbytes <= s.nbytes()) return;
  check_resizable(s);
  check_memory_cap(nbytes - s.nbytes());
  s.grow(nbytes, next_address(s.device(), nbytes));
}

void Context::resize_storage(Storage& s, size_t nbytes) {
  check_resizable(s);
  if (nbytes > s.nbytes()) check_memory_cap(nbytes - s.nbytes());
  if (nbytes < s.nbytes()) {
    for (const auto& t : live_tensors()) {
      if (t->storage.get() != &s) continue;
      size_t extent = storage_nbytes(t->sizes, t->strides, itemsize(t->dtype));
      if (extent == 0) continue;
      extent += size_t(t->storage_offset) * itemsize(t->dtype);
      if (extent > nbytes)
        throw TorchError("RuntimeError",
                         "resize_(" + std::to_string(nbytes) + ") would leave a tensor of the program viewing " +
                             std::to_string(extent) + " bytes of this storage: reading it afterwards is undefined "
                             "behaviour in PyTorch, so the playground refuses the shrink");
    }
  }
  s.reallocate(nbytes, nbytes == 0 ? 0 : next_address(s.device(), nbytes));
}

void Context::share_storage(Storage& s) {
  if (!s.shared()) s.move_to_shared(next_address(s.device(), s.nbytes()));
}

void Context::register_tensor(const std::shared_ptr<TensorImpl>& t) {
  tensors_.push_back(t);
  // Amortised pruning keeps loops that make temporaries from growing the registry without bound.
  if (tensors_.size() >= 2 * prune_mark_ + 64) { live_tensors(); prune_mark_ = tensors_.size(); }
}

std::vector<std::shared_ptr<TensorImpl>> Context::live_tensors() {
  std::vector<std::shared_ptr<TensorImpl>> out;
  std::vector<std::weak_ptr<TensorImpl>> kept;
  for (auto& w : tensors_)
    if (auto p = w.lock()) { out.push_back(p); kept.push_back(w); }
  tensors_.swap(kept);
  return out;
}

std::vector<StoragePtr> Context::live_storages() {
  std::vector<StoragePtr> out;
  std::vector<std::weak_ptr<Storage>> kept;
  for (auto& w : storages_)
    if (auto p = w.lock()) { out.push_back(p); kept.push_back(w); }
  storages_.swap(kept);
  return out;
}

void Context::warn(const std::string& message, const std::string& category) {
  if (on_warning) on_warning(category, message);
}

void Context::torch_warn(const std::string& message, const char* source_file) {
  warn(triggered_internally(message, source_file));
}

std::string triggered_internally(const std::string& message, const char* source_file) {
  return message + " (Triggered internally at " + source_file + ".)";
}

Context& ctx() {
  TP_INTERNAL_ASSERT(current_context != nullptr, "no engine context installed (missing ContextGuard)");
  return *current_context;
}

ContextGuard::ContextGuard(Context& c) : previous_(current_context) { current_context = &c; }
ContextGuard::~ContextGuard() { current_context = previous_; }

}  // namespace tp
