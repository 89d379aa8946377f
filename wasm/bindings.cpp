// Embind bindings: the engine's Session as a JS class (`new Module.Session()`, run → trace JSON,
// exec → one REPL input's trace as JSON, reset, delete). No engine logic here. Every entry point is guarded
// so a C++ exception reaches JS as an Error named EngineError carrying what() (toolchain.md §5.1).
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <malloc.h>  // EM_JS; em_js.h alone lacks EMSCRIPTEN_KEEPALIVE in 3.1.6

#include <exception>
#include <memory>
#include <stdexcept>
#include <string>

#include "python/library.h"
#include "trace/recorder.h"
#include "trace/session.h"

namespace {

// Not on the stack: throwing into JS unwinds the wasm stack without running C++ destructors.
std::string g_error;

EM_JS(void, throw_js_error, (const char* name, const char* msg), {
  var e = new Error(UTF8ToString(msg));
  e.name = UTF8ToString(name);
  throw e;
});

template <class F>
auto call_guarded(F&& f) -> decltype(f()) {
  bool failed = false, needs_full = false;
  try {
    return f();
  } catch (const tp::interp::lib::NeedsFullLibrary& e) {  // Note [Two modules]: the host reruns in the full module
    g_error = e.name;
    needs_full = true;
  } catch (const std::exception& e) {  // the catch block ends normally, so the exception is freed
    g_error = e.what();
    failed = true;
  } catch (...) {
    g_error = "unknown C++ exception";
    failed = true;
  }
  if (needs_full) throw_js_error("NeedsFullModule", g_error.c_str());
  if (failed) throw_js_error("EngineError", g_error.c_str());
  __builtin_unreachable();
}

// The line the running program was at: the host reads it after a trap, when the module is about to
// be thrown away, to tell the learner where it happened. Points into the live interpreter.
int g_no_line = 0;
const int* g_line_cell = &g_no_line;

// One playground world. run() always starts from a fresh one, so nothing leaks between runs;
// exec() continues the world the last run (or exec) left.
class WasmSession {
 public:
  tp::TraceText run(const std::string& source) {
    session_.reset();
    g_line_cell = session_.current_line_cell();
    // Recorded in this session, so the REPL continues the world the program left.
    return tp::trace_json(session_, source, "prog.py");
  }

  // One REPL input in the same world; its steps snapshot the world after each statement.
  tp::TraceText exec(const std::string& line) {
    g_line_cell = session_.current_line_cell();
    return tp::repl_json(session_, line);
  }

  void reset() {
    g_line_cell = &g_no_line;
    session_.reset();
  }

  ~WasmSession() { g_line_cell = &g_no_line; }

  // The trace with every step whole and every repr recomputed: what decoding the delta trace
  // must give (web/tests/trace-decode.test.ts).
  tp::TraceText run_full(const std::string& source) {
    session_.reset();
    g_line_cell = session_.current_line_cell();
    tp::TraceOptions options;
    options.keyframe_every = 1;
    return tp::trace_json(session_, source, "prog.py", options);
  }

  // The text of a tensor repr the last traces refer to by `repr_ref` (Note [Reprs on demand]).
  std::string repr(int ref) {
    tp::ContextGuard guard(session_.context());  // formatting reads the session's print state
    return session_.reprs().repr(ref);
  }

  // The same program without a trace: what tracing costs is measured against it (bench-trace.mjs).
  std::string run_untraced(const std::string& source) {
    session_.reset();
    g_line_cell = session_.current_line_cell();
    return session_.run(source, "prog.py").stdout_text;
  }

 private:
  tp::Session session_;
};

// Note [Traces as text]: a trace is megabytes, and embind hands a returned std::string over by
// walking its bytes in JavaScript twice before decoding them: 15 % of a training loop's traced run.
// TextDecoder reads the module's memory at once. emscripten::val could return its result, for
// ~0.9 KB brotli of val's machinery in a module at its size budget; instead the bound run/exec/
// runFull leave the text in a slot, and the first Session made wraps those three methods to
// return it (so the JS API is unchanged: `session.run(source)` is the trace's JSON text).
EM_JS(void, hand_over_text, (const char* data, size_t size), {
  Module["traceText"] = new TextDecoder().decode(HEAPU8.subarray(data, data + size));
});
EM_JS(void, return_text_from_methods, (), {
  var proto = Module["Session"].prototype;
  if (proto.textWrapped) return;
  proto.textWrapped = true;
  ["run", "exec", "runFull"].forEach(function(name) {
    var bound = proto[name];
    proto[name] = function(arg) {
      bound.call(this, arg);
      var text = Module["traceText"];
      Module["traceText"] = null;
      return text;
    };
  });
});

void hand_over(const tp::TraceText& text) { hand_over_text(text.str().data(), text.size()); }

WasmSession* make_session() {
  return_text_from_methods();
  return call_guarded([] { return new WasmSession(); });
}
void session_run(WasmSession& s, const std::string& source) {
  hand_over(call_guarded([&] { return s.run(source); }));
}
void session_exec(WasmSession& s, const std::string& line) {
  hand_over(call_guarded([&] { return s.exec(line); }));
}
std::string session_run_untraced(WasmSession& s, const std::string& source) {
  return call_guarded([&] { return s.run_untraced(source); });
}
std::string session_repr(WasmSession& s, int ref) {
  return call_guarded([&] { return s.repr(ref); });
}
void session_run_full(WasmSession& s, const std::string& source) {
  hand_over(call_guarded([&] { return s.run_full(source); }));
}
void session_reset(WasmSession& s) {
  call_guarded([&] { s.reset(); });
}
// Lets the tests prove, on the real module, that a C++ exception reaches JS as an EngineError
// with its message (this depends on the exception-handling mode the module is built with).
void throw_for_test(const std::string& message) {
  call_guarded([&] { throw std::runtime_error(message); });
}

// Bytes malloc has handed out and not had back: the tests run thousands of programs and check it
// stays flat, i.e. that nothing leaks across runs.
size_t heap_in_use() {
  return static_cast<size_t>(mallinfo().uordblks);
}

// Reads one int and calls nothing, so it is safe on a module that has just trapped.
int last_line() { return *g_line_cell; }

std::string version() {
  return "tensorplay 0.1 (wasm, schema 2)";
}

}  // namespace

EMSCRIPTEN_BINDINGS(tensorplay_module) {
  using namespace emscripten;
  function("version", &version);
  function("throwForTest", &throw_for_test);
  function("heapInUse", &heap_in_use);
  function("lastLine", &last_line);
  // The constructor can throw too: bind a guarded factory instead of constructor<>().
  class_<WasmSession>("Session")
      .constructor(&make_session, allow_raw_pointers())
      .function("run", &session_run)
      .function("exec", &session_exec)
      .function("reset", &session_reset)
      .function("runUntraced", &session_run_untraced)
      .function("runFull", &session_run_full)
      .function("repr", &session_repr);
}
