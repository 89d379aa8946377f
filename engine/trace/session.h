// A Session is one playground run environment: it owns the engine Context and the Interpreter,
// runs programs and REPL lines, captures stdout/stderr, and reports every executed statement to a
// hook (the trace recorder), which reads the world through the read-only accessors below.
#pragma once
#include <cstdint>
#include "core/callable.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/context.h"
#include "python/interpreter.h"
#include "python/limits.h"
#include "trace/repr_store.h"

namespace tp {

// The uncaught exception that ended a run (or the one a statement raised).
struct ErrorInfo {
  std::string type;     // "RuntimeError"
  std::string message;  // str(e)
  int line = 0;         // innermost line of the program being executed when it was raised
  std::vector<int64_t> tensor_ids, node_ids;
};

struct RunResult {
  std::string stdout_text;  // exactly what `tensorplay run` prints on stdout
  std::string stderr_text;  // warnings and the traceback
  int exit_status = 0;      // 0, or 1 after an uncaught exception
  std::optional<ErrorInfo> error;
  std::string echo;         // exec_repl: the repr Python's REPL would echo ("" for None / statements)
};

// Fired after every executed statement (also inside functions and loops), in execution order.
// The output fields hold what was printed since the previous event, so the events partition
// the run's stdout/stderr.
struct StatementEvent {
  int line = 0, end_line = 0;
  std::string stdout_text, stderr_text;
  const ErrorInfo* error = nullptr;  // set when this statement raised
};

class Session {
 public:
  explicit Session(interp::Limits limits = interp::Limits{});
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  RunResult run(const std::string& source, const std::string& filename = "prog.py");
  // One more input in the same session (REPL). The result's `echo` is the expression's repr.
  RunResult exec_repl(const std::string& source);
  void reset();  // a fresh world (new context and interpreter), same limits and hook

  Callable<void(const StatementEvent&)> on_statement;

  // ---- read-only world for the recorder
  const std::vector<std::string>& global_names() const { return interp_->global_names(); }
  interp::ObjPtr global(const std::string& name) const { return interp_->global(name); }
  interp::Interpreter& interpreter() { return *interp_; }
  // Where the interpreter keeps the line it is executing, so a host can still read the learner's
  // line after the module trapped and no code can run in it (wasm/bindings.cpp: lastLine()).
  const int* current_line_cell();
  Context& context() { return *ctx_; }
  const interp::Limits& limits() const { return limits_; }
  const std::string& source() const { return source_; }
  // The reprs this session's traces refer to by number (Note [Reprs on demand]); a reset empties it.
  trace::ReprStore& reprs() { return reprs_; }

 private:
  void build();
  RunResult finish(const interp::PyException* e);
  ErrorInfo error_info(const interp::PyException& e) const;
  void emit(const interp::StatementEvent& ev);

  interp::Limits limits_;
  std::unique_ptr<Context> ctx_;
  std::unique_ptr<interp::Interpreter> interp_;
  std::string source_, filename_ = "prog.py";
  std::string out_, err_;            // this run's output
  size_t out_mark_ = 0, err_mark_ = 0;  // consumed by statement events
  trace::ReprStore reprs_;
};

}  // namespace tp
