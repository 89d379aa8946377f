// bytes and bytearray (Objects/bytesobject.c, Objects/bytearrayobject.c), kept minimal: the
// constructors, repr, len, items, iteration, `in`, equality and hash. Their bytes live in an engine
// Storage (BytesObj::data) so torch.frombuffer can share them (bindings/torch/frombuffer.cpp).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "python/value.h"

namespace tp::interp {

// A new bytes / bytearray holding a copy of `bytes` in a fresh storage.
ObjPtr make_bytes(const std::vector<uint8_t>& bytes, bool bytearray);
// The constructors bytes(...) / bytearray(...) (source, encoding, errors).
ObjPtr bytes_new(Interpreter& in, CallArgs& args, bool bytearray);

// The bytes, read from the storage (what the buffer holds now).
std::vector<uint8_t> bytes_value(const BytesObj& b);
int64_t bytes_size(const BytesObj& b);
// b'...' as CPython writes it (single quotes unless the bytes hold ' and no "); a bytearray's is
// bytearray(b'...').
std::string bytes_repr(const BytesObj& b);

// o[idx] (an int or a new object of the same type for a slice) and o[idx] = value (bytearray only;
// value null = del).
ObjPtr bytes_getitem(Interpreter& in, const ObjPtr& o, const ObjPtr& idx);
void bytes_setitem(Interpreter& in, const ObjPtr& o, const ObjPtr& idx, const ObjPtr& value);
// `x in b`: an int in range(0, 256) or a bytes-like substring.
bool bytes_contains(Interpreter& in, const BytesObj& b, const ObjPtr& x);
std::vector<ObjPtr> bytes_items(Interpreter& in, const BytesObj& b);  // ints, for iteration

}  // namespace tp::interp
