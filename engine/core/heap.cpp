#include "core/heap.h"

#include <malloc.h>

namespace tp {

size_t heap_bytes_in_use() {
#if defined(__EMSCRIPTEN__)
  return size_t(mallinfo().uordblks);  // emscripten's dlmalloc
#elif defined(__GLIBC__)
  return mallinfo2().uordblks;
#else
  return 0;  // unknown allocator: only the per-object limits apply
#endif
}

}  // namespace tp
