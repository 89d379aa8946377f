// Note [The trace runs no user code]: snapshots take reprs without calling the program's own
// __repr__ / extra_repr, which could print, loop or take snapshots in turn (a module with
// extra_repr made the page spend 112 s and end in a bogus RecursionError).
#include <catch2/catch.hpp>

#include <string>

#include "trace/recorder.h"

TEST_CASE("the trace never runs the program's repr code", "[trace][hostile]") {
  const std::string src =
      "import torch.nn as nn\n"
      "class M(nn.Module):\n"
      "    def __init__(self):\n"
      "        super().__init__()\n"
      "        self.lin = nn.Linear(2, 2)\n"
      "    def extra_repr(self):\n"
      "        print('extra_repr ran')\n"
      "        return 'hello'\n"
      "class P:\n"
      "    def __repr__(self):\n"
      "        while True:\n"
      "            pass\n"
      "m = M()\n"
      "p = [P()]\n"
      "x = 1\n"
      "print(repr(m).count('hello'))\n";
  std::string json = tp::trace_json(src, "prog.py");
  // The program's own print of repr(m) runs extra_repr once (and prints it); the snapshots never do.
  CHECK(json.find("\"stdout\":\"extra_repr ran\\n1\\n\"") != std::string::npos);
  CHECK(json.find("<__main__.M object at 0x") != std::string::npos);
  CHECK(json.find("<__main__.P object at 0x") != std::string::npos);
  CHECK(json.find("\"error\":null") != std::string::npos);
}
