// core/: dtype promotion, storage, tensor metadata and the checking constructor.
#include <catch2/catch.hpp>

#include "core/context.h"
#include "core/error.h"
#include "core/tensor.h"

using namespace tp;

TEST_CASE("promote_types follows c10's table", "[core][dtype]") {
  CHECK(promote_types(DType::Int32, DType::Int64) == DType::Int64);
  CHECK(promote_types(DType::Bool, DType::Int32) == DType::Int32);
  CHECK(promote_types(DType::Int64, DType::Float32) == DType::Float32);
  CHECK(promote_types(DType::Float32, DType::Float64) == DType::Float64);
  CHECK_FALSE(can_cast(DType::Float32, DType::Int64));
  CHECK_FALSE(can_cast(DType::Int64, DType::Bool));
  CHECK(can_cast(DType::Int64, DType::Float32));
}

TEST_CASE("contiguous strides and is_contiguous", "[core][tensor]") {
  Context c;
  ContextGuard g(c);
  CHECK(contiguous_strides({2, 3, 4}) == Shape{12, 4, 1});
  Tensor t = make_empty({2, 3}, DType::Float32, Device{});
  CHECK(t.is_contiguous());
  CHECK(t.storage()->nbytes() == 24);
  Tensor tt = make_tensor(t.storage(), {3, 2}, {1, 3}, 0, DType::Float32, t.impl()->version_counter);
  CHECK_FALSE(tt.is_contiguous());
  CHECK(tt.storage_index_of(1) == 3);
}

TEST_CASE("the checking constructor refuses views beyond the storage", "[core][tensor]") {
  Context c;
  ContextGuard g(c);
  Tensor x = make_empty({3, 3}, DType::Int64, Device{});
  try {
    make_tensor(x.storage(), {5, 5}, {0, 4}, 0, DType::Int64, x.impl()->version_counter);
    FAIL("expected an error");
  } catch (const TorchError& e) {
    CHECK(e.py_type() == "RuntimeError");
    CHECK(std::string(e.what()) ==
          "setStorage: sizes [5, 5], strides [0, 4], storage offset 0, and itemsize 8 requiring a storage size of "
          "136 are out of bounds for storage of size 72");
  }
}

TEST_CASE("simulated addresses are deterministic per session", "[core][storage]") {
  uint64_t first = 0;
  for (int run = 0; run < 2; ++run) {
    Context c;
    ContextGuard g(c);
    Tensor a = make_empty({4}, DType::Float32, Device{});
    Tensor b = make_empty({4}, DType::Float32, Device{});
    if (run == 0) first = b.data_ptr();
    else CHECK(b.data_ptr() == first);
    CHECK(b.data_ptr() > a.data_ptr());
  }
}

TEST_CASE("mt19937 matches PyTorch's first outputs for seed 0", "[core][rng]") {
  Generator gen;
  gen.manual_seed(0);
  CHECK(gen.random() == 2357136044u);
  CHECK(gen.random() == 2546248239u);
  CHECK(gen.random() == 3071714933u);
}

TEST_CASE("resize_storage: a reallocation keeping the leading bytes; refusals", "[core][storage]") {
  Context c;
  ContextGuard g(c);
  Tensor t = make_empty({4}, DType::Int32, Device{});
  for (int64_t i = 0; i < 4; ++i) t.set_at(i, Scalar::from_int(i + 1));
  StoragePtr s = t.storage();
  uint64_t before = s->address();
  c.resize_storage(*s, 32);  // grow: the tensor reads the same values from the new buffer
  CHECK(s->nbytes() == 32);
  CHECK(s->address() != before);
  CHECK(t.int_at(3) == 4);
  // A shrink below what a live tensor views is refused (reading it is undefined in PyTorch).
  CHECK_THROWS_AS(c.resize_storage(*s, 8), TorchError);
  CHECK(s->nbytes() == 32);
  Tensor head = make_tensor(s, {2}, {1}, 0, DType::Int32, t.impl()->version_counter);
  t = Tensor();
  c.resize_storage(*s, 8);
  CHECK(head.int_at(1) == 2);
  CHECK_THROWS_AS(c.resize_storage(*s, 4), TorchError);
  head = Tensor();
  c.resize_storage(*s, 0);  // PyTorch's data_ptr is nullptr for an empty allocation
  CHECK(s->address() == 0);
  s->set_resizable(false);
  CHECK_THROWS_AS(c.resize_storage(*s, 4), TorchError);
  CHECK_THROWS_AS(c.grow_storage(*s, 4), TorchError);
  Tensor u = make_empty({2}, DType::Float32, Device{});
  c.share_storage(*u.storage());
  CHECK(u.storage()->shared());
  CHECK(u.storage()->resizable());  // still "resizable", but PyTorch would crash: refused
  CHECK_THROWS_AS(c.resize_storage(*u.storage(), 16), TorchError);
}

