#!/usr/bin/env bats
# 8x8 playing strength: the tuned pattern evaluation, levels, time budgets
# and exact answers at the root. Exact behaviour only; the strength itself
# is measured by scripts/rhino-match.

load test_helper

# obf N FILE : "BOARD SIDE" of the N-th line of an OBF file.
obf() {
    sed -n "${1}p" "$DATA/$2" | awk '{ print $1, substr($2, 1, 1) }'
}

@test "pattern evaluation: fast features equal the slow reference, the value is the same on all 8 symmetric images" {
    run "$BUILD/flipfive-tune" check 150
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "${lines[0]}" == "check: 30 stages of compiled-in weights" ]]
    [[ "${lines[1]}" =~ ^check:\ [0-9]+\ positions,\ 0\ disagreements$ ]]
}

@test "every level plays whole games without a fault" {
    for pair in "1 2" "3 4" "5 6" "7 8" "9 10"; do
        # shellcheck disable=SC2086 # two words on purpose
        set -- $pair
        run "$ROOT/scripts/match" --games 2 --plies 2 --seed "$1" --quiet -- \
            "$ENGINE --level $1 --time 0.02" "$ENGINE --level $2 --time 0.02"
        echo "$output"
        [ "$status" -eq 0 ]
        [[ "$output" == *"Game ends: end 2"* ]]
        [[ "$output" == *"Faults: A: none"* ]]
        [[ "$output" == *"B: none"* ]]
    done
}

@test "level 1 searches one ply; level 4 four; level 10 deepens by time" {
    # From the start position: without the book, which would answer at once.
    run --separate-stderr bash -c "printf 'flipfive-set level 1\ngenmove black\n' | '$ENGINE' --book off --verbose"
    # shellcheck disable=SC2154 # set by bats: run --separate-stderr
    [[ "$stderr" == *"depth 1 "* ]]
    [[ "$stderr" != *"depth 2 "* ]]
    run --separate-stderr bash -c "printf 'flipfive-set level 4\ngenmove black\n' | '$ENGINE' --book off --verbose"
    [[ "$stderr" == *"depth 4 "* ]]
    [[ "$stderr" != *"depth 5 "* ]]
    run --separate-stderr bash -c "printf 'flipfive-set movetime 0.3\ngenmove black\n' | '$ENGINE' --book off --verbose"
    [[ "$stderr" == *"depth 5 "* ]]
}

@test "flipfive-budget: no clock is movetime; a clock is never overdrawn" {
    gtp "flipfive-budget black" "flipfive-set movetime 2.5" "flipfive-budget white" "flipfive-budget red"
    [ "${lines[0]}" = "= 1.000 1.000" ]
    [ "${lines[2]}" = "= 2.500 2.500" ]
    [ "${lines[3]}" = "? syntax error" ]
    for left in 300 60 30 10 3 1 0.5 0.2 0.1 0.05 0; do
        out=$(gtp_value "time_settings 300 0 0" "time_left black $left 0" "flipfive-budget black")
        echo "absolute, $left s left: $out"
        awk -v l="$left" -v o="$out" 'BEGIN { split(o, b, " "); exit !(b[1] <= b[2] && b[2] <= (l > 0.002 ? l * 0.95 : 0.002) && b[1] > 0) }'
    done
    for left in 30 10 1 0.3; do
        out=$(gtp_value "time_settings 0 30 10" "time_left white $left 5" "flipfive-budget white")
        echo "byo-yomi, $left s for 5 stones: $out"
        awk -v l="$left" -v o="$out" 'BEGIN { split(o, b, " "); exit !(b[1] <= b[2] && b[2] <= l * 0.95) }'
    done
    # Canadian, main time nearly gone: the byo-yomi pays for the move, so it
    # may overrun the main time by at most half of one stone's share (30 s / 10).
    out=$(gtp_value "time_settings 60 30 10" "time_left black 2 0" "flipfive-budget black")
    echo "main time nearly gone: $out"
    awk -v o="$out" 'BEGIN { split(o, b, " "); exit !(b[1] <= b[2] && b[2] <= 2 * 0.95 + 1.5) }'
}

@test "genmove at 20 empties wins what the solver says is won (FFO #40)" {
    gtp "flipfive-setboard $(obf 1 ffo-40-59.obf)" "flipfive-set movetime 2" "genmove black" "flipfive-solve wld"
    [[ "${lines[2]}" =~ ^=\ [A-H][1-8]$ ]]
    [[ "${lines[3]}" =~ ^=\ [A-Z][0-9]\ loss|^=\ pass\ loss ]]
}

