// Writes one step's picture of the world (variables, objects, tensors, storages, nodes) as JSON,
// remembering what it wrote so a storage whose bytes did not change is referenced, not copied.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "trace/json_writer.h"

namespace tp {
class Session;
class Node;
}

namespace tp::trace {

class WorldSnapshotter {
 public:
  explicit WorldSnapshotter(size_t max_storage_values) : max_values_(max_storage_values) {}
  // Appends "variables", "objects", "tensors", "storages", "nodes" keys to an open JSON object.
  // `extra_root` (may be null) is a graph node drawn even when no variable reaches it.
  void write(Session& session, JsonWriter& w, const std::shared_ptr<Node>& extra_root = nullptr);

 private:
  struct StorageMemo {
    uint64_t write_count = 0;
    std::vector<double> values;  // as last written (the page carries them forward)
  };
  size_t max_values_;
  std::map<int64_t, StorageMemo> memo_;
};

}  // namespace tp::trace
