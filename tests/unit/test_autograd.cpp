// autograd/: node names, next_functions, backward values, accumulation, retain_grad, no_grad,
// saved-tensor version checks and backward-twice errors (exact PyTorch messages).
#include <catch2/catch.hpp>

#include "test_autograd_helpers.h"

using namespace tp;
using namespace tp::testing;
using Catch::Matchers::Approx;

TEST_CASE("x * 2 records MulBackward0 with (AccumulateGrad, None) and backward fills x.grad", "[autograd]") {
  Context c;
  ContextGuard g(c);
  Tensor x = vec({1, 2, 3}, true);
  Tensor y = mul(x, num(2));
  CHECK(fn_name(y) == "MulBackward0");
  CHECK(next_names(grad_fn(y)) == std::vector<std::string>{"AccumulateGrad:0", "None:0"});
  CHECK(y.requires_grad());
  CHECK_FALSE(is_leaf(y));
  Tensor s = sum(y, {}, false, std::nullopt);
  CHECK(fn_name(s) == "SumBackward0");
  backward(s, Tensor(), std::nullopt, false);
  CHECK(vals(get_grad(x)) == std::vector<double>{2, 2, 2});
  CHECK_FALSE(get_grad(x).requires_grad());
}

TEST_CASE("a leaf's AccumulateGrad is shared by all its uses", "[autograd]") {
  Context c;
  ContextGuard g(c);
  Tensor x = vec({1, 2}, true);
  Tensor a = mul(x, x);
  auto n = grad_fn(a);
  CHECK(n->next_edges[0].function == n->next_edges[1].function);
  Tensor b = add(x, num(1));
  CHECK(grad_fn(b)->next_edges[0].function == n->next_edges[0].function);
}

TEST_CASE("integer results never require grad; no_grad records nothing", "[autograd]") {
  Context c;
  ContextGuard g(c);
  Tensor x = vec({1, 2}, true);
  CHECK_FALSE(compare(x, num(1), CompareOp::Gt).requires_grad());
  {
    GradModeGuard off(false);
    Tensor y = mul(x, num(2));
    CHECK_FALSE(y.requires_grad());
    CHECK(is_leaf(y));
    add_(x, num(1));  // allowed on a leaf under no_grad, still bumps the version
  }
  CHECK(x.version() == 1);
  CHECK(vals(x) == std::vector<double>{2, 3});
}

TEST_CASE("gradients accumulate in place across backward calls", "[autograd]") {
  Context c;
  ContextGuard g(c);
  Tensor x = vec({1, 1}, true);
  Tensor y = sum(mul(x, x), {}, false, std::nullopt);
  backward(y, Tensor(), true, false);
  Tensor first = get_grad(x);
  backward(y, Tensor(), std::nullopt, false);
  CHECK(get_grad(x).is_same(first));  // same .grad object, updated in place
  CHECK(vals(first) == std::vector<double>{4, 4});
}

TEST_CASE("backward twice without retain_graph raises 1.9 only for nodes that saved tensors", "[autograd]") {
  Context c;
  ContextGuard g(c);
  Tensor x = vec({1, 2}, true);
  Tensor y = sum(mul(x, num(2)), {}, false, std::nullopt);
  backward(y, Tensor(), std::nullopt, false);
  CHECK(error_of([&] { backward(y, Tensor(), std::nullopt, false); }) ==
        "Trying to backward through the graph a second time (or directly access saved tensors after they have "
        "already been freed). Saved intermediate values of the graph are freed when you call .backward() or "
        "autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or if "
        "you need to access saved tensors after calling backward.");
  Tensor z = sum(add(x, num(1)), {}, false, std::nullopt);  // nothing saved: can run twice
  backward(z, Tensor(), std::nullopt, false);
  backward(z, Tensor(), std::nullopt, false);
}

