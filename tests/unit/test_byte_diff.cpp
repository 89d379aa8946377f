// trace/byte_diff.h: take_differences finds exactly the elements that differ, in order, for every
// element size, at block edges and in the tail, and leaves the copy equal to the array.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "trace/byte_diff.h"

TEST_CASE("byte diff: the differing elements, in order, and the copy brought up to date", "[trace]") {
  std::mt19937_64 rng(11);
  for (size_t item : {1u, 2u, 4u, 8u, 16u}) {
    for (size_t n : {size_t(0), size_t(1), size_t(3), 64 / item, 64 / item + 1, size_t(1000), size_t(1037)}) {
      std::vector<uint8_t> now(n * item), copy;
      for (auto& b : now) b = uint8_t(rng());
      copy = now;
      // elements to change: both ends, a block's first and last, and some at random
      std::vector<size_t> expected;
      for (size_t i = 0; i < n; ++i)
        if (i == 0 || i == n - 1 || i == 64 / item - 1 || i == 64 / item || rng() % 97 == 0) expected.push_back(i);
      for (size_t i : expected) copy[i * item + rng() % item] ^= uint8_t(1 + rng() % 255);  // one byte of it
      std::vector<size_t> out = {12345};  // appended to, not replaced
      tp::trace::take_differences(now.data(), copy.data(), n, item, out, 7);
      REQUIRE(out.size() == expected.size() + 1);
      CHECK(out[0] == 12345);
      for (size_t k = 0; k < expected.size(); ++k) CHECK(out[k + 1] == expected[k] + 7);
      CHECK(copy == now);
      out.clear();
      tp::trace::take_differences(now.data(), copy.data(), n, item, out);  // nothing left to find
      CHECK(out.empty());
    }
  }
}
