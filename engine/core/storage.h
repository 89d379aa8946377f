// Storage: a shared, byte-addressed, dtype-agnostic buffer (PyTorch's untyped storage).
// Invariant: the simulated address is unique within a session and changes only when resize_
// grows the storage (Context::grow_storage hands out a fresh one, like a reallocation), so
// data_ptr() values look real and are identical run to run.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "core/device.h"

namespace tp {

// Shared between a context and its storages so frees are counted whatever dies first.
struct AllocationStats {
  size_t live_bytes = 0;
  size_t cap_bytes = size_t(256) << 20;  // total tensor memory a program may hold
};

class Storage {
 public:
  Storage(int64_t id, Device device, size_t nbytes, uint64_t address,
          std::shared_ptr<AllocationStats> stats);
  ~Storage();
  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;

  int64_t id() const { return id_; }
  const Device& device() const { return device_; }
  size_t nbytes() const { return nbytes_; }
  uint64_t address() const { return address_; }  // simulated data_ptr of byte 0
  uint8_t* data() { return reinterpret_cast<uint8_t*>(words_.data()); }
  const uint8_t* data() const { return reinterpret_cast<const uint8_t*>(words_.data()); }

  // Bumped by every kernel that writes; the trace copies a storage's bytes only when it moved.
  uint64_t write_count() const { return write_count_; }
  void mark_written() { ++write_count_; }

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
  void move_to_shared(uint64_t new_address) {
    shared_ = true;
    address_ = new_address;
    mark_written();
  }

 private:
  int64_t id_;
  Device device_;
  size_t nbytes_;
  uint64_t address_;
  std::vector<uint64_t> words_;  // 8-byte aligned backing so every dtype is aligned
  uint64_t write_count_ = 0;
  bool resizable_ = true, shared_ = false;
  std::shared_ptr<AllocationStats> stats_;
};

using StoragePtr = std::shared_ptr<Storage>;

}  // namespace tp
