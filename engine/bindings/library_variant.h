// Which library this module was built with: the full one, or the core one the page loads first
// (Note [Two modules]).
#pragma once
#include <string>
#include <vector>

#include "python/library.h"
#include "python/value.h"

namespace tp::interp::lib {

// Note [Two modules]: the page first downloads a *core* WebAssembly module, and the *full* one only
// when a program needs it. The core library skips the rarely used installers (einsum, bitwise ops,
// convolution, lr schedulers, DataLoader, the Python modules itertools/functools/random, ...: each
// call site says `if (full_library())`) and every `out=` keyword (add_core_out_variant,
// check_method_out). Both modules are linked from the same objects; only library_variant.cpp is
// compiled twice (TP_CORE_LIBRARY), so with LTO full_library() is a constant and the core link
// drops every installer it guards and the code only they reach. When a program in the core module
// looks up a name only the full library has (full_only_names.inc, generated and checked by
// tests/core_module/full_only_names.py), the lookup throws NeedsFullLibrary instead of an
// AttributeError; the page then runs the program again, from the start, in the full module
// (web/src/engine/host.ts). The native runner is built both ways too (`tensorplay` and
// `tensorplay_core`). full_library() and check_full_only() are declared in python/library.h.

// Every name the library installs, as "owner.name" ("torch.einsum", "torch.Tensor.bitwise_and",
// "torch.nn.functional.conv2d"): what `tensorplay names` prints, to generate full_only_names.inc.
std::vector<std::string> library_names(Interpreter& in);

}  // namespace tp::interp::lib
