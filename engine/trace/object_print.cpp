#include "trace/object_print.h"

#include <string>

#include "core/tensor.h"
#include "autograd/node.h"
#include "trace/hash_mix.h"

namespace tp::trace {

using interp::Kind;
using interp::Object;
using interp::ObjPtr;

// `values_printable`: false for a tensor object, whose values count only once a repr formatted
// them (Note [Values a repr read]); NumPy arrays and bytes always count.
uint64_t ObjectPrinter::tensor_hash(uint64_t h, const Tensor& t, bool values_printable) const {
  const TensorImpl& i = *t.impl();
  h = mix(h, uint64_t(i.id));
  if (values_printable || values_read_.count(i.storage->id())) {
    h = mix(h, i.storage->write_count());
    h = mix(h, uint64_t(i.version_counter->version));
  }
  h = mix(h, i.storage->nbytes());
  h = mix(h, uint64_t(i.storage_offset));
  h = mix(h, uint64_t(i.dtype));
  h = mix(h, uint64_t(i.requires_grad) | uint64_t(i.is_parameter) << 1);
  h = mix(h, uint64_t(i.grad_fn ? i.grad_fn->id : -1));
  for (int64_t s : i.sizes) h = mix(h, uint64_t(s));
  for (int64_t s : i.strides) h = mix(h, uint64_t(s));
  return h;
}

namespace {

// Library instances whose repr reads nothing but their attributes.
bool repr_from_attributes(const Object& o) {
  return o.subtype == interp::Subtype::None || o.subtype == interp::Subtype::Optimizer;
}

// Values that never change: an object of these kinds is known by its id.
bool immutable_kind(Kind k) {
  switch (k) {
    case Kind::None: case Kind::Bool: case Kind::Int: case Kind::Float: case Kind::Str: case Kind::Slice:
    case Kind::Ellipsis: case Kind::Range: case Kind::Size: case Kind::DType: case Kind::Device:
      return true;
    default:
      return false;
  }
}

// Kinds whose hash reaches no other object: immutable values, and tensors (their own state only).
bool leaf_kind(Kind k) {
  switch (k) {
    case Kind::None: case Kind::Bool: case Kind::Int: case Kind::Float: case Kind::Str: case Kind::Slice:
    case Kind::Ellipsis: case Kind::Range: case Kind::Size: case Kind::DType: case Kind::Device: case Kind::Node:
    case Kind::Function: case Kind::UserFunction: case Kind::BoundMethod: case Kind::Tensor: case Kind::NdArray:
    case Kind::Bytes:
      return true;
    default:
      return false;
  }
}

}  // namespace

// A leaf is hashed again where it is met (the keys and numbers of every dict): cheaper than the
// memo, which only containers and instances need, to share work and to cut cycles.
uint64_t ObjectPrinter::leaf_hash(const Object* o, int depth) {
  if (depth > 64 || budget_ == 0) return kVolatile;
  --budget_;
  uint64_t h = mix(uint64_t(o->kind) + 3, uint64_t(o->id));
  switch (o->kind) {
    case Kind::Tensor: h = tensor_hash(h, static_cast<const interp::TensorObj&>(*o).tensor, false); break;
    case Kind::NdArray: h = tensor_hash(h, static_cast<const interp::NdArrayObj&>(*o).array, true); break;
    case Kind::Bytes: h = tensor_hash(h, static_cast<const interp::BytesObj&>(*o).data, true); break;
    default: break;  // immutable, or drawn by name: an object id is never reused
  }
  return h <= 1 ? h + 2 : h;
}

uint64_t ObjectPrinter::content_hash(const Object* o, int depth) {
  if (!o) return 1;
  if (leaf_kind(o->kind)) return leaf_hash(o, depth);
  auto [memo, fresh] = hashes_.try_emplace(uint64_t(reinterpret_cast<uintptr_t>(o)), 1);
  if (!fresh) return *memo == 1 ? mix(2, uint64_t(o->id)) : *memo;  // 1: a cycle, cut at o
  if (depth > 64 || budget_ == 0) return *memo = kVolatile;
  --budget_;
  uint64_t h = mix(uint64_t(o->kind) + 3, uint64_t(o->id));
  bool is_volatile = false;
  auto child = [&](const Object* c) {
    // most children are immutable values (the keys and numbers of a param group): their id says
    // all (an id is never reused), folded in place
    if (c && immutable_kind(c->kind) && budget_ > 0) {
      --budget_;
      h = mix(h, uint64_t(c->id));
      return;
    }
    // other leaves are hashed without the memo's way
    uint64_t ch = c && leaf_kind(c->kind) ? leaf_hash(c, depth + 1) : content_hash(c, depth + 1);
    if (ch == kVolatile) is_volatile = true;
    h = mix(h, ch);
  };
  switch (o->kind) {
    case Kind::List: for (auto& i : static_cast<const interp::ListObj&>(*o).items) child(i.get()); break;
    case Kind::Tuple: for (auto& i : static_cast<const interp::TupleObj&>(*o).items) child(i.get()); break;
    case Kind::Set: for (auto& i : static_cast<const interp::SetObj&>(*o).table.keys()) child(i.get()); break;
    case Kind::Dict:
      for (auto& [k, v] : static_cast<const interp::DictObj&>(*o).items) { child(k.get()); child(v.get()); }
      break;
    case Kind::Instance: {
      if (!repr_from_attributes(*o)) { is_volatile = true; break; }
      auto& inst = static_cast<const interp::InstanceObj&>(*o);
      if (inst.cls) h = mix(h, uint64_t(inst.cls->attr_order.size()));  // a method added to a class later
      [[fallthrough]];
    }
    case Kind::Module: case Kind::Class: {
      // The names in their order, then the values in the map's (name) order: together they say
      // which value each name has, without looking each name up.
      auto& a = static_cast<const interp::AttrObj&>(*o);
      for (const std::string& name : a.attr_order) h = mix_bytes(h, name.data(), name.size());
      h = mix(h, a.attrs.size());
      for (const auto& [name, value] : a.attrs) child(value.get());
      break;
    }
    default:
      is_volatile = true;  // exceptions, context managers: state of their own
  }
  // the memo is looked up again: hashing the children may have grown the map and moved its slots
  uint64_t* slot = hashes_.find(uint64_t(reinterpret_cast<uintptr_t>(o)));
  if (is_volatile) return *slot = kVolatile;
  if (h <= 1) h += 2;
  return *slot = h;
}

uint64_t ObjectPrinter::print(const ObjPtr& o) {
  uint64_t h = mix(0x7072696e74ull, uint64_t(o->kind));
  auto ids = [&](const std::vector<ObjPtr>& items) {  // the items drawn, and how many there are
    for (const ObjPtr& i : items)
      if (is_shown_(shown_, i.get())) h = mix(h, uint64_t(i->id));
    h = mix(mix(h, ~uint64_t(0)), items.size());
  };
  switch (o->kind) {
    case Kind::List: ids(static_cast<interp::ListObj&>(*o).items); break;
    case Kind::Tuple: ids(static_cast<interp::TupleObj&>(*o).items); break;
    case Kind::Set: ids(static_cast<interp::SetObj&>(*o).table.keys()); break;
    case Kind::Dict: {
      auto& items = static_cast<interp::DictObj&>(*o).items;
      for (auto& [k, v] : items)
        if (is_shown_(shown_, k.get()) && is_shown_(shown_, v.get())) h = mix(mix(h, uint64_t(k->id)), uint64_t(v->id));
      h = mix(mix(h, ~uint64_t(0)), items.size());
      break;
    }
    case Kind::Instance: {
      const uint64_t content = content_hash(o.get(), 0);
      if (content == kVolatile) return 0;
      h = mix(mix(h, content), options_epoch_);
      // the attributes drawn, in the map's (name) order: the content hash has which value each
      // name holds
      for (const auto& [name, v] : static_cast<interp::AttrObj&>(*o).attrs) h = mix(h, v && is_shown_(shown_, v.get()));
      break;
    }
    default:
      return 0;
  }
  return h ? h : 1;
}

}  // namespace tp::trace
