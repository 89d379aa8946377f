#!/usr/bin/env bash
# Fuzzes parse + run (tests/fuzz/fuzz_program.cpp) with libFuzzer under ASan + UBSan.
#   scripts/fuzz.sh [MINUTES]    run for MINUTES (default 10); prints executions/s and coverage
#   scripts/fuzz.sh --plant      build with a planted bug and show that the fuzzer finds it
# Leak detection is off: the interpreter has no cycle collector, so cycles a program makes leak.
# Seeds: every lesson and golden program. Crashes land in build/fuzz/findings/; copy each to
# tests/fuzz/regressions/crash-NAME so CTest keeps it as a regression test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh >/dev/null
plant=OFF
minutes=10
if [[ ${1:-} == --plant ]]; then plant=ON; minutes=${2:-5}; else minutes=${1:-10}; fi
dir=build/fuzz  # one build: the planted bug is a single file's switch
CC=clang CXX=clang++ cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUILD_TESTING=OFF \
  -DTP_FUZZ=ON -DTP_FUZZ_PLANT=$plant >/dev/null
cmake --build "$dir" -j"$(nproc)" --target tensorplay_fuzz
corpus=$dir/corpus
rm -rf "$dir/findings"
mkdir -p "$corpus" "$dir/findings"
cp examples/*.py tests/golden/*.py tests/hostile/*.py "$corpus"/ 2>/dev/null || true
dict=tests/fuzz/python.dict
if [[ $plant == ON ]]; then
  # The plant fires on evaluating a string literal holding "planty". The dictionary gets that word,
  # as it has Python's keywords and torch's names: the proof is that mutations reach the evaluator
  # and the sanitizers stop the run with a finding, not that libFuzzer guesses six letters unaided.
  dict=$dir/plant.dict
  { cat tests/fuzz/python.dict; echo '"planty"'; } > "$dict"
fi
echo "== fuzzing for $minutes min (seeds: $(ls "$corpus" | wc -l) programs)"
set +e
ASAN_OPTIONS=detect_leaks=0 "$dir/tensorplay_fuzz" "$corpus" -max_total_time=$((minutes * 60)) -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 \
  -max_len=4096 -dict="$dict" -print_final_stats=1 -artifact_prefix="$dir/findings/" 2>&1 | tee "$dir/fuzz.log" |
  grep -E "^#[0-9]+ +(INITED|pulse|DONE)|ERROR|SUMMARY|stat::|Test unit written" 
status=${PIPESTATUS[0]}
set -e
echo "== $(grep -c . <(ls "$dir/findings")) finding(s) in $dir/findings; last status line:"
grep -E "^#[0-9]+" "$dir/fuzz.log" | tail -1
grep -E "stat::number_of_executed_units|stat::average_exec_per_sec" "$dir/fuzz.log" || true
if [[ $plant == ON ]]; then
  # the planted write past a stack buffer in the evaluator: UBSan reports the out-of-bounds index
  # (or ASan the overflow) at expressions.cpp; any other finding is a real bug
  grep -qE "(stack-buffer-overflow|runtime error: index .* out of bounds)" "$dir/fuzz.log" &&
    grep -q "python/expressions.cpp" "$dir/fuzz.log" && echo "planted bug found" && exit 0
  echo "planted bug NOT found (see $dir/fuzz.log for what stopped the run)" >&2; exit 1
fi
exit $status
