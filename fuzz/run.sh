#!/usr/bin/env bash
# run.sh — runs every libFuzzer target of BUILD_DIR for SECONDS each on a
# scratch copy of its corpus (the committed corpus only changes when someone
# adds to it on purpose), FUZZ_JOBS targets at a time (default: the number of
# cores; each target is one process on one core). Any finding fails the run:
# the input is copied to fuzz/crashers/<target>/ for the replay tests, and the
# script exits 1 after every target has run.
#   fuzz/run.sh BUILD_DIR [SECONDS] [TARGET...]
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build="$1"
seconds="${2:-45}"
shift $(( $# >= 2 ? 2 : $# ))
targets=("$@")
if [ "${#targets[@]}" -eq 0 ]; then targets=(id ggn spec feen fen movetext betza pgn sgf xboard uci); fi
jobs="${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for t in "${targets[@]}"; do
  [ -x "$build/fuzz/fuzz_$t" ] || { echo "fuzz: $build/fuzz/fuzz_$t is missing" >&2; exit 2; }
done

# fuzz_one T: runs target T; its report goes to $work/T/report, its verdict
# (0 or 1) to $work/T/status, so that parallel runs never interleave output.
fuzz_one() {
  local t="$1" bin="$build/fuzz/fuzz_$1" dir="$work/$1" dict start rc runs
  mkdir -p "$dir/corpus" "$dir/artifacts"
  cp "$here/corpus/$t"/* "$dir/corpus/"
  if [ -f "$here/$t.dict" ]; then dict="$here/$t.dict"; else dict="$here/json.dict"; fi
  start=$(date +%s)
  ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$bin" -dict="$dict" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=5 -max_len=16384 \
      -print_final_stats=1 -artifact_prefix="$dir/artifacts/" "$dir/corpus" >"$dir/log" 2>&1
  rc=$?
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$dir/log" | grep -o '[0-9]*$')
  {
    echo "fuzz_$t: ${runs:-?} executions in $(( $(date +%s) - start )) s, exit $rc"
    if [ "$rc" -ne 0 ] || compgen -G "$dir/artifacts/*" >/dev/null; then
      echo 1 >"$dir/status"
      mkdir -p "$here/crashers/$t"
      for a in "$dir/artifacts"/*; do
        [ -f "$a" ] && cp "$a" "$here/crashers/$t/" && echo "  finding saved: fuzz/crashers/$t/$(basename "$a")"
      done
      # what the target printed just before the finding (e.g. the text that did not load), then the stack
      grep -v -E '^(#[0-9]+ +(NEW|REDUCE|pulse|INITED|RELOAD)|INFO:)' "$dir/log" \
        | grep -B 30 -m 1 -E 'ERROR|fuzz property|runtime error' | head -60
      grep -E -m 20 'SUMMARY|#[0-9]+ 0x' "$dir/log" | head -20
    else
      echo 0 >"$dir/status"
    fi
  } >"$dir/report"
}

running=0
for t in "${targets[@]}"; do
  if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
  fuzz_one "$t" &
  running=$((running + 1))
done
wait
status=0
for t in "${targets[@]}"; do
  cat "$work/$t/report"
  [ "$(cat "$work/$t/status" 2>/dev/null)" = 0 ] || status=1
done
exit $status
