#include "core/memory_format.h"

#include <algorithm>
#include <initializer_list>

#include "core/error.h"
#include "core/tensor.h"

namespace tp {

namespace {

// The shared loop of _compute_channels_last_contiguous_*: dims visited fastest first.
bool dense_in_order(const Shape& sizes, const Shape& strides, std::initializer_list<size_t> order) {
  int64_t expected = 1;
  for (size_t d : order) {
    if (sizes[d] == 1) continue;
    if (strides[d] != expected) return false;
    expected *= sizes[d];
  }
  return true;
}

// The shared loop of is_channels_last_strides_*d_s*: strides must not decrease along `order`
// (size-1 dims included), with NCHW winning the ambiguous cases.
bool strides_follow(const Shape& sizes, const Shape& strides, std::initializer_list<size_t> order) {
  int64_t min = 0;
  if (strides[1] == 0) return false;  // trivial C dimension: default to NCHW
  for (size_t d : order) {
    if (sizes[d] == 0) return false;
    if (strides[d] < min) return false;
    if (d == 0 && min == strides[1]) return false;  // N111 with equal strides stays NCHW
    min = strides[d];
    if (sizes[d] > 1) min *= sizes[d];
  }
  return true;
}

}  // namespace

std::string memory_format_name(MemoryFormat f) {
  switch (f) {
    case MemoryFormat::Contiguous: return "Contiguous";
    case MemoryFormat::Preserve: return "Preserve";
    case MemoryFormat::ChannelsLast: return "ChannelsLast";
    case MemoryFormat::ChannelsLast3d: return "ChannelsLast3d";
  }
  throw InternalError("unknown memory format");
}

std::string memory_format_repr(MemoryFormat f) {
  switch (f) {
    case MemoryFormat::Contiguous: return "torch.contiguous_format";
    case MemoryFormat::Preserve: return "torch.preserve_format";
    case MemoryFormat::ChannelsLast: return "torch.channels_last";
    case MemoryFormat::ChannelsLast3d: return "torch.channels_last_3d";
  }
  throw InternalError("unknown memory format");
}

Shape channels_last_strides_2d(const Shape& sizes) {
  if (sizes.size() != 4) throw InternalError("ChannelsLast2d doesn't support size " + std::to_string(sizes.size()));
  Shape s(4);
  s[1] = 1;
  s[3] = sizes[1];
  s[2] = s[3] * sizes[3];
  s[0] = s[2] * sizes[2];
  return s;
}

Shape channels_last_strides_3d(const Shape& sizes) {
  if (sizes.size() != 5) throw InternalError("ChannelsLast3d doesn't support size " + std::to_string(sizes.size()));
  Shape s(5);
  s[1] = 1;
  s[4] = sizes[1];
  s[3] = s[4] * sizes[4];
  s[2] = s[3] * sizes[3];
  s[0] = s[2] * sizes[2];
  return s;
}

bool is_channels_last_contiguous_2d(const Shape& sizes, const Shape& strides) {
  return sizes.size() == 4 && dense_in_order(sizes, strides, {1, 3, 2, 0});
}

bool is_channels_last_contiguous_3d(const Shape& sizes, const Shape& strides) {
  return sizes.size() == 5 && dense_in_order(sizes, strides, {1, 4, 3, 2, 0});
}

bool is_channels_last_strides_2d(const Shape& sizes, const Shape& strides) {
  return sizes.size() == 4 && strides_follow(sizes, strides, {1, 3, 2, 0});
}

bool is_channels_last_strides_3d(const Shape& sizes, const Shape& strides) {
  return sizes.size() == 5 && strides_follow(sizes, strides, {1, 4, 3, 2, 0});
}

bool is_contiguous_in(const Shape& sizes, const Shape& strides, MemoryFormat f) {
  switch (f) {
    case MemoryFormat::ChannelsLast: return is_channels_last_contiguous_2d(sizes, strides);
    case MemoryFormat::ChannelsLast3d: return is_channels_last_contiguous_3d(sizes, strides);
    case MemoryFormat::Contiguous:
    case MemoryFormat::Preserve: break;
  }
  if (shape_numel(sizes) == 0) return true;  // _compute_contiguous: empty tensors are contiguous
  int64_t expected = 1;
  for (size_t i = sizes.size(); i-- > 0;) {
    if (sizes[i] == 1) continue;
    if (strides[i] != expected) return false;
    expected *= sizes[i];
  }
  return true;
}

MemoryFormat suggest_memory_format(const Shape& sizes, const Shape& strides) {
  if (is_channels_last_strides_2d(sizes, strides)) return MemoryFormat::ChannelsLast;
  if (is_channels_last_strides_3d(sizes, strides)) return MemoryFormat::ChannelsLast3d;
  return MemoryFormat::Contiguous;
}

Shape strides_for_format(const Shape& sizes, MemoryFormat f) {
  switch (f) {
    case MemoryFormat::Contiguous: return contiguous_strides(sizes);
    case MemoryFormat::ChannelsLast:
      TP_CHECK(sizes.size() == 4, "required rank 4 tensor to use channels_last format");
      return channels_last_strides_2d(sizes);
    case MemoryFormat::ChannelsLast3d:
      TP_CHECK(sizes.size() == 5, "required rank 5 tensor to use channels_last_3d format");
      return channels_last_strides_3d(sizes);
    case MemoryFormat::Preserve: break;
  }
  throw_runtime("unsupported memory format " + memory_format_name(f));
}

}  // namespace tp
