#!/bin/bash
# ggn-slurm-task.sh TOOLS GGN K DIR COMMAND ARGS... — one task of the job
# array of ggn-slurm.sh: runs shard $SLURM_ARRAY_TASK_ID of K into DIR/shard-I
# (TOOLS is this directory: sbatch runs a copy of the script elsewhere). The
# document is written beside and renamed when complete, so a task killed
# halfway leaves no shard behind (the merge then names it missing).
set -euo pipefail
here=$1 ggn=$2 k=$3 dir=$4
shift 4
i=${SLURM_ARRAY_TASK_ID:?ggn-slurm-task.sh runs as a task of a Slurm job array}
mapfile -t flags < <("$here/ggn-shard-flags.sh" "$1" "$i" "$k")
"$ggn" "$@" "${flags[@]}" > "$dir/shard-$i.part"
mv "$dir/shard-$i.part" "$dir/shard-$i"
