#!/bin/bash
# test_parallel.sh SOURCE_DIR GGN — GNU parallel runs the shards of a job on
# the local cores through tools/ggn-parallel.sh, and the merge equals the
# unsplit command: chess perft(5) in 6 shards, a self-play run in 4 (the
# report byte for byte); a second run of the same command reuses the job
# log and still merges right. Skipped loudly (exit 77) without parallel.
set -uo pipefail
src=$1 ggn=$2
command -v parallel >/dev/null || { echo "test_parallel: SKIPPED: GNU parallel is not installed (Debian: apt-get install parallel)" >&2; exit 77; }
tmp=$(mktemp -d /tmp/ggn-parallel.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "test_parallel: FAILED: $*" >&2; exit 1; }
export GGN=$ggn
export PARALLEL=-j2 # the machine's two cores, whatever parallel would guess

whole=$("$ggn" perft chess 5 2>/dev/null) || fail "ggn perft chess 5"
[ "$whole" = "Nodes: 4865609" ] || fail "unsplit perft: $whole"
merged=$("$src/tools/ggn-parallel.sh" 6 "$tmp/perft" perft chess 5) || fail "ggn-parallel.sh perft: $merged"
[ "$merged" = "$whole" ] || fail "perft in 6 shards: '$merged', unsplit '$whole'"
[ "$(find "$tmp/perft" -name "shard-?" | wc -l)" -eq 6 ] || fail "not 6 shard files"
again=$("$src/tools/ggn-parallel.sh" 6 "$tmp/perft" perft chess 5) || fail "second run: $again"
[ "$again" = "$whole" ] || fail "second run: '$again'"

args=(selfplay 3check --games 10 --depth "2,1" --max-plies 80 --seed 5)
"$ggn" "${args[@]}" > "$tmp/whole.txt" 2>/dev/null || fail "unsplit selfplay"
"$src/tools/ggn-parallel.sh" 4 "$tmp/self" "${args[@]}" > "$tmp/merged.txt" || fail "ggn-parallel.sh selfplay"
cmp "$tmp/whole.txt" "$tmp/merged.txt" || fail "self-play in 4 shards differs from the unsplit report"

# Without GGN and with no ggn on the PATH, the script finds the program it came with: the
# build's (tools/ beside build/ggn in a clone) and the installed one (PREFIX/share/ggn/tools
# beside PREFIX/bin/ggn). The ggn found is a link to this build's, which finds its games itself.
for layout in clone installed; do
    if [ "$layout" = clone ]; then tools=$tmp/$layout/tools bin=$tmp/$layout/build
    else tools=$tmp/$layout/share/ggn/tools bin=$tmp/$layout/bin; fi
    mkdir -p "$tools" "$bin"
    cp "$src"/tools/ggn-parallel.sh "$src"/tools/ggn-shard-flags.sh "$tools/"
    ln -s "$ggn" "$bin/ggn"
    found=$(env -u GGN PATH=/usr/bin:/bin "$tools/ggn-parallel.sh" 2 "$tmp/$layout/out" perft chess 3 2>&1) ||
        fail "$layout: ggn-parallel.sh without GGN: $found"
    [ "$found" = "Nodes: 8902" ] || fail "$layout: ggn-parallel.sh without GGN: '$found'"
done
# and says so when there is none
rm "$tmp/clone/build/ggn"
if out=$(env -u GGN PATH=/usr/bin:/bin "$tmp/clone/tools/ggn-parallel.sh" 2 "$tmp/none" perft chess 3 2>&1); then
    fail "ggn-parallel.sh ran with no ggn anywhere: $out"
fi
case $out in *"no ggn program"*) ;; *) fail "no ggn anywhere: '$out'" ;; esac

# A command that cannot be split is refused before anything runs.
if "$src/tools/ggn-parallel.sh" 2 "$tmp/no" status chess 2>/dev/null; then fail "ggn-parallel.sh status ran"; fi
echo "test_parallel: perft(5) in 6 shards = $merged; self-play in 4 shards = the unsplit report"
