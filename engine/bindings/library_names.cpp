// Every name the library installs (`tensorplay names`), to generate and check the list of names only
// the full library has (Note [Two modules] in library_variant.h).
#include <set>

#include "bindings/library_variant.h"
#include "python/interpreter.h"
#include "python/library.h"

namespace tp::interp::lib {

std::vector<std::string> library_names(Interpreter& in) {
  std::set<std::string> names;
  auto add_class = [&](const ObjPtr& v) {
    if (v->kind != Kind::Class) return;
    std::string owner = class_owner(static_cast<ClassObj&>(*v));
    if (owner.empty()) return;
    for (auto& k : static_cast<ClassObj&>(*v).attr_order) names.insert(owner + "." + k);
  };
  for (const std::string& m : in.module_names()) {
    auto module = in.find_module(m);
    names.insert(m);  // `import torch.nn`, `import itertools`
    for (auto& k : module->attr_order) {
      names.insert(m + "." + k);
      add_class(module->attrs[k]);
    }
  }
  return {names.begin(), names.end()};
}

}  // namespace tp::interp::lib
