#!/usr/bin/env bats
# GTP framing and the standard commands.

load test_helper

@test "protocol_version answers 2, with the id echoed" {
    gtp "1 protocol_version"
    [ "$status" -eq 0 ]
    [ "$output" = "=1 2" ]
}

@test "name and version" {
    gtp name version
    [ "${lines[0]}" = "= flipfive" ]
    [[ "${lines[1]}" =~ ^=\ [0-9]+\.[0-9]+ ]]
}

@test "every reply ends with exactly one empty line" {
    run bash -c "printf 'name\nversion\n' | '$ENGINE' | od -c | head -3"
    [[ "$output" == *'f   l   i   p   f   i   v   e  \n  \n   ='* ]]
}

@test "unknown command" {
    gtp "5 frobnicate"
    [ "$output" = "?5 unknown command" ]
}

@test "EOF ends the engine with status 0" {
    gtp name
    [ "$status" -eq 0 ]
}

# wait_for FILE TEXT : up to 30 s for TEXT to appear in FILE (never a
# measure of speed: the engine either answers or does not).
wait_for() {
    local i
    for ((i = 0; i < 300; i++)); do
        grep -qF "$2" "$1" 2>/dev/null && return 0
        sleep 0.1
    done
    return 1
}

@test "a lone CR ends a command at once, while the host keeps the pipe open" {
    local d=$BATS_TEST_TMPDIR
    mkfifo "$d/in"
    "$ENGINE" <"$d/in" >"$d/out" &
    local pid=$! w
    # bats keeps fd 3 for itself: let bash pick a free one.
    exec {w}>"$d/in"
    printf '1 name\r' >&"$w"
    wait_for "$d/out" "=1 flipfive" || { exec {w}>&-; wait "$pid"; false; }
    # The LF of a CR LF that arrives later is an empty line: no reply.
    printf '\n2 version\r\n' >&"$w"
    wait_for "$d/out" "=2 " || { exec {w}>&-; wait "$pid"; false; }
    exec {w}>&-
    wait "$pid"
    [ "$(cat "$d/out")" = "$(printf '=1 flipfive\n\n=2 %s' "$(printf 'version\n' | "$ENGINE" | sed -n 's/^= //p')")" ]
}

@test "time_settings survive clear_board and boardsize, as in GNU Go (the GTP reference)" {
    [ -x /usr/games/gnugo ] || skip "needs gnugo (Debian package gnugo)"
    # GNU Go shows its clock on stderr (DEBUG_TIME, 0x4000000) at each genmove:
    # after a new boardsize and clear_board it is still 30 s of main time.
    run bash -c "printf 'boardsize 9\ntime_settings 30 10 5\nclear_board\ngenmove b\nboardsize 9\nclear_board\ngenmove b\n' |
        timeout 120 /usr/games/gnugo --mode gtp --level 1 -d 0x4000000 2>&1"
    [ "$(printf '%s\n' "$output" | grep -c 'clock: black *0min 30.00sec')" -eq 2 ]
    # flipfive: the same order, the same budget in the second game as in the first.
    gtp "boardsize 8" "time_settings 30 10 5" "clear_board" "flipfive-budget b" "play b f5" \
        "boardsize 8" "clear_board" "flipfive-budget b"
    [ "${lines[3]}" != "= 1.000 1.000" ]
    [ "${lines[7]}" = "${lines[3]}" ]
}
