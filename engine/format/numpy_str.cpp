#include "format/numpy_str.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

namespace tp::format {

namespace {

bool round_trips(const char* s, double v, DType dtype) {
  if (dtype == DType::Float32) return std::strtof(s, nullptr) == float(v);
  return std::strtod(s, nullptr) == v;
}

// Positional digits like dragon4_positional(unique=True, precision=8, trim='.'): the shortest
// round-trip digits, cut to 8 fractional digits when longer; trailing zeros trimmed, '.' kept.
std::string positional(double v, DType dtype, int precision = 8) {
  char buf[512];
  int digits = 0;
  for (int p = 0; p <= 17; ++p) {  // fewest fractional digits that round-trip
    std::snprintf(buf, sizeof buf, "%.*f", p, v);
    if (round_trips(buf, v, dtype)) { digits = p; break; }
    digits = p;
  }
  std::snprintf(buf, sizeof buf, "%.*f", std::min(digits, precision), v);
  std::string s = buf;
  if (s.find('.') == std::string::npos) s += ".";
  while (s.back() == '0') s.pop_back();
  return s;
}

// Scientific digits like dragon4_scientific(unique=True, precision=8, trim='.'): mantissa digits
// shortest (<= 8 fractional), exponent at least two digits.
std::string scientific(double v, DType dtype, int precision = 8) {
  char buf[512];
  int digits = precision;
  for (int p = 0; p <= precision; ++p) {
    std::snprintf(buf, sizeof buf, "%.*e", p, v);
    if (round_trips(buf, v, dtype)) { digits = p; break; }
  }
  std::snprintf(buf, sizeof buf, "%.*e", digits, v);
  std::string s = buf;
  size_t e = s.find('e');
  std::string mant = s.substr(0, e), exp = s.substr(e + 1);
  if (mant.find('.') == std::string::npos) mant += ".";
  while (mant.back() == '0') mant.pop_back();
  return mant + "e" + exp;
}

struct FloatFormat {
  bool exp_format = false;
  size_t pad_left = 0, pad_right = 0;
  size_t exp_size = 0;
  DType dtype = DType::Float64;

