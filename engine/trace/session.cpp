// Session: runs programs in its own Context + Interpreter and captures their output (session.h).
#include "trace/session.h"

#include "core/error.h"
#include "python/interp_impl.h"

namespace tp {

using interp::PyException;

Session::Session(interp::Limits limits) : limits_(limits) { build(); }

Session::~Session() {
  ContextGuard guard(*ctx_);  // objects released here may still reach ctx()
  interp_.reset();
}

void Session::build() {
  if (interp_) {
    ContextGuard guard(*ctx_);
    interp_.reset();
  }
  reprs_.clear();
  ctx_ = std::make_unique<Context>();
  ContextGuard guard(*ctx_);
  interp_ = std::make_unique<interp::Interpreter>(limits_);
  interp_->on_stdout = [this](const std::string& s) { out_ += s; };
  interp_->on_stderr = [this](const std::string& s) { err_ += s; };
  interp_->on_statement = [this](const interp::StatementEvent& ev) { emit(ev); };
  ctx_->on_warning = [this](const std::string& category, const std::string& message) {
    interp_->warn(message, category);
  };
}

void Session::reset() { build(); }

const int* Session::current_line_cell() { return &interp_->impl().current_line_ref(); }

ErrorInfo Session::error_info(const PyException& e) const {
  ErrorInfo info;
  info.type = e.type();
  info.message = e.message();
  info.line = e.is_syntax_error ? e.syntax_line : !e.traceback.empty() ? e.traceback.back().line : interp_->current_line();
  info.tensor_ids = e.tensor_ids;
  info.node_ids = e.node_ids;
  return info;
}

void Session::emit(const interp::StatementEvent& ev) {
  if (!on_statement) {
    out_mark_ = out_.size();
    err_mark_ = err_.size();
    return;
  }
  StatementEvent out;
  out.line = ev.line;
  out.end_line = ev.end_line;
  out.stdout_text = out_.substr(out_mark_);
  out.stderr_text = err_.substr(err_mark_);
  out_mark_ = out_.size();
  err_mark_ = err_.size();
  std::optional<ErrorInfo> info;
  if (ev.error) {
    info = error_info(*ev.error);
    out.error = &*info;
  }
  on_statement(out);
}

RunResult Session::finish(const PyException* e) {
  RunResult r;
  if (e) {
    bool quiet_exit = e->type() == "SystemExit";
    if (quiet_exit) {
      r.exit_status = 0;
      if (!e->exc->args.empty()) {
        auto& a = e->exc->args[0];
        if (a->kind == interp::Kind::Int) r.exit_status = int(static_cast<interp::IntObj&>(*a).value);
        else if (a->kind != interp::Kind::None) { err_ += interp_->str(a) + "\n"; r.exit_status = 1; }
      }
    } else {
      err_ += interp::format_traceback(*e, filename_, [this](int line) { return interp_->source_line(line); });
      r.exit_status = 1;
      r.error = error_info(*e);
    }
  }
  r.stdout_text = std::move(out_);
  r.stderr_text = std::move(err_);
  out_.clear();
  err_.clear();
  out_mark_ = err_mark_ = 0;
  return r;
}

RunResult Session::run(const std::string& source, const std::string& filename) {
  source_ = source;
  filename_ = filename;
  ContextGuard guard(*ctx_);
  try {
    interp_->exec_source(source, filename);
  } catch (const PyException& e) {
    return finish(&e);
  }
  return finish(nullptr);
}

RunResult Session::exec_repl(const std::string& source) {
  ContextGuard guard(*ctx_);
  std::string echo;
  try {
    echo = interp_->exec_repl(source, "<stdin>");
  } catch (const PyException& e) {
    return finish(&e);
  }
  RunResult r = finish(nullptr);
  r.echo = echo;
  return r;
}

}  // namespace tp
