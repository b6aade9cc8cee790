#!/bin/sh
# Draws the pictures README shows (docs/img/<game>.svg, one or more per family of games, each in the
# style its spec's "display" asks for) and, with --png, a PNG of each beside it (ImageMagick's convert).
#   tools/render-games.sh                 README's games, with build/ggn (run `make` first)
#   tools/render-games.sh janggi checkers only these games (names or spec files)
#   tools/render-games.sh --all           every games/*.json
#   GGN=build-x/ggn tools/render-games.sh
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
ggn=${GGN:-$root/build/ggn}
if [ ! -x "$ggn" ]; then
    echo "render-games.sh: no ggn program at $ggn: run make first, or set GGN" >&2
    exit 2
fi
png=no
if [ "${1:-}" = "--png" ]; then
    png=yes
    shift
fi
# README's picture table: the chess family, its hands and four players, xiangqi's and shogi's, draughts,
# and the stone games (Go, Hex, Othello, Connect Four, Tic-tac-toe, Gomoku, Ataxx), tafl, Amazons, morris, Marseillais and progressive chess.
readme="chess crazyhouse chess4 makruk xiangqi janggi shogi minishogi checkers draughts go9 hex othello connect_four tic_tac_toe gomoku ataxx brandubh hnefatafl lines_of_action amazons nine_mens_morris marseillais progressive"
# Games whose start is an empty board are drawn a few moves in, so that their pieces show.
moves_of() {
    case "$1" in
    tic_tac_toe) echo "b2 a1 c3 a3 a2 c2" ;;
    gomoku) echo "h8 i9 i7 g9 j6 k5 h9 h7 g6 f5 j8" ;;
    # A start shows no arrow: Amazons is drawn after two turns each, its arrows as blocked squares.
    amazons) echo "d1d4 d4g7 j7h5 h5e2 a4c6 c6c9 g10g8 g8b8" ;;
    # Morris a few men in, after a mill and its removal (g1xa7), the men still in hand beside the board.
    nine_mens_morris) echo "M@a1 M@d7 M@d1 M@a7 M@g1 g1xa7 M@b4 M@f4" ;;
    # Two moves a turn: White's one, Black's two, then White's two, the second a check that ends its turn.
    marseillais) echo "e2e4 d7d5 d5e4 g1f3 f1b5" ;;
    # One move, then two, then three: White's third takes the queen that came out on Black's second.
    progressive) echo "e2e4 e7e5 d8h4 g1f3 b1c3 f3h4" ;;
    *) echo "" ;;
    esac
}
if [ "${1:-}" = "--all" ]; then
    set -- "$root"/games/*.json
elif [ $# -eq 0 ]; then
    set -- $readme
fi
mkdir -p "$root/docs/img"
status=0
for game in "$@"; do
    name=$(basename "$game" .json)
    moves=$(moves_of "$name")
    if "$ggn" render "$game" ${moves:+--moves "$moves"} -o "$root/docs/img/$name.svg"; then
        echo "docs/img/$name.svg"
        if [ "$png" = yes ] && ! convert "$root/docs/img/$name.svg" "$root/docs/img/$name.png"; then
            echo "render-games.sh: convert could not draw docs/img/$name.svg as PNG" >&2
            status=1
        fi
    else
        echo "render-games.sh: $game could not be rendered" >&2
        status=1
    fi
done
exit $status
