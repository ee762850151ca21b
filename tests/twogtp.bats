#!/usr/bin/env bats
# flipfive under gogui-twogtp, GoGui's match runner: what it needs from the
# engine (a clock it never reports, closing passes), then short matches of
# every game kind through scripts/twogtp-match. The matches are skipped where
# Java or ../shared/peers/gogui (or GOGUI_DIR) is absent.

load test_helper

GOGUI_DIR=${GOGUI_DIR:-$ROOT/../shared/peers/gogui}

needs_twogtp() {
    command -v java >/dev/null || skip "needs java"
    [ -r "$GOGUI_DIR/gogui-twogtp.jar" ] || skip "needs $GOGUI_DIR/gogui-twogtp.jar"
}

@test "a clock without time_left: each genmove is charged, a byo-yomi period restarts after its stones" {
    local fresh
    fresh=$(gtp_value "time_settings 0 2 3" "flipfive-budget white")
    [ "$fresh" = "0.613 0.920" ]
    # one stone of the period used: what is left is shared by two stones
    gtp "flipfive-set level 1" "time_settings 0 2 3" "genmove b" "genmove w" "flipfive-budget white" \
        "genmove b" "genmove w" "genmove b" "genmove w" "flipfive-budget white" \
        "time_left white 2 3" "flipfive-budget white"
    [ "${lines[4]}" != "= $fresh" ]
    [[ "${lines[4]}" =~ ^=\ 0\.9[0-2][0-9]\  ]]
    # three stones: a new period
    [ "${lines[9]}" = "= $fresh" ]
    # the host's time_left replaces the count
    [ "${lines[11]}" = "= $fresh" ]
}

# match ARGS... : scripts/twogtp-match against this build, two games at
# level 1 with alternating colours and twogtp's clock; the last lines of its
# report are in $output.
match() {
    run env FLIPFIVE="$ENGINE" GOGUI_DIR="$GOGUI_DIR" timeout 300 \
        "$ROOT/scripts/twogtp-match" -n 2 -l 1 -a -t 1 -o "$BATS_TEST_TMPDIR/m" "$@"
    echo "$output"
}

# ends_with_two_passes FILE : the record ends with both colours' closing pass.
ends_with_two_passes() {
    tr -d '\n' <"$1" | grep -Eq ';(B\[\];W|W\[\];B)\[\]\)$'
}

@test "twogtp: Othello 8x8, referee flipfive, clock: ERR 0, results = final_score, SGF replays" {
    needs_twogtp
    match -g othello
    [ "$status" -eq 0 ]
    [[ "$output" == *"checks: 2 of 2 games ok"* ]]
    ends_with_two_passes "$BATS_TEST_TMPDIR/m/game-0.sgf"
    ends_with_two_passes "$BATS_TEST_TMPDIR/m/game-1.sgf"
}

@test "twogtp: Othello 10x10 (Go coordinates: no I column)" {
    needs_twogtp
    match -g othello -s 10
    [ "$status" -eq 0 ]
    [[ "$output" == *"checks: 2 of 2 games ok"* ]]
    grep -q 'SZ\[10\]' "$BATS_TEST_TMPDIR/m/game-1.sgf"
}

@test "twogtp: Gomoku 15x15 and Renju" {
    needs_twogtp
    match -g gomoku
    [ "$status" -eq 0 ]
    [[ "$output" == *"checks: 2 of 2 games ok"* ]]
    ends_with_two_passes "$BATS_TEST_TMPDIR/m/game-0.sgf"
    match -g renju
    [ "$status" -eq 0 ]
    [[ "$output" == *"checks: 2 of 2 games ok"* ]]
}

@test "twogtp-match fails a game with an error and says why" {
    needs_twogtp
    # an engine that plays the Othello start squares of the wrong colour:
    # the referee refuses the first move, twogtp records the error
    match -g othello -O none -- "$ENGINE --level 1 --coords othello" "$ENGINE --level 1 --coords go"
    [ "$status" -ne 0 ]
    [[ "$output" == *"FAIL: ERR"* ]]
    [[ "$output" == *"checks: 0 of 2 games ok"* ]]
}
