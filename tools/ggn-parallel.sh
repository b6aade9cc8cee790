#!/bin/bash
# ggn-parallel.sh K DIR COMMAND ARGS... — runs `ggn COMMAND ARGS...` as K
# shards with GNU parallel, keeps each shard's document in DIR/shard-I, and
# prints `ggn merge` of them: the result of the unsplit command.
#
#   tools/ggn-parallel.sh 8 /tmp/p7 perft chess 7
#   tools/ggn-parallel.sh 16 runs/rk selfplay racingkings --games 2000 --seed 7
#
# GNU parallel's own options go in the PARALLEL environment variable (parallel
# reads it itself): the number of jobs at once (default: one per core), and
# other machines to run on over ssh, where `ggn` must be on the PATH and the
# game known by name (docs/cluster.md):
#   PARALLEL='-S 8/node1,8/node2,:' tools/ggn-parallel.sh 64 /tmp/p8 perft chess 8
# GGN names the ggn program. Without it: the ggn this script came with, when
# it runs on this machine only: PREFIX/bin/ggn for the installed script
# (PREFIX/share/ggn/tools), build/ggn for the script of a built clone;
# otherwise, and with other machines in PARALLEL (-S, --sshlogin, --slf), ggn
# on the PATH of every machine.
# A shard that fails stops the run (exit 1); the shards done are kept, and the
# same command run again runs only the others (parallel's --joblog DIR/joblog).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ "$#" -lt 3 ]; then
    echo "usage: ggn-parallel.sh K DIR perft|selfplay|match ARGS..." >&2
    exit 2
fi
k=$1 dir=$2
shift 2
case $k in '' | *[!0-9]*) echo "ggn-parallel.sh: K must be a whole number, not '$k'" >&2; exit 2 ;; esac
command -v parallel >/dev/null || { echo "ggn-parallel.sh: GNU parallel is not installed (Debian: apt-get install parallel)" >&2; exit 2; }
default_ggn() {
    case " ${PARALLEL:-} " in *" -S"* | *"--sshlogin"* | *" --slf"*) echo ggn; return ;; esac
    local candidate
    for candidate in "$here/../../../bin/ggn" "$here/../build/ggn"; do
        if [ -x "$candidate" ] && [ -f "$candidate" ]; then
            echo "$(cd "$(dirname "$candidate")" && pwd)/ggn"
            return
        fi
    done
    echo ggn
}
ggn=${GGN:-$(default_ggn)}
if [ "$ggn" = ggn ] && [ -z "${GGN:-}" ] && ! command -v ggn >/dev/null; then
    case " ${PARALLEL:-} " in
    *" -S"* | *"--sshlogin"* | *" --slf"*) ;;
    *) echo "ggn-parallel.sh: no ggn program: not beside this script ($here/../build/ggn or" \
            "$here/../../../bin/ggn) nor on the PATH; name it with GGN=/path/to/ggn" >&2; exit 2 ;;
    esac
fi
"$here/ggn-shard-flags.sh" "$1" 1 1 >/dev/null # says why when the command cannot be split
mkdir -p "$dir"
# The shard's options, with {} where parallel puts the shard number.
mapfile -t flags < <("$here/ggn-shard-flags.sh" "$1" '{}' "$k")
# -q quotes every word (also over ssh); --results stores each shard's output in DIR/shard-I
# (standard error in DIR/shard-I.err); --halt stops at the first failure; the job log lets
# a second run of the same command run only the shards that failed or did not run.
parallel -q --halt now,fail=1 --joblog "$dir/joblog" --resume-failed --results "$dir/shard-{}" \
    "$ggn" "$@" "${flags[@]}" ::: $(seq 1 "$k") >/dev/null
files=()
for i in $(seq 1 "$k"); do files+=("$dir/shard-$i"); done
exec "$ggn" merge "${files[@]}"
