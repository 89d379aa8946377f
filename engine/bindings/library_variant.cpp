// The one source compiled once per library variant (Note [Two modules] in library_variant.h):
// TP_CORE_LIBRARY builds the core library, which knows the names only the full one has.
#include "bindings/library_variant.h"

#include <algorithm>
#include <iterator>
#include <string_view>

#include "python/library.h"

namespace tp::interp::lib {

#ifdef TP_CORE_LIBRARY

namespace {
// Sorted; generated (tests/library_names/update.sh) and checked against both runners by CTest.
constexpr std::string_view kFullOnlyNames[] = {
#include "bindings/full_only_names.inc"
};
}  // namespace

bool full_library() { return false; }

void check_full_only(const std::string& owner, const std::string& name) {
  std::string dotted = owner.empty() ? name : owner + "." + name;
  // the first listed name not below `dotted`: `dotted` itself, or (name "") the owner's first member
  auto it = std::lower_bound(std::begin(kFullOnlyNames), std::end(kFullOnlyNames), std::string_view(dotted));
  if (it == std::end(kFullOnlyNames)) return;
  if (name.empty() ? it->substr(0, dotted.size()) == dotted : *it == dotted)
    throw NeedsFullLibrary{name.empty() ? owner : dotted};
}

#else

bool full_library() { return true; }

void check_full_only(const std::string&, const std::string&) {}

#endif

}  // namespace tp::interp::lib
