// Embind bindings: the engine's Session as a JS class (`new Module.Session()`, run → trace JSON,
// exec → one REPL step as JSON, reset, delete). No engine logic here. Every entry point is guarded
// so a C++ exception reaches JS as an Error named EngineError carrying what() (toolchain.md §5.1).
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>  // EM_JS; em_js.h alone lacks EMSCRIPTEN_KEEPALIVE in 3.1.6

#include <exception>
#include <memory>
#include <optional>
#include <string>

#include "trace/json_writer.h"
#include "trace/session.h"

#if __has_include("trace/recorder.h")
#include "trace/recorder.h"
#define TP_HAVE_RECORDER 1
#endif

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
  bool failed = false;
  try {
    return f();
  } catch (const std::exception& e) {  // the catch block ends normally, so the exception is freed
    g_error = e.what();
    failed = true;
  } catch (...) {
    g_error = "unknown C++ exception";
    failed = true;
  }
  if (failed) throw_js_error("EngineError", g_error.c_str());
  __builtin_unreachable();
}

void write_error(tp::trace::JsonWriter& w, const std::optional<tp::ErrorInfo>& error) {
  if (!error) {
    w.null();
    return;
  }
  w.begin_object();
  w.key("type").value(error->type);
  w.key("message").value(error->message);
  w.key("line").value(error->line);
  w.key("tensor_ids").begin_array();
  for (int64_t id : error->tensor_ids) w.value(id);
  w.end_array();
  w.key("node_ids").begin_array();
  for (int64_t id : error->node_ids) w.value(id);
  w.end_array();
  w.end_object();
}

// One playground world. run() always starts from a fresh one, so nothing leaks between runs;
// exec() continues the world the last run (or exec) left.
class WasmSession {
 public:
  std::string run(const std::string& source) {
    session_.reset();
#ifdef TP_HAVE_RECORDER
    // Recorded in this session, so the REPL continues the world the program left.
    return tp::trace_json(session_, source, "prog.py");
#else
    // Until the trace recorder lands: the run's output and error, with no steps.
    tp::RunResult r = session_.run(source, "prog.py");
    tp::trace::JsonWriter w;
    w.begin_object();
    w.key("schema_version").value(1);
    w.key("source").value(source);
    w.key("stdout").value(r.stdout_text);
    w.key("stderr").value(r.stderr_text);
    w.key("error");
    write_error(w, r.error);
    w.key("steps").begin_array().end_array();
    w.end_object();
    return w.take();
#endif
  }

  // One REPL input in the same world; its steps snapshot the world after each statement.
  std::string exec(const std::string& line) { return tp::repl_json(session_, line); }

  void reset() { session_.reset(); }

 private:
  tp::Session session_;
};

WasmSession* make_session() {
  return call_guarded([] { return new WasmSession(); });
}
std::string session_run(WasmSession& s, const std::string& source) {
  return call_guarded([&] { return s.run(source); });
}
std::string session_exec(WasmSession& s, const std::string& line) {
  return call_guarded([&] { return s.exec(line); });
}
void session_reset(WasmSession& s) {
  call_guarded([&] { s.reset(); });
}
std::string version() {
  return "tensorplay 0.1 (wasm, schema 1)";
}

}  // namespace

EMSCRIPTEN_BINDINGS(tensorplay_module) {
  using namespace emscripten;
  function("version", &version);
  // The constructor can throw too: bind a guarded factory instead of constructor<>().
  class_<WasmSession>("Session")
      .constructor(&make_session, allow_raw_pointers())
      .function("run", &session_run)
      .function("exec", &session_exec)
      .function("reset", &session_reset);
}
