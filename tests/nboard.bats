#!/usr/bin/env bats
# The NBoard front end (flipfive --protocol nboard): the transcripts of
# protocol/transcripts/*.nboard byte for byte (paced as NBoard paces its
# pings, times written T), bad lines ignored with a message, ping stopping
# a search, the GGF clock, the same moves as GTP, the referee's NBoard
# driver against it, and NTest's and Edax's lines beside ours where
# ../shared/peers has them.

# shellcheck disable=SC2016 # the bash -c bodies are expanded by the inner bash
load test_helper

SESSION="$ROOT/scripts/nboard-session"
START='---------------------------O*------*O---------------------------'

# nb_replay FILE : the "> " lines of a transcript through nboard-session -t;
# stdout must be the transcript's other lines.
nb_replay() {
    local expected actual
    expected=$(grep -v -e '^#! ' -e '^> ' "$1")
    actual=$(sed -n 's/^> //p' "$1" | timeout 300 "$SESSION" -t "$ENGINE" --protocol nboard --book off)
    if [ "$expected" != "$actual" ]; then
        diff -u <(printf '%s\n' "$expected") <(printf '%s\n' "$actual") | head -60
        return 1
    fi
}

# nb LINE... : the lines, paced, to a fresh flipfive --protocol nboard
# --book off; $output has its stdout, $stderr its stderr.
nb() {
    run --separate-stderr bash -c 'printf "%s\n" "${@:2}" | timeout 300 "$0" "$1" --protocol nboard --book off' \
        "$SESSION" "$ENGINE" "$@"
}

# ggf MOVE... : a GGF game from the start with these moves (B and W
# alternating, PA for a pass), as NBoard writes it.
ggf() {
    local s="(;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TY[8]BO[8 $START *]" c=B m
    for m in "$@"; do
        s+="${c}[$m]"
        if [ $c = B ]; then c=W; else c=B; fi
    done
    printf '%s;)' "$s"
}

@test "nboard transcript: NBoard's session (go, echoed moves, hint, contempt, learn, analyze)" {
    nb_replay "$TRANSCRIPTS/nboard-session.nboard"
}

@test "nboard transcript: bad lines are ignored and change nothing" {
    nb_replay "$TRANSCRIPTS/nboard-errors.nboard"
}

@test "nboard transcript: GGF as NBoard writes it (set-up boards, passes, clocks, 6x6, game over)" {
    nb_replay "$TRANSCRIPTS/nboard-ggf.nboard"
}

