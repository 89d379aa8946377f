#include "core/storage.h"

#include <algorithm>
#include <cstring>

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

void Storage::reallocate(size_t nbytes, uint64_t new_address) {
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
