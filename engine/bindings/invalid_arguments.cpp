// PyTorch's "received an invalid combination of arguments" TypeError: Note [Invalid combination].
#include "bindings/common.h"
#include "bindings/install.h"
#include "python/library.h"

#include "core/error.h"

#include <map>

namespace tp::interp::lib {

// Note [Invalid combination]: when no signature of a torch.* function accepts a call,
// PythonArgParser::print_error (torch/csrc/utils/python_arg_parser.cpp) formats every signature with
// FunctionSignature::toString ("(Tensor input, *, torch.dtype dtype = None)": type names, " = default"
// for the optional ones) and torch::format_invalid_args (torch/csrc/utils/invalid_arguments.cpp)
// writes "f() received an invalid combination of arguments - got (Tensor, out=Tensor), but expected
// one of:\n * (sig)\n ..." with the given arguments as Python type names (kwargs as name=type). Under a
// signature whose piece count (its ", "-separated parts, "*" included) equals the number of given
// arguments it adds "      didn't match because some of the keywords were incorrect: k" (a kwarg
// not among its last pieces) or "...some of the arguments have invalid types: (...)" (a mismatch
// marked !type!, as when stderr is not a terminal). The kwargs are listed in the order of the C++
// unordered_map that holds them; for one kwarg that is the only order there is.
//
// A Tensor method is parsed the same way against the method's own signatures: python_variable_methods
// binds no out= overload and self is no parameter, so each is the torch.* signature without
// `Tensor input` and without `out` ("(Tensor input, *, Tensor out = None)" becomes "()"). A method
// given out= therefore matches none: PythonArgParser::print_error counts the signatures whose
// min_args <= given <= max_args (a parameter with " = default" is optional), and when exactly one is
// plausible reparses against it, which raises "sum() got an unexpected keyword argument 'out'" (the
// method's own ArgParser says the same); when several or none are, it raises the invalid combination above,
// listing the method signatures (check_method_out).
namespace {

// FunctionSignature::toString of every overload Python binds, for the torch.* functions whose Tensor
// method has several (gen_python_functions.py order; from the TypeErrors PyTorch 2.x prints, e.g.
// pytorch/pytorch#157948 for max).
const std::map<std::string, std::vector<std::string>>& signature_table() {
  static const std::map<std::string, std::vector<std::string>> t = {
      {"sum",
       {"(Tensor input, *, torch.dtype dtype = None)",
        "(Tensor input, tuple of ints dim, bool keepdim = False, *, torch.dtype dtype = None, Tensor out = None)",
        "(Tensor input, tuple of names dim, bool keepdim = False, *, torch.dtype dtype = None, Tensor out = None)"}},
      {"prod",
       {"(Tensor input, *, torch.dtype dtype = None)",
        "(Tensor input, int dim, bool keepdim = False, *, torch.dtype dtype = None, Tensor out = None)",
        "(Tensor input, name dim, bool keepdim = False, *, torch.dtype dtype = None, Tensor out = None)"}},
      {"mean",
       {"(Tensor input, *, torch.dtype dtype = None, Tensor out = None)",
        "(Tensor input, tuple of ints dim, bool keepdim = False, *, torch.dtype dtype = None, Tensor out = None)",
        "(Tensor input, tuple of names dim, bool keepdim = False, *, torch.dtype dtype = None, Tensor out = None)"}},
      {"max",
       {"(Tensor input, *, Tensor out = None)", "(Tensor input, Tensor other, *, Tensor out = None)",
        "(Tensor input, int dim, bool keepdim = False, *, tuple of Tensors out = None)",
        "(Tensor input, name dim, bool keepdim = False, *, tuple of Tensors out = None)"}},
      {"min",
       {"(Tensor input, *, Tensor out = None)", "(Tensor input, Tensor other, *, Tensor out = None)",
        "(Tensor input, int dim, bool keepdim = False, *, tuple of Tensors out = None)",
        "(Tensor input, name dim, bool keepdim = False, *, tuple of Tensors out = None)"}},
      {"median",
       {"(Tensor input)", "(Tensor input, int dim, bool keepdim = False, *, tuple of Tensors out = None)",
        "(Tensor input, name dim, bool keepdim = False, *, tuple of Tensors out = None)"}},
      {"cumsum",
       {"(Tensor input, int dim, *, torch.dtype dtype = None, Tensor out = None)",
        "(Tensor input, name dim, *, torch.dtype dtype = None, Tensor out = None)"}},
      // std/var (std, std.dim, std.correction, std.names_dim, std.correction_names; native_functions.yaml)
      // in sort_overloads order: by signature_str, then every Dimname overload after its int[1]? twin.
      {"std",
       {"(Tensor input, tuple of ints dim, bool unbiased = True, bool keepdim = False, *, Tensor out = None)",
        "(Tensor input, tuple of ints dim = None, *, Number correction = None, bool keepdim = False, Tensor out = None)",
        "(Tensor input, bool unbiased = True)",
        "(Tensor input, tuple of names dim, bool unbiased = True, bool keepdim = False, *, Tensor out = None)",
        "(Tensor input, tuple of names dim, *, Number correction = None, bool keepdim = False, Tensor out = None)"}},
      {"var",
       {"(Tensor input, tuple of ints dim, bool unbiased = True, bool keepdim = False, *, Tensor out = None)",
        "(Tensor input, tuple of ints dim = None, *, Number correction = None, bool keepdim = False, Tensor out = None)",
        "(Tensor input, bool unbiased = True)",
        "(Tensor input, tuple of names dim, bool unbiased = True, bool keepdim = False, *, Tensor out = None)",
        "(Tensor input, tuple of names dim, *, Number correction = None, bool keepdim = False, Tensor out = None)"}},
      // all/any (all, all.dims, all.dim, all.dimname): "all()" sorts first; the Dimname one after both int ones.
      {"all",
       {"(Tensor input, *, Tensor out = None)",
        "(Tensor input, tuple of ints dim = None, bool keepdim = False, *, Tensor out = None)",
        "(Tensor input, int dim, bool keepdim = False, *, Tensor out = None)",
        "(Tensor input, name dim, bool keepdim = False, *, Tensor out = None)"}},
      {"any",
       {"(Tensor input, *, Tensor out = None)",
        "(Tensor input, tuple of ints dim = None, bool keepdim = False, *, Tensor out = None)",
        "(Tensor input, int dim, bool keepdim = False, *, Tensor out = None)",
        "(Tensor input, name dim, bool keepdim = False, *, Tensor out = None)"}},
      // bernoulli, bernoulli.p ("*" sorts before "double"); only the first has an out overload.
      {"bernoulli",
       {"(Tensor input, *, torch.Generator generator = None, Tensor out = None)",
        "(Tensor input, float p, *, torch.Generator generator = None)"}},
      // sort, sort.stable, sort.dimname, sort.dimname_stable; argsort likewise (no dimname_stable).
      {"sort",
       {"(Tensor input, *, bool stable, int dim = -1, bool descending = False, tuple of Tensors out = None)",
        "(Tensor input, int dim = -1, bool descending = False, *, tuple of Tensors out = None)",
        "(Tensor input, *, bool stable, name dim, bool descending = False, tuple of Tensors out = None)",
        "(Tensor input, name dim, bool descending = False, *, tuple of Tensors out = None)"}},
      {"argsort",
       {"(Tensor input, *, bool stable, int dim = -1, bool descending = False, Tensor out = None)",
        "(Tensor input, int dim = -1, bool descending = False)",
        "(Tensor input, name dim, bool descending = False)"}},
      // count_nonzero(int? dim=None), count_nonzero.dim_IntList(int[] dim): int[] sorts after int?.
      {"count_nonzero", {"(Tensor input, int dim = None)", "(Tensor input, tuple of ints dim)"}},
      // softmax.int / softmax.Dimname; log_softmax likewise; only the int ones have out overloads.
      {"softmax",
       {"(Tensor input, int dim, torch.dtype dtype = None, *, Tensor out = None)",
        "(Tensor input, name dim, *, torch.dtype dtype = None)"}},
      {"log_softmax",
       {"(Tensor input, int dim, torch.dtype dtype = None, *, Tensor out = None)",
        "(Tensor input, name dim, *, torch.dtype dtype = None)"}},
      // logsumexp(int[1] dim, ...), logsumexp.names(Dimname[1] dim, ...).
      {"logsumexp",
       {"(Tensor input, tuple of ints dim, bool keepdim = False, *, Tensor out = None)",
        "(Tensor input, tuple of names dim, bool keepdim = False, *, Tensor out = None)"}},
      // cummax/cummin/logcumsumexp(int dim) and their .dimname(Dimname dim).
      {"cummax",
       {"(Tensor input, int dim, *, tuple of Tensors out = None)", "(Tensor input, name dim, *, tuple of Tensors out = None)"}},
      {"cummin",
       {"(Tensor input, int dim, *, tuple of Tensors out = None)", "(Tensor input, name dim, *, tuple of Tensors out = None)"}},
      {"logcumsumexp",
       {"(Tensor input, int dim, *, Tensor out = None)", "(Tensor input, name dim, *, Tensor out = None)"}},
      // mode(int dim=-1, bool keepdim=False), mode.dimname; kthvalue(SymInt k, int dim=-1, ...),
      // kthvalue.dimname(SymInt k, Dimname dim, ...) (SymInt prints as "int").
      {"mode",
       {"(Tensor input, int dim = -1, bool keepdim = False, *, tuple of Tensors out = None)",
        "(Tensor input, name dim, bool keepdim = False, *, tuple of Tensors out = None)"}},
      {"kthvalue",
       {"(Tensor input, int k, int dim = -1, bool keepdim = False, *, tuple of Tensors out = None)",
        "(Tensor input, int k, name dim, bool keepdim = False, *, tuple of Tensors out = None)"}},
      {"cumprod",
       {"(Tensor input, int dim, *, torch.dtype dtype = None, Tensor out = None)",
        "(Tensor input, name dim, *, torch.dtype dtype = None, Tensor out = None)"}},
  };
  return t;
}

// The method's signature: the function's without its `Tensor input` and `out` parameters.
std::string method_signature(const std::string& sig) {
  std::vector<std::string> kept;
  bool star = false;
  std::string body = sig.substr(1, sig.size() - 2);
  size_t start = 0;
  while (start <= body.size()) {
    size_t end = body.find(", ", start);
    std::string p = body.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (p == "*") star = true;
    else if (p != "Tensor input" && p.find(" out") == std::string::npos) {
      if (star) kept.push_back("*"), star = false;
      kept.push_back(p);
    }
    if (end == std::string::npos) break;
    start = end + 2;
  }
  std::string out = "(";
  for (size_t i = 0; i < kept.size(); ++i) out += (i ? ", " : "") + kept[i];
  return out + ")";
}

// Py_TYPE(o)->tp_name: torch's own types carry their module.
std::string tp_name(Interpreter& in, const ObjPtr& o) {
  if (is_tensor(o)) return "Tensor";
  std::string n = in.type_name(o);
  if (n == "dtype" || n == "device" || n == "Size" || n == "layout" || n == "memory_format") return "torch." + n;
  return n;
}

std::vector<std::string> pieces(const std::string& sig) {
  std::vector<std::string> out;
  std::string body = sig.substr(1, sig.size() - 2);
  size_t start = 0, end;
  while ((end = body.find(", ", start)) != std::string::npos) {
    out.push_back(body.substr(start, end - start));
    start = end + 2;
  }
  out.push_back(body.substr(start));
  return out;
}

// _parseOption: a piece's type is what precedes its last space, its name what follows.
std::string piece_type(const std::string& p) {
  size_t sp = p.find_last_of(' ');
  return sp == std::string::npos ? p : p.substr(0, sp);
}
std::string piece_name(const std::string& p) {
  size_t sp = p.find_last_of(' ');
  return sp == std::string::npos ? p : p.substr(sp + 1);
}

bool type_matches(const std::string& type, const std::string& given) {
  if (type == "float") return given == "float" || given == "int";
  return type == given;
}

}  // namespace

const std::vector<std::string>* torch_signatures(const std::string& name) {
  auto it = signature_table().find(name);
  return it == signature_table().end() ? nullptr : &it->second;
}

void check_method_out(Interpreter& in, const std::string& name, const CallArgs& a) {
  bool has_out = has_out_keyword(a);
  // Note [Two modules]: out= and its messages are the full library's (this is their only use of the table)
  if (has_out && !full_library()) throw NeedsFullLibrary{"Tensor." + name + "(out=)"};
  const std::vector<std::string>* fn = has_out ? torch_signatures(name) : nullptr;
  if (!fn) return;
  std::vector<std::string> sigs;
  size_t given = a.args.size() + a.kwargs.size(), plausible = 0;
  for (const auto& f : *fn) {
    sigs.push_back(method_signature(f));
    size_t min_args = 0, max_args = 0;
    for (const auto& p : pieces(sigs.back())) {
      if (p.empty() || p == "*") continue;
      ++max_args;
      if (p.find(" = ") == std::string::npos) ++min_args;
    }
    if (min_args <= given && given <= max_args) ++plausible;
  }
  if (plausible != 1) throw_invalid_combination(in, name, a, sigs);  // none plausible lists them all too
}

void throw_invalid_combination(Interpreter& in, const std::string& name, const CallArgs& a,
                               const std::vector<std::string>& signatures) {
  std::vector<std::pair<std::string, std::string>> kw;  // (name, type), in unordered_map order
  for (auto it = a.kwargs.rbegin(); it != a.kwargs.rend(); ++it) kw.emplace_back(it->first, tp_name(in, it->second));
  std::vector<std::string> pos;
  for (const auto& x : a.args) pos.push_back(tp_name(in, x));
  std::string got = "(";
  for (const auto& t : pos) got += t + ", ";
  for (const auto& k : kw) got += k.first + "=" + k.second + ", ";
  if (!pos.empty()) got.erase(got.size() - 2);  // _argDesc trims only after positional arguments
  got += ")";
  std::string msg = name + "() received an invalid combination of arguments - got " + got + ", but expected one of:\n";
  for (const auto& sig : signatures) {
    msg += " * " + sig + "\n";
    std::vector<std::string> ps = pieces(sig);
    if (ps.size() != pos.size() + kw.size()) continue;  // _argcountMatch
    std::vector<std::string> unmatched;
    size_t start = ps.size() - kw.size();
    for (const auto& k : kw) {
      bool found = false;
      for (size_t i = start; i < ps.size(); ++i) found = found || piece_name(ps[i]) == k.first;
      if (!found) unmatched.push_back(k.first);
    }
    if (!unmatched.empty()) {
      msg += "      didn't match because some of the keywords were incorrect: ";
      for (size_t i = 0; i < unmatched.size(); ++i) msg += (i ? ", " : "") + unmatched[i];
      msg += "\n";
      continue;
    }
    std::string desc = "(";
    for (size_t i = 0; i < pos.size(); ++i) {
      bool ok = type_matches(piece_type(ps[i]), pos[i]);
      desc += (ok ? pos[i] : "!" + pos[i] + "!") + ", ";
    }
    for (size_t i = 0; i < kw.size(); ++i) {
      bool ok = type_matches(piece_type(ps[pos.size() + i]), kw[i].second);
      desc += kw[i].first + "=" + (ok ? kw[i].second : "!" + kw[i].second + "!") + ", ";
    }
    if (!pos.empty()) desc.erase(desc.size() - 2);
    msg += "      didn't match because some of the arguments have invalid types: " + desc + ")\n";
  }
  throw TorchError("TypeError", msg);
}

}  // namespace tp::interp::lib
