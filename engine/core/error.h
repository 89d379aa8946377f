// User-facing errors (Python exceptions PyTorch would raise) vs internal bugs.
// Note [Errors are data]: a TorchError carries the Python exception type, PyTorch's exact message
// and the ids of the tensors / autograd nodes it concerns, so the trace can point at them.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace tp {

class TorchError : public std::runtime_error {
 public:
  TorchError(std::string py_type, const std::string& message)
      : std::runtime_error(message), py_type_(std::move(py_type)) {}
  const std::string& py_type() const { return py_type_; }
  std::vector<int64_t> tensor_ids;  // tensors the error concerns (for the page to highlight)
  std::vector<int64_t> node_ids;    // autograd nodes the error concerns
  TorchError& concerns_tensor(int64_t id) { tensor_ids.push_back(id); return *this; }
  TorchError& concerns_node(int64_t id) { node_ids.push_back(id); return *this; }

 private:
  std::string py_type_;
};

// A broken invariant inside the engine: never the learner's fault.
class InternalError : public std::logic_error {
 public:
  explicit InternalError(const std::string& what) : std::logic_error("internal error: " + what) {}
};

[[noreturn]] inline void throw_runtime(const std::string& m) { throw TorchError("RuntimeError", m); }
[[noreturn]] inline void throw_index(const std::string& m) { throw TorchError("IndexError", m); }
[[noreturn]] inline void throw_type(const std::string& m) { throw TorchError("TypeError", m); }
[[noreturn]] inline void throw_value(const std::string& m) { throw TorchError("ValueError", m); }

}  // namespace tp

#define TP_CHECK(cond, msg) \
  do { if (!(cond)) ::tp::throw_runtime(msg); } while (0)
#define TP_CHECK_INDEX(cond, msg) \
  do { if (!(cond)) ::tp::throw_index(msg); } while (0)
#define TP_CHECK_TYPE(cond, msg) \
  do { if (!(cond)) ::tp::throw_type(msg); } while (0)
#define TP_INTERNAL_ASSERT(cond, msg) \
  do { if (!(cond)) throw ::tp::InternalError(msg); } while (0)
