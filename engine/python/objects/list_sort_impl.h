#pragma once
// Implementation of python_sort (templated, so it lives in a header). See python/objects/list_sort.h.
#include <algorithm>
#include <cstddef>

namespace tp::interp::sort_detail {

// CPython's merge_compute_minrun: n itself below 64, else a number in [32, 64] such that
// n / minrun is a power of two or slightly less.
inline size_t compute_minrun(size_t n) {
  size_t r = 0;
  while (n >= 64) {
    r |= n & 1;
    n >>= 1;
  }
  return n + r;
}

// Length of the run starting at lo; descending runs are strictly descending (for stability).
template <class T, class Less>
size_t count_run(const std::vector<T>& v, size_t lo, size_t hi, bool& descending, Less& less) {
  descending = false;
  if (lo + 1 == hi) return 1;
  size_t n = 2;
  size_t i = lo + 1;
  if (less(v[i], v[i - 1])) {
    descending = true;
    for (++i; i < hi && less(v[i], v[i - 1]); ++i) ++n;
  } else {
    for (++i; i < hi && !less(v[i], v[i - 1]); ++i) ++n;
  }
  return n;
}

// Binary insertion of v[start..hi) into the sorted v[lo..start).
template <class T, class Less>
void binarysort(std::vector<T>& v, size_t lo, size_t hi, size_t start, Less& less) {
  if (start == lo) ++start;
  for (; start < hi; ++start) {
    size_t l = lo, r = start;
    T pivot = v[start];
    do {
      size_t p = l + ((r - l) >> 1);
      if (less(pivot, v[p])) r = p;
      else l = p + 1;
    } while (l < r);
    for (size_t k = start; k > l; --k) v[k] = v[k - 1];
    v[l] = pivot;
  }
}

template <class T, class Less>
void merge(std::vector<T>& v, size_t lo, size_t mid, size_t hi, Less& less) {
  std::vector<T> left(v.begin() + lo, v.begin() + mid);
  size_t i = 0, j = mid, k = lo;
  while (i < left.size() && j < hi) v[k++] = less(v[j], left[i]) ? v[j++] : left[i++];
  while (i < left.size()) v[k++] = left[i++];
}

}  // namespace tp::interp::sort_detail

namespace tp::interp {

template <class T>
void python_sort(std::vector<T>& v, const Callable<bool(const T&, const T&)>& less) {
  using namespace sort_detail;
  size_t n = v.size();
  if (n < 2) return;
  size_t minrun = compute_minrun(n);
  std::vector<std::pair<size_t, size_t>> runs;  // [start, length)
  for (size_t lo = 0; lo < n;) {
    bool descending = false;
    size_t len = count_run(v, lo, n, descending, less);
    if (descending) std::reverse(v.begin() + lo, v.begin() + lo + len);
    if (len < minrun) {
      size_t force = std::min(minrun, n - lo);
      binarysort(v, lo, lo + force, lo + len, less);
      len = force;
    }
    runs.push_back({lo, len});
    lo += len;
    // CPython's merge_collapse invariants keep the run stack balanced.
    while (runs.size() > 1) {
      size_t m = runs.size();
      bool merge_below = m > 2 && runs[m - 3].second <= runs[m - 2].second + runs[m - 1].second;
      if (!merge_below && runs[m - 2].second > runs[m - 1].second) break;
      size_t at = merge_below && runs[m - 3].second < runs[m - 1].second ? m - 3 : m - 2;
      merge(v, runs[at].first, runs[at + 1].first, runs[at + 1].first + runs[at + 1].second, less);
      runs[at].second += runs[at + 1].second;
      runs.erase(runs.begin() + static_cast<std::ptrdiff_t>(at) + 1);
    }
  }
  while (runs.size() > 1) {
    size_t at = runs.size() > 2 && runs[runs.size() - 3].second < runs.back().second ? runs.size() - 3 : runs.size() - 2;
    merge(v, runs[at].first, runs[at + 1].first, runs[at + 1].first + runs[at + 1].second, less);
    runs[at].second += runs[at + 1].second;
    runs.erase(runs.begin() + static_cast<std::ptrdiff_t>(at) + 1);
  }
}

}  // namespace tp::interp
