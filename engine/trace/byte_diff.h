// Which elements of an array changed since a copy of it was taken, found without comparing each
// element, and the copy brought up to date in the same pass.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

namespace tp::trace {

namespace byte_diff_detail {

// Whether two 64-byte blocks are equal: four 16-byte compares folded into one test (SSE2 natively,
// SIMD128 in WebAssembly). A memcmp call per block cost more than the compare.
inline bool same_block(const uint8_t* a, const uint8_t* b) {
  typedef uint64_t Lanes __attribute__((vector_size(16)));
  Lanes x = {0, 0};
  for (int i = 0; i < 4; ++i) {
    Lanes u, v;
    std::memcpy(&u, a + 16 * i, 16);
    std::memcpy(&v, b + 16 * i, 16);
    x |= u ^ v;
  }
  return (x[0] | x[1]) == 0;
}

}  // namespace byte_diff_detail

// The elements, [lo, hi), of an array of `n` elements of `item` bytes starting at byte `first` of
// its storage that a written byte span [from, to) of that storage may have touched (Note [Written
// spans], core/storage.h). Empty (lo >= hi) when none.
inline std::pair<size_t, size_t> elements_touched(std::pair<size_t, size_t> span, size_t first, size_t item, size_t n) {
  const auto [from, to] = span;
  const size_t lo = (std::max(from, first) - first) / item;
  const size_t hi = (std::max(to, first) - first + item - 1) / item;
  return {std::min(lo, n), std::min(hi, n)};
}

// Compares the `n` elements of `item` bytes (1, 2, 4, 8 or 16) at `now` with those at `copy`,
// appends to `out` the positions (plus `first`) of those that differ, and writes them into `copy`,
// which then equals `now`. Whole 64-byte blocks are compared first: a loop writing one cell per
// statement leaves all but one block equal, and only that block's elements are looked at.
inline void take_differences(const uint8_t* now, uint8_t* copy, size_t n, size_t item, std::vector<size_t>& out,
                             size_t first = 0) {
  auto elements = [&](size_t from, size_t to) {
    for (size_t i = from; i < to; ++i)
      if (std::memcmp(now + i * item, copy + i * item, item) != 0) {
        out.push_back(first + i);
        std::memcpy(copy + i * item, now + i * item, item);
      }
  };
  const size_t per_block = 64 / item;  // a block holds whole elements
  size_t i = 0;
  for (; i + per_block <= n; i += per_block)
    if (!byte_diff_detail::same_block(now + i * item, copy + i * item)) elements(i, i + per_block);
  elements(i, n);
}

}  // namespace tp::trace
