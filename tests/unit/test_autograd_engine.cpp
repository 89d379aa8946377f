// autograd/engine: execution order and the event log the trace reads, create_graph (double
// backward), saved-variable accessors for the trace, AccumulateGrad layout and stealing rules.
#include <catch2/catch.hpp>

#include "autograd/engine.h"
#include "test_autograd_helpers.h"

using namespace tp;
using namespace tp::testing;

TEST_CASE("engine runs highest sequence number first and logs events", "[autograd][engine]") {
  Context c;
  ContextGuard g(c);
  std::vector<BackwardEvent> events;
  c.on_backward_event = [&](const BackwardEvent& e) { events.push_back(e); };
  Tensor x = vec({1, 2}, true);
  Tensor a = mul(x, num(2));    // MulBackward0
  Tensor b = tp::unary(x, UnaryOp::Exp);  // ExpBackward0
  Tensor s = sum(add(a, b), {}, false, std::nullopt);
  backward(s, Tensor(), std::nullopt, false);
  std::vector<std::string> kinds;
  for (const auto& e : events) {
    switch (e.kind) {
      case BackwardEvent::Kind::Begin: kinds.push_back("begin"); break;
      case BackwardEvent::Kind::Execute: kinds.push_back(std::to_string(e.node_id)); break;
      case BackwardEvent::Kind::Accumulate: kinds.push_back("acc"); break;
      case BackwardEvent::Kind::Retain: kinds.push_back("retain"); break;
      case BackwardEvent::Kind::End: kinds.push_back("end"); break;
    }
  }
  int64_t mul_id = grad_fn(a)->id, exp_id = grad_fn(b)->id, add_id = grad_fn(s)->next_edges[0].function->id;
  int64_t sum_id = grad_fn(s)->id;
  CHECK(kinds == std::vector<std::string>{"begin", std::to_string(sum_id), std::to_string(add_id),
                                          std::to_string(exp_id), std::to_string(mul_id), "acc", "end"});
  CHECK(events[0].node_id == sum_id);
  CHECK_FALSE(events[0].retain_graph);
  const auto& acc = events[5];
  CHECK(acc.tensor_id == x.id());
  CHECK(vals(acc.grads_out[0]) == vals(get_grad(x)));
}

TEST_CASE("saved variables expose what the trace draws", "[autograd][trace]") {
  Context c;
  ContextGuard g(c);
  Tensor x = vec({1, 2}, true);
  Tensor y = tp::unary(x, UnaryOp::Sigmoid);
  auto saved = grad_fn(y)->saved_variables();
  REQUIRE(saved.size() == 1);
  CHECK(saved[0].name() == "result");
  CHECK(saved[0].tensor_if_alive().is_same(y));
  CHECK(saved[0].saved_version() == 0);
  CHECK(grad_fn(y)->output_tensor().is_same(y));
  AccumulateGrad* acc = grad_fn(y)->next_edges[0].function->as_accumulate_grad();
  REQUIRE(acc);
  CHECK(acc->variable.get() == x.impl());
  backward(sum(y, {}, false, std::nullopt), Tensor(), std::nullopt, false);
  CHECK(saved[0].was_released());
  CHECK_FALSE(saved[0].tensor_if_alive().defined());
}

TEST_CASE("create_graph gives a differentiable gradient (double backward)", "[autograd][engine]") {
  Context c;
  ContextGuard g(c);
  Tensor x = make({2.0}, {1}, true, DType::Float64);
  Tensor y = pow(x, inum(3));
  auto gx = grad({y}, {x}, {ones({1}, DType::Float64, Device{})}, std::nullopt, true, false);
  CHECK(vals(gx[0]) == std::vector<double>{12});  // 3x^2
  REQUIRE(gx[0].requires_grad());
  auto ggx = grad({gx[0]}, {x}, {ones({1}, DType::Float64, Device{})}, std::nullopt, false, false);
  CHECK(vals(ggx[0]) == std::vector<double>{12});  // 6x
}

TEST_CASE("first .grad keeps the leaf's layout; expanded gradients are copied", "[autograd][engine]") {
  Context c;
  ContextGuard g(c);
  Tensor x = make({1, 2, 3, 4, 5, 6}, {2, 3}, true);
  backward(sum(x, {}, false, std::nullopt), Tensor(), std::nullopt, false);
  Tensor gx = get_grad(x);
  CHECK(gx.strides() == Shape{3, 1});
  CHECK(vals(gx) == std::vector<double>(6, 1.0));
  CHECK_FALSE(gx.storage() == x.storage());
  x.impl()->grad = nullptr;
  Tensor user_grad = ones({2, 3}, DType::Float32, Device{});
  backward(x, user_grad, std::nullopt, false);  // the caller still holds user_grad: copied, not stolen
  CHECK_FALSE(get_grad(x).storage() == user_grad.storage());
}

TEST_CASE("autograd.grad errors: unused and non-requiring inputs", "[autograd][engine]") {
  Context c;
  ContextGuard g(c);
  Tensor x = vec({1, 2}, true), z = vec({3.0}, true);
  Tensor y = sum(mul(x, x), {}, false, std::nullopt);
  CHECK(error_of([&] { grad({y}, {vec({1.0})}, {}, true, false, false); }) ==
        "One of the differentiated Tensors does not require grad");
  CHECK(error_of([&] { grad({y}, {z}, {}, true, false, false); }) ==
        "One of the differentiated Tensors appears to not have been used in the graph. Set allow_unused=True if "
        "this is the desired behavior.");
  auto r = grad({y}, {x, z}, {}, true, false, true);
  CHECK_FALSE(r[1].defined());
}

TEST_CASE("CopyBackwards, FillBackward2, ZeroBackward0 and IndexPutBackward0 names", "[autograd][inplace]") {
  Context c;
  ContextGuard g(c);
  Tensor x = vec({1, 2, 3}, true);
  Tensor b = clone(x);
  copy_(b, vec({4, 5, 6}, true));
  CHECK(fn_name(b) == "CopyBackwards");
  CHECK(grad_fn(b)->cpp_name() == "torch::autograd::CopyBackwards");
  fill_(b, Scalar::from_int(1));
  CHECK(fn_name(b) == "FillBackward2");
  zero_(b);
  CHECK(fn_name(b) == "ZeroBackward0");
  Tensor idx = native::from_scalars({Scalar::from_int(0)}, {1}, DType::Int64, Device{});
  index_put_(b, idx, vec({7.0}, true));
  CHECK(fn_name(b) == "IndexPutBackward0");
  Tensor plain = native::zeros({3}, DType::Float32, Device{});
  copy_(select(plain, 0, 1), select(x, 0, 0));  // plain[1] = x[0]
  CHECK(fn_name(plain) == "CopySlices");
  CHECK(next_names(grad_fn(plain)) == std::vector<std::string>{"None:0", "SelectBackward0:0"});
}

TEST_CASE("long graphs are run and freed without deep recursion", "[autograd][engine]") {
  Context c;
  ContextGuard g(c);
  Tensor x = vec({1.0}, true);
  Tensor y = x;
  for (int i = 0; i < 100000; ++i) y = mul(y, num(1.0));
  Tensor z = x;
  for (int i = 0; i < 20000; ++i) z = add(mul(z, z), num(0.0));  // saved inputs chain through tensors too
  backward(y, Tensor(), std::nullopt, false);
  CHECK(vals(get_grad(x)) == std::vector<double>{1.0});
  y = Tensor();
  z = Tensor();
}
