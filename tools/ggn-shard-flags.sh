#!/bin/sh
# ggn-shard-flags.sh COMMAND I K — prints the options that make `ggn COMMAND`
# run shard I of K, one a line (sourced knowledge shared by ggn-parallel.sh
# and ggn-slurm.sh, so the two split a job the same way; docs/cluster.md).
#   perft     --split K --part I --json
#   selfplay  --shard I/K --json
#   match     --shard I/K
set -eu
if [ "$#" -ne 3 ]; then
    echo "usage: ggn-shard-flags.sh perft|selfplay|match I K" >&2
    exit 2
fi
case $1 in
perft) printf '%s\n' --split "$3" --part "$2" --json ;;
selfplay) printf '%s\n' --shard "$2/$3" --json ;;
match) printf '%s\n' --shard "$2/$3" ;;
*)
    echo "ggn-shard-flags.sh: '$1' cannot be split: give perft, selfplay or match" >&2
    exit 2
    ;;
esac
