#!/usr/bin/env bats
# The Piskvork front end (build/pbrain-flipfive, flipfive --protocol
# piskvork): the transcripts of protocol/transcripts/*.pisk byte for byte,
# the same moves as GTP, input read while thinking, the analysis lines, and
# c-gomoku-cli games where ../shared/peers has it.

load test_helper

PEERS="$ROOT/../shared/peers"

# pisk LINE... : the lines to a fresh pbrain-flipfive; $output has its stdout.
pisk() {
    # shellcheck disable=SC2016 # $0 and $@ are expanded by the inner bash
    run --separate-stderr bash -c 'printf "%s\n" "$@" | timeout 120 "$0"' "$PBRAIN" "$@"
}

# Two engines play n plies against each other, each in its own process, at
# a fixed search; the moves come out as x,y lines ("end" once a side cannot
# move on). pisk_game RULE N ARGS... speaks Piskvork (INFO rule RULE);
# gtp_game GAME N ARGS... speaks GTP (GAME: gomoku, standard or renju).
pisk_game() {
    local rule=$1 n=$2 d m i
    shift 2
    d=$(mktemp -d "$BATS_TEST_TMPDIR/pg.XXXXXX")
    mkfifo "$d/bi" "$d/bo" "$d/wi" "$d/wo"
    timeout 300 "$PBRAIN" "$@" <"$d/bi" >"$d/bo" &
    timeout 300 "$PBRAIN" "$@" <"$d/wi" >"$d/wo" &
    exec 5>"$d/bi" 6<"$d/bo" 7>"$d/wi" 8<"$d/wo"
    printf 'START 15\nINFO rule %s\n' "$rule" >&5
    printf 'START 15\nINFO rule %s\n' "$rule" >&7
    read -r m <&6 && read -r m <&8
    printf 'BEGIN\n' >&5
    read -r m <&6
    echo "$m"
    for ((i = 1; i < n; i++)); do
        if ((i % 2)); then printf 'TURN %s\n' "$m" >&7; read -r m <&8
        else printf 'TURN %s\n' "$m" >&5; read -r m <&6; fi
        [[ $m =~ ^[0-9]+,[0-9]+$ ]] || { echo end; break; }
        echo "$m"
    done
    printf 'END\n' >&5
    printf 'END\n' >&7
    exec 5>&- 6<&- 7>&- 8<&-
    wait
}

# A GTP vertex (go coordinates on 15x15) as x,y.
vertex_xy() {
    local letters=ABCDEFGHJKLMNOPQRSTUVWXYZ col=${1:0:1} row=${1:1}
    local prefix=${letters%%"$col"*}
    echo "${#prefix},$((15 - row))"
}

xy_vertex() {
    local letters=ABCDEFGHJKLMNOPQRSTUVWXYZ x=${1%,*} y=${1#*,}
    echo "${letters:x:1}$((15 - y))"
}

gtp_game() {
    local game=$1 n=$2 d m v i setup
    shift 2
    case $game in
    gomoku) setup='set_game Gomoku' ;;
    standard) setup='flipfive-set rule standard\nset_game Gomoku' ;;
    renju) setup='set_game Renju' ;;
    esac
    d=$(mktemp -d "$BATS_TEST_TMPDIR/gg.XXXXXX")
    mkfifo "$d/bi" "$d/bo" "$d/wi" "$d/wo"
    timeout 300 "$ENGINE" "$@" <"$d/bi" >"$d/bo" &
    timeout 300 "$ENGINE" "$@" <"$d/wi" >"$d/wo" &
    exec 5>"$d/bi" 6<"$d/bo" 7>"$d/wi" 8<"$d/wo"
    printf '%b\nboardsize 15\nclear_board\ngenmove b\n' "$setup" >&5
    printf '%b\nboardsize 15\nclear_board\n' "$setup" >&7
    # the set-up replies, then the first move
    while read -r v <&6 && [[ $v != "= "[A-Z]* ]]; do :; done
    read -r _ <&6
    for ((i = 0; i < 2 * ($(printf '%b\n' "$setup" | wc -l) + 2); i++)); do read -r _ <&8; done
    m=$(vertex_xy "${v#= }")
    echo "$m"
    for ((i = 1; i < n; i++)); do
        v=$(xy_vertex "$m")
        # "= " and a blank line for play, then genmove's "= V" and a blank line
        if ((i % 2)); then printf 'play b %s\ngenmove w\n' "$v" >&7; read -r v <&8; read -r v <&8; read -r v <&8; read -r _ <&8
        else printf 'play w %s\ngenmove b\n' "$v" >&5; read -r v <&6; read -r v <&6; read -r v <&6; read -r _ <&6; fi
        [[ $v =~ ^=\ [A-Z][0-9]+$ ]] || { echo end; break; }
        m=$(vertex_xy "${v#= }")
        echo "$m"
    done
    printf 'quit\n' >&5
    printf 'quit\n' >&7
    exec 5>&- 6<&- 7>&- 8<&-
    wait
}

