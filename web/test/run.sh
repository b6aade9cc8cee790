#!/usr/bin/env bash
# CTest test_web: builds the page (make web, incremental) and runs the browser
# checks of browser.mjs in headless chromium. Skips -- loudly, exit 77 -- when
# a tool it needs is absent (bash .ci/deps installs them all, npm ci included).
#   run.sh SOURCE_DIR GGN_PROGRAM SCREENSHOT_DIR
set -uo pipefail
src=$1 ggn=$2 shots=$3
skip() { echo "test_web: SKIPPED: $*" >&2; exit 77; }
command -v emcc >/dev/null || skip "emcc not found (apt-get install emscripten; bash .ci/deps does)"
command -v node >/dev/null || skip "node not found (apt-get install nodejs npm; bash .ci/deps does)"
chromium=${CHROMIUM:-/usr/bin/chromium}
[ -x "$chromium" ] || skip "$chromium not found (apt-get install chromium; bash .ci/deps does)"
[ -d "$src/web/node_modules/puppeteer-core" ] || skip "web/node_modules is missing (cd web && npm ci; bash .ci/deps does)"
# the page must be built from the sources under test, not left over from another checkout
make -C "$src" web >"$shots.build.log" 2>&1 || { cat "$shots.build.log" >&2; echo "test_web: make web failed" >&2; exit 1; }
cd "$src/web" && CHROMIUM="$chromium" node test/browser.mjs "$src/web/dist" "$ggn" "$shots"
