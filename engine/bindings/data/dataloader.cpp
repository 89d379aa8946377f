// torch.utils.data: Dataset, TensorDataset, DataLoader (num_workers=0) and default_collate, as
// torch/utils/data/{dataset,dataloader,sampler}.py and _utils/{fetch,collate}.py do them.
// See Note [DataLoader draws from the default generator].
#include <algorithm>
#include <cmath>

#include "core/context.h"
#include "core/error.h"
#include "python/exceptions.h"
#include "python/interp_impl.h"
#include "bindings/install.h"
#include "python/library.h"

namespace tp::interp::lib {

namespace {

// Note [DataLoader draws from the default generator]
// _BaseDataLoaderIter.__init__ runs
//   self._base_seed = torch.empty((), dtype=torch.int64).random_(generator=loader.generator).item()
// for EVERY iterator, also with shuffle=False and num_workers=0. int64 random_() without bounds is
// uniform_int_distribution<int64_t>: random64() % 2^63 (DistributionsHelper.h / TransformationHelper.h),
// i.e. two 32-bit draws. RandomSampler (generator=None) draws its seed the same way when its
// generator body first runs (on the loader's first next()), seeds a fresh torch.Generator with it and
// yields torch.randperm(n, generator=g): the default generator moves by two more draws, never by n-1.
int64_t random_int64(Generator& g) { return int64_t(g.random64() % (uint64_t(1) << 63)); }

std::string type_repr(Interpreter& in, const ObjPtr& o) {
  CallArgs a;
  a.args = {o};
  return in.repr(in.call(in.builtin("type"), a));
}

// _utils/collate.py default_collate (collate_fn_map for tensors, ints, floats, str; then mappings,
// namedtuples, sequences). A tuple batch element collates into a LIST ("Backwards compatibility").
ObjPtr default_collate(Interpreter& in, const ObjPtr& batch) {
  std::vector<ObjPtr> items = in.iterate(batch);
  if (items.empty()) throw TorchError("IndexError", "list index out of range");
  const ObjPtr& elem = items[0];
  switch (elem->kind) {
    case Kind::Tensor: {
      std::vector<Tensor> ts;
      for (auto& it : items) {
        if (!is_tensor(it)) throw TorchError("TypeError", "expected Tensor as element " + std::to_string(ts.size()) +
                                                              " in argument 0, but got " + in.type_name(it));
        ts.push_back(tensor_of(it));
      }
      return in.wrap_tensor(tp::stack(ts, 0));
    }
    case Kind::Bool:
    case Kind::Int:  // collate_int_fn: torch.tensor(batch)
      return in.wrap_tensor(tensor_from_data(in, in.make_list(items), std::nullopt, Device{}, false, "tensor"));
    case Kind::Float:  // collate_float_fn: torch.tensor(batch, dtype=torch.float64)
      return in.wrap_tensor(tensor_from_data(in, in.make_list(items), DType::Float64, Device{}, false, "tensor"));
    case Kind::Str: return batch;  // collate_str_fn
    case Kind::NdArray:
      throw TorchError("NotImplementedError", "default_collate of numpy arrays is not supported by the playground");
    case Kind::Dict: {
      std::vector<std::pair<ObjPtr, ObjPtr>> out;
      for (auto& kv : cast<DictObj>(elem).items) {
        std::vector<ObjPtr> column;
        for (auto& d : items) column.push_back(in.getitem(d, kv.first));
        out.push_back({kv.first, default_collate(in, in.make_list(std::move(column)))});
      }
      return in.make_dict(std::move(out));
    }
    case Kind::Tuple:
    case Kind::Size:  // torch.Size is a tuple
    case Kind::List: {
      size_t size = size_t(in.len(elem));
      std::vector<std::vector<ObjPtr>> rows;
      for (auto& it : items) {
        if (size_t(in.len(it)) != size)
          throw TorchError("RuntimeError", "each element in list of batch should be of equal size");
        rows.push_back(in.iterate(it));
      }
      std::vector<ObjPtr> out;
      for (size_t f = 0; f < size; ++f) {  // zip(*batch)
        std::vector<ObjPtr> column;
        for (auto& r : rows) column.push_back(r[f]);
        out.push_back(default_collate(in, in.make_tuple(std::move(column))));
      }
      return in.make_list(std::move(out));
    }
    case Kind::Instance:
      if (obj_cast<StructSeqObj>(elem.get()))  // namedtuple: elem_type(*(collate(samples) ...))
        throw TorchError("NotImplementedError", "default_collate of named tuples is not supported by the playground");
      break;
    default: break;
  }
  throw TorchError("TypeError", "default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found " +
                                    type_repr(in, elem));
}

// The state of one _SingleProcessDataLoaderIter: the index sampler (sequential or a permutation)
// cut into batches by BatchSampler, each batch fetched by _MapDatasetFetcher.
struct LoaderIter {
  ObjPtr dataset, collate_fn;  // collate_fn nullptr = default_collate / default_convert
  int64_t batch_size = 1;      // 0 = batch_size=None (no auto-collation)
  bool shuffle = false, drop_last = false, started = false;
  std::vector<int64_t> order;
  size_t pos = 0;

