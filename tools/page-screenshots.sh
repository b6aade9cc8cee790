#!/usr/bin/env bash
# The page's pictures in docs/img/page-*.png (chess, xiangqi, janggi, shogi,
# checkers, the hex style, a spec error):
# builds the page (make web) and shoots it in headless chromium
# (web/test/screenshots.mjs). Run after a change to the page or to the
# drawings (src/render), then look at the pictures before committing them.
#   tools/page-screenshots.sh [OUT_DIR]     (default docs/img)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/docs/img}
make -C "$root" web >/dev/null
cd "$root/web" && node test/screenshots.mjs "$root/web/dist" "$out"
