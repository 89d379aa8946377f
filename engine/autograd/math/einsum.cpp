// torch.einsum, torch.tensordot and torch.inner as Linear.cpp / LinearAlgebra.cpp compose them from
// differentiable primitives, so values (bmm / mm accumulation order) and grad_fn names follow PyTorch.
#include <algorithm>
#include <cctype>
#include <deque>
#include <numeric>
#include <string>

#include "autograd/math/products.h"
#include "core/error.h"

namespace tp {

namespace {

std::string str(int64_t v) { return std::to_string(v); }

// at::dim_list_to_bitset: wrapped dims, each at most once.
std::vector<bool> dim_bitset(const std::vector<int64_t>& dims, int64_t ndim) {
  std::vector<bool> seen(size_t(std::max<int64_t>(ndim, 0)), false);
  for (int64_t d : dims) {
    int64_t w = wrap_dim(d, ndim);
    TP_CHECK(!seen[size_t(w)], "dim " + str(w) + " appears multiple times in the list of dims");
    seen[size_t(w)] = true;
  }
  return seen;
}

// Linear.cpp sumproduct_pair: (left * right).sum(sum_dims, keepdim) through permute, reshape and
// bmm. Both operands have the same rank; size-1 dims broadcast.
Tensor sumproduct_pair(const Tensor& left_, const Tensor& right_, const std::vector<int64_t>& sum_dims_,
                       bool keepdim) {
  TP_CHECK(left_.dim() == right_.dim(), "number of dimensions must match");
  if (sum_dims_.empty()) return mul(left_, right_);
  const int64_t dim = left_.dim();
  std::vector<bool> sum_dims = dim_bitset(sum_dims_, dim);
  std::vector<int64_t> lro, lo, ro;
  int64_t lro_size = 1, lo_size = 1, ro_size = 1, sum_size = 1;
  Tensor left = left_, right = right_;
  for (int64_t i = 0; i < dim; ++i) {
    bool sl = left.size(i) != 1, sr = right.size(i) != 1;
    if (sum_dims[size_t(i)]) {
      if (sl && sr) {
        TP_CHECK(left.size(i) == right.size(i), "non-broadcast dimensions must match");
        sum_size *= left.size(i);
      } else if (sl) {
        left = sum(left, {i}, true, std::nullopt);
      } else if (sr) {
        right = sum(right, {i}, true, std::nullopt);
      }
    } else if (sl && sr) {
      TP_CHECK(left.size(i) == right.size(i), "non-broadcast dimensions must match");
      lro.push_back(i);
      lro_size *= left.size(i);
    } else if (sl) {
      lo.push_back(i);
      lo_size *= left.size(i);
    } else {
      ro.push_back(i);
      ro_size *= right.size(i);
    }
  }
  // output: "lro, lo, 1-for-summed-dims, ro"; left: "lro, lo, summed"; right: "lro, summed, ro".
  Shape out_size;
  for (int64_t d : lro) out_size.push_back(left.size(d));
  for (int64_t d : lo) out_size.push_back(left.size(d));
  for (size_t k = 0; k < sum_dims_.size(); ++k) out_size.push_back(1);
  for (int64_t d : ro) out_size.push_back(right.size(d));
  auto concat = [](std::initializer_list<const std::vector<int64_t>*> parts) {
    Shape r;
    for (auto* p : parts) r.insert(r.end(), p->begin(), p->end());
    return r;
  };
  Shape lperm = concat({&lro, &lo, &sum_dims_, &ro});
  Shape rperm = concat({&lro, &sum_dims_, &ro, &lo});
  Shape operm(out_size.size(), -1);
  {
    int64_t i = 0;
    for (const std::vector<int64_t>* part : std::initializer_list<const std::vector<int64_t>*>{&lro, &lo, &sum_dims_, &ro})
      for (int64_t d : *part) operm[size_t(d)] = i++;
  }
  left = reshape(permute(left, lperm), {lro_size, lo_size, sum_size});
  right = reshape(permute(right, rperm), {lro_size, sum_size, ro_size});
  Tensor result = permute(view(bmm(left, right), out_size), operm);
  if (!keepdim) {
    Shape sizes = result.sizes();
    for (int64_t i = dim - 1; i >= 0; --i)
      if (sum_dims[size_t(i)]) sizes.erase(sizes.begin() + i);
    result = view(result, sizes);
  }
  return result;
}

constexpr int kLetters = 26, kTotalLabels = 52, kEllipsis = kTotalLabels;
int label_to_subscript(unsigned char c) { return std::isupper(c) ? c - 'A' : c - 'a' + kLetters; }
char subscript_to_label(int s) { return char(s < kLetters ? s + 'A' : s + 'a' - kLetters); }

}  // namespace

Tensor einsum(const std::string& equation, const std::vector<Tensor>& operands) {
  TP_CHECK(!operands.empty(), "einsum(): must provide at least one operand");
  const size_t num_ops = operands.size();
  const size_t arrow_pos = equation.find("->");
  const std::string lhs = equation.substr(0, arrow_pos);

  // 1. Labels of each operand (kEllipsis for "...").
  std::vector<std::vector<int>> op_labels(num_ops);
  bool ell_in_input = false;
  size_t curr_op = 0;
  for (size_t i = 0; i < lhs.size(); ++i) {
    const unsigned char label = lhs[i];
    switch (label) {
      case ' ': break;
      case '.':
        TP_CHECK(!ell_in_input, "einsum(): found '.' for operand " + str(int64_t(curr_op)) +
                                    " for which an ellipsis was already found");
        TP_CHECK(i + 2 < lhs.size() && lhs[++i] == '.' && lhs[++i] == '.',
                 "einsum(): found '.' for operand " + str(int64_t(curr_op)) + " that is not part of any ellipsis");
        op_labels[curr_op].push_back(kEllipsis);
        ell_in_input = true;
        break;
      case ',':
        ++curr_op;
        TP_CHECK(curr_op < num_ops, "einsum(): fewer operands were provided than specified in the equation");
        ell_in_input = false;
        break;
      default:
        TP_CHECK(std::isalpha(label), "einsum(): invalid subscript given at index " + str(int64_t(i)) +
                                          " in the equation string, subscripts must be in [a-zA-Z]");
        op_labels[curr_op].push_back(label_to_subscript(label));
    }
  }
  TP_CHECK(curr_op == num_ops - 1, "einsum(): more operands were provided than specified in the equation");

  std::vector<int64_t> label_count(kTotalLabels, 0);
  int64_t ell_num_dim = 0;  // the most dimensions any ellipsis covers
  for (size_t i = 0; i < num_ops; ++i) {
    const int64_t ndims = operands[i].dim();
    int64_t nlabels = int64_t(op_labels[i].size());
    bool has_ellipsis = false;
    for (int label : op_labels[i]) {
      if (label == kEllipsis) {
        --nlabels;
        has_ellipsis = true;
        ell_num_dim = std::max(ell_num_dim, ndims - nlabels);
      } else {
        ++label_count[size_t(label)];
      }
    }
    TP_CHECK(has_ellipsis ? nlabels <= ndims : nlabels == ndims,
             "einsum(): the number of subscripts in the equation (" + str(nlabels) +
                 (has_ellipsis ? ") is more than the number of dimensions (" : ") does not match the number of dimensions (") +
                 str(ndims) + ") for operand " + str(int64_t(i)) + (has_ellipsis ? "" : " and no ellipsis was given"));
  }

  // 2. Where each label goes in the aligned shape: output dims first, then contraction dims.
  std::vector<int64_t> label_perm_index(kTotalLabels, -1);
  int64_t perm_index = 0, ell_index = 0;
  bool ell_in_output = false;
  if (arrow_pos == std::string::npos) {
    // Implicit output: the ellipsis dims, then the labels seen exactly once, in label order.
    perm_index = ell_num_dim;
    ell_in_output = true;
    for (int label = 0; label < kTotalLabels; ++label)
      if (label_count[size_t(label)] == 1) label_perm_index[size_t(label)] = perm_index++;
  } else {
    const std::string rhs = equation.substr(arrow_pos + 2);
    for (size_t i = 0; i < rhs.size(); ++i) {
      const unsigned char label = rhs[i];
      switch (label) {
        case ' ': break;
        case '.':
          TP_CHECK(!ell_in_output, "einsum(): found '.' for output but an ellipsis (...) was already found");
          TP_CHECK(i + 2 < rhs.size() && rhs[++i] == '.' && rhs[++i] == '.',
                   "einsum(): found '.' for output that is not part of any ellipsis (...)");
          ell_index = perm_index;
          perm_index += ell_num_dim;
          ell_in_output = true;
          break;
        default: {
          TP_CHECK(std::isalpha(label), "einsum(): invalid subscript given at index " +
                                            str(int64_t(lhs.size() + 2 + i)) +
                                            " in the equation string, subscripts must be in [a-zA-Z]");
          const int index = label_to_subscript(label);
          TP_CHECK(label_count[size_t(index)] > 0 && label_perm_index[size_t(index)] == -1,
                   std::string("einsum(): output subscript ") + char(label) +
                       (label_perm_index[size_t(index)] > -1 ? " appears more than once in the output"
                                                             : " does not appear in the equation for any input operand"));
          label_perm_index[size_t(index)] = perm_index++;
        }
      }
    }
  }
  const int64_t out_num_dim = perm_index;
  if (!ell_in_output) {  // the ellipsis dims are summed out
    ell_index = perm_index;
    perm_index += ell_num_dim;
  }
  for (int label = 0; label < kTotalLabels; ++label)
    if (label_count[size_t(label)] > 0 && label_perm_index[size_t(label)] == -1)
      label_perm_index[size_t(label)] = perm_index++;

  // 3. Check sizes, take diagonals of repeated labels, unsqueeze missing dims, permute into place;
  // dim_counts[d] = how many operands have a non-1 size at aligned dim d.
  std::vector<int64_t> label_size(kTotalLabels, 1), ell_sizes(size_t(ell_num_dim), 1);
  std::vector<int64_t> dim_counts(size_t(perm_index), 0);
  std::deque<Tensor> ops;
  for (size_t i = 0; i < num_ops; ++i) {
    Tensor op = operands[i];
    Shape permutation(size_t(perm_index), -1);
    int64_t dim = 0;
    for (int s : op_labels[i]) {
      if (s == kEllipsis) {
        const int64_t ndim = operands[i].dim() - (int64_t(op_labels[i].size()) - 1);
        for (int64_t j = ell_num_dim - ndim; j < ell_num_dim; ++j) {
          if (op.size(dim) != 1) {
            TP_CHECK(ell_sizes[size_t(j)] == 1 || ell_sizes[size_t(j)] == op.size(dim),
                     "einsum(): dimension " + str(dim) + " covered by ellipsis in operand " + str(int64_t(i)) +
                         "has size " + str(op.size(dim)) +
                         " which does not broadcast with previously seen ellipsis with size " +
                         str(ell_sizes[size_t(j)]) + " for the respective dimension");
            ell_sizes[size_t(j)] = op.size(dim);
            ++dim_counts[size_t(ell_index + j)];
          }
          permutation[size_t(ell_index + j)] = dim++;
        }
      } else if (permutation[size_t(label_perm_index[size_t(s)])] == -1) {
        if (op.size(dim) != 1) {
          TP_CHECK(label_size[size_t(s)] == 1 || label_size[size_t(s)] == op.size(dim),
                   std::string("einsum(): subscript ") + subscript_to_label(s) + " has size " + str(op.size(dim)) +
                       " for operand " + str(int64_t(i)) + " which does not broadcast with previously seen size " +
                       str(label_size[size_t(s)]));
          label_size[size_t(s)] = op.size(dim);
          ++dim_counts[size_t(label_perm_index[size_t(s)])];
        }
        permutation[size_t(label_perm_index[size_t(s)])] = dim++;
      } else {
        // Repeated label: take the diagonal and put it where the label first appeared.
        const int64_t prev_dim = permutation[size_t(label_perm_index[size_t(s)])];
        TP_CHECK(op.size(dim) == op.size(prev_dim),
                 std::string("einsum(): subscript ") + subscript_to_label(s) + " is repeated for operand " +
                     str(int64_t(i)) + " but the sizes don't match, " + str(op.size(dim)) + " != " +
                     str(op.size(prev_dim)));
        op = movedim(diagonal(op, 0, prev_dim, dim), {-1}, {prev_dim});
      }
    }
    for (auto& val : permutation) {
      if (val == -1) {
        op = unsqueeze(op, dim);
        val = dim++;
      }
    }
    ops.push_back(permute(op, permutation));
  }

  // 4. Contract left to right; a dim is summed as soon as no remaining operand needs it.
  while (ops.size() > 1) {
    Tensor a = ops[0], b = ops[1];
    ops.erase(ops.begin(), ops.begin() + 2);
    std::vector<int64_t> sum_dims, a_dims_to_sum, b_dims_to_sum;
    for (int64_t d = out_num_dim; d < perm_index; ++d) {
      if (a.size(d) != 1 && b.size(d) != 1) {
        if (--dim_counts[size_t(d)] == 1) {
          sum_dims.push_back(d);
          dim_counts[size_t(d)] = 0;
        }
      } else if (dim_counts[size_t(d)] == 1) {
        if (a.size(d) != 1) {
          a_dims_to_sum.push_back(d);
          dim_counts[size_t(d)] = 0;
        } else if (b.size(d) != 1) {
          b_dims_to_sum.push_back(d);
          dim_counts[size_t(d)] = 0;
        }
      }
    }
    if (!a_dims_to_sum.empty()) a = sum(a, a_dims_to_sum, true, std::nullopt);
    if (!b_dims_to_sum.empty()) b = sum(b, b_dims_to_sum, true, std::nullopt);
    ops.push_front(sumproduct_pair(a, b, sum_dims, true));
  }

  // 5. Drop the contraction dims: already size 1 after contracting (a view), else a sum.
  if (perm_index - out_num_dim > 0) {
    if (num_ops > 1) {
      Shape sizes = ops[0].sizes();
      sizes.erase(sizes.begin() + out_num_dim, sizes.end());
      return view(ops[0], sizes);
    }
    std::vector<int64_t> sum_dims(size_t(perm_index - out_num_dim));
    std::iota(sum_dims.begin(), sum_dims.end(), out_num_dim);
    return sum(ops[0], sum_dims, false, std::nullopt);
  }
  return ops[0];
}

Tensor tensordot(const Tensor& input1, const Tensor& input2, const std::vector<int64_t>& dims1,
                 const std::vector<int64_t>& dims2) {
  TP_CHECK(dims1.size() == dims2.size(), "both dimension lists should have same length");
  TP_CHECK(input1.dtype() == input2.dtype(), "both inputs should have same dtype");
  int64_t csize = 1;  // total size of the contracted dimensions
  Tensor t1 = input1, t2 = input2;
  for (size_t i = 0; i < dims1.size(); ++i) {
    int64_t s1 = input1.size(dims1[i]), s2 = input2.size(dims2[i]);
    if (s2 == 1) {  // broadcast dims are summed right away
      t1 = sum(t1, {dims1[i]}, true, t1.dtype());
    } else if (s1 == 1) {
      t2 = sum(t2, {dims2[i]}, true, t2.dtype());
    } else {
      TP_CHECK(s1 == s2, "contracted dimensions need to match, but first has size " + str(s1) + " in dim " +
                             str(dims1[i]) + " and second has size " + str(s2) + " in dim " + str(dims2[i]));
      csize *= s1;
    }
  }
  std::vector<bool> cdims1 = dim_bitset(dims1, input1.dim()), cdims2 = dim_bitset(dims2, input2.dim());
  Shape p1, p2, rsizes;
  int64_t size1 = 1, size2 = 1;  // non-contracted elements of each input
  for (int64_t i = 0; i < input1.dim(); ++i)
    if (!cdims1[size_t(i)]) {
      p1.push_back(i);
      size1 *= t1.size(i);
      rsizes.push_back(t1.size(i));
    }
  p1.insert(p1.end(), dims1.begin(), dims1.end());
  p2.insert(p2.end(), dims2.begin(), dims2.end());
  for (int64_t i = 0; i < input2.dim(); ++i)
    if (!cdims2[size_t(i)]) {
      p2.push_back(i);
      size2 *= t2.size(i);
      rsizes.push_back(t2.size(i));
    }
  t1 = reshape(permute(t1, p1), {size1, csize});
  t2 = reshape(permute(t2, p2), {csize, size2});
  return reshape(mm(t1, t2), rsizes);
}

Tensor inner(const Tensor& self, const Tensor& other) {
  if (self.dim() == 0 || other.dim() == 0) return mul(self, other);
  TP_CHECK(self.size(-1) == other.size(-1),
           "inner() the last dimension must match on both input tensors but got shapes " + shape_str(self.sizes()) +
               " and " + shape_str(other.sizes()));
  return tensordot(self, other, {-1}, {-1});
}

}  // namespace tp
