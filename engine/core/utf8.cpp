#include "core/utf8.h"

#include <cstdint>

namespace tp {

namespace {
// Length of the well-formed sequence starting at s[i], or 0 if there is none.
size_t sequence_length(const std::string& s, size_t i) {
  auto byte = [&](size_t k) { return k < s.size() ? uint8_t(s[k]) : uint8_t(0); };
  auto cont = [&](size_t k) { return (byte(k) & 0xC0) == 0x80; };
  uint8_t b = byte(i);
  if (b < 0x80) return 1;
  if (b >= 0xC2 && b <= 0xDF) return cont(i + 1) ? 2 : 0;
  if (b >= 0xE0 && b <= 0xEF) {
    uint8_t b1 = byte(i + 1);
    bool ok = (b == 0xE0 ? b1 >= 0xA0 && b1 <= 0xBF : b == 0xED ? b1 >= 0x80 && b1 <= 0x9F : cont(i + 1));
    return ok && cont(i + 2) ? 3 : 0;
  }
  if (b >= 0xF0 && b <= 0xF4) {
    uint8_t b1 = byte(i + 1);
    bool ok = (b == 0xF0 ? b1 >= 0x90 && b1 <= 0xBF : b == 0xF4 ? b1 >= 0x80 && b1 <= 0x8F : cont(i + 1));
    return ok && cont(i + 2) && cont(i + 3) ? 4 : 0;
  }
  return 0;
}
}  // namespace

size_t first_invalid_utf8(const std::string& s) {
  for (size_t i = 0; i < s.size();) {
    size_t n = sequence_length(s, i);
    if (n == 0) return i;
    i += n;
  }
  return std::string::npos;
}

std::string sanitize_utf8(const std::string& s) {
  if (first_invalid_utf8(s) == std::string::npos) return s;
  std::string out;
  out.reserve(s.size() + 8);
  for (size_t i = 0; i < s.size();) {
    size_t n = sequence_length(s, i);
    if (n == 0) {
      out += "\xEF\xBF\xBD";
      ++i;
    } else {
      out.append(s, i, n);
      i += n;
    }
  }
  return out;
}

}  // namespace tp
