// numpy/_core/arrayprint.py (numpy 2.x, default print options) ported: FloatingFormat /
// IntegerFormat / BoolFormat over the summarised data (_leading_trailing), _formatArray's line
// filling, and array_repr's shape=/dtype= extras.
#include "format/numpy_str.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include "core/callable.h"
#include <vector>

#include "format/py_format.h"

namespace tp::format {

namespace {

Precision precision_of(DType d) {
  return d == DType::Float32 ? Precision::Single : d == DType::Float16 ? Precision::Half : Precision::Double;
}

constexpr int64_t kThreshold = 1000, kEdgeItems = 3;
constexpr size_t kLineWidth = 75;
constexpr int kPrecision = 8;

std::string printf_double(const char* fmt, int precision, double v) {
  char buf[512];
  std::snprintf(buf, sizeof buf, fmt, precision, v);
  return buf;
}

// A finite value split like dragon4's output: sign + int part, fraction digits, exponent text.
struct Digits {
  std::string int_part;  // with a leading '-' when negative
  std::string frac;      // trailing zeros trimmed (trim='.')
  std::string exp;       // scientific only: sign and at least two digits, e.g. "+05"
};

// dragon4_positional(x, precision=8, unique=True, fractional=True, trim='.'): the shortest digits,
// or the exact value rounded half-even to 8 fractional digits when those are more than 8.
Digits positional(double v, Precision f32) {
  Digits out;
  const std::string sign = std::signbit(v) ? "-" : "";
  std::string s;
  if (v == 0) {
    s = "0.";
  } else {
    const ShortestDigits d = shortest_digits(v, f32);
    const int frac_digits = std::max(0, int(d.digits.size()) - 1 - d.exp10);
    s = printf_double("%.*f", std::min(frac_digits, kPrecision), std::fabs(v));
  }
  const size_t dot = s.find('.');
  out.int_part = sign + (dot == std::string::npos ? s : s.substr(0, dot));
  out.frac = dot == std::string::npos ? "" : s.substr(dot + 1);
  while (!out.frac.empty() && out.frac.back() == '0') out.frac.pop_back();
  return out;
}

// dragon4_scientific(x, precision=8, unique=True, trim='.'): at most 8 fraction digits.
Digits scientific(double v, Precision f32) {
  Digits out;
  const std::string sign = std::signbit(v) ? "-" : "";
  std::string mantissa;
  int exp10 = 0;
  if (v == 0) {
    mantissa = "0";
  } else {
    ShortestDigits d = shortest_digits(v, f32);
    if (int(d.digits.size()) - 1 > kPrecision) {
      const std::string s = printf_double("%.*e", kPrecision, std::fabs(v));
      d.digits.clear();
      for (size_t k = 0; k < s.find('e'); ++k)
        if (s[k] != '.') d.digits += s[k];
      d.exp10 = std::atoi(s.c_str() + s.find('e') + 1);
      while (d.digits.size() > 1 && d.digits.back() == '0') d.digits.pop_back();
    }
    mantissa = d.digits;
    exp10 = d.exp10;
  }
  out.int_part = sign + mantissa.substr(0, 1);
  out.frac = mantissa.substr(1);
  char buf[16];
  std::snprintf(buf, sizeof buf, "%c%02d", exp10 < 0 ? '-' : '+', std::abs(exp10));
  out.exp = buf;
  return out;
}

std::string spaces(size_t n) { return std::string(n, ' '); }

// FloatingFormat with floatmode 'maxprec', sign '-', suppress_small False.
class FloatFormat {
 public:
  FloatFormat(const std::vector<double>& data, Precision f32) : f32_(f32) {
    std::vector<double> finite;
    for (double v : data)
      if (std::isfinite(v)) finite.push_back(v);
    double mx = 0, mn = INFINITY;
    for (double v : finite)
      if (v != 0) { mx = std::max(mx, std::fabs(v)); mn = std::min(mn, std::fabs(v)); }
    if (mx > 0) {
      // numpy 2 compares in the array's dtype (NEP 50) and cuts at 10**min(8, finfo.precision).
      if (f32_ == Precision::Half) {
        const float hx = float(Half(mx)), hn = float(Half(mn));  // exact: the values are halves
        exp_format_ = hx >= 1e3f || hn < float(Half(0.0001)) || float(Half(hx / hn)) > 1000.f;
      } else if (f32_ == Precision::Single) {
        exp_format_ = float(mx) >= 1e6f || float(mn) < 0.0001f || float(mx) / float(mn) > 1000.f;
      }
      else exp_format_ = mx >= 1e8 || mn < 0.0001 || mx / mn > 1000.;
    }
    if (!finite.empty() && exp_format_) {
      size_t precision = 0;
      for (double v : finite) {
        const Digits d = scientific(v, f32_);
        exp_size_ = std::max(exp_size_, d.exp.size() - 1);
        precision = std::max(precision, d.frac.size());
        pad_left_ = std::max(pad_left_, d.int_part.size());
      }
      precision_ = precision;
      pad_right_ = exp_size_ + 2 + precision;
    } else {
      for (double v : finite) {
        const Digits d = positional(v, f32_);
        pad_left_ = std::max(pad_left_, d.int_part.size());
        pad_right_ = std::max(pad_right_, d.frac.size());
      }
    }
    if (finite.size() != data.size()) {  // room for nan / inf / -inf
      bool neginf = false;
      for (double v : data) neginf |= std::isinf(v) && v < 0;
      const int64_t offset = int64_t(pad_right_) + 1;
      pad_left_ = size_t(std::max<int64_t>({int64_t(pad_left_), 3 - offset, 3 + (neginf ? 1 : 0) - offset}));
    }
  }

