#!/usr/bin/env bats
# The engine against a slow, obviously correct reference (ref_othello.awk):
# legal moves, side to move, passes (explicit and implied) and final scores
# on thousands of random positions of every board size.

load test_helper

# check SIZE GAMES SEED : random games whose every position is compared.
check() {
    local cmds="$BATS_TEST_TMPDIR/cmds" expected="$BATS_TEST_TMPDIR/expected"
    awk -v sizes="$1" -v games="$2" -v seed="$3" -v implicit=1 \
        -v cmds="$cmds" -v expected="$expected" -f "$BATS_TEST_DIRNAME/ref_othello.awk"
    timeout 300 "$ENGINE" <"$cmds" >"$BATS_TEST_TMPDIR/actual"
    if ! cmp -s "$expected" "$BATS_TEST_TMPDIR/actual"; then
        diff "$expected" "$BATS_TEST_TMPDIR/actual" | head -20
        return 1
    fi
    # at least this many positions were compared
    [ "$(grep -c '^gogui-rules_legal_moves' "$cmds")" -ge "$4" ]
}

@test "reference: 4x4, 150 random games" { check 4 150 11 1000; }
@test "reference: 6x6, 40 random games" { check 6 40 12 1000; }
@test "reference: 8x8, 20 random games" { check 8 20 13 1000; }
@test "reference: 10x10, 12 random games" { check 10 12 14 1000; }
@test "reference: 12x12 and 14x14" { check "12 14" 8 15 1500; }
@test "reference: 16x16 and 18x18" { check "16 18" 5 16 1500; }
@test "reference: 20x20, 22x22 and 24x24" { check "20 22 24" 2 17 1500; }

# selfplay SIZES GAMES SEED [LEVEL] : the engine plays both sides from random openings;
# the reference judges every move it generates.
selfplay() {
    local cmds="$BATS_TEST_TMPDIR/cmds" replies="$BATS_TEST_TMPDIR/replies"
    awk -v mode=selfplay -v sizes="$1" -v games="$2" -v seed="$3" \
        -v cmds="$cmds" -v expected=/dev/null -f "$BATS_TEST_DIRNAME/ref_othello.awk"
    timeout 300 "$ENGINE" --level "${4:-1}" <"$cmds" >"$replies"
    run awk -v mode=verify -v cmds="$cmds" -v replies="$replies" -f "$BATS_TEST_DIRNAME/ref_othello.awk"
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == "ok "* ]]
}

@test "property: 200 self-play games (4x4 to 10x10), no illegal move or wrong pass" {
    selfplay "4 6 8 10" 50 21
}

@test "property: self-play at level 3 on 8x8 and 12x12" {
    selfplay "8 12" 4 22 3
}
