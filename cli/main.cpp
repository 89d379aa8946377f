// The native runner: `tensorplay run FILE.py` prints the program's output exactly as Python would
// (stdout; warnings and the traceback on stderr; exit status 1 after an uncaught exception), and
// `tensorplay trace FILE.py` prints the JSON trace (engine/trace/SCHEMA.md).
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "trace/json_writer.h"
#include "trace/session.h"

#if __has_include("trace/recorder.h")
#include "trace/recorder.h"
#define TP_HAVE_RECORDER 1
#endif

namespace {

int usage() {
  std::fputs("usage: tensorplay run FILE.py\n       tensorplay trace FILE.py\n", stderr);
  return 2;
}

bool read_file(const std::string& path, std::string& out) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return false;
  std::ostringstream ss;
  ss << f.rdbuf();
  out = ss.str();
  return true;
}

#ifndef TP_HAVE_RECORDER
// Until the trace recorder lands: the run's output and error with an empty step list.
std::string minimal_trace(const std::string& source, const std::string& path) {
  tp::Session session;
  tp::RunResult r = session.run(source, path);
  tp::trace::JsonWriter w;
  w.begin_object();
  w.key("schema_version").value(1);
  w.key("source").value(source);
  w.key("stdout").value(r.stdout_text);
  w.key("stderr").value(r.stderr_text);
  w.key("error");
  if (r.error) {
    w.begin_object();
    w.key("type").value(r.error->type);
    w.key("message").value(r.error->message);
    w.key("line").value(r.error->line);
    w.key("tensor_ids").begin_array();
    for (int64_t id : r.error->tensor_ids) w.value(id);
    w.end_array();
    w.key("node_ids").begin_array();
    for (int64_t id : r.error->node_ids) w.value(id);
    w.end_array();
    w.end_object();
  } else {
    w.null();
  }
  w.key("steps").begin_array().end_array();
  w.end_object();
  return w.take();
}
#endif

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) return usage();
  std::string cmd = argv[1], path = argv[2];
  std::string source;
  if (!read_file(path, source)) {
    std::fprintf(stderr, "tensorplay: can't open file '%s'\n", path.c_str());
    return 2;
  }
  if (cmd == "run") {
    tp::Session session;
    tp::RunResult r = session.run(source, path);
    std::fwrite(r.stdout_text.data(), 1, r.stdout_text.size(), stdout);
    std::fflush(stdout);
    std::fwrite(r.stderr_text.data(), 1, r.stderr_text.size(), stderr);
    return r.exit_status;
  }
  if (cmd == "trace") {
#ifdef TP_HAVE_RECORDER
    std::string json = tp::trace_json(source, path);
#else
    std::string json = minimal_trace(source, path);
#endif
    std::fwrite(json.data(), 1, json.size(), stdout);
    std::fputc('\n', stdout);
    return 0;
  }
  return usage();
}