TEST_CASE("modified saved output raises 1.8 naming the owning node", "[autograd]") {
  Context c;
  ContextGuard g(c);
  Tensor a = vec({1, 2, 3}, true);
  Tensor b = tp::unary(a, UnaryOp::Sigmoid);
  mul_(b, num(2));
  CHECK(fn_name(b) == "MulBackward0");
  Tensor s = sum(b, {}, false, std::nullopt);
  CHECK(error_of([&] { backward(s, Tensor(), std::nullopt, false); }) ==
        "one of the variables needed for gradient computation has been modified by an inplace operation: "
        "[torch.FloatTensor [3]], which is output 0 of SigmoidBackward0, is at version 1; expected version 0 "
        "instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with "
        "torch.autograd.set_detect_anomaly(True).");
}

TEST_CASE("modified saved non-leaf input names its current grad_fn; a leaf names nothing", "[autograd]") {
  Context c;
  ContextGuard g(c);
  Tensor x = vec({1, 2, 3}, true);
  Tensor b = clone(x);
  Tensor y = mul(b, b);
  add_(b, num(1));
  CHECK(error_of([&] { backward(sum(y, {}, false, std::nullopt), Tensor(), std::nullopt, false); })
            .find("[torch.FloatTensor [3]], which is output 0 of AddBackward0, is at version 1; expected version 0") !=
        std::string::npos);
  Tensor w = vec({1, 2, 3});
  Tensor z = mul(x, w);
  add_(w, num(1));
  CHECK(error_of([&] { backward(sum(z, {}, false, std::nullopt), Tensor(), std::nullopt, false); })
            .find("[torch.FloatTensor [3]] is at version 1; expected version 0 instead.") != std::string::npos);
}

TEST_CASE("in-place on leaves and views of leaves (1.5, 1.6)", "[autograd][inplace]") {
  Context c;
  ContextGuard g(c);
  Tensor x = vec({1, 2, 3}, true);
  CHECK(error_of([&] { add_(x, num(1)); }) ==
        "a leaf Variable that requires grad is being used in an in-place operation.");
  CHECK(error_of([&] { copy_(select(x, 0, 0), num(5)); }) ==
        "a view of a leaf Variable that requires grad is being used in an in-place operation.");
  CHECK(x.version() == 0);
}

TEST_CASE("view made in no_grad: requires_grad, no grad_fn, in-place raises 1.7", "[autograd][inplace]") {
  Context c;
  ContextGuard g(c);
  Tensor a = vec({1, 2, 3}, true);
  Tensor b = clone(a);
  Tensor v;
  {
    GradModeGuard off(false);
    v = slice(b, 0, 0, 2, 1);
  }
  CHECK(v.requires_grad());
  CHECK(is_leaf(v));
  CHECK(error_of([&] { mul_(v, num(2)); }) ==
        "A view was created in no_grad mode and is being modified inplace with grad mode enabled. Given that this "
        "use case is ambiguous and error-prone, it is forbidden. You can clarify your code by moving both the view "
        "and the inplace either both inside the no_grad block (if you don't want the inplace to be tracked) or both "
        "outside (if you want the inplace to be tracked).");
}

TEST_CASE("multi-output views refuse in-place ops", "[autograd][inplace]") {
  Context c;
  ContextGuard g(c);
  Tensor a = clone(vec({1, 2, 3, 4}, true));
  auto parts = unbind(a, 0);
  CHECK(fn_name(parts[1]) == "UnbindBackward0");
  CHECK(error_of([&] { mul_(parts[1], num(2)); }) ==
        "Output 1 of UnbindBackward0 is a view and is being modified inplace. This view is the output of a function "
        "that returns multiple views. Such functions do not allow the output views to be modified inplace. You "
        "should replace the inplace operation by an out-of-place one.");
}

