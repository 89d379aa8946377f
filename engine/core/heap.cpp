#include "core/heap.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TP_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define TP_ASAN 1
#endif

#if defined(TP_ASAN)
// Declared here rather than through <sanitizer/allocator_interface.h>: GCC's libasan provides the
// function but Debian ships that header only with clang's runtime.
extern "C" size_t __sanitizer_get_current_allocated_bytes();
#elif defined(__EMSCRIPTEN__)
#include <malloc.h>

#include <atomic>
#include <cstdlib>
#include <new>
#else
#include <malloc.h>
#endif

#if defined(__EMSCRIPTEN__) && !defined(TP_ASAN)
// Note [Counting the WebAssembly heap]: dlmalloc's mallinfo() walks every chunk (O(heap), and the
// cap is checked every 256 steps), and the program break does not fall when memory is freed and
// reused. So the module counts what operator new hands out (the engine allocates through it:
// containers, strings, shared objects, storages) by each block's usable size.
namespace {
std::atomic<size_t> allocated_bytes{0};

void* counted_alloc(size_t n) {
  void* p = std::malloc(n ? n : 1);
  if (!p) throw std::bad_alloc();
  allocated_bytes.fetch_add(malloc_usable_size(p), std::memory_order_relaxed);
  return p;
}
void counted_free(void* p) noexcept {
  if (!p) return;
  allocated_bytes.fetch_sub(malloc_usable_size(p), std::memory_order_relaxed);
  std::free(p);
}
}  // namespace

void* operator new(size_t n) { return counted_alloc(n); }
void* operator new[](size_t n) { return counted_alloc(n); }
void* operator new(size_t n, const std::nothrow_t&) noexcept {
  try { return counted_alloc(n); } catch (...) { return nullptr; }
}
void* operator new[](size_t n, const std::nothrow_t&) noexcept {
  try { return counted_alloc(n); } catch (...) { return nullptr; }
}
void operator delete(void* p) noexcept { counted_free(p); }
void operator delete[](void* p) noexcept { counted_free(p); }
void operator delete(void* p, size_t) noexcept { counted_free(p); }
void operator delete[](void* p, size_t) noexcept { counted_free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { counted_free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { counted_free(p); }
#endif

namespace tp {

size_t heap_bytes_in_use() {
#if defined(TP_ASAN)
  return __sanitizer_get_current_allocated_bytes();  // ASan's allocator replaces malloc's books
#elif defined(__EMSCRIPTEN__)
  return allocated_bytes.load(std::memory_order_relaxed);  // Note [Counting the WebAssembly heap]
#elif defined(__GLIBC__)
  return mallinfo2().uordblks;  // glibc: a walk of the bins, not of the chunks
#else
  return 0;  // unknown allocator: only the per-object limits apply
#endif
}

}  // namespace tp
