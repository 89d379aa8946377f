#include "trace/json_writer.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include <fmt/format.h>  // header-only (FMT_HEADER_ONLY): only its Dragonbox is used

#include "core/utf8.h"

namespace tp::trace {

namespace {
// Printable ASCII with nothing to escape (keys, ids, most reprs): copied as it is.
bool plain_ascii(std::string_view s) {
  for (unsigned char c : s)
    if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') return false;
  return true;
}

void append_string(std::string& out, std::string_view s) {
  if (plain_ascii(s)) {
    out += '"';
    out.append(s);
    out += '"';
  } else {
    out += json_escape(std::string(s));
  }
}
}  // namespace

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

JsonWriter& JsonWriter::key(std::string_view k) {
  before_value();
  out_ += '"';  // keys are the trace's own ASCII names: nothing to escape
  out_.append(k);
  out_ += "\":";
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::value(std::string_view s) { before_value(); append_string(out_, s); return *this; }
namespace {
template <class Int>
void append_int(std::string& out, Int v) {
  char buf[24];
  out.append(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
}
}  // namespace

JsonWriter& JsonWriter::value(int64_t v) { before_value(); append_int(out_, v); return *this; }
JsonWriter& JsonWriter::value(uint64_t v) { before_value(); append_int(out_, v); return *this; }
JsonWriter& JsonWriter::value(bool v) { before_value(); out_ += v ? "true" : "false"; return *this; }
JsonWriter& JsonWriter::null() { before_value(); out_ += "null"; return *this; }
JsonWriter& JsonWriter::raw(const std::string& json) { before_value(); out_ += json; return *this; }

JsonWriter& JsonWriter::raw_members(const std::string& object_json) {
  before_value();
  out_.append(object_json, 1, object_json.size() - 2);
  return *this;
}

// The shortest decimal that reads back as the same double, by Dragonbox (fmt's implementation:
// ~50 ns, where the snprintf/strtod bisection it replaces took ~2 us natively and ~8 us in
// WebAssembly). Only the digit search is fmt's: its formatting machinery would add ~100 KB to the
// .wasm. Fixed notation for decimal exponents -4..16 (as %.17g), else 1.5e-07.
JsonWriter& JsonWriter::value(double v) {
  before_value();
  if (std::isnan(v)) { out_ += "\"nan\""; return *this; }
  if (std::isinf(v)) { out_ += v > 0 ? "\"inf\"" : "\"-inf\""; return *this; }
  if (std::signbit(v)) out_ += '-';
  if (v == 0) { out_ += '0'; return *this; }
  auto dec = fmt::detail::dragonbox::to_decimal(std::fabs(v));
  char digit_buf[24];  // the significand's digits (at most 17), without an allocation per number
  const std::string_view digits(digit_buf, size_t(std::to_chars(digit_buf, digit_buf + sizeof digit_buf, dec.significand).ptr - digit_buf));
  const int n = int(digits.size());
  const int e10 = dec.exponent + n - 1;  // of the first digit
  if (e10 < -4 || e10 > 16) {
    out_ += digits[0];
    if (n > 1) { out_ += '.'; out_.append(digits.substr(1)); }
    out_ += e10 < 0 ? "e-" : "e+";
    if (std::abs(e10) < 10) out_ += '0';  // two exponent digits, as printf writes them
    append_int(out_, std::abs(e10));
  } else if (dec.exponent >= 0) {
    out_.append(digits);
    out_.append(size_t(dec.exponent), '0');
  } else if (e10 >= 0) {
    out_.append(digits.substr(0, size_t(e10 + 1)));
    out_ += '.';
    out_.append(digits.substr(size_t(e10 + 1)));
  } else {
    out_ += "0.";
    out_.append(size_t(-e10 - 1), '0');
    out_.append(digits);
  }
  return *this;
}

}  // namespace tp::trace