  std::string operator()(double v) const {
    if (!std::isfinite(v)) {
      const std::string s = std::isnan(v) ? "nan" : v < 0 ? "-inf" : "inf";
      const size_t width = pad_left_ + pad_right_ + 1;
      return spaces(width > s.size() ? width - s.size() : 0) + s;
    }
    if (exp_format_) {
      // min_digits = precision: digits past the shortest ones are the exact value's, rounded
      // half-even (float32 1.2778721e-40, not 1.2778700e-40).
      const std::string s = printf_double("%.*e", int(precision_), std::fabs(v));
      const size_t dot = s.find('.'), e = s.find('e');
      Digits d;
      d.int_part = (std::signbit(v) ? "-" : "") + s.substr(0, std::min(dot, e));
      d.frac = dot == std::string::npos ? "" : s.substr(dot + 1, e - dot - 1);
      d.exp = s.substr(e + 1);
      std::string exp_digits = d.exp.substr(1);
      exp_digits.insert(0, exp_size_ > exp_digits.size() ? exp_size_ - exp_digits.size() : 0, '0');
      return spaces(pad_left_ > d.int_part.size() ? pad_left_ - d.int_part.size() : 0) + d.int_part + "." + d.frac +
             "e" + d.exp[0] + exp_digits;
    }
    const Digits d = positional(v, f32_);
    return spaces(pad_left_ > d.int_part.size() ? pad_left_ - d.int_part.size() : 0) + d.int_part + "." + d.frac +
           spaces(pad_right_ > d.frac.size() ? pad_right_ - d.frac.size() : 0);
  }

