// The trace recorder: runs a program in a Session and, after every executed statement, writes a
// read-only snapshot of the world (names, objects, tensors, storages, autograd nodes, backward
// events) as JSON. The schema is SCHEMA.md; storages whose bytes did not change are referenced,
// not copied (Note [Time travel by snapshots]).
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

#include "trace/json_writer.h"

namespace tp {

class Session;

struct TraceOptions {
  size_t max_steps = 3000;           // snapshots kept; later statements replace the last one
  size_t max_storage_values = 1024;  // larger storages carry their first and last halves
  // Snapshots kept in all: past it, as past max_steps, only the last statement is drawn. A loop
  // whose world keeps growing (`total = total + loss` holds the whole graph) would otherwise make
  // a trace quadratic in its length (1 GB and std::bad_alloc in the page at 1,000 iterations).
  size_t max_trace_bytes = size_t(48) << 20;
  // Entities walked in all (WorldSnapshotter::work): past it, as past max_steps, only the last
  // statement is drawn. A chain of 1,000 autograd ops walks ~1 million.
  size_t max_snapshot_work = 1200000;
  // A step written whole (a keyframe) every this many steps; the others carry only what changed.
  // 1 writes every step whole: the reference the delta decoding is tested against.
  size_t keyframe_every = 0;  // 0: only the first step
};

// A trace's JSON text, left in the buffer it was written in: a trace is megabytes (4.7 MB for a
// 1,000-iteration training loop), written in one pass and handed over without a copy.
class TraceText {
 public:
  explicit TraceText(trace::JsonWriter text) : text_(std::move(text)) {}
  std::string_view str() const { return text_.str(); }
  size_t size() const { return text_.size(); }
  operator std::string() const { return std::string(str()); }  // a copy (tests, small traces)

 private:
  trace::JsonWriter text_;
};

// Runs `source` in a fresh session and returns the trace JSON.
TraceText trace_json(const std::string& source, const std::string& filename, const TraceOptions& options = {});
// Runs `source` in `session` (which keeps the resulting world, e.g. for a REPL) and returns the trace.
TraceText trace_json(Session& session, const std::string& source, const std::string& filename,
                       const TraceOptions& options = {});
// One REPL input executed in `session`, as a trace whose steps are its statements (stdout/echo too).
TraceText repl_json(Session& session, const std::string& line, const TraceOptions& options = {});

}  // namespace tp
