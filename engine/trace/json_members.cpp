#include "trace/json_members.h"

namespace tp::trace {

namespace {

// The end of the JSON value starting at `i` (one past its last character).
size_t value_end(std::string_view s, size_t i) {
  if (s[i] == '"') {
    for (++i; s[i] != '"'; ++i)
      if (s[i] == '\\') ++i;
    return i + 1;
  }
  if (s[i] == '{' || s[i] == '[') {
    int depth = 0;
    for (; i < s.size(); ++i) {
      const char c = s[i];
      if (c == '"') { i = value_end(s, i) - 1; continue; }
      if (c == '{' || c == '[') ++depth;
      if ((c == '}' || c == ']') && --depth == 0) return i + 1;
    }
    return i;
  }
  while (i < s.size() && s[i] != ',' && s[i] != '}' && s[i] != ']') ++i;
  return i;
}

}  // namespace

std::vector<std::pair<std::string_view, std::string_view>> json_members(std::string_view object) {
  std::vector<std::pair<std::string_view, std::string_view>> out;
  size_t i = 1;  // past '{'
  while (i < object.size() && object[i] == '"') {
    const size_t key_end = value_end(object, i);
    const size_t v = key_end + 1;  // past ':'
    const size_t v_end = value_end(object, v);
    out.emplace_back(object.substr(i, key_end - i), object.substr(v, v_end - v));
    i = v_end + 1;  // past ',' or '}'
  }
  return out;
}

std::string changed_members(std::string_view before, std::string_view now) {
  const auto was = json_members(before);
  const auto is = json_members(now);
  std::string out = "{";
  for (size_t k = 0; k < is.size(); ++k) {
    // keys keep their order, so the same key is usually at the same position
    std::string_view old;
    bool found = false;
    if (k < was.size() && was[k].first == is[k].first) {
      old = was[k].second;
      found = true;
    } else {
      for (const auto& [key, value] : was)
        if (key == is[k].first) { old = value; found = true; break; }
    }
    if (k != 0 && found && old == is[k].second) continue;
    if (out.size() > 1) out += ',';
    out.append(is[k].first).append(":").append(is[k].second);
  }
  return out + "}";
}

}  // namespace tp::trace
