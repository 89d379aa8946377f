// The trace recorder: one snapshot per statement up to the budget, then only the last statement,
// snapshotted once at the end (and still showing the final world and error).
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "core/context.h"
#include "trace/session.h"

#include "trace/recorder.h"

namespace {

bool has(const std::string& json, const std::string& piece) { return json.find(piece) != std::string::npos; }

size_t count(const std::string& json, const std::string& piece) {
  size_t n = 0;
  for (size_t at = json.find(piece); at != std::string::npos; at = json.find(piece, at + 1)) ++n;
  return n;
}

// The JSON of step `index` of a trace, up to the next step (the trace must have it).
std::string step_json(const std::string& json, int index) {
  const size_t at = json.find("{\"index\":" + std::to_string(index) + ",");
  REQUIRE(at != std::string::npos);
  return json.substr(at, json.find("{\"index\":" + std::to_string(index + 1) + ",") - at);
}

// The text of every `"repr_ref":N` in the trace, in order, asked of the session that made it.
std::vector<std::string> reprs(tp::Session& session, const std::string& json) {
  std::vector<std::string> out;
  const std::string key = "\"repr_ref\":";
  tp::ContextGuard guard(session.context());
  for (size_t at = json.find(key); at != std::string::npos; at = json.find(key, at + 1))
    out.push_back(session.reprs().repr(std::stoll(json.substr(at + key.size()))));
  return out;
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

TEST_CASE("trace: a step lists only what changed, and what disappeared", "[trace]") {
  tp::Session session;
  std::string j = tp::trace_json(session, "import torch\na = torch.ones(3)\nn = 1\na.add_(1)\ndel a\n", "prog.py");
  // the tensor is listed where it appears and where it changes, not where `n` is bound
  CHECK(reprs(session, j) == std::vector<std::string>{"tensor([1., 1., 1.])", "tensor([2., 2., 2.])"});
  CHECK(has(j, "\"patch\":") == false);  // 3 cells all changed: whole values
  CHECK(has(j, "\"values\":[2,2,2]"));
  CHECK(has(j, "\"removed\":{\"objects\":[") );
  CHECK(count(j, "\"keyframe\":true") == 1);
  tp::TraceOptions full;
  full.keyframe_every = 1;
  tp::Session full_session;
  std::string f = tp::trace_json(full_session, "import torch\na = torch.ones(3)\nn = 1\na.add_(1)\ndel a\n", "prog.py", full);
  CHECK(count(f, "\"keyframe\":true") == 5);
  // listed again at `n = 1`, and frozen again: a keyframe recomputes every repr
  CHECK(reprs(full_session, f) ==
        std::vector<std::string>{"tensor([1., 1., 1.])", "tensor([1., 1., 1.])", "tensor([2., 2., 2.])"});
}

TEST_CASE("trace: a few changed cells of a storage come as a patch", "[trace]") {
  std::string j = tp::trace_json("import torch\nx = torch.zeros(8)\nx[3] = 5\n", "prog.py");
  CHECK(has(j, "\"patch\":[[3,5]]"));
  CHECK(has(j, "\"written\":[3]"));
}

// Note [Saved values] compares values, not bytes: -0.0 over 0.0, or one NaN over another, is no
// change; a dtype changed through `.data` compares the values it holds now.
TEST_CASE("trace: saved values compare as values, not bytes", "[trace]") {
  auto flagged = [](const std::string& writes) {
    std::string j = tp::trace_json("import torch\na = torch.tensor([0., float('nan'), 2.], requires_grad=True)\n"
                                   "b = a * a\n" + writes, "prog.py");
    return has(j, "\"values_changed\":true");
  };
  CHECK_FALSE(flagged("a.data[0] = -0.0\n"));
  CHECK_FALSE(flagged("a.data[1] = float('-nan')\n"));
  CHECK_FALSE(flagged("a.data = a.data.double()\n"));
  CHECK(flagged("a.data = a.data.double() + 1\n"));
  CHECK(flagged("a.data[2] = 3.0\n"));
}

TEST_CASE("trace: function frames and saved values changed through .data", "[trace]") {
  std::string j = tp::trace_json(
      "import torch\na = torch.ones(2, requires_grad=True)\ndef f(x):\n    y = x * x\n    return y\nb = f(a)\n"
      "a.data.mul_(3)\n",
      "prog.py");
  CHECK(has(j, "\"frames\":[{\"name\":\"f\",\"variables\":[{\"name\":\"x\""));
  CHECK(has(j, "\"values_changed\":false"));
  CHECK(has(j, "\"values_changed\":true"));  // after a.data.mul_(3), version still 0
  CHECK(has(j, "\"saved_version\":0,\"current_version\":0,\"released\":false,\"values_changed\":true"));
}

// Note [A node's state]: a node drawn before is listed again exactly when something of its entry
// changed: a hook added, a saved tensor's version moved (even by a write that keeps its values),
// its saved tensors released by backward; not when the step touched nothing of it.
TEST_CASE("trace: a node is listed again when its hooks, saved versions or release change", "[trace]") {
  const std::string j = tp::trace_json(
      "import torch\na = torch.ones(2, requires_grad=True)\nb = a * 2\nc = b * b\nn = 1\n"
      "h = c.grad_fn.register_prehook(lambda g: None)\nb.add_(0)\nd = a * a\nd.sum().backward()\n",
      "prog.py");
  auto step = [&](int index) { return step_json(j, index); };
  CHECK(has(step(4), "\"nodes\":[]"));  // n = 1
  CHECK(has(step(5), "\"nodes\":[{\"id\":3,\"hooks\":1}]"));  // c.grad_fn's pre-hook
  // b.add_(0): b's values are the same, its version is not
  CHECK(has(step(6), "{\"id\":3,\"saved\":[{\"name\":\"other\",\"tensor\":3,\"saved_version\":0,\"current_version\":1,"
                     "\"released\":false,\"values_changed\":false}"));
  CHECK(has(step(8), "{\"id\":5,\"saved\":[{\"name\":\"other\",\"tensor\":null,\"saved_version\":0,\"current_version\":0,"
                     "\"released\":true"));
}

// Note [Changed members]: a tensor drawn before is listed again with the facts of its entry that
// moved, even one a write that keeps the values moves (its version); not when the step touched
// nothing of it.
TEST_CASE("trace: a tensor is listed again when its version, flags, hooks, grad or storage change", "[trace]") {
  const std::string j = tp::trace_json(
      "import torch\na = torch.zeros(2)\nn = 1\na.add_(0)\na.requires_grad_()\nh = a.register_hook(lambda g: g)\n"
      "a.grad = torch.ones(2)\na.data = torch.zeros(3)\n",
      "prog.py");
  auto step = [&](int index) { return step_json(j, index); };
  CHECK(has(step(2), "\"tensors\":[]"));  // n = 1
  CHECK(has(step(3), "\"tensors\":[{\"id\":1,\"_version\":1}]"));  // a.add_(0): the same values
  CHECK(has(step(4), "{\"id\":1,\"requires_grad\":true,"));
  CHECK(has(step(5), "\"tensors\":[{\"id\":1,\"hooks\":1}]"));
  CHECK(has(step(6), "{\"id\":1,\"grad\":"));
  CHECK(has(step(7), "{\"id\":1,\"sizes\":[3],\"storage\":"));  // a.data = ...: another storage
}

TEST_CASE("trace: hooks are counted on their tensor and node, and each firing is a backward event", "[trace]") {
  tp::Session session;
  std::string j = tp::trace_json(session,
      "import torch\nx = torch.tensor([1., 2.], requires_grad=True)\nx.register_hook(lambda g: g * 10)\n"
      "y = x * 2\ny.register_hook(lambda g: None)\nz = y.sum()\nz.grad_fn.register_prehook(lambda gs: None)\n"
      "x.register_post_accumulate_grad_hook(lambda t: None)\nz.backward()\n",
      "prog.py");
  CHECK(has(j, "\"hooks\":2"));  // x: register_hook + post-accumulate-grad hook
  // in execution order: SumBackward0's pre-hook, y's hook before MulBackward0 uses its gradient,
  // x's hook before AccumulateGrad adds to .grad, the post-accumulate hook once .grad is updated
  const size_t pre = j.find("{\"kind\":\"hook\",\"hook\":\"pre\""), on_y = j.find("{\"kind\":\"hook\",\"hook\":\"tensor\"");
  const size_t on_x = j.find("{\"kind\":\"hook\",\"hook\":\"tensor\"", on_y + 1);
  const size_t acc = j.find("{\"kind\":\"accumulate\""), post = j.find("{\"kind\":\"hook\",\"hook\":\"post_accumulate_grad\"");
  REQUIRE(pre != std::string::npos);
  REQUIRE(on_x != std::string::npos);
  REQUIRE(post != std::string::npos);
  CHECK(pre < on_y);
  CHECK(on_y < on_x);
  CHECK(on_x < acc);
  CHECK(acc < post);
  // x's hook multiplied the gradient by 10 (the accumulate event gives it by ref)
  const std::string grad_key = "{\"kind\":\"accumulate\",\"node\":";
  const size_t ref_at = j.find("\"grad\":", j.find(grad_key)) + 7;
  tp::ContextGuard guard(session.context());
  CHECK(session.reprs().repr(std::stoll(j.substr(ref_at))) == "tensor([20., 20.])");
  CHECK(count(j, "{\"kind\":\"hook\"") == 4);
}

// Note [Reprs on demand]: a repr is frozen when the tensor changes and formatted when asked.
TEST_CASE("trace: reprs are formatted on demand, as they were when the step was recorded", "[trace]") {
  tp::Session session;
  std::string j = tp::trace_json(session,
                                 "import torch\na = torch.tensor([1.23456, 2.0])\n"
                                 "torch.set_printoptions(precision=2)\nb = a.double()\n"
                                 "torch.set_default_dtype(torch.float64)\na.mul_(2)\n",
                                 "prog.py");
  CHECK(count(j, "\"repr\":\"") == 0);  // no repr is formatted while recording
  // a at line 2 (precision 4); a again at line 3 (print options are part of a repr) and b;
  // at line 5 a's dtype suffix appears (float32 is no longer the default) and b's goes; a.mul_(2)
  CHECK(reprs(session, j) == std::vector<std::string>{
                                 "tensor([1.2346, 2.0000])", "tensor([1.23, 2.00])", "tensor([1.23, 2.00], dtype=torch.float64)",
                                 "tensor([1.23, 2.00], dtype=torch.float32)", "tensor([1.23, 2.00])",
                                 "tensor([2.47, 4.00], dtype=torch.float32)"});
}

TEST_CASE("trace: a .grad is given by ref like any tensor, its text formatted when asked", "[trace]") {
  tp::Session session;
  std::string j = tp::trace_json(session, "import torch\nx = torch.ones(2, requires_grad=True)\n(x * 3).sum().backward()\n",
                                 "prog.py");
  CHECK(count(j, "\"repr\":") == 0);  // no text, and no member for it
  CHECK(reprs(session, j).back() == "tensor([3., 3.])");
}

TEST_CASE("trace: formatting a repr later takes nothing from the program's world", "[trace]") {
  const std::string program = "import torch\na = torch.arange(6.).view(2, 3).t()\na.add_(1)\n";
  const std::string after = "b = torch.zeros(2)\nprint(id(b) - id(a), b.data_ptr() - a.data_ptr())\n";
  tp::Session asked, not_asked;
  std::string j = tp::trace_json(asked, program, "prog.py");
  tp::trace_json(not_asked, program, "prog.py");
  // a and its _base, after each statement
  CHECK(reprs(asked, j) == std::vector<std::string>{"tensor([0., 1., 2., 3., 4., 5.])",
                                                    "tensor([[0., 3.],\n        [1., 4.],\n        [2., 5.]])",
                                                    "tensor([1., 2., 3., 4., 5., 6.])",
                                                    "tensor([[1., 4.],\n        [2., 5.],\n        [3., 6.]])"});
  CHECK(asked.exec_repl(after).stdout_text == not_asked.exec_repl(after).stdout_text);
}

TEST_CASE("trace: backward events give each gradient by ref, frozen as it flowed", "[trace]") {
  tp::Session session;
  std::string j = tp::trace_json(session,
                                 "import torch\nx = torch.tensor([1., 2.], requires_grad=True)\ny = (x * x).sum()\n"
                                 "y.backward(retain_graph=True)\ny.backward()\n",
                                 "prog.py");
  CHECK(count(j, "\"grads_in\":[\"") == 0);  // refs, not texts
  CHECK(has(j, "\"grads_out\":[null]") == false);
  // every "grad" of an accumulate event, in order: x.grad as each backward left it. The second
  // backward adds to the same tensor in place; the first event's copy was frozen before that
  std::vector<std::string> grads;
  tp::ContextGuard guard(session.context());
  const std::string key = "{\"kind\":\"accumulate\",";
  for (size_t at = j.find(key); at != std::string::npos; at = j.find(key, at + 1)) {
    const size_t g = j.find("\"grad\":", at) + 7;
    grads.push_back(session.reprs().repr(std::stoll(j.substr(g))));
  }
  CHECK(grads == std::vector<std::string>{"tensor([2., 4.])", "tensor([4., 8.])"});
  CHECK(reprs(session, j).back() == "tensor([4., 8.])");  // x.grad at the last step, by ref
}

TEST_CASE("trace: small gradients with equal contents share one ref", "[trace]") {
  tp::Session session;
  std::string j = tp::trace_json(session,
                                 "import torch\nx = torch.ones(2, requires_grad=True)\ny = x\nfor i in range(50):\n"
                                 "    y = y * 1.0\ny.sum().backward()\nz = (x * 2).sum()\n",
                                 "prog.py");
  std::set<std::string> refs;
  const std::string key = "\"grads_out\":[";
  for (size_t at = j.find(key); at != std::string::npos; at = j.find(key, at + 1)) {
    const std::string list = j.substr(at + key.size(), j.find(']', at) - at - key.size());  // "7" or "7,null"
    refs.insert(list.substr(0, list.find(',')));
  }
  CHECK(count(j, key) == 51);  // SumBackward0 and 50 MulBackward0 ran
  CHECK(refs.size() == 1);     // every one sent tensor([1., 1.])
  tp::ContextGuard guard(session.context());
  CHECK(session.reprs().repr(std::stoll(*refs.begin())) == "tensor([1., 1.])");
  // a different suffix is a different repr: x's own ref (requires_grad=True) is not that one
  CHECK(reprs(session, j).front() == "tensor([1., 1.], requires_grad=True)");
}

// Note [Object fingerprints]: an instance's repr is taken again only when something it is made of
// changed — here a hyperparameter deep inside the optimizer's param_groups.
TEST_CASE("trace: an optimizer's repr follows a change deep in its param_groups", "[trace]") {
  std::string j = tp::trace_json(
      "import torch\nw = torch.ones(2, requires_grad=True)\nopt = torch.optim.SGD([w], lr=0.1)\nn = 1\n"
      "opt.param_groups[0]['lr'] = 0.5\nm = 2\n",
      "prog.py");
  CHECK(count(j, "\"type\":\"SGD\"") == 2);  // drawn where it appears and where lr changed, not at n = 1 or m = 2
  CHECK(has(j, "    lr: 0.1\\n"));
  CHECK(has(j, "    lr: 0.5\\n"));
  tp::TraceOptions full;
  full.keyframe_every = 1;
  CHECK(count(tp::trace_json("import torch\nw = torch.ones(2, requires_grad=True)\nopt = torch.optim.SGD([w], lr=0.1)\n"
                             "n = 1\nopt.param_groups[0]['lr'] = 0.5\nm = 2\n", "prog.py", full),
              "\"type\":\"SGD\"") == 4);
}

// Note [Objects the trace makes] (core/context.h): objects a repr makes while the trace draws a
// step take ids of their own, so a traced program prints what the untraced one prints.
TEST_CASE("trace: taking reprs never changes the program's object ids", "[trace]") {
  const std::string program =
      "import torch\nimport torch.nn as nn\nm = nn.Linear(2, 1)\nopt = torch.optim.SGD(m.parameters(), lr=0.1)\n"
      "a = [1]\nfor i in range(3):\n    opt.param_groups[0]['lr'] = 0.1 * i\n    b = [i]\nprint(id(b) - id(a))\n";
  tp::Session untraced;
  const std::string expected = untraced.run(program).stdout_text;
  REQUIRE(!expected.empty());
  for (size_t every : {size_t(0), size_t(1)}) {  // deltas, and every step whole (every repr taken)
    tp::TraceOptions options;
    options.keyframe_every = every;
    tp::Session traced;
    std::string j = tp::trace_json(traced, program, "prog.py", options);
    CHECK(has(j, "\"stdout\":\"" + expected.substr(0, expected.size() - 1) + "\\n\""));
  }
}

// Note [Values a repr read]: opt.step() writes the parameters, which the optimizer's repr never
// prints; a tensor its repr does print (here a value in param_groups) is followed when written.
TEST_CASE("trace: an instance's repr follows the values it prints, written in place", "[trace]") {
  const std::string program =
      "import torch\nw = torch.ones(2, requires_grad=True)\nopt = torch.optim.SGD([w], lr=0.1)\nt = torch.tensor(1.)\n"
      "opt.param_groups[0]['scale'] = t\nn = 1\nw.grad = torch.ones(2)\nopt.step()\nm = 2\nt.add_(1)\nk = 3\n";
  std::string j = tp::trace_json(program, "prog.py");
  CHECK(count(j, "\"type\":\"SGD\"") == 3);  // made, given `scale`, `scale` written
  CHECK(has(j, "    scale: tensor(1.)\\n"));
  CHECK(has(j, "    scale: tensor(2.)\\n"));
  CHECK(has(j, "\"_version\":1"));  // opt.step() wrote w
}

// Note [Object fingerprints]: a module's content hash reads each attribute's value in the map's
// order and the names in theirs; two attributes swapping values, or one set anew, still move it.
TEST_CASE("trace: a module's repr follows its attributes, swapped or set anew", "[trace]") {
  std::string j = tp::trace_json(
      "import torch.nn as nn\nm = nn.Linear(3, 5)\nn = 1\nm.in_features, m.out_features = m.out_features, m.in_features\n"
      "k = 2\nm.in_features = 9\nq = 3\n",
      "prog.py");
  CHECK(count(j, "\"type\":\"Linear\"") == 3);  // made, swapped, set; not at n, k or q
  CHECK(has(j, "Linear(in_features=3, out_features=5, bias=True)"));
  CHECK(has(j, "Linear(in_features=5, out_features=3, bias=True)"));
  CHECK(has(j, "Linear(in_features=9, out_features=3, bias=True)"));
}

// A repr the trace takes that fails (a module holding itself recurses without end) is drawn as
// IPython draws it; the program's error stays where the untraced run has it, at print(m).
TEST_CASE("trace: a repr that fails is drawn, and the program fails where it would untraced", "[trace]") {
  const std::string program =
      "import torch.nn as nn\nclass M(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
      "m = M()\nm.child = m\nn = 1\nprint(m)\n";
  tp::Session untraced;
  const tp::RunResult r = untraced.run(program, "prog.py");
  REQUIRE(r.error);
  std::string j = tp::trace_json(program, "prog.py");
  CHECK(has(j, "raised in repr()] __main__.M object at 0x"));
  CHECK(has(j, "\"error\":{\"type\":\"RecursionError\",\"message\":\"" + r.error->message + "\",\"line\":8"));
  CHECK(r.error->line == 8);
  CHECK(has(j, "\"line\":7,\"end_line\":7,\"stdout\":\"\",\"stderr\":\"\",\"error\":null"));  // n = 1 ran
}
