// Devices: cpu plus simulated cuda and mps. Each is its own memory space; kernels all run on the
// host, but tensors on different devices may not meet in one op (PyTorch's error).
#pragma once
#include <string>

namespace tp {

struct Device {
  enum class Type : uint8_t { CPU, CUDA, MPS };
  Type type = Type::CPU;
  int index = 0;  // cuda:0, mps:0; cpu has no index in its repr

  bool operator==(const Device& o) const { return type == o.type && index == o.index; }
  bool operator!=(const Device& o) const { return !(*this == o); }
  bool is_cpu() const { return type == Type::CPU; }
  std::string type_name() const { return type == Type::CPU ? "cpu" : type == Type::CUDA ? "cuda" : "mps"; }
  std::string str() const { return is_cpu() ? "cpu" : type_name() + ":" + std::to_string(index); }
};

// Parses "cpu", "cuda", "cuda:0", "mps" (throws RuntimeError like torch.device for bad strings).
Device parse_device(const std::string& spec);

}  // namespace tp