 private:
  Precision f32_;
  bool exp_format_ = false;
  size_t pad_left_ = 0, pad_right_ = 0, exp_size_ = 0, precision_ = 0;
};

// _leading_trailing: storage indices of the corners numpy formats from when summarising.
void corners(const Tensor& a, size_t axis, int64_t offset, bool summarize, std::vector<int64_t>& out) {
  if (axis == a.sizes().size()) { out.push_back(offset); return; }
  const int64_t n = a.sizes()[axis], stride = a.strides()[axis];
  const bool cut = summarize && n > 2 * kEdgeItems;
  for (int64_t i = 0; i < n; ++i) {
    if (cut && i == kEdgeItems) i = n - kEdgeItems;
    corners(a, axis + 1, offset + i * stride, summarize, out);
  }
}

using ElementFormatter = Callable<std::string(int64_t storage_index)>;

ElementFormatter element_formatter(const Tensor& a, bool summarize) {
  std::vector<int64_t> data;
  corners(a, 0, a.storage_offset(), summarize, data);
  if (is_floating(a.dtype())) {
    std::vector<double> vals;
    for (int64_t e : data) vals.push_back(a.double_at(e));
    const FloatFormat f(vals, precision_of(a.dtype()));
    return [a, f](int64_t idx) { return f(a.double_at(idx)); };
  }
  if (a.dtype() == DType::Bool) {  // " True" lines up with "False", except in 0-d arrays
    const std::string true_str = a.dim() == 0 ? "True" : " True";
    return [a, true_str](int64_t idx) { return a.int_at(idx) ? true_str : std::string("False"); };
  }
  size_t width = 0;  // IntegerFormat: max(len(str(max)), len(str(min)))
  for (int64_t e : data) width = std::max(width, std::to_string(a.int_at(e)).size());
  return [a, width](int64_t idx) {
    const std::string s = std::to_string(a.int_at(idx));
    return spaces(width > s.size() ? width - s.size() : 0) + s;
  };
}

std::string rstrip(const std::string& s) {
  const size_t end = s.find_last_not_of(' ');
  return end == std::string::npos ? "" : s.substr(0, end + 1);
}

// _formatArray (legacy=False): fills lines up to line_width, wraps with next_line_prefix.
class ArrayFormatter {
 public:
  ArrayFormatter(const Tensor& a, ElementFormatter fmt, std::string separator, bool summarize)
      : a_(a), fmt_(std::move(fmt)), separator_(std::move(separator)), summarize_(summarize) {}

  std::string format(size_t line_width, const std::string& next_line_prefix) const {
    return recurse(a_.storage_offset(), 0, next_line_prefix, int64_t(line_width));
  }

 private:
  // _extendLine: wrap unless the line holds nothing but the indent ("don't wrap if it won't help").
  static void extend(std::string& s, std::string& line, const std::string& word, int64_t width, const std::string& indent) {
    if (int64_t(line.size() + word.size()) > width && line.size() > indent.size()) {
      s += rstrip(line) + "\n";
      line = indent;
    }
    line += word;
  }

  std::string recurse(int64_t offset, size_t axis, const std::string& hanging, int64_t curr_width) const {
    const size_t axes_left = a_.sizes().size() - axis;
    if (axes_left == 0) return fmt_(offset);
    const std::string next_hanging = hanging + " ";
    const int64_t next_width = curr_width - 1;  // len(']')
    const int64_t n = a_.sizes()[axis], stride = a_.strides()[axis];
    const bool show_summary = summarize_ && n > 2 * kEdgeItems;
    const int64_t leading = show_summary ? kEdgeItems : 0, trailing = show_summary ? kEdgeItems : n;
    auto item = [&](int64_t i) { return recurse(offset + i * stride, axis + 1, next_hanging, next_width); };
    std::string s;
    if (axes_left == 1) {
      const int64_t elem_width = curr_width - std::max<int64_t>(int64_t(rstrip(separator_).size()), 1);
      std::string line = hanging;
      for (int64_t i = 0; i < leading; ++i) {
        extend(s, line, item(i), elem_width, hanging);
        line += separator_;
      }
      if (show_summary) {
        extend(s, line, "...", elem_width, hanging);
        line += separator_;
      }
      for (int64_t i = trailing; i > 1; --i) {
        extend(s, line, item(n - i), elem_width, hanging);
        line += separator_;
      }
      extend(s, line, item(n - 1), elem_width, hanging);
      s += line;
    } else {
      const std::string line_sep = rstrip(separator_) + std::string(axes_left - 1, '\n');
      for (int64_t i = 0; i < leading; ++i) s += hanging + item(i) + line_sep;
      if (show_summary) s += hanging + "..." + line_sep;
      for (int64_t i = trailing; i > 1; --i) s += hanging + item(n - i) + line_sep;
      s += hanging + item(n - 1);
    }
    return "[" + s.substr(hanging.size()) + "]";
  }

