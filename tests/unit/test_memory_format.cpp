// Stride arithmetic of memory formats (core/memory_format.h), checked against c10's rules by hand.
#include <catch2/catch.hpp>

#include "core/context.h"
#include "core/error.h"
#include "core/memory_format.h"
#include "ops/native.h"

using tp::MemoryFormat;
using tp::Shape;

TEST_CASE("channels_last strides: C fastest, then W, H, (D), N") {
  CHECK(tp::channels_last_strides_2d({2, 3, 4, 5}) == Shape{60, 1, 15, 3});
  CHECK(tp::channels_last_strides_3d({2, 3, 4, 5, 6}) == Shape{360, 1, 90, 18, 3});
  CHECK(tp::strides_for_format({2, 3, 4, 5}, MemoryFormat::Contiguous) == Shape{60, 20, 5, 1});
}

TEST_CASE("strides_for_format refuses wrong ranks and preserve with PyTorch's messages") {
  CHECK_THROWS_WITH(tp::strides_for_format({2, 3}, MemoryFormat::ChannelsLast),
                    "required rank 4 tensor to use channels_last format");
  CHECK_THROWS_WITH(tp::strides_for_format({2, 3, 4, 5}, MemoryFormat::ChannelsLast3d),
                    "required rank 5 tensor to use channels_last_3d format");
  CHECK_THROWS_WITH(tp::strides_for_format({2}, MemoryFormat::Preserve), "unsupported memory format Preserve");
}

TEST_CASE("is_contiguous_in: size-1 dims may have any stride; rank gates channels_last") {
  CHECK(tp::is_contiguous_in({2, 3, 4, 5}, {60, 1, 15, 3}, MemoryFormat::ChannelsLast));
  CHECK_FALSE(tp::is_contiguous_in({2, 3, 4, 5}, {60, 1, 15, 3}, MemoryFormat::Contiguous));
  CHECK(tp::is_contiguous_in({2, 1, 1, 1}, {1, 1, 1, 1}, MemoryFormat::ChannelsLast));
  CHECK(tp::is_contiguous_in({2, 1, 1, 1}, {1, 1, 1, 1}, MemoryFormat::Contiguous));
  CHECK_FALSE(tp::is_contiguous_in({2, 3, 4}, {12, 4, 1}, MemoryFormat::ChannelsLast));
  CHECK_FALSE(tp::is_contiguous_in({2, 3, 4, 5}, {60, 1, 15, 3}, MemoryFormat::ChannelsLast3d));
  CHECK(tp::is_contiguous_in({2, 0, 3}, {7, 9, 11}, MemoryFormat::Contiguous));  // empty
}

TEST_CASE("suggest_memory_format follows c10's ambiguity rules") {
  CHECK(tp::suggest_memory_format({2, 3, 4, 5}, {60, 1, 15, 3}) == MemoryFormat::ChannelsLast);
  CHECK(tp::suggest_memory_format({2, 3, 4, 5}, {60, 20, 5, 1}) == MemoryFormat::Contiguous);
  // N111 with equal strides stays NCHW (Note [Ambiguous is_channels_last_strides_xd]).
  CHECK(tp::suggest_memory_format({2, 1, 1, 1}, {1, 1, 1, 1}) == MemoryFormat::Contiguous);
  // A zero C stride or an empty dim is never channels_last.
  CHECK(tp::suggest_memory_format({2, 3, 4, 5}, {60, 0, 15, 3}) == MemoryFormat::Contiguous);
  CHECK(tp::suggest_memory_format({2, 3, 0, 5}, {0, 1, 15, 3}) == MemoryFormat::Contiguous);
  CHECK(tp::suggest_memory_format({2, 3, 4, 5, 6}, {360, 1, 90, 18, 3}) == MemoryFormat::ChannelsLast3d);
  CHECK(tp::suggest_memory_format({3, 2}, {1, 3}) == MemoryFormat::Contiguous);  // 2-D: always contiguous
}

TEST_CASE("resize_ keeps a big-enough storage and grows a small one in place", "[ops][resize]") {
  tp::Context c;
  tp::ContextGuard g(c);
  tp::Tensor a = tp::native::arange(tp::Scalar::from_int(0), tp::Scalar::from_int(6), tp::Scalar::from_int(1),
                                    tp::DType::Float32, tp::Device{});
  tp::Tensor view = tp::native::as_strided(a, {2}, {1}, 2);
  tp::StoragePtr storage = a.storage();
  uint64_t address = storage->address();
  tp::native::resize_(a, {2, 2}, std::nullopt);
  CHECK(a.strides() == Shape{2, 1});
  CHECK(a.storage() == storage);
  CHECK(storage->address() == address);
  CHECK(storage->nbytes() == 24);
  tp::native::resize_(a, {3, 4}, std::nullopt);
  CHECK(a.storage() == storage);        // same object: the view sees the new buffer too
  CHECK(storage->address() != address);  // a fresh simulated data pointer
  CHECK(storage->nbytes() == 48);
  CHECK(view.double_at(view.storage_offset() + 1) == 3.0);  // old bytes copied to the front
  CHECK(c.alloc->live_bytes == 48);
}
