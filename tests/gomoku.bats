#!/usr/bin/env bats
# Gomoku (freestyle and standard) and Renju through GTP: games and sizes,
# fives and overlines in every direction, the protocol around them, records,
# whole games, and the check tool's reference comparisons and properties.

load test_helper

L=ABCDEFGHJKLMNOPQRSTUVWXYZ

# vtx COL ROW : Go vertex of column index COL (0 = A, I skipped), row ROW.
vtx() { echo "${L:$1:1}$2"; }

# stones COLOR COL ROW DCOL DROW N : play commands for N stones in a row.
stones() {
    local i
    for ((i = 0; i < $6; i++)); do
        echo "play $1 $(vtx $(($2 + i * $4)) $(($3 + i * $5)))"
    done
}

# last reply of the given GTP lines, on one line
value() { gtp_value "$@"; }

@test "list_games: Othello, Gomoku, Renju; set_game in any case" {
    gtp list_games "set_game GOMOKU" gogui-rules_game_id "set_game renju" gogui-rules_game_id "set_game Chess"
    [ "${lines[0]}" = "= Othello" ]
    [ "${lines[1]}" = "Gomoku" ]
    [ "${lines[2]}" = "Renju" ]
    [ "${lines[4]}" = "= Gomoku" ]
    [ "${lines[6]}" = "= Renju" ]
    [ "${lines[7]}" = "? unsupported game" ]
}

@test "--game and --rule on the command line" {
    run bash -c "printf 'gogui-rules_game_id\nflipfive-get rule\ngogui-rules_board_size\n' | '$ENGINE' --game gomoku --rule standard"
    [ "${lines[0]}" = "= Gomoku" ]
    [ "${lines[1]}" = "= standard" ]
    [ "${lines[2]}" = "= 15" ]
}

@test "board sizes: Gomoku and Renju 5 to 25 (Renju 15 by default)" {
    gtp "set_game Gomoku" "boardsize 4" "boardsize 5" "boardsize 25" "boardsize 26" \
        "set_game Renju" gogui-rules_board_size "boardsize 4" "boardsize 26" "boardsize 19" \
        gogui-rules_board_size
    [ "${lines[1]}" = "? unacceptable size" ]
    [ "${lines[2]}" = "= " ]
    [ "${lines[3]}" = "= " ]
    [ "${lines[4]}" = "? unacceptable size" ]
    [ "${lines[6]}" = "= 15" ]
    [ "${lines[7]}" = "? unacceptable size" ]
    [ "${lines[8]}" = "? unacceptable size" ]
    [ "${lines[9]}" = "= " ]
    [ "${lines[10]}" = "= 19" ]
}

@test "Go coordinates: no letter I, row 1 at the bottom" {
    gtp "set_game Gomoku" "play black A1" "play white I5" "play white J15" gogui-rules_board
    [ "${lines[1]}" = "= " ]
    [ "${lines[2]}" = "? syntax error" ] || [ "${lines[2]}" = "? illegal move" ]
    [ "${lines[3]}" = "= " ]
    [ "${lines[4]}" = "= . . . . . . . . O . . . . . ." ]
    [ "${lines[18]}" = "X . . . . . . . . . . . . . ." ]
}

