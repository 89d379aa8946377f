#include "format/tensor_str.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "core/context.h"

namespace tp::format {

namespace {

// Python's '%.{p}f' / '%.{p}e' / '%.0f'; C's printf rounds the exact binary value like Python,
// except that it may print "-nan", which Python never does.
std::string printf_double(const char* fmt, int precision, double v) {
  if (std::isnan(v)) return "nan";
  char buf[512];
  std::snprintf(buf, sizeof buf, fmt, precision, v);
  return buf;
}
std::string fixed(double v, int precision) { return printf_double("%.*f", precision, v); }
std::string sci(double v, int precision) { return printf_double("%.*e", precision, v); }

std::string int_str(const Tensor& t, int64_t storage_index) {
  if (t.dtype() == DType::Bool) return t.int_at(storage_index) ? "True" : "False";
  return std::to_string(t.int_at(storage_index));
}

// A logical sub-tensor: offset + sizes/strides over the same storage (like t[i] without objects).
struct Slab {
  int64_t offset;
  Shape sizes, strides;
  int64_t dim() const { return int64_t(sizes.size()); }
  Slab index(int64_t i) const {
    return Slab{offset + i * strides[0], Shape(sizes.begin() + 1, sizes.end()), Shape(strides.begin() + 1, strides.end())};
  }
};

// The elements _Formatter sees: all of them, or get_summarized_data's edges when summarising.
void collect(const Slab& s, bool summarize, int edge, std::vector<int64_t>& out) {
  if (s.dim() == 0) { out.push_back(s.offset); return; }
  int64_t n = s.sizes[0];
  std::vector<int64_t> rows;
  if (summarize && n > 2 * edge) {
    for (int64_t i = 0; i < edge; ++i) rows.push_back(i);
    for (int64_t i = n - edge; i < n; ++i) rows.push_back(i);
  } else {
    for (int64_t i = 0; i < n; ++i) rows.push_back(i);
  }
  if (summarize && edge == 0 && s.dim() > 1) return;  // new_empty([0] * dim)
  for (int64_t i : rows) collect(s.index(i), summarize, edge, out);
}

class Formatter {
 public:
  Formatter(const Tensor& t, const std::vector<int64_t>& elements, const PrintOptions& o)
      : t_(t), floating_(is_floating(t.dtype())), precision_(o.precision) {
    if (!floating_) {
      for (int64_t e : elements) width_ = std::max(width_, int(int_str(t, e).size()));
      return;
    }
    std::vector<double> vals;
    for (int64_t e : elements) {
      double v = t.double_at(e);
      if (std::isfinite(v) && v != 0) vals.push_back(v);
    }
    if (!vals.empty()) {
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
      } else {
        if (mx / mn > 1000.0 || mx > 1.0e8 || mn < 1.0e-4) {
          sci_mode_ = true;
          for (double v : vals) width_ = std::max(width_, int(sci(v, precision_).size()));
        } else {
          for (double v : vals) width_ = std::max(width_, int(fixed(v, precision_).size()));
        }
      }
    }
    if (o.sci_mode) sci_mode_ = *o.sci_mode;  // overrides the mode, not the widths
  }

  int width() const { return width_; }

