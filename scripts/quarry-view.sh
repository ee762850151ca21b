#!/bin/sh
# quarry-view.sh SGF PNG -- opens a game record (e.g. one written by
# scripts/match --sgf-dir) in the Quarry GUI under a private Xvfb, goes to
# its last move and saves a screenshot of the screen, so one can see that
# Quarry reads it: the board, "game over" and the disc counts.
# Needs quarry, Xvfb, xdotool and ImageMagick's import. It kills only the
# Xvfb and Quarry it started (by pid) and removes its scratch directory.
case ${1:-} in -h | --help) awk 'NR > 1 { if (!/^#/) exit; sub(/^# ?/, ""); print }' "$0"; exit 0 ;; esac
set -u
[ $# -eq 2 ] || { sed -n '2,7s/^# \{0,1\}//p' "$0"; exit 2; }
sgf=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
png=$2
QUARRY=${QUARRY:-/usr/games/quarry}
for t in "$QUARRY" Xvfb xdotool import; do
    command -v "$t" >/dev/null 2>&1 || { echo "quarry-view: needs $t" >&2; exit 2; }
done
[ -r "$sgf" ] || { echo "quarry-view: cannot read $1" >&2; exit 2; }

display=
for d in $(seq 71 99); do
    [ -e "/tmp/.X$d-lock" ] || { display=:$d; break; }
done
[ -n "$display" ] || { echo "quarry-view: no free display" >&2; exit 2; }
scratch=$(mktemp -d) || exit 2
Xvfb "$display" -screen 0 1024x768x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
quarry=
cleanup() {
    [ -n "$quarry" ] && kill "$quarry" 2>/dev/null
    kill "$xvfb" 2>/dev/null
    wait 2>/dev/null
    rm -rf "$scratch"
}
trap cleanup EXIT INT TERM
export DISPLAY="$display"
for _ in $(seq 50); do xdotool getmouselocation >/dev/null 2>&1 && break; sleep 0.1; done
HOME=$scratch "$QUARRY" "$sgf" >"$scratch/quarry.log" 2>&1 &
quarry=$!
window=
for _ in $(seq 100); do
    window=$(xdotool search --onlyvisible --name . 2>/dev/null | head -1)
    [ -n "$window" ] && break
    sleep 0.1
done
[ -n "$window" ] || { echo "quarry-view: Quarry opened no window" >&2; exit 1; }
sleep 2
# No window manager: the window sits at 0,0; "End" is the toolbar's last
# navigation button (Go > Last Move has no default key binding).
xdotool mousemove 740 55 click 1
sleep 1.5
import -window root "$png"
