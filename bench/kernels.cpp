// Times the engine's kernels directly (no interpreter, no trace), so the same program built
// natively (build/native/tensorplay_bench_kernels) and as WebAssembly
// (build/wasm/tensorplay_bench_kernels_wasm.js, run by web/scripts/bench-kernels.mjs) can be
// compared op by op. Prints one "name<TAB>milliseconds" line per op: the fastest of several runs,
// in CPU time of the process (on a shared machine, wall time of anything longer than a scheduler
// slice mostly measures the other processes).
#include <ctime>
#include <cstdio>
#include <functional>
#include <string>

#include "autograd/functions.h"
#include "autograd/nn_functions.h"
#include "core/context.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

namespace {

double cpu_ms() {
#ifdef __EMSCRIPTEN__
  // Node's process.cpuUsage(): user + system microseconds of the whole process.
  return EM_ASM_DOUBLE({
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  });
#else
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
#endif
}

double time_ms(const std::function<void()>& op) {
  op();  // warm-up: first-touch of fresh pages, lazy initialisation, the engine's tier-up
  op();
  double best = 1e300, total = 0;
  for (int runs = 0; runs < 5 || (total < 300 && runs < 200); ++runs) {
    const double t0 = cpu_ms();
    op();
    const double ms = cpu_ms() - t0;
    best = ms < best ? ms : best;
    total += ms;
  }
  return best;
}

void report(const char* name, double ms) { std::printf("%s\t%.4f\n", name, ms); }

}  // namespace

int main() {
  using namespace tp;
  Context c;
  ContextGuard g(c);
  c.generator.manual_seed(0);
  const Device cpu{};
  Tensor x = rand({1000000}, DType::Float32, cpu), y = rand({1000000}, DType::Float32, cpu);
  report("add 1e6 float32", time_ms([&] { add(x, y); }));
  report("mul 1e6 float32", time_ms([&] { mul(x, y); }));
  report("sum 1e6 float32", time_ms([&] { sum(x, {}, false, std::nullopt); }));
  report("exp 1e6 float32", time_ms([&] { unary(x, UnaryOp::Exp); }));
  for (int64_t n : {128, 256, 512}) {
    Tensor a = randn({n, n}, DType::Float32, cpu), b = randn({n, n}, DType::Float32, cpu);
    std::string name = "matmul " + std::to_string(n) + "x" + std::to_string(n) + " float32";
    report(name.c_str(), time_ms([&] { matmul(a, b); }));
  }
  // A small CNN layer: 16 -> 32 channels, 3x3, padding 1, on a 32x32 image.
  Tensor img = randn({1, 16, 32, 32}, DType::Float32, cpu), w = randn({32, 16, 3, 3}, DType::Float32, cpu);
  Tensor bias = randn({32}, DType::Float32, cpu);
  ConvArgs args;
  args.spatial = 2;
  args.stride = {1, 1};
  args.padding_lo = args.padding_hi = {1, 1};
  args.dilation = {1, 1};
  report("conv2d 1x16x32x32 k3 ->32", time_ms([&] { convolution(img, w, bias, args); }));
  return 0;
}
