// Note [Current context]: everything a session owns that the engine needs (ids, simulated
// addresses, RNG, grad mode, memory cap, warnings) lives in a Context. Kernels reach it through
// ctx(), which returns the context installed by the innermost ContextGuard on this thread; there
// is no process-wide state, so many sessions can live in one process (tests rely on that).
#pragma once
#include <utility>
#include <cstdint>
#include "core/callable.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/generator.h"
#include "core/print_options.h"
#include "core/storage.h"
#include "core/tensor.h"

namespace tp {

struct BackwardEvent;  // autograd/engine.h
struct SavedTensorHooks;  // autograd/node.h

class Context {
 public:
  Context();
  ~Context();

  int64_t next_tensor_id() { return ++last_tensor_id_; }
  int64_t next_node_id() { return ++last_node_id_; }
  int64_t next_family_id() { return ++last_family_id_; }
  int64_t next_object_id() { return ++last_object_id_; }  // Python-level objects (python/)
  // Note [Objects the trace makes]: the trace takes reprs of library instances, which may make
  // Python objects of their own; those take ids from a range of their own, so that whether (and
  // how often) a repr was taken never changes the ids — and id() — of the program's objects.
  void swap_in_trace_object_ids() { std::swap(last_object_id_, trace_object_id_); }

  // Allocates a storage with a fresh id and a simulated address on `device`: zeroed unless `fill`
  // says the caller overwrites every byte (Note [Storage fill]). Throws a MemoryError-style
  // RuntimeError naming the cap when it would be exceeded.
  StoragePtr new_storage(Device device, size_t nbytes, StorageFill fill = StorageFill::kZeros);
  // A storage over nbytes of `base` from byte_offset on, with a fresh id: Note [Storage views].
  StoragePtr new_storage_view(const StoragePtr& base, size_t byte_offset, size_t nbytes);
  // Grows `s` to nbytes at a fresh simulated address (resize_); same cap check as new_storage.
  void grow_storage(Storage& s, size_t nbytes);
  // UntypedStorage.resize_(nbytes): any size, a reallocation (Storage::reallocate). Refuses a
  // storage that is not resizable (PyTorch's message) and, unlike PyTorch (where reading them is
  // undefined behaviour), a shrink below what a live tensor views.
  void resize_storage(Storage& s, size_t nbytes);
  // share_memory_(): moves a CPU storage to (simulated) shared memory once.
  void share_storage(Storage& s);
  VersionCounterPtr new_version_counter() { return std::make_shared<VersionCounter>(next_family_id()); }

  // Registries for the trace (weak: the program decides lifetimes).
  void register_tensor(const std::shared_ptr<TensorImpl>& t);
  std::vector<std::shared_ptr<TensorImpl>> live_tensors();
  std::vector<StoragePtr> live_storages();

  Generator generator;
  bool grad_enabled = true;
  // torch.inference_mode(): tensors made while it is on are inference tensors (TensorImpl::is_inference)
  bool inference_mode = false;
  DType default_dtype = DType::Float32;
  PrintOptions print_options;  // torch.set_printoptions (format/tensor_str.h)
  std::shared_ptr<AllocationStats> alloc = std::make_shared<AllocationStats>();

  // Warnings leave through this callback as (category, message), e.g. ("UserWarning", "...").
  Callable<void(const std::string&, const std::string&)> on_warning;
  void warn(const std::string& message, const std::string& category = "UserWarning");
  // A warning PyTorch raises from its C++ with TORCH_WARN / TORCH_WARN_ONCE: the message with the
  // normalised C++ location, Note [Warnings from PyTorch's C++] (bindings/autograd/anomaly_mode.cpp).
  void torch_warn(const std::string& message, const char* source_file);

  // torch.autograd.graph.saved_tensors_hooks: a stack of hook-pair makers; only the innermost packs.
  std::vector<Callable<std::shared_ptr<SavedTensorHooks>()>> saved_tensor_hooks;
  // torch.autograd.graph.disable_saved_tensors_hooks(message): while set, pushing hooks raises
  // RuntimeError(message) (at::SavedTensorDefaultHooks::disabled_error_message).
  std::optional<std::string> saved_tensor_hooks_disabled;

  // torch.autograd.set_detect_anomaly / detect_anomaly (autograd/anomaly_mode.h): nodes made while it
  // is on keep the program's stack (forward_stack, set by the bindings); the engine then checks each
  // node's gradients for nan and reports a failing node's stack through report_anomaly.
  bool anomaly_enabled = false, anomaly_check_nan = true;
  Callable<std::string()> forward_stack;
  Callable<void(const std::string&)> report_anomaly;

  // Backward-pass events for the trace (autograd/engine.h defines BackwardEvent); unset = not recorded.
  Callable<void(const BackwardEvent&)> on_backward_event;

 private:
  int64_t last_tensor_id_ = 0, last_storage_id_ = 0, last_node_id_ = 0, last_family_id_ = 0, last_object_id_ = 0;
  int64_t trace_object_id_ = int64_t(1) << 40;
  uint64_t next_address_[3];
  void check_memory_cap(size_t extra_bytes) const;
  uint64_t next_address(Device device, size_t nbytes);
  std::vector<std::weak_ptr<TensorImpl>> tensors_;
  size_t prune_mark_ = 0;
  std::vector<std::weak_ptr<Storage>> storages_;
  size_t storage_prune_mark_ = 0;
};

Context& ctx();

// Note [Warnings from PyTorch's C++] (bindings/autograd/anomaly_mode.cpp): `message` followed by
// " (Triggered internally at <source_file>.)", source_file relative to the PyTorch tree.
std::string triggered_internally(const std::string& message, const char* source_file);  // the current context (InternalError if none is installed)

class ContextGuard {
 public:
  explicit ContextGuard(Context& c);
  ~ContextGuard();
  ContextGuard(const ContextGuard&) = delete;
  ContextGuard& operator=(const ContextGuard&) = delete;

 private:
  Context* previous_;
};

// RAII grad-mode switch (torch.no_grad / enable_grad / set_grad_enabled).
class GradModeGuard {
 public:
  explicit GradModeGuard(bool enabled) : previous_(ctx().grad_enabled) { ctx().grad_enabled = enabled; }
  ~GradModeGuard() { ctx().grad_enabled = previous_; }

 private:
  bool previous_;
};

}  // namespace tp
