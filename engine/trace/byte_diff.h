// Which elements of two equally long arrays differ, found without comparing each element.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace tp::trace {

// Appends the positions of the `item`-byte elements where `a` and `b` differ. Whole 64-byte blocks
// are compared first: a loop writing one cell per statement leaves all but one block equal.
inline void differing_elements(const uint8_t* a, const uint8_t* b, size_t n, size_t item, std::vector<size_t>& out) {
  const size_t per_block = 64 / item;  // item is 1, 2, 4, 8 or 16
  for (size_t k = 0; k < n; k += per_block) {
    const size_t end = std::min(n, k + per_block);
    if (std::memcmp(a + k * item, b + k * item, (end - k) * item) == 0) continue;
    for (size_t i = k; i < end; ++i)
      if (std::memcmp(a + i * item, b + i * item, item) != 0) out.push_back(i);
  }
}

}  // namespace tp::trace
