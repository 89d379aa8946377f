// Memory formats (c10/core/MemoryFormat.h): named stride orders a tensor can be created in or
// tested against. Pure stride arithmetic over (sizes, strides); no tensors, no allocation.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace tp {

using Shape = std::vector<int64_t>;

enum class MemoryFormat { Contiguous, Preserve, ChannelsLast, ChannelsLast3d };

// "Contiguous", "ChannelsLast" ... as c10's operator<< (used inside PyTorch's messages).
std::string memory_format_name(MemoryFormat f);
// "torch.contiguous_format", "torch.channels_last" ... (the Python repr).
std::string memory_format_repr(MemoryFormat f);

// get_channels_last_strides_2d / _3d for 4-D / 5-D sizes: C fastest, then W, H, (D), N.
Shape channels_last_strides_2d(const Shape& sizes);
Shape channels_last_strides_3d(const Shape& sizes);

// c10 _compute_channels_last_contiguous_2d / _3d: false unless the rank is 4 / 5; size-1 dims
// may have any stride.
bool is_channels_last_contiguous_2d(const Shape& sizes, const Shape& strides);
bool is_channels_last_contiguous_3d(const Shape& sizes, const Shape& strides);

// c10 is_channels_last_strides_2d / _3d: "looks like" channels_last, including the strides of
// size-1 dims (Note [Ambiguous is_channels_last_strides_xd] in PyTorch).
bool is_channels_last_strides_2d(const Shape& sizes, const Shape& strides);
bool is_channels_last_strides_3d(const Shape& sizes, const Shape& strides);

// Tensor.is_contiguous(memory_format): TensorImpl::is_contiguous_default over the flags that
// refresh_contiguous computes (Preserve answers like Contiguous).
bool is_contiguous_in(const Shape& sizes, const Shape& strides, MemoryFormat f);

// TensorBase::suggest_memory_format: ChannelsLast(3d) when the strides look like it, else Contiguous.
MemoryFormat suggest_memory_format(const Shape& sizes, const Shape& strides);

// TensorImpl::empty_tensor_restride: the strides a fresh tensor of `sizes` gets in format `f`.
// Throws PyTorch's RuntimeError for a wrong rank ("required rank 4 tensor to use channels_last
// format") and for Preserve ("unsupported memory format Preserve").
Shape strides_for_format(const Shape& sizes, MemoryFormat f);

}  // namespace tp