# think_then LINE DELAY: START, a slow BEGIN, LINE after DELAY seconds; sets
# ms (from LINE to the engine's exit, or to its move line for other LINEs),
# out (the lines it printed) and rc. Lines are read as they come (no polling).
think_then() {
    local line=$1 delay=$2 d t0 t1 l
    d=$(mktemp -d "$BATS_TEST_TMPDIR/tt.XXXXXX")
    mkfifo "$d/in" "$d/out"
    "$PBRAIN" <"$d/in" >"$d/out" &
    local pid=$!
    exec 5>"$d/in" 6<"$d/out"
    printf 'START 20\nINFO timeout_turn 60000\nBEGIN\n' >&5
    read -r l <&6 && out=$l && read -r l <&6 && out+=$'\n'$l
    printf 'TURN 10,11\n' >&5
    sleep "$delay"
    t0=$(date +%s%N)
    printf '%s\n' "$line" >&5
    rc=0
    if [ "$line" = END ]; then
        wait "$pid" || rc=$?
        read -r l <&6 && out+=$'\n'$l
    else
        read -r l <&6 && out+=$'\n'$l
    fi
    t1=$(date +%s%N)
    ms=$(((t1 - t0) / 1000000))
    exec 5>&- 6<&-
    wait "$pid" || true
}

@test "transcript: a game as c-gomoku-cli plays it" {
    replay "$TRANSCRIPTS/piskvork-game.pisk" "$PBRAIN"
}

@test "transcript: every error changes nothing" {
    replay "$TRANSCRIPTS/piskvork-errors.pisk" "$PBRAIN"
}

@test "transcript: a Yixin-Board Renju session (forbidden points, yxnbest, swap2)" {
    replay "$TRANSCRIPTS/piskvork-renju.pisk" "$PBRAIN"
}

