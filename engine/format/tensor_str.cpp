// torch/_tensor_str.py ported step by step: _Formatter (over all values or get_summarized_data's
// edges), _vector_str / _tensor_str_with_formatter (wrapping and nesting) and _str_intern's suffixes.
#include "format/tensor_str.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "core/context.h"

namespace tp::format {

namespace {

// Python's '{:.{p}f}' / '{:.{p}e}': C's printf rounds the exact binary value the same way, but may
// print "-nan", which Python never does. The buffer grows for '%f' of huge values.
std::string printf_double(char conversion, int precision, double v) {
  if (std::isnan(v)) return "nan";
  const char fmt[] = {'%', '.', '*', conversion, '\0'};
  std::string out(64, '\0');
  int n = std::snprintf(&out[0], out.size(), fmt, precision, v);
  if (n >= int(out.size())) {
    out.assign(size_t(n) + 1, '\0');
    std::snprintf(&out[0], out.size(), fmt, precision, v);
  }
  out.resize(size_t(n));
  return out;
}
std::string fixed(double v, int precision) { return printf_double('f', precision, v); }
std::string sci(double v, int precision) { return printf_double('e', precision, v); }

// "{}".format(value) of an integral or bool element.
std::string int_str(const Tensor& t, int64_t storage_index) {
  if (t.dtype() == DType::Bool) return t.int_at(storage_index) ? "True" : "False";
  return std::to_string(t.int_at(storage_index));
}

// A logical sub-tensor: offset + sizes/strides over the same storage (t[i] without objects).
struct Slab {
  int64_t offset;
  Shape sizes, strides;
  int64_t dim() const { return int64_t(sizes.size()); }
  Slab index(int64_t i) const {
    return Slab{offset + i * strides[0], Shape(sizes.begin() + 1, sizes.end()), Shape(strides.begin() + 1, strides.end())};
  }
};

// Storage indices of the elements _Formatter sees: all of them, or get_summarized_data's.
void collect(const Slab& s, bool summarize, int64_t edge, std::vector<int64_t>& out) {
  if (s.dim() == 0) { out.push_back(s.offset); return; }
  int64_t n = s.sizes[0];
  if (summarize && s.dim() > 1 && edge == 0) return;  // self.new_empty([0] * dim)
  // 1-D with edgeitems 0: cat(self[:0], self[-0:]) is the whole vector.
  bool cut = summarize && edge > 0 && n > 2 * edge;
  for (int64_t i = 0; i < n; ++i) {
    if (cut && i == edge) i = n - edge;
    collect(s.index(i), summarize, edge, out);
  }
}

// _Formatter: decides int_mode / sci_mode and the common width from the values it is given.
class Formatter {
 public:
  Formatter(const Tensor& t, const std::vector<int64_t>& elements, const PrintOptions& o)
      : t_(t), floating_(is_floating(t.dtype())), precision_(o.precision) {
    if (!floating_) {
      for (int64_t e : elements) width_ = std::max(width_, int(int_str(t, e).size()));
      return;
    }
    std::vector<double> vals;  // nonzero_finite_vals
    for (int64_t e : elements) {
      double v = t.double_at(e);
      if (std::isfinite(v) && v != 0) vals.push_back(v);
    }
    if (vals.empty()) return;  // "no valid number, do nothing" (returns before the sci_mode override)
    double mn = INFINITY, mx = 0;
    for (double v : vals) { mn = std::min(mn, std::fabs(v)); mx = std::max(mx, std::fabs(v)); }
    for (double v : vals)
      if (v != std::ceil(v)) { int_mode_ = false; break; }
    if (int_mode_) {
      if (mx / mn > 1000.0 || mx > 1.0e8) {
        sci_mode_ = true;
        for (double v : vals) width_ = std::max(width_, int(sci(v, precision_).size()));
      } else {
        for (double v : vals) width_ = std::max(width_, int(fixed(v, 0).size()) + 1);
      }
    } else if (mx / mn > 1000.0 || mx > 1.0e8 || mn < 1.0e-4) {
      sci_mode_ = true;
      for (double v : vals) width_ = std::max(width_, int(sci(v, precision_).size()));
    } else {
      for (double v : vals) width_ = std::max(width_, int(fixed(v, precision_).size()));
    }
    if (o.sci_mode) sci_mode_ = *o.sci_mode;  // overrides the mode, not the widths
  }

  int width() const { return width_; }

  std::string format(int64_t storage_index) const {
    std::string r;
    if (!floating_) {
      r = int_str(t_, storage_index);
    } else {
      double v = t_.double_at(storage_index);
      if (sci_mode_) {
        r = sci(v, precision_);
      } else if (int_mode_) {
        r = fixed(v, 0);
        if (std::isfinite(v)) r += ".";
      } else {
        r = fixed(v, precision_);
      }
    }
    if (int(r.size()) < width_) r.insert(0, size_t(width_) - r.size(), ' ');
    return r;
  }

 private:
  const Tensor& t_;
  bool floating_;
  int precision_;
  bool int_mode_ = true;
  bool sci_mode_ = false;
  int width_ = 1;
};

std::string join(const std::vector<std::string>& parts, const std::string& sep) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i) out += sep;
    out += parts[i];
  }
  return out;
}

