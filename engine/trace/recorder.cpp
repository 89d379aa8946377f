#include "trace/recorder.h"

#include <memory>
#include <optional>
#include <vector>

#include "autograd/engine.h"
#include "core/context.h"
#include "format/tensor_str.h"
#include "trace/json_writer.h"
#include "trace/session.h"
#include "trace/world_snapshot.h"

namespace tp {

namespace {

constexpr int kSchemaVersion = 2;  // SCHEMA.md

void write_error(trace::JsonWriter& w, const ErrorInfo* e) {
  if (!e) { w.null(); return; }
  w.begin_object();
  w.key("type").value(e->type);
  w.key("message").value(e->message);
  w.key("line").value(e->line);
  w.key("tensor_ids").begin_array();
  for (int64_t id : e->tensor_ids) w.value(id);
  w.end_array();
  w.key("node_ids").begin_array();
  for (int64_t id : e->node_ids) w.value(id);
  w.end_array();
  w.end_object();
}

void write_limits(trace::JsonWriter& w, const interp::Limits& l) {
  w.key("limits").begin_object();
  w.key("max_steps").value(int64_t(l.max_steps));
  w.key("max_recursion").value(int64_t(l.max_recursion));
  w.key("max_output_bytes").value(int64_t(l.max_output_bytes));
  w.end_object();
}

// Backward events turned into JSON as they happen. A gradient is frozen at once (a copy of its
// elements, Note [Reprs on demand]) and given by ref: the recorder never keeps a gradient alive,
// which would change whether AccumulateGrad steals or copies it.
class BackwardLog {
 public:
  explicit BackwardLog(trace::ReprStore& store) : store_(store) { events_.begin_array(); }

  void on_event(const BackwardEvent& e) {
    using K = BackwardEvent::Kind;
    if (e.kind == K::Begin) {
      if (!active_) { root_ = e.node_id; root_node_ = e.root; retain_graph_ = e.retain_graph; active_ = true; }
      return;
    }
    if (e.kind == K::End) return;
    trace::JsonWriter& w = events_;  // one array, written as the events come
    w.begin_object();
    auto grad = [&](const Tensor& t) {
      if (t.defined()) w.value(store_.freeze(t, format::TensorReprExtras{}));
      else w.null();
    };
    auto list = [&](const char* key, const TensorList& ts) {
      w.key(key).begin_array();
      for (const Tensor& t : ts) grad(t);
      w.end_array();
    };
    if (e.kind == K::Execute) {
      w.key("kind").value("execute").key("node").value(e.node_id);
      list("grads_in", e.grads_in);
      list("grads_out", e.grads_out);
    } else if (e.kind == K::Accumulate) {
      w.key("kind").value("accumulate").key("node").value(e.node_id).key("tensor").value(e.tensor_id);
      w.key("grad");
      grad(e.grads_out.empty() ? Tensor() : e.grads_out[0]);
    } else if (e.kind == K::Hook) {
      w.key("kind").value("hook").key("hook").value(e.hook).key("node").value(e.node_id).key("tensor");
      if (e.tensor_id >= 0) w.value(e.tensor_id); else w.null();
    } else {
      w.key("kind").value("retain").key("tensor").value(e.tensor_id);
      w.key("grad");
      grad(e.grads_out.empty() ? Tensor() : e.grads_out[0]);
    }
    w.end_object();
  }

  // Writes the step's "backward" value and starts over.
  void flush(trace::JsonWriter& w) {
    if (!active_) { w.null(); return; }
    w.begin_object();
    w.key("root").value(root_);
    w.key("retain_graph").value(retain_graph_);
    events_.end_array();
    w.key("events").raw(events_.str());
    w.end_object();
    events_.clear();  // keeps its memory for the next backward
    events_.begin_array();
    active_ = false;
    root_node_.reset();
  }

  // The graph backward() ran on, kept until the step is drawn: `y.sum().backward()` runs on a
  // temporary whose nodes would otherwise be gone before the snapshot.
  const std::shared_ptr<Node>& root_node() const { return root_node_; }

 private:
  trace::ReprStore& store_;
  bool active_ = false;
  int64_t root_ = 0;
  std::shared_ptr<Node> root_node_;
  bool retain_graph_ = false;
  trace::JsonWriter events_;  // an open array: the events since the last flush
};

// Collects one JSON object per executed statement. Past max_steps (or max_trace_bytes of
// snapshots) only the last statement is drawn, and it is snapshotted once, when the run ends: a long loop must not pay for (and freeze
// the page over) hundreds of thousands of snapshots nobody will see.
//
// The trace is written in one pass into one buffer (megabytes: never copied): first what is known
// before the run (the schema, the source, the limits), then the steps as they come, then the
// run's outcome (SCHEMA.md, "Top level").
class StepRecorder {
 public:
  StepRecorder(Session& s, const TraceOptions& o, const std::string& source, const interp::Limits* limits)
      : session_(s), options_(o), world_(o.max_storage_values, o.keyframe_every != 1), backward_(s.reprs()) {
    text_.begin_object();
    text_.key("schema_version").value(kSchemaVersion);
    text_.key("source").value(source);
    if (limits) write_limits(text_, *limits);
    text_.key("steps").begin_array();
  }

