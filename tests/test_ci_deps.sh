#!/bin/bash
# test_ci_deps.sh SOURCE_DIR — .ci/deps where the npm registry cannot be
# reached (issue 41): a copy of the script beside a web/ without
# node_modules, with fake apt-get, dpkg-query (every package installed),
# tee, sudo, node and an npm that fails as an offline one does. The npm step
# must fail on its own, saying what is missing, and the script exit 0 (so
# `bash .ci/deps && make play` plays); with CI=true it must exit 1. Nothing
# of the machine is read or changed but /etc/apt's lists, read by grep.
set -uo pipefail
src=$1
fail() { echo "test_ci_deps: FAILED: $*" >&2; exit 1; }
tmp=$(mktemp -d /tmp/ggn-ci-deps.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/repo/.ci" "$tmp/repo/web" "$tmp/bin"
cp "$src/.ci/deps" "$tmp/repo/.ci/deps"
cp "$src/web/package.json" "$src/web/package-lock.json" "$tmp/repo/web/"
printf '#!/bin/sh\necho "install ok installed"\n' > "$tmp/bin/dpkg-query"
printf '#!/bin/sh\necho "fake $(basename "$0") $*" >> "%s/calls"\n' "$tmp" > "$tmp/bin/apt-get"
printf '#!/bin/sh\ncat >/dev/null\n' > "$tmp/bin/tee"
printf '#!/bin/sh\nexec "$@"\n' > "$tmp/bin/sudo"
printf '#!/bin/sh\nexit 0\n' > "$tmp/bin/node"
printf '#!/bin/sh\necho "npm ERR! code ENOTFOUND" >&2\necho "npm ERR! request to https://registry.npmjs.org/puppeteer-core failed" >&2\nexit 1\n' \
    > "$tmp/bin/npm"
chmod +x "$tmp/bin"/*

env -u CI PATH="$tmp/bin:$PATH" bash "$tmp/repo/.ci/deps" >"$tmp/out" 2>&1
status=$?
cat "$tmp/out" >&2
[ "$status" -eq 0 ] || fail "without CI, .ci/deps exited with $status when only npm failed; want 0"
grep -q "npm ci' in web/ failed.*puppeteer-core" "$tmp/out" || fail "no message saying npm failed and what is missing"

CI=true PATH="$tmp/bin:$PATH" bash "$tmp/repo/.ci/deps" >"$tmp/out" 2>&1
status=$?
[ "$status" -ne 0 ] || fail "with CI=true, .ci/deps exited 0 although npm failed"
grep -q "CI=true" "$tmp/out" || fail "with CI=true, no message saying why npm's failure is an error"
echo "test_ci_deps: ok (npm's failure alone: exit 0 with its reason; in CI: exit $status)"
