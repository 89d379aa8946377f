#include "trace/json_writer.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/utf8.h"

namespace tp::trace {

std::string json_escape(const std::string& text) {
  // JSON text is UTF-8: ill-formed bytes (a program printing a broken string) become U+FFFD.
  const std::string s = sanitize_utf8(text);
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += char(c);  // well-formed UTF-8 passes through unchanged
        }
    }
  }
  return out + "\"";
}

void JsonWriter::before_value() {
  if (after_key_) { after_key_ = false; return; }
  if (!first_.empty()) {
    if (!first_.back()) out_ += ',';
    first_.back() = false;
  }
}

JsonWriter& JsonWriter::begin_object() { before_value(); out_ += '{'; first_.push_back(true); return *this; }
JsonWriter& JsonWriter::end_object() { out_ += '}'; first_.pop_back(); return *this; }
JsonWriter& JsonWriter::begin_array() { before_value(); out_ += '['; first_.push_back(true); return *this; }
JsonWriter& JsonWriter::end_array() { out_ += ']'; first_.pop_back(); return *this; }

JsonWriter& JsonWriter::key(const std::string& k) {
  before_value();
  out_ += json_escape(k);
  out_ += ':';
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::value(const std::string& s) { before_value(); out_ += json_escape(s); return *this; }
JsonWriter& JsonWriter::value(int64_t v) { before_value(); out_ += std::to_string(v); return *this; }
JsonWriter& JsonWriter::value(uint64_t v) { before_value(); out_ += std::to_string(v); return *this; }
JsonWriter& JsonWriter::value(bool v) { before_value(); out_ += v ? "true" : "false"; return *this; }
JsonWriter& JsonWriter::null() { before_value(); out_ += "null"; return *this; }
JsonWriter& JsonWriter::raw(const std::string& json) { before_value(); out_ += json; return *this; }

JsonWriter& JsonWriter::value(double v) {
  before_value();
  if (std::isnan(v)) { out_ += "\"nan\""; return *this; }
  if (std::isinf(v)) { out_ += v > 0 ? "\"inf\"" : "\"-inf\""; return *this; }
  // Shortest representation that round-trips (same code path natively and in WASM), found by
  // bisection: if p digits round-trip so do p + 1 (the nearest (p+1)-digit decimal is at least as
  // close as the p-digit one), and float32 values need 16-17 digits as doubles, so a linear search
  // made formatting the trace's storages cost more than the kernels.
  char buf[32];
  auto round_trips = [&](int p) {
    std::snprintf(buf, sizeof buf, "%.*g", p, v);
    return std::strtod(buf, nullptr) == v;
  };
  int lo = 1, hi = 17;  // 17 digits always round-trip
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (round_trips(mid)) hi = mid;
    else lo = mid + 1;
  }
  std::snprintf(buf, sizeof buf, "%.*g", lo, v);
  out_ += buf;
  return *this;
}

}  // namespace tp::trace
