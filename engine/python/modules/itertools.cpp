// itertools: the parts tutorials use (product over hyper-parameters, chain of parameter lists,
// islice of a loader, count, permutations, ...). itertools objects are lazy iterators,
// as in CPython: they pull from their inputs one item at a time (Note [Lazy iteration]).
#include <algorithm>
#include <optional>

#include "core/error.h"
#include "python/args.h"
#include "python/interp_impl.h"

namespace tp::interp {

namespace {

using Items = std::vector<ObjPtr>;

ObjPtr lazy(Interpreter& in, const std::string& type, IteratorObj::Produce produce) {
  auto it = std::make_shared<IteratorObj>("itertools." + type, std::move(produce));  // <itertools.count object ...>
  if (auto m = in.find_module("itertools"))  // so type(x) is <class 'itertools.count'>
    if (ObjPtr c = m->get(type); c && c->kind == Kind::Class) it->cls = std::static_pointer_cast<ClassObj>(c);
  return it;
}

// An itertools type: callable like a class, printed as <class 'itertools.name'>.
void def_type(Interpreter& in, ModuleObj& m, const std::string& name, NativeFn ctor) {
  auto c = std::make_shared<ClassObj>(name);
  c->call_hook = std::move(ctor);
  c->set("__module__", in.make_str("itertools"));
  m.set(name, c);
}

std::optional<int64_t> opt_int(Interpreter& in, const ObjPtr& v, const std::string& message) {
  if (is_none(v)) return std::nullopt;
  if (v->kind != Kind::Int && v->kind != Kind::Bool) throw TorchError("ValueError", message);
  return to_int(in, v);
}

// Index-vector odometers over a pool of n items, as the "roughly equivalent" code in the docs.
struct Odometer {
  std::vector<size_t> idx;
  bool started = false, done = false;
};

void install_itertools(Interpreter& in, ModuleObj& it) {
  def_type(in, it, "count", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "count", a);
    ObjPtr start = p.get("start", 0), step = p.get("step", 1);
    p.finish();
    auto cur = std::make_shared<ObjPtr>(start ? start : in.make_int(0));
    ObjPtr by = step ? step : in.make_int(1);
    return lazy(in, "count", [cur, by](Interpreter& in) -> ObjPtr {
      ObjPtr v = *cur;
      *cur = in.binary_op("+", v, by);
      return v;
    });
  });
  def_type(in, it, "repeat", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "repeat", a);
    ObjPtr obj = p.required("object", 0), times = p.get("times", 1);
    p.finish();
    auto left = std::make_shared<int64_t>(is_none(times) ? -1 : std::max<int64_t>(0, to_int(in, times)));
    return lazy(in, "repeat", [obj, left](Interpreter&) -> ObjPtr {
      if (*left == 0) return nullptr;
      if (*left > 0) --*left;
      return obj;
    });
  });
  def_type(in, it, "cycle", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "cycle", a);
    ObjPtr src = in.iter(p.required("iterable", 0));
    p.finish();
    struct State { ObjPtr src; Items saved; size_t pos = 0; bool replay = false; };
    auto s = std::make_shared<State>(State{src, {}, 0, false});
    return lazy(in, "cycle", [s](Interpreter& in) -> ObjPtr {
      if (!s->replay) {
        if (ObjPtr x = in.next_item(s->src)) {
          s->saved.push_back(x);
          return x;
        }
        s->replay = true;
      }
      if (s->saved.empty()) return nullptr;
      ObjPtr x = s->saved[s->pos];
      s->pos = (s->pos + 1) % s->saved.size();
      return x;
    });
  });
  // chain(*iterables) and chain.from_iterable(iterable): both take the iterables lazily.
  auto chain_over = [](Interpreter& in, ObjPtr iterables) {
    struct State { ObjPtr outer, inner; };
    auto s = std::make_shared<State>(State{std::move(iterables), nullptr});
    return lazy(in, "chain", [s](Interpreter& in) -> ObjPtr {
      while (true) {
        if (!s->inner) {
          ObjPtr next = in.next_item(s->outer);
          if (!next) return nullptr;
          s->inner = in.iter(next);
        }
        if (ObjPtr x = in.next_item(s->inner)) return x;
        s->inner = nullptr;
      }
    });
  };
  def_type(in, it, "chain", [chain_over](Interpreter& in, CallArgs& a) -> ObjPtr {
    if (!a.kwargs.empty()) throw TorchError("TypeError", "chain() takes no keyword arguments");
    return chain_over(in, in.iter(in.make_tuple(a.args)));
  });
  static_cast<ClassObj&>(*it.get("chain")).set(
      "from_iterable", in.make_function("from_iterable", [chain_over](Interpreter& in, CallArgs& a) -> ObjPtr {
        ArgParser p(in, "from_iterable", a);
        ObjPtr src = in.iter(p.required("iterable", 0));
        p.finish();
        return chain_over(in, src);
      }));
  def_type(in, it, "islice", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    if (!a.kwargs.empty()) throw TorchError("TypeError", "islice() takes no keyword arguments");
    if (a.args.size() < 2 || a.args.size() > 4)
      throw TorchError("TypeError", "islice expected at most 4 arguments, got " + std::to_string(a.args.size()));
    ObjPtr src = in.iter(a.args[0]);
    const std::string stop_msg = "Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.";
    const std::string msg = "Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.";
    std::optional<int64_t> start = 0, stop, step = 1;
    if (a.args.size() == 2) {
      stop = opt_int(in, a.args[1], stop_msg);
    } else {
      start = opt_int(in, a.args[1], msg).value_or(0);
      stop = opt_int(in, a.args[2], msg);
      if (a.args.size() == 4) step = opt_int(in, a.args[3], "Step for islice() must be a positive integer or None.").value_or(1);
    }
    if ((stop && *stop < 0) || *start < 0) throw TorchError("ValueError", a.args.size() == 2 ? stop_msg : msg);
    if (*step <= 0) throw TorchError("ValueError", "Step for islice() must be a positive integer or None.");
    struct State { ObjPtr src; int64_t pos, next; std::optional<int64_t> stop; int64_t step; };
    auto s = std::make_shared<State>(State{src, 0, *start, stop, *step});
    return lazy(in, "islice", [s](Interpreter& in) -> ObjPtr {
      if (s->stop && s->next >= *s->stop) {
        while (s->pos < *s->stop && in.next_item(s->src)) ++s->pos;  // CPython consumes up to stop
        return nullptr;
      }
      while (s->pos < s->next) {
        if (!in.next_item(s->src)) return nullptr;
        ++s->pos;
      }
      ObjPtr x = in.next_item(s->src);
      if (!x) return nullptr;
      ++s->pos;
      s->next += s->step;
      return x;
    });
  });
  // product(*iterables, repeat=1): the inputs are read completely first, as CPython does.
  def_type(in, it, "product", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    int64_t repeat = 1;
    for (auto& kv : a.kwargs) {
      if (kv.first != "repeat") throw TorchError("TypeError", "product() got an unexpected keyword argument '" + kv.first + "'");
      repeat = to_int(in, kv.second);
      if (repeat < 0) throw TorchError("ValueError", "repeat argument cannot be negative");
    }
    std::vector<Items> pools;
    for (auto& x : a.args) pools.push_back(in.iterate(x));
    std::vector<Items> all;
    for (int64_t r = 0; r < repeat; ++r) all.insert(all.end(), pools.begin(), pools.end());
    auto s = std::make_shared<std::pair<std::vector<Items>, Odometer>>(std::move(all), Odometer{});
    return lazy(in, "product", [s](Interpreter& in) -> ObjPtr {
      auto& [pools, o] = *s;
      if (o.done) return nullptr;
      if (!o.started) {
        o.started = true;
        o.idx.assign(pools.size(), 0);
        for (auto& p : pools)
          if (p.empty()) return o.done = true, nullptr;
      } else {
        size_t i = pools.size();
        while (i > 0 && ++o.idx[i - 1] == pools[i - 1].size()) o.idx[--i] = 0;
        if (i == 0) return o.done = true, nullptr;
      }
      Items t;
      for (size_t i = 0; i < pools.size(); ++i) t.push_back(pools[i][o.idx[i]]);
      return in.make_tuple(std::move(t));
    });
  });
  // combinations / combinations_with_replacement / permutations: CPython's index algorithms.
  auto r_of = [](Interpreter& in, ArgParser& p, size_t n, bool optional) -> int64_t {
    ObjPtr r = optional ? p.get("r", 1) : p.required("r", 1);
    p.finish();
    if (is_none(r)) return int64_t(n);
    int64_t v = to_int(in, r);
    if (v < 0) throw TorchError("ValueError", "r must be non-negative");
    return v;
  };
  def_type(in, it, "combinations", [r_of](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "combinations", a);
    Items pool = in.iterate(p.required("iterable", 0));
    size_t r = size_t(r_of(in, p, pool.size(), false));
    auto s = std::make_shared<std::pair<Items, Odometer>>(std::move(pool), Odometer{});
    return lazy(in, "combinations", [s, r](Interpreter& in) -> ObjPtr {
      auto& [pool, o] = *s;
      size_t n = pool.size();
      if (o.done || r > n) return nullptr;
      if (!o.started) {
        o.started = true;
        for (size_t i = 0; i < r; ++i) o.idx.push_back(i);
      } else {
        size_t i = r;
        while (i > 0 && o.idx[i - 1] == i - 1 + n - r) --i;
        if (i == 0) return o.done = true, nullptr;
        ++o.idx[i - 1];
        for (size_t j = i; j < r; ++j) o.idx[j] = o.idx[j - 1] + 1;
      }
      Items t;
      for (size_t k : o.idx) t.push_back(pool[k]);
      return in.make_tuple(std::move(t));
    });
  });
  def_type(in, it, "combinations_with_replacement", [r_of](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "combinations_with_replacement", a);
    Items pool = in.iterate(p.required("iterable", 0));
    size_t r = size_t(r_of(in, p, pool.size(), false));
    auto s = std::make_shared<std::pair<Items, Odometer>>(std::move(pool), Odometer{});
    return lazy(in, "combinations_with_replacement", [s, r](Interpreter& in) -> ObjPtr {
      auto& [pool, o] = *s;
      size_t n = pool.size();
      if (o.done || (n == 0 && r > 0)) return nullptr;
      if (!o.started) {
        o.started = true;
        o.idx.assign(r, 0);
      } else {
        size_t i = r;
        while (i > 0 && o.idx[i - 1] == n - 1) --i;
        if (i == 0) return o.done = true, nullptr;
        size_t v = o.idx[i - 1] + 1;
        for (size_t j = i - 1; j < r; ++j) o.idx[j] = v;
      }
      Items t;
      for (size_t k : o.idx) t.push_back(pool[k]);
      return in.make_tuple(std::move(t));
    });
  });
  def_type(in, it, "permutations", [r_of](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "permutations", a);
    Items pool = in.iterate(p.required("iterable", 0));
    size_t r = size_t(r_of(in, p, pool.size(), true));
    struct State { Items pool; std::vector<size_t> indices, cycles; bool started = false, done = false; };
    auto s = std::make_shared<State>();
    s->pool = std::move(pool);
    return lazy(in, "permutations", [s, r](Interpreter& in) -> ObjPtr {
      size_t n = s->pool.size();
      if (s->done || r > n) return nullptr;
      auto emit = [&] {
        Items t;
        for (size_t i = 0; i < r; ++i) t.push_back(s->pool[s->indices[i]]);
        return in.make_tuple(std::move(t));
      };
      if (!s->started) {
        s->started = true;
        for (size_t i = 0; i < n; ++i) s->indices.push_back(i);
        for (size_t i = 0; i < r; ++i) s->cycles.push_back(n - i);
        return emit();
      }
      for (size_t i = r; i-- > 0;) {
        if (--s->cycles[i] == 0) {
          std::rotate(s->indices.begin() + long(i), s->indices.begin() + long(i) + 1, s->indices.end());
          s->cycles[i] = n - i;
        } else {
          std::swap(s->indices[i], s->indices[n - s->cycles[i]]);
          return emit();
        }
      }
      s->done = true;
      return nullptr;
    });
  });
  def_type(in, it, "accumulate", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "accumulate", a);
    ObjPtr src = in.iter(p.required("iterable", 0));
    ObjPtr func = p.get("func", 1);
    ObjPtr initial = p.kw("initial");
    p.finish();
    struct State { ObjPtr src, func, total; bool first = true; };
    auto s = std::make_shared<State>(State{src, is_none(func) ? nullptr : func, is_none(initial) ? nullptr : initial});
    return lazy(in, "accumulate", [s](Interpreter& in) -> ObjPtr {
      if (s->first && s->total) {
        s->first = false;
        return s->total;
      }
      s->first = false;
      ObjPtr x = in.next_item(s->src);
      if (!x) return nullptr;
      if (!s->total) s->total = x;
      else if (s->func) s->total = in.call(s->func, CallArgs{{s->total, x}, {}});
      else s->total = in.binary_op("+", s->total, x);
      return s->total;
    });
  });
  def_type(in, it, "zip_longest", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ObjPtr fill = in.none();
    for (auto& kv : a.kwargs) {
      if (kv.first != "fillvalue")
        throw TorchError("TypeError", "zip_longest() got an unexpected keyword argument '" + kv.first + "'");
      fill = kv.second;
    }
    struct State { Items its; size_t active; };
    auto s = std::make_shared<State>();
    for (auto& x : a.args) s->its.push_back(in.iter(x));
    s->active = s->its.size();
    return lazy(in, "zip_longest", [s, fill](Interpreter& in) -> ObjPtr {
      if (s->active == 0) return nullptr;
      Items t;
      for (auto& i : s->its) {
        ObjPtr x = i ? in.next_item(i) : nullptr;
        if (!x && i) {
          i = nullptr;
          if (--s->active == 0) return nullptr;
        }
        t.push_back(x ? x : fill);
      }
      return in.make_tuple(std::move(t));
    });
  });
  def_type(in, it, "starmap", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "starmap", a);
    ObjPtr fn = p.required("function", 0), src = in.iter(p.required("iterable", 1));
    p.finish();
    return lazy(in, "starmap", [fn, src](Interpreter& in) -> ObjPtr {
      ObjPtr x = in.next_item(src);
      return x ? in.call(fn, CallArgs{in.iterate(x), {}}) : nullptr;
    });
  });
  for (bool take : {true, false}) {
    std::string name = take ? "takewhile" : "dropwhile";
    def_type(in, it, name, [take, name](Interpreter& in, CallArgs& a) -> ObjPtr {
      ArgParser p(in, name, a);
      ObjPtr pred = p.required("predicate", 0), src = in.iter(p.required("iterable", 1));
      p.finish();
      auto state = std::make_shared<bool>(false);  // takewhile: stopped; dropwhile: dropping done
      return lazy(in, name, [take, pred, src, state](Interpreter& in) -> ObjPtr {
        while (true) {
          if (take && *state) return nullptr;
          ObjPtr x = in.next_item(src);
          if (!x) return nullptr;
          if (!take && *state) return x;
          bool ok = in.truthy(in.call(pred, CallArgs{{x}, {}}));
          if (take) {
            if (ok) return x;
            *state = true;
            return nullptr;
          }
          if (!ok) {
            *state = true;
            return x;
          }
        }
      });
    });
  }
  def_type(in, it, "pairwise", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "pairwise", a);
    ObjPtr src = in.iter(p.required("iterable", 0));
    p.finish();
    auto prev = std::make_shared<ObjPtr>();
    return lazy(in, "pairwise", [src, prev](Interpreter& in) -> ObjPtr {
      if (!*prev && !(*prev = in.next_item(src))) return nullptr;
      ObjPtr x = in.next_item(src);
      if (!x) return nullptr;
      ObjPtr t = in.make_tuple({*prev, x});
      *prev = x;
      return t;
    });
  });
}

}  // namespace

void install_itertools_module(Interpreter& in) {
  auto it = std::make_shared<ModuleObj>("itertools");
  in.register_module("itertools", it);
  install_itertools(in, *it);
}

}  // namespace tp::interp
