#!/usr/bin/env bats
# Renju: black's forbidden points (RIF), checked on every empty point of the
# 68 verified cases, through play and the legal moves, and the threat
# solvers on Renju puzzles.

load test_helper

# sorted WORDS... : the words, one line, sorted
sorted() { tr ' ' '\n' | grep -v '^$' | sort | tr '\n' ' '; }

@test "the 68 forbidden cases: every empty point's verdict" {
    local cases="$DATA/renju-forbidden-cases.txt"
    local cmds="$BATS_TEST_TMPDIR/cmds" got="$BATS_TEST_TMPDIR/got" want="$BATS_TEST_TMPDIR/want"
    (echo "set_game Renju"; awk -f "$BATS_TEST_DIRNAME/renju_cases.awk" "$cases") >"$cmds"
    timeout 120 "$ENGINE" <"$cmds" | awk 'NF' | awk 'NR > 1 && NR % 2 == 1 { sub(/^= ?/, ""); print }' >"$got"
    awk -v expect=1 -f "$BATS_TEST_DIRNAME/renju_cases.awk" "$cases" >"$want"
    [ "$(wc -l <"$want")" -eq 68 ]
    [ "$(wc -l <"$got")" -eq 68 ]
    local bad=0 i=0 id rest g
    while read -r id rest; do
        i=$((i + 1))
        g=$(sed -n "${i}p" "$got")
        if [ "$(echo "$rest" | sorted)" != "$(echo "$g" | sorted)" ]; then
            echo "case $id: want [$rest] got [$g]"
            bad=$((bad + 1))
        fi
    done <"$want"
    [ "$bad" -eq 0 ]
    # every point of every case was judged: 68 boards of 225 points
    [ "$(grep -c '^flipfive-setboard' "$cmds")" -eq 68 ]
}

@test "a five with an overline on another line wins, but black plays a five without one when it has it" {
    # E8 makes A8-E8 five and E5-E11 seven: a win by RIF and by the Gomocup
    # judge, which c-gomoku-cli calls an overline foul (seen in this suite's
    # c-gomoku-cli games). Alone it is played; beside F4/L4 it is not.
    local s=("set_game Renju" "play black A8" "play black B8" "play black C8" "play black D8" "play black E5"
        "play black E6" "play black E7" "play black E9" "play black E10" "play black E11")
    gtp "${s[@]}" "flipfive-forbidden" "genmove black" "final_score"
    [[ "${lines[-3]} " != *" E8 "* ]]
    [ "${lines[-2]}" = "= E8" ]
    [ "${lines[-1]}" = "= B+1" ]
    gtp "${s[@]}" "play black G4" "play black H4" "play black J4" "play black K4" "genmove black"
    [[ "${lines[-1]}" == "= F4" || "${lines[-1]}" == "= L4" ]]
}

@test "forbidden points: 3-3, 4-4, 4-4 on one line, overline; 4-3 and an exact five are legal" {
    # double three at H8 (F8 G8 + H9 H10)
    gtp "set_game Renju" "play black F8" "play black G8" "play black H9" "play black H10" flipfive-forbidden
    [ "${lines[5]}" = "= H8" ]
    # two fours on one line: F8 turns X.X.X.X into X.XXX.X
    gtp "set_game Renju" "play black C8" "play black E8" "play black G8" "play black J8" flipfive-forbidden
    [ "${lines[5]}" = "= F8" ]
    # four-three at H8 is legal: F8 G8 + H7 H6 H5 (four down the H file)
    gtp "set_game Renju" "play black F8" "play black G8" "play black H7" "play black H6" "play black H5" flipfive-forbidden
    [ "${lines[6]}" = "= " ]
    # an exact five wins though the same stone makes an overline: F8 completes
    # B8-F8 and F7-F12
    gtp "set_game Renju" "play black B8" "play black C8" "play black D8" "play black E8" \
        "play black F7" "play black F9" "play black F10" "play black F11" "play black F12" flipfive-forbidden \
        "play black F8" final_score
    [[ " ${lines[10]#= } " != *" F8 "* ]]
    [ "${lines[11]}" = "= " ]
    [ "${lines[12]}" = "= B+1" ]
}

@test "a forbidden point: play refuses it, the legal moves leave it out, white may play it" {
    local pos=("set_game Renju" "play black F8" "play black G8" "play black H9" "play black H10")
    gtp "${pos[@]}" gogui-rules_side_to_move "play black H8"
    [ "${lines[5]}" = "= white" ]
    [ "${lines[6]}" = "? illegal move" ]
    [ "$(state_after "${pos[@]}" "play black H8")" = "$(state_after "${pos[@]}")" ]
    # black to move: H8 missing from the legal moves
    gtp "${pos[@]}" "play white A1" gogui-rules_legal_moves
    [[ " ${lines[6]#= } " != *" H8 "* ]]
    [[ " ${lines[6]#= } " == *" J8 "* ]]
    [ "$(echo "${lines[6]}" | wc -w)" -eq 220 ] # "=" + 225 - 5 stones - H8
    # white's legal moves include H8
    gtp "${pos[@]}" gogui-rules_legal_moves
    [[ " ${lines[5]#= } " == *" H8 "* ]]
    [ "$(value "${pos[@]}" "play white H8")" = "" ]
}