@test "every transcript in protocol/transcripts/*.nboard is replayed here" {
    for f in "$TRANSCRIPTS"/*.nboard; do
        grep -q "$(basename "$f")" "$BATS_TEST_FILENAME"
    done
}

@test "nboard: every ignored line of the errors transcript says why on stderr, one line each" {
    local f=$TRANSCRIPTS/nboard-errors.nboard bad
    run --separate-stderr bash -c 'sed -n "s/^> //p" "$0" | timeout 120 "$1" --protocol nboard --book off' \
        "$f" "$ENGINE"
    [ "$status" -eq 0 ]
    # the bad lines are those between the first set game and "ping 1"
    bad=$(sed -n 's/^> //p' "$f" | awk '/^set game/ && !g { g = 1; next } g && /^ping 1$/ { exit } g' | wc -l)
    [ "$bad" -gt 25 ]
    # shellcheck disable=SC2154 # set by bats: run --separate-stderr
    [ "$(printf '%s\n' "$stderr" | grep -c '^flipfive: nboard: .*(line ignored)$')" -eq "$bad" ]
}

@test "nboard: -nboard and --protocol nboard; --help names the protocol" {
    run --separate-stderr bash -c 'printf "ping 7\n" | "$0" -nboard' "$ENGINE"
    [ "$output" = "pong 7" ]
    run --separate-stderr bash -c 'printf "nboard 2\nping 3\nquit\nping 4\n" | "$0" --protocol nboard --game gomoku' "$ENGINE"
    [ "$output" = "pong 3" ]
    run "$ENGINE" --help
    [[ "$output" == *"nboard (the NBoard Othello GUI"* ]]
    run "$ENGINE" --protocol nboardx
    [ "$status" -eq 2 ]
}

@test "nboard: a ping stops a search, whose result comes before the pong" {
    # depth 40 from the start would take hours; the ping ends it at once
    run --separate-stderr bash -c '
        { printf "nboard 2\nset depth 40\nhint 4\n"; sleep 1; printf "ping 9\n"; sleep 0.5; } |
            timeout 60 "$0" --protocol nboard --book off' "$ENGINE"
    [ "$status" -eq 0 ]
    [ "${lines[-1]}" = "pong 9" ]
    [ "${lines[-2]}" = "status" ]
    [[ "${lines[-3]}" == "nodestats "* ]]
    printf '%s\n' "$output" | grep -Eq '^search [A-H][1-8][-A-H1-8PA]* [-+][0-9]+(\.[0-9][0-9])? 0 [0-9]+%?$'
    # and a go the same way: its === line, then the pong
    run --separate-stderr bash -c '
        { printf "nboard 2\nset depth 40\ngo\n"; sleep 1; printf "ping 10\n"; sleep 0.5; } |
            timeout 60 "$0" --protocol nboard --book off' "$ENGINE"
    [ "${lines[-1]}" = "pong 10" ]
    [[ "${lines[-2]}" =~ ^===\ [A-H][1-8]/[-+]?[0-9]+(\.[0-9][0-9])?/[0-9]+\.[0-9][0-9]$ ]]
}

@test "nboard: go keeps to the GGF clock less the side's move times" {
    # depth 40 would take hours; 10 minutes less 598 s used leaves 2 s
    local g
    g="(;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[10:00]TY[8]BO[8 $START *]B[F5//299]W[D6//1]B[C3//299]W[D3/0.50/0.5];)"
    nb "nboard 2" "set depth 40" "set game $g" "ping 1" go
    [ "$status" -eq 0 ]
    [[ "${lines[-1]}" =~ ^===\ [A-H][1-8]/[-+]?[0-9]+(\.[0-9][0-9])?/([0-9]+\.[0-9][0-9])$ ]]
    # the time it reports is the wall time it took, inside the 2 s left
    awk -v t="${BASH_REMATCH[2]}" 'BEGIN { exit !(t < 2) }'
    # a move echoed with its time is charged too: 5:00 less 299.5 s
    g="(;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[5:00]TY[8]BO[8 $START *];)"
    nb "nboard 2" "set depth 40" "set game $g" "move F5//299.5" "move D6" "ping 1" go
    [[ "${lines[-1]}" =~ ^===\ [A-H][1-8]/[-+]?[0-9]+(\.[0-9][0-9])?/([0-9]+\.[0-9][0-9])$ ]]
    awk -v t="${BASH_REMATCH[2]}" 'BEGIN { exit !(t < 0.5) }'
}

@test "nboard: the same engine, settings and position give the same move as GTP" {
    local moves=() gtp_cmds=() i c m nbm
    # a game of flipfive against itself at depth 5, then each position again
    for i in $(seq 1 16); do
        c=$([ $((i % 2)) -eq 1 ] && echo b || echo w)
        m=$(printf '%s\n' "${gtp_cmds[@]}" "genmove $c" | timeout 120 "$ENGINE" --depth 5 --book off |
            grep '^= ' | tail -1 | cut -c3-)
        [[ "$m" =~ ^[A-H][1-8]$ ]]
        run --separate-stderr bash -c 'printf "%s\n" "${@:2}" | timeout 120 "$0" "$1" --protocol nboard --book off' \
            "$SESSION" "$ENGINE" "nboard 2" "set depth 5" "set game $(ggf "${moves[@]}")" "ping 1" go
        nbm=$(printf '%s\n' "$output" | sed -n 's/^=== \([A-H][1-8]\).*/\1/p')
        echo "ply $i: GTP $m NBoard $nbm"
        [ "$m" = "$nbm" ]
        moves+=("$m")
        gtp_cmds+=("play $c $m")
    done
}

@test "nboard: the referee plays flipfive --protocol nboard against GTP flipfive" {
    run --separate-stderr timeout 300 "$BUILD/flipfive-match" --games 2 --json --log-dir "$BATS_TEST_TMPDIR/m" -- \
        "$ENGINE --depth 2 --book off" "nboard,depth=3:$ENGINE --protocol nboard --book off"
    [ "$status" -eq 0 ]
    [ "$(printf '%s\n' "$output" | grep -c '"reason":"end"')" -eq 2 ]
    printf '%s\n' "$output" | grep -q '"name":"flipfive"'
    grep -q '^B< === [A-H][1-8]/' "$BATS_TEST_TMPDIR/m/game-00001.log"
}

@test "nboard: the referee plays flipfive --protocol nboard against NTest, where it is" {
    local ntest=$ROOT/../shared/peers/ntest
    [ -x "$ntest/ntest" ] || skip "no NTest in $ntest"
    run --separate-stderr timeout 300 "$BUILD/flipfive-match" --games 2 --json -- \
        "nboard,depth=4:$ENGINE --protocol nboard" "nboard,copy=$ntest,depth=2:./ntest x"
    [ "$status" -eq 0 ]
    [ "$(printf '%s\n' "$output" | grep -c '"reason":"end"')" -eq 2 ]
}

@test "nboard-session: a ping waits for the go's === line, not for a bare status the engine printed before" {
    # The fake engine prints "status" after loading its book, as NTest does,
    # and answers D3 when a line arrives during its half-second search.
    run "$SESSION" "$DATA/engines/nboard-book.sh" < <(printf 'nboard 2\ngo\nping 1\ngo\nping 2\n')
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$output" = "$(printf 'status Loading book\nstatus\n=== F5\npong 1\n=== F5\npong 2')" ]
}
