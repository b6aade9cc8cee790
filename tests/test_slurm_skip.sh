#!/bin/bash
# test_slurm_skip.sh SOURCE_DIR GGN — test_slurm.sh on a machine that cannot
# run slurmd: fake daemons on PATH, of which slurmd stops at once as Debian's
# does where there are no cgroups. test_slurm.sh must skip (exit 77) within
# seconds, quoting slurmd's reason, instead of failing after 60 s. Needs root
# (test_slurm.sh skips before starting anything otherwise) and python3 (the
# fake munged's socket); skipped loudly without them.
set -uo pipefail
src=$1 ggn=$2
skip() { echo "test_slurm_skip: SKIPPED: $*" >&2; exit 77; }
[ "$(id -u)" -eq 0 ] || skip "test_slurm.sh starts daemons only as root: run the test as root"
command -v python3 >/dev/null || skip "python3 is not installed (the fake munged needs it)"

tmp=$(mktemp -d /tmp/ggn-slurm-skip.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin"
# munged: listens on the socket it is given until killed.
cat > "$tmp/bin/munged" <<'SH'
#!/bin/sh
for a in "$@"; do case "$a" in --socket=*) sock=${a#--socket=} ;; esac; done
exec python3 -c 'import socket, sys, time
s = socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.listen(1); time.sleep(120)' "$sock"
SH
printf '#!/bin/sh\nexec sleep 120\n' > "$tmp/bin/slurmctld"
# slurmd as it fails in a container without cgroups.
printf '#!/bin/sh\necho "slurmd: fatal: Unable to initialize cgroup plugin" >&2\nexit 1\n' > "$tmp/bin/slurmd"
printf '#!/bin/sh\necho "unknown*"\n' > "$tmp/bin/sinfo"
printf '#!/bin/sh\nexit 1\n' > "$tmp/bin/sbatch"
chmod +x "$tmp/bin"/*

start=$SECONDS
PATH="$tmp/bin:$PATH" bash "$src/tests/test_slurm.sh" "$src" "$ggn" >"$tmp/out" 2>&1
status=$?
took=$((SECONDS - start))
cat "$tmp/out" >&2
[ "$status" -eq 77 ] || { echo "test_slurm_skip: FAILED: test_slurm.sh exited with $status, want 77 (skipped)" >&2; exit 1; }
grep -q "SKIPPED: slurmd exited while starting.*cgroup plugin" "$tmp/out" ||
    { echo "test_slurm_skip: FAILED: the skip does not quote slurmd's reason" >&2; exit 1; }
[ "$took" -lt 30 ] || { echo "test_slurm_skip: FAILED: the skip took $took s" >&2; exit 1; }
echo "test_slurm_skip: ok (skipped in $took s with slurmd's reason)"