  std::string operator()(double v) const {
    if (!std::isfinite(v)) {
      std::string s = std::isnan(v) ? "nan" : (v < 0 ? "-inf" : "inf");
      return std::string(pad_left + pad_right + 1 > s.size() ? pad_left + pad_right + 1 - s.size() : 0, ' ') + s;
    }
    if (exp_format) {
      std::string s = scientific(v, dtype);
      size_t e = s.find('e');
      std::string mant = s.substr(0, e), exp = s.substr(e + 1);
      size_t dot = mant.find('.');
      std::string ip = mant.substr(0, dot), fp = mant.substr(dot + 1);
      fp.append(pad_right - (exp_size + 2) - fp.size(), '0');  // min_digits = precision (trim 'k')
      std::string sign = exp.substr(0, 1), ed = exp.substr(1);
      ed.insert(0, exp_size > ed.size() ? exp_size - ed.size() : 0, '0');
      std::string out = ip + "." + fp + "e" + sign + ed;
      return std::string(pad_left > ip.size() ? pad_left - ip.size() : 0, ' ') + out;
    }
    std::string s = positional(v, dtype);
    size_t dot = s.find('.');
    std::string ip = s.substr(0, dot), fp = s.substr(dot + 1);
    return std::string(pad_left > ip.size() ? pad_left - ip.size() : 0, ' ') + ip + "." + fp +
           std::string(pad_right > fp.size() ? pad_right - fp.size() : 0, ' ');
  }
};

FloatFormat fill_float_format(const std::vector<double>& data, DType dtype) {
  FloatFormat f;
  f.dtype = dtype;
  std::vector<double> finite;
  for (double v : data)
    if (std::isfinite(v)) finite.push_back(v);
  double mx = 0, mn = INFINITY;
  bool any_nonzero = false;
  for (double v : finite)
    if (v != 0) { any_nonzero = true; mx = std::max(mx, std::fabs(v)); mn = std::min(mn, std::fabs(v)); }
  if (any_nonzero && (mx >= 1e8 || mn < 0.0001 || mx / mn > 1000.)) f.exp_format = true;
  if (finite.empty()) {
    f.pad_left = 0; f.pad_right = 0;
  } else if (f.exp_format) {
    size_t precision = 0;
    for (double v : finite) {
      std::string s = scientific(v, dtype);
      size_t e = s.find('e'), dot = s.find('.');
      f.exp_size = std::max(f.exp_size, s.size() - e - 2);
      precision = std::max(precision, e - dot - 1);
      f.pad_left = std::max(f.pad_left, dot);
    }
    f.pad_right = f.exp_size + 2 + precision;
  } else {
    for (double v : finite) {
      std::string s = positional(v, dtype);
      size_t dot = s.find('.');
      f.pad_left = std::max(f.pad_left, dot);
      f.pad_right = std::max(f.pad_right, s.size() - dot - 1);
    }
  }
  if (finite.size() != data.size()) {
    bool neginf = false;
    for (double v : data) if (std::isinf(v) && v < 0) neginf = true;
    size_t offset = f.pad_right + 1;
    size_t nanlen = 3, inflen = 3 + (neginf ? 1 : 0);
    if (nanlen > offset) f.pad_left = std::max(f.pad_left, nanlen - offset);
    if (inflen > offset) f.pad_left = std::max(f.pad_left, inflen - offset);
  }
  return f;
}

// _formatArray: nested brackets, separator, 75-column wrapping, summarisation over 1000 elements.
std::string format_array(const Tensor& a, const std::function<std::string(int64_t)>& fmt,
                         const std::string& next_line_prefix, const std::string& separator, bool summarize) {
  const size_t line_width = 75;
  const int64_t edge = 3;
  std::function<std::string(int64_t, size_t, const std::string&, size_t)> rec =
      [&](int64_t offset, size_t axis, const std::string& hanging, size_t curr_width) -> std::string {
    size_t axes_left = a.sizes().size() - axis;
    if (axes_left == 0) return fmt(offset);
    std::string next_hanging = hanging + " ";
    size_t next_width = curr_width - 1;
    int64_t n = a.sizes()[axis], stride = a.strides()[axis];
    bool show_summary = summarize && n > 2 * edge;
    int64_t leading = show_summary ? edge : n, trailing = show_summary ? edge : 0;
    std::string s;
    if (axes_left == 1) {
      size_t sep_len = separator.find_last_not_of(' ') == std::string::npos ? 0 : 1;
      size_t elem_width = curr_width - std::max<size_t>(sep_len, 1);
      std::string line = hanging;
      auto extend = [&](const std::string& word) {
        bool wrap = line.size() + word.size() > elem_width && line.size() > hanging.size();
        if (wrap) {
          size_t end = line.find_last_not_of(' ');
          s += line.substr(0, end + 1) + "\n";
          line = hanging;
        }
        line += word;
      };
      std::vector<int64_t> idx;
      for (int64_t i = 0; i < leading; ++i) idx.push_back(i);
      for (size_t k = 0; k < idx.size(); ++k) {
        if (k + 1 == idx.size() && !show_summary) break;
        extend(rec(offset + idx[k] * stride, axis + 1, next_hanging, next_width));
        line += separator;
      }
      if (show_summary) {
        extend("...");
        line += separator;
        for (int64_t i = trailing; i > 1; --i) {
          extend(rec(offset + (n - i) * stride, axis + 1, next_hanging, next_width));
          line += separator;
        }
      }
      if (n > 0) extend(rec(offset + (n - 1) * stride, axis + 1, next_hanging, next_width));
      s += line;
    } else {
      size_t end = separator.find_last_not_of(' ');
      std::string line_sep = (end == std::string::npos ? "" : separator.substr(0, end + 1)) + std::string(axes_left - 1, '\n');
      for (int64_t i = 0; i < leading - (show_summary ? 0 : 1); ++i)
        s += hanging + rec(offset + i * stride, axis + 1, next_hanging, next_width) + line_sep;
      if (show_summary) {
        s += hanging + "..." + line_sep;
        for (int64_t i = trailing; i > 1; --i)
          s += hanging + rec(offset + (n - i) * stride, axis + 1, next_hanging, next_width) + line_sep;
      }
      if (n > 0) s += hanging + rec(offset + (n - 1) * stride, axis + 1, next_hanging, next_width);
    }
    return "[" + s.substr(hanging.size()) + "]";
  };
  return rec(a.storage_offset(), 0, next_line_prefix, line_width);
}

std::function<std::string(int64_t)> element_formatter(const Tensor& a, bool summarize) {
  std::vector<int64_t> elements;
  for (int64_t i = 0; i < a.numel(); ++i) elements.push_back(a.storage_index_of(i));
  (void)summarize;
  if (is_floating(a.dtype())) {
    std::vector<double> vals;
    for (int64_t e : elements) vals.push_back(a.double_at(e));
    FloatFormat f = fill_float_format(vals, a.dtype());
    return [a, f](int64_t idx) { return f(a.double_at(idx)); };
  }
  if (a.dtype() == DType::Bool) {
    bool any_false = false;
    for (int64_t e : elements) any_false |= a.int_at(e) == 0;
    bool scalar = a.dim() == 0;
    return [a, any_false, scalar](int64_t idx) {
      if (a.int_at(idx)) return std::string(!scalar && any_false ? " True" : "True");
      return std::string("False");
    };
  }
  size_t width = 0;
  for (int64_t e : elements) width = std::max(width, std::to_string(a.int_at(e)).size());
  return [a, width](int64_t idx) {
    std::string s = std::to_string(a.int_at(idx));
    return std::string(width > s.size() ? width - s.size() : 0, ' ') + s;
  };
}

}  // namespace

std::string shortest_repr_digits(double v, DType dtype) {
  char buf[64];
  for (int p = 1; p <= 17; ++p) {
    std::snprintf(buf, sizeof buf, "%.*g", p, v);
    if (round_trips(buf, v, dtype)) break;
  }
  return buf;
}

std::string numpy_scalar_str(double v, DType dtype) {
  if (dtype == DType::Bool) return v != 0 ? "True" : "False";
  if (!is_floating(dtype)) return std::to_string(int64_t(v));
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  // Python-style repr of the shortest digits: positional for 1e-4 <= |v| < 1e16.
  double a = std::fabs(v);
  if (a != 0 && (a < 1e-4 || a >= 1e16)) {
    std::string s = scientific(v, dtype, 17);
    size_t e = s.find('e');
    std::string mant = s.substr(0, e), exp = s.substr(e + 1);
    if (mant.back() == '.') mant.pop_back();
    return mant + "e" + exp;
  }
  std::string s = positional(v, dtype, 17);
  if (s.back() == '.') s += "0";
  return s;
}

std::string numpy_str(const Tensor& a) {
  if (a.dim() == 0) return numpy_scalar_str(a.double_at(a.storage_offset()), a.dtype());
  if (a.numel() == 0) return "[]";
  bool summarize = a.numel() > 1000;
  return format_array(a, element_formatter(a, summarize), " ", " ", summarize);
}

std::string numpy_repr(const Tensor& a) {
  std::string suffix;
  if (a.dtype() != DType::Float64 && a.dtype() != DType::Int64 && a.dtype() != DType::Bool)
    suffix = ", dtype=" + dtype_short_name(a.dtype());
  if (a.dim() == 0) return "array(" + numpy_scalar_str(a.double_at(a.storage_offset()), a.dtype()) + suffix + ")";
  if (a.numel() == 0) return "array([]" + (suffix.empty() && a.dtype() == DType::Float64 ? std::string() : suffix) + ")";
  bool summarize = a.numel() > 1000;
  return "array(" + format_array(a, element_formatter(a, summarize), "       ", ", ", summarize) + suffix + ")";
}

}  // namespace tp::format