  std::string format(int64_t storage_index) const {
    std::string r;
    if (floating_) {
      double v = t_.double_at(storage_index);
      if (sci_mode_) r = sci(v, precision_);
      else if (int_mode_) {
        r = fixed(v, 0);
        if (!std::isinf(v) && !std::isnan(v)) r += ".";
      } else {
        r = fixed(v, precision_);
      }
    } else {
      r = int_str(t_, storage_index);
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
  int element_length = f.width() + 2;
  int per_line = std::max(1, int(std::floor(double(o.linewidth - indent) / element_length)));
  std::vector<std::string> data;
  int64_t n = s.sizes[0];
  int64_t edge = o.edgeitems;
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
  for (size_t i = 0; i < data.size(); i += size_t(per_line)) {
    std::vector<std::string> line(data.begin() + long(i), data.begin() + long(std::min(data.size(), i + size_t(per_line))));
    lines.push_back(join(line, ", "));
  }
  return "[" + join(lines, ",\n" + std::string(size_t(indent + 1), ' ')) + "]";
}

std::string str_with_formatter(const Slab& s, int indent, bool summarize, const Formatter& f, const PrintOptions& o) {
  if (s.dim() == 0) return f.format(s.offset);
  if (s.dim() == 1) return vector_str(s, indent, summarize, f, o);
  int64_t n = s.sizes[0];
  int64_t edge = o.edgeitems;
  std::vector<std::string> slices;
  if (summarize && n > 2 * edge) {
    for (int64_t i = 0; i < edge; ++i) slices.push_back(str_with_formatter(s.index(i), indent + 1, summarize, f, o));
    slices.push_back("...");
    for (int64_t i = n - edge; i < n; ++i) slices.push_back(str_with_formatter(s.index(i), indent + 1, summarize, f, o));
  } else {
    for (int64_t i = 0; i < n; ++i) slices.push_back(str_with_formatter(s.index(i), indent + 1, summarize, f, o));
  }
  std::string sep = "," + std::string(size_t(s.dim() - 1), '\n') + std::string(size_t(indent + 1), ' ');
  return "[" + join(slices, sep) + "]";
}

std::string shape_tuple(const Shape& s) {
  std::string out = "(";
  for (size_t i = 0; i < s.size(); ++i) {
    if (i) out += ", ";
    out += std::to_string(s[i]);
  }
  if (s.size() == 1) out += ",";
  return out + ")";
}

// _add_suffixes: a suffix stays on the line while len(last line) + 2 + len(suffix) + 2 <= linewidth.
std::string add_suffixes(const std::string& body, const std::vector<std::string>& suffixes, int indent, int linewidth) {
  std::string out = body;
  size_t nl = body.rfind('\n');
  int64_t last_line_len = int64_t(body.size()) - (nl == std::string::npos ? -1 : int64_t(nl)) + 1;
  for (const std::string& suffix : suffixes) {
    int64_t len = int64_t(suffix.size());
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

std::string tensor_body(const Tensor& t, int indent, const PrintOptions& o) {
  if (t.numel() == 0) return "[]";
  bool summarize = double(t.numel()) > o.threshold;
  Slab root{t.storage_offset(), t.sizes(), t.strides()};
  std::vector<int64_t> elements;
  collect(root, summarize, o.edgeitems, elements);
  Formatter f(t, elements, o);
  return str_with_formatter(root, indent, summarize, f, o);
}

std::string tensor_repr(const Tensor& t, const TensorReprExtras& extras, const PrintOptions& o) {
  const std::string prefix = "tensor(";
  const int indent = int(prefix.size());
  std::vector<std::string> suffixes;
  if (!t.device().is_cpu()) suffixes.push_back("device='" + t.device().str() + "'");
  DType d = t.dtype();
  const DType default_float = ctx().default_dtype;  // torch.get_default_dtype()
  bool has_default_dtype = d == default_float || d == DType::Int64 || d == DType::Bool;
  std::string body;
  if (t.numel() == 0) {
    if (t.dim() != 1) suffixes.push_back("size=" + shape_tuple(t.sizes()));
    if (d != default_float) suffixes.push_back("dtype=" + dtype_repr(d));
    body = "[]";
  } else {
    if (o.edgeitems == 0) suffixes.push_back("size=" + shape_tuple(t.sizes()));
    if (!has_default_dtype) suffixes.push_back("dtype=" + dtype_repr(d));
    body = tensor_body(t, indent, o);
  }
  if (!extras.grad_fn_name.empty()) suffixes.push_back("grad_fn=<" + extras.grad_fn_name + ">");
  else if (extras.requires_grad) suffixes.push_back("requires_grad=True");
  std::string repr = add_suffixes(prefix + body, suffixes, indent, o.linewidth);
  return extras.is_parameter ? "Parameter containing:\n" + repr : repr;
}

std::string size_repr(const Shape& sizes) { return "torch.Size(" + shape_str(sizes) + ")"; }

}  // namespace tp::format
