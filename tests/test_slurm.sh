#!/bin/bash
# test_slurm.sh SOURCE_DIR GGN — a single-node Slurm cluster, for real: as
# root, with Debian's slurm-wlm and munge installed, starts munged, slurmctld
# and slurmd on a slurm.conf written into a temporary directory (nothing of
# the machine's own configuration is read or changed), runs chess perft(6)
# as a job array of 8 shards through tools/ggn-slurm.sh, checks that the
# merge is 119,060,324, and stops the daemons it started. Needs no systemd.
# Skipped loudly (exit 77) when not root or Slurm or munge is missing, and
# when a daemon exits while starting: that is the machine refusing the
# service (slurmd where there are no cgroups, as in many containers), not
# ggn failing, and the skip quotes the daemon's own last words.
set -uo pipefail
src=$1 ggn=$2
skip() { echo "test_slurm: SKIPPED: $*" >&2; exit 77; }
[ "$(id -u)" -eq 0 ] || skip "the daemons of a Slurm cluster run as root: run the test as root"
for tool in munged slurmctld slurmd sbatch sinfo; do
    command -v "$tool" >/dev/null || skip "$tool is not installed (Debian: apt-get install slurm-wlm munge)"
done

tmp=$(mktemp -d /tmp/ggn-slurm.XXXXXX)
pids=()
fail() {
    echo "test_slurm: FAILED: $*" >&2
    for log in "$tmp"/*.log "$tmp"/out/*.log; do
        [ -f "$log" ] && { echo "---- $log" >&2; tail -n 20 "$log" >&2; }
    done
    exit 1
}
stop() {
    # Only the daemons this test started, by their process ids.
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
    for pid in "${pids[@]}"; do
        for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$pid" 2>/dev/null
    done
    rm -rf "$tmp"
}
trap stop EXIT

# A daemon that is gone before the node is up could not run here: skip, saying why.
names=(munged slurmctld slurmd)
outs=("$tmp/munged.out" "$tmp/slurmctld.out" "$tmp/slurmd.out")
logs=("$tmp/munged.log" "$tmp/slurmctld.log" "$tmp/slurmd.log")
skip_if_gone() {
    local k why
    for k in 0 1 2; do
        [ -n "${pids[$k]:-}" ] || continue
        kill -0 "${pids[$k]}" 2>/dev/null && continue
        why=$(cat "${outs[$k]}" "${logs[$k]}" 2>/dev/null | grep -Ei 'fatal|error' | tail -n 3 | tr '\n' ' ')
        [ -n "$why" ] || why=$(cat "${outs[$k]}" "${logs[$k]}" 2>/dev/null | tail -n 3 | tr '\n' ' ')
        skip "${names[$k]} exited while starting, so this machine cannot run a Slurm node: ${why:-it printed nothing}"
    done
}

# munge: a fresh key and its own socket.
dd if=/dev/urandom of="$tmp/munge.key" bs=1024 count=1 status=none
chmod 400 "$tmp/munge.key"
mkdir -m 700 "$tmp/munge"
munged --foreground --force --key-file="$tmp/munge.key" --socket="$tmp/munge/socket" \
    --pid-file="$tmp/munge/pid" --seed-file="$tmp/munge/seed" --log-file="$tmp/munged.log" \
    >"$tmp/munged.out" 2>&1 &
pids+=($!)

# Ports of this run's own, so a second cluster on the machine is not disturbed.
port=$((20000 + ($$ % 5000) * 2))
host=$(hostname -s)
cpus=$(nproc)
mkdir -p "$tmp/state" "$tmp/spool"
cat > "$tmp/slurm.conf" <<CONF
ClusterName=ggntest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$tmp/munge/socket
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=ggn Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$tmp/slurm.conf

for _ in $(seq 1 50); do [ -S "$tmp/munge/socket" ] && break; sleep 0.1; done
[ -S "$tmp/munge/socket" ] || { skip_if_gone; fail "munged did not start"; }
slurmctld -D -i -f "$SLURM_CONF" >"$tmp/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" >"$tmp/slurmd.out" 2>&1 &
pids+=($!)

# The node comes up idle within a minute or the test fails (never hangs).
state=
for _ in $(seq 1 120); do
    skip_if_gone
    state=$(sinfo -h -N -o %T 2>/dev/null | head -n 1)
    [ "$state" = idle ] && break
    sleep 0.5
done
[ "$state" = idle ] || fail "the node is '$state', not idle, after 60 s"

echo "test_slurm: node idle after ${SECONDS}s" >&2
out=$(GGN=$ggn GGN_SLURM_POLL=1 timeout 900 "$src/tools/ggn-slurm.sh" 8 "$tmp/out" perft chess 6)
status=$?
[ "$status" -eq 0 ] || fail "ggn-slurm.sh exited with $status: $out"
[ "$out" = "Nodes: 119060324" ] || fail "merged '$out', expected 'Nodes: 119060324'"
shards=$(find "$tmp/out" -name "shard-?" | wc -l)
[ "$shards" -eq 8 ] || fail "$shards shard files, expected 8"
echo "test_slurm: chess perft(6) as a job array of 8 shards: $out"
