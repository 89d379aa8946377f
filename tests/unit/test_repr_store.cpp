// trace/repr_store: a ref formats, when asked, exactly what the tensor's repr was when it was frozen
// (Note [Reprs on demand], Note [Frozen copies in an arena]).
#include <catch2/catch.hpp>

#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "core/context.h"
#include "format/tensor_str.h"
#include "test_format_helpers.h"
#include "trace/repr_store.h"

using namespace tp;
using tp::test::arange_tensor;
using tp::test::strided_view;
using tp::test::values_tensor;
using tp::test::vec;

namespace {

format::TensorReprExtras extras(std::string grad_fn = "", bool requires_grad = false, bool is_parameter = false) {
  return format::TensorReprExtras{std::move(grad_fn), requires_grad, is_parameter};
}

// Freezes `t` and returns its ref together with the repr it has now.
std::pair<int64_t, std::string> freeze(trace::ReprStore& store, const Tensor& t, const format::TensorReprExtras& e) {
  return {store.freeze(t, e), format::tensor_repr(t, e)};
}

}  // namespace

TEST_CASE("repr store: every kind of tensor formats as it was when frozen", "[trace]") {
  Context c;
  ContextGuard g(c);
  trace::ReprStore store;
  std::vector<std::pair<int64_t, std::string>> frozen;
  Tensor m = arange_tensor({3, 4}, DType::Float32, -5);
  frozen.push_back(freeze(store, m, extras()));
  frozen.push_back(freeze(store, strided_view(m, {4, 3}, {1, 4}), extras()));        // transposed
  frozen.push_back(freeze(store, strided_view(m, {2, 2}, {4, 2}, 5), extras()));     // offset, gaps
  frozen.push_back(freeze(store, strided_view(m, {}, {}, 7), extras()));             // a 0-d view
  frozen.push_back(freeze(store, strided_view(m, {0, 3}, {3, 1}), extras()));        // no elements
  frozen.push_back(freeze(store, arange_tensor({5}, DType::Int64, -2), extras()));
  frozen.push_back(freeze(store, values_tensor({3}, {1, 0, 1}, DType::Bool), extras()));
  frozen.push_back(freeze(store, values_tensor({2}, {1.5, NAN}, DType::Float64), extras("MulBackward0", true)));
  frozen.push_back(freeze(store, vec({0.25, -1}), extras("", true, true)));
  frozen.push_back(freeze(store, vec({2, 3}), extras("AddmmBackward0", true)));
  frozen.push_back(freeze(store, values_tensor({2}, {1, 2}, DType::Float32, Device{Device::Type::CUDA, 1}), extras()));
  for (auto& [ref, text] : frozen) CHECK(store.repr(ref) == text);
}

TEST_CASE("repr store: a frozen copy keeps the values, options and default dtype of its moment", "[trace]") {
  Context c;
  ContextGuard g(c);
  trace::ReprStore store;
  Tensor t = vec({1.0 / 3, 2});
  auto [ref, before] = freeze(store, t, extras());
  Tensor d = values_tensor({2}, {1, 2}, DType::Float64);
  auto [dref, dbefore] = freeze(store, d, extras());  // "dtype=torch.float64" while float32 is the default
  t.set_at(0, Scalar::from_double(7));
  c.print_options.precision = 8;
  c.default_dtype = DType::Float64;
  CHECK(store.repr(ref) == before);
  CHECK(store.repr(dref) == dbefore);
  CHECK(dbefore.find("dtype=torch.float64") != std::string::npos);
  auto [ref2, after] = freeze(store, t, extras());  // frozen under the new options
  CHECK(ref2 != ref);
  CHECK(store.repr(ref2) == after);
  CHECK(after != before);
  CHECK(c.default_dtype == DType::Float64);  // formatting put the session's own back
}

TEST_CASE("repr store: equal small tensors share a ref, anything that shows apart does not", "[trace]") {
  Context c;
  ContextGuard g(c);
  trace::ReprStore store;
  const int64_t one = store.freeze(vec({1}), extras());
  CHECK(store.freeze(vec({1}), extras()) == one);
  CHECK(store.freeze(strided_view(vec({5, 1}), {1}, {1}, 1), extras()) == one);  // same elements, other storage
  CHECK(store.freeze(vec({2}), extras()) != one);
  CHECK(store.freeze(values_tensor({1, 1}, {1}), extras()) != one);           // other sizes
  CHECK(store.freeze(values_tensor({1}, {1}, DType::Float64), extras()) != one);
  CHECK(store.freeze(vec({1}), extras("", true)) != one);
  const int64_t mul = store.freeze(vec({1}), extras("MulBackward0", true));
  CHECK(store.freeze(vec({1}), extras("AddBackward0", true)) != mul);
  CHECK(store.freeze(vec({1}), extras("MulBackward0", true)) == mul);
  CHECK(store.repr(one) == "tensor([1.])");
  CHECK(store.freeze(vec({1}), extras()) == one);  // still shared once formatted
  c.print_options.precision = 2;
  CHECK(store.freeze(vec({1}), extras()) != one);
  c.print_options.precision = 4;
  CHECK(store.freeze(vec({1}), extras()) == one);
  const int64_t big = store.freeze(arange_tensor({40}, DType::Float32), extras());  // 160 bytes: never shared
  CHECK(store.freeze(arange_tensor({40}, DType::Float32), extras()) != big);
}

