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
#include <sanitizer/allocator_interface.h>
#elif defined(__EMSCRIPTEN__)
#include <cstdint>
#include <unistd.h>
#else
#include <malloc.h>
#endif

namespace tp {

size_t heap_bytes_in_use() {
#if defined(TP_ASAN)
  return __sanitizer_get_current_allocated_bytes();  // ASan's allocator replaces malloc's books
#elif defined(__EMSCRIPTEN__)
  // dlmalloc's mallinfo() walks every chunk (O(heap), and it runs every 256 steps): the program
  // break is O(1) and bounds what is in use (linear memory below it holds the heap, the static
  // data and the stack; dlmalloc gives a free top back once it passes 2 MB).
  return size_t(reinterpret_cast<uintptr_t>(sbrk(0)));
#elif defined(__GLIBC__)
  return mallinfo2().uordblks;  // glibc: a walk of the bins, not of the chunks
#else
  return 0;  // unknown allocator: only the per-object limits apply
#endif
}

}  // namespace tp
