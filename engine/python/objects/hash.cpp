// CPython 3.11's hash functions: Objects/longobject.c (long_hash), Python/pyhash.c (_Py_HashDouble,
// _Py_HashPointer, siphash13), Objects/tupleobject.c (tuplehash), Objects/setobject.c (frozenset_hash).
#include "python/objects/hash.h"

#include <cmath>
#include <cstring>

#include "core/error.h"
#include "python/args.h"
#include "python/interp_impl.h"
#include "python/objects/bytes.h"

namespace tp::interp {

namespace {
constexpr int kHashBits = 61;

uint64_t rotl(uint64_t x, int b) { return (x << b) | (x >> (64 - b)); }

// SipHash-1-3 as in pyhash.c (one compression round, three finalisation rounds).
uint64_t siphash13(uint64_t k0, uint64_t k1, const uint8_t* in, size_t n) {
  uint64_t b = uint64_t(n) << 56;
  uint64_t v0 = k0 ^ 0x736f6d6570736575ULL, v1 = k1 ^ 0x646f72616e646f6dULL;
  uint64_t v2 = k0 ^ 0x6c7967656e657261ULL, v3 = k1 ^ 0x7465646279746573ULL;
  auto round = [&] {
    v0 += v1; v2 += v3;
    v1 = rotl(v1, 13) ^ v0; v3 = rotl(v3, 16) ^ v2;
    v0 = rotl(v0, 32);
    v2 += v1; v0 += v3;
    v1 = rotl(v1, 17) ^ v2; v3 = rotl(v3, 21) ^ v0;
    v2 = rotl(v2, 32);
  };
  auto load_le = [](const uint8_t* p, size_t k) {
    uint64_t m = 0;
    for (size_t i = 0; i < k; ++i) m |= uint64_t(p[i]) << (8 * i);
    return m;
  };
  for (; n >= 8; in += 8, n -= 8) {
    uint64_t m = load_le(in, 8);
    v3 ^= m;
    round();
    v0 ^= m;
  }
  b |= load_le(in, n);
  v3 ^= b;
  round();
  v0 ^= b;
  v2 ^= 0xff;
  round(); round(); round();
  return (v0 ^ v1) ^ (v2 ^ v3);
}

std::vector<uint32_t> code_points(const std::string& s) {
  std::vector<uint32_t> out;
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    int len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    uint32_t cp = len == 1 ? c : len == 2 ? c & 0x1F : len == 3 ? c & 0x0F : c & 0x07;
    for (int k = 1; k < len && i + size_t(k) < s.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + size_t(k)]) & 0x3F);
    out.push_back(cp);
    i += size_t(len);
  }
  return out;
}

int64_t not_minus_one(uint64_t h) { return int64_t(h) == -1 ? -2 : int64_t(h); }

// A user class's __hash__: the first class in the MRO that defines __hash__ or __eq__ decides
// (defining __eq__ alone sets __hash__ to None, which makes instances unhashable).
ObjPtr user_hash_method(const ClassObj& c, bool& unhashable) {
  if (ObjPtr h = c.get("__hash__")) {
    unhashable = h->kind == Kind::None;
    return unhashable ? nullptr : h;
  }
  if (c.is_user && c.get("__eq__")) {
    unhashable = true;
    return nullptr;
  }
  for (auto& b : c.bases)
    if (ObjPtr h = user_hash_method(*b, unhashable); h || unhashable) return h;
  return nullptr;
}

[[noreturn]] void unhashable(Interpreter& in, const ObjPtr& o) {
  throw TorchError("TypeError", "unhashable type: '" + in.type_name(o) + "'");
}
}  // namespace

int64_t hash_int(int64_t v) {
  uint64_t magnitude = v < 0 ? uint64_t(0) - uint64_t(v) : uint64_t(v);
  int64_t x = int64_t(magnitude % uint64_t(kHashModulus));
  return not_minus_one(uint64_t(v < 0 ? -x : x));
}

int64_t hash_double(double v, int64_t nan_identity) {
  if (std::isinf(v)) return v > 0 ? kHashInf : -kHashInf;
  if (std::isnan(v)) return nan_identity;
  int e;
  double m = std::frexp(v, &e);
  int sign = 1;
  if (m < 0) { sign = -1; m = -m; }
  const uint64_t mod = uint64_t(kHashModulus);
  uint64_t x = 0;
  while (m != 0) {  // 28 bits of mantissa at a time
    x = ((x << 28) & mod) | x >> (kHashBits - 28);
    m *= 268435456.0;
    e -= 28;
    uint64_t y = uint64_t(m);
    m -= double(y);
    x += y;
    if (x >= mod) x -= mod;
  }
  e = e >= 0 ? e % kHashBits : kHashBits - 1 - ((-1 - e) % kHashBits);
  x = ((x << e) & mod) | x >> (kHashBits - e);
  return not_minus_one(x * uint64_t(int64_t(sign)));
}

int64_t hash_pointer(uint64_t address) { return not_minus_one((address >> 4) | (address << 60)); }