@test "with a fixed depth the root is solved only when the depth covers the empties" {
    # depth 20 covers FFO #40's 20 empties: the exact score, +38 for Black.
    run --separate-stderr bash -c "printf 'flipfive-setboard $(obf 1 ffo-40-59.obf)\nflipfive-set depth 20\ngenmove black\n' | '$ENGINE' --verbose"
    [[ "$output" == *"= A2"* ]]
}

@test "FLIPFIVE_WEIGHTS: a missing or malformed file is refused at start-up, a good one plays" {
    echo 'not weights' >"$BATS_TEST_TMPDIR/bad.inc"
    head -c 3000 "$ROOT/src/othello8/othello8_weights.inc" >"$BATS_TEST_TMPDIR/cut.inc"
    for f in "$BATS_TEST_TMPDIR/none.inc" "$BATS_TEST_TMPDIR/bad.inc" "$BATS_TEST_TMPDIR/cut.inc"; do
        run --separate-stderr env FLIPFIVE_WEIGHTS="$f" "$ENGINE" </dev/null
        [ "$status" -eq 2 ]
        [ -z "$output" ]
        [[ "$stderr" == "FLIPFIVE_WEIGHTS=$f: "* ]]
    done
    run --separate-stderr bash -c "printf 'genmove b\n' | FLIPFIVE_WEIGHTS='$ROOT/src/othello8/othello8_weights.inc' '$ENGINE' --level 2"
    [ "$status" -eq 0 ]
    [[ "${lines[0]}" =~ ^=\ (C4|D3|E6|F5)$ ]]
}

@test "flipfive-tune mlp: fit's held-out positions, the same figures every run, the linear sum apart" {
    "$BUILD/flipfive-tune" gen --games 20 --seed 5 --exact 12 "$BATS_TEST_TMPDIR/d.bin" 2>/dev/null
    run "$BUILD/flipfive-tune" mlp --empties 0-12 --epochs 3 "$BATS_TEST_TMPDIR/d.bin"
    [ "$status" -eq 0 ]
    [ "${#lines[@]}" -eq 3 ]
    [ "${lines[0]}" = "pass 1: training error 15.343 discs, held out 12.802 (222 and 14 positions)" ]
    [ "${lines[2]}" = "pass 3: training error 2.941 discs, held out 7.968 (222 and 14 positions)" ]
    local first=$output
    run "$BUILD/flipfive-tune" mlp --empties 0-12 --epochs 3 "$BATS_TEST_TMPDIR/d.bin"
    [ "$output" = "$first" ]
    # the same positions trained on and held out as fit's stages of 0-12
    # empties without neighbours (--smooth 0); fit's columns counted from
    # the end, since " 0- 2" is two words and "11-12" one
    run "$BUILD/flipfive-tune" fit --stages 24-29 --epochs 1 --smooth 0 --out "$BATS_TEST_TMPDIR/w.inc" \
        "$BATS_TEST_TMPDIR/d.bin"
    [ "$status" -eq 0 ]
    [ "$(printf '%s\n' "$output" | awk '$1 ~ /^2[4-9]$/ { tr += $(NF - 4); te += $(NF - 3) } END { print tr, te }')" = "222 14" ]
    # the yardstick: the linear sum alone, trained the same way
    run "$BUILD/flipfive-tune" mlp --empties 0-12 --epochs 3 --width 0 "$BATS_TEST_TMPDIR/d.bin"
    [ "$status" -eq 0 ]
    [ "${lines[2]}" = "pass 3: training error 14.196 discs, held out 14.030 (222 and 14 positions)" ]
    # no exactly solved positions there; --all takes the others
    run --separate-stderr "$BUILD/flipfive-tune" mlp --empties 40-41 "$BATS_TEST_TMPDIR/d.bin"
    [ "$status" -eq 1 ]
    [ "$stderr" = "flipfive: mlp: no positions of 40-41 empties solved exactly" ]
    run "$BUILD/flipfive-tune" mlp --empties 40-41 --all --epochs 1 "$BATS_TEST_TMPDIR/d.bin"
    [ "$status" -eq 0 ]
    [[ "${lines[0]}" =~ ^pass\ 1:\ training\ error\ [0-9.]+\ discs,\ held\ out\ [0-9.]+\ \([0-9]+\ and\ [0-9]+\ positions\)$ ]]
    run "$BUILD/flipfive-tune" mlp --width 17 "$BATS_TEST_TMPDIR/d.bin"
    [ "$status" -eq 2 ]
    [[ "${lines[0]}" == "usage: flipfive-tune mlp "* ]]
}

