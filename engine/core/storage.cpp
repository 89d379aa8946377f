#include "core/storage.h"

#include <algorithm>
#include <cstring>

#include "core/error.h"

namespace tp {

namespace {

size_t words_for(size_t nbytes) { return (nbytes + 7) / 8; }

// Note [Storage fill]: `new uint64_t[n]` leaves the words uninitialised (no zero-fill pass).
std::unique_ptr<uint64_t[]> allocate_words(size_t nbytes, StorageFill fill) {
  const size_t n = words_for(nbytes);
  std::unique_ptr<uint64_t[]> words(new uint64_t[n > 0 ? n : 1]);
  if (fill == StorageFill::kZeros) {
    std::memset(words.get(), 0, n * 8);
  } else if (n > 0) {
#ifdef TP_POISON_FOR_OVERWRITE
    std::memset(words.get(), 0xFF, n * 8);
#endif
    words[n - 1] = 0;  // the padding past nbytes stays zero (the kernel overwrites the rest)
  }
  return words;
}

}  // namespace

Storage::Storage(int64_t id, Device device, size_t nbytes, uint64_t address,
                 std::shared_ptr<AllocationStats> stats, StorageFill fill)
    : id_(id), device_(device), nbytes_(nbytes), address_(address), words_(allocate_words(nbytes, fill)),
      stats_(std::move(stats)) {
  if (stats_) stats_->live_bytes += nbytes_;
}

Storage::Storage(int64_t id, std::shared_ptr<Storage> base, size_t byte_offset, size_t nbytes,
                 std::shared_ptr<AllocationStats> stats)
    : id_(id), device_(base->device()), nbytes_(nbytes), address_(base->address() + byte_offset),
      words_(allocate_words(nbytes, StorageFill::kZeros)), resizable_(false), stats_(std::move(stats)) {
  TP_INTERNAL_ASSERT(byte_offset + nbytes <= base->nbytes(), "a storage view past its base's bytes");
  base_ = std::move(base);
  byte_offset_ = byte_offset;
  if (stats_) stats_->live_bytes += nbytes_;
}

void Storage::sync_from_base() const {
  uint64_t now = base_->write_count();
  if (synced_ == now) return;
  if (nbytes_) std::memcpy(words_.get(), base_->data() + byte_offset_, nbytes_);
  synced_ = now;
}

void Storage::mark_written(size_t from, size_t to) {
  to = std::min(to, nbytes_);
  from = std::min(from, to);
  if (!base_) {
    ++write_count_;
    spans_[write_count_ % kSpans] = Span{from, to};
    return;
  }
  if (nbytes_) std::memcpy(base_->data() + byte_offset_, words_.get(), nbytes_);
  base_->mark_written(byte_offset_ + from, byte_offset_ + to);
  synced_ = base_->write_count();
}

std::pair<size_t, size_t> Storage::written_since(uint64_t count) const {
  if (base_) {  // the base's spans, seen through this view's window
    auto [from, to] = base_->written_since(count);
    from = std::clamp(from, byte_offset_, byte_offset_ + nbytes_) - byte_offset_;
    to = std::clamp(to, byte_offset_, byte_offset_ + nbytes_) - byte_offset_;
    return from < to ? std::pair(from, to) : std::pair(size_t(0), size_t(0));
  }
  if (count >= write_count_) return {0, 0};
  if (write_count_ - count > kSpans) return {0, nbytes_};
  size_t from = nbytes_, to = 0;
  for (uint64_t k = count + 1; k <= write_count_; ++k) {
    const Span& s = spans_[k % kSpans];
    if (s.from == s.to) continue;
    from = std::min(from, s.from);
    to = std::max(to, s.to);
  }
  return from < to ? std::pair(from, to) : std::pair(size_t(0), size_t(0));
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
  std::unique_ptr<uint64_t[]> words = allocate_words(nbytes, StorageFill::kZeros);
  std::memcpy(words.get(), words_.get(), words_for(nbytes_) * 8);  // padding words are zero
  words_.swap(words);
  if (stats_) stats_->live_bytes += nbytes - nbytes_;
  nbytes_ = nbytes;
  address_ = new_address;
  mark_written();  // the trace re-reads the bytes
}

void Storage::reallocate(size_t nbytes, uint64_t new_address) {
  TP_INTERNAL_ASSERT(!base_, "a storage view is not resizable");
  size_t keep = std::min(nbytes, nbytes_);
  std::unique_ptr<uint64_t[]> words = allocate_words(nbytes, StorageFill::kZeros);
  if (keep) std::memcpy(words.get(), words_.get(), keep);
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