  void start(Interpreter& in) {  // the sampler's __iter__ body
    started = true;
    int64_t n = in.len(dataset);
    if (shuffle) {
      Generator g;
      g.manual_seed(uint64_t(random_int64(ctx().generator)));
      Tensor perm = tp::randperm(n, DType::Int64, Device{}, g);
      for (int64_t i = 0; i < n; ++i) order.push_back(perm.int_at(i));  // fresh contiguous: storage index == i
    } else {
      for (int64_t i = 0; i < n; ++i) order.push_back(i);
    }
  }

  ObjPtr next(Interpreter& in) {
    if (!started) start(in);
    if (pos >= order.size()) return nullptr;
    if (batch_size == 0) {  // data = dataset[idx]; default_convert leaves non-numpy data alone
      ObjPtr data = in.getitem(dataset, in.make_int(order[pos++]));
      return collate_fn ? call1(in, collate_fn, data) : data;
    }
    size_t take = std::min(order.size() - pos, size_t(batch_size));
    if (drop_last && take < size_t(batch_size)) {
      pos = order.size();
      return nullptr;
    }
    std::vector<ObjPtr> idx;
    for (size_t i = 0; i < take; ++i) idx.push_back(in.make_int(order[pos++]));
    std::vector<ObjPtr> data;
    ObjPtr getitems = in.getattr_or_null(dataset, "__getitems__");
    if (getitems && in.truthy(getitems)) {
      data = in.iterate(call1(in, getitems, in.make_list(std::move(idx))));
    } else {
      for (auto& i : idx) data.push_back(in.getitem(dataset, i));  // one __getitem__ per sample, in order
    }
    ObjPtr list = in.make_list(std::move(data));
    return collate_fn ? call1(in, collate_fn, list) : default_collate(in, list);
  }

