#!/bin/sh
# test_exports.sh LIBGGN_SO INCLUDE_DIR — the shared library exports the public API and nothing
# else: every defined dynamic symbol starts with ggn_ and is declared in a public header, and
# every function a public header declares is exported (src/exports.map).
set -eu
lib=$1 include=$2
fail() { echo "test_exports: FAIL: $*" >&2; exit 1; }
command -v nm >/dev/null 2>&1 || { echo "test_exports: SKIP: nm (binutils) not found" >&2; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
nm -D --defined-only "$lib" | awk '$2 ~ /^[TtDdBbRrVvWw]$/ {print $3}' | sed 's/@.*//' | sort -u >"$tmp/exported"
[ -s "$tmp/exported" ] || fail "$lib exports nothing"
# Function declarations in the public headers: a line that starts with a type and names a ggn_
# function (comments start with '/*' or ' *' and are left out).
cat "$include"/ggn/*.h | grep -E '^[A-Za-z_].*[ *]ggn_[a-z0-9_]+\(' |
  sed -E 's/^.*[ *](ggn_[a-z0-9_]+)\(.*$/\1/' | sort -u >"$tmp/declared"
extra=$(comm -23 "$tmp/exported" "$tmp/declared")
[ -z "$extra" ] || fail "exported but not in include/ggn/: $(echo $extra)"
missing=$(comm -13 "$tmp/exported" "$tmp/declared")
[ -z "$missing" ] || fail "declared in include/ggn/ but not exported: $(echo $missing)"
echo "test_exports: $(wc -l <"$tmp/exported") symbols, all public"
