// A tiny streaming JSON writer: enough for the trace, with correct string escaping, numbers in
// their shortest round-trip form, and non-finite numbers written as the strings "inf", "-inf",
// "nan" (SCHEMA.md).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tp::trace {

class JsonWriter {
 public:
  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  // string_view: keys are literals, written millions of times in a long trace (no allocation
  // each). A key is written as it is: the trace's member names need no escaping.
  JsonWriter& key(std::string_view k);
  JsonWriter& value(std::string_view s);
  JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }  // not the bool overload
  JsonWriter& value(int64_t v);
  JsonWriter& value(int v) { return value(int64_t(v)); }
  JsonWriter& value(uint64_t v);
  JsonWriter& value(double v);
  JsonWriter& value(bool v);
  JsonWriter& null();
  JsonWriter& raw(const std::string& json);  // an already-serialised value
  // The members of an already-serialised, non-empty object `{...}`, into the open object.
  JsonWriter& raw_members(const std::string& object_json);

  const std::string& str() const { return out_; }
  void clear() { out_.clear(); first_.clear(); after_key_ = false; }  // keeps the buffer's memory
  std::string take() { return std::move(out_); }

 private:
  void before_value();
  std::string out_;
  std::vector<bool> first_;  // per open container: no element written yet
  bool after_key_ = false;
};

std::string json_escape(const std::string& s);  // with the surrounding quotes

}  // namespace tp::trace
