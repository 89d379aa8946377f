// The native runner: `tensorplay run FILE.py` prints the program's output exactly as Python would
// (stdout; warnings and the traceback on stderr; exit status 1 after an uncaught exception), and
// `tensorplay trace FILE.py` prints the JSON trace (engine/trace/SCHEMA.md).
// Two more for tests and benchmarks: `trace-full` writes every step as a keyframe (what the delta
// trace must decode to), `bench` prints the untraced and traced run times (best of 3, or of
// ROUNDS) and the trace size, and
// `repeat run|trace FILE.py N` runs it N times untimed, for a profiler: BENCHMARKS.md counts the
// instructions of both with callgrind, a figure the machine's load does not move.
// `tensorplay names` lists every library name (Note [Two modules] in engine/bindings/library_variant.h);
// built as `tensorplay_core`, a program that needs the full library exits with status 3.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

#include "bindings/library_variant.h"
#include "python/library.h"
#include "trace/recorder.h"
#include "trace/session.h"

namespace {

int usage() {
  std::fputs("usage: tensorplay run|trace|trace-full|bench FILE.py | tensorplay bench FILE.py ROUNDS | "
             "tensorplay repeat run|trace FILE.py N | "
             "tensorplay names\n", stderr);
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

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

// Best of `rounds` for each, alternating (the machine is shared; the minimum is the least
// disturbed run).
int bench(const std::string& source, const std::string& path, int rounds) {
  double run_ms = 1e300, trace_ms = 1e300;
  size_t bytes = 0;
  for (int i = 0; i < rounds; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    { tp::Session s; s.run(source, path); }
    run_ms = std::min(run_ms, ms_since(t0));
    t0 = std::chrono::steady_clock::now();
    bytes = tp::trace_json(source, path).size();
    trace_ms = std::min(trace_ms, ms_since(t0));
  }
  std::printf("{\"run_ms\": %.2f, \"trace_ms\": %.2f, \"trace_bytes\": %zu}\n", run_ms, trace_ms, bytes);
  return 0;
}

// Runs the program `n` times, traced or not, in fresh sessions (as `bench` does), untimed.
int repeat(const std::string& mode, const std::string& source, const std::string& path, int n) {
  size_t bytes = 0;
  for (int i = 0; i < n; ++i) {
    if (mode == "trace") bytes += tp::trace_json(source, path).size();
    else { tp::Session s; s.run(source, path); }
  }
  std::printf("%d runs, %zu trace bytes\n", n, bytes);
  return 0;
}

int names() {
  tp::Session session;
  session.run("import torch\n");  // the library is installed on a program's first run
  for (const std::string& n : tp::interp::lib::library_names(session.interpreter())) std::puts(n.c_str());
  return 0;
}

int run_command(const std::string& cmd, const std::string& path) {
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
  if (cmd == "trace" || cmd == "trace-full") {
    tp::TraceOptions options;
    if (cmd == "trace-full") options.keyframe_every = 1;
    const tp::TraceText json = tp::trace_json(source, path, options);
    std::fwrite(json.str().data(), 1, json.size(), stdout);
    std::fputc('\n', stdout);
    return 0;
  }
  if (cmd == "bench") return bench(source, path, 3);
  return usage();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && std::string(argv[1]) == "names") return names();
  if (argc == 4 && std::string(argv[1]) == "bench") {  // bench FILE ROUNDS
    std::string source;
    if (std::atoi(argv[3]) < 1) return usage();
    if (!read_file(argv[2], source)) {
      std::fprintf(stderr, "tensorplay: can't open file '%s'\n", argv[2]);
      return 2;
    }
    return bench(source, argv[2], std::atoi(argv[3]));
  }
  if (argc == 5 && std::string(argv[1]) == "repeat") {
    const std::string mode = argv[2];
    std::string source;
    if ((mode != "run" && mode != "trace") || std::atoi(argv[4]) < 1) return usage();
    if (!read_file(argv[3], source)) {
      std::fprintf(stderr, "tensorplay: can't open file '%s'\n", argv[3]);
      return 2;
    }
    return repeat(mode, source, argv[3], std::atoi(argv[4]));
  }
  if (argc != 3) return usage();
  try {
    return run_command(argv[1], argv[2]);
  } catch (const tp::interp::lib::NeedsFullLibrary& e) {  // only in tensorplay_core
    std::fprintf(stderr, "tensorplay: %s needs the full library\n", e.name.c_str());
    return 3;
  }
}