@test "every transcript in protocol/transcripts/*.pisk is replayed here" {
    for f in "$TRANSCRIPTS"/*.pisk; do
        grep -q "$(basename "$f")" "$BATS_TEST_FILENAME"
    done
}

@test "flipfive --protocol piskvork is pbrain-flipfive; --protocol gtp and bad values" {
    run bash -c "printf 'START 15\nINFO max_depth 2\nBEGIN\n' | '$ENGINE' --protocol piskvork"
    [ "$output" = "$(printf 'OK\n7,7')" ]
    run bash -c "printf 'name\n' | '$PBRAIN' --protocol gtp"
    [ "${lines[0]}" = "= flipfive" ]
    run "$ENGINE" --protocol uci
    [ "$status" -eq 2 ]
}

@test "nothing is printed before the host asks (c-gomoku-cli reads ABOUT's answer first)" {
    run bash -c "sleep 0.5 | '$PBRAIN'"
    [ "$status" -eq 0 ]
    [ -z "$output" ]
    pisk ABOUT
    [ "${#lines[@]}" -eq 1 ]
    [[ "${lines[0]}" == 'name="flipfive", version="'* ]]
}

@test "the same moves through GTP and Piskvork: freestyle, exactly five, Renju at depth 3" {
    local g p
    g=$(gtp_game gomoku 16 --depth 3)
    p=$(pisk_game 0 16 --depth 3)
    echo "gtp: $g" | tr '\n' ' '
    echo "pisk: $p" | tr '\n' ' '
    [ "$(echo "$g" | wc -l)" -ge 10 ]
    [ "$g" = "$p" ]
    [ "$(gtp_game standard 12 --depth 3)" = "$(pisk_game 1 12 --depth 3)" ]
    [ "$(gtp_game renju 12 --depth 3)" = "$(pisk_game 4 12 --depth 3)" ]
}

@test "the same moves through GTP and Piskvork with a node limit (INFO max_node / --nodes)" {
    local g p
    g=$(gtp_game gomoku 12 --nodes 3000 --time 0)
    p=$(pisk_game 0 12 --nodes 3000 --time 0)
    [ "$g" = "$p" ]
    # and a search of that many nodes plays other moves than one of 300
    [ "$g" != "$(gtp_game gomoku 12 --nodes 300 --time 0)" ]
}

@test "END while thinking exits within one second, printing nothing more" {
    think_then END 0.5
    echo "END took $ms ms, rc $rc, output: $out"
    echo "# END while thinking: exit after $ms ms" >&3
    [ "$rc" -eq 0 ]
    [ "$ms" -lt 1000 ]
    [ "$out" = "$(printf 'OK\n10,10')" ]
}

@test "YXSTOP while thinking answers at once with the best move so far" {
    think_then YXSTOP 0.5
    echo "YXSTOP took $ms ms, output: $out"
    echo "# YXSTOP while thinking: the move after $ms ms" >&3
    [ "$ms" -lt 1000 ]
    [[ "$(echo "$out" | tail -1)" =~ ^[0-9]+,[0-9]+$ ]]
}

@test "INFO timeout_turn 0 while thinking (Piskvork's Stop button) answers at once" {
    think_then 'INFO timeout_turn 0' 0.5
    echo "took $ms ms, output: $out"
    [ "$ms" -lt 1000 ]
    [[ "$(echo "$out" | tail -1)" =~ ^[0-9]+,[0-9]+$ ]]
}

@test "INFO that may not change under a search (rule) waits for the move, then applies, in order" {
    # The INFO lines arrive while TURN is thought about (2 s): rule is no
    # key for a running search, so it and every line after it wait.
    run bash -c "{ printf 'START 15\nINFO timeout_turn 2000\nBEGIN\nTURN 8,8\n'; sleep 0.5;
                   printf 'INFO rule 7\nINFO rule 4\nSHOWBOARD\nEND\n'; } | '$PBRAIN'"
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "${lines[2]}" =~ ^[0-9]+,[0-9]+$ ]]
    [ "${lines[3]}" = "MESSAGE rule 7 is not supported (0 freestyle, 1 exactly five, 2 or 4 renju)" ]
    [[ "${lines[-1]}" == "MESSAGE Renju 15x15 (renju), 3 stones, White to move, flipfive plays Black" ]]
}

@test "a move never takes longer than timeout_turn (2 s), measured from outside" {
    local d i t0 t1 worst=0 line
    d=$(mktemp -d "$BATS_TEST_TMPDIR/turn.XXXXXX")
    mkfifo "$d/in" "$d/out"
    "$PBRAIN" <"$d/in" >"$d/out" &
    exec 5>"$d/in" 6<"$d/out"
    printf 'START 20\nINFO timeout_turn 2000\nINFO timeout_match 0\nINFO time_left 2147483647\n' >&5
    read -r line <&6
    for i in 1 2 3; do
        t0=$(date +%s%N)
        if [ "$i" -eq 1 ]; then printf 'BEGIN\n' >&5; else printf 'TURN %d,%d\n' $((9 + i)) 12 >&5; fi
        read -r line <&6
        t1=$(date +%s%N)
        [[ $line =~ ^[0-9]+,[0-9]+$ ]]
        (( (t1 - t0) / 1000000 > worst )) && worst=$(( (t1 - t0) / 1000000 ))
    done
    printf 'END\n' >&5
    exec 5>&- 6<&-
    wait
    echo "# slowest of 3 moves with timeout_turn 2000: $worst ms" >&3
    [ "$worst" -lt 2000 ]
}

@test "yxnbest: N distinct lines per depth, best first, the best played; Yixin-Board's line format" {
    pisk 'START 15' 'INFO max_depth 4' 'INFO show_detail 3' yxboard 7,7,2 8,8,1 8,6,2 DONE 'yxnbest 3' SHOWBOARD
    [ "$status" -eq 0 ]
    # every INFO PV block in Rapfi's order of keys
    local keys
    keys=$(printf '%s\n' "${lines[@]}" | awk '/^INFO /{ print $2 }' | paste -sd' ')
    [[ "$keys" == "PV NUMPV DEPTH SELDEPTH NODES TOTALNODES TOTALTIME SPEED EVAL WINRATE BESTLINE PV "* ]]
    # depth 4: three lines, three different first moves, values not rising
    local last4
    last4=$(printf '%s\n' "${lines[@]}" | awk '/^INFO DEPTH/{ d = $3 } /^INFO EVAL/{ e = $3 } /^INFO BESTLINE/ && d == 4 { print e, $3 }')
    [ "$(echo "$last4" | wc -l)" -eq 3 ]
    [ "$(echo "$last4" | awk '{ print $2 }' | sort -u | wc -l)" -eq 3 ]
    [ "$(echo "$last4" | awk 'NR > 1 && $1 > prev { bad = 1 } { prev = $1 } END { print bad + 0 }')" -eq 0 ]
    # the move line is the first line's move, and it is on the board
    local move
    move=$(printf '%s\n' "${lines[@]}" | grep -E '^[0-9]+,[0-9]+$')
    [ "$move" = "$(echo "$last4" | head -1 | awk '{ print $2 }')" ]
    printf '%s\n' "${lines[@]}" | grep -q '^MESSAGE REALTIME BEST '"$move"'$'
    printf '%s\n' "${lines[@]}" | grep -q '4 stones, Black to move, flipfive plays White'
    # yxnbest 1 plays what BOARD plays at the same depth
    pisk 'START 15' 'INFO max_depth 4' yxboard 7,7,2 8,8,1 8,6,2 DONE 'yxnbest 1'
    local one=${lines[1]}
    pisk 'START 15' 'INFO max_depth 4' BOARD 7,7,2 8,8,1 8,6,2 DONE
    [ "$one" = "${lines[1]}" ]
}

@test "INFO rule, max_depth, hash_size and max_memory do what they say" {
    # rule 2 and 4 are Renju, 1 exactly five, 3 the same with the continuous bit
    for r in 2 4; do
        pisk 'START 15' "INFO rule $r" SHOWBOARD
        [[ "${lines[-1]}" == "MESSAGE Renju 15x15 (renju), "* ]]
    done
    for r in 1 3; do
        pisk 'START 15' "INFO rule $r" SHOWBOARD
        [[ "${lines[-1]}" == "MESSAGE Gomoku 15x15 (exactly five), "* ]]
    done
    # the rule changes the game on the board, stones kept
    pisk 'START 15' 'INFO max_depth 2' BEGIN 'INFO rule 4' SHOWBOARD
    [[ "${lines[-1]}" == "MESSAGE Renju 15x15 (renju), 1 stones, "* ]]
    # max_depth 1 is a depth-1 search (Yixin-Board's cell count: no limit)
    pisk 'START 15' 'INFO max_depth 1' 'INFO show_detail 2' BEGIN
    [ "$(printf '%s\n' "${lines[@]}" | grep -c '^INFO DEPTH')" -eq 1 ]
    # a hash that does not fit max_memory shrinks, with a MESSAGE only when it cannot
    pisk 'START 15' 'INFO max_memory 67108864' 'INFO hash_size 1048576' 'INFO max_depth 2' BEGIN
    [ "${lines[1]}" = "7,7" ]
    [ "${#lines[@]}" -eq 2 ]
}

@test "Renju on other boards, and rule 4 forbids Black's forbidden points in BOARD" {
    pisk 'START 20' 'INFO rule 4' 'INFO max_depth 2' BEGIN SHOWBOARD
    [ "${lines[1]}" = "10,10" ]
    [[ "${lines[-1]}" == "MESSAGE Renju 20x20 (renju), 1 stones, "* ]]
    # Black (the opponent here) made a double three at 8,7 as its last stone
    pisk 'START 15' 'INFO rule 4' 'INFO max_depth 2' BOARD 6,7,2 0,0,1 7,7,2 14,14,1 8,8,2 0,14,1 8,9,2 14,0,1 8,7,2 DONE SHOWBOARD
    [ "${lines[1]}" = "ERROR forbidden 8,7" ]
    [[ "${lines[-1]}" == *", 0 stones, "* ]]
    # the same stones under freestyle are a position like any other
    pisk 'START 15' 'INFO rule 0' 'INFO max_depth 2' BOARD 6,7,2 0,0,1 7,7,2 14,14,1 8,8,2 0,14,1 8,9,2 14,0,1 8,7,2 DONE
    [[ "${lines[1]}" =~ ^[0-9]+,[0-9]+$ ]]
}

@test "a BOARD whose game is already over still gets an empty point" {
    pisk 'START 15' 'INFO max_depth 2' BOARD 3,3,2 0,0,1 4,3,2 0,2,1 5,3,2 0,4,1 6,3,2 0,6,1 7,3,2 DONE
    [ "${lines[1]}" = "7,7" ]
}

@test "c-gomoku-cli: flipfive against itself and against Rapfi, rules 0, 1 and 4; its SGF loads" {
    local cli="$PEERS/bin/c-gomoku-cli" rapfi="$PEERS/bin/pbrain-rapfi"
    [ -x "$cli" ] && [ -x "$rapfi" ] || skip "no c-gomoku-cli or Rapfi in $PEERS/bin"
    local d=$BATS_TEST_TMPDIR/cgc r
    mkdir -p "$d" && cp "$PBRAIN" "$d/"
    cd "$d"
    for r in 0 1 4; do
        "$cli" -each tc=0/0.3 -engine cmd="$d/pbrain-flipfive" \
            -engine cmd="$d/pbrain-flipfive" -rule $r -boardsize 15 -games 2 \
            -sgf "$d/self$r.sgf" -log >"$d/self$r.out" 2>&1
        mv c-gomoku-cli.1.log "self$r.log"
        "$cli" -each tc=0/0.3 -engine cmd="$d/pbrain-flipfive" -engine cmd="$rapfi" \
            -rule $r -boardsize 15 -games 2 -sgf "$d/rapfi$r.sgf" -log >"$d/rapfi$r.out" 2>&1
        mv c-gomoku-cli.1.log "rapfi$r.log"
    done
    cat "$d"/*.out | grep -E '^\[1\] Finished|Score' | sed 's/^/# /' >&3
    # every game played to a result, none lost by flipfive to time, crash or an illegal move
    [ "$(cat "$d"/*.out | grep -c 'Finished game')" -eq 12 ]
    run ! grep -E 'Finished game [0-9]+ \(flipfive vs [^)]*\): 0-1 \{.*(forfeit|illegal|double)' "$d"/*.out
    run ! grep -E 'Finished game [0-9]+ \([^)]* vs flipfive\): 1-0 \{.*(forfeit|illegal|forbidden)' "$d"/*.out
    # c-gomoku-cli looks for an overline before a five: a black five that
    # makes an overline on another line at the same time (a win by RIF 9.2,
    # and by the Gomocup judge, which looks for the five first) is a foul to
    # it. flipfive plays such a five only when it has no other. And the
    # manager knows no pass: on a full board black's last point may be
    # forbidden (seen: a 225-move self-play game). The move flipfive lost by
    # must be an exact five, or the board's last point, on the board the
    # log replays.
    local f k board verdict
    for f in "$d"/*4.out; do
        while read -r k; do
            board=$(awk -v game="$k" -v size=15 -f "$BATS_TEST_DIRNAME/cgc_board.awk" "${f%.out}.log")
            awk -v tag="$(basename "$f" .out) game $k" '{ print "# " tag ": " $0 }' <<<"$board" >&3
            verdict=$(awk -v rule=renju -f "$BATS_TEST_DIRNAME/five_check.awk" <<<"$board" | tr '\n' ' ')
            [[ $verdict == "black "* || $verdict == *" full " ]]
        done < <(sed -n 's/.*Finished game \([0-9]*\) (flipfive vs [^)]*): 0-1 {.*overline}.*/\1/p' "$f")
    done
    run ! grep -E 'Finished game [0-9]+ \(flipfive vs [^)]*\): 0-1 \{.*forbidden' "$d"/self[01].out "$d"/rapfi[01].out
    run ! grep -iE 'crash|could not read' "$d"/*.out
    # each SGF game of the file loads into flipfive (Renju as Renju)
    local n=0 f
    for f in "$d"/*.sgf; do
        awk -v dir="$d" -v base="$(basename "$f" .sgf)" '/^\(;/{ k++ } k { print > (dir "/" base "-" k ".one") }' "$f"
    done
    for f in "$d"/*.one; do
        run bash -c "printf 'loadsgf %s\ngogui-rules_game_id\n' '$f' | '$ENGINE'"
        [ "${lines[0]}" = "= " ]
        [[ $f != *4-*.one ]] || [ "${lines[1]}" = "= Renju" ]
        n=$((n + 1))
    done
    [ "$n" -eq 12 ]
}
