// The playground's limits hold for programs that would otherwise take all memory or never end,
// including work done inside builtins (issue "Unbreakable"). Each ends the run with an error that
// names the limit; the session stays usable afterwards.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

#include "core/context.h"
#include "python/interpreter.h"
#include "python/value.h"
#include "trace/session.h"

using tp::RunResult;
using tp::Session;

namespace {
// Each program in a fresh world of the same session (steps are counted per world).
std::string last_error(Session& s, const std::string& src) {
  s.reset();
  RunResult r = s.run(src, "prog.py");
  return r.error ? r.error->type + ": " + r.error->message : "no error";
}
}  // namespace

TEST_CASE("iteration inside builtins counts against the step limit", "[python][limits]") {
  tp::interp::Limits limits;
  limits.max_steps = 100000;
  Session s(limits);
  CHECK(last_error(s, "import itertools\nmax(itertools.count())\n").rfind("RuntimeError: step limit exceeded", 0) == 0);
  CHECK(last_error(s, "import itertools\nsum(itertools.repeat(1))\n").rfind("RuntimeError: step limit exceeded", 0) == 0);
  CHECK(last_error(s, "x = sorted(i for i in range(10**9))\n").rfind("RuntimeError: step limit exceeded", 0) == 0);
  // A for loop over an iterator is not charged twice for its pulls: 30000 items cost 3 steps each
  // (the loop's pull, islice's pull from count, the body), 4 if the loop counted its pull again.
  CHECK(last_error(s, "import itertools\nn = 0\nfor x in itertools.islice(itertools.count(), 30000):\n    n += 1\n") == "no error");
  s.reset();
  CHECK(s.run("print(1 + 1)\n", "prog.py").stdout_text == "2\n");
}

TEST_CASE("strings, lists and the whole heap are capped before they are allocated", "[python][limits]") {
  tp::interp::Limits limits;
  limits.max_heap_bytes = size_t(64) << 20;
  limits.max_items = 100000;
  Session s(limits);
  const std::string str_limit = "MemoryError: the program built a string of more than 64 MiB (the playground's limit)";
  CHECK(last_error(s, "s = '{:>1000000000}'.format('x')\n") == str_limit);
  CHECK(last_error(s, "s = '%1000000000d' % 5\n") == str_limit);
  CHECK(last_error(s, "s = 'x'.zfill(10**9)\n") == str_limit);
  CHECK(last_error(s, "s = 'x'.center(10**9)\n") == str_limit);
  CHECK(last_error(s, "import itertools\nx = list(itertools.repeat(0))\n")
            .rfind("MemoryError: the program built a list of more than", 0) == 0);
  CHECK(last_error(s, "x = [[0] * 1000 for i in range(10000)]\n") ==
        "MemoryError: the program holds more than 64 MiB of memory (the playground's limit)");
  s.reset();
  CHECK(s.run("print('%5d|%-4s|' % (42, 'ab'), 'x'.zfill(4), '7'.rjust(3, '*'))\n", "prog.py").stdout_text ==
        "   42|ab  | 000x **7\n");
}

TEST_CASE("a dict with many keys is looked up by hash, not by scanning", "[python][dict]") {
  tp::interp::Limits limits;
  Session s(limits);
  // 200k inserts and lookups: quadratic scanning would take minutes; the index takes milliseconds.
  RunResult r = s.run("d = {}\nfor i in range(200000):\n    d[i] = i\nt = 0\nfor i in range(200000):\n    t += d[i]\n"
                      "print(len(d), t, 199999 in d, -1 in d)\n", "prog.py");
  CHECK(r.stdout_text == "200000 19999900000 True False\n");
}

TEST_CASE("C++ library errors never reach the learner as C++ text", "[python][hostile]") {
  Session s;
  tp::ContextGuard guard(s.context());
  auto& in = s.interpreter();
  auto m = std::make_shared<tp::interp::ModuleObj>("leaky");
  m->set("stoi", in.make_function("leaky.stoi", [](tp::interp::Interpreter&, tp::interp::CallArgs&) -> tp::interp::ObjPtr {
    throw std::out_of_range("stoi");
  }));
  m->set("grow", in.make_function("leaky.grow", [](tp::interp::Interpreter&, tp::interp::CallArgs&) -> tp::interp::ObjPtr {
    throw std::length_error("cannot create std::vector larger than max_size()");
  }));
  in.register_module("leaky", m);
  auto error_of = [&](const std::string& src) {
    RunResult r = s.run(src, "prog.py");
    return r.error ? r.error->type + ": " + r.error->message : "no error";
  };
  std::string e1 = error_of("import leaky\nleaky.stoi()\n");
  CHECK(e1 == "RuntimeError: internal error: the playground failed on this line (a bug in tensorplay, not in your program)");
  CHECK(e1.find("stoi") == std::string::npos);
  CHECK(error_of("leaky.grow()\n") == "MemoryError: the program asked for more memory than the playground can hold");
  CHECK(error_of("print('still here')\n") == "no error");
}
