// Advanced indexing on dim 0 (x[long_tensor], x[bool_mask]) and with a tuple of index tensors,
// its in-place counterpart index_put_, index_select and masked_select (TensorAdvancedIndexing.cpp semantics and messages).
#include <algorithm>
#include <cstring>
#include <string>
#include <type_traits>

#include "core/error.h"
#include "ops/iter.h"
#include "ops/native.h"

namespace tp::native {

namespace {

// The rows an index picks: storage offsets (relative to self's offset) of each selected block
// of the remaining dims, and the shape the index contributes at the front of the result.
struct Picked {
  Shape lead;
  std::vector<int64_t> offsets;
  int64_t consumed = 1;  // self dims the index replaces
};

void check_index_dtype(const Tensor& index) {
  TP_CHECK_INDEX(index.dtype() == DType::Int64 || index.dtype() == DType::Int32 || index.dtype() == DType::Bool,
                 "tensors used as indices must be long, int, byte or bool tensors");
}

Picked pick(const Tensor& self, const Tensor& index) {
  check_index_dtype(index);
  Picked p;
  if (index.dtype() == DType::Bool) {
    int64_t k = index.dim();
    TP_CHECK_INDEX(k <= self.dim(), "too many indices for tensor of dimension " + std::to_string(self.dim()) +
                                        " (got " + std::to_string(k) + ")");
    for (int64_t d = 0; d < k; ++d)
      TP_CHECK_INDEX(index.sizes()[size_t(d)] == self.sizes()[size_t(d)],
                     "The shape of the mask " + shape_str(index.sizes()) + " at index " + std::to_string(d) +
                         " does not match the shape of the indexed tensor " + shape_str(self.sizes()) + " at index " +
                         std::to_string(d));
    p.consumed = k;
    for (int64_t flat = 0; flat < index.numel(); ++flat) {
      if (!index.int_at(index.storage_index_of(flat))) continue;
      int64_t off = 0, rem = flat;
      for (int64_t d = k - 1; d >= 0; --d) {
        off += (rem % self.sizes()[size_t(d)]) * self.strides()[size_t(d)];
        rem /= self.sizes()[size_t(d)];
      }
      p.offsets.push_back(off);
    }
    p.lead = {int64_t(p.offsets.size())};
    return p;
  }
  TP_CHECK_INDEX(self.dim() > 0, "too many indices for tensor of dimension 0 (got 1)");
  int64_t size = self.sizes()[0];
  for (int64_t flat = 0; flat < index.numel(); ++flat) {
    int64_t i = index.int_at(index.storage_index_of(flat));
    TP_CHECK_INDEX(i >= -size && i < size, "index " + std::to_string(i) + " is out of bounds for dimension 0 with size " +
                                               std::to_string(size));
    if (i < 0) i += size;
    p.offsets.push_back(i * self.strides()[0]);
  }
  p.lead = index.sizes();
  return p;
}

// Geometry of one picked block of self (the dims after the consumed ones).
Geometry block_of(const Tensor& self, const Picked& p, size_t j) {
  Geometry g = geometry_of(self);
  g.sizes.assign(self.sizes().begin() + p.consumed, self.sizes().end());
  g.strides.assign(self.strides().begin() + p.consumed, self.strides().end());
  g.offset = self.storage_offset() + p.offsets[j];
  return g;
}

// Geometry of block j of a contiguous tensor whose leading dims enumerate the picks.
Geometry out_block(const Tensor& out, const Shape& rest, size_t j) {
  Geometry g = geometry_of(out);
  g.sizes = rest;
  g.strides = contiguous_strides(rest);
  g.offset = int64_t(j) * shape_numel(rest);
  return g;
}

}  // namespace

Tensor index(const Tensor& self, const Tensor& idx) {
  Picked p = pick(self, idx);
  Shape rest(self.sizes().begin() + p.consumed, self.sizes().end());
  Shape shape = p.lead;
  shape.insert(shape.end(), rest.begin(), rest.end());
  Tensor out = make_empty(shape, self.dtype(), self.device());
  if (shape_numel(rest) == 0) return out;
  for (size_t j = 0; j < p.offsets.size(); ++j) convert_copy(out_block(out, rest, j), block_of(self, p, j));
  return out;
}

void index_put_(const Tensor& self, const Tensor& idx, const Tensor& values) {
  Picked p = pick(self, idx);
  Shape rest(self.sizes().begin() + p.consumed, self.sizes().end());
  if (idx.dtype() == DType::Bool && values.numel() == 1) {
    // canDispatchToMaskedFill: a one-element value is written as a scalar (any dtype).
    Scratch one = make_scratch({}, self.dtype());
    convert_copy(one.geom, geometry_of(values));
    for (size_t j = 0; j < p.offsets.size(); ++j)
      convert_copy(block_of(self, p, j), broadcast_geometry(one.geom, rest));
    self.bump_version();
    return;
  }
  Shape indexed = p.lead;
  indexed.insert(indexed.end(), rest.begin(), rest.end());
  bool expandable = values.dim() <= int64_t(indexed.size());
  for (int64_t d = 1; expandable && d <= values.dim(); ++d) {
    int64_t vs = values.sizes()[size_t(values.dim() - d)], ts = indexed[indexed.size() - size_t(d)];
    expandable = vs == ts || vs == 1;
  }
  TP_CHECK(expandable, "shape mismatch: value tensor of shape " + shape_str(values.sizes()) +
                           " cannot be broadcast to indexing result of shape " + shape_str(indexed));
  TP_CHECK(values.dtype() == self.dtype(), "Index put requires the source and destination dtypes match, got " +
                                               scalar_type_name(self.dtype()) + " for the destination and " +
                                               scalar_type_name(values.dtype()) + " for the source.");
  // Read the values first (they may alias self), then write block by block (last write wins).
  Scratch src = make_scratch(indexed, self.dtype());
  convert_copy(src.geom, broadcast_geometry(geometry_of(values), indexed));
  for (size_t j = 0; j < p.offsets.size(); ++j) {
    Geometry from = src.geom;
    from.sizes = rest;
    from.strides = contiguous_strides(rest);
    from.offset = int64_t(j) * shape_numel(rest);
    if (shape_numel(rest) > 0) convert_copy(block_of(self, p, j), from);
  }
  self.bump_version();
}

Tensor index_select(const Tensor& self, int64_t dim, const Tensor& idx) {
  TP_CHECK_INDEX(idx.dim() <= 1, "index_select(): Index is supposed to be a vector");
  TP_CHECK(idx.dtype() == DType::Int64 || idx.dtype() == DType::Int32,
           "index_select(): Expected dtype int32 or int64 for index");
  dim = wrap_dim(dim, self.dim());
  int64_t size = self.dim() == 0 ? 1 : self.sizes()[size_t(dim)];
  Shape shape = self.sizes();
  if (self.dim() > 0) shape[size_t(dim)] = idx.numel();
  Tensor out = make_empty(shape, self.dtype(), self.device());
  for (int64_t j = 0; j < idx.numel(); ++j) {
    int64_t i = idx.int_at(idx.storage_index_of(j));
    TP_CHECK_INDEX(i >= 0 && i < size, "index out of range in self");
    if (self.dim() == 0) {
      convert_copy(geometry_of(out), geometry_of(self));
      continue;
    }
    Geometry src = geometry_of(self), dst = geometry_of(out);
    src.sizes[size_t(dim)] = 1;
    src.offset += i * self.strides()[size_t(dim)];
    dst.sizes[size_t(dim)] = 1;
    dst.offset += j * out.strides()[size_t(dim)];
    convert_copy(dst, src);
  }
  return out;
}

Tensor masked_select(const Tensor& self, const Tensor& mask) {
  TP_CHECK(mask.dtype() == DType::Bool, "masked_select: expected BoolTensor for mask");
  Shape shape = broadcast_shapes(self.sizes(), mask.sizes());
  Geometry sg = broadcast_geometry(geometry_of(self), shape), mg = broadcast_geometry(geometry_of(mask), shape);
  Scratch s = make_scratch(shape, self.dtype()), m = make_scratch(shape, DType::Bool);
  convert_copy(s.geom, sg);
  convert_copy(m.geom, mg);
  const bool* mp = reinterpret_cast<const bool*>(m.geom.base);
  int64_t n = shape_numel(shape), count = 0;
  for (int64_t i = 0; i < n; ++i) count += mp[i];
  Tensor out = make_empty({count}, self.dtype(), self.device());
  size_t item = itemsize(self.dtype());
  int64_t k = 0;
  for (int64_t i = 0; i < n; ++i)
    if (mp[i]) std::memcpy(out.raw(k++), s.geom.base + size_t(i) * item, item);
  return out;
}

}  // namespace tp::native

