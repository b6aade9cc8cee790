#!/bin/sh
# test_install.sh BUILD_DIR LIBDIR CC [CFLAGS] — what `make install PREFIX=P`
# gives, checked the way a user meets it: install the build into a fresh
# temporary prefix, then
#   - ggn.pc names that prefix, not the configured one;
#   - a C program compiled with `pkg-config --cflags --libs ggn` links the
#     shared library and runs (LD_LIBRARY_PATH), one compiled with the
#     flags `pkg-config --static` prints, as printed, links libggn.a and
#     runs without any shared library;
#   - the installed ggn, run from / with an empty environment, finds its
#     games beside itself, and still does after the prefix is moved.
# CFLAGS are added to both compiles (the sanitizer flags of an ASan build,
# whose libraries need its runtime).
set -eu
build=$1 libdir=$2 cc=$3 cflags=${4:-}
fail() { echo "test_install: FAIL: $*" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log" >&2; fail "cmake --install"; }

# pkg-config: every path under the prefix given at install time.
export PKG_CONFIG_PATH="$prefix/$libdir/pkgconfig"
unset PKG_CONFIG_LIBDIR || true
[ -f "$prefix/$libdir/pkgconfig/ggn.pc" ] || fail "no $libdir/pkgconfig/ggn.pc"
got=$(pkg-config --variable=prefix ggn)
[ "$got" = "$prefix" ] || fail "ggn.pc: prefix=$got, want $prefix"
cflags_ggn=$(pkg-config --cflags ggn)
case " $cflags_ggn " in *" -I$prefix/include "*) ;; *) fail "pkg-config --cflags ggn: '$cflags_ggn', want -I$prefix/include" ;; esac
libs_ggn=$(pkg-config --libs ggn)
case " $libs_ggn " in *" -L$prefix/$libdir "*) ;; *) fail "pkg-config --libs ggn: '$libs_ggn', want -L$prefix/$libdir" ;; esac

# A program of the README's C API: the legal moves of a game's start.
cat >"$tmp/prog.c" <<'EOF'
#include <stdio.h>
#include <ggn/ggn.h>
#include <ggn/game.h>

int main(int argc, char **argv)
{
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *game = argc > 1 ? ggn_game_load_file(argv[1], &errs) : NULL;
    if (!game) return 1;
    ggn_position *pos = ggn_position_new(game);
    ggn_move moves[GGN_MAX_MOVES];
    printf("%zu\n", ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES));
    ggn_position_free(pos);
    ggn_game_free(game);
    return 0;
}
EOF
chess=$prefix/share/ggn/games/chess.json
[ -f "$chess" ] || fail "the games are not installed in share/ggn/games"

# shellcheck disable=SC2086 # the flags are words
$cc $cflags -o "$tmp/prog_shared" "$tmp/prog.c" $cflags_ggn $libs_ggn || fail "compile with pkg-config --cflags --libs ggn"
readelf -d "$tmp/prog_shared" | grep -q 'NEEDED.*libggn\.so' || fail "prog_shared does not use libggn.so"
got=$(LD_LIBRARY_PATH="$prefix/$libdir" "$tmp/prog_shared" "$chess") || fail "prog_shared did not run"
[ "$got" = 20 ] || fail "prog_shared: $got legal moves in chess, want 20"
# README: linked with -rpath at the libdir pkg-config names, it runs with no LD_LIBRARY_PATH.
# shellcheck disable=SC2086
$cc $cflags -o "$tmp/prog_rpath" "$tmp/prog.c" $cflags_ggn $libs_ggn -Wl,-rpath,"$(pkg-config --variable=libdir ggn)" \
    || fail "compile with -Wl,-rpath"
got=$(env -u LD_LIBRARY_PATH "$tmp/prog_rpath" "$chess") || fail "prog_rpath did not run"
[ "$got" = 20 ] || fail "prog_rpath: $got legal moves in chess, want 20"

# --static's flags as printed link libggn.a (and jansson and the C library: -static, since
# -lggn alone would take libggn.so, which lies beside it): a program that needs no shared
# library. AddressSanitizer cannot link a static program, so a sanitizer build skips this.
static_libs=$(pkg-config --static --libs ggn)
if [ -n "$cflags" ]; then
    echo "test_install: the static program is not built with '$cflags' (no static link with the sanitizers)" >&2
else
    # shellcheck disable=SC2086
    $cc -o "$tmp/prog_static" "$tmp/prog.c" $(pkg-config --static --cflags ggn) $static_libs \
        || fail "compile with pkg-config --static ($static_libs)"
    if readelf -d "$tmp/prog_static" | grep -q 'NEEDED'; then fail "prog_static needs shared libraries: pkg-config --static ($static_libs)"; fi
    got=$("$tmp/prog_static" "$chess") || fail "prog_static did not run"
    [ "$got" = 20 ] || fail "prog_static: $got legal moves in chess, want 20"
fi

# The installed program, from / with nothing in the environment.
run_ggn() { (cd / && env -i "$@"); }
got=$(run_ggn "$prefix/bin/ggn" perft chess 1 2>/dev/null) || fail "$prefix/bin/ggn perft chess 1 (from /) failed"
[ "$got" = "Nodes: 20" ] || fail "installed ggn perft chess 1: '$got'"
first=$(run_ggn "$prefix/bin/ggn" games --path | head -n 1)
[ "$first" = "$prefix/share/ggn/games (installed games)" ] || fail "installed ggn searches first '$first'"
if run_ggn "$prefix/bin/ggn" games --path | grep -q 'source tree'; then fail "the installed ggn reads the source tree"; fi
want=$(ls "$prefix/share/ggn/games"/*.json | wc -l)
got=$(run_ggn "$prefix/bin/ggn" games | wc -l)
[ "$got" = "$want" ] || fail "installed ggn games lists $got games, $want installed"
[ -f "$prefix/share/man/man1/ggn.1" ] || fail "the man page is not installed"

# Moved elsewhere, the program still finds its games: the path is relative.
mv "$prefix" "$tmp/moved"
got=$(run_ggn "$tmp/moved/bin/ggn" perft xiangqi 1 2>/dev/null) || fail "moved ggn perft xiangqi 1 failed"
[ "$got" = "Nodes: 44" ] || fail "moved ggn perft xiangqi 1: '$got'"
echo "test_install: ok (prefix $prefix, shared and static programs, installed and moved ggn)"
