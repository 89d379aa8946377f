// Python's `random` module, bit-identical to CPython's: MT19937 seeded by init_by_array from the
// seed's 32-bit words, random() from two draws (53 bits), _randbelow by rejection on
// getrandbits, and the same shuffle/choice/sample/gauss algorithms as Lib/random.py.
#include <cmath>
#include <optional>

#include "core/error.h"
#include "python/args.h"
#include "python/interp_impl.h"

namespace tp::interp {

namespace {
struct RandomModule : ModuleObj {
  RandomModule() : ModuleObj("random") { seed_words({0}); }
  static constexpr int N = 624, M = 397;
  uint32_t mt[N];
  int mti = N + 1;
  std::optional<double> gauss_next;

  void init_genrand(uint32_t s) {
    mt[0] = s;
    for (mti = 1; mti < N; ++mti) mt[mti] = 1812433253u * (mt[mti - 1] ^ (mt[mti - 1] >> 30)) + uint32_t(mti);
  }
  void seed_words(const std::vector<uint32_t>& key) {
    init_genrand(19650218u);
    int i = 1;
    size_t j = 0;
    for (int k = std::max<int>(N, int(key.size())); k; --k) {
      mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + key[j] + uint32_t(j);
      ++i;
      ++j;
      if (i >= N) { mt[0] = mt[N - 1]; i = 1; }
      if (j >= key.size()) j = 0;
    }
    for (int k = N - 1; k; --k) {
      mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - uint32_t(i);
      ++i;
      if (i >= N) { mt[0] = mt[N - 1]; i = 1; }
    }
    mt[0] = 0x80000000u;
    gauss_next.reset();
  }
  uint32_t next32() {
    static const uint32_t mag01[2] = {0x0u, 0x9908b0dfu};
    uint32_t y;
    if (mti >= N) {
      int kk;
      for (kk = 0; kk < N - M; ++kk) {
        y = (mt[kk] & 0x80000000u) | (mt[kk + 1] & 0x7fffffffu);
        mt[kk] = mt[kk + M] ^ (y >> 1) ^ mag01[y & 1];
      }
      for (; kk < N - 1; ++kk) {
        y = (mt[kk] & 0x80000000u) | (mt[kk + 1] & 0x7fffffffu);
        mt[kk] = mt[kk + (M - N)] ^ (y >> 1) ^ mag01[y & 1];
      }
      y = (mt[N - 1] & 0x80000000u) | (mt[0] & 0x7fffffffu);
      mt[N - 1] = mt[M - 1] ^ (y >> 1) ^ mag01[y & 1];
      mti = 0;
    }
    y = mt[mti++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= (y >> 18);
    return y;
  }
  double random() {
    uint32_t a = next32() >> 5, b = next32() >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
  }
  uint64_t getrandbits(int k) {  // k <= 64
    if (k <= 32) return k == 0 ? 0 : next32() >> (32 - k);
    uint64_t lo = next32();
    uint64_t hi = next32() >> (64 - k);
    return lo | (hi << 32);
  }
  int64_t randbelow(int64_t n) {
    if (n <= 0) return 0;
    int k = 0;
    for (uint64_t v = uint64_t(n); v; v >>= 1) ++k;
    uint64_t r = getrandbits(k);
    while (r >= uint64_t(n)) r = getrandbits(k);
    return int64_t(r);
  }
};

RandomModule& rng(Interpreter& in) { return static_cast<RandomModule&>(*in.find_module("random")); }
}  // namespace

void install_random_module(Interpreter& in) {
  auto m = std::make_shared<RandomModule>();
  in.register_module("random", m);
  auto def = [&](const std::string& name, NativeFn fn) { m->set(name, in.make_function("random." + name, std::move(fn))); };
  def("seed", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "seed", a);
    ObjPtr s = p.get("a", 0);
    std::vector<uint32_t> key;
    if (is_none(s)) {
      key = {0};
    } else if (s->kind == Kind::Int || s->kind == Kind::Bool) {
      int64_t v = to_int(in, s);
      uint64_t u = v < 0 ? uint64_t(0) - uint64_t(v) : uint64_t(v);
      key.push_back(uint32_t(u));
      if (u >> 32) key.push_back(uint32_t(u >> 32));
    } else if (s->kind == Kind::Float) {
      // CPython seeds floats by hash(); integral floats hash like ints.
      double d = static_cast<FloatObj&>(*s).value;
      if (d != std::floor(d)) throw TorchError("NotImplementedError", "random.seed() of a non-integral float is not supported by the playground");
      uint64_t u = uint64_t(std::fabs(d));
      key.push_back(uint32_t(u));
      if (u >> 32) key.push_back(uint32_t(u >> 32));
    } else {
      throw TorchError("TypeError", "The only supported seed types are: None,\nint, float, str, bytes, and bytearray.");
    }
    rng(in).seed_words(key);
    return in.none();
  });
  def("random", [](Interpreter& in, CallArgs&) { return in.make_float(rng(in).random()); });
  def("getrandbits", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "getrandbits", a);
    int64_t k = to_int(in, p.required("k", 0));
    if (k < 0) throw TorchError("ValueError", "number of bits must be non-negative");
    if (k > 63) throw TorchError("OverflowError", "integers beyond 64 bits are not supported by the playground");
    return in.make_int(int64_t(rng(in).getrandbits(int(k))));
  });
  auto randrange = [](Interpreter& in, int64_t start, std::optional<int64_t> stop, int64_t step) -> ObjPtr {
    auto& r = rng(in);
    if (!stop) {
      if (start > 0) return in.make_int(r.randbelow(start));
      throw TorchError("ValueError", "empty range for randrange()");
    }
    int64_t width = *stop - start;
    if (step == 1) {
      if (width > 0) return in.make_int(start + r.randbelow(width));
      throw TorchError("ValueError", "empty range for randrange() (" + std::to_string(start) + ", " +
                                         std::to_string(*stop) + ", " + std::to_string(width) + ")");
    }
    if (step == 0) throw TorchError("ValueError", "zero step for randrange()");
    int64_t n = step > 0 ? (width + step - 1) / step : (width + step + 1) / step;
    if (n <= 0) throw TorchError("ValueError", "empty range for randrange()");
    return in.make_int(start + step * r.randbelow(n));
  };
  def("randrange", [randrange](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "randrange", a);
    int64_t start = to_int(in, p.required("start", 0));
    ObjPtr stop = p.get("stop", 1), step = p.get("step", 2);
    return randrange(in, start, is_none(stop) ? std::nullopt : std::optional<int64_t>(to_int(in, stop)),
                     is_none(step) ? 1 : to_int(in, step));
  });
  def("randint", [randrange](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "randint", a);
    int64_t lo = to_int(in, p.required("a", 0)), hi = to_int(in, p.required("b", 1));
    return randrange(in, lo, hi + 1, 1);
  });
  def("choice", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "choice", a);
    ObjPtr seq = p.required("seq", 0);
    int64_t n = in.len(seq);
    if (n == 0) throw TorchError("IndexError", "Cannot choose from an empty sequence");
    return in.getitem(seq, in.make_int(rng(in).randbelow(n)));
  });
  def("shuffle", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "shuffle", a);
    ObjPtr x = p.required("x", 0);
    auto& r = rng(in);
    for (int64_t i = in.len(x) - 1; i >= 1; --i) {
      int64_t j = r.randbelow(i + 1);
      ObjPtr xi = in.getitem(x, in.make_int(i)), xj = in.getitem(x, in.make_int(j));
      in.setitem(x, in.make_int(i), xj);
      in.setitem(x, in.make_int(j), xi);
    }
    return in.none();
  });
  def("sample", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "sample", a);
    auto pop = in.iterate(p.required("population", 0));
    int64_t k = to_int(in, p.required("k", 1));
    int64_t n = int64_t(pop.size());
    if (k < 0 || k > n) throw TorchError("ValueError", "Sample larger than population or is negative");
    auto& r = rng(in);
    std::vector<ObjPtr> result(static_cast<size_t>(k));
    int64_t setsize = 21;
    if (k > 5) setsize += int64_t(std::pow(4.0, std::ceil(std::log(double(k * 3)) / std::log(4.0))));
    if (n <= setsize) {
      auto pool = pop;
      for (int64_t i = 0; i < k; ++i) {
        int64_t j = r.randbelow(n - i);
        result[size_t(i)] = pool[size_t(j)];
        pool[size_t(j)] = pool[size_t(n - i - 1)];
      }
    } else {
      std::vector<bool> selected(size_t(n), false);
      for (int64_t i = 0; i < k; ++i) {
        int64_t j = r.randbelow(n);
        while (selected[size_t(j)]) j = r.randbelow(n);
        selected[size_t(j)] = true;
        result[size_t(i)] = pop[size_t(j)];
      }
    }
    return in.make_list(std::move(result));
  });
  def("uniform", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "uniform", a);
    double lo = to_double(in, p.required("a", 0)), hi = to_double(in, p.required("b", 1));
    return in.make_float(lo + (hi - lo) * rng(in).random());
  });
  def("gauss", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "gauss", a);
    ObjPtr mu = p.get("mu", 0), sigma = p.get("sigma", 1);
    auto& r = rng(in);
    double z;
    if (r.gauss_next) {
      z = *r.gauss_next;
      r.gauss_next.reset();
    } else {
      double x2pi = r.random() * 2 * M_PI;
      double g2rad = std::sqrt(-2.0 * std::log(1.0 - r.random()));
      z = std::cos(x2pi) * g2rad;
      r.gauss_next = std::sin(x2pi) * g2rad;
    }
    return in.make_float((mu ? to_double(in, mu) : 0.0) + z * (sigma ? to_double(in, sigma) : 1.0));
  });
}

}  // namespace tp::interp
