#!/bin/sh
# test_xboard_gui.sh — the real XBoard (Debian's xboard) plays ggn against
# itself through `ggn xboard` under a virtual display (Xvfb), in shako: a
# variant XBoard does not know, on a 10x10 board, with pieces (the elephant
# FA and the cannon mRcpR) that ggn describes to it with `setup` and `piece`
# lines. The test waits (with a
# bound) until XBoard has relayed MOVES engine moves, takes a screenshot, and
# checks XBoard's debug log: ggn described the variant, XBoard took every
# engine move (no "Illegal move", no forfeit), and the screenshot is a
# picture, not an empty screen. Then a whole game of janggi (issue 41): a
# game XBoard can only be told wider pieces of (the palace's lines, the
# cannon that may not use cannons, the elephant's two-square path), with
# passes (XBoard's null move @@@@) and an end by bikjang or points that only
# ggn can judge. It is played to its end: no move refused, and the result
# XBoard records is the one ggn announced.
#
#   sh tests/test_xboard_gui.sh GGN [PNG]
#
# GGN is the ggn program; PNG, when given, keeps the screenshot there (the
# README's picture is made so: docs/img/xboard-shako.png). Needs xboard,
# Xvfb, xwd (x11-apps) and convert (imagemagick); without them it says so and
# exits 77 (CTest's skip), except under CI=true, where .ci/deps installs them
# and their absence is a failure.
set -u
ggn=${1:?usage: test_xboard_gui.sh GGN [PNG]}
keep=${2:-}
variant=shako
shot_after=4       # engine moves before the screenshot
moves=12           # engine moves to see in all
wait_tenths=600    # at most a minute for them

xboard=$(command -v xboard || { [ -x /usr/games/xboard ] && echo /usr/games/xboard; })
missing=""
[ -n "$xboard" ] || missing="$missing xboard"
command -v Xvfb >/dev/null 2>&1 || missing="$missing xvfb"
command -v xwd >/dev/null 2>&1 || missing="$missing x11-apps(xwd)"
[ -x /usr/bin/convert ] || missing="$missing imagemagick"
if [ -n "$missing" ]; then
    if [ "${CI:-}" = true ]; then
        echo "test_xboard_gui: FAIL: not installed under CI:$missing (.ci/deps installs xboard xvfb x11-apps imagemagick)" >&2
        exit 1
    fi
    echo "test_xboard_gui: SKIPPED: not installed:$missing (apt-get install xboard xvfb x11-apps imagemagick)" >&2
    exit 77
fi

