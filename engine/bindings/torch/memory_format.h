// torch.memory_format objects (torch.contiguous_format, preserve_format, channels_last,
// channels_last_3d) and the memory_format= argument every allocating binding reads.
#pragma once
#include <optional>

#include "core/memory_format.h"
#include "bindings/common.h"

namespace tp::interp::lib {

// bindings/torch/memory_format.cpp: the four objects, torch.empty_strided, Tensor.new_empty_strided,
// resize_ / resize_as_.
void install_memory_formats(Interpreter& in, ModuleObj& torch, ClassObj& tensor_class);

// None (or absent) -> nullopt; a memory_format object -> its format; anything else raises
// python_arg_parser's "<fn>(): argument 'memory_format' must be torch.memory_format, not int".
std::optional<MemoryFormat> opt_memory_format(Interpreter& in, const ObjPtr& o, const std::string& fn);

}  // namespace tp::interp::lib