TEST_CASE("in-place on a non-leaf rebases history; on a view gives CopySlices", "[autograd][inplace]") {
  Context c;
  ContextGuard g(c);
  Tensor a = vec({1, 2, 3}, true);
  Tensor b = clone(a);
  add_(b, num(1));
  CHECK(fn_name(b) == "AddBackward0");
  CHECK(next_names(grad_fn(b)) == std::vector<std::string>{"CloneBackward0:0", "None:0"});
  Tensor v = select(b, 0, 0);
  copy_(v, num(10));
  CHECK(fn_name(b) == "CopySlices");
  CHECK(fn_name(v) == "AsStridedBackward0");
  CHECK(grad_fn(v)->next_edges[0].function == grad_fn(b));
  CHECK(vals(b) == std::vector<double>{10, 3, 4});
  backward(sum(mul(b, vec({1, 2, 3})), {}, false, std::nullopt), Tensor(), std::nullopt, false);
  CHECK(vals(get_grad(a)) == std::vector<double>{0, 2, 3});
}

TEST_CASE("a view's grad_fn is regenerated after its base changes in place", "[autograd][views]") {
  Context c;
  ContextGuard g(c);
  Tensor b = clone(vec({1, 2, 3}, true));
  Tensor v = slice(b, 0, 1, 3, 1);
  CHECK(fn_name(v) == "SliceBackward0");
  mul_(b, num(2));
  CHECK(fn_name(v) == "AsStridedBackward0");
  backward(sum(v, {}, false, std::nullopt), Tensor(), std::nullopt, false);
}

TEST_CASE("retain_grad stores a clone then replaces .grad with old + new", "[autograd]") {
  Context c;
  ContextGuard g(c);
  Tensor a = vec({1, 2, 3}, true);
  Tensor b = clone(a);
  retain_grad(b);
  Tensor r = mul(b, num(2));
  backward(r, ones({3}, DType::Float32, Device{}), true, false);
  Tensor first = get_grad(b);
  CHECK(vals(first) == std::vector<double>{2, 2, 2});
  backward(r, ones({3}, DType::Float32, Device{}), std::nullopt, false);
  CHECK_FALSE(get_grad(b).is_same(first));
  CHECK(vals(get_grad(b)) == std::vector<double>{4, 4, 4});
  CHECK(error_of([&] { retain_grad(vec({1.0})); }) == "can't retain_grad on Tensor that has requires_grad=False");
}

TEST_CASE(".grad of a non-leaf warns with PyTorch's text", "[autograd]") {
  Context c;
  ContextGuard g(c);
  std::string warned;
  c.on_warning = [&](const std::string& cat, const std::string& msg) { warned = cat + ": " + msg; };
  Tensor b = clone(vec({1.0}, true));
  CHECK_FALSE(get_grad(b).defined());
  CHECK(warned.rfind("UserWarning: The .grad attribute of a Tensor that is not a leaf Tensor is being accessed.", 0) == 0);
  // TORCH_WARN in TensorBody.h: Note [Warnings from PyTorch's C++] (bindings/autograd/anomaly_mode.cpp)
  const std::string tail = "more information. (Triggered internally at aten/src/ATen/core/TensorBody.h.)";
  CHECK(warned.size() > tail.size());
  CHECK(warned.substr(warned.size() - tail.size()) == tail);
}

TEST_CASE("backward() argument errors (1.10, 1.11)", "[autograd]") {
  Context c;
  ContextGuard g(c);
  Tensor x = vec({1, 2, 3}, true);
  Tensor y = mul(x, num(2));
  CHECK(error_of([&] { backward(y, Tensor(), std::nullopt, false); }) ==
        "grad can be implicitly created only for scalar outputs");
  CHECK(error_of([&] { backward(y, vec({1, 1}), std::nullopt, false); }) ==
        "Mismatch in shape: grad_output[0] has a shape of torch.Size([2]) and output[0] has a shape of "
        "torch.Size([3]).");
  CHECK(error_of([&] { backward(vec({1, 2}), Tensor(), std::nullopt, false); }) ==
        "element 0 of tensors does not require grad and does not have a grad_fn");
}

