#!/bin/sh
# test_no_cmocka.sh SOURCE_DIR CC — the program builds without the test tools:
# with a pkg-config that sees jansson but not cmocka, configuring as `make`
# does (GGN_TESTS=AUTO) succeeds and says loudly that the tests are off,
# while GGN_TESTS=ON (as `make test` configures) stops with a message that
# names cmocka and the package to install. Configure only: the compile
# itself never used cmocka.
set -eu
src=$1 cc=$2
fail() { echo "test_no_cmocka: FAIL: $*" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/pc"
cp "$(pkg-config --variable=pcfiledir jansson)/jansson.pc" "$tmp/pc/"
export PKG_CONFIG_LIBDIR="$tmp/pc" PKG_CONFIG_PATH=
if pkg-config --exists cmocka; then fail "cmocka is still visible to pkg-config"; fi

cmake -S "$src" -B "$tmp/auto" -DCMAKE_C_COMPILER="$cc" -DGGN_BENCH=OFF >"$tmp/auto.log" 2>&1 \
    || { cat "$tmp/auto.log" >&2; fail "configuring without cmocka (GGN_TESTS=AUTO) failed"; }
grep -q 'TESTS ARE OFF' "$tmp/auto.log" || { cat "$tmp/auto.log" >&2; fail "no warning that the tests are off"; }
[ ! -e "$tmp/auto/tests" ] || fail "the tests were configured without cmocka"
cmake --build "$tmp/auto" --target help | grep -q '\.\.\. ggn$' || fail "no ggn target without cmocka"

if cmake -S "$src" -B "$tmp/on" -DCMAKE_C_COMPILER="$cc" -DGGN_BENCH=OFF -DGGN_TESTS=ON >"$tmp/on.log" 2>&1; then
    fail "GGN_TESTS=ON configured without cmocka"
fi
grep -q 'needs cmocka' "$tmp/on.log" && grep -q 'libcmocka-dev' "$tmp/on.log" \
    || { cat "$tmp/on.log" >&2; fail "GGN_TESTS=ON without cmocka: no clear message"; }
echo "test_no_cmocka: ok (AUTO configures without the tests and says so; ON refuses, naming libcmocka-dev)"
