// trace/step_map.h: the trace's per-step map answers like std::unordered_map, across growth and clears.
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <unordered_map>

#include "trace/step_map.h"

TEST_CASE("step map: agrees with std::unordered_map over random steps", "[trace]") {
  tp::trace::StepMap map;
  std::mt19937_64 rng(7);
  for (int step = 0; step < 200; ++step) {
    std::unordered_map<uint64_t, uint64_t> model;
    map.clear();
    const size_t inserts = step % 50 == 0 ? 5000 : rng() % 300;  // some steps grow it
    for (size_t i = 0; i < inserts; ++i) {
      const uint64_t key = rng() % 2000 + (step % 3 == 0 ? uint64_t(0x7f0000000000) : 0);  // ids, addresses
      auto [value, fresh] = map.try_emplace(key, i);
      auto [it, model_fresh] = model.try_emplace(key, i);
      REQUIRE(fresh == model_fresh);
      REQUIRE(*value == it->second);
      if (i % 7 == 0) *value = it->second = ~uint64_t(i);
    }
    REQUIRE(map.size() == model.size());
    for (uint64_t key = 0; key < 2000; ++key) {
      const uint64_t k = key + (step % 3 == 0 ? uint64_t(0x7f0000000000) : 0);
      auto it = model.find(k);
      const uint64_t* v = map.find(k);
      REQUIRE((v != nullptr) == (it != model.end()));
      if (v) REQUIRE(*v == it->second);
      REQUIRE(map.contains(k) == (v != nullptr));
    }
  }
}

TEST_CASE("step map: a cleared map forgets everything, as a set too", "[trace]") {
  tp::trace::StepMap set;
  CHECK(set.find(1) == nullptr);
  CHECK(set.insert(1));
  CHECK(!set.insert(1));
  CHECK(set.insert(0));  // key 0 is an ordinary key
  CHECK(set.size() == 2);
  set.clear();
  CHECK(set.size() == 0);
  CHECK(!set.contains(0));
  CHECK(!set.contains(1));
  CHECK(set.insert(1));
}
