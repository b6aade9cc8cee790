#!/bin/sh
# Renders the start position of every games/*.json into docs/img/<game>.svg.
#   tools/render-games.sh            uses build/ggn (run `make` first)
#   GGN=build-x/ggn tools/render-games.sh
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
ggn=${GGN:-$root/build/ggn}
if [ ! -x "$ggn" ]; then
    echo "render-games.sh: no ggn program at $ggn: run make first, or set GGN" >&2
    exit 2
fi
mkdir -p "$root/docs/img"
status=0
for spec in "$root"/games/*.json; do
    name=$(basename "$spec" .json)
    if "$ggn" render "$spec" -o "$root/docs/img/$name.svg"; then
        echo "docs/img/$name.svg"
    else
        echo "render-games.sh: $spec could not be rendered" >&2
        status=1
    fi
done
exit $status
