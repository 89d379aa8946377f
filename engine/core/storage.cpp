#include "core/storage.h"

namespace tp {

Storage::Storage(int64_t id, Device device, size_t nbytes, uint64_t address,
                 std::shared_ptr<AllocationStats> stats)
    : id_(id), device_(device), nbytes_(nbytes), address_(address), words_((nbytes + 7) / 8, 0),
      stats_(std::move(stats)) {
  if (stats_) stats_->live_bytes += nbytes_;
}

void Storage::grow(size_t nbytes, uint64_t new_address) {
  if (nbytes <= nbytes_) return;
  words_.resize((nbytes + 7) / 8, 0);
  if (stats_) stats_->live_bytes += nbytes - nbytes_;
  nbytes_ = nbytes;
  address_ = new_address;
  mark_written();  // the trace re-reads the bytes
}

Storage::~Storage() {
  if (stats_) stats_->live_bytes -= nbytes_;
}

}  // namespace tp
