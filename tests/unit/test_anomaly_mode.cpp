// Anomaly mode's warning text (torch/csrc/autograd/python_anomaly_mode.cpp _format_stack +
// torch/autograd/anomaly_mode.py), in the fixed form of Note [Anomaly mode text]
// (engine/bindings/autograd/anomaly_mode.cpp): the forward traceback is the learner's frames,
// outermost first, as traceback.format_list prints them.
#include <catch2/catch.hpp>

#include "trace/session.h"

using tp::RunResult;
using tp::Session;

TEST_CASE("detect_anomaly: forward traceback of the failing node, then the nan error", "[library][autograd]") {
  Session s;
  RunResult r = s.run("import torch\n"
                      "def f(x):\n"
                      "    return x.sqrt()\n"
                      "a = torch.zeros(2, requires_grad=True)\n"
                      "with torch.autograd.detect_anomaly():\n"
                      "    y = f(a) * 0\n"
                      "    y.sum().backward()\n");
  CHECK(r.exit_status == 1);
  const std::string enabled =
      "prog.py:5: UserWarning: Anomaly Detection has been enabled. This mode will increase the runtime and should "
      "only be enabled for debugging.\n  with torch.autograd.detect_anomaly():\n";
  const std::string report =
      "torch/autograd/graph.py: UserWarning: Error detected in SqrtBackward0. Traceback of forward call that caused "
      "the error:\n"
      "  File \"prog.py\", line 6, in <module>\n"
      "    y = f(a) * 0\n"
      "  File \"prog.py\", line 3, in f\n"
      "    return x.sqrt()\n"
      " (Triggered internally at torch/csrc/autograd/python_anomaly_mode.cpp.)\n"
      "  return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass\n";
  CHECK(r.stderr_text.rfind(enabled + report, 0) == 0);
  CHECK(r.stderr_text.find("RuntimeError: Function 'SqrtBackward0' returned nan values in its 0th output.\n") !=
        std::string::npos);
}

TEST_CASE("anomaly mode switched on only for backward: no forward information", "[library][autograd]") {
  Session s;
  RunResult r = s.run("import torch\n"
                      "a = torch.zeros(2, requires_grad=True)\n"
                      "y = a.sqrt() * 0\n"
                      "torch.autograd.set_detect_anomaly(True)\n"
                      "y.sum().backward()\n");
  CHECK(r.stderr_text.rfind("torch/autograd/graph.py: UserWarning: Error detected in SqrtBackward0. No forward pass "
                            "information available. Enable detect anomaly during forward pass for more "
                            "information. (Triggered internally at torch/csrc/autograd/python_anomaly_mode.cpp.)\n",
                            0) == 0);
}

TEST_CASE("without anomaly mode a nan gradient is no error and nothing is recorded", "[library][autograd]") {
  Session s;
  RunResult r = s.run("import torch\n"
                      "a = torch.zeros(2, requires_grad=True)\n"
                      "(a.sqrt() * 0).sum().backward()\n"
                      "print(a.grad)\n");
  CHECK(r.stdout_text == "tensor([nan, nan])\n");
  CHECK(r.stderr_text.empty());
}
