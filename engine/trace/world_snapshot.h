// Writes one step's picture of the world (variables, call frames, objects, tensors, storages,
// nodes) as JSON. It remembers what it wrote, so a step carries only what changed since the
// previous one plus what disappeared (SCHEMA.md, Note [Deltas]); a keyframe carries everything.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/dtype.h"
#include "trace/json_writer.h"
#include "trace/node_entry.h"
#include "trace/step_map.h"
#include "trace/tensor_entry.h"

namespace tp {
class Session;
class Storage;
class Node;
}
namespace tp::interp {
struct Object;
using ObjPtr = std::shared_ptr<Object>;
}

namespace tp::trace {

struct World;

class WorldSnapshotter {
 public:
  // `cache_reprs` false recomputes every tensor repr at every step (the reference the repr cache
  // is tested against).
  WorldSnapshotter(size_t max_storage_values, bool cache_reprs = true);
  ~WorldSnapshotter();
  // Appends "keyframe", "variables", "frames", "objects", "tensors", "storages", "nodes" and
  // "removed" keys to an open JSON object. `extra_root` (may be null) is a graph node drawn even
  // when no variable reaches it.
  void write(Session& session, JsonWriter& w, const std::shared_ptr<Node>& extra_root, bool keyframe);
  // Entities walked so far, all steps together: a world that keeps growing (an autograd chain)
  // makes the walk quadratic in the steps even when each step writes little.
  size_t work() const { return work_; }

 private:
  struct StorageMemo {
    uint64_t write_count = 0;
    DType dtype;                 // how its bytes were read
    std::vector<uint8_t> bytes;  // the shown elements' bytes as last written (the page carries them forward)
    std::weak_ptr<Storage> storage;  // expired: it can never be drawn again, and the memo goes
  };
  // What a storage's JSON is made of apart from its values (Note [Fingerprints]).
  struct StoragePrint {
    uint64_t nbytes = 0, address = 0, write_count = 0;
    DType dtype = DType::Float32;
    bool operator==(const StoragePrint& o) const {
      return nbytes == o.nbytes && address == o.address && write_count == o.write_count && dtype == o.dtype;
    }
  };
  void forget_dead_storages();
  // What the last step showed of a tensor, and what its repr was frozen from.
  struct TensorShown {
    TensorEntry entry;
    uint64_t write_count = 0, nbytes = 0, options_epoch = 0;
    uint64_t step = 0;  // the last step it was alive in
  };
  // The values a node's saved tensor had when the trace first saw it, to notice writes that
  // bypass the version counter (`.data`): Note [Saved values].
  struct SavedMemo {
    uint64_t reading = 0;  // reading_of(the tensor) when its values were last compared
    std::vector<uint8_t> first;  // its elements' bytes (element_bytes)
    DType dtype = DType::Float32;  // theirs
    bool changed = false;
    bool seen = false;  // the slot's tensor was drawn alive: the members above are its
  };
  // What the previous step showed of an object: its JSON, its fingerprint (0: none, Note [Object
  // fingerprints]) and the last step that drew it (an object not drawn by this step is gone).
  struct ShownObject {
    std::string json;
    uint64_t print = 0;
    uint64_t step = 0;
  };
  // An object of this step whose JSON may have changed, serialised.
  struct ChangedObject {
    int64_t id;
    uint64_t print;
    std::string json;
  };

  size_t max_values_;
  bool cache_reprs_;
  std::unordered_map<int64_t, StorageMemo> memo_;
  size_t memo_checked_at_ = 64;  // memo_'s size when dead storages are next looked for
  std::unordered_map<int64_t, ShownObject> objects_;
  // What the last step showed of a node, like TensorShown.
  struct NodeShown {
    NodeEntry entry;
    std::vector<SavedMemo> saved;  // by slot of its saved tensors
    uint64_t state = 0;  // Note [A node's state] (world_snapshot.cpp), as of `entry`
    uint64_t step = 0;  // the last step it was drawn in
  };
  std::unordered_map<int64_t, NodeShown> nodes_shown_;
  NodeEntry scratch_node_;
  std::vector<bool> values_changed_;  // scratch: a node's saved slots written behind its version counter
  // What the last step showed of a storage: its fingerprint (Note [Fingerprints]) and what
  // identifies its drawing apart from its values.
  struct StorageShown {
    StoragePrint print;
    std::string meta;
  };
  std::unordered_map<int64_t, StorageShown> storages_;
  std::unordered_map<int64_t, TensorShown> tensors_shown_;
  TensorEntry scratch_tensor_;
  std::vector<int64_t> options_;  // the print options and default dtype, as numbers
  uint64_t options_epoch_ = 0, step_ = 0;
  // Note [Fingerprints]: everything a storage's JSON is made of, as numbers, so that an unchanged
  // one costs a comparison instead of a serialisation (the autograd chain has thousands of nodes
  // alive at every step). A tensor's and a node's facts are their fingerprints (TensorShown,
  // NodeShown), an object's are in Note [Object fingerprints] (ShownObject).
  std::unordered_set<int64_t> values_read_;  // storages some object's repr formatted (Note [Values a repr read])
  std::vector<int64_t> values_read_now_;     // scratch for one repr
  std::vector<uint8_t> storage_bytes_;       // scratch: a storage's shown bytes
  std::vector<size_t> written_;              // scratch: the positions written
  std::vector<uint8_t> saved_bytes_;         // scratch: a saved tensor's elements
  // This step's, kept for their memory: each storage's first reader (the tensors are in id
  // order), the storages drawn, the tensors that are some tensor's .grad, the instances' hashes.
  std::vector<std::pair<int64_t, const std::shared_ptr<TensorImpl>*>> storage_readers_;
  StepMap storage_ids_;
  StepMap object_hashes_;
  JsonWriter scratch_json_;
  std::vector<ChangedObject> changed_objects_;
  std::vector<int64_t> options_now_;
  std::array<std::vector<int64_t>, 4> removed_;  // this step's gone objects, tensors, storages, nodes
  std::string variables_, frames_;
  std::unique_ptr<World> world_;  // this step's, cleared after it (keeps its memory)
  bool first_ = true;
  size_t work_ = 0;
};

}  // namespace tp::trace
