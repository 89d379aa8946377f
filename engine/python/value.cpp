#include "python/value.h"

#include "core/context.h"

namespace tp::interp {

Object::Object(Kind k) : kind(k), id(ctx().next_object_id()) {}

}  // namespace tp::interp