@test "flipfive-tune fit --keep starts from the weights it was given: no step, the same weights out" {
    "$BUILD/flipfive-tune" gen --games 4 --seed 3 --exact 10 "$BATS_TEST_TMPDIR/d.bin" 2>/dev/null
    body() { grep '^    "' "$1"; }
    # the compiled-in weights, then a file's (FLIPFIVE_WEIGHTS): stages
    # with positions and stages without (the random openings) alike
    run "$BUILD/flipfive-tune" fit --keep 1 --epochs 0 --out "$BATS_TEST_TMPDIR/k.inc" "$BATS_TEST_TMPDIR/d.bin"
    [ "$status" -eq 0 ]
    [ "$(body "$BATS_TEST_TMPDIR/k.inc")" = "$(body "$ROOT/src/othello8/othello8_weights.inc")" ]
    run "$BUILD/flipfive-tune" fit --lambda 30 --epochs 20 --out "$BATS_TEST_TMPDIR/w.inc" "$BATS_TEST_TMPDIR/d.bin"
    [ "$status" -eq 0 ]
    [ "$(body "$BATS_TEST_TMPDIR/w.inc")" != "$(body "$ROOT/src/othello8/othello8_weights.inc")" ]
    FLIPFIVE_WEIGHTS="$BATS_TEST_TMPDIR/w.inc" run "$BUILD/flipfive-tune" fit --keep 1 --epochs 0 \
        --out "$BATS_TEST_TMPDIR/k2.inc" "$BATS_TEST_TMPDIR/d.bin"
    [ "$status" -eq 0 ]
    [ "$(body "$BATS_TEST_TMPDIR/k2.inc")" = "$(body "$BATS_TEST_TMPDIR/w.inc")" ]
    # --keep is a pull on Adam's steps; the Jacobi steps have none
    run "$BUILD/flipfive-tune" fit --keep 1 --jacobi --out "$BATS_TEST_TMPDIR/j.inc" "$BATS_TEST_TMPDIR/d.bin"
    [ "$status" -eq 2 ]
}

# samples FILE : "empties exact score" of each 20-byte training sample.
samples() {
    od -An -v -tu1 -w20 "$1" | awk '{ s = $17; if (s > 127) s -= 256; print $18, $19, s }'
}

@test "flipfive-tune label: a game played elsewhere, exact from E empties, the game's value before" {
    # game 55 (sgf-phases above): flipfive, Black, won by 6 at 22 empties
    # and drew; 60 moves, no pass, 6 of them the opening
    local game="$DATA/ntest-games/game-00055.sgf" t=$BATS_TEST_TMPDIR
    run --separate-stderr "$BUILD/flipfive-tune" label --skip 6 --exact 22 --out "$t/d.bin" "$game"
    [ "$status" -eq 0 ]
    [ "$output" = "1 games, 0 skipped, 54 positions, 22 solved" ]
    run samples "$t/d.bin"
    [ "${#lines[@]}" -eq 54 ]
    [ "${lines[0]}" = "54 0 6" ]   # Black to move after the opening: +6 for Black
    [ "${lines[1]}" = "53 0 -6" ]  # White's view
    [ "${lines[31]}" = "23 0 -6" ]
    [ "${lines[32]}" = "22 1 6" ]  # solved: the anchor of the labels above
    [ "${lines[33]}" = "21 1 0" ]  # the move that let it slip
    [ "${lines[53]}" = "1 1 0" ]   # the last move: the draw the game ended in
    # exact from 22 empties on, and only there; the game's value alternates
    [ "$(samples "$t/d.bin" | awk '($1 <= 22) != $2 || (!$2 && $3 != ($1 % 2 ? -6 : 6))' | wc -l)" -eq 0 ]
}

