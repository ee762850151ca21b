#!/bin/bash
# yixin-match.sh -- flipfive inside Yixin-Board (the Gomoku/Renju analysis
# GUI) under a private Xvfb: a whole computer-vs-computer game, then a
# position with Black's forbidden points and a Multi-PV analysis, with a
# screenshot of each and the full engine traffic.
#
# Usage:
#   yixin-match.sh [options] OUTDIR
#
# Writes OUTDIR/game.png (the finished game), OUTDIR/forbid.png (Black to
# move with its forbidden points marked), OUTDIR/multipv.png (an analysis of
# the best 3 moves, taken while it runs), OUTDIR/engine.log (every line
# between Yixin-Board and the engine, timed), OUTDIR/game.sgf (the game, as
# the engine heard it, checked with flipfive's loadsgf).
#
# Options:
#   -y DIR      Yixin-Board folder (default ../shared/peers/yixin-board)
#   -e CMD      the engine (default build/pbrain-flipfive), run as ./engine
#   -r RULE     0 freestyle, 1 standard, 2 Renju (default 2)
#   -s SIZE     board size (default 15)
#   -t SECS     seconds per move (default 1)
#   -T SECS     overall limit (default 900)
#   -k          keep the scratch directory (its path is printed)
#   -h          this help
#
# Exit status: 0 when the game was played to a result and every step gave
# its screenshot, 1 otherwise, 2 on usage errors. Only what the script
# started is stopped (its Xvfb, its Yixin-Board and engine, by PID).
#
# Needs: Xvfb, xdotool, ImageMagick 'import', GTK 3 (libgtk-3-0). Yixin-Board
# is driven with its menus (F10, arrow keys) and its command box ("thinking
# start", "putpos", "nbest 3"); no window manager is needed.

set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)

usage() { sed -n '2,/^$/{s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; exit "${1:-2}"; }

yixin=$root/../shared/peers/yixin-board engine=$root/build/pbrain-flipfive
rule=2 size=15 turn=1 timeout=900 keep=0
case ${1:-} in --help) usage 0 ;; esac
while getopts "y:e:r:s:t:T:kh" o; do
    case $o in
        y) yixin=$OPTARG ;;
        e) engine=$OPTARG ;;
        r) rule=$OPTARG ;;
        s) size=$OPTARG ;;
        t) turn=$OPTARG ;;
        T) timeout=$OPTARG ;;
        k) keep=1 ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done
shift $((OPTIND - 1))
[ "$#" -eq 1 ] || usage 2
out=$1
for t in Xvfb xdotool import; do
    command -v "$t" >/dev/null || { echo "missing: $t" >&2; exit 2; }
done
[ -x "$yixin/Yixin" ] || { echo "no Yixin-Board in $yixin" >&2; exit 2; }
mkdir -p "$out" && out=$(cd "$out" && pwd)
rm -f "$out"/game.png "$out"/forbid.png "$out"/multipv.png "$out"/game.sgf
log=$out/engine.log
: >"$log"

work=$(mktemp -d -t yixin-match.XXXXXX) || exit 2
xvfb_pid='' yixin_pid=''
say() { printf '[yixin-match] %s\n' "$*" >&2; }

