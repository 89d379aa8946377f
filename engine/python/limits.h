// The playground's resource limits (the browser runs the same engine: nothing may hang or exhaust
// memory). Each one ends the run with an error naming it; the memory cap lives in the Context.
#pragma once
#include <cstddef>
#include <cstdint>

namespace tp::interp {

struct Limits {
  int64_t max_steps = 2000000;       // executed statements + loop iterations
  int max_recursion = 200;           // nested user-function calls (RecursionError)
  size_t max_output_bytes = 1 << 20; // program stdout
  int max_nesting = 200;             // parser: nested brackets / blocks (SyntaxError)
  size_t max_str_bytes = 64 << 20;   // one str (MemoryError)
  size_t max_items = 4000000;        // one list / tuple / dict (MemoryError)
};

}  // namespace tp::interp