TEST_CASE("repr store: past its byte budget or the print threshold, a repr is formatted at once", "[trace]") {
  Context c;
  ContextGuard g(c);
  trace::ReprStore store(60);
  Tensor t = arange_tensor({10}, DType::Float32);  // 8 bytes of sizes + 40 of elements: one fits, not two
  auto a = freeze(store, t, extras());
  auto b = freeze(store, t, extras());
  t.set_at(0, Scalar::from_double(-1));
  auto over = freeze(store, t, extras());  // the budget is spent: formatted now, with the new value
  t.set_at(0, Scalar::from_double(-2));
  CHECK(store.repr(a.first) == a.second);
  CHECK(store.repr(b.first) == b.second);
  CHECK(store.repr(over.first) == over.second);
  CHECK(over.second.find("-1.") != std::string::npos);
  c.print_options.threshold = 5;
  auto summarised = freeze(store, arange_tensor({20}, DType::Float32), extras());
  CHECK(store.repr(summarised.first) == summarised.second);
  CHECK(summarised.second.find("...") != std::string::npos);
  CHECK(store.repr(-1).empty());
  CHECK(store.repr(int64_t(store.size())).empty());
}

// Note [Frozen patches]: a tensor frozen again with its previous ref keeps only what changed, and
// every ref of the chain still formats what the tensor was at its moment.
TEST_CASE("repr store: a tensor written one cell at a time is frozen as patches", "[trace]") {
  Context c;
  ContextGuard g(c);
  trace::ReprStore store;
  Tensor t = arange_tensor({100}, DType::Float32);
  // as a kernel writes: the storage hears of it through the tensor written, here the cell's 0-d
  // view, so only that cell is compared again (Note [Written spans])
  auto write = [](const Tensor& t, int64_t k, double v) {
    t.set_at(k, Scalar::from_double(v));
    strided_view(t, {}, {}, k).bump_version();
  };
  std::vector<std::pair<int64_t, std::string>> frozen{freeze(store, t, extras())};
  for (int k = 0; k < 30; ++k) {
    write(t, k, -k);
    frozen.push_back({store.freeze(t, extras(), frozen.back().first), format::tensor_repr(t, extras())});
  }
  // 31 copies of 8 + 400 bytes whole; as patches, the second copy is whole and 29 are 8 + 8 bytes
  CHECK(store.frozen_bytes() == 2 * 408 + 29 * 16);
  for (int k = 0; k < 80; ++k) {  // past the deepest chain
    write(t, k % 100, -k);
    if (k == 40) {  // every cell, the whole tensor's write
      for (int i = 0; i < 100; ++i) t.set_at(i, Scalar::from_double(i * 0.5));
      t.bump_version();
    }
    const int64_t ref = store.freeze(t, extras(), frozen.back().first);
    frozen.push_back({ref, format::tensor_repr(t, extras())});
  }
  // the same elements read as another shape, then as another dtype: never a patch of the wrong kind
  Tensor square = strided_view(t, {10, 10}, {10, 1});
  frozen.push_back({store.freeze(square, extras(), frozen.back().first), format::tensor_repr(square, extras())});
  Tensor ints = arange_tensor({100}, DType::Int32);
  frozen.push_back({store.freeze(ints, extras(), frozen.back().first), format::tensor_repr(ints, extras())});
  Tensor col = strided_view(t, {10}, {10}, 3);  // a column: gathered, not contiguous
  frozen.push_back({store.freeze(col, extras(), -1), format::tensor_repr(col, extras())});
  write(t, 13, 99);
  frozen.push_back({store.freeze(col, extras(), frozen.back().first), format::tensor_repr(col, extras())});
  Tensor tail = strided_view(t, {50}, {1}, 50);  // contiguous from an offset: compared where it is
  frozen.push_back({store.freeze(tail, extras(), -1), format::tensor_repr(tail, extras())});
  for (int k : {60, 99, 50}) {
    write(t, k, -2 * k);
    frozen.push_back({store.freeze(tail, extras(), frozen.back().first), format::tensor_repr(tail, extras())});
  }
  for (size_t k = frozen.size(); k-- > 0;) CHECK(store.repr(frozen[k].first) == frozen[k].second);  // newest first
  std::set<int64_t> refs;
  for (auto& f : frozen) refs.insert(f.first);
  CHECK(refs.size() == frozen.size());
}
