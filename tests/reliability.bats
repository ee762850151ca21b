#!/usr/bin/env bats
# Reliability: interrupts, end of input while thinking, a host that goes
# away, tiny clocks, hash bounds, and the memcheck session. Timeouts below
# are hang guards far above what a working engine needs, not timing checks.

load test_helper

# The board after the commands, to tell a legal move: one of the first moves.
FIRST_MOVES='^= (C4|D3|E6|F5)$'

# last_reply LINE... : the whole last reply of a fresh engine (multi-line).
last_reply() {
    printf '%s\n' "$@" | timeout 60 "$ENGINE" | awk 'BEGIN { RS = "" } { last = $0 } END { print last }'
}

@test "gogui-interrupt is listed and answers" {
    gtp list_commands gogui-interrupt
    [[ "$output" == *gogui-interrupt* ]]
    [ "${lines[${#lines[@]}-1]}" = "= " ] || [ "${lines[${#lines[@]}-1]}" = "=" ]
}

@test "'# interrupt' during a long genmove stops it with a legal move, and the loop goes on" {
    run --separate-stderr bash -c "{ printf 'flipfive-set movetime 600\n1 genmove b\n'; sleep 1
        printf '# interrupt\n'; sleep 0.5; printf '2 name\n'; } | timeout 60 '$ENGINE'"
    [ "$status" -eq 0 ]
    [[ "${lines[1]}" =~ ^=1\ (C4|D3|E6|F5)$ ]]
    [ "${lines[2]}" = "=2 flipfive" ]
}

@test "an interrupt line with CR LF, and commands pipelined behind it, keep their order" {
    run --separate-stderr bash -c "{ printf 'flipfive-set movetime 600\ngenmove b\n'; sleep 1
        printf '# interrupt\r\n5 name\n6 showboard\n'; } | timeout 60 '$ENGINE'"
    [ "$status" -eq 0 ]
    [[ "${lines[1]}" =~ $FIRST_MOVES ]]
    [ "${lines[2]}" = "=5 flipfive" ]
    [ "${lines[3]}" = "=6 " ]
}

@test "stdin EOF while thinking: the search runs to its end, answers, exit 0" {
    # depth 8 is searched to the end although EOF arrives at once
    run --separate-stderr bash -c "printf 'flipfive-set verbose 1\nflipfive-set depth 8\ngenmove b\n' | timeout 120 '$ENGINE'"
    [ "$status" -eq 0 ]
    [[ "${lines[2]}" =~ $FIRST_MOVES ]]
    # shellcheck disable=SC2154 # set by bats: run --separate-stderr
    [[ "$stderr" == *"depth 8 score"* ]]
}

@test "a host that stops reading while we think: the engine stops and exits, no spinning" {
    local d=$BATS_TEST_TMPDIR
    mkfifo "$d/in"
    # stdout is a pipe whose reader is gone; stdin stays open (sleep holds it)
    ( timeout 60 "$ENGINE" <"$d/in" | true; echo "${PIPESTATUS[0]}" >"$d/rc" ) &
    local job=$!
    exec 5>"$d/in"
    printf 'flipfive-set movetime 600\ngenmove b\n' >&5
    wait "$job"
    exec 5>&-
    [ "$(cat "$d/rc")" -ne 124 ] # 124: timeout had to kill it
}

@test "a host that closes our stdout before a reply: write errors end the loop" {
    local d=$BATS_TEST_TMPDIR i
    mkfifo "$d/in"
    # The reader takes one byte and goes; stdin stays open, so only the
    # failed writes can end the engine. Commands keep coming until it has
    # ended (however late the reader goes on a loaded machine), for 30 s
    # at most; SIGPIPE is ignored around each write, since the engine may
    # be gone by then.
    ( timeout 60 "$ENGINE" <"$d/in" | head -c 1 >/dev/null; echo "${PIPESTATUS[0]}" >"$d/rc" ) &
    local job=$!
    exec 5>"$d/in"
    for ((i = 0; i < 150; i++)); do
        [ -s "$d/rc" ] && break
        ( trap '' PIPE; printf 'name\n' >&5 ) 2>/dev/null
        sleep 0.2
    done
    # The engine ended while its stdin was still open, with status 0.
    [ -s "$d/rc" ]
    exec 5>&-
    wait "$job"
    [ "$(cat "$d/rc")" -eq 0 ]
}

@test "time_left 0.05 s, absolute and byo-yomi: genmove answers a legal move" {
    gtp 'time_settings 300 0 0' 'time_left b 0.05 0' 'genmove b'
    [[ "${lines[2]}" =~ $FIRST_MOVES ]]
    gtp 'time_settings 0 5 1' 'time_left b 0.05 1' 'genmove b'
    [[ "${lines[2]}" =~ $FIRST_MOVES ]]
    gtp 'time_settings 1 0 0' 'time_left b 99999999 0' 'flipfive-set level 1' 'genmove b'
    [[ "${lines[3]}" =~ $FIRST_MOVES ]]
    gtp 'boardsize 24' 'clear_board' 'time_settings 300 0 0' 'time_left b 0.05 0' 'genmove b'
    [[ "${lines[4]}" =~ ^=\ [A-Z][0-9]+$ ]]
}