std::string vector_str(const Slab& s, int indent, bool summarize, const Formatter& f, const PrintOptions& o) {
  const int element_length = f.width() + 2;  // the value plus ", "
  const size_t per_line = size_t(std::max(1.0, std::floor(double(o.linewidth - indent) / element_length)));
  const int64_t n = s.sizes[0], edge = o.edgeitems;
  std::vector<std::string> data;
  if (summarize && edge == 0) {
    data.push_back("...");
  } else if (summarize && n > 2 * edge) {
    for (int64_t i = 0; i < edge; ++i) data.push_back(f.format(s.index(i).offset));
    data.push_back(" ...");
    for (int64_t i = n - edge; i < n; ++i) data.push_back(f.format(s.index(i).offset));
  } else {
    for (int64_t i = 0; i < n; ++i) data.push_back(f.format(s.index(i).offset));
  }
  std::vector<std::string> lines;
  for (size_t i = 0; i < data.size(); i += per_line) {
    std::vector<std::string> line(data.begin() + long(i), data.begin() + long(std::min(data.size(), i + per_line)));
    lines.push_back(join(line, ", "));
  }
  return "[" + join(lines, ",\n" + std::string(size_t(indent + 1), ' ')) + "]";
}

std::string str_with_formatter(const Slab& s, int indent, bool summarize, const Formatter& f, const PrintOptions& o) {
  if (s.dim() == 0) return f.format(s.offset);
  if (s.dim() == 1) return vector_str(s, indent, summarize, f, o);
  const int64_t n = s.sizes[0], edge = o.edgeitems;
  std::vector<std::string> slices;
  if (summarize && n > 2 * edge) {
    for (int64_t i = 0; i < edge; ++i) slices.push_back(str_with_formatter(s.index(i), indent + 1, summarize, f, o));
    slices.push_back("...");
    for (int64_t i = n - edge; i < n; ++i) slices.push_back(str_with_formatter(s.index(i), indent + 1, summarize, f, o));
  } else {
    for (int64_t i = 0; i < n; ++i) slices.push_back(str_with_formatter(s.index(i), indent + 1, summarize, f, o));
  }
  // Blocks of a 3-D+ tensor are separated by dim-2 blank lines.
  const std::string sep = "," + std::string(size_t(s.dim() - 1), '\n') + std::string(size_t(indent + 1), ' ');
  return "[" + join(slices, sep) + "]";
}

// str(tuple(t.shape)): "(0, 3)", "(5,)"
std::string shape_tuple(const Shape& s) {
  std::string out = "(";
  for (size_t i = 0; i < s.size(); ++i) {
    if (i) out += ", ";
    out += std::to_string(s[i]);
  }
  if (s.size() == 1) out += ",";
  return out + ")";
}

// _add_suffixes. Note the +2 quirk: last_line_len starts at len(last line) + 2, so a suffix stays
// on the line only while len(last line) + len(suffix) + 4 <= linewidth.
std::string add_suffixes(const std::string& body, const std::vector<std::string>& suffixes, int indent, int linewidth) {
  std::string out = body;
  const size_t nl = body.rfind('\n');
  int64_t last_line_len = int64_t(body.size()) - (nl == std::string::npos ? -1 : int64_t(nl)) + 1;
  for (const std::string& suffix : suffixes) {
    const int64_t len = int64_t(suffix.size());
    if (last_line_len + len + 2 > linewidth) {
      out += ",\n" + std::string(size_t(indent), ' ') + suffix;
      last_line_len = indent + len;
    } else {
      out += ", " + suffix;
      last_line_len += len + 2;
    }
  }
  return out + ")";
}

}  // namespace

namespace {
thread_local std::vector<int64_t>* values_read = nullptr;  // the innermost ValuesRead's list
}  // namespace

ValuesRead::ValuesRead(std::vector<int64_t>& storage_ids) : outer_(values_read) { values_read = &storage_ids; }
ValuesRead::~ValuesRead() { values_read = outer_; }

std::string tensor_body(const Tensor& t, int indent, const PrintOptions& o) {
  if (values_read) values_read->push_back(t.storage()->id());
  if (t.numel() == 0) return "[]";
  const bool summarize = double(t.numel()) > o.threshold;
  const Slab root{t.storage_offset(), t.sizes(), t.strides()};
  std::vector<int64_t> elements;
  collect(root, summarize, o.edgeitems, elements);
  const Formatter f(t, elements, o);
  return str_with_formatter(root, indent, summarize, f, o);
}

std::string tensor_repr(const Tensor& t, const TensorReprExtras& extras) {
  return tensor_repr(t, extras, ctx().print_options);
}

std::string tensor_repr(const Tensor& t, const TensorReprExtras& extras, const PrintOptions& o) {
  const std::string prefix = "tensor(";
  const int indent = int(prefix.size());
  std::vector<std::string> suffixes;
  // Note [Print tensor device]: only a device other than the default (cpu) is shown.
  if (!t.device().is_cpu()) suffixes.push_back("device='" + t.device().str() + "'");
  const DType d = t.dtype(), default_dtype = ctx().default_dtype;
  const bool has_default_dtype = d == default_dtype || d == DType::Int64 || d == DType::Bool;
  std::string body;
  if (t.numel() == 0) {
    if (t.dim() != 1) suffixes.push_back("size=" + shape_tuple(t.sizes()));
    // No elements to infer int64 from, so every non-default dtype is shown.
    if (d != default_dtype) suffixes.push_back("dtype=" + dtype_repr(d));
    body = "[]";
  } else {
    if (o.edgeitems == 0) suffixes.push_back("size=" + shape_tuple(t.sizes()));
    if (!has_default_dtype) suffixes.push_back("dtype=" + dtype_repr(d));
    body = tensor_body(t, indent, o);
  }
  if (!extras.grad_fn_name.empty()) suffixes.push_back("grad_fn=<" + extras.grad_fn_name + ">");
  else if (extras.requires_grad) suffixes.push_back("requires_grad=True");
  const std::string repr = add_suffixes(prefix + body, suffixes, indent, o.linewidth);
  return extras.is_parameter ? "Parameter containing:\n" + repr : repr;
}

std::string size_repr(const Shape& sizes) { return "torch.Size(" + shape_str(sizes) + ")"; }

}  // namespace tp::format
