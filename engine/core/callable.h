// tp::Callable<R(A...)>: the engine's owning, copyable callable, used instead of std::function for
// every stored callback (library methods, backward formulas, hooks, session callbacks).
//
// Note [Callable instead of std::function]: the Python library registers ~900 lambdas and the autograd
// ~300 formulas. libc++'s std::function makes a class per stored lambda type, with a vtable and
// eight virtual members (clone x2, destroy x2, operator(), target, target_type, destructor), plus
// the RTTI name of the lambda type for target_type(); in the WebAssembly module that was 225 KB of
// code and 180 KB of type-name strings. Callable instantiates one function per lambda type (the call
// thunk, into which the body is inlined) and, only for captures that need a destructor, one
// destroy function. Small trivially-copyable captures (none, pointers, flags, numbers) are stored
// inline; the others live in a reference-counted heap box that copies share. Sharing is safe
// because a stored callable is only ever called through a const reference (a `mutable` lambda
// does not compile), so copies cannot observe each other. Single-threaded like the rest of a
// session: the count is not atomic.
#pragma once
#include <cstddef>
#include <cstring>
#include <functional>  // std::bad_function_call, std::invoke
#include <new>
#include <type_traits>
#include <utility>

namespace tp {

namespace callable_detail {
struct Box {
  int refs = 1;
  void (*destroy)(Box*) = nullptr;
};
template <class F> struct BoxOf : Box {
  template <class G> explicit BoxOf(G&& g) : f(std::forward<G>(g)) {}
  F f;
};
template <class F> void destroy_box(Box* b) { delete static_cast<BoxOf<F>*>(b); }
[[noreturn]] inline void bad_call() { throw std::bad_function_call(); }
template <class T> bool is_null(const T& f) {
  if constexpr (std::is_pointer_v<T> || std::is_member_pointer_v<T>) return f == nullptr;
  else return false;
}
}  // namespace callable_detail

template <class Sig> class Callable;

template <class R, class... A> class Callable<R(A...)> {
 public:
  Callable() noexcept = default;
  Callable(std::nullptr_t) noexcept {}
  template <class F, class D = std::decay_t<F>,
            class = std::enable_if_t<!std::is_same_v<D, Callable> && std::is_invocable_r_v<R, const D&, A...>>>
  Callable(F&& f) {
    if (callable_detail::is_null(f)) return;  // a null function pointer gives an empty Callable
    if constexpr (kInline<D>) {
      ::new (static_cast<void*>(buf_)) D(std::forward<F>(f));
      invoke_ = &call<D, false>;
    } else {
      auto* b = new callable_detail::BoxOf<D>(std::forward<F>(f));
      b->destroy = &callable_detail::destroy_box<D>;
      box_ = b;
      invoke_ = &call<D, true>;
    }
  }
  Callable(const Callable& o) noexcept : invoke_(o.invoke_), box_(o.box_) {
    std::memcpy(buf_, o.buf_, sizeof buf_);
    if (box_) ++box_->refs;
  }
  Callable(Callable&& o) noexcept : invoke_(o.invoke_), box_(o.box_) {
    std::memcpy(buf_, o.buf_, sizeof buf_);
    o.invoke_ = nullptr;
    o.box_ = nullptr;
  }
  Callable& operator=(const Callable& o) noexcept {
    Callable(o).swap(*this);
    return *this;
  }
  Callable& operator=(Callable&& o) noexcept {
    Callable(std::move(o)).swap(*this);
    return *this;
  }
  Callable& operator=(std::nullptr_t) noexcept {
    Callable().swap(*this);
    return *this;
  }
  ~Callable() {
    if (box_ && --box_->refs == 0) box_->destroy(box_);
  }
  void swap(Callable& o) noexcept {
    Callable* a = this;
    unsigned char tmp[sizeof(Callable)];
    std::memcpy(tmp, static_cast<void*>(a), sizeof(Callable));
    std::memcpy(static_cast<void*>(a), static_cast<void*>(&o), sizeof(Callable));
    std::memcpy(static_cast<void*>(&o), tmp, sizeof(Callable));
  }

  explicit operator bool() const noexcept { return invoke_ != nullptr; }
  friend bool operator==(const Callable& f, std::nullptr_t) noexcept { return !f; }
  friend bool operator!=(const Callable& f, std::nullptr_t) noexcept { return static_cast<bool>(f); }

  R operator()(A... a) const {
    if (!invoke_) callable_detail::bad_call();
    return invoke_(*this, std::forward<A>(a)...);
  }

 private:
  static constexpr size_t kBuf = 16;
  template <class D>
  static constexpr bool kInline = sizeof(D) <= kBuf && alignof(D) <= 8 && std::is_trivially_copyable_v<D> &&
                                  std::is_trivially_destructible_v<D>;

  template <class D, bool Boxed> static R call(const Callable& self, A&&... a) {
    const D* f;
    if constexpr (Boxed) f = &static_cast<const callable_detail::BoxOf<D>*>(self.box_)->f;
    else f = std::launder(reinterpret_cast<const D*>(self.buf_));
    if constexpr (std::is_void_v<R>) std::invoke(*f, std::forward<A>(a)...);
    else return std::invoke(*f, std::forward<A>(a)...);
  }

  R (*invoke_)(const Callable&, A&&...) = nullptr;
  callable_detail::Box* box_ = nullptr;
  alignas(8) unsigned char buf_[kBuf] = {};
};

}  // namespace tp