@test "flipfive-tune label: a record that is not a whole legal 8x8 game is skipped whole" {
    local game="$DATA/ntest-games/game-00055.sgf" t=$BATS_TEST_TMPDIR
    sed 's/;B\[bf\].*)/)/' "$game" > "$t/short.sgf"     # unfinished
    sed 's/;W\[df\]/;W[aa]/' "$game" > "$t/illegal.sgf" # an illegal move
    sed 's/GM\[2\]/GM[4]/' "$game" > "$t/gomoku.sgf"
    printf '(;GM[2]SZ[8' > "$t/broken.sgf"
    ! cmp -s "$game" "$t/short.sgf" && ! cmp -s "$game" "$t/illegal.sgf"
    run --separate-stderr "$BUILD/flipfive-tune" label --skip 6 --exact 12 --out "$t/d.bin" \
        "$t/short.sgf" "$t/illegal.sgf" "$game" "$t/gomoku.sgf" "$t/broken.sgf" "$t/none.sgf"
    [ "$status" -eq 1 ]
    [ "$output" = "1 games, 5 skipped, 54 positions, 12 solved" ]
    [[ "$stderr" == *"$t/short.sgf: not a whole legal 8x8 game, skipped"* ]]
    [ "$(printf '%s\n' "$stderr" | grep -c 'skipped$')" -eq 5 ]
    [ "$(wc -c < "$t/d.bin")" -eq $((54 * 20)) ]
    run --separate-stderr "$BUILD/flipfive-tune" label --exact 61 --out "$t/d.bin" "$game"
    [ "$status" -eq 2 ]
    [[ "$stderr" == "usage: flipfive-tune label "* ]]
}

@test "flipfive-tune label --eval-mix: an engine's V[] makes its share of an unsolved label" {
    # game 55 with values the referee would have written: -3.6 for Black on
    # its first move (54 empties), +2 for Black on White's reply (-2 for
    # White), one that is not a number, one on a solved position (22 empties)
    local t=$BATS_TEST_TMPDIR
    sed 's/;B\[ce\]/;B[ce]V[-3.6]/; s/;W\[fd\]/;W[fd]V[2]/; s/;W\[dg\]/;W[dg]V[abc]/; s/;B\[ca\]/;B[ca]V[30]/' \
        "$DATA/ntest-games/game-00055.sgf" > "$t/v.sgf"
    [ "$(grep -o 'V\[' "$t/v.sgf" | wc -l)" -eq 4 ]
    for mix in 0 50 100; do
        run --separate-stderr "$BUILD/flipfive-tune" label --skip 6 --exact 22 --eval-mix $mix --out "$t/d$mix.bin" "$t/v.sgf"
        [ "$status" -eq 0 ]
        [ "$output" = "1 games, 0 skipped, 54 positions, 22 solved" ]
    done
    # 0: the game's value alone, as without V[]
    run --separate-stderr "$BUILD/flipfive-tune" label --skip 6 --exact 22 --out "$t/plain.bin" "$DATA/ntest-games/game-00055.sgf"
    cmp "$t/d0.bin" "$t/plain.bin"
    run samples "$t/d50.bin"
    [ "${lines[0]}" = "54 0 1" ]   # (-3.6 + 6) / 2, rounded
    [ "${lines[1]}" = "53 0 -4" ]  # (-2 - 6) / 2
    [ "${lines[2]}" = "52 0 6" ]   # no value: the game's
    [ "${lines[3]}" = "51 0 -6" ]  # V[abc] is no value
    [ "${lines[32]}" = "22 1 6" ]  # solved: exact whatever V says
    run samples "$t/d100.bin"
    [ "${lines[0]}" = "54 0 -4" ]
    [ "${lines[1]}" = "53 0 -2" ]
    [ "${lines[32]}" = "22 1 6" ]
    [ "$(cmp -l "$t/d100.bin" "$t/plain.bin" | wc -l)" -eq 2 ]
    run --separate-stderr "$BUILD/flipfive-tune" label --eval-mix 101 --out "$t/d.bin" "$t/v.sgf"
    [ "$status" -eq 2 ]
}

@test "flipfive-tune gen: its games labelled by the same rule as label's" {
    # 20 self-play games without a pass: each position before E empties
    # carries the value of the next one from its own side's view, down to
    # the game's first solved position; exact from E empties on
    local t=$BATS_TEST_TMPDIR
    run --separate-stderr "$BUILD/flipfive-tune" gen --games 20 --seed 3 --random 4-8 --exact 12 --depth 2 "$t/g.bin"
    [ "$status" -eq 0 ]
    [[ "$stderr" == *"20 games, 1072 positions, 240 solved" ]]
    samples "$t/g.bin" > "$t/g.txt"
    [ "$(wc -l < "$t/g.txt")" -eq 1072 ]
    # games, steps from an unsolved position to the next, wrong labels
    run awk 'NR > 1 && $1 >= e { games++ }
             NR > 1 && $1 == e - 1 && !x { steps++; bad += $3 != -s }
             ($1 <= 12) != $2 { bad++ }
             { e = $1; x = $2; s = $3 }
             END { print games + 1, steps, bad + 0 }' "$t/g.txt"
    [ "$output" = "20 832 0" ]
}