TEST_CASE("requires_grad setters and detach_ (1.14, 1.16)", "[autograd]") {
  Context c;
  ContextGuard g(c);
  Tensor y = clone(vec({1.0}, true));
  CHECK(error_of([&] { set_requires_grad_attr(y, true); }) ==
        "you can only change requires_grad flags of leaf variables.");
  CHECK(error_of([&] { requires_grad_(y, false); }) ==
        "you can only change requires_grad flags of leaf variables. If you want to use a computed variable in a "
        "subgraph that doesn't require differentiation use var_no_grad = var.detach().");
  CHECK(requires_grad_(y, true).is_same(y));
  Tensor i = native::from_scalars({Scalar::from_int(1)}, {1}, DType::Int64, Device{});
  CHECK(error_of([&] { set_requires_grad_attr(i, true); }) ==
        "only Tensors of floating point and complex dtype can require gradients");
  CHECK(error_of([&] { requires_grad_(i, true); }) == "only Tensors of floating point dtype can require gradients");
  CHECK(error_of([&] { set_factory_requires_grad(i, true); }) ==
        "Only Tensors of floating point and complex dtype can require gradients");
  CHECK(error_of([&] { detach_(slice(vec({1, 2}), 0, 0, 1, 1)); }).rfind("Can't detach views in-place.", 0) == 0);
}

TEST_CASE("grad() returns gradients without accumulating", "[autograd]") {
  Context c;
  ContextGuard g(c);
  Tensor x = vec({1, 2}, true);
  Tensor y = sum(mul(x, x), {}, false, std::nullopt);
  auto gs = grad({y}, {x}, {}, std::nullopt, false, false);
  CHECK(vals(gs[0]) == std::vector<double>{2, 4});
  CHECK_FALSE(get_grad(x).defined());
}

TEST_CASE("reshape: view when contiguous, UnsafeViewBackward0 over CloneBackward0 otherwise", "[autograd][views]") {
  Context c;
  ContextGuard g(c);
  Tensor x = make({1, 2, 3, 4, 5, 6}, {2, 3}, true);
  CHECK(fn_name(reshape(x, {-1})) == "ViewBackward0");
  Tensor r = reshape(t(x), {-1});
  CHECK(fn_name(r) == "UnsafeViewBackward0");
  CHECK(next_names(grad_fn(r)) == std::vector<std::string>{"CloneBackward0:0"});
  CHECK(contiguous(x).is_same(x));
}

TEST_CASE("nn.Linear paths: addmm for 2-D input, view/addmm/view for 1-D input", "[autograd][linalg]") {
  Context c;
  ContextGuard g(c);
  Tensor w = make({1, 2}, {1, 2}, true), b = vec({0.5}, true);
  Tensor y2 = linear(make({1, 1}, {1, 2}), w, b);
  CHECK(fn_name(y2) == "AddmmBackward0");
  CHECK(next_names(grad_fn(y2)) == std::vector<std::string>{"AccumulateGrad:0", "None:0", "TBackward0:0"});
  Tensor x = vec({1, 2}, true);
  Tensor y1 = linear(x, w, b);
  CHECK(fn_name(y1) == "ViewBackward0");
  backward(y1, Tensor(), std::nullopt, false);
  CHECK(vals(get_grad(x)) == std::vector<double>{1, 2});
  CHECK(vals(get_grad(w)) == std::vector<double>{1, 2});
  CHECK(vals(get_grad(b)) == std::vector<double>{1});
}

TEST_CASE("matmul node names follow _matmul_impl", "[autograd][linalg]") {
  Context c;
  ContextGuard g(c);
  Tensor v = vec({1, 2}, true), m = make({1, 2, 3, 4}, {2, 2}, true);
  CHECK(fn_name(matmul(v, v)) == "DotBackward0");
  CHECK(fn_name(matmul(m, v)) == "MvBackward0");
  CHECK(fn_name(matmul(v, m)) == "SqueezeBackward4");
  CHECK(fn_name(matmul(m, m)) == "MmBackward0");
  Tensor x3 = make({1, 2, 3, 4, 5, 6, 7, 8}, {2, 2, 2}, true);
  Tensor r = matmul(x3, m);
  CHECK(fn_name(r) == "UnsafeViewBackward0");
  CHECK(next_names(grad_fn(r)) == std::vector<std::string>{"MmBackward0:0"});
  CHECK(fn_name(matmul(x3, x3)) == "UnsafeViewBackward0");
}
