#!/usr/bin/env bash
# CTest test_ffish_<game>: tests/ffish/differential.js, ggn against Fairy-Stockfish's rules as the
# npm package ffish (web/node_modules, pinned by web/package-lock.json) ships them. Skips -- loudly,
# exit 77 -- only when node or ffish is missing (bash .ci/deps installs both, npm ci included).
#   run.sh SOURCE_DIR GGN_PROGRAM GAME_FILE VARIANT POSITIONS SEED [MIRROR]
set -uo pipefail
src=$1
shift
skip() { echo "test_ffish: SKIPPED: $*" >&2; exit 77; }
command -v node >/dev/null || skip "node not found (apt-get install nodejs npm; bash .ci/deps does)"
[ -f "$src/web/node_modules/ffish/package.json" ] || skip "web/node_modules/ffish is missing (cd web && npm ci; bash .ci/deps does)"
# ffish's WebAssembly prints a lot when it fails to load: keep it, show it only then.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
NODE_PATH="$src/web/node_modules" node "$src/tests/ffish/differential.js" "$@" >"$log" 2>&1
status=$?
if [ $status -ne 0 ]; then head -c 20000 "$log"; else grep -v '^$' "$log" | tail -n 5; fi
exit $status
