// IEEE binary16 storage type with c10::Half's conversions (c10/util/Half.h): float -> half rounds
// to nearest even (overflow -> inf, NaN kept quiet); half -> float is exact. Other arithmetic
// types convert through float, as static_cast<c10::Half>(x) does.
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace tp {

inline uint16_t half_bits_from_float(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  const uint32_t sign = (x >> 16) & 0x8000u;
  const uint32_t abs = x & 0x7fffffffu;
  if (abs >= 0x7f800000u) return uint16_t(sign | 0x7c00u | (abs > 0x7f800000u ? 0x200u : 0u));  // inf / nan
  if (abs >= 0x477ff000u) return uint16_t(sign | 0x7c00u);  // >= 65520 rounds to inf
  if (abs < 0x38800000u) {                                  // below the smallest normal half (2^-14)
    if (abs < 0x33000000u) return uint16_t(sign);           // <= 2^-25 rounds to zero
    // Subnormal: value = mantissa * 2^-24, mantissa = round_even(abs_value * 2^24).
    const uint32_t e = abs >> 23, m = (abs & 0x7fffffu) | 0x800000u;
    const uint32_t shift = 126 - e;  // 113 <= e <= 102 ... shift in [14, 24]
    uint32_t q = m >> shift;
    const uint32_t rem = m & ((1u << shift) - 1), halfway = 1u << (shift - 1);
    if (rem > halfway || (rem == halfway && (q & 1u))) ++q;
    return uint16_t(sign | q);
  }
  // Normal: rebias the exponent (127 -> 15) and round the 13 dropped mantissa bits to even.
  uint32_t h = ((abs >> 13) - (112u << 10));
  const uint32_t rem = abs & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (h & 1u))) ++h;  // may carry into the exponent: still right
  return uint16_t(sign | h);
}

inline float half_bits_to_float(uint16_t h) {
  const uint32_t sign = uint32_t(h & 0x8000u) << 16;
  const uint32_t e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
  uint32_t x;
  if (e == 0x1f) x = sign | 0x7f800000u | (m << 13);
  else if (e != 0) x = sign | ((e + 112u) << 23) | (m << 13);
  else if (m == 0) x = sign;
  else {  // subnormal: normalise
    uint32_t mm = m, ee = 113;
    while (!(mm & 0x400u)) { mm <<= 1; --ee; }
    x = sign | (ee << 23) | ((mm & 0x3ffu) << 13);
  }
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

struct Half {
  uint16_t x = 0;
  Half() = default;
  template <class T, class = std::enable_if_t<std::is_arithmetic_v<T>>>
  Half(T v) : x(half_bits_from_float(static_cast<float>(v))) {}  // NOLINT: implicit like c10::Half
  operator float() const { return half_bits_to_float(x); }        // NOLINT
};
static_assert(sizeof(Half) == 2);

}  // namespace tp