  const Tensor& a_;
  ElementFormatter fmt_;
  std::string separator_;
  bool summarize_;
};

std::string numpy_dtype_name(DType d) {
  switch (d) {
    case DType::Bool: return "bool";
    default: return dtype_short_name(d);
  }
}

// Python's repr of a shape tuple: (2000,), (0, 3)
std::string shape_tuple(const Shape& s) {
  std::string out = "(";
  for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
  return out + (s.size() == 1 ? ",)" : ")");
}

// str(np.float64(v)): Python's repr layout on the dtype's shortest digits.
std::string float_scalar_str(double v, Precision f32) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (f32 == Precision::Double) return py_float_repr(v);
  const std::string sign = std::signbit(v) ? "-" : "";
  const double a = std::fabs(v);
  if (a == 0) return sign + "0.0";
  const ShortestDigits d = shortest_digits(a, f32);
  if (a < 1e-4 || a >= 1e16) {
    std::string m = d.digits.substr(0, 1);
    if (d.digits.size() > 1) m += "." + d.digits.substr(1);
    char buf[16];
    std::snprintf(buf, sizeof buf, "e%c%02d", d.exp10 < 0 ? '-' : '+', std::abs(d.exp10));
    return sign + m + buf;
  }
  if (d.exp10 < 0) return sign + "0." + std::string(size_t(-d.exp10 - 1), '0') + d.digits;
  std::string ip = d.digits.substr(0, std::min(d.digits.size(), size_t(d.exp10 + 1)));
  ip.append(size_t(d.exp10 + 1) - ip.size(), '0');
  const std::string fp = d.digits.size() > size_t(d.exp10 + 1) ? d.digits.substr(size_t(d.exp10 + 1)) : "0";
  return sign + ip + "." + fp;
}

}  // namespace

std::string shortest_repr_digits(double v, DType dtype) {
  if (!std::isfinite(v) || v == 0) return printf_double("%.*g", 1, v);
  const ShortestDigits d = shortest_digits(v, precision_of(dtype));
  std::string m = (std::signbit(v) ? "-" : "") + d.digits.substr(0, 1);
  if (d.digits.size() > 1) m += "." + d.digits.substr(1);
  return m + "e" + std::to_string(d.exp10);
}

std::string numpy_scalar_str(double v, DType dtype) {
  if (dtype == DType::Bool) return v != 0 ? "True" : "False";
  if (!is_floating(dtype)) return std::to_string(int64_t(v));
  return float_scalar_str(v, precision_of(dtype));
}

std::string numpy_scalar_repr(double v, DType dtype) {
  if (dtype == DType::Bool) return v != 0 ? "np.True_" : "np.False_";
  return "np." + numpy_dtype_name(dtype) + "(" + numpy_scalar_str(v, dtype) + ")";
}

std::string numpy_str(const Tensor& a) {
  if (a.dim() == 0) return numpy_scalar_str(a.double_at(a.storage_offset()), a.dtype());
  if (a.numel() == 0) return "[]";
  const bool summarize = a.numel() > kThreshold;
  return ArrayFormatter(a, element_formatter(a, summarize), " ", summarize).format(kLineWidth, " ");
}

std::string numpy_repr(const Tensor& a) {
  const std::string prefix = "array(";
  const bool summarize = a.numel() > kThreshold;
  std::string body;
  if (a.numel() == 0) body = "[]";
  else  // wrapping is forced at linewidth - len(")")
    body = ArrayFormatter(a, element_formatter(a, summarize), ", ", summarize).format(kLineWidth - 1, spaces(prefix.size() + 1));
  std::vector<std::string> extras;
  if ((a.numel() == 0 && !(a.dim() == 1)) || summarize) extras.push_back("shape=" + shape_tuple(a.sizes()));
  const bool implied = a.dtype() == DType::Float64 || a.dtype() == DType::Int64 || a.dtype() == DType::Bool;
  if (!implied || a.numel() == 0) extras.push_back("dtype=" + numpy_dtype_name(a.dtype()));
  if (extras.empty()) return prefix + body + ")";
  const std::string arr_str = prefix + body + ",";
  std::string extra_str;
  for (size_t i = 0; i < extras.size(); ++i) extra_str += (i ? ", " : "") + extras[i];
  extra_str += ")";
  const size_t nl = arr_str.rfind('\n');
  const size_t last_line_len = arr_str.size() - (nl == std::string::npos ? 0 : nl + 1);
  const std::string spacer = last_line_len + extra_str.size() + 1 > kLineWidth ? "\n" + spaces(prefix.size()) : " ";
  return arr_str + spacer + extra_str;
}

}  // namespace tp::format