# shellcheck disable=SC2317 # called by the EXIT trap
cleanup() {
    if [ -n "$yixin_pid" ] && kill -0 "$yixin_pid" 2>/dev/null; then
        kill "$yixin_pid" 2>/dev/null
        sleep 1
        kill -9 "$yixin_pid" 2>/dev/null
    fi
    # the engine is Yixin-Board's child: gtp-tee recorded its PIDs
    if [ -s "$work/pids" ]; then
        while read -r p; do kill "$p" 2>/dev/null; done <"$work/pids"
    fi
    if [ -n "$xvfb_pid" ]; then
        kill "$xvfb_pid" 2>/dev/null
        wait "$xvfb_pid" 2>/dev/null
    fi
    if [ "$keep" = 1 ]; then say "scratch directory kept: $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

# --- Yixin-Board's folder, the engine and the settings --------------------
cp -R "$yixin" "$work/yx" && chmod -R u+w "$work/yx" || exit 2
abs_engine=$engine
case $engine in /*) ;; *) abs_engine=$PWD/$engine ;; esac
cat >"$work/yx/engine" <<EOF
#!/bin/sh
GTP_TEE_TAG=E GTP_TEE_PIDFILE='$work/pids' exec '$root/scripts/gtp-tee' '$log' -- $abs_engine "\$@"
EOF
chmod +x "$work/yx/engine"
# The settings Yixin-Board writes on Quit, with ours: the rule, a custom
# level of $1 s a move, no database, no timeout dialogs, 3 lines of
# Multi-PV; both players people (the harness presses Play for every move).
write_settings() {
{
    printf '%s\t;board size (10 ~ 22)\n%s\t;language (0: English, 1,2,...: custom)\n' "$size" 0
    printf '%s\t;rule (0: freestyle, 1: standard, 2: free renju, 3: swap after 1st move, 5: soosorv, 6: swap-2)\n' "$rule"
    printf '0\t;computer play black (0: no, 1: yes)\n0\t;computer play white (0: no, 1: yes)\n'
    printf '1\t;level (0: unlimited time 1: custom level 2-12: predefined level)\n'
    printf '%s\t;time limit (turn)\n100000\t;time limit (match)\n100\t;max depth\n1000000000\t;max node\n' "$1"
    printf '1\t;style (rash 0 ~ 5 cautious)\n1\t;toolbar style (0: only icon, 1: both icon and words, 2: both with horizontally stacked)\n'
    printf '1\t;show log (0: no, 1: yes)\n1\t;show number (0: no, 1: yes)\n1\t;show analysis (0: no, 1: yes)\n'
    printf '1\t;show analysis winrate (0: no, 1: yes)\n0\t;show warning (0: no, 1: yes)\n1\t;number of threads\n'
    printf '64\t;hash size (MB)\n3\t;default number of multi-pv\n0\t;block autoreset (0: no, 1: yes)\n'
    printf '0\t;blockpath autoreset (0: no, 1: yes)\n0\t;pondering (0: off, 1: on)\n'
    printf '0\t;checkmate in global search (0: no, 1: vct, 2: vc2)\n0\t;hash autoclear (0: no, 1: yes)\n'
    printf '0\t;toolbar postion (0: left vertical, 1: right horizontal)\n0\t;enable dark mode\n'
    printf '0\t;show clock (0: no, 1: yes)\n0\t;time increment per move\n1\t;show forbidden moves\n'
    printf '0\t;check timeout\n0\t;use database moves (0: no, 1: yes)\n0\t;enable database read-only mode (0: no, 1: yes)\n'
    printf '0\t;show database baord texts (0: no, 1: yes)\n0\t;show database delall confirmation (0: no, 1: yes)\n'
    printf '0\t;record debug log\n100\t;log area horizontal scale\n0\t;symmetric nbest for the 5th moves\n'
    printf '50\t;lossing move color saturation (0~100)\n50\t;winning move color saturation (0~100)\n'
    printf '0\t;min winrate color saturation (0~100)\n100\t;max winrate color saturation (0~100)\n'
    printf '100\t;value of color (0~100)\n'
} >"$work/yx/settings.txt"
}

# --- a private X server ----------------------------------------------------
display=
for n in $(seq 60 99); do
    [ -e "/tmp/.X$n-lock" ] || [ -e "/tmp/.X11-unix/X$n" ] && continue
    Xvfb ":$n" -screen 0 1280x1024x24 -nolisten tcp >/dev/null 2>&1 &
    xvfb_pid=$!
    sleep 1
    if kill -0 "$xvfb_pid" 2>/dev/null; then display=:$n; break; fi
    xvfb_pid=
done
[ -n "$display" ] || { say "no free X display"; exit 1; }
export DISPLAY=$display

start=$SECONDS

# waits until the engine log has a line matching $1 (after line $2)
wait_log() {
    local pattern=$1 from=${2:-0} limit=${3:-60} t=$SECONDS
    while ! tail -n +"$((from + 1))" "$log" | grep -q -- "$pattern"; do
        [ $((SECONDS - t)) -lt "$limit" ] || return 1
        kill -0 "$yixin_pid" 2>/dev/null || return 1
        sleep 0.2
    done
}
lines() { wc -l <"$log"; }
shot() { sleep 1; import -window root "$out/$1" && say "screenshot $out/$1"; }

# Keys go to the main window: a click on its log area first.
focus() { xdotool mousemove 1100 600 click 1; sleep 0.4; }

# A menu item by keyboard: F10 opens Game, Right moves to Players; $1 Downs.
# shellcheck disable=SC2317 # called when the Players menu is used
menu_players() {
    focus
    xdotool key F10; sleep 0.8
    xdotool key Right; sleep 0.8
    local i
    for ((i = 0; i < $1; i++)); do xdotool key Down; sleep 0.3; done
    xdotool key Return; sleep 1
}

# A line in the command box (bottom right), which starts out holding its
# hint text: emptied first.
yx_command() {
    xdotool mousemove 1150 862 click 1; sleep 0.4
    xdotool key ctrl+a BackSpace; sleep 0.2
    xdotool type --delay 40 "$1"; xdotool key Return
    say "command: $1"
}

# Yixin-Board with $1 s a move, its engine ready.
start_yixin() {
    write_settings "$1"
    local from
    from=$(lines)
    (cd "$work/yx" && exec ./Yixin >>"$work/yixin.out" 2>&1) &
    yixin_pid=$!
    wait_log '< OK' "$from" 60 || { say "the engine did not start (see $log)"; exit 1; }
    sleep 2
}

# Quit through the menu: Game, its last item; Yixin-Board sends end.
quit_yixin() {
    focus
    xdotool key F10; sleep 0.8; xdotool key Up; sleep 0.5; xdotool key Return
    for _ in $(seq 20); do kill -0 "$yixin_pid" 2>/dev/null || break; sleep 0.5; done
    yixin_pid=
}

start_yixin "$turn"

# --- a whole game: "thinking start" for every move ---------------------------
# Both players stay people, so Yixin-Board marks Black's forbidden points
# whenever Black is to move (it never does for a computer Black), and the
# engine plays both sides, one "thinking start" (Play) at a time.
moves=0 forbid_shot=0
while [ "$moves" -lt $((size * size)) ]; do
    from=$(lines)
    yx_command "thinking start"
    # the move, or nothing when the game is over
    if ! wait_log '< [0-9]*,[0-9]*$' "$from" $((turn * 3 + 10)); then
        kill -0 "$yixin_pid" 2>/dev/null || { say "Yixin-Board exited"; exit 1; }
        break
    fi
    moves=$((moves + 1))
    # Yixin-Board asks for Black's forbidden points after White's move
    if [ "$forbid_shot" = 0 ] && wait_log '< FORBID [0-9]' "$from" 2; then
        shot forbid.png
        forbid_shot=1
    fi
    [ $((SECONDS - start)) -lt "$timeout" ] || { say "timed out"; break; }
done
say "game over after $moves moves"
shot game.png

# The game as the engine heard it: Yixin-Board sends row,col; each
# board/yxboard block is the whole game so far, turn adds the opponent's
# stone, a lone x,y answer the engine's own.
awk -v size="$size" -v rule="$rule" '
    function add(p) { split(p, a, ","); mv[n++] = a[1] "," a[2] }
    / > (board|yxboard)$/ { inb = 1; n = 0; next }
    inb && / > done$/ { inb = 0; next }
    inb && / > [0-9]+,[0-9]+,[12]$/ { add($4); next }
    / > turn [0-9]+,[0-9]+$/ { add($5); next }
    / < [0-9]+,[0-9]+$/ { add($4); next }
    END {
        printf "(;FF[4]GM[4]SZ[%d]%s", size, (rule == 2 ? "RU[Renju]" : "RU[" rule "]")
        for (i = 0; i < n; i++) {
            split(mv[i], a, ",")
            printf ";%s[%c%c]", (i % 2 ? "W" : "B"), 97 + a[2], 97 + a[1]
        }
        print ")"
    }' "$log" >"$out/game.sgf"
say "game: $(grep -o ';[BW]' "$out/game.sgf" | wc -l) moves in $out/game.sgf"

# --- forbidden points, if the game showed none --------------------------------
if [ "$forbid_shot" = 0 ]; then
    # Black h8 g8 i7 i6, White in the corners: i8 makes two open threes
    from=$(lines)
    yx_command "putpos h8a15g8o1i7a1i6o15"
    wait_log '< FORBID [0-9]' "$from" 30 || say "no forbidden point reported"
    shot forbid.png
fi

quit_yixin

# --- a Multi-PV analysis of a quiet opening, while it runs -----------------
# A second session with 10 s a move, so that the analysis is still on the
# board when the screenshot is taken (Yixin-Board plays the best move and
# clears the marks when the search ends).
start_yixin 10
yx_command "putpos h8h9j10i10"
sleep 2
from=$(lines)
yx_command "nbest 3"
wait_log '< INFO DEPTH 4' "$from" 60 || say "no depth 4"
sleep 2
shot multipv.png
yx_command "thinking stop"
sleep 2
quit_yixin

status=0
for f in game.png forbid.png multipv.png; do [ -s "$out/$f" ] || status=1; done
if [ -x "$root/build/flipfive" ]; then
    result=$(printf 'loadsgf %s\nfinal_score\n' "$out/game.sgf" | "$root/build/flipfive" | awk 'NF { l = $0 } END { print l }')
    say "the game in flipfive (loadsgf, final_score): $result"
    case $result in '= B+'*|'= W+'*|'= 0') ;; *) status=1 ;; esac
fi
starts=$(grep -c ' # start: ' "$log") clean=$(grep -c '# engine exited, status 0' "$log")
[ "$starts" -eq "$clean" ] || { say "$starts engine runs, $clean clean exits"; status=1; }
exit $status
