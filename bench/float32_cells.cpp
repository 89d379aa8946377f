// Note [Float32 cells] proved over every float32: the trace writes a float32 cell as its shortest
// float32 digits, and the page reads it with JSON.parse (the nearest double) and Math.fround (the
// nearest float32, ties to even). Both roundings are correctly rounded IEEE operations, as
// std::strtod and a float cast are here, so this checks that the two steps give back the exact
// value for all 2^32 bit patterns (NaN and the infinities are written as strings). Takes a few
// minutes on two cores:
//   cmake --build build/native --target tensorplay_float32_cells && build/native/tensorplay_float32_cells
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "trace/json_writer.h"

int main() {
  const unsigned workers = std::max(1u, std::thread::hardware_concurrency());
  std::atomic<uint64_t> checked{0}, wrong{0};
  std::vector<std::thread> pool;
  for (unsigned w = 0; w < workers; ++w) {
    pool.emplace_back([w, workers, &checked, &wrong] {
      tp::trace::JsonWriter out;
      uint64_t mine = 0, bad = 0;
      for (uint64_t bits = w; bits <= 0xFFFFFFFFull; bits += workers) {
        const uint32_t b = uint32_t(bits);
        float f;
        std::memcpy(&f, &b, sizeof f);
        if (!std::isfinite(f)) continue;
        out.clear();
        out.value(f);
        const std::string text(out.str());
        const float back = float(std::strtod(text.c_str(), nullptr));
        uint32_t back_bits;
        std::memcpy(&back_bits, &back, sizeof back);
        ++mine;
        if (back_bits != b && ++bad <= 5) std::printf("0x%08x written %s reads back as 0x%08x\n", b, text.c_str(), back_bits);
      }
      checked += mine;
      wrong += bad;
    });
  }
  for (auto& t : pool) t.join();
  std::printf("%llu finite float32 values checked, %llu read back wrong\n", (unsigned long long)checked.load(),
              (unsigned long long)wrong.load());
  return wrong == 0 ? 0 : 1;
}