TEST_CASE("storage views: bytes of a base at an offset, written either way, one write count", "[core][storage]") {
  // Note [Storage views] (core/storage.h): what torch.frombuffer makes over a bytearray's storage.
  Context c;
  ContextGuard g(c);
  StoragePtr base = c.new_storage(Device{}, 8);
  for (uint8_t i = 0; i < 8; ++i) base->data()[i] = i;
  base->mark_written();
  StoragePtr view = c.new_storage_view(base, 3, 4);  // bytes 3..6, an address no element type aligns
  CHECK(view->id() != base->id());
  CHECK(view->base() == base);
  CHECK(view->byte_offset() == 3);
  CHECK(view->nbytes() == 4);
  CHECK(view->address() == base->address() + 3);
  CHECK_FALSE(view->resizable());
  CHECK(view->data()[0] == 3);
  CHECK(reinterpret_cast<uintptr_t>(view->data()) % 8 == 0);  // kernels read typed elements from it
  base->data()[4] = 40;  // a write through the base ...
  base->mark_written();
  CHECK(view->write_count() == base->write_count());
  CHECK(view->data()[1] == 40);  // ... is seen through the view
  view->data()[3] = 60;  // a write through the view ...
  uint64_t before = base->write_count();
  view->mark_written();
  CHECK(base->write_count() == before + 1);
  CHECK(base->data()[6] == 60);  // ... is seen through the base
  CHECK(base->data()[7] == 7);   // and nothing past the view's bytes moved
  CHECK_THROWS_AS(c.resize_storage(*view, 16), TorchError);
  c.share_storage(*view);  // share_memory_ copies into a segment of its own: no longer a view
  CHECK(view->base() == nullptr);
  CHECK(view->data()[3] == 60);
  view->data()[0] = 99;
  view->mark_written();
  CHECK(base->data()[3] == 3);
}

TEST_CASE("written spans: the bytes the writes since a count may have touched", "[core][storage]") {
  // Note [Written spans] (core/storage.h)
  Context c;
  ContextGuard g(c);
  using Span = std::pair<size_t, size_t>;
  StoragePtr s = c.new_storage(Device{}, 400);
  const uint64_t start = s->write_count();
  CHECK(s->written_since(start) == Span(0, 0));  // nothing written since
  Tensor t = make_tensor(s, {100}, {1}, 0, DType::Float32, c.new_version_counter());
  make_tensor(s, {}, {}, 7, DType::Float32, t.impl()->version_counter).bump_version();  // t[7]
  CHECK(s->written_since(start) == Span(28, 32));
  make_tensor(s, {3, 2}, {10, 2}, 50, DType::Float32, t.impl()->version_counter).bump_version();  // t[50:80:10, ::2] of a 2-d view
  CHECK(s->written_since(start) == Span(28, 4 * (50 + 20 + 2 + 1)));  // both writes together
  CHECK(s->written_since(start + 1) == Span(200, 292));                // the second only
  make_tensor(s, {0, 5}, {5, 1}, 90, DType::Float32, t.impl()->version_counter).bump_version();  // no element
  CHECK(s->written_since(start + 2) == Span(0, 0));
  CHECK(t.version() == 3);
  for (int i = 0; i < 6; ++i) make_tensor(s, {}, {}, 1, DType::Float32, t.impl()->version_counter).bump_version();
  CHECK(s->written_since(start + 2) == Span(0, 400));  // more writes than are remembered: all of it
  CHECK(s->written_since(s->write_count() - 1) == Span(4, 8));
  s->mark_written();  // a write that does not say where
  CHECK(s->written_since(s->write_count() - 1) == Span(0, 400));
  // a storage view (torch.frombuffer) sees its base's writes through its window
  StoragePtr view = c.new_storage_view(s, 100, 40);
  const uint64_t now = s->write_count();
  make_tensor(s, {2}, {1}, 30, DType::Float32, t.impl()->version_counter).bump_version();  // bytes 120..128
  CHECK(view->written_since(now) == Span(20, 28));
  make_tensor(s, {}, {}, 0, DType::Float32, t.impl()->version_counter).bump_version();  // outside the window
  CHECK(view->written_since(now + 1) == Span(0, 0));
  make_tensor(view, {}, {}, 2, DType::Float32, c.new_version_counter()).bump_version();  // through the view
  CHECK(s->written_since(now + 2) == Span(108, 112));
}
