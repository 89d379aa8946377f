// Python-style argument binding and conversions for native callables (see args.h).
#include "python/args.h"

#include "core/error.h"
#include "python/interpreter.h"

namespace tp::interp {

namespace {
std::string plural(size_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}
}  // namespace

ArgParser::ArgParser(Interpreter& in, std::string fname, CallArgs& args)
    : in_(in), args_(args), used_(args.kwargs.size(), false) {
  auto dot = fname.rfind('.');
  short_name_ = dot == std::string::npos ? fname : fname.substr(dot + 1);
}

ObjPtr ArgParser::positional(size_t i) const { return i < args_.args.size() ? args_.args[i] : nullptr; }

ObjPtr ArgParser::kw(const std::string& name) {
  for (size_t k = 0; k < args_.kwargs.size(); ++k) {
    if (args_.kwargs[k].first == name) { used_[k] = true; return args_.kwargs[k].second; }
  }
  return nullptr;
}

bool ArgParser::has(const std::string& name, size_t index) {
  return positional(index) != nullptr || kw(name) != nullptr;
}

ObjPtr ArgParser::get(const std::string& name, size_t index) {
  ObjPtr p = positional(index);
  ObjPtr k = kw(name);
  if (p && k) throw TorchError("TypeError", short_name_ + "() got multiple values for argument '" + name + "'");
  return p ? p : k;
}

ObjPtr ArgParser::required(const std::string& name, size_t index) {
  ObjPtr v = get(name, index);
  if (!v) throw TorchError("TypeError", short_name_ + "() missing 1 required positional argument: '" + name + "'");
  return v;
}

std::vector<ObjPtr> ArgParser::args_from(size_t i) const {
  if (i >= args_.args.size()) return {};
  return std::vector<ObjPtr>(args_.args.begin() + long(i), args_.args.end());
}

void ArgParser::max_positional(size_t n) const {
  size_t m = args_.args.size();
  if (m <= n) return;
  throw TorchError("TypeError", short_name_ + "() takes " + plural(n, "positional argument") + " but " +
                                    std::to_string(m) + (m == 1 ? " was" : " were") + " given");
}

void ArgParser::finish() const {
  for (size_t k = 0; k < args_.kwargs.size(); ++k) {
    if (!used_[k])
      throw TorchError("TypeError",
                       short_name_ + "() got an unexpected keyword argument '" + args_.kwargs[k].first + "'");
  }
}

// ---------------------------------------------------------------- conversions

bool is_none(const ObjPtr& obj) { return !obj || obj->kind == Kind::None; }

bool is_number(const ObjPtr& obj) {
  return obj && (obj->kind == Kind::Bool || obj->kind == Kind::Int || obj->kind == Kind::Float);
}

int64_t to_int(Interpreter& in, const ObjPtr& obj, const std::string& what) {
  if (obj && obj->kind == Kind::Int) return static_cast<IntObj&>(*obj).value;
  if (obj && obj->kind == Kind::Bool) return static_cast<BoolObj&>(*obj).value ? 1 : 0;
  if (what.empty())
    throw TorchError("TypeError", "'" + in.type_name(obj) + "' object cannot be interpreted as an integer");
  throw TorchError("TypeError", what + " must be int, not " + in.type_name(obj));
}

double to_double(Interpreter& in, const ObjPtr& obj, const std::string& what) {
  if (obj && obj->kind == Kind::Float) return static_cast<FloatObj&>(*obj).value;
  if (obj && (obj->kind == Kind::Int || obj->kind == Kind::Bool)) return double(to_int(in, obj));
  if (what.empty()) throw TorchError("TypeError", "must be real number, not " + in.type_name(obj));
  throw TorchError("TypeError", what + " must be float, not " + in.type_name(obj));
}

bool to_bool(Interpreter& in, const ObjPtr& obj, const std::string&) { return in.truthy(obj); }

std::string to_str(Interpreter& in, const ObjPtr& obj, const std::string& what) {
  if (obj && obj->kind == Kind::Str) return static_cast<StrObj&>(*obj).value;
  throw TorchError("TypeError", (what.empty() ? std::string("argument") : what) + " must be str, not " +
                                    in.type_name(obj));
}

Scalar to_scalar(const ObjPtr& obj) {
  if (obj) {
    switch (obj->kind) {
      case Kind::Bool: return Scalar::from_bool(static_cast<BoolObj&>(*obj).value);
      case Kind::Int: return Scalar::from_int(static_cast<IntObj&>(*obj).value);
      case Kind::Float: return Scalar::from_double(static_cast<FloatObj&>(*obj).value);
      case Kind::Tensor: case Kind::NdArray: {
        const Tensor& t = obj->kind == Kind::Tensor ? static_cast<TensorObj&>(*obj).tensor
                                                    : static_cast<NdArrayObj&>(*obj).array;
        if (t.numel() == 1) return t.scalar_at(t.storage_index_of(0));
        throw TorchError("RuntimeError", "a Tensor with " + std::to_string(t.numel()) +
                                             " elements cannot be converted to Scalar");
      }
      default: break;
    }
  }
  throw TorchError("TypeError", "expected a number");
}

std::vector<ObjPtr> sequence_items(Interpreter& in, const ObjPtr& obj) {
  if (obj && obj->kind == Kind::List) return static_cast<ListObj&>(*obj).items;
  if (obj && obj->kind == Kind::Tuple) return static_cast<TupleObj&>(*obj).items;
  if (obj && obj->kind == Kind::Size) {
    std::vector<ObjPtr> out;
    for (int64_t d : static_cast<SizeObj&>(*obj).dims) out.push_back(in.make_int(d));
    return out;
  }
  throw TorchError("TypeError", "'" + in.type_name(obj) + "' object is not a sequence");
}

Shape to_int_list(Interpreter& in, const ObjPtr& obj, const std::string& what) {
  if (obj && obj->kind == Kind::Size) return static_cast<SizeObj&>(*obj).dims;
  std::string w = what.empty() ? std::string("argument 'size'") : what;
  if (!obj || (obj->kind != Kind::List && obj->kind != Kind::Tuple))
    throw TorchError("TypeError", w + " must be tuple of ints, not " + in.type_name(obj));
  Shape out;
  auto items = sequence_items(in, obj);
  for (size_t i = 0; i < items.size(); ++i) {
    const ObjPtr& it = items[i];
    if (!it || (it->kind != Kind::Int && it->kind != Kind::Bool))
      throw TorchError("TypeError", w + " must be tuple of ints, but found element of type " + in.type_name(it) +
                                        " at pos " + std::to_string(i));
    out.push_back(to_int(in, it));
  }
  return out;
}

Shape to_shape(Interpreter& in, const std::vector<ObjPtr>& args) {
  if (args.size() == 1 && args[0] &&
      (args[0]->kind == Kind::List || args[0]->kind == Kind::Tuple || args[0]->kind == Kind::Size))
    return to_int_list(in, args[0]);
  Shape out;
  for (size_t i = 0; i < args.size(); ++i) {
    const ObjPtr& it = args[i];
    if (!it || (it->kind != Kind::Int && it->kind != Kind::Bool))
      throw TorchError("TypeError", "argument 'size' must be tuple of ints, but found element of type " +
                                        in.type_name(it) + " at pos " + std::to_string(i));
    out.push_back(to_int(in, it));
  }
  return out;
}

DType to_dtype(const ObjPtr& obj) {
  if (obj && obj->kind == Kind::DType) return static_cast<DTypeObj&>(*obj).dtype;
  if (obj && obj->kind == Kind::Class) {  // dtype=float / int / bool, as PyTorch accepts
    const std::string& n = static_cast<ClassObj&>(*obj).class_name;
    if (n == "float") return DType::Float64;
    if (n == "int") return DType::Int64;
    if (n == "bool") return DType::Bool;
  }
  throw TorchError("TypeError", "expected a torch.dtype");
}

Device to_device(const ObjPtr& obj) {
  if (obj && obj->kind == Kind::Device) return static_cast<DeviceObj&>(*obj).device;
  if (obj && obj->kind == Kind::Str) return parse_device(static_cast<StrObj&>(*obj).value);
  throw TorchError("TypeError", "expected a torch.device or a string");
}

}  // namespace tp::interp