# five_test RULE SIZE : a row of five wins in each direction, near both
# corners, and four do not.
five_test() {
    local rule=$1 n=$2 dir sc sr dc dr
    for dir in "0 1 1 0" "0 1 0 1" "0 1 1 1" "0 5 1 -1" "$((n - 5)) $n 1 -1" "$((n - 1)) 1 0 1"; do
        read -r sc sr dc dr <<<"$dir"
        local cmds=("set_game Gomoku" "flipfive-set rule $rule" "boardsize $n")
        mapfile -t -O ${#cmds[@]} cmds < <(stones black "$sc" "$sr" "$dc" "$dr" 4)
        [ "$(value "${cmds[@]}" final_score)" = "cannot score" ]
        mapfile -t -O ${#cmds[@]} cmds < <(stones black "$sc" "$sr" "$dc" "$dr" 5 | tail -1)
        [ "$(value "${cmds[@]}" final_score)" = "B+1" ]
        [ "$(value "${cmds[@]}" gogui-rules_legal_moves)" = "" ]
    done
}

@test "five in a row wins, freestyle, sizes 5 15 19 25" {
    for n in 5 15 19 25; do five_test freestyle $n; done
}

@test "exactly five wins, standard, sizes 5 15 19 25" {
    for n in 5 15 19 25; do five_test standard $n; done
}

@test "Renju: a five wins for either colour" {
    for color in black white; do
        local cmds=("set_game Renju")
        mapfile -t -O 1 cmds < <(stones $color 3 3 1 1 5)
        if [ $color = black ]; then want=B+1; else want=W+1; fi
        [ "$(value "${cmds[@]}" final_score)" = "$want" ]
    done
}

# overline RULE SIZE COLOR : six in a row made by filling the gap of XXX.XX
overline_cmds() {
    local game=Gomoku
    [ "$1" = renju ] && game=Renju
    echo "set_game $game"
    [ $game = Gomoku ] && echo "flipfive-set rule $1"
    [ $game = Gomoku ] && echo "boardsize $2"
    stones "$3" 2 4 1 0 3
    stones "$3" 6 4 1 0 2
    echo "play $3 $(vtx 5 4)"
}

@test "overline: wins in freestyle, not in standard, sizes 15 19 25" {
    for n in 15 19 25; do
        mapfile -t cmds < <(overline_cmds freestyle $n black)
        [ "$(value "${cmds[@]}" final_score)" = "B+1" ]
        mapfile -t cmds < <(overline_cmds standard $n black)
        [ "$(value "${cmds[@]}" final_score)" = "cannot score" ]
        mapfile -t cmds < <(overline_cmds standard $n white)
        [ "$(value "${cmds[@]}" final_score)" = "cannot score" ]
        # the game goes on: an exact five still wins
        mapfile -t -O ${#cmds[@]} cmds < <(stones white 0 10 1 1 5)
        [ "$(value "${cmds[@]}" final_score)" = "W+1" ]
    done
}

@test "Renju overline: forbidden to black, a win for white" {
    mapfile -t cmds < <(overline_cmds renju 15 black)
    gtp "${cmds[@]}" flipfive-forbidden
    [ "${lines[6]}" = "? illegal move" ]
    [ "${lines[7]}" = "= F4" ]
    mapfile -t cmds < <(overline_cmds renju 15 white)
    [ "$(value "${cmds[@]}" final_score)" = "W+1" ]
}

@test "occupied points, moves after the end and passes are illegal; state unchanged" {
    local start=("set_game Gomoku" "play black H8" "play white J9")
    [ "$(value "${start[@]}" "play black H8")" = "illegal move" ]
    [ "$(value "${start[@]}" "play black pass")" = "illegal move" ]
    [ "$(state_after "${start[@]}" "play white H8" "play black pass")" = "$(state_after "${start[@]}")" ]
    mapfile -t -O 1 over < <(stones black 0 1 1 0 5)
    over[0]="set_game Gomoku"
    [ "$(value "${over[@]}" "play white H8")" = "illegal move" ]
    [ "$(state_after "${over[@]}" "play white H8")" = "$(state_after "${over[@]}")" ]
    [ "$(value "${over[@]}" "genmove white")" = "pass" ]
    [ "$(value "${over[@]}" "genmove black")" = "pass" ]
}

@test "a colour may move twice (free order); no pass in the legal moves" {
    gtp "set_game Gomoku" "play black H8" "play black J8" gogui-rules_side_to_move gogui-rules_legal_moves
    [ "${lines[3]}" = "= white" ]
    [[ "${lines[4]}" != *pass* ]]
    [ "$(echo "${lines[4]}" | wc -w)" -eq 224 ] # "=" + 223 points
}

@test "full board without a five: a draw" {
    # 5x5, no row, column or long diagonal of one colour; C3 still empty
    gtp "set_game Gomoku" "boardsize 5" "flipfive-setboard XXOXOOOXOXXX-XOOOXOXXOXOX X" final_score \
        "play black C3" final_score gogui-rules_legal_moves gogui-rules_final_result "genmove white"
    [ "${lines[3]}" = "? cannot score" ]
    [ "${lines[4]}" = "= " ]
    [ "${lines[5]}" = "= 0" ]
    [ "${lines[6]}" = "= " ]
    [ "${lines[7]}" = "= Draw" ]
    [ "${lines[8]}" = "= pass" ]
}

@test "gogui-rules commands for Gomoku and Renju" {
    gtp "set_game Renju" gogui-rules_game_id gogui-rules_board_size gogui-rules_side_to_move \
        "play black H8" "play white J9" "play black H9" gogui-rules_side_to_move gogui-rules_board \
        gogui-rules_final_result
    [ "${lines[1]}" = "= Renju" ]
    [ "${lines[2]}" = "= 15" ]
    [ "${lines[3]}" = "= black" ]
    [ "${lines[7]}" = "= white" ]
    [ "${lines[8]}" = "= . . . . . . . . . . . . . . ." ]
    [ "${lines[14]}" = ". . . . . . . X O . . . . . ." ]
    [ "${lines[15]}" = ". . . . . . . X . . . . . . ." ]
    [ "${lines[23]}" = "= Game not over" ]
    mapfile -t -O 1 cmds < <(stones white 0 1 1 0 5)
    cmds[0]="set_game Gomoku"
    [ "$(value "${cmds[@]}" gogui-rules_final_result)" = "White wins (W+1)" ]
    [ "$(value "${cmds[@]}" gogui-rules_legal_moves)" = "" ]
}

@test "undo back to the start" {
    gtp "set_game Renju" "play black H8" "play white J9" "play white K10" "play black G7" \
        undo undo undo undo undo gogui-rules_side_to_move gogui-rules_legal_moves
    for i in 5 6 7 8; do [ "${lines[$i]}" = "= " ]; done
    [ "${lines[9]}" = "? cannot undo" ]
    [ "${lines[10]}" = "= black" ]
    [ "$(echo "${lines[11]}" | wc -w)" -eq 226 ]
}

@test "printsgf and loadsgf round trip (GM[4], Gomoku and Renju)" {
    for game in Gomoku Renju; do
        local f="$BATS_TEST_TMPDIR/$game.sgf"
        local moves=("play black H8" "play white J9" "play black H9" "play white H10" "play white K11")
        gtp "set_game $game" "${moves[@]}" "printsgf $f"
        grep -q 'GM\[4\]SZ\[15\]' "$f"
        if [ $game = Renju ]; then grep -q 'RU\[Renju\]' "$f"; fi
        gtp "set_game Othello" "loadsgf $f" gogui-rules_game_id printsgf
        [ "${lines[2]}" = "= $game" ]
        a=$(sed 1d "$f"); b=$(printf '%s\n' "${lines[@]:4}")
        [ "$a" = "$b" ]
    done
}

@test "loadsgf: a record's RU picks the Gomoku rule (an overline wins in freestyle only)" {
    local d=$BATS_TEST_TMPDIR f=$BATS_TEST_TMPDIR/exact.sgf
    # Black A1 B1 C1 E1 F1: D1 makes six in a row.
    gtp "set_game Gomoku" "flipfive-set rule standard" "play black A1" "play white L10" "play black B1" \
        "play white N10" "play black C1" "play white L12" "play black E1" "play white N12" "play black F1" \
        "play white M14" "printsgf $f"
    grep -q 'GM\[4\]SZ\[15\]RU\[standard\]' "$f"
    # RU as printsgf and scripts/match write it, as c-gomoku-cli does, in
    # any case, and none (the current rule): the rule the game goes on with.
    for ru in 'RU[standard]=standard' 'RU[1]=standard' 'RU[EXACT]=standard' 'RU[freestyle]=freestyle' \
        'RU[0]=freestyle' '=freestyle'; do
        sed "s/RU\[standard\]/${ru%=*}/" "$f" >"$d/g.sgf"
        gtp "flipfive-set rule freestyle" "loadsgf $d/g.sgf" "flipfive-get rule" "play black D1" \
            gogui-rules_final_result
        [ "${lines[2]}" = "= ${ru#*=}" ]
        if [ "${ru#*=}" = standard ]; then
            [ "${lines[4]}" = "= Game not over" ]
        else
            [ "${lines[4]}" = "= Black wins (B+1)" ]
        fi
    done
    # a record refused leaves the rule as it was
    printf '(;GM[4]SZ[15]RU[standard];B[hh];W[hh])' >"$d/bad.sgf"
    gtp "loadsgf $d/bad.sgf" "flipfive-get rule"
    [ "${lines[1]}" = "= freestyle" ]
}

@test "a finished game's record: RE and reload" {
    local f="$BATS_TEST_TMPDIR/won.sgf"
    mapfile -t -O 1 cmds < <(stones black 2 2 1 1 5)
    cmds[0]="set_game Gomoku"
    gtp "${cmds[@]}" "printsgf $f"
    grep -q 'RE\[B+1\]' "$f"
    [ "$(value "loadsgf $f" final_score)" = "B+1" ]
}

@test "flipfive-set rule: freestyle | standard, restarts a Gomoku game only" {
    gtp "flipfive-get rule" "flipfive-set rule standard" "flipfive-get rule" "flipfive-set rule renju" \
        "set_game Gomoku" "play black H8" "flipfive-set rule freestyle" gogui-rules_legal_moves
    [ "${lines[0]}" = "= freestyle" ]
    [ "${lines[2]}" = "= standard" ]
    [ "${lines[3]}" = "? syntax error" ]
    [ "$(echo "${lines[7]}" | wc -w)" -eq 226 ] # the board was cleared
    # Othello keeps its game (a set-up position: no Othello move is needed)
    gtp "flipfive-setboard ---X-----------------------OX------XO--------------------------- O" \
        "flipfive-set rule standard" gogui-rules_board
    [ "${lines[2]}" = "= . . . X . . . ." ]
}

@test "flipfive-vcf: a line of fours, none on an empty board, error in Othello" {
    # an open three of black's, black to move: straight four, block, five
    gtp "set_game Gomoku" "play black F8" "play white A1" "play black G8" "play white A3" \
        "play black H8" "play white A5" flipfive-vcf "clear_board" flipfive-vcf "set_game Othello" flipfive-vcf
    [[ "${lines[7]}" =~ ^=\ win\ [A-Z][0-9]+\ [A-Z][0-9]+\ [A-Z][0-9]+$ ]]
    [ "${lines[9]}" = "= none" ]
    [ "${lines[11]}" = "? unsupported game" ]
}

@test "tool: pattern tables, incremental state, VCF and short VCT wins agree with slow references" {
    run "$BUILD/flipfive-gomoku" check patterns 300 11
    [ "$status" -eq 0 ]
    run "$BUILD/flipfive-gomoku" check incremental 120 12
    echo "$output"
    [ "$status" -eq 0 ]
    run "$BUILD/flipfive-gomoku" check vcf 300 13
    echo "$output"
    [ "$status" -eq 0 ]
    run "$BUILD/flipfive-gomoku" check vct 400 14
    echo "$output"
    [ "$status" -eq 0 ]
}

@test "properties: wins in one taken, fours blocked, open threes answered" {
    run "$BUILD/flipfive-gomoku" check props 400 21
    echo "$output"
    [ "$status" -eq 0 ]
}

# game GAME SIZE RULE PLIES : one engine plays a whole game against itself;
# every move legal, then the result must match the board.
game() {
    local script="$BATS_TEST_TMPDIR/script" replies="$BATS_TEST_TMPDIR/replies"
    awk -v mode=script -v game="$1" -v size="$2" -v rule="$3" -v plies="$4" -f "$BATS_TEST_DIRNAME/playout.awk" </dev/null >"$script"
    timeout 200 "$ENGINE" <"$script" >"$replies"
    run awk -v mode=check -v game="$1" -f "$BATS_TEST_DIRNAME/playout.awk" "$replies"
    echo "$output"
    [ "$status" -eq 0 ]
    local result=${lines[0]} verdict
    verdict=$(printf '%s\n' "${lines[@]:1:$2}" | awk -v rule="$([ "$1" = Renju ] && echo renju || echo "$3")" -f "$BATS_TEST_DIRNAME/five_check.awk")
    case $result in
    B+1) [ "$(echo "$verdict" | head -1)" = black ] ;;
    W+1) [ "$(echo "$verdict" | head -1)" = white ] ;;
    0) [ "$verdict" = "none
full" ] ;;
    *) false ;;
    esac
}