  static ObjPtr call1(Interpreter& in, const ObjPtr& f, ObjPtr x) {
    CallArgs a;
    a.args = {std::move(x)};
    return in.call(f, a);
  }
};

int64_t loader_len(Interpreter& in, const InstanceObj& s) {
  int64_t n = in.len(s.get("dataset"));
  ObjPtr bs = s.get("batch_size");
  if (is_none(bs)) return n;
  int64_t b = to_int(in, bs);
  return in.truthy(s.get("drop_last")) ? n / b : (n + b - 1) / b;
}

void install_dataset(Interpreter& in, ModuleObj& data) {
  auto ds = make_class("Dataset");
  ds->sequence_protocol = true;  // for x in dataset: __getitem__(0), (1), ... until IndexError
  ds->set("__module__", in.make_str("torch.utils.data.dataset"));
  def(*ds, "Dataset.", "__getitem__", [](Interpreter&, CallArgs&) -> ObjPtr {
    throw TorchError("NotImplementedError", "Subclasses of Dataset should implement __getitem__.");
  });
  def(*ds, "Dataset.", "__add__", [](Interpreter&, CallArgs&) -> ObjPtr {  // ConcatDataset([self, other])
    throw TorchError("NotImplementedError", "ConcatDataset (dataset + dataset) is not supported by the playground");
  });
  data.set("Dataset", ds);

  auto td = make_class("TensorDataset");
  td->sequence_protocol = true;  // for x in dataset: __getitem__(0), (1), ... until IndexError
  td->set("__module__", in.make_str("torch.utils.data.dataset"));
  td->bases = {ds};
  def(*td, "TensorDataset.", "__init__", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    if (!a.kwargs.empty())
      throw TorchError("TypeError", "TensorDataset.__init__() got an unexpected keyword argument '" +
                                        a.kwargs.front().first + "'");
    std::vector<ObjPtr> ts(a.args.begin() + 1, a.args.end());
    for (auto& t : ts) {  // assert all(tensors[0].size(0) == tensor.size(0) ...), "Size mismatch between tensors"
      if (!in.equals(in.call(in.getattr(ts[0], "size"), CallArgs{{in.make_int(0)}, {}}),
                     in.call(in.getattr(t, "size"), CallArgs{{in.make_int(0)}, {}})))
        throw TorchError("AssertionError", "Size mismatch between tensors");
    }
    cast<InstanceObj>(a.args[0]).set("tensors", in.make_tuple(std::move(ts)));
    return in.none();
  });
  def(*td, "TensorDataset.", "__getitem__", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    std::vector<ObjPtr> out;
    for (auto& t : in.iterate(cast<InstanceObj>(a.args.at(0)).get("tensors"))) out.push_back(in.getitem(t, a.args.at(1)));
    return in.make_tuple(std::move(out));
  });
  def(*td, "TensorDataset.", "__len__", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ObjPtr first = in.getitem(cast<InstanceObj>(a.args.at(0)).get("tensors"), in.make_int(0));
    return in.call(in.getattr(first, "size"), CallArgs{{in.make_int(0)}, {}});
  });
  data.set("TensorDataset", td);

  auto sub = make_class("Subset");
  sub->sequence_protocol = true;  // for x in dataset: __getitem__(0), (1), ... until IndexError
  sub->set("__module__", in.make_str("torch.utils.data.dataset"));
  sub->bases = {ds};
  def(*sub, "Subset.", "__init__", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ObjPtr self = a.args.at(0);
    a.args.erase(a.args.begin());
    ArgParser p(in, "Subset.__init__", a);
    ObjPtr dataset = p.required("dataset", 0), indices = p.required("indices", 1);
    p.finish();
    cast<InstanceObj>(self).set("dataset", dataset);
    cast<InstanceObj>(self).set("indices", indices);
    return in.none();
  });
  def(*sub, "Subset.", "__getitem__", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    auto& s = cast<InstanceObj>(a.args.at(0));
    ObjPtr idx = a.args.at(1), indices = s.get("indices");
    if (idx->kind == Kind::List) {
      std::vector<ObjPtr> mapped;
      for (auto& i : in.iterate(idx)) mapped.push_back(in.getitem(indices, i));
      return in.getitem(s.get("dataset"), in.make_list(std::move(mapped)));
    }
    return in.getitem(s.get("dataset"), in.getitem(indices, idx));
  });
  def(*sub, "Subset.", "__getitems__", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    auto& s = cast<InstanceObj>(a.args.at(0));
    ObjPtr dataset = s.get("dataset"), indices = s.get("indices");
    std::vector<ObjPtr> mapped;
    for (auto& i : in.iterate(a.args.at(1))) mapped.push_back(in.getitem(indices, i));
    ObjPtr inner = in.getattr_or_null(dataset, "__getitems__");
    if (inner && !is_none(inner)) return in.call(inner, CallArgs{{in.make_list(std::move(mapped))}, {}});
    std::vector<ObjPtr> out;
    for (auto& i : mapped) out.push_back(in.getitem(dataset, i));
    return in.make_list(std::move(out));
  });
  def(*sub, "Subset.", "__len__", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    return in.make_int(in.len(cast<InstanceObj>(a.args.at(0)).get("indices")));
  });
  data.set("Subset", sub);

  // random_split(dataset, lengths, generator=default_generator): randperm(sum(lengths)) on the
  // default generator (n - 1 32-bit draws), then consecutive slices as Subsets.
  data.set("random_split", in.make_function("random_split", [sub](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "random_split", a);
    ObjPtr dataset = p.required("dataset", 0), lengths_obj = p.required("lengths", 1);
    ObjPtr g = p.get("generator", 2);
    p.finish();
    if (g && g != state(in).generator)
      throw TorchError("NotImplementedError", "random_split(generator=...) with a generator other than torch.default_generator is not supported by the playground");
    std::vector<ObjPtr> lengths = in.iterate(lengths_obj);
    ObjPtr total = in.make_int(0);
    for (auto& l : lengths) total = in.binary_op("+", total, l);  // sum(lengths)
    double sum = to_double(in, total);
    bool close = std::fabs(sum - 1.0) <= 1e-9 * std::max(std::fabs(sum), 1.0);  // math.isclose(sum, 1)
    std::vector<int64_t> sizes;
    int64_t n = in.len(dataset);
    if (close && sum <= 1.0) {
      for (size_t i = 0; i < lengths.size(); ++i) {
        double frac = to_double(in, lengths[i]);
        if (frac < 0 || frac > 1)
          throw TorchError("ValueError", "Fraction at index " + std::to_string(i) + " is not between 0 and 1");
        sizes.push_back(int64_t(std::floor(to_double(in, in.binary_op("*", in.make_int(n), lengths[i])))));
      }
      int64_t rem = n;
      for (int64_t v : sizes) rem -= v;
      for (int64_t i = 0; i < rem; ++i) sizes[size_t(i) % sizes.size()] += 1;
      for (int64_t v : sizes)
        if (v == 0)  // warnings.warn(..., stacklevel=...) whose location text we do not reproduce
          throw TorchError("NotImplementedError", "random_split producing an empty split (a warning) is not supported by the playground");
    } else {
      if (!in.equals(total, in.make_int(n)))
        throw TorchError("ValueError", "Sum of input lengths does not equal the length of the input dataset!");
      for (auto& l : lengths) sizes.push_back(to_int(in, l, "lengths"));
    }
    int64_t s = 0;
    for (int64_t v : sizes) s += v;
    if (s != n) throw TorchError("ValueError", "Sum of input lengths does not equal the length of the input dataset!");
    Tensor perm = tp::randperm(s, DType::Int64, Device{});
    std::vector<ObjPtr> out;
    int64_t offset = 0;
    for (int64_t v : sizes) {
      std::vector<ObjPtr> idx;
      for (int64_t i = offset; i < offset + v; ++i) idx.push_back(in.make_int(perm.int_at(i)));
      offset += v;
      out.push_back(in.call(sub, CallArgs{{dataset, in.make_list(std::move(idx))}, {}}));
    }
    return in.make_list(std::move(out));
  }));
}

