// A tiny streaming JSON writer: enough for the trace, with correct string escaping, numbers in
// their shortest round-trip form, and non-finite numbers written as the strings "inf", "-inf",
// "nan" (SCHEMA.md).
#pragma once
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

namespace tp::trace {

// Note [A writer without calls per character]: a long trace is tens of megabytes of this JSON,
// and the WebAssembly build compiles the recorder for size, where std::string's per-character
// append and a std::vector<bool> of open containers stay out-of-line calls (the writer was a
// quarter of the snapshot time). So the writer keeps its own length in a buffer it grows by
// doubling (without zeroing it, as std::string's resize would), and the inline helpers below copy whole pieces; a comma is owed after any complete
// value inside a container, which needs one flag and a depth instead of a stack.
class JsonWriter {
 public:
  JsonWriter& begin_object() { return open('{'); }
  JsonWriter& end_object() { return close('}'); }
  JsonWriter& begin_array() { return open('['); }
  JsonWriter& end_array() { return close(']'); }
  // Keys are the trace's own ASCII names, written as they are (nothing to escape); a literal's
  // length is known at compile time.
#ifdef __EMSCRIPTEN__
  // The WebAssembly build keeps one out-of-line copy: a copy per call site is ~0.5 KB brotli of a
  // module at its size budget.
  template <size_t N>
  JsonWriter& key(const char (&k)[N]) { return key(std::string_view(k, N - 1)); }
#else
  template <size_t N>
  JsonWriter& key(const char (&k)[N]) {  // a literal: copied with its quotes and colon in one piece
    separate();
    char* p = room(N + 2);
    p[0] = '"';
    std::memcpy(p + 1, k, N - 1);
    p[N] = '"';
    p[N + 1] = ':';
    len_ += N + 2;
    return *this;
  }
#endif
  JsonWriter& key(std::string_view k);
  JsonWriter& value(std::string_view s);
  JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }  // not the bool overload
  JsonWriter& value(int64_t v);
  JsonWriter& value(int v) { return value(int64_t(v)); }
  JsonWriter& value(uint64_t v);
  JsonWriter& value(double v);
  JsonWriter& value(float v);  // its shortest float32 digits: Note [Float32 cells]
  JsonWriter& value(bool v) { return piece(v ? std::string_view("true") : std::string_view("false")); }
  JsonWriter& null() { return piece("null"); }
  JsonWriter& id_or_null(int64_t id) { return id >= 0 ? value(id) : null(); }  // an entity's id, -1: none
  JsonWriter& raw(std::string_view json) { return piece(json); }  // an already-serialised value
  // The members of an already-serialised, non-empty object `{...}`, into the open object.
  JsonWriter& raw_members(std::string_view object_json) { return piece(object_json.substr(1, object_json.size() - 2)); }

  std::string_view str() const { return {buf_.get(), len_}; }
  size_t size() const { return len_; }
  void clear() { len_ = 0; depth_ = 0; comma_ = false; }  // keeps the buffer's memory
  // Where the writer is, to go back to if what follows must be dropped (a step that threw).
  struct Mark {
    size_t len;
    int depth;
    bool comma;
  };
  Mark mark() const { return {len_, depth_, comma_}; }
  void rewind(const Mark& m) { len_ = m.len; depth_ = m.depth; comma_ = m.comma; }
  std::string take() {  // the JSON, and a fresh start
    std::string out(str());
    clear();
    return out;
  }

 private:
  char* room(size_t n) {  // where the next n bytes go
    if (cap_ - len_ < n) grow(n);
    return buf_.get() + len_;
  }
  void put(char c) { *room(1) = c; ++len_; }
  void put(std::string_view s) {
    std::memcpy(room(s.size()), s.data(), s.size());
    len_ += s.size();
  }
  void separate() {  // before a value or a key
    if (comma_) put(',');
    comma_ = false;
  }
  JsonWriter& piece(std::string_view json) {  // a whole value
    separate();
    put(json);
    comma_ = depth_ > 0;
    return *this;
  }
  JsonWriter& open(char c) {
    separate();
    put(c);
    ++depth_;
    return *this;
  }
  JsonWriter& close(char c) {
    put(c);
    comma_ = --depth_ > 0;
    return *this;
  }
  void grow(size_t n);
  template <class Int>
  JsonWriter& integer(Int v);
  JsonWriter& decimal(bool negative, uint64_t significand, int exponent);  // shortest digits laid out

  struct Free {
    void operator()(char* p) const { std::free(p); }
  };
  // Its first len_ bytes are the JSON; the rest (never zeroed) is room. Grown with realloc: a
  // trace's megabytes are moved by remapping their pages, not copied into fresh ones.
  std::unique_ptr<char, Free> buf_;
  size_t len_ = 0, cap_ = 0;
  int depth_ = 0;       // containers open
  bool comma_ = false;  // a value was completed in the open container
};

std::string json_escape(const std::string& s);  // with the surrounding quotes

}  // namespace tp::trace
