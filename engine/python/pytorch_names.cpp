// Names PyTorch 2.x has that the playground does not build (yet), by the object that owns them.
// A program that reaches one is told exactly that, instead of PyTorch's "has no attribute", which
// would teach that PyTorch lacks it (Note [Not built yet]). A name missing from both PyTorch and
// this list keeps PyTorch's own AttributeError: that is the typo case.
//
// Note [Not built yet]: the list is curated from PyTorch 2.x's API reference (torch, Tensor,
// torch.autograd, torch.nn, torch.nn.functional) and only consulted after a lookup failed, so a
// name the engine gains later simply stops being looked up here.
#include "python/pytorch_names.h"

#include <cstring>

namespace tp::interp {
namespace {

struct Owner {
  const char* name;
  const char* members;  // " a b c ": each name between single spaces
};

const Owner kOwners[] = {
    {"torch",
       " Generator accelerator amp angle ao are_deterministic_algorithms_enabled as_strided_scatter"
       " backends bartlett_window bfloat16 bits16 bits1x8 bits2x4 bits4x2 bits8 blackman_window bucketize"
       " can_cast cartesian_prod cdist cdouble cfloat chalf cholesky cholesky_inverse cholesky_solve"
       " column_stack combinations compile compiled_with_cxx11_abi compiler complex complex128 complex32"
       " complex64 cond conj conj_physical copysign count_nonzero cpu cuda dequantize det"
       " diagonal_scatter diff distributed distributions dsplit dstack empty_strided export"
       " fake_quantize_per_channel_affine fake_quantize_per_tensor_affine fft fix float8_e4m3fn"
       " float8_e4m3fnuz float8_e5m2 float8_e5m2fnuz float_power frexp from_dlpack from_file"
       " func futures fx gcd geqrf get_default_device get_num_interop_threads get_num_threads"
       " get_rng_state gradient hamming_window hann_window histogram histogramdd hsplit hstack hub hypot"
       " i0 igamma igammac imag initial_seed inverse is_complex is_conj is_warn_always_enabled isneginf"
       " isposinf isreal istft jit kaiser_window lcm ldexp library load lobpcg logaddexp logaddexp2"
       " logdet lu lu_solve lu_unpack masked matrix_exp monitor mps msort mtia multinomial"
       " multiprocessing mvlgamma nanmedian nested nextafter onnx orgqr ormqr overrides package"
       " pca_lowrank pinverse poisson polar polygamma profiler promote_types qint32 qint8 qr quantization"
       " quantize_per_channel quantize_per_tensor quasirandom quint2x4 quint4x2 quint8 random real"
       " resolve_conj resolve_neg result_type rot90 row_stack save searchsorted seed select_scatter"
       " set_default_device set_flush_denormal set_num_interop_threads set_num_threads set_rng_state"
       " set_warn_always sgn signal signbit sinc slice_scatter slogdet sparse sparse_bsc_tensor"
       " sparse_bsr_tensor sparse_compressed_tensor sparse_coo_tensor sparse_csc_tensor sparse_csr_tensor"
       " special stft svd svd_lowrank sym_float sym_int sym_max sym_min take_along_dim tensor_split"
       " testing triangular_solve tril_indices triu_indices uint16 uint32 uint64"
       " use_deterministic_algorithms view_as_complex view_as_real vmap vsplit vstack while_loop xlogy"
       " xpu"
       " "},
    {"torch.Tensor",
       " angle apply_ bernoulli_ bfloat16 bincount bucketize cauchy_ cdouble cfloat chalf cholesky"
       " cholesky_inverse cholesky_solve coalesce col_indices conj conj_physical copysign count_nonzero"
       " crow_indices cuda dequantize det dsplit exponential_ fix float_power frexp geometric_ geqrf"
       " histc histogram hsplit hypot i0 igamma igammac imag index_put index_put_ indices int_repr"
       " inverse is_coalesced is_complex is_pinned is_quantized istft ldexp log_normal_"
       " logaddexp logaddexp2 logdet lu map_ matrix_exp msort mvlgamma nanmedian nextafter orgqr ormqr"
       " pin_memory pinverse polygamma q_scale q_zero_point qr random_ real record_stream"
       " register_post_accumulate_grad_hook resolve_conj resolve_neg sgn signbit sinc"
       " slogdet stft storage_type svd take_along_dim tensor_split to_dense to_sparse to_sparse_csr"
       " triangular_solve values vsplit xlogy"
       " "},
    {"torch.autograd",
       " detect_anomaly forward_ad functional graph profiler set_detect_anomaly"
       " "},
    {"torch.nn",
       " AdaptiveMaxPool1d AdaptiveMaxPool2d AdaptiveMaxPool3d AvgPool3d BatchNorm3d CTCLoss Conv3d"
       " ConvTranspose1d ConvTranspose2d ConvTranspose3d CosineEmbeddingLoss DataParallel EmbeddingBag"
       " FractionalMaxPool2d GRU GRUCell GaussianNLLLoss GroupNorm HingeEmbeddingLoss InstanceNorm1d"
       " InstanceNorm2d InstanceNorm3d KLDivLoss LPPool1d LPPool2d LSTM LSTMCell LocalResponseNorm"
       " MarginRankingLoss MaxPool3d MaxUnpool1d MaxUnpool2d MultiLabelMarginLoss"
       " MultiLabelSoftMarginLoss MultiMarginLoss MultiheadAttention PixelShuffle PixelUnshuffle"
       " PoissonNLLLoss RNN RNNCell Transformer TransformerDecoder TransformerDecoderLayer"
       " TransformerEncoder TransformerEncoderLayer TripletMarginLoss TripletMarginWithDistanceLoss"
       " Upsample UpsamplingBilinear2d UpsamplingNearest2d attention intrinsic parallel qat quantized"
       " "},
    {"torch.nn.functional",
       " adaptive_max_pool1d adaptive_max_pool2d adaptive_max_pool3d affine_grid avg_pool3d conv3d"
       " conv_transpose1d conv_transpose2d conv_transpose3d cosine_embedding_loss ctc_loss embedding_bag"
       " fold gaussian_nll_loss grid_sample group_norm gumbel_softmax hinge_embedding_loss instance_norm"
       " interpolate kl_div local_response_norm lp_pool1d lp_pool2d margin_ranking_loss max_pool3d"
       " max_unpool1d max_unpool2d multi_head_attention_forward multi_margin_loss multilabel_margin_loss"
       " multilabel_soft_margin_loss pixel_shuffle pixel_unshuffle poisson_nll_loss"
       " scaled_dot_product_attention triplet_margin_loss unfold upsample"
       " "},
};

}  // namespace

bool pytorch_has(std::string_view owner, std::string_view name) {
  if (name.empty() || name.find(' ') != std::string_view::npos) return false;
  for (const Owner& o : kOwners) {
    if (owner != o.name) continue;
    std::string_view members(o.members);
    for (size_t at = members.find(name); at != std::string_view::npos; at = members.find(name, at + 1))
      if (members[at - 1] == ' ' && members[at + name.size()] == ' ') return true;
  }
  return false;
}

std::string not_built_message(std::string_view owner, std::string_view name) {
  return std::string(owner) + "." + std::string(name) +
         " is part of PyTorch but is not built into the playground yet";
}

}  // namespace tp::interp
