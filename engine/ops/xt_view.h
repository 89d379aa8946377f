// Private: xtensor views over our storages. Note [Whole-storage adaptor]: xt::adapt with the view's
// own shape/strides throws for expanded or overlapping views, so the whole buffer is adapted as
// 1-D and xt::strided_view applies PyTorch's (sizes, strides, offset) on top (toolchain.md #21).
// Only the .cpp files doing math include this (xtensor headers are heavy to compile).
#pragma once
#include <xtensor/xadapt.hpp>
#include <xtensor/xnoalias.hpp>
#include <xtensor/xstrided_view.hpp>

#include "ops/iter.h"

namespace tp::native {

template <class T>
auto xt_strided(const Geometry& g) {
  auto flat = xt::adapt(reinterpret_cast<T*>(g.base), g.capacity, xt::no_ownership(),
                        std::vector<size_t>{g.capacity});
  return xt::strided_view(std::move(flat), std::vector<size_t>(g.sizes.begin(), g.sizes.end()),
                          std::vector<std::ptrdiff_t>(g.strides.begin(), g.strides.end()), size_t(g.offset),
                          xt::layout_type::dynamic);
}

}  // namespace tp::native
