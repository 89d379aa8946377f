// Which elements of an array changed since a copy of it was taken, found without comparing each
// element, and the copy brought up to date in the same pass.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
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

template <size_t Item>
void take_differences(const uint8_t* now, uint8_t* copy, size_t n, std::vector<size_t>& out, size_t first) {
  auto element = [&](size_t i) {
    if (std::memcmp(now + i * Item, copy + i * Item, Item) == 0) return;  // a constant size: inlined
    out.push_back(first + i);
    std::memcpy(copy + i * Item, now + i * Item, Item);
  };
  constexpr size_t kPerBlock = 64 / Item;
  size_t i = 0;
  for (; i + kPerBlock <= n; i += kPerBlock)
    if (!same_block(now + i * Item, copy + i * Item))
      for (size_t k = i; k < i + kPerBlock; ++k) element(k);
  for (; i < n; ++i) element(i);
}

}  // namespace byte_diff_detail

// Compares the `n` elements of `item` bytes (1, 2, 4, 8 or 16) at `now` with those at `copy`,
// appends to `out` the positions (plus `first`) of those that differ, and writes them into `copy`,
// which then equals `now`. Whole 64-byte blocks are compared first: a loop writing one cell per
// statement leaves all but one block equal, and only that block's elements are looked at.
inline void take_differences(const uint8_t* now, uint8_t* copy, size_t n, size_t item, std::vector<size_t>& out,
                             size_t first = 0) {
  switch (item) {
    case 1: return byte_diff_detail::take_differences<1>(now, copy, n, out, first);
    case 2: return byte_diff_detail::take_differences<2>(now, copy, n, out, first);
    case 4: return byte_diff_detail::take_differences<4>(now, copy, n, out, first);
    case 8: return byte_diff_detail::take_differences<8>(now, copy, n, out, first);
    default: return byte_diff_detail::take_differences<16>(now, copy, n, out, first);
  }
}

}  // namespace tp::trace