void install_dataloader(Interpreter& in, ModuleObj& data) {
  auto dl = make_class("DataLoader");
  dl->set("__module__", in.make_str("torch.utils.data.dataloader"));
  def(*dl, "DataLoader.", "__init__", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ObjPtr self = a.args.at(0);
    a.args.erase(a.args.begin());
    ArgParser p(in, "DataLoader.__init__", a);
    ObjPtr dataset = p.required("dataset", 0);
    ObjPtr batch_size = p.has("batch_size", 1) ? p.get("batch_size", 1) : in.make_int(1);
    bool shuffle = bool_arg(in, p.get("shuffle", 2), false);
    auto unsupported = [&](const char* name, size_t pos, bool ok) {
      if (!ok) throw TorchError("NotImplementedError", std::string("DataLoader(") + name + "=...) is not supported by the playground");
      (void)pos;
    };
    unsupported("sampler", 3, is_none(p.get("sampler", 3)));
    unsupported("batch_sampler", 4, is_none(p.get("batch_sampler", 4)));
    ObjPtr nw = p.get("num_workers", 5);
    unsupported("num_workers", 5, is_none(nw) || to_int(in, nw) == 0);
    ObjPtr collate_fn = p.get("collate_fn", 6);
    p.get("pin_memory", 7);
    bool drop_last = bool_arg(in, p.get("drop_last", 8), false);
    ObjPtr timeout = p.get("timeout", 9);
    unsupported("timeout", 9, is_none(timeout) || to_double(in, timeout) == 0);
    unsupported("worker_init_fn", 10, is_none(p.get("worker_init_fn", 10)));
    unsupported("multiprocessing_context", 11, is_none(p.get("multiprocessing_context", 11)));
    unsupported("generator", 12, is_none(p.get("generator", 12)));
    p.max_positional(13);
    p.kw("prefetch_factor");
    p.kw("persistent_workers");
    p.kw("pin_memory_device");
    p.kw("in_order");
    p.finish();
    if (in.getattr_or_null(dataset, "__iter__") && !in.getattr_or_null(dataset, "__getitem__"))
      throw TorchError("NotImplementedError", "DataLoader over an IterableDataset is not supported by the playground");
    if (is_none(batch_size)) {
      if (drop_last)
        throw TorchError("ValueError", "batch_size=None option disables auto-batching and is mutually exclusive with drop_last");
    } else if (batch_size->kind != Kind::Int || to_int(in, batch_size) <= 0) {  // BatchSampler.__init__
      throw TorchError("ValueError", "batch_size should be a positive integer value, but got batch_size=" + in.repr(batch_size));
    }
    auto& s = cast<InstanceObj>(self);
    s.set("dataset", dataset);
    s.set("batch_size", batch_size);
    s.set("drop_last", in.make_bool(drop_last));
    s.set("num_workers", in.make_int(0));
    s.set("_shuffle", in.make_bool(shuffle));
    s.set("collate_fn", is_none(collate_fn) ? in.none() : collate_fn);
    s.set("generator", in.none());
    return in.none();
  });
  def(*dl, "DataLoader.", "__len__", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    return in.make_int(loader_len(in, cast<InstanceObj>(a.args.at(0))));
  });
  def(*dl, "DataLoader.", "__iter__", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    auto& s = cast<InstanceObj>(a.args.at(0));
    auto st = std::make_shared<LoaderIter>();
    st->dataset = s.get("dataset");
    ObjPtr cf = s.get("collate_fn");
    st->collate_fn = is_none(cf) ? nullptr : cf;
    ObjPtr bs = s.get("batch_size");
    st->batch_size = is_none(bs) ? 0 : to_int(in, bs);
    st->shuffle = in.truthy(s.get("_shuffle"));
    st->drop_last = in.truthy(s.get("drop_last"));
    // Without auto-collation the index sampler is the SequentialSampler itself, whose __iter__
    // (not a generator function) calls len(dataset) inside iter(); every other sampler is lazy.
    if (st->batch_size == 0 && !st->shuffle) st->start(in);
    random_int64(ctx().generator);  // self._base_seed: Note [DataLoader draws from the default generator]
    return std::make_shared<IteratorObj>("_SingleProcessDataLoaderIter",
                                         [st](Interpreter& in) -> ObjPtr {
                                           // _next_data is a plain method: a StopIteration raised by
                                           // the dataset ends the loop like the sampler's does.
                                           try {
                                             return st->next(in);
                                           } catch (const PyException& e) {
                                             if (!e.uncatchable && exception_matches(e.type(), "StopIteration")) return nullptr;
                                             throw;
                                           } catch (const TorchError& e) {
                                             if (e.py_type() == "StopIteration") return nullptr;
                                             throw;
                                           }
                                         });
  });
  data.set("DataLoader", dl);
  data.set("default_collate", in.make_function("default_collate", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "default_collate", a);
    ObjPtr batch = p.required("batch", 0);
    p.finish();
    return default_collate(in, batch);
  }));
}

}  // namespace

void install_data(Interpreter& in) {
  auto utils = std::make_shared<ModuleObj>("torch.utils");
  auto data = std::make_shared<ModuleObj>("torch.utils.data");
  in.register_module("torch.utils", utils);
  in.register_module("torch.utils.data", data);
  in.find_module("torch")->set("utils", utils);
  utils->set("data", data);
  install_dataset(in, *data);
  install_dataloader(in, *data);
}

}  // namespace tp::interp::lib