tmp=$(mktemp -d /tmp/ggn_xboard_gui_XXXXXX)
xvfb_pid=""
xboard_pid=""
# Stops a process: TERM, then KILL when it is still there after two seconds (an XBoard that
# waits for its engines to quit must not hold the test, or CTest, past its end).
stop() {
    [ -n "$1" ] || return 0
    kill "$1" 2>/dev/null || return 0
    n=0
    while kill -0 "$1" 2>/dev/null && [ $n -lt 20 ]; do
        sleep 0.1
        n=$((n + 1))
    done
    kill -9 "$1" 2>/dev/null
}
cleanup() {
    # the engines first (children of XBoard), then XBoard, then the display
    [ -n "$xboard_pid" ] && command -v pkill >/dev/null 2>&1 && pkill -TERM -P "$xboard_pid" 2>/dev/null
    stop "$xboard_pid"
    stop "$xvfb_pid"
    wait 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
fail() {
    echo "test_xboard_gui: FAILED: $*" >&2
    [ -f "$tmp/xboard.debug" ] && tail -n 40 "$tmp/xboard.debug" >&2
    exit 1
}

# A display of its own: Xvfb picks a free number and writes it to fd 3.
Xvfb -displayfd 3 -screen 0 800x700x24 -nolisten tcp 3>"$tmp/display" </dev/null >"$tmp/xvfb.log" 2>&1 &
xvfb_pid=$!
i=0
while [ ! -s "$tmp/display" ]; do
    i=$((i + 1))
    [ $i -le 100 ] || fail "Xvfb did not start: $(cat "$tmp/xvfb.log")"
    sleep 0.1
done
display=":$(head -n 1 "$tmp/display")"

# Engine against engine, one game; HOME is the temporary directory, so
# XBoard's settings file is written there and not in the user's home.
HOME=$tmp DISPLAY=$display "$xboard" -fcp "$ggn xboard" -scp "$ggn xboard" -variant $variant \
    -matchMode true -matchGames 1 -searchDepth 2 -tc 5 -inc 1 \
    -debug -nameOfDebugFile "$tmp/xboard.debug" </dev/null >"$tmp/xboard.out" 2>&1 &
xboard_pid=$!

# Waits (a tenth of a second at a time, a minute in all) until XBoard has relayed $1 engine moves.
wait_moves() {
    i=0
    while :; do
        seen=$(grep -c -E '<(first |second): move ' "$tmp/xboard.debug" 2>/dev/null)
        [ "${seen:-0}" -ge "$1" ] && return 0
        kill -0 "$xboard_pid" 2>/dev/null || fail "xboard ended after ${seen:-0} moves: $(cat "$tmp/xboard.out")"
        i=$((i + 1))
        [ $i -le $wait_tenths ] || fail "only ${seen:-0} engine moves in a minute"
        sleep 0.1
    done
}

wait_moves $shot_after
sleep 0.5 # XBoard draws the move after it relays it
xwd -root -silent -display "$display" >"$tmp/screen.xwd" || fail "xwd could not take the screenshot"
# The window, without the black of the empty screen around it.
/usr/bin/convert "xwd:$tmp/screen.xwd" -bordercolor black -border 1 -trim +repage "png:$tmp/screen.png" ||
    fail "convert could not read the screenshot"
colours=$(/usr/bin/convert "$tmp/screen.png" -format '%k' info:)
[ "${colours:-0}" -ge 16 ] || fail "the screenshot has $colours colours: nothing was drawn"
[ -n "$keep" ] && cp "$tmp/screen.png" "$keep"
wait_moves $moves

stop "$xboard_pid"
xboard_pid=""
log=$tmp/xboard.debug
grep -q '>first : variant '$variant "$log" || fail "XBoard did not ask for the variant $variant"
grep -q '<first : setup (' "$log" || fail "ggn did not describe the variant with setup"
grep -q '<first : piece C& mRcpR' "$log" || fail "ggn did not describe the cannon with a piece line"
if grep -n -E 'Illegal move|[Ff]orfeit|tellusererror' "$log" >&2; then
    fail "XBoard or ggn found a move or position wrong (above)"
fi
shako_seen=$seen

# Janggi to the end. XBoard cannot judge its ends (bikjang, points, a mate
# it sees through wider pieces), so it is told to take the engines' word
# for them (-testClaims false) rather than overrule ggn's claim as "false".
log=$tmp/janggi.debug
HOME=$tmp DISPLAY=$display "$xboard" -fcp "$ggn xboard" -scp "$ggn xboard" -variant janggi \
    -matchMode true -matchGames 1 -searchDepth 2 -tc 5 -inc 1 -testClaims false \
    -debug -nameOfDebugFile "$log" </dev/null >"$tmp/janggi.out" 2>&1 &
xboard_pid=$!
i=0
while ! grep -q '>first : result ' "$log" 2>/dev/null; do
    i=$((i + 1))
    [ $i -le 1200 ] || { cp "$log" "$tmp/xboard.debug"; fail "the janggi game did not end within two minutes"; }
    sleep 0.1
done
sleep 0.5
stop "$xboard_pid"
xboard_pid=""
cp "$log" "$tmp/xboard.debug" # for fail's tail
grep -q '<first : setup (' "$log" || fail "ggn did not describe janggi with setup"
grep -q '<first : piece P& ' "$log" || fail "ggn did not describe the soldier with a piece line"
if grep -n -E 'Illegal move|[Ff]orfeit|[Ff]alse .* claim|tellusererror' "$log" >&2; then
    fail "XBoard or ggn found a janggi move, position or result wrong (above)"
fi
ended=$(grep -m 1 '>first : result ' "$log" | sed 's/.*>first : result //')
plies=$(grep -c -E '<(first |second): move ' "$log")
# The result is ggn's: its words ("WHITE wins: ...", "... mates", a draw rule), not an adjudication of XBoard's.
case "$ended" in
*Xboard*|*XBoard*|*adjudication*) fail "XBoard ended the janggi game itself: $ended" ;;
esac
echo "test_xboard_gui: XBoard relayed $shako_seen engine moves of $variant; screenshot with $colours colours${keep:+ kept in $keep}"
echo "test_xboard_gui: janggi played to its end in $plies plies: $ended"
exit 0
