// Note [Changed members]: a tensor or node a delta step lists again carries its id and the
// members whose values changed; nested values and strings with commas and brackets stay whole.
#include <catch2/catch.hpp>

#include <string>

#include "trace/json_members.h"

using tp::trace::changed_members;
using tp::trace::json_members;

TEST_CASE("json_members splits an object into its top-level members", "[trace]") {
  auto m = json_members(R"j({"id":3,"s":"a,\"}b","l":[1,[2,{"x":3}]],"o":{"k":"]"},"n":null,"f":-1.5e-07})j");
  REQUIRE(m.size() == 6);
  CHECK(m[0].first == "\"id\"");
  CHECK(m[0].second == "3");
  CHECK(m[1].second == R"j("a,\"}b")j");
  CHECK(m[2].second == R"j([1,[2,{"x":3}]])j");
  CHECK(m[3].second == R"j({"k":"]"})j");
  CHECK(m[4].second == "null");
  CHECK(m[5].first == "\"f\"");
  CHECK(m[5].second == "-1.5e-07");
  CHECK(json_members("{}").empty());
}

TEST_CASE("changed_members keeps the id and what changed", "[trace]") {
  const std::string before = R"j({"id":7,"sizes":[2,3],"_version":1,"grad":null,"repr":null})j";
  CHECK(changed_members(before, before) == R"j({"id":7})j");
  CHECK(changed_members(before, R"j({"id":7,"sizes":[2,3],"_version":2,"grad":9,"repr":null})j") ==
        R"j({"id":7,"_version":2,"grad":9})j");
  CHECK(changed_members(before, R"j({"id":7,"sizes":[3,2],"_version":1,"grad":null,"repr":"tensor(1.)"})j") ==
        R"j({"id":7,"sizes":[3,2],"repr":"tensor(1.)"})j");
  // a member the old version lacked (in another position) is listed
  CHECK(changed_members(R"j({"id":1,"a":1})j", R"j({"id":1,"b":2,"a":1})j") == R"j({"id":1,"b":2})j");
}
