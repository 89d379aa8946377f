// libFuzzer target: the input is a program; it is parsed and run in a fresh Session under tight
// limits, as a share link would be. Any crash, sanitizer report or hang is a finding; a Python
// exception is a normal outcome. Built by scripts/fuzz.sh (clang, -fsanitize=fuzzer,address,undefined).
#include <cstddef>
#include <cstdint>
#include <string>

#include "trace/recorder.h"
#include "trace/session.h"

namespace {
tp::interp::Limits fuzz_limits() {
  tp::interp::Limits l;
  l.max_steps = 20000;                   // keeps each input well under a second
  l.max_output_bytes = 1 << 16;
  l.max_str_bytes = size_t(4) << 20;
  l.max_items = 200000;
  l.max_heap_bytes = size_t(512) << 20;  // below libFuzzer's -rss_limit_mb default (2 GB)
  return l;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 4096) return -1;  // long inputs only slow the search down
  std::string source(reinterpret_cast<const char*>(data), size);
  tp::Session session(fuzz_limits());
  session.context().alloc->cap_bytes = size_t(64) << 20;
  // Half the inputs through the trace recorder, which snapshots the world after every statement.
  if (size % 2) tp::trace_json(session, source, "fuzz.py", tp::TraceOptions{50, 64, size_t(1) << 20});
  else session.run(source, "fuzz.py");
  return 0;
}
