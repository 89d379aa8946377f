// The playground's resource limits (the browser runs the same engine: nothing may hang or exhaust
// memory). Each one ends the run with an error naming it; the memory cap lives in the Context.
#pragma once
#include <cstddef>
#include <cstdint>

namespace tp::interp {

struct Limits {
  int64_t max_steps = 2000000;       // executed statements + loop iterations
  int max_recursion = 200;           // nested user-function calls (RecursionError)
  // Note [One recursion budget]: everything that recurses in C++ on user data (evaluation, calls,
  // comparison, hashing, repr, iteration of nested iterators, deepcopy) spends from one budget and
  // raises RecursionError when it is gone, long before the native stack is. Sized from the
  // WebAssembly stack, the smaller of the two: in Node's ~1 MB stack 1,400 nested evaluations
  // ran and the hostile programs of web/tests/hostile.test.ts probe the edge; 1,200 leaves margin
  // (CPython's own recursion limit is 1,000 frames).
  int max_native_depth = 1200;
  size_t max_output_bytes = 1 << 20; // program stdout
  // parser: nested brackets / blocks (SyntaxError "too many nested parentheses"). CPython allows
  // 200; the recursive-descent parser spends ~15 WebAssembly frames per bracket level and the
  // browser's stack held 90 levels (tests/hostile, web/tests/hostile.test.ts), so 50.
  int max_nesting = 50;
  size_t max_str_bytes = 64 << 20;   // one str (MemoryError)
  size_t max_items = 4000000;        // one list / tuple / dict (MemoryError)
  // everything the program holds, checked every 256 steps (a browser tab refuses to grow a
  // WebAssembly memory much past this on many machines: std::bad_alloc at ~1 GB under Node)
  size_t max_heap_bytes = size_t(512) << 20;
};

}  // namespace tp::interp
