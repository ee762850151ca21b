#!/bin/sh
# A deliberately broken Piskvork engine for the match referee's tests.
#   broken-pisk.sh MODE                  misbehaves at its first move
#   broken-pisk.sh MODE ENGINE ARGS...   plays through ENGINE (a Piskvork
#                                        engine), misbehaving along the way
# MODE, without ENGINE: nook (ERROR to START), error (ERROR instead of a
# move, then silence), garbage (not a point), offboard (99,99), move:X,Y
# (always X,Y), exit (dies), slow (answers 3 s late). With ENGINE: chatty
# (MESSAGE, DEBUG, an ERROR and a SUGGEST before every move, all of which
# the referee must see past), norestart (correct, but answers UNKNOWN to
# RESTART, which the protocol allows), or the same misbehaviour at the first
# move.
mode=$1
shift

if [ $# -gt 0 ]; then
    dir=$(mktemp -d "${TMPDIR:-/tmp}/broken-pisk.XXXXXX") || exit 1
    mkfifo "$dir/in" "$dir/out" || exit 1
    "$@" <"$dir/in" >"$dir/out" &
    exec 3>"$dir/in" 4<"$dir/out"
    rm -rf "$dir"
fi

# The real engine's answer to the line just forwarded: its move (a line of
# digits and a comma), skipping its MESSAGE lines.
engine_move() {
    while IFS= read -r r <&4; do
        case $r in [0-9]*,[0-9]*) printf '%s\n' "$r"; return ;; esac
    done
}

misbehave() {
    case $mode in
    error) printf 'ERROR cannot think now\n' ;;
    garbage) printf 'banana\n' ;;
    offboard) printf '99,99\n' ;;
    move:*) printf '%s\n' "${mode#move:}" ;;
    exit) exit 3 ;;
    slow) sleep 3; printf '0,0\n' ;;
    esac
}

while IFS= read -r line; do
    cmd=${line%% *}
    case $cmd in
    START)
        if [ "$mode" = nook ]; then printf 'ERROR no\n'; else printf 'OK\n'; fi
        [ $# -gt 0 ] && { printf '%s\n' "$line" >&3; IFS= read -r r <&4; } ;;
    RESTART)
        if [ "$mode" = norestart ]; then printf 'UNKNOWN RESTART\n'; continue; fi
        printf 'OK\n'
        [ $# -gt 0 ] && { printf '%s\n' "$line" >&3; IFS= read -r r <&4; } ;;
    ABOUT) printf 'name="broken-%s", version="1"\n' "$mode" ;;
    END) [ $# -gt 0 ] && printf 'END\n' >&3; exit 0 ;;
    BEGIN|TURN|BOARD)
        if [ "$cmd" = BOARD ]; then
            # the stone lines up to DONE go with it
            stones=$line
            while IFS= read -r l && [ "$l" != DONE ]; do stones="$stones
$l"; done
            line="$stones
DONE"
        fi
        if [ $# -eq 0 ] || { [ "$mode" != chatty ] && [ "$mode" != norestart ]; }; then
            misbehave
            continue
        fi
        printf '%s\n' "$line" >&3
        if [ "$mode" = norestart ]; then
            engine_move
            continue
        fi
        printf 'MESSAGE thinking\nDEBUG about it\nERROR Unknown command: NOTHING\n'
        mv=$(engine_move)
        printf 'SUGGEST %s\n' "$mv"
        IFS= read -r _ # the manager's PLAY
        printf '%s\n' "$mv" ;;
    *) [ $# -gt 0 ] && printf '%s\n' "$line" >&3 ;;
    esac
done
