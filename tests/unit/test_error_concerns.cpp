// Which tensors an error concerns (ErrorInfo::tensor_ids): the page flags them on the picture.
#include <catch2/catch.hpp>

#include <string>

#include "python/value.h"
#include "trace/session.h"

namespace {

int64_t tensor_id(tp::Session& s, const std::string& name) {
  auto o = s.global(name);
  REQUIRE((o && o->kind == tp::interp::Kind::Tensor));
  return static_cast<tp::interp::TensorObj&>(*o).tensor.id();
}

}  // namespace

TEST_CASE("error concerns: a Tensor method's error names that tensor, not its base", "[trace]") {
  tp::Session s;
  auto r = s.run("import torch\nx = torch.arange(6).view(2, 3)\nt = x.t()\nv = t.view(6)\n");
  REQUIRE(r.error);
  CHECK(r.error->type == "RuntimeError");
  CHECK(r.error->tensor_ids == std::vector<int64_t>{tensor_id(s, "t")});
}

TEST_CASE("error concerns: an op that names its tensor keeps its own choice", "[trace]") {
  tp::Session s;
  // the version-counter error concerns the saved tensor, whatever method triggered backward
  auto r = s.run("import torch\na = torch.ones(2, requires_grad=True)\nb = a * 1\nc = b * b\nb.add_(1)\nc.sum().backward()\n");
  REQUIRE(r.error);
  CHECK(r.error->type == "RuntimeError");
  REQUIRE_FALSE(r.error->tensor_ids.empty());
  CHECK(r.error->tensor_ids.front() == tensor_id(s, "b"));  // the modified saved tensor, not c.sum()
}
