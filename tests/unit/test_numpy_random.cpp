// numpy's legacy RandomState streams: first values after seeding, as NumPy prints them
// (np.random.seed(0); rand / randn / randint) and from numpy's C algorithms.
#include <catch2/catch.hpp>

#include "core/numpy_random_state.h"

TEST_CASE("numpy RandomState(0).random_sample takes 53 bits from two draws") {
  tp::NumpyRandomState rs(0);
  CHECK(rs.random_sample() == 0.5488135039273248);
  CHECK(rs.random_sample() == 0.7151893663724195);
  CHECK(rs.random_sample() == 0.6027633760716439);
}

TEST_CASE("numpy legacy_gauss caches the second polar value") {
  tp::NumpyRandomState rs(0);
  CHECK(rs.gauss() == Approx(1.764052345967664).epsilon(1e-15));
  CHECK(rs.gauss() == Approx(0.4001572083672233).epsilon(1e-15));
  CHECK(rs.gauss() == Approx(0.9787379841057392).epsilon(1e-15));
  rs.seed(0);  // reseeding drops the cached value
  CHECK(rs.gauss() == Approx(1.764052345967664).epsilon(1e-15));
}

TEST_CASE("numpy randint(0, 10) is masked rejection on 32-bit draws") {
  tp::NumpyRandomState rs(0);
  int64_t expected[] = {5, 0, 3, 3, 7};
  for (int64_t e : expected) CHECK(int64_t(rs.bounded(0, 9)) == e);
  tp::NumpyRandomState a(3), b(3);
  CHECK(a.bounded(7, 0) == 7);            // an empty range draws nothing
  CHECK(a.next32() == b.next32());
}

TEST_CASE("numpy random_interval feeds shuffle") {
  tp::NumpyRandomState rs(1);
  for (uint64_t m : {1u, 5u, 1000u}) CHECK(rs.interval(m) <= m);
  CHECK(rs.interval(0) == 0);
}

TEST_CASE("numpy RandomState(42) stream (np.random.seed(42); np.random.rand(2))") {
  tp::NumpyRandomState rs(42);
  CHECK(rs.random_sample() == 0.3745401188473625);
  CHECK(rs.random_sample() == 0.9507143064099162);
}
