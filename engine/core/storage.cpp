#include "core/storage.h"

#include <algorithm>
#include <cstring>

#include "core/error.h"

namespace tp {

Storage::Storage(int64_t id, Device device, size_t nbytes, uint64_t address,
                 std::shared_ptr<AllocationStats> stats)
    : id_(id), device_(device), nbytes_(nbytes), address_(address), words_((nbytes + 7) / 8, 0),
      stats_(std::move(stats)) {
  if (stats_) stats_->live_bytes += nbytes_;
}

Storage::Storage(int64_t id, std::shared_ptr<Storage> base, size_t byte_offset, size_t nbytes,
                 std::shared_ptr<AllocationStats> stats)
    : id_(id), device_(base->device()), nbytes_(nbytes), address_(base->address() + byte_offset),
      words_((nbytes + 7) / 8, 0), resizable_(false), stats_(std::move(stats)) {
  TP_INTERNAL_ASSERT(byte_offset + nbytes <= base->nbytes(), "a storage view past its base's bytes");
  base_ = std::move(base);
  byte_offset_ = byte_offset;
  if (stats_) stats_->live_bytes += nbytes_;
}

void Storage::sync_from_base() const {
  uint64_t now = base_->write_count();
  if (synced_ == now) return;
  if (nbytes_) std::memcpy(words_.data(), base_->data() + byte_offset_, nbytes_);
  synced_ = now;
}

void Storage::mark_written() {
  if (!base_) {
    ++write_count_;
    return;
  }
  if (nbytes_) std::memcpy(base_->data() + byte_offset_, words_.data(), nbytes_);
  base_->mark_written();
  synced_ = base_->write_count();
}

void Storage::move_to_shared(uint64_t new_address) {
  if (base_) {
    sync_from_base();
    write_count_ = base_->write_count();
    base_.reset();
  }
  shared_ = true;
  address_ = new_address;
  mark_written();
}

void Storage::grow(size_t nbytes, uint64_t new_address) {
  TP_INTERNAL_ASSERT(!base_, "a storage view is not resizable");
  if (nbytes <= nbytes_) return;
  words_.resize((nbytes + 7) / 8, 0);
  if (stats_) stats_->live_bytes += nbytes - nbytes_;
  nbytes_ = nbytes;
  address_ = new_address;
  mark_written();  // the trace re-reads the bytes
}

void Storage::reallocate(size_t nbytes, uint64_t new_address) {
  TP_INTERNAL_ASSERT(!base_, "a storage view is not resizable");
  size_t keep = std::min(nbytes, nbytes_);
  std::vector<uint64_t> words((nbytes + 7) / 8, 0);
  if (keep) std::memcpy(words.data(), words_.data(), keep);
  words_.swap(words);
  if (stats_) stats_->live_bytes = stats_->live_bytes + nbytes - nbytes_;
  nbytes_ = nbytes;
  address_ = new_address;
  mark_written();
}

Storage::~Storage() {
  if (stats_) stats_->live_bytes -= nbytes_;
}

}  // namespace tp
