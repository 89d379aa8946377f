// interp sets: CPython 3.11's hash functions and set table (python/objects/hash.cpp, set_table.cpp), and set
// programs through tp::Session. Expected numbers come from CPython 3.11 (PYTHONHASHSEED=0 for str).
#include <catch2/catch.hpp>

#include <cmath>

#include "core/context.h"
#include "python/objects/hash.h"
#include "python/objects/set_table.h"
#include "trace/recorder.h"
#include "trace/session.h"

using namespace tp;
using namespace tp::interp;

namespace {
std::string run(const std::string& src) {
  Session s;
  RunResult r = s.run(src, "prog.py");
  INFO(r.stderr_text);
  CHECK(r.exit_status == 0);
  return r.stdout_text;
}

// Ints as set keys, compared by value (what Interpreter::equals does for ints).
struct IntTable {
  SetTable table;
  SetTable::Eq eq = [](const SetTable::Key& a, const SetTable::Key& b) {
    return static_cast<IntObj&>(*a).value == static_cast<IntObj&>(*b).value;
  };
  void add(int64_t v) { table.add(std::make_shared<IntObj>(v), hash_int(v), eq); }
  bool discard(int64_t v) { return table.discard(std::make_shared<IntObj>(v), hash_int(v), eq); }
  std::vector<int64_t> order() const {
    std::vector<int64_t> out;
    for (auto& k : table.keys()) out.push_back(static_cast<IntObj&>(*k).value);
    return out;
  }
};
}  // namespace

TEST_CASE("hash() matches CPython 3.11 bit for bit", "[interp][sets]") {
  CHECK(hash_int(-1) == -2);
  CHECK(hash_int(kHashModulus) == 0);
  CHECK(hash_int(INT64_MIN) == -4);  // 2**63 mod (2**61 - 1)
  CHECK(hash_int(4611686018427387904) == 2);
  CHECK(hash_double(2.0, 0) == 2);
  CHECK(hash_double(1.5, 0) == 1152921504606846977);
  CHECK(hash_double(-0.1, 0) == -230584300921369408);
  CHECK(hash_double(1e300, 0) == 1224995262755759164);
  CHECK(hash_double(INFINITY, 0) == 314159);
  CHECK(hash_double(NAN, 77) == 77);  // by identity since 3.10
  CHECK(hash_str("") == 0);
  CHECK(hash_str("a") == 4644417185603328019);
  CHECK(hash_str("h\xc3\xa9llo") == 6395329678795984700);                  // latin-1: 1 byte per char
  CHECK(hash_str("\xe6\x97\xa5\xe6\x9c\xac") == 6243316497235261705);     // UCS-2
  CHECK(hash_str("\xf0\x9f\x98\x80") == -3536540696076613844);            // UCS-4
  CHECK(hash_str("abcdefghijklmnop") == -7712962755478248686);            // two full SipHash blocks
  CHECK(hash_tuple({1, 2}) == -3550055125485641917);
  CHECK(hash_tuple({}) == 5740354900026072187);
  CHECK(hash_frozenset({}) == 133146708735736);
  CHECK(hash_frozenset({3, 1, 2}) == -272375401224217160);
}

TEST_CASE("the set table places ints as CPython's setobject.c", "[interp][sets]") {
  Context c;
  ContextGuard g(c);
  IntTable t;
  for (int64_t v : {100, 5, 37, 8}) t.add(v);  // 37 collides with 5; no linear probes at mask 7
  CHECK(t.order() == std::vector<int64_t>{8, 37, 100, 5});
  CHECK(t.table.mask() == 7);
  t.add(1);  // fill 5: 25 >= 21 -> rebuilt with 5 * 4 -> 32 slots
  CHECK(t.table.mask() == 31);
  CHECK(t.order() == std::vector<int64_t>{1, 100, 37, 5, 8});  // print(set([100, 5, 37, 8, 1]))

  IntTable d;
  for (int64_t v = -8; v <= 40; v += 8) d.add(v);
  CHECK(d.discard(0));
  CHECK(d.discard(32));
  CHECK_FALSE(d.discard(32));
  CHECK(d.table.fill() == 7);  // dummies still count
  d.add(128);                  // probes past both dummies and takes the last one
  d.add(0);                    // then the first
  CHECK(d.order() == std::vector<int64_t>{0, 128, 8, 40, 16, -8, 24});

  IntTable p;
  for (int64_t v = 0; v < 8; ++v) p.add(v);
  auto pop = [&] { return static_cast<IntObj&>(*p.table.pop().key).value; };
  CHECK(pop() == 0);
  CHECK(pop() == 1);
  p.add(0);  // pop resumes after the last slot it emptied
  CHECK(pop() == 2);
  CHECK(p.table.size() == 6);
}

TEST_CASE("set programs print in CPython's order", "[interp][sets]") {
  CHECK(run("print({100, 5, 37, 8}, {x for x in [100, 5, 37, 8]})") == "{8, 5, 100, 37} {8, 37, 100, 5}\n");
  CHECK(run("print(set(range(20)) - {3, 7})") == "{0, 1, 2, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19}\n");
  CHECK(run("print({1, 1.0, True}, {-1, -2, -3, 7}, frozenset([2, 1]), set())") == "{1} {-2, -3, -1, 7} frozenset({1, 2}) set()\n");
  CHECK(run("s = {0, 8}\ns.remove(0)\ns.add(16)\nprint(s)") == "{16, 8}\n");
  CHECK(run("for x in {100, 5, 37, 8}: print(x, end=' ')") == "8 5 100 37 ");
}

TEST_CASE("trace: a set lists its element ids in print order", "[interp][sets][trace]") {
  std::string j = trace_json("s = {100, 5, 37, 8}\n", "prog.py");
  const std::string head = "\"type\":\"set\",\"items\":[";
  size_t at = j.rfind(head);
  REQUIRE(at != std::string::npos);
  at += head.size();
  std::string ids = j.substr(at, j.find(']', at) - at);
  std::vector<std::string> shown;
  for (size_t a = 0; a < ids.size();) {
    size_t b = ids.find(',', a);
    if (b == std::string::npos) b = ids.size();
    std::string obj = "{\"id\":" + ids.substr(a, b - a) + ",\"type\":\"int\",\"repr\":\"";
    size_t r = j.find(obj);
    REQUIRE(r != std::string::npos);
    r += obj.size();
    shown.push_back(j.substr(r, j.find('"', r) - r));
    a = b + 1;
  }
  CHECK(shown == std::vector<std::string>{"8", "5", "100", "37"});
}