// ---------------------------------------------------------------- several index tensors
// Note [Index tuples]: x[i, j] / index_put_((i, j), v) follow make_info with no None entries:
// a bool mask becomes the long columns of its nonzero positions, all long indices broadcast
// together, and each broadcast position names one block of the dims left after the indexed ones.
// Out-of-bounds indices are reported by the kernel, i.e. after the value checks, so the message
// is kept in `oob` until the caller has made those checks.

namespace tp::native {

namespace {

struct Column {
  std::vector<int64_t> values;  // row-major
  Shape sizes;
};

std::vector<Column> index_columns(const Tensor& self, const std::vector<Tensor>& indices) {
  TP_CHECK_INDEX(int64_t(indices.size()) <= self.dim(), "too many indices for tensor of dimension " +
                                                            std::to_string(self.dim()) + " (got " +
                                                            std::to_string(indices.size()) + ")");
  std::vector<Column> cols;
  for (const Tensor& ix : indices) {
    check_index_dtype(ix);
    int64_t d = int64_t(cols.size());
    if (ix.dtype() != DType::Bool) {
      Column c{{}, ix.sizes()};
      for (int64_t k = 0; k < ix.numel(); ++k) c.values.push_back(ix.int_at(ix.storage_index_of(k)));
      cols.push_back(std::move(c));
      continue;
    }
    int64_t k = ix.dim();
    TP_CHECK_INDEX(d + k <= self.dim(), "too many indices for tensor of dimension " + std::to_string(self.dim()) +
                                            " (got " + std::to_string(d + k) + ")");
    for (int64_t q = 0; q < k; ++q)
      TP_CHECK_INDEX(ix.sizes()[size_t(q)] == self.sizes()[size_t(d + q)],
                     "The shape of the mask " + shape_str(ix.sizes()) + " at index " + std::to_string(q) +
                         " does not match the shape of the indexed tensor " + shape_str(self.sizes()) + " at index " +
                         std::to_string(d + q));
    std::vector<Column> mc;
    mc.resize(size_t(k));
    for (int64_t flat = 0; flat < ix.numel(); ++flat) {
      if (!ix.int_at(ix.storage_index_of(flat))) continue;
      int64_t rem = flat;
      for (int64_t q = k - 1; q >= 0; --q) {
        mc[size_t(q)].values.push_back(rem % ix.sizes()[size_t(q)]);
        rem /= ix.sizes()[size_t(q)];
      }
    }
    for (auto& c : mc) {
      c.sizes = {int64_t(c.values.size())};
      cols.push_back(std::move(c));
    }
  }
  return cols;
}

Picked pick_many(const Tensor& self, const std::vector<Tensor>& indices, std::string& oob) {
  std::vector<Column> cols = index_columns(self, indices);
  Shape lead;
  bool ok = true;
  for (const auto& c : cols) {
    Shape out(std::max(lead.size(), c.sizes.size()), 1);
    for (size_t q = 0; q < out.size() && ok; ++q) {
      int64_t a = q < out.size() - lead.size() ? 1 : lead[q - (out.size() - lead.size())];
      int64_t b = q < out.size() - c.sizes.size() ? 1 : c.sizes[q - (out.size() - c.sizes.size())];
      ok = a == b || a == 1 || b == 1;
      out[q] = a == 1 ? b : a;
    }
    lead = out;
  }
  if (!ok) {
    std::string shapes;
    for (size_t i = 0; i < cols.size(); ++i) shapes += (i ? ", " : "") + shape_str(cols[i].sizes);
    TP_CHECK_INDEX(false, "shape mismatch: indexing tensors could not be broadcast together with shapes " + shapes);
  }
  Picked p;
  p.lead = lead;
  p.consumed = int64_t(cols.size());
  int64_t n = shape_numel(lead);
  for (int64_t pos = 0; pos < n; ++pos) {
    int64_t off = 0;
    for (size_t d = 0; d < cols.size(); ++d) {
      // element of column d at broadcast position pos (right-aligned, size-1 dims repeat)
      const Column& c = cols[d];
      int64_t rem = pos, at = 0, mul = 1;
      for (size_t q = lead.size(); q-- > 0;) {
        int64_t coord = rem % lead[q];
        rem /= lead[q];
        size_t back = lead.size() - 1 - q;
        if (back < c.sizes.size()) {
          int64_t cs = c.sizes[c.sizes.size() - 1 - back];
          if (cs != 1) at += coord * mul;
          mul *= cs;
        }
      }
      int64_t v = c.values[size_t(at)], size = self.sizes()[d];
      if (!(v >= -size && v < size)) {
        if (oob.empty())
          oob = "index " + std::to_string(v) + " is out of bounds for dimension " + std::to_string(d) + " with size " +
                std::to_string(size);
        v = 0;
      }
      if (v < 0) v += size;
      off += v * self.strides()[d];
    }
    p.offsets.push_back(off);
  }
  return p;
}

}  // namespace

Tensor index(const Tensor& self, const std::vector<Tensor>& indices) {
  if (indices.size() == 1) return index(self, indices[0]);
  std::string oob;
  Picked p = pick_many(self, indices, oob);
  Shape rest(self.sizes().begin() + p.consumed, self.sizes().end());
  Shape shape = p.lead;
  shape.insert(shape.end(), rest.begin(), rest.end());
  Tensor out = make_empty(shape, self.dtype(), self.device());
  if (shape_numel(rest) == 0) return out;
  TP_CHECK_INDEX(oob.empty(), oob);
  for (size_t j = 0; j < p.offsets.size(); ++j) convert_copy(out_block(out, rest, j), block_of(self, p, j));
  return out;
}

Tensor index_put(const Tensor& self, const std::vector<Tensor>& indices, const Tensor& values, bool accumulate) {
  Tensor out = clone(self);
  if (indices.size() == 1 && !accumulate) {  // x[idx] = v, including the masked_fill dispatch of a mask
    index_put_(out, indices[0], values);
    return out;
  }
  std::string oob;
  Picked p = pick_many(out, indices, oob);
  Shape rest(out.sizes().begin() + p.consumed, out.sizes().end());
  Shape indexed = p.lead;
  indexed.insert(indexed.end(), rest.begin(), rest.end());
  bool expandable = values.dim() <= int64_t(indexed.size());
  for (int64_t d = 1; expandable && d <= values.dim(); ++d) {
    int64_t vs = values.sizes()[size_t(values.dim() - d)], ts = indexed[indexed.size() - size_t(d)];
    expandable = vs == ts || vs == 1;
  }
  TP_CHECK(expandable, "shape mismatch: value tensor of shape " + shape_str(values.sizes()) +
                           " cannot be broadcast to indexing result of shape " + shape_str(indexed));
  TP_CHECK(values.dtype() == out.dtype(), "Index put requires the source and destination dtypes match, got " +
                                              scalar_type_name(out.dtype()) + " for the destination and " +
                                              scalar_type_name(values.dtype()) + " for the source.");
  int64_t rn = shape_numel(rest);
  if (rn == 0) return out;
  TP_CHECK_INDEX(oob.empty(), oob);
  Scratch src = make_scratch(indexed, out.dtype());
  convert_copy(src.geom, broadcast_geometry(geometry_of(values), indexed));
  Shape rs(out.strides().begin() + p.consumed, out.strides().end());
  TP_DISPATCH(out.dtype(), T, {
    const T* sv = reinterpret_cast<const T*>(src.geom.base);
    for (size_t j = 0; j < p.offsets.size(); ++j)
      for (int64_t r = 0; r < rn; ++r) {
        int64_t at = out.storage_offset() + p.offsets[j], rem = r;
        for (size_t q = rest.size(); q-- > 0;) {
          at += (rem % rest[q]) * rs[q];
          rem /= rest[q];
        }
        T* dst = reinterpret_cast<T*>(out.raw(at));
        T v = sv[int64_t(j) * rn + r];
        if (!accumulate) *dst = v;
        else if constexpr (std::is_same_v<T, bool>) *dst = *dst || v;
        else *dst = static_cast<T>(*dst + v);
      }
  });
  return out;
}

}  // namespace tp::native