@test "hash: default 64 MB; sizes out of range or too big to allocate are refused and change nothing" {
    gtp 'flipfive-get hash' 'flipfive-set hash 0' 'flipfive-set hash -1' \
        'flipfive-set hash 99999999999999999999' 'flipfive-set hash 65537' 'flipfive-get hash' \
        'flipfive-set hash 2' 'flipfive-get hash'
    [ "${lines[0]}" = "= 64" ]
    [ "${lines[1]:0:1}" = "?" ]
    [ "${lines[2]:0:1}" = "?" ]
    [ "${lines[3]:0:1}" = "?" ]
    [ "${lines[4]:0:1}" = "?" ]
    [ "${lines[5]}" = "= 64" ]
    [ "${lines[7]}" = "= 2" ]
    run "$ENGINE" --hash 0
    [ "$status" -eq 2 ]
    run "$ENGINE" --hash 99999999999999999999
    [ "$status" -eq 2 ]
}

@test "loadsgf of a FIFO does not block" {
    mkfifo "$BATS_TEST_TMPDIR/f.sgf"
    gtp "loadsgf $BATS_TEST_TMPDIR/f.sgf" name
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "? cannot load file: not a regular file" ]
    [ "${lines[1]}" = "= flipfive" ]
}

@test "printsgf of a set-up position loads back to the same position" {
    local b8=----------X--O-------XXXOOO----O-X-------O----X---OOO---------XX
    local board
    board=$(last_reply "flipfive-setboard $b8 X" 'genmove b' "printsgf $BATS_TEST_TMPDIR/s.sgf" 'gogui-rules_board' 'gogui-rules_side_to_move' 'showboard')
    gtp "loadsgf $BATS_TEST_TMPDIR/s.sgf" 'showboard'
    [ "${lines[0]}" = "= " ] || [ "${lines[0]}" = "=" ]
    [ "$(last_reply "loadsgf $BATS_TEST_TMPDIR/s.sgf" showboard)" = "$board" ]
    [[ "$board" == *"Othello 8x8, move 2"* ]]
    grep -q 'AE\[dd\]\[ed\]\[de\]\[ee\]' "$BATS_TEST_TMPDIR/s.sgf"
}

@test "make valgrind: every listed command under memcheck, no error, no leak" {
    command -v valgrind >/dev/null || skip "valgrind not installed"
    [ "${FLIPFIVE_BUILD:-build}" = build ] || skip "valgrind runs on the release build only"
    run "$ROOT/scripts/valgrind-session" "$ENGINE"
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == *"ERROR SUMMARY: 0 errors"* ]]
    [[ "$output" == *"in use at exit: 0 bytes"* ]]
}

@test "the match referee leaves no engine process behind (soak in miniature)" {
    [ -x "$ROOT/scripts/match" ] || skip "scripts/match not merged yet"
    local link=$BATS_TEST_TMPDIR/ff-soak-engine-$$
    ln -s "$ENGINE" "$link"
    run timeout 300 "$ROOT/scripts/match" --games 4 --tc 0+0.2/1 --margin 0 --quiet --json \
        -- "$link --level 2" "$link --level 2"
    [ "$status" -eq 0 ]
    [[ "$output" == *'"time":0,'*'"time":0,'* ]] # no loss on time for A or B
    sleep 0.5
    [[ "$output" != *"left a"* ]] # the referee reaped every engine it started
    run ! pgrep -f "$link"        # and none is left running
}

@test "clock extremes: zero, negative, huge and fractional settings; genmove stays legal" {
    gtp 'time_settings 0 0 0' 'time_settings 0 1 0' 'time_settings -1 0 0' 'time_settings 0 -1 1' \
        'time_settings 99999999999999999999 0 0' 'time_settings 1e9 0 0' 'time_settings 999999999 0 0' \
        'time_settings 0.5 0.25 1000000' 'time_left b 0.25 1000000' 'genmove b' \
        'time_settings 0 0.001 1' 'time_left w 0.001 1' 'genmove w' \
        'time_settings 10 0 0' 'time_left b -99999999 0' 'genmove b' 'time_left b nan 0' 'time_left b inf 0'
    [ "$status" -eq 0 ]
    [ "${lines[0]:0:1}" = "=" ] && [ "${lines[1]:0:1}" = "=" ]
    [ "${lines[2]:0:1}" = "?" ] && [ "${lines[3]:0:1}" = "?" ] && [ "${lines[4]:0:1}" = "?" ]
    [ "${lines[5]:0:1}" = "?" ] && [ "${lines[6]:0:1}" = "=" ] && [ "${lines[7]:0:1}" = "=" ]
    [[ "${lines[9]}" =~ $FIRST_MOVES ]]
    [[ "${lines[12]}" =~ ^=\ [A-H][1-8]$ ]]
    [[ "${lines[15]}" =~ ^=\ [A-H][1-8]$ ]]
    [ "${lines[16]:0:1}" = "?" ] && [ "${lines[17]:0:1}" = "?" ]
}
