#!/bin/bash
# ggn-slurm.sh K DIR COMMAND ARGS... — runs `ggn COMMAND ARGS...` as a Slurm
# job array of K tasks (sbatch --array=1-K), each task one shard written to
# DIR/shard-I, waits for the array (asking squeue every GGN_SLURM_POLL seconds,
# default 10), and prints `ggn merge` of the shards: the result of the
# unsplit command.
#
#   tools/ggn-slurm.sh 64 $HOME/runs/p8 perft chess 8
#
# DIR must be on a file system every node sees (the usual home or scratch).
# Options for sbatch go in SBATCH_OPTS (a partition, a time limit, tasks at once):
#   SBATCH_OPTS='--partition=short --time=01:00:00' tools/ggn-slurm.sh ...
# and sbatch's own SBATCH_* environment variables work as usual;
# GGN_SLURM_MAX_RUNNING=N lets at most N tasks run at once. GGN names the
# ggn program (default: ggn on the PATH of the compute nodes). A task that
# fails makes the merge fail, naming the missing shard; its log is
# DIR/shard-I.log. Without waiting: GGN_SLURM_NOWAIT=1 submits the array and a
# merge job that runs after it (sbatch --dependency=afterok), writing DIR/merged.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ "$#" -lt 3 ]; then
    echo "usage: ggn-slurm.sh K DIR perft|selfplay|match ARGS..." >&2
    exit 2
fi
k=$1 dir=$2
shift 2
case $k in '' | *[!0-9]*) echo "ggn-slurm.sh: K must be a whole number, not '$k'" >&2; exit 2 ;; esac
command -v sbatch >/dev/null || { echo "ggn-slurm.sh: sbatch is not on the PATH (Slurm's client commands)" >&2; exit 2; }
ggn=${GGN:-ggn}
"$here/ggn-shard-flags.sh" "$1" 1 1 >/dev/null
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
array=1-$k${GGN_SLURM_MAX_RUNNING:+%$GGN_SLURM_MAX_RUNNING}
# shellcheck disable=SC2086 # SBATCH_OPTS is a list of options
jobid=$(sbatch --parsable ${SBATCH_OPTS:-} --array="$array" --job-name=ggn-shard \
    --output="$dir/shard-%a.log" "$here/ggn-slurm-task.sh" "$here" "$ggn" "$k" "$dir" "$@") || jobid=
jobid=${jobid%%;*} # "ID;CLUSTER" on a federation
if [ -z "$jobid" ]; then
    echo "ggn-slurm.sh: sbatch did not submit the job array" >&2
    exit 1
fi
files=()
for i in $(seq 1 "$k"); do files+=("$dir/shard-$i"); done
if [ -n "${GGN_SLURM_NOWAIT:-}" ]; then
    # shellcheck disable=SC2086
    sbatch --parsable ${SBATCH_OPTS:-} --dependency="afterok:$jobid" --job-name=ggn-merge \
        --output="$dir/merged" --wrap "$(printf '%q ' "$ggn" merge "${files[@]}")"
    exit 0
fi
# Wait until no task of the array is pending or running. squeue every GGN_SLURM_POLL seconds
# (default 10; sbatch --wait backs off to half a minute between its checks); a failing squeue
# is asked again, "Invalid job id" means the array is done and already forgotten.
echo "ggn-slurm.sh: job array $jobid submitted, $k tasks" >&2
while :; do
    if listed=$(squeue -h -j "$jobid" -o %i 2>&1); then
        [ -z "$listed" ] && break
    elif grep -q "Invalid job id" <<<"$listed"; then
        break
    fi
    sleep "${GGN_SLURM_POLL:-10}"
done
exec "$ggn" merge "${files[@]}"
