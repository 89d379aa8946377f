// bytes and bytearray, as far as a lesson on torch.frombuffer needs them: the constructors
// (Objects/bytesobject.c bytes_new, Objects/bytearrayobject.c bytearray___init__), repr, len,
// items, iteration, `in`, equality (operators.cpp) and hash (hash.cpp). Messages are CPython 3.11's.
//
// Note [Bytes in a storage]: CPython hands a bytearray's memory to torch.frombuffer through the
// buffer protocol, and the tensor reads and writes that very memory. Here the bytes live in an
// engine Storage from the start (BytesObj::data, a contiguous uint8 tensor over all of it), and the
// tensor frombuffer makes gets a storage viewing bytes of that one (Note [Storage views],
// core/storage.h): writes either way are seen by the other, and the trace says which bytes of the
// bytearray's storage the tensor's storage is. Writing through the bytearray moves no version
// counter (PyTorch cannot see writes made through the buffer either).
#include "python/objects/bytes.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "core/context.h"
#include "core/error.h"
#include "python/args.h"
#include "python/interp_impl.h"
#include "python/library.h"

namespace tp::interp {

namespace {

const char* type_of(bool bytearray) { return bytearray ? "bytearray" : "bytes"; }

uint8_t* data_of(const BytesObj& b) { return b.data.storage()->data(); }

// _getbytevalue (bytearray) / _PyBytes_FromList (bytes): an int in range(0, 256).
uint8_t byte_value(Interpreter& in, const ObjPtr& x, bool bytearray) {
  int64_t v;
  if (!as_index(in, x, v))
    throw TorchError("TypeError", "'" + in.type_name(x) + "' object cannot be interpreted as an integer");
  if (v < 0 || v > 255) throw TorchError("ValueError", std::string(bytearray ? "byte" : "bytes") + " must be in range(0, 256)");
  return uint8_t(v);
}

// str.encode(encoding) for the two codecs a lesson uses; the engine's strings are UTF-8 already.
std::vector<uint8_t> encode(const std::string& s, std::string encoding) {
  for (char& c : encoding) c = c == '_' ? '-' : char(tolower((unsigned char)c));
  if (encoding == "utf-8" || encoding == "utf8") return std::vector<uint8_t>(s.begin(), s.end());
  if (encoding == "ascii" || encoding == "us-ascii") {
    auto chars = utf8_chars(s);
    for (size_t i = 0; i < chars.size(); ++i) {
      if ((unsigned char)chars[i][0] < 0x80) continue;
      // The code point, for the message ('\xe9', '\u20ac', '\U0001f600').
      const std::string& c = chars[i];
      uint32_t cp = c.size() == 2 ? ((c[0] & 0x1F) << 6) | (c[1] & 0x3F)
                    : c.size() == 3 ? ((c[0] & 0x0F) << 12) | ((c[1] & 0x3F) << 6) | (c[2] & 0x3F)
                                    : ((c[0] & 0x07) << 18) | ((c[1] & 0x3F) << 12) | ((c[2] & 0x3F) << 6) | (c[3] & 0x3F);
      char buf[16];
      snprintf(buf, sizeof buf, cp < 0x100 ? "\\x%02x" : cp < 0x10000 ? "\\u%04x" : "\\U%08x", cp);
      throw TorchError("UnicodeEncodeError", "'ascii' codec can't encode character '" + std::string(buf) + "' in position " +
                                                 std::to_string(i) + ": ordinal not in range(128)");
    }
    return std::vector<uint8_t>(s.begin(), s.end());
  }
  throw TorchError("NotImplementedError",
                   "the '" + encoding + "' codec is not built into the playground yet (utf-8 and ascii are)");
}

ObjPtr make_zeroed(int64_t n, bool bytearray) {
  // make_empty checks the size against the playground's memory cap (MemoryError).
  return std::make_shared<BytesObj>(make_empty({n}, DType::UInt8, Device{}), bytearray);
}

}  // namespace

ObjPtr make_bytes(const std::vector<uint8_t>& bytes, bool bytearray) {
  ObjPtr o = make_zeroed(int64_t(bytes.size()), bytearray);
  if (!bytes.empty()) std::memcpy(data_of(static_cast<BytesObj&>(*o)), bytes.data(), bytes.size());
  return o;
}

std::vector<uint8_t> bytes_value(const BytesObj& b) {
  const uint8_t* p = data_of(b);
  return std::vector<uint8_t>(p, p + bytes_size(b));
}

int64_t bytes_size(const BytesObj& b) { return b.data.numel(); }

std::vector<ObjPtr> bytes_items(Interpreter& in, const BytesObj& b) {
  std::vector<ObjPtr> out;
  for (uint8_t c : bytes_value(b)) out.push_back(in.make_int(c));
  return out;
}

// bytes_new / bytearray___init__: source may be an int (that many zero bytes), a str with an
// encoding, a bytes-like object (copied) or an iterable of ints.
ObjPtr bytes_new(Interpreter& in, CallArgs& args, bool bytearray) {
  const std::string name = type_of(bytearray);
  ArgParser p(in, name, args);
  p.max_positional(3);
  ObjPtr source = p.get("source", 0), encoding = p.get("encoding", 1), errors = p.get("errors", 2);
  p.finish();
  if (!source) {
    if (encoding || errors)
      throw TorchError("TypeError", std::string(encoding ? "encoding" : "errors") + " without a string argument");
    return make_bytes({}, bytearray);
  }
  if (source->kind == Kind::Str) {
    if (!encoding) throw TorchError("TypeError", "string argument without an encoding");
    if (errors && to_str(in, errors, "errors") != "strict")
      throw TorchError("NotImplementedError", "errors='" + to_str(in, errors) + "' is not built into the playground yet");
    return make_bytes(encode(static_cast<StrObj&>(*source).value, to_str(in, encoding, "encoding")), bytearray);
  }
  if (encoding || errors)
    throw TorchError("TypeError", std::string(encoding ? "encoding" : "errors") + " without a string argument");
  if (source->kind == Kind::Bytes) return make_bytes(bytes_value(static_cast<BytesObj&>(*source)), bytearray);
  if (source->kind == Kind::Int || source->kind == Kind::Bool) {
    int64_t n = to_int(in, source);
    if (n < 0) throw TorchError("ValueError", "negative count");
    return make_zeroed(n, bytearray);
  }
  bool iterable = source->kind == Kind::List || source->kind == Kind::Tuple || source->kind == Kind::Range ||
                  source->kind == Kind::Set || source->kind == Kind::Dict || source->kind == Kind::Size ||
                  source->kind == Kind::Instance || source->kind == Kind::Tensor;
  if (!iterable) throw TorchError("TypeError", "cannot convert '" + in.type_name(source) + "' object to " + name);
  std::vector<uint8_t> bytes;
  for (const ObjPtr& x : in.iterate(source)) bytes.push_back(byte_value(in, x, bytearray));
  return make_bytes(bytes, bytearray);
}

// PyBytes_Repr with smartquotes: double quotes only for bytes holding ' and no ". bytearray_repr
// chooses its quote the same way but always escapes ' (bytearray(b"it\'s")), never ".
std::string bytes_repr(const BytesObj& b) {
  std::vector<uint8_t> v = bytes_value(b);
  bool single = false, dbl = false;
  for (uint8_t c : v) {
    single = single || c == '\'';
    dbl = dbl || c == '"';
  }
  char quote = single && !dbl ? '"' : '\'';
  std::string s = b.is_bytearray ? "bytearray(b" : "b";
  s += quote;
  for (uint8_t c : v) {
    if (c == (b.is_bytearray ? '\'' : quote) || c == '\\') { s += '\\'; s += char(c); }
    else if (c == '\t') s += "\\t";
    else if (c == '\n') s += "\\n";
    else if (c == '\r') s += "\\r";
    else if (c < ' ' || c >= 0x7f) {
      char buf[8];
      snprintf(buf, sizeof buf, "\\x%02x", c);
      s += buf;
    } else {
      s += char(c);
    }
  }
  s += quote;
  return b.is_bytearray ? s + ")" : s;
}

ObjPtr bytes_getitem(Interpreter& in, const ObjPtr& o, const ObjPtr& idx) {
  auto& b = static_cast<BytesObj&>(*o);
  int64_t n = bytes_size(b), i;
  if (idx->kind == Kind::Slice) {
    int64_t start, stop, step;
    int64_t count = slice_indices(in, static_cast<SliceObj&>(*idx), n, start, stop, step);
    std::vector<uint8_t> v = bytes_value(b), out;
    for (int64_t k = 0; k < count; ++k) out.push_back(v[size_t(start + k * step)]);
    return make_bytes(out, b.is_bytearray);
  }
  if (!as_index(in, idx, i))
    throw TorchError("TypeError", std::string(b.is_bytearray ? "bytearray" : "byte") +
                                      " indices must be integers or slices, not " + in.type_name(idx));
  if (i < 0) i += n;
  if (i < 0 || i >= n) throw TorchError("IndexError", b.is_bytearray ? "bytearray index out of range" : "index out of range");
  return in.make_int(data_of(b)[i]);
}

// bytearray_ass_subscript, without what would resize the bytearray (del, a slice given a different
// number of bytes): a bytearray whose memory a tensor shares cannot be resized in CPython either
// (BufferError), and the playground builds no resizing at all.
void bytes_setitem(Interpreter& in, const ObjPtr& o, const ObjPtr& idx, const ObjPtr& value) {
  auto& b = static_cast<BytesObj&>(*o);
  int64_t n = bytes_size(b), i;
  const char* resizing = "resizing a bytearray (del, or a slice assignment of another length) is not built into the playground yet";
  if (idx->kind == Kind::Slice) {
    int64_t start, stop, step;
    int64_t count = slice_indices(in, static_cast<SliceObj&>(*idx), n, start, stop, step);
    if (!value) throw TorchError("NotImplementedError", resizing);
    if (value->kind == Kind::Int || value->kind == Kind::Bool || value->kind == Kind::Float || value->kind == Kind::Str)
      throw TorchError("TypeError", "can assign only bytes, buffers, or iterables of ints in range(0, 256)");
    CallArgs ca{{value}, {}};
    std::vector<uint8_t> v = bytes_value(static_cast<BytesObj&>(*bytes_new(in, ca, true)));
    if (int64_t(v.size()) != count) {
      if (step != 1)
        throw TorchError("ValueError", "attempt to assign bytes of size " + std::to_string(v.size()) +
                                           " to extended slice of size " + std::to_string(count));
      throw TorchError("NotImplementedError", resizing);
    }
    for (int64_t k = 0; k < count; ++k) data_of(b)[start + k * step] = v[size_t(k)];
    b.data.storage()->mark_written();
    return;
  }
  if (!as_index(in, idx, i))
    throw TorchError("TypeError", "bytearray indices must be integers or slices, not " + in.type_name(idx));
  if (i < 0) i += n;
  if (i < 0 || i >= n) throw TorchError("IndexError", "bytearray index out of range");
  if (!value) throw TorchError("NotImplementedError", resizing);
  data_of(b)[i] = byte_value(in, value, true);
  b.data.storage()->mark_written();  // Note [Bytes in a storage]: no version counter moves
}

// _Py_bytes_contains: an int is looked for as a byte, anything else must be bytes-like.
bool bytes_contains(Interpreter& in, const BytesObj& b, const ObjPtr& x) {
  std::vector<uint8_t> v = bytes_value(b);
  if (x->kind == Kind::Int || x->kind == Kind::Bool) {
    int64_t c = to_int(in, x);
    if (c < 0 || c > 255) throw TorchError("ValueError", "byte must be in range(0, 256)");
    for (uint8_t y : v)
      if (y == c) return true;
    return false;
  }
  if (x->kind != Kind::Bytes) throw TorchError("TypeError", "a bytes-like object is required, not '" + in.type_name(x) + "'");
  std::vector<uint8_t> needle = bytes_value(static_cast<BytesObj&>(*x));
  return std::search(v.begin(), v.end(), needle.begin(), needle.end()) != v.end();
}

}  // namespace tp::interp