  void install() {
    session_.on_statement = [this](const StatementEvent& ev) { record(ev); };
    session_.context().on_backward_event = [this](const BackwardEvent& e) { backward_.on_event(e); };
  }
  void uninstall() {
    finish();
    session_.on_statement = nullptr;
    session_.context().on_backward_event = nullptr;
  }

  void record(const StatementEvent& ev) {
    Pending step{count_++, ev.line, ev.end_line, ev.stdout_text, ev.stderr_text, {}, backward_.root_node(), {}};
    if (ev.error) step.error = *ev.error;
    if (steps_count_ + 1 < options_.max_steps && bytes_ < options_.max_trace_bytes &&
        world_.work() < options_.max_snapshot_work) {
      write_step(step);
      return;
    }
    if (pending_) ++omitted_;
    trace::JsonWriter bw;
    backward_.flush(bw);
    step.backward_json = bw.take();
    pending_ = std::move(step);
  }

  // The trace, ended with the run's outcome (`echo`: a REPL input's, which has one).
  TraceText finish_trace(const RunResult& r, bool echo) {
    text_.end_array();
    text_.key("steps_omitted").value(int64_t(omitted_));
    text_.key("stdout").value(r.stdout_text);
    text_.key("stderr").value(r.stderr_text);
    if (echo) text_.key("echo").value(r.echo);
    text_.key("error");
    write_error(text_, r.error ? &*r.error : nullptr);
    text_.end_object();
    return TraceText(std::move(text_));
  }

 private:
  struct Pending {
    size_t index;
    int line, end_line;
    std::string stdout_text, stderr_text;
    std::optional<ErrorInfo> error;
    std::shared_ptr<Node> backward_root;
    std::string backward_json;  // set when deferred (the log has moved on by then)
  };

  // Appends the step to text_ (one buffer for them all). A snapshot may throw (a repr that
  // recurses without end): text_ then goes back to where the step began.
  void write_step(const Pending& ev) {
    const trace::JsonWriter::Mark before = text_.mark();
    try {
      snapshot(ev, text_);
    } catch (...) {
      text_.rewind(before);
      throw;
    }
    bytes_ += text_.size() - before.len - (before.comma ? 1 : 0);  // the separator is not counted
    ++steps_count_;
  }

  void snapshot(const Pending& ev, trace::JsonWriter& w) {
    w.begin_object();
    w.key("index").value(int64_t(ev.index));
    w.key("line").value(ev.line);
    w.key("end_line").value(ev.end_line);
    w.key("stdout").value(ev.stdout_text);
    w.key("stderr").value(ev.stderr_text);
    w.key("error");
    write_error(w, ev.error ? &*ev.error : nullptr);
    bool keyframe = options_.keyframe_every && written_ % options_.keyframe_every == 0;
    ++written_;
    world_.write(session_, w, ev.backward_root, keyframe);
    w.key("backward");
    if (ev.backward_json.empty()) backward_.flush(w);
    else w.raw(ev.backward_json);
    w.end_object();
  }

  // The world has not changed since the deferred statement: nothing runs after it.
  void finish() {
    if (!pending_) return;
    ContextGuard guard(session_.context());  // reprs and tensor reads need the session's engine context
    write_step(*pending_);
    pending_.reset();
  }

 private:
  Session& session_;
  TraceOptions options_;
  trace::WorldSnapshotter world_;
  BackwardLog backward_;
  trace::JsonWriter text_;  // the trace so far: its head, then an open array of the steps written
  size_t steps_count_ = 0;
  std::optional<Pending> pending_;
  size_t count_ = 0, omitted_ = 0, written_ = 0;
  size_t bytes_ = 0;  // of the steps written (their separators not counted)
};

}  // namespace

TraceText trace_json(Session& session, const std::string& source, const std::string& filename,
                     const TraceOptions& options) {
  StepRecorder rec(session, options, source, &session.limits());
  rec.install();
  RunResult r = session.run(source, filename);
  rec.uninstall();
  return rec.finish_trace(r, false);
}

TraceText trace_json(const std::string& source, const std::string& filename, const TraceOptions& options) {
  Session session;
  return trace_json(session, source, filename, options);
}

TraceText repl_json(Session& session, const std::string& line, const TraceOptions& options) {
  StepRecorder rec(session, options, line, nullptr);
  rec.install();
  RunResult r = session.exec_repl(line);
  rec.uninstall();
  return rec.finish_trace(r, true);
}

}  // namespace tp
