// TP_COLD_KERNEL: marks a kernel in an -O3 source (CMakeLists TP_WASM_COLD_OPS) that no benchmark
// or training loop leans on, so the WebAssembly build compiles it for size (clang's minsize: no
// vectorising or unrolling of its loops) while its hot neighbours stay fast. Native builds ignore it.
#pragma once

#if defined(__EMSCRIPTEN__)
#define TP_COLD_KERNEL __attribute__((minsize))
#else
#define TP_COLD_KERNEL
#endif
