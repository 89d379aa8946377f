// The top-level members of a JSON object this trace wrote, and the members that changed between
// two versions of one entity (Note [Changed members] in SCHEMA.md: a delta step lists only those).
#pragma once
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tp::trace {

// `"key":value` pairs of `{...}` as views into it (key with its quotes, value as written).
// Expects the writer's compact output: no whitespace between tokens.
std::vector<std::pair<std::string_view, std::string_view>> json_members(std::string_view object);

// `{` + the first member of `now` (the id) + every member of `now` that `before` lacks or holds
// with another value + `}`. Every member of `before` is in `now` (the entity's keys are fixed).
std::string changed_members(std::string_view before, std::string_view now);

}  // namespace tp::trace
