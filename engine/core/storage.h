// Storage: a shared, byte-addressed, dtype-agnostic buffer (PyTorch's untyped storage).
// Invariant: the simulated address is unique within a session and changes only when resize_
// grows the storage (Context::grow_storage hands out a fresh one, like a reallocation), so
// data_ptr() values look real and are identical run to run.
#pragma once
#include <cstdint>
#include <memory>
#include <utility>

#include "core/device.h"

namespace tp {

// Shared between a context and its storages so frees are counted whatever dies first.
struct AllocationStats {
  size_t live_bytes = 0;
  size_t cap_bytes = size_t(256) << 20;  // total tensor memory a program may hold
};

// Note [Storage fill]: a new storage's bytes are zero unless its maker asks for kForOverwrite, which
// leaves them as the allocator hands them over (C++20's make_unique_for_overwrite). Only a kernel
// that writes every element of its fresh output before anything reads it may ask (the pointwise
// ops' prepare()/finish()): skipping the 4 MB zero-fill of a 1e6-float result is a third of an
// add's time in WebAssembly. torch.empty, torch.zeros, resize_ and the rest keep zeros, so what the
// page shows never depends on stale heap bytes (PyTorch's garbage values could not be matched
// anyway). The configure option TP_POISON_FOR_OVERWRITE fills such storages with 0xFF bytes (NaN
// floats, -1 integers) instead, so the goldens catch a kernel that leaves some element unwritten.
enum class StorageFill { kZeros, kForOverwrite };

class Storage {
 public:
  Storage(int64_t id, Device device, size_t nbytes, uint64_t address,
          std::shared_ptr<AllocationStats> stats, StorageFill fill = StorageFill::kZeros);
  ~Storage();
  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;

  // Note [Storage views]: a storage over `nbytes` bytes of `base` from byte `byte_offset` on, as
  // torch.frombuffer makes one over a buffer's memory (at::for_blob at buffer + offset): not
  // resizable, data_ptr = base's + byte_offset, and a write through either is seen by the other.
  // The bytes are mirrored in the view's own aligned words (an offset need not be a multiple of the
  // element size, and kernels read elements through typed pointers): data() first copies the base's
  // bytes in when the base was written since, and mark_written() copies the view's bytes back out.
  // Both share the base's write counter, so the trace re-reads either when either is written.
  Storage(int64_t id, std::shared_ptr<Storage> base, size_t byte_offset, size_t nbytes,
          std::shared_ptr<AllocationStats> stats);

  int64_t id() const { return id_; }
  const Device& device() const { return device_; }
  size_t nbytes() const { return nbytes_; }
  uint64_t address() const { return address_; }  // simulated data_ptr of byte 0
  uint8_t* data() {
    if (base_) sync_from_base();
    return reinterpret_cast<uint8_t*>(words_.get());
  }
  const uint8_t* data() const {
    if (base_) sync_from_base();
    return reinterpret_cast<const uint8_t*>(words_.get());
  }
  // The storage this one views (null for one that owns its bytes) and where in it.
  const std::shared_ptr<Storage>& base() const { return base_; }
  size_t byte_offset() const { return byte_offset_; }

  // Bumped by every kernel that writes; the trace copies a storage's bytes only when it moved.
  uint64_t write_count() const { return base_ ? base_->write_count() : write_count_; }
  // Note [Written spans]: a write also says which bytes it may have touched, [from, to) (all of
  // them when it does not say), so the trace compares only those with its copy: a loop writing one
  // cell of a big tensor per statement costs one cell per step, not the tensor.
  void mark_written() { mark_written(0, nbytes_); }
  void mark_written(size_t from, size_t to);
  // The bytes the writes after the one that made write_count() == `count` may have touched, as
  // [from, to); all of them when those writes are too many to remember. Empty when none.
  std::pair<size_t, size_t> written_since(uint64_t count) const;

  // resize_bytes_cpu: a bigger buffer at `new_address`, the old bytes copied to its front and the
  // rest zeroed (uninitialised in PyTorch). The Storage object stays: every tensor sharing it sees
  // the new data. Call through Context::grow_storage, which checks the memory cap.
  void grow(size_t nbytes, uint64_t new_address);
  // resize_bytes_cpu as UntypedStorage.resize_ calls it: always a new buffer (at `new_address`,
  // 0 for an empty one) holding the first min(old, new) bytes; the rest zeroed.
  void reallocate(size_t nbytes, uint64_t new_address);

  // StorageImpl::resizable(): false for memory the storage does not own (torch.from_numpy).
  bool resizable() const { return resizable_; }
  void set_resizable(bool r) { resizable_ = r; }
  // Moved to shared memory by share_memory_() (THPStorage_shareFd): a new buffer, same bytes.
  bool shared() const { return shared_; }
  // A view gets bytes of its own there (THPStorage_shareFd copies into the shm segment).
  void move_to_shared(uint64_t new_address);

 private:
  int64_t id_;
  Device device_;
  size_t nbytes_;
  uint64_t address_;
  // 8-byte aligned backing so every dtype is aligned: (nbytes + 7) / 8 words, the bytes past
  // nbytes always zero. Not a std::vector, whose value-initialisation cannot be skipped.
  std::unique_ptr<uint64_t[]> words_;
  std::shared_ptr<Storage> base_;        // Note [Storage views]
  size_t byte_offset_ = 0;
  mutable uint64_t synced_ = ~uint64_t(0);  // the base's write count the mirror holds
  void sync_from_base() const;
  uint64_t write_count_ = 0;
  // The spans of the last kSpans writes, write number k at spans_[k % kSpans] (Note [Written spans]).
  static constexpr uint64_t kSpans = 4;
  struct Span {
    size_t from = 0, to = 0;
  };
  Span spans_[kSpans];
  bool resizable_ = true, shared_ = false;
  std::shared_ptr<AllocationStats> stats_;
};

using StoragePtr = std::shared_ptr<Storage>;

}  // namespace tp
