// How much memory the process holds on its heap: the playground's whole-program memory cap reads it,
// so strings, lists, dicts and objects count as tensors do (a per-container limit cannot see
// 100,000 lists of 1,000 items each).
#pragma once
#include <cstddef>

namespace tp {

size_t heap_bytes_in_use();

}  // namespace tp