int64_t hash_str(const std::string& utf8) {
  if (utf8.empty()) return 0;
  // PEP 393: 1, 2 or 4 bytes per code point (little-endian), by the widest code point.
  std::vector<uint32_t> cps = code_points(utf8);
  uint32_t widest = 0;
  for (uint32_t c : cps) widest = std::max(widest, c);
  size_t width = widest < 0x100 ? 1 : widest < 0x10000 ? 2 : 4;
  std::vector<uint8_t> bytes;
  bytes.reserve(cps.size() * width);
  for (uint32_t c : cps)
    for (size_t k = 0; k < width; ++k) bytes.push_back(uint8_t(c >> (8 * k)));
  return not_minus_one(siphash13(0, 0, bytes.data(), bytes.size()));
}

int64_t hash_tuple(const std::vector<int64_t>& item_hashes) {
  const uint64_t p1 = 11400714785074694791ULL, p2 = 14029467366897019727ULL, p5 = 2870177450012600261ULL;
  uint64_t acc = p5;
  for (int64_t h : item_hashes) {
    acc += uint64_t(h) * p2;
    acc = rotl(acc, 31);
    acc *= p1;
  }
  acc += uint64_t(item_hashes.size()) ^ (p5 ^ 3527539UL);
  return int64_t(acc) == -1 ? 1546275796 : int64_t(acc);
}

int64_t hash_frozenset(const std::vector<int64_t>& element_hashes) {
  auto shuffle_bits = [](uint64_t h) { return ((h ^ 89869747UL) ^ (h << 16)) * 3644798167UL; };
  uint64_t hash = 0;
  for (int64_t h : element_hashes) hash ^= shuffle_bits(uint64_t(h));
  hash ^= (uint64_t(element_hashes.size()) + 1) * 1927868237UL;
  hash ^= (hash >> 11) ^ (hash >> 25);
  hash = hash * 69069U + 907133923UL;
  return int64_t(hash) == -1 ? 590923713 : int64_t(hash);
}

int64_t py_hash(Interpreter& in, const ObjPtr& o) {
  Interpreter::RecursionScope scope(in, "");
  int64_t identity = hash_pointer(uint64_t(in.python_id(o)));
  switch (o->kind) {
    case Kind::Int: return hash_int(static_cast<IntObj&>(*o).value);
    case Kind::Bool: return static_cast<BoolObj&>(*o).value ? 1 : 0;
    case Kind::Float: return hash_double(static_cast<FloatObj&>(*o).value, identity);
    case Kind::Str: return hash_str(static_cast<StrObj&>(*o).value);
    case Kind::Bytes: {  // bytes_hash: _Py_HashBytes (0 for b''); a bytearray is unhashable
      auto& b = static_cast<BytesObj&>(*o);
      if (b.is_bytearray) unhashable(in, o);
      std::vector<uint8_t> v = bytes_value(b);
      return v.empty() ? 0 : not_minus_one(siphash13(0, 0, v.data(), v.size()));
    }
    case Kind::Tuple: {
      std::vector<int64_t> hs;
      for (auto& x : static_cast<TupleObj&>(*o).items) hs.push_back(py_hash(in, x));
      return hash_tuple(hs);
    }
    case Kind::Size: {  // torch.Size is a tuple of ints
      std::vector<int64_t> hs;
      for (int64_t d : static_cast<SizeObj&>(*o).dims) hs.push_back(hash_int(d));
      return hash_tuple(hs);
    }
    case Kind::Range: {  // range_hash: hash((len, start, step)) with None for what does not matter
      auto& r = static_cast<RangeObj&>(*o);
      int64_t n = in.len(o), none = py_hash(in, in.none());
      return hash_tuple({hash_int(n), n ? hash_int(r.start) : none, n > 1 ? hash_int(r.step) : none});
    }
    case Kind::Set: {
      auto& s = static_cast<SetObj&>(*o);
      if (!s.frozen) unhashable(in, o);
      if (s.hash == -1) s.hash = hash_frozenset(s.table.hashes());
      return s.hash;
    }
    case Kind::Tensor: return in.python_id(o);  // torch.Tensor.__hash__ is id(self)
    case Kind::DType: return hash_int(int64_t(static_cast<DTypeObj&>(*o).dtype)) ^ 0x5bd1e995;
    case Kind::Device: {
      auto& d = static_cast<DeviceObj&>(*o);
      return hash_tuple({hash_int(int64_t(d.device.type)), hash_int(d.python_index())});
    }
    case Kind::List: case Kind::Dict: case Kind::Slice: case Kind::NdArray: unhashable(in, o);
    case Kind::Instance: {
      auto cls = in.impl().class_of(o);
      bool refused = false;
      ObjPtr m = cls ? user_hash_method(*cls, refused) : nullptr;
      if (refused) unhashable(in, o);
      if (!m) return identity;
      ObjPtr r = in.call(m, CallArgs{{o}, {}});
      if (r->kind != Kind::Int && r->kind != Kind::Bool)
        throw TorchError("TypeError", "__hash__ method should return an integer");
      return not_minus_one(uint64_t(to_int(in, r)));
    }
    default: return identity;
  }
}

}  // namespace tp::interp
