// UTF-8 well-formedness (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF). Program
// text must be UTF-8 (PEP 3120) and the trace is JSON, which must be too.
#pragma once
#include <cstddef>
#include <string>

namespace tp {

// Index of the first byte that does not begin a well-formed sequence, or std::string::npos.
size_t first_invalid_utf8(const std::string& s);
// `s` with every ill-formed byte replaced by U+FFFD (what a browser shows for such bytes).
std::string sanitize_utf8(const std::string& s);

}  // namespace tp
