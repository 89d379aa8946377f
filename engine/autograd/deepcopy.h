// copy.deepcopy of tensors that share storages: `storages` maps each source storage to its copy, so
// tensors sharing a storage keep sharing one in the copy (torch/storage.py
// UntypedStorage.__deepcopy__ memoises by storage; torch/_tensor.py __deepcopy__ set_s onto it).
#pragma once
#include <unordered_map>

#include "core/tensor.h"

namespace tp {

using StorageMemo = std::unordered_map<const Storage*, StoragePtr>;
Tensor deepcopy(const Tensor& self, StorageMemo* storages);

}  // namespace tp
