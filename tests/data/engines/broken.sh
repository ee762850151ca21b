#!/bin/sh
# A deliberately broken GTP engine for the match referee's tests.
#   broken.sh MODE                  minimal GTP; misbehaves at the first genmove
#   broken.sh MODE N ENGINE ARGS... plays N genmoves through ENGINE, then misbehaves
# MODE: illegal (an occupied centre point), garbage (not a vertex), exit (dies
# mid-game), slow (answers 30 s late: the referee must kill it, and a test
# sees it if it did not), error (? to genmove), resign, and lag
# (with ENGINE: every genmove 0.3 s late, otherwise correct), move:VERTEX
# (always answers VERTEX), nopass (with ENGINE: correct, but answers
# "? illegal move" to "play COLOR pass", as GRhino does).
mode=$1
after=${2:-0}
if [ $# -ge 2 ]; then shift 2; else shift $#; fi
size=8
n=0

if [ $# -gt 0 ]; then
    dir=$(mktemp -d "${TMPDIR:-/tmp}/broken.XXXXXX") || exit 1
    mkfifo "$dir/in" "$dir/out" || exit 1
    "$@" <"$dir/in" >"$dir/out" &
    exec 3>"$dir/in" 4<"$dir/out"
    rm -rf "$dir"
fi

reply() { printf '= %s\n\n' "$1"; }

# Sends a line to the real engine and copies its reply.
forward() {
    printf '%s\n' "$1" >&3
    while IFS= read -r r <&4; do
        printf '%s\n' "$r"
        [ -z "$r" ] && break
    done
}

misbehave() {
    case $mode in
    illegal)
        # The centre points are never empty in Othello.
        col=$(printf 'ABCDEFGHJKLMNOPQRSTUVWXYZ' | cut -c$((size / 2)))
        reply "$col$((size / 2))" ;;
    garbage) reply "banana" ;;
    exit)
        [ "$after" -gt 0 ] && { exec 3>&-; wait; }
        exit 3 ;;
    slow) sleep 30; reply "pass" ;;
    error) printf '? no idea\n\n' ;;
    resign) reply "resign" ;;
    move:*) reply "${mode#move:}" ;;
    esac
}

while IFS= read -r line; do
    # shellcheck disable=SC2086 # the words of the command
    set -- $line
    case $1 in
    boardsize) size=$2 ;;
    play)
        if [ "$mode" = nopass ] && [ "$3" = pass ]; then
            printf '? illegal move\n\n'
            continue
        fi ;;
    genmove)
        n=$((n + 1))
        [ "$mode" = lag ] && sleep 0.3
        if [ "$mode" != lag ] && [ "$mode" != nopass ] && [ "$n" -gt "$after" ]; then
            misbehave
            continue
        fi ;;
    esac
    if [ "$after" -gt 0 ]; then
        forward "$line"
        [ "$1" = quit ] && { exec 3>&-; wait; exit 0; }
        continue
    fi
    case $1 in
    name) reply "broken-$mode" ;;
    known_command) reply false ;;
    quit) reply ""; exit 0 ;;
    *) reply "" ;;
    esac
done
