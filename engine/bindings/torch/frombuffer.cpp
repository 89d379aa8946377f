// torch.frombuffer(buffer, *, dtype, count=-1, offset=0, requires_grad=False): a 1-D tensor on the
// memory of a bytes-like object, with no copy (torch/csrc/utils/tensor_new.cpp tensor_frombuffer;
// the signature from torch/csrc/autograd/python_torch_functions_manual.cpp).
//
// A bytearray's bytes live in an engine Storage (Note [Bytes in a storage], python/objects/bytes.cpp).
// As PyTorch wraps the pointer buffer + offset in a new storage of count * itemsize bytes (for_blob,
// not resizable, data_ptr = the buffer's address + offset), the tensor gets a new storage viewing
// those bytes of the bytearray's (Note [Storage views], core/storage.h) at storage_offset 0: writes
// either way are seen by the other, and any byte offset works, a multiple of the element size or not
// (PyTorch reads the elements unaligned).
#include "autograd/functions.h"
#include "bindings/install.h"
#include "core/context.h"
#include "core/error.h"
#include "python/objects/bytes.h"

namespace tp::interp::lib {

namespace {

// PythonArgParser's type check of one argument ("frombuffer(): argument 'count' must be int, not float").
[[noreturn]] void wrong_type(Interpreter& in, const std::string& arg, const std::string& want, const ObjPtr& got) {
  throw TorchError("TypeError", "frombuffer(): argument '" + arg + "' must be " + want + ", not " + in.type_name(got));
}

int64_t int_arg(Interpreter& in, const ObjPtr& o, const std::string& arg, int64_t fallback) {
  if (!o) return fallback;
  if (o->kind != Kind::Int) wrong_type(in, arg, "int", o);
  return to_int(in, o);
}

ObjPtr frombuffer(Interpreter& in, CallArgs& a) {
  ArgParser p(in, "torch.frombuffer", a);
  p.max_positional(1);
  ObjPtr buffer = p.get("buffer", 0);
  ObjPtr dtype_o = p.kw("dtype");
  ObjPtr count_o = p.kw("count"), offset_o = p.kw("offset"), rg_o = p.kw("requires_grad");
  p.finish();
  if (!buffer) throw TorchError("TypeError", "frombuffer() missing 1 required positional arguments: \"buffer\"");
  if (!dtype_o) throw TorchError("TypeError", "frombuffer() missing 1 required positional arguments: \"dtype\"");
  if (dtype_o->kind != Kind::DType && dtype_o->kind != Kind::Class) wrong_type(in, "dtype", "torch.dtype", dtype_o);
  DType dtype = to_dtype(dtype_o);
  int64_t count = int_arg(in, count_o, "count", -1);
  int64_t offset = int_arg(in, offset_o, "offset", 0);
  if (rg_o && rg_o->kind != Kind::Bool) wrong_type(in, "requires_grad", "bool", rg_o);
  bool requires_grad = rg_o && in.truthy(rg_o);

  // PyObject_GetBuffer: only bytes and bytearray are buffers here.
  if (buffer->kind == Kind::NdArray)
    throw TorchError("NotImplementedError",
                     "torch.frombuffer on a numpy array is not built into the playground yet (bytearray and bytes are; "
                     "torch.from_numpy shares an array's memory)");
  if (buffer->kind != Kind::Bytes) throw TorchError("RuntimeError", "could not retrieve buffer from object");
  auto& bytes = static_cast<BytesObj&>(*buffer);
  if (!bytes.is_bytearray)  // bytes has no writable buffer
    in.warn_once(triggered_internally("The given buffer is not writable, and PyTorch does not support non-writable tensors. This means you "
                 "can write to the underlying (supposedly non-writable) buffer using the tensor. You may want to copy "
                 "the buffer to protect its data or make it writable before converting it to a tensor. This type of "
                 "warning will be suppressed for the rest of this program.",
                                     "torch/csrc/utils/tensor_new.cpp"));

  int64_t len = bytes_size(bytes), elsize = int64_t(itemsize(dtype));
  std::string s_len = std::to_string(len), s_off = std::to_string(offset);
  if (!(len > 0 && count != 0))
    throw TorchError("ValueError", "both buffer length (" + s_len + ") and count (" + std::to_string(count) + ") must not be 0");
  if (!(offset >= 0 && offset < len))
    throw TorchError("ValueError", "offset (" + s_off + " bytes) must be non-negative and no greater than buffer length (" +
                                       s_len + " bytes) minus 1");
  if (!(count > 0 || (len - offset) % elsize == 0))
    throw TorchError("ValueError", "buffer length (" + std::to_string(len - offset) + " bytes) after offset (" + s_off +
                                       " bytes) must be a multiple of element size (" + std::to_string(elsize) + ")");
  int64_t actual = count < 0 ? (len - offset) / elsize : count;
  // PyTorch computes offset + count * elsize in size_t, which wraps for a huge count and lets it
  // through; here a product that does not fit fails the check, with the same message.
  if (actual > (len - offset) / elsize)
    throw TorchError("ValueError", "requested buffer length (" + std::to_string(actual) + " * " + std::to_string(elsize) +
                                       " bytes) after offset (" + s_off + " bytes) must not be greater than actual buffer "
                                       "length (" + s_len + " bytes)");
  StoragePtr storage = ctx().new_storage_view(bytes.data.storage(), size_t(offset), size_t(actual * elsize));
  Tensor t = make_tensor(storage, {actual}, {1}, 0, dtype, ctx().new_version_counter());
  if (requires_grad) tp::set_factory_requires_grad(t, true);
  return in.wrap_tensor(t);
}

}  // namespace

void install_frombuffer(Interpreter& in, ModuleObj& torch) {
  (void)in;
  def(torch, "torch.", "frombuffer", frombuffer);
}

}  // namespace tp::interp::lib
