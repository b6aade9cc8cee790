#!/usr/bin/env bash
# run.sh — runs every libFuzzer target of BUILD_DIR for SECONDS each, one at a
# time, on a scratch copy of its corpus (the committed corpus only changes
# when someone adds to it on purpose). Any finding fails the run: the input
# is copied to fuzz/crashers/<target>/ for the replay tests, and the script
# exits 1 after the remaining targets have run.
#   fuzz/run.sh BUILD_DIR [SECONDS] [TARGET...]
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build="$1"
seconds="${2:-45}"
shift $(( $# >= 2 ? 2 : $# ))
targets=("$@")
if [ "${#targets[@]}" -eq 0 ]; then targets=(id ggn spec feen fen movetext betza pgn xboard uci); fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
status=0
for t in "${targets[@]}"; do
  bin="$build/fuzz/fuzz_$t"
  [ -x "$bin" ] || { echo "fuzz: $bin is missing" >&2; exit 2; }
  mkdir -p "$work/$t/corpus" "$work/$t/artifacts"
  cp "$here/corpus/$t"/* "$work/$t/corpus/"
  dict=()
  if [ -f "$here/$t.dict" ]; then dict=(-dict="$here/$t.dict"); else dict=(-dict="$here/json.dict"); fi
  start=$(date +%s)
  ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$bin" "${dict[@]}" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=5 -max_len=16384 \
      -print_final_stats=1 -artifact_prefix="$work/$t/artifacts/" "$work/$t/corpus" \
      >"$work/$t/log" 2>&1
  rc=$?
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$work/$t/log" | grep -o '[0-9]*$')
  echo "fuzz_$t: ${runs:-?} executions in $(( $(date +%s) - start )) s, exit $rc"
  if [ "$rc" -ne 0 ] || compgen -G "$work/$t/artifacts/*" >/dev/null; then
    status=1
    mkdir -p "$here/crashers/$t"
    for a in "$work/$t/artifacts"/*; do
      [ -f "$a" ] && cp "$a" "$here/crashers/$t/" && echo "  finding saved: fuzz/crashers/$t/$(basename "$a")"
    done
    # what the target printed just before the finding (e.g. the text that did not load), then the stack
    grep -v -E '^(#[0-9]+ +(NEW|REDUCE|pulse|INITED|RELOAD)|INFO:)' "$work/$t/log" \
      | grep -B 30 -m 1 -E 'ERROR|fuzz property|runtime error' | head -60
    grep -E -m 20 'SUMMARY|#[0-9]+ 0x' "$work/$t/log" | head -20
  fi
done
exit $status