@test "flipfive-forbidden is empty in Gomoku" {
    gtp "set_game Gomoku" "play black F8" "play black G8" "play black H9" "play black H10" flipfive-forbidden
    [ "${lines[5]}" = "= " ]
}

value() { gtp_value "$@"; }

# puzzle ID : the setboard line of a puzzle of the VCF file
puzzle() {
    awk -v want="$1" '$1 == "puzzle:" { keep = $2 == want } keep' "$DATA/renju-vcf-puzzles.txt" |
        awk -f "$BATS_TEST_DIRNAME/renju_cases.awk" | head -1
}

@test "flipfive-vcf solves Renju puzzles; white wins through black's forbidden point" {
    for id in mintaka/basic_vcf#1 lfz084/black-first-013 lfz084/white-first-007; do
        [[ "$(value "set_game Renju" "$(puzzle "$id")" "flipfive-vcf 10")" =~ ^win\ [A-Z] ]]
    done
    # a trap: the defence is forbidden to black, shown as pass
    [[ "$(value "set_game Renju" "$(puzzle mintaka/trap_vcf#2)" "flipfive-vcf 10")" =~ \ pass\ [A-Z][0-9]+$ ]]
}

@test "a VCF in all 50 puzzles, every line checked move by move; the stones-alone reference agrees" {
    # deep_vcf#1 and #2 need 80 and 88 fours: more than the 60 of old
    run "$BATS_TEST_DIRNAME/../scripts/vcf-bench" -t 20 -P -e "$ENGINE"
    echo "$output"
    [ "$status" -eq 0 ]
    grep -q '^total: 50 of 50 found and checked (0 by VCT), 50 within 20 s each; 0 failed checks;' <<<"$output"
    grep -Eq '^mintaka/deep_vcf#2 +vcf +175 ' <<<"$output"
    run "$BUILD/flipfive-vcfref" "$DATA/renju-vcf-puzzles.txt"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$(grep -c '^[^ ]* win [0-9]' <<<"$output")" -eq 50 ]
}

@test "White's win by threats in all 31 positions of lost games (tests/data/renju-vct-lost.txt), every main line checked" {
    # no VCF in any: each needs flipfive-vct, whose main line vcf-bench replays.
    # A node budget, not a time: the sanitizer builds search four times slower
    # (game-00005#45 needs 6.1 M nodes; with 6 M this test fails).
    run "$BATS_TEST_DIRNAME/../scripts/vcf-bench" -t 300 -n 8000000 -P -e "$ENGINE" -f "$DATA/renju-vct-lost.txt"
    echo "$output"
    [ "$status" -eq 0 ]
    grep -q '^total: 31 of 31 found and checked (31 by VCT), 31 within 300 s each; 0 failed checks;' <<<"$output"
}

@test "the move the search chose is checked: one after which white wins by threats is dropped" {
    # Ten moves of a game flipfive lost as Black: its search picks J8, and
    # white wins by threats after it. On a node budget (one thread, the same
    # in every run) the check finds that and drops it; --verbose names it.
    local setup=("flipfive-set nodes 200000" "flipfive-set movetime 0" "loadsgf $DATA/renju-refuted.sgf")
    gtp "${setup[@]}" "flipfive-set verbose true" "genmove b"
    # shellcheck disable=SC2154 # set by bats: run --separate-stderr
    echo "$output" "$stderr"
    local dropped move
    dropped=$(echo "$stderr" | awk '$1 == "refuted:" { $1 = ""; print }')
    move=$(echo "$output" | awk '/^= ./ { print $2 }' | tail -1)
    [[ " $dropped " == *" J8 "* ]]
    [[ " $dropped " != *" $move "* ]]
    # every move dropped is a loss: white has a VCT after it
    local m
    for m in $dropped; do
        [[ "$(gtp_value "${setup[@]}" "play b $m" "flipfive-vct 5")" == win* ]]
    done
}

@test "tool: the fast forbidden check agrees with the slow one on random positions" {
    run "$BUILD/flipfive-gomoku" check forbidden 150 31
    echo "$output"
    [ "$status" -eq 0 ]
}

@test "the 26 canonical openings and 40 balanced 5-move openings are legal" {
    local cmds="$BATS_TEST_TMPDIR/cmds"
    {
        awk -F' [|] ' '/^[DI][0-9]+ / { print "clear_board"; n = split($6, m, " "); for (i = 1; i <= n; i++) print "play " (i % 2 ? "black" : "white") " " m[i] }' \
            "$DATA/renju-26-openings.txt"
        awk '/^renju15 [|] 15 / { print "clear_board"; for (i = 4; i <= 8; i++) print "play " (i % 2 ? "white" : "black") " " $i }' \
            "$DATA/gomoku-openings-and-bench.txt"
    } >"$cmds"
    [ "$(grep -c '^play' "$cmds")" -eq $((26 * 3 + 40 * 5)) ]
    run bash -c "(echo 'set_game Renju'; cat '$cmds') | timeout 60 '$ENGINE' | awk 'NF' | sort | uniq -c"
    echo "$output"
    [ "$output" = "    $((1 + 66 + 26 * 3 + 40 * 5)) = " ]
}
