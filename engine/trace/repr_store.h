// Tensor reprs the trace formats only when asked (Note [Reprs on demand], SCHEMA.md). A step
// freezes what a repr depends on — the tensor's elements, sizes, dtype, device, autograd suffix,
// the print options and default dtype of that moment — and hands out a number, `repr_ref`; the
// page asks for the text of the few it shows. Formatting every changed tensor at every step was
// most of a trace's time (a 1,000-element tensor written 1,000 times: a million printf calls).
#pragma once
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/device.h"
#include "core/dtype.h"
#include "core/print_options.h"
#include "core/tensor.h"
#include "format/tensor_str.h"

namespace tp::trace {

// Note [Frozen copies in an arena]: a training loop freezes every gradient backward sends and
// every tensor a step changes, tens of thousands of small tensors. A frozen copy is therefore
// only bytes in a block shared with the others (its sizes, then its elements), and what else the
// repr depends on is a number into a table of the few distinct grad_fn names and print settings:
// freezing allocates nothing but, now and then, a new block.
//
// Note [Frozen patches]: a loop that writes one cell of a 1,000-element tensor per statement
// freezes it 1,000 times. When the caller names the ref it froze for the same tensor last time,
// and few elements differ from it, the new copy is only those elements (a patch over that ref's
// copy); at most kMaxPatchDepth patches are stacked before a whole copy, so formatting one ref
// replays a bounded chain.
class ReprStore {
 public:
  // Frozen copies past this many bytes (all refs together, formatted or not) are formatted at once
  // instead: a program that rewrites a big tensor at every step must not keep every version of it.
  explicit ReprStore(size_t max_frozen_bytes = size_t(64) << 20) : max_frozen_bytes_(max_frozen_bytes) {}

  // A new ref for `t` as it is now. Reads ctx() (print options, default dtype). `previous`: the ref
  // frozen for this same tensor at an earlier step, if any (Note [Frozen patches]); what was written
  // since must have told its storage (Storage::mark_written, as every kernel's write does).
  int64_t freeze(const Tensor& t, const format::TensorReprExtras& extras, int64_t previous = -1);
  // A new ref whose text is already known.
  int64_t add_formatted(std::string repr);
  // The repr of a ref (formatted on first ask, then kept); "" for a ref this store never gave.
  // Needs the session's context installed (ContextGuard), as formatting reads it.
  const std::string& repr(int64_t ref);
  size_t size() const { return entries_.size(); }
  size_t frozen_bytes() const { return frozen_bytes_; }  // what the copies take (patches count their size)
  void clear();

 private:
  // Print options and default dtype: what a repr reads from the session besides the tensor.
  struct Settings {
    PrintOptions options;
    DType default_dtype = DType::Float32;
  };
  struct Entry {
    // In blocks_: ndim sizes (int64), then the elements in row-major order; for a patch, `patched`
    // element indices (uint32) and then those elements.
    const uint8_t* frozen = nullptr;
    size_t element_bytes = 0;  // of the whole tensor
    int64_t base = -1;         // a patch's: the ref whose elements it patches
    uint32_t patched = 0, depth = 0;
    uint32_t ndim = 0;
    uint32_t name = 0;      // index into names_ (the grad_fn name)
    uint32_t settings = 0;  // index into settings_
    DType dtype = DType::Float32;
    Device device;
    bool requires_grad = false, is_parameter = false;
    bool formatted = false;
    std::string repr;
  };

  uint8_t* allocate(size_t bytes);
  int64_t freeze_patch(const Tensor& t, Entry& e, int64_t previous);
  void elements_of(int64_t ref, uint8_t* out) const;
  uint32_t name_index(const std::string& name);
  uint32_t settings_index();
  bool same_frozen(const Entry& a, const Entry& b) const;

  size_t max_frozen_bytes_, frozen_bytes_ = 0;
  std::vector<std::unique_ptr<uint8_t[]>> blocks_;
  size_t block_left_ = 0;
  uint8_t* block_at_ = nullptr;
  std::deque<Entry> entries_;  // a deque: a long trace appends 100,000s without moving them
  std::vector<std::string> names_;
  std::unordered_map<std::string, uint32_t> name_indexes_;
  uint32_t last_name_ = UINT32_MAX;  // the index name_index last returned
  std::vector<Settings> settings_;
  // Small tensors frozen with equal contents share one ref: a backward pass through a chain of
  // 150,000 nodes sends the same `tensor(1.)` 300,000 times. Keyed by a hash of everything the
  // repr depends on; a hash shared by two different tensors only loses the sharing.
  std::unordered_map<uint64_t, int64_t> small_;
  // The elements of the refs a later freeze may patch (the newest of each tensor's chain), a few
  // hundred at most; and scratch for the elements being frozen and the positions that differ.
  struct Head {
    std::vector<uint8_t> elements;
    // Where a contiguous tensor's elements were read: then only the bytes its storage's writes
    // since may have touched are compared again (Note [Written spans], core/storage.h).
    int64_t storage = -1, offset = 0;
    uint64_t write_count = 0;
  };
  std::unordered_map<int64_t, Head> heads_;
  std::vector<uint8_t> scratch_;  // a non-contiguous tensor's elements, gathered
  std::vector<size_t> differing_;
  std::string none_;
};

}  // namespace tp::trace
