// Writes one step's picture of the world (variables, objects, tensors, storages, nodes) as JSON,
// remembering what it wrote so a storage whose bytes did not change is referenced, not copied.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "trace/json_writer.h"

namespace tp {
class Session;
}

namespace tp::trace {

class WorldSnapshotter {
 public:
  explicit WorldSnapshotter(size_t max_storage_values) : max_values_(max_storage_values) {}
  // Appends "variables", "objects", "tensors", "storages", "nodes" keys to an open JSON object.
  void write(Session& session, JsonWriter& w);

 private:
  struct StorageMemo {
    uint64_t write_count = 0;
    std::vector<double> values;  // as last written (the page carries them forward)
  };
  size_t max_values_;
  std::map<int64_t, StorageMemo> memo_;
};

}  // namespace tp::trace
