#!/bin/sh
# test_layers.sh SOURCE_DIR — the layering rule of docs/architecture.md, checked on the sources:
#   - a file under src/<layer>/ includes only its own layer's headers and those of the layers
#     below it, internal ("engine/engine.h") or public ("ggn/game.h");
#   - a public header include/ggn/X.h includes only public headers of its layer or below;
#   - two layers named as peers never include each other;
#   - the program (cli/) includes only public headers (ggn/...) and its own files.
# The order is GGN_LAYERS in CMakeLists.txt, the peers GGN_LAYER_PEERS beside it, and which layer
# owns a public header is the "public header" column of docs/architecture.md's table, so a new
# layer is covered as soon as it is in the build and in that table.
#
# After checking the tree it checks itself: a copy of the three files with an upward include
# planted must be refused, so the test can fail.
set -eu
src=$1
name=test_layers

# check ROOT: prints every violation, returns 1 when there is one.
check() {
    root=$1
    layers=$(sed -n 's/^set(GGN_LAYERS \(.*\))$/\1/p' "$root/CMakeLists.txt")
    [ -n "$layers" ] || { echo "$name: no set(GGN_LAYERS ...) line in $root/CMakeLists.txt"; return 1; }
    peers=$(sed -n 's/^set(GGN_LAYER_PEERS \(.*\))$/\1/p' "$root/CMakeLists.txt")
    # The table rows: "| layer | `src/layer/` | `ggn/a.h`, `ggn/b.h` | job |" -> "ggn/a.h layer".
    owners=$(awk -F'|' 'NF > 4 && $3 ~ /`src\/[a-z_]+\/`/ {
                 layer = $2; gsub(/[ `]/, "", layer)
                 n = split($4, parts, "`")
                 for (i = 1; i <= n; i++) if (parts[i] ~ /^ggn\/[a-z_]+\.h$/) print parts[i], layer
             }' "$root/docs/architecture.md")
    {
        echo "LAYERS $layers"
        echo "PEERS $peers"
        printf '%s\n' "$owners" | sed 's/^/OWNER /'
        # Every quoted include: "FILE LINE HEADER".
        for f in "$root"/src/*/*.c "$root"/src/*/*.h "$root"/include/ggn/*.h; do
            [ -f "$f" ] || continue
            grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" |
                sed "s|^\([0-9]*\):[^\"]*\"\([^\"]*\)\".*|INCLUDE ${f#"$root"/} \1 \2|"
        done
        find "$root/cli" -name '*.[ch]' | sed "s|^$root/|CLIFILE |"
        find "$root/cli" -name '*.[ch]' | sort | while read -r f; do
            grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" |
                sed "s|^\([0-9]*\):[^\"]*\"\([^\"]*\)\".*|CLI ${f#"$root"/} \1 \2|"
        done
    } | awk -v name="$name" '
        $1 == "LAYERS" { for (i = 2; i <= NF; i++) rank[$i] = i - 1; next }
        $1 == "PEERS" { for (i = 2; i <= NF; i++) { split($i, p, ":"); peer[p[1] ":" p[2]] = 1; peer[p[2] ":" p[1]] = 1 } next }
        $1 == "OWNER" { owner[$2] = $3; next }
        $1 == "CLIFILE" { clifile[$2] = 1; next }
        function layer_of(header,   d) {
            # ggn/limits.h and ggn/version.h hold named constants only and belong to no layer;
            # ggn/ggn.h is the umbrella for programs, so no layer includes it.
            if (header == "ggn/limits.h" || header == "ggn/version.h") return "-"
            if (header ~ /^ggn\//) return (header in owner) ? owner[header] : "?"
            d = header; sub(/\/.*/, "", d)
            return (d in rank) ? d : "?"
        }
        function bad(where, msg) { print name ": " where ": " msg; failed = 1 }
        $1 == "INCLUDE" {
            file = $2; where = $2 ":" $3; header = $4
            if (file == "include/ggn/ggn.h") next           # the umbrella includes every layer
            if (file ~ /^src\//) { split(file, parts, "/"); mine = parts[2] }
            else if (file == "include/ggn/limits.h" || file == "include/ggn/version.h") { bad(where, file " holds constants and includes nothing"); next }
            else mine = owner[substr(file, 9)]              # include/ggn/X.h -> the layer it belongs to
            if (mine == "") { bad(where, "this header has no row in docs/architecture.md'"'"'s layer table"); next }
            if (!(mine in rank)) { bad(where, "layer " mine " is not in GGN_LAYERS"); next }
            if (header !~ /\//) next                        # a file of the same directory
            if (header == "ggn/ggn.h") { bad(where, "includes the umbrella ggn/ggn.h; include what the file uses"); next }
            theirs = layer_of(header)
            if (theirs == "-") next
            if (theirs == "?") { bad(where, header " belongs to no layer of GGN_LAYERS (a public header needs its row in docs/architecture.md)"); next }
            if ((mine ":" theirs) in peer) { bad(where, mine " and " theirs " are peers and never use each other (GGN_LAYER_PEERS), but it includes " header); next }
            if (rank[theirs] > rank[mine]) bad(where, "layer " mine " includes " header " of layer " theirs ", which is above it in GGN_LAYERS")
            next
        }
        $1 == "CLI" {
            where = $2 ":" $3; header = $4
            if (header ~ /^ggn\//) { if (!(header in owner) && header != "ggn/limits.h" && header != "ggn/version.h" && header != "ggn/ggn.h") bad(where, header " is not a public header"); next }
            dir = $2; sub(/\/[^\/]*$/, "", dir)
            if ((dir "/" header) in clifile || ("cli/" header) in clifile) next
            bad(where, "the program includes " header ": cli/ uses the public headers (ggn/...) and its own files only")
            next
        }
        END { exit failed }'
}

if check "$src"; then
    echo "$name: every include under src/, include/ggn/ and cli/ goes down the layers"
else
    echo "$name: FAIL: the layering rule of docs/architecture.md is broken (above)" >&2
    exit 1
fi

# The check can fail: the same rules on a small tree with one upward include, one peer include
# and one internal header reached from cli/ must find exactly those three.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/docs" "$tmp/src/low" "$tmp/src/mid" "$tmp/src/side" "$tmp/src/high" "$tmp/include/ggn" "$tmp/cli"
cat >"$tmp/CMakeLists.txt" <<'EOF'
set(GGN_LAYERS low mid side high)
set(GGN_LAYER_PEERS mid:side)
EOF
cat >"$tmp/docs/architecture.md" <<'EOF'
| layer | directory | public header | job |
| --- | --- | --- | --- |
| low | `src/low/` | `ggn/low.h` | bottom |
| mid | `src/mid/` | `ggn/mid.h` | middle |
| side | `src/side/` | (internal) | beside mid |
| high | `src/high/` | `ggn/high.h` | top |
EOF
printf '#include "ggn/low.h"\n' >"$tmp/include/ggn/mid.h"
printf '#include "ggn/low.h"\n' >"$tmp/include/ggn/low.h"
printf '#include "ggn/mid.h"\n' >"$tmp/include/ggn/high.h"
printf '#include "low/a.h"\n#include "ggn/mid.h"\n#include "high/x.h"\n' >"$tmp/src/mid/m.c"
printf '#include "mid/m.h"\n' >"$tmp/src/side/s.c"
printf '#include "mid/m.h"\n#include "ggn/high.h"\n#include "low.h"\n' >"$tmp/src/high/h.c"
printf '#include "ggn/high.h"\n#include "cli.h"\n#include "mid/m.h"\n' >"$tmp/cli/main.c"
printf '\n' >"$tmp/cli/cli.h"
if out=$(check "$tmp"); then
    echo "$name: FAIL: a tree with upward includes passed the check" >&2
    exit 1
fi
expect() {
    printf '%s\n' "$out" | grep -F -q "$1" || { echo "$name: FAIL: the self-check missed: $1" >&2; printf '%s\n' "$out" >&2; exit 1; }
}
expect "src/mid/m.c:3: layer mid includes high/x.h of layer high"
expect "src/side/s.c:1: side and mid are peers"
expect "cli/main.c:3: the program includes mid/m.h"
[ "$(printf '%s\n' "$out" | wc -l)" -eq 3 ] || { echo "$name: FAIL: the self-check found more than the three planted faults:" >&2; printf '%s\n' "$out" >&2; exit 1; }
echo "$name: the check refuses a planted upward include, a peer include and an internal header in cli/"
