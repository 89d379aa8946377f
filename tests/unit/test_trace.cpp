// The trace recorder: one snapshot per statement up to the budget, then only the last statement,
// snapshotted once at the end (and still showing the final world and error).
#include <catch2/catch.hpp>

#include <string>

#include "trace/recorder.h"

namespace {

bool has(const std::string& json, const std::string& piece) { return json.find(piece) != std::string::npos; }

size_t count(const std::string& json, const std::string& piece) {
  size_t n = 0;
  for (size_t at = json.find(piece); at != std::string::npos; at = json.find(piece, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("trace: every statement is a step while within the budget", "[trace]") {
  std::string j = tp::trace_json("x = 1\ny = [x, 2]\nprint(y)\n", "prog.py");
  CHECK(has(j, "\"schema_version\":2"));
  CHECK(count(j, "\"index\":") == 3);
  CHECK(has(j, "\"steps_omitted\":0"));
  CHECK(has(j, "\"stdout\":\"[1, 2]\\n\""));
}

TEST_CASE("trace: past the budget only the last statement is drawn, with the final world", "[trace]") {
  tp::TraceOptions small;
  small.max_steps = 5;
  // import + assignment + 50 loop bodies + print = 53 statement events (a for header is not one)
  std::string j = tp::trace_json(
      "import torch\nw = torch.ones(2, requires_grad=True)\nfor i in range(50):\n    (w * w).sum().backward()\nprint(w.grad)\n",
      "prog.py", small);
  CHECK(count(j, "\"index\":") == 5);
  CHECK(has(j, "\"steps_omitted\":48"));
  CHECK(has(j, "\"index\":52,\"line\":5"));
  CHECK(has(j, "tensor([100., 100.])"));  // the last step's world holds the accumulated .grad
}

TEST_CASE("trace: an error past the budget is on the last step", "[trace]") {
  tp::TraceOptions small;
  small.max_steps = 3;
  std::string j = tp::trace_json("for i in range(10):\n    x = i\nprint(1 / 0)\n", "prog.py", small);
  CHECK(count(j, "\"index\":") == 3);
  CHECK(count(j, "\"type\":\"ZeroDivisionError\"") == 2);  // the run's error and the last step's
  CHECK(has(j, "\"index\":10,\"line\":3"));
}
