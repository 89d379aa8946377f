#include "core/device.h"

#include "core/error.h"

namespace tp {

Device parse_device(const std::string& spec) {
  std::string type = spec, index;
  auto colon = spec.find(':');
  if (colon != std::string::npos) { type = spec.substr(0, colon); index = spec.substr(colon + 1); }
  Device d;
  if (type == "cpu") d.type = Device::Type::CPU;
  else if (type == "cuda") d.type = Device::Type::CUDA;
  else if (type == "mps") d.type = Device::Type::MPS;
  else
    throw_runtime("Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, maia, "
                  "xla, lazy, vulkan, mps, meta, hpu, mtia, privateuseone device type at start of device string: " +
                  spec);
  if (!index.empty()) {
    for (char c : index)
      TP_CHECK(c >= '0' && c <= '9', "Invalid device string: '" + spec + "'");
    d.index = std::stoi(index);
  }
  return d;
}

}  // namespace tp
