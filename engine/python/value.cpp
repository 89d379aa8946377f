#include "python/value.h"

#include "core/context.h"

namespace tp::interp {

Object::Object(Kind k) : kind(k), id(ctx().next_object_id()) {}

namespace {
// Note [Iterative destruction]: how deep destructors may nest before children are parked, and the
// parked children. Empty whenever no destructor runs (thread_local: sessions on other threads
// never share it).
constexpr int kMaxReleaseDepth = 64;
thread_local int release_depth = 0;
thread_local std::vector<std::shared_ptr<void>> parked;

// Runs `release` (dropping references) one level deeper; the outermost level then releases what
// deeper levels parked, one item at a time.
template <class Release>
void release_at_depth(Release release) noexcept {
  ++release_depth;
  release();
  --release_depth;
  if (release_depth > 0) return;
  while (!parked.empty()) {
    std::shared_ptr<void> next = std::move(parked.back());
    parked.pop_back();
    ++release_depth;
    next.reset();
    --release_depth;
  }
}
}  // namespace

void release_children(std::vector<ObjPtr>& children) noexcept {
  if (release_depth >= kMaxReleaseDepth) {
    for (auto& c : children)
      if (c) parked.push_back(std::move(c));
    children.clear();
    return;
  }
  release_at_depth([&] { children.clear(); });
}

void release_payload(std::shared_ptr<void> payload) noexcept {
  if (release_depth >= kMaxReleaseDepth) {
    parked.push_back(std::move(payload));
    return;
  }
  release_at_depth([&] { payload.reset(); });
}

DictObj::~DictObj() {
  std::vector<ObjPtr> children;
  children.reserve(items.size() * 2 + 1);
  for (auto& [k, v] : items) {
    children.push_back(std::move(k));
    children.push_back(std::move(v));
  }
  items.clear();
  children.push_back(std::move(default_factory));
  release_children(children);
}

BoundMethodObj::~BoundMethodObj() {
  std::vector<ObjPtr> children{std::move(self), std::move(fn)};
  release_children(children);
}

AttrObj::~AttrObj() {
  std::vector<ObjPtr> children;
  children.reserve(attrs.size());
  for (auto& [k, v] : attrs) children.push_back(std::move(v));
  attrs.clear();
  release_children(children);
}

}  // namespace tp::interp
