// What PyTorch has that the playground does not build yet (pytorch_names.cpp).
#pragma once
#include <string>
#include <string_view>

namespace tp::interp {

// True when `owner.name` exists in PyTorch 2.x (owner: "torch", "torch.Tensor", "torch.nn", ...).
bool pytorch_has(std::string_view owner, std::string_view name);

// "torch.bfloat16 is part of PyTorch but is not built into the playground yet"
std::string not_built_message(std::string_view owner, std::string_view name);

}  // namespace tp::interp