@test "whole games through GTP: Gomoku freestyle 9x9, standard 11x11" {
    game Gomoku 9 freestyle 90
    game Gomoku 11 standard 130
}

@test "whole games through GTP: Renju" {
    game Renju 15 renju 230
}

@test "FLIPFIVE_GOMOKU_WEIGHTS: learned entries change only their rule's evaluation; bad files are refused" {
    # Three learned entries in the exactly-five table (1): a cell with only
    # one- or two-stone line patterns is worth 500 to either side.
    printf '/* a comment */\nGW(1, 0, 0, 0, 0, 1, 500, 500)\nGW(1, 0, 0, 0, 0, 2, 500, 500)\nGW(1, 0, 0, 0, 1, 2, 500, 500)\n' \
        >"$BATS_TEST_TMPDIR/one.inc"
    local script='set_game gomoku\nflipfive-set rule %s\nplay black H8\nplay white J9\nflipfive-set depth 1\nflipfive-analyze 1\n'
    # an empty file: the rule weights alone, whatever is compiled in
    run bash -c "printf '$script' standard | FLIPFIVE_GOMOKU_WEIGHTS=/dev/null '$ENGINE' | grep heuristic"
    [ "$output" = "= H9 +6 heuristic depth 1 pv H9" ]
    run bash -c "printf '$script' standard | FLIPFIVE_GOMOKU_WEIGHTS='$BATS_TEST_TMPDIR/one.inc' '$ENGINE' | grep heuristic"
    [ "$output" = "= H10 +971 heuristic depth 1 pv H10" ]
    run bash -c "printf '$script' freestyle | FLIPFIVE_GOMOKU_WEIGHTS='$BATS_TEST_TMPDIR/one.inc' '$ENGINE' | grep heuristic"
    [ "$output" = "= H9 +8 heuristic depth 1 pv H9" ]
    run bash -c "printf '$script' freestyle | FLIPFIVE_GOMOKU_WEIGHTS=/dev/null '$ENGINE' | grep heuristic"
    [ "$output" = "= H9 +8 heuristic depth 1 pv H9" ]
    # the threat term: 300 for the side to move whatever the threats (every
    # mask of the exactly-five table) lowers the depth-1 score by 300
    awk 'BEGIN { for (m = 0; m < 2048; m++) printf "GT(1, %d, 300)\n", m }' >"$BATS_TEST_TMPDIR/threat.inc"
    run bash -c "printf '$script' standard | FLIPFIVE_GOMOKU_WEIGHTS='$BATS_TEST_TMPDIR/threat.inc' '$ENGINE' | grep heuristic"
    [ "$output" = "= H9 -294 heuristic depth 1 pv H9" ]
    run bash -c "printf '$script' freestyle | FLIPFIVE_GOMOKU_WEIGHTS='$BATS_TEST_TMPDIR/threat.inc' '$ENGINE' | grep heuristic"
    [ "$output" = "= H9 +8 heuristic depth 1 pv H9" ]
    # the board's sums stay those of a fresh set-up with learned entries
    run env FLIPFIVE_GOMOKU_WEIGHTS="$BATS_TEST_TMPDIR/one.inc" "$BUILD/flipfive-gomoku" check incremental 60 5
    [ "$status" -eq 0 ]
    printf 'GW(1, 0, 0, 0, 0, 1, 50000, 500)\n' >"$BATS_TEST_TMPDIR/big.inc"
    printf 'GW(4, 0, 0, 0, 0, 1, 5, 5)\n' >"$BATS_TEST_TMPDIR/table.inc"
    printf 'GW(1, 0, 0, 0, 0, 12, 5, 5)\n' >"$BATS_TEST_TMPDIR/pattern.inc"
    printf 'GW(1, 0, 0, 0, 0, 1, 5)\n' >"$BATS_TEST_TMPDIR/short.inc"
    printf 'GT(1, 2048, 5)\n' >"$BATS_TEST_TMPDIR/mask.inc"
    printf 'GT(4, 0, 5)\n' >"$BATS_TEST_TMPDIR/ttable.inc"
    printf 'GT(1, 0, -30001)\n' >"$BATS_TEST_TMPDIR/tbig.inc"
    # shellcheck disable=SC2154 # set by bats: run --separate-stderr
    for f in big table pattern short mask ttable tbig; do
        run --separate-stderr env FLIPFIVE_GOMOKU_WEIGHTS="$BATS_TEST_TMPDIR/$f.inc" "$ENGINE" </dev/null
        [ "$status" -eq 2 ]
        [ -z "$output" ]
        [ "$stderr" = "FLIPFIVE_GOMOKU_WEIGHTS=$BATS_TEST_TMPDIR/$f.inc: line 1 is not a weight of gomoku-fit" ]
    done
    run --separate-stderr env FLIPFIVE_GOMOKU_WEIGHTS="$BATS_TEST_TMPDIR/none.inc" "$ENGINE" </dev/null
    [ "$status" -eq 2 ]
    [[ "$stderr" == *"none.inc: cannot read it: No such file or directory" ]]
    # the bench signature is of the compiled-in weights
    run env FLIPFIVE_GOMOKU_WEIGHTS="$BATS_TEST_TMPDIR/one.inc" "$ENGINE" bench
    local with=${lines[*]}
    run "$ENGINE" bench
    [[ "$with" == *"$(printf '%s\n' "${lines[@]}" | grep '^Nodes searched')"* ]]
}

