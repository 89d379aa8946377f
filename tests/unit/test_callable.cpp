// core/callable.h: tp::Callable behaves like the std::function it replaces (empty state, copies,
// captures destroyed exactly once, return conversion), with small captures stored inline.
#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include "core/callable.h"

using tp::Callable;

namespace {
int twice(int x) { return 2 * x; }
}  // namespace

TEST_CASE("an empty Callable is false and throws bad_function_call", "[core][callable]") {
  Callable<int(int)> f;
  CHECK_FALSE(f);
  CHECK(f == nullptr);
  CHECK_THROWS_AS(f(1), std::bad_function_call);
  int (*null_fn)(int) = nullptr;
  Callable<int(int)> g = null_fn;  // as std::function: a null function pointer gives an empty callable
  CHECK_FALSE(g);
  g = &twice;
  REQUIRE(g);
  CHECK(g(21) == 42);
  g = nullptr;
  CHECK_FALSE(g);
}

TEST_CASE("small and large captures, copies and moves", "[core][callable]") {
  int k = 3;
  Callable<int(int)> small = [k](int x) { return k * x; };  // inline
  std::string name = "a name longer than the small buffer of a std::string";
  Callable<std::string(const std::string&)> big = [name](const std::string& s) { return name + s; };  // boxed
  Callable<int(int)> small_copy = small;
  Callable<std::string(const std::string&)> big_copy = big;
  CHECK(small(2) == 6);
  CHECK(small_copy(2) == 6);
  CHECK(big("!") == name + "!");
  CHECK(big_copy("?") == name + "?");
  Callable<std::string(const std::string&)> moved = std::move(big);
  CHECK_FALSE(big);
  CHECK(moved("") == name);
  big = moved;
  CHECK(big("") == name);
}

TEST_CASE("captures are destroyed once, when the last copy goes", "[core][callable]") {
  auto token = std::make_shared<int>(7);
  std::weak_ptr<int> watch = token;
  {
    Callable<int()> f = [token] { return *token; };
    token.reset();
    Callable<int()> g = f;
    f = nullptr;
    CHECK(g() == 7);
    CHECK_FALSE(watch.expired());
  }
  CHECK(watch.expired());
}

TEST_CASE("references, void results and return conversion", "[core][callable]") {
  Callable<void(int&)> inc = [](int& x) { ++x; return x; };  // result discarded
  int v = 1;
  inc(v);
  CHECK(v == 2);
  Callable<double(int)> half = [](int x) { return x / 2; };  // int result converted
  CHECK(half(5) == 2.0);
  Callable<std::unique_ptr<int>(std::unique_ptr<int>)> pass = [](std::unique_ptr<int> p) { return p; };
  CHECK(*pass(std::make_unique<int>(9)) == 9);  // move-only arguments are forwarded
}