@test "gomoku-fit: evaluation entries fitted to recorded games load back" {
    # Ten exactly-five games of Rapfi against itself, and a Renju game the
    # fit skips (another rule).
    # Started from the rule weights and one learned Renju entry, which the
    # file written keeps.
    printf 'GW(2, 0, 0, 0, 0, 1, 7, 8)\n' >"$BATS_TEST_TMPDIR/renju.inc"
    run --separate-stderr env FLIPFIVE_GOMOKU_WEIGHTS="$BATS_TEST_TMPDIR/renju.inc" \
        "$BUILD/flipfive-tune" gomoku-fit --rule standard --iters 50 --min-count 1 \
        --out "$BATS_TEST_TMPDIR/w.inc" "$DATA"/rapfi-games/*.sgf
    echo "$stderr"
    [ "$status" -eq 0 ]
    [[ "$stderr" == *"10 games, 160 positions (1 files skipped)"* ]]
    # only the exactly-five table (1) is fitted; every entry loads back
    run grep -c '^GW(1, ' "$BATS_TEST_TMPDIR/w.inc"
    [ "$output" -gt 50 ]
    run grep '^GW([023], ' "$BATS_TEST_TMPDIR/w.inc"
    [ "$output" = "GW(2, 0, 0, 0, 0, 1, 7, 8) /* Renju black */" ]
    # and the threat term of that table alone
    run grep -c '^GT(1, ' "$BATS_TEST_TMPDIR/w.inc"
    [ "$output" -gt 0 ]
    run grep -c '^GT([023], ' "$BATS_TEST_TMPDIR/w.inc"
    [ "$output" = 0 ]
    run env FLIPFIVE_GOMOKU_WEIGHTS="$BATS_TEST_TMPDIR/w.inc" "$BUILD/flipfive-gomoku" check incremental 30 7
    [ "$status" -eq 0 ]
    run "$BUILD/flipfive-tune" gomoku-fit --rule chess "$DATA"/rapfi-games/*.sgf
    [ "$status" -eq 2 ]
    # the rule as an SGF RU names it; with fewer than ten games none is held
    # out, and the fit says so instead of printing an error for none
    run --separate-stderr "$BUILD/flipfive-tune" gomoku-fit --rule 1 --iters 10 \
        --out "$BATS_TEST_TMPDIR/w5.inc" "$DATA"/rapfi-games/standard-0000[1-5].sgf
    [ "$status" -eq 0 ]
    [[ "$stderr" == *"5 games, 87 positions (0 files skipped)"* ]]
    [[ "$stderr" == *"iteration 10: training 0."*" (no game held out: fewer than 10 games)"* ]]
    grep -q '^ \* scale [0-9.]*, no game held out; the$' "$BATS_TEST_TMPDIR/w5.inc"
}
