#!/usr/bin/env bats
# Every command of the table, its replies and its error paths.

load test_helper

@test "list_commands and known_command agree, and every command is known" {
    gtp list_commands
    local cmds=("${lines[@]}")
    cmds[0]=${cmds[0]#= }
    [ "${#cmds[@]}" -ge 30 ]
    local args=()
    for c in "${cmds[@]}"; do args+=("known_command $c"); done
    gtp "${args[@]}"
    for l in "${lines[@]}"; do [ "$l" = "= true" ]; done
    [ "$(gtp_value 'known_command genmove_black')" = false ]
}

@test "quit answers, then ends the engine; later commands are not read" {
    gtp "1 quit" "2 name"
    [ "$status" -eq 0 ]
    [ "$output" = "=1 " ]
}

@test "list_games and set_game" {
    gtp list_games "set_game Othello" "set_game othello" "set_game Go" "set_game"
    [ "${lines[0]}" = "= Othello" ]
    [ "${lines[1]}" = "Gomoku" ]
    [ "${lines[2]}" = "Renju" ]
    [ "${lines[3]}" = "= " ]
    [ "${lines[4]}" = "= " ]
    [ "${lines[5]}" = "? unsupported game" ]
    [ "${lines[6]}" = "? syntax error" ]
}

@test "set_game restarts at the default size" {
    gtp "boardsize 10" "set_game Othello" gogui-rules_board_size
    [ "${lines[2]}" = "= 8" ]
}

@test "komi is accepted and ignored; a non-number is a syntax error" {
    gtp "komi 6.5" "komi -3" "komi 0" "komi x" "komi 1e400"
    [ "${lines[0]}" = "= " ]
    [ "${lines[1]}" = "= " ]
    [ "${lines[2]}" = "= " ]
    [ "${lines[3]}" = "? syntax error" ]
    [ "${lines[4]}" = "? syntax error" ]
}

@test "genmove plays a legal move; reg_genmove plays nothing" {
    gtp "flipfive-set level 1" "reg_genmove black" gogui-rules_side_to_move "genmove black" gogui-rules_side_to_move
    [[ "${lines[1]}" =~ ^=\ (D3|C4|F5|E6)$ ]]
    [ "${lines[2]}" = "= black" ]
    [[ "${lines[3]}" =~ ^=\ (D3|C4|F5|E6)$ ]]
    [ "${lines[4]}" = "= white" ]
}

@test "genmove for the colour not on move is refused while the other can move" {
    gtp "genmove white" showboard
    [ "${lines[0]}" = "? wrong color" ]
    [[ "$output" == *"Black to move"* ]]
}

@test "genmove answers pass only without a legal move, and after the end" {
    # forced pass: Black cannot move after c1
    gtp "flipfive-set level 1" "play b d3" "play w c3" "play b e6" "play w d2" "play b d1" "play w e1" "play b b2" "play w c1" \
        "genmove black" gogui-rules_side_to_move
    [ "${lines[9]}" = "= pass" ]
    [ "${lines[10]}" = "= white" ]
    gtp "flipfive-setboard XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX- O" "genmove white" "genmove black" showboard
    [ "${lines[1]}" = "= pass" ]
    [ "${lines[2]}" = "= pass" ]
    [[ "$output" == *"Game over: B+64"* ]]
}

@test "level 1 to 10 all play legal moves" {
    for l in 1 2 3 4 5 6 7 8 9 10; do
        run bash -c "printf 'flipfive-set level $l\nflipfive-set movetime 0.05\ngenmove black\ngogui-rules_side_to_move\n' | '$ENGINE'"
        [[ "$output" =~ =\ (D3|C4|F5|E6) ]]
        [[ "$output" == *"= white"* ]]
    done
}

@test "time_settings and time_left accept what Quarry and GoGui send" {
    gtp "time_settings 0 1 0" "time_settings 300 0 0" "time_left black 300 0" "time_left white 0 0" \
        "time_settings 2 10 5" "time_left black 10 4" "time_settings 0 5 1" "time_left white 5 1" \
        "time_left black -3 0" "time_settings -1 0 0" "time_left red 1 0" "time_left black 1 -1"
    for i in 0 1 2 3 4 5 6 7 8; do [ "${lines[$i]}" = "= " ]; done
    [ "${lines[9]}" = "? syntax error" ]
    [ "${lines[10]}" = "? syntax error" ]
    [ "${lines[11]}" = "? syntax error" ]
}

@test "with no time left, genmove still answers a legal move" {
    gtp "time_settings 10 0 0" "time_left black 0 0" "genmove black"
    [[ "${lines[2]}" =~ ^=\ (D3|C4|F5|E6)$ ]]
}

@test "final_score only once the game is over" {
    local half="XXXXOOOO" all black
    all=$half$half$half$half$half$half$half$half
    black=${all//O/X}
    gtp final_score "flipfive-setboard $all X" final_score "flipfive-setboard ${black%X}- X" final_score \
        "flipfive-setboard ${all%OO}-- O" final_score
    [ "${lines[0]}" = "? cannot score" ]
    [ "${lines[2]}" = "= 0" ]
    [ "${lines[4]}" = "= B+64" ]
    [ "${lines[6]}" = "? cannot score" ]
}

@test "flipfive-set and flipfive-get" {
    gtp "flipfive-set level 3" "flipfive-get level" "flipfive-set movetime 0.5" "flipfive-get movetime" \
        "flipfive-set coords go" "flipfive-get coords" "flipfive-set hash 8" "flipfive-get hash" \
        "flipfive-set depth 5" "flipfive-get depth" "flipfive-set level 11" "flipfive-set hash 0" "flipfive-get"
    [ "${lines[1]}" = "= 3" ]
    [ "${lines[3]}" = "= 0.5" ]
    [ "${lines[5]}" = "= go" ]
    [ "${lines[7]}" = "= 8" ]
    [ "${lines[9]}" = "= 5" ]
    [ "${lines[10]}" = "? syntax error" ]
    [ "${lines[11]}" = "? syntax error" ]
    [ "${lines[12]}" = "= level 3" ]
    [ "${lines[13]}" = "depth 5" ]
}

@test "command-line options are settings" {
    run "$ENGINE" --level 4 --time 2 --hash 16 --coords go --depth 3 <<<"flipfive-get"
    [[ "$output" == *"level 4"*"depth 3"*"movetime 2"*"hash 16"*"coords go"* ]]
    run --separate-stderr "$ENGINE" --level 99
    [ "$status" -eq 2 ]
    # shellcheck disable=SC2154 # set by bats: run --separate-stderr
    [ "$stderr" = "flipfive: --level '99': expected an integer from 1 to 10" ]
    run --separate-stderr "$ENGINE" --game chess
    [ "$status" -eq 2 ]
    [ "$stderr" = "flipfive: --game 'chess': expected Othello, Gomoku or Renju (any case)" ]
    run --separate-stderr "$ENGINE" --coords
    [ "$status" -eq 2 ]
    [ "$stderr" = "flipfive: --coords needs a value: auto, othello or go" ]
    run "$ENGINE" --bogus
    [ "$status" -eq 2 ]
    run "$ENGINE" --version
    [[ "$output" == "flipfive "* ]]
    run "$ENGINE" --help
    [[ "$output" == *"--level"* ]]
}

@test "--size: the board size to start with, before or after --game (GoGui's ruler)" {
    run "$ENGINE" --size 10 <<<"gogui-rules_board_size"
    [ "$output" = "= 10" ]
    run "$ENGINE" --size 19 --game gomoku <<<"gogui-rules_board_size"
    [ "$output" = "= 19" ]
    run "$ENGINE" --game gomoku --size 7 <<<"gogui-rules_game_id"
    [ "$output" = "= Gomoku" ]
    run --separate-stderr "$ENGINE" --size 9
    [ "$status" -eq 2 ]
    [ "$stderr" = "flipfive: bad value for --size (Othello: even, 4 to 24)" ]
    run "$ENGINE" --game renju --size 19 <<<"gogui-rules_board_size"
    [ "$output" = "= 19" ]
    run --separate-stderr "$ENGINE" --game renju --size 26
    [ "$status" -eq 2 ]
    [ "$stderr" = "flipfive: bad value for --size (Renju: 5 to 25)" ]
    run --separate-stderr "$ENGINE" --size x --game gomoku
    [ "$stderr" = "flipfive: bad value for --size (Gomoku: 5 to 25)" ]
}

@test "printsgf writes the game; loadsgf reads it back identically" {
    local f="$BATS_TEST_TMPDIR/game.sgf"
    gtp "boardsize 10" "play b e4" "play w d4" "play b c4" "printsgf $f" "loadsgf $f" printsgf "printsgf"
    [ "${lines[4]}" = "= " ]
    [ "${lines[5]}" = "= " ]
    [ "$(sed -n '1p' "$f")" = "(;FF[4]CA[UTF-8]AP[flipfive:$(gtp_value version)]GM[2]SZ[10]" ]
    [ "$(sed -n '2p' "$f")" = ";B[ed];W[dd];B[cd])" ]
    [ "${lines[6]}" = "= $(sed -n 1p "$f")" ]
    [ "${lines[7]}" = "$(sed -n 2p "$f")" ]
}

@test "loadsgf of a real Quarry game, whole and up to a move number" {
    gtp "loadsgf $DATA/quarry-8x8.sgf" final_score "loadsgf $DATA/quarry-8x8.sgf 3" showboard
    [ "${lines[1]}" = "= B+10" ]
    [[ "$output" == *"Othello 8x8, move 3"* ]]
    [[ "$output" == *"Black to move"* ]]
    gtp "loadsgf $DATA/quarry-10x10-clock.sgf" final_score gogui-rules_board_size
    [ "${lines[1]}" = "= B+2" ]
    [ "${lines[2]}" = "= 10" ]
}

@test "closing passes after the end: printsgf writes them, loadsgf replays them" {
    local f="$BATS_TEST_TMPDIR/end.sgf"
    # the 9-ply wipe-out, then the two passes gogui-twogtp ends every game with
    gtp "play b d3" "play w c3" "play b b3" "play w d2" "play b e1" "play w d6" "play b d7" \
        "play w e3" "play b f4" "play W PASS" "genmove b" "printsgf $f" "loadsgf $f" printsgf \
        final_score showboard
    [ "$(sed -n 2p "$f")" = ";B[dc];W[cc];B[bc];W[db];B[ea];W[df];B[dg];W[ec];B[fd];W[]" ]
    [ "$(sed -n 3p "$f")" = ";B[])" ]
    [ "${lines[13]}" = "= $(sed -n 1p "$f")" ]
    [ "${lines[15]}" = ";B[])" ]
    [ "${lines[16]}" = "= B+64" ]
    [[ "$output" == *"Othello 8x8, move 12"* ]]
    # Go's old pass "tt" (size <= 19), as some hosts write it; up to a move
    printf '(;SZ[8];B[dc];W[cc];B[bc];W[db];B[ea];W[df];B[dg];W[ec];B[fd];W[tt];B[tt])' >"$f"
    gtp "loadsgf $f" final_score printsgf "loadsgf $f 11" showboard undo final_score undo final_score
    [ "${lines[1]}" = "= B+64" ]
    [ "${lines[3]}" = ";B[dc];W[cc];B[bc];W[db];B[ea];W[df];B[dg];W[ec];B[fd];W[]" ]
    [ "${lines[4]}" = ";B[])" ]
    [[ "$output" == *"Othello 8x8, move 11"* ]]
    [ "${lines[-3]}" = "= B+64" ]
    [ "${lines[-1]}" = "? cannot score" ]
}

@test "loadsgf of gogui-twogtp records (no GM, closing passes): final_score is their RE" {
    # tests/data/twogtp-*.sgf: written by gogui-twogtp 1.6 (scripts/twogtp-match);
    # 64 moves: 60 discs, two passes in the game and the two closing ones
    gtp "loadsgf $DATA/twogtp-othello8.sgf" final_score showboard
    [ "${lines[1]}" = "= W+8" ]
    [[ "$output" == *"Othello 8x8, move 65"* ]]
    gtp "set_game Renju" "loadsgf $DATA/twogtp-renju.sgf" final_score gogui-rules_game_id
    [ "${lines[2]}" = "= W+1" ]
    [ "${lines[3]}" = "= Renju" ]
}

@test "loadsgf of set-up positions (AB/AW/PL, compressed lists)" {
    local f="$BATS_TEST_TMPDIR/setup.sgf"
    printf '(;GM[2]SZ[4]AB[bb][cc]AW[bc][cb]PL[W];W[ab])' >"$f"
    gtp "loadsgf $f" gogui-rules_board printsgf
    [ "${lines[1]}" = "= . . . ." ]
    [ "${lines[2]}" = "O O O ." ]
    [ "${lines[3]}" = ". O X ." ]
    [[ "$output" == *"AB[bb][cc]AW[cb][bc]PL[W]"* ]]
    printf '(;GM[2]SZ[4]AB[aa:bb]AW[cc:dd]PL[B])' >"$f"
    gtp "loadsgf $f" gogui-rules_board
    [ "${lines[1]}" = "= X X . ." ]
}

@test "loadsgf failures say why and leave the game as it was" {
    local f="$BATS_TEST_TMPDIR/bad.sgf" before i=0
    before=$(printf '%s\n' "play b d3" showboard printsgf | "$ENGINE" | last_replies 2)
    local contents=('' 'garbage' '(;GM[1]SZ[19];B[dd])' '(;GM[2]SZ[9])' '(;GM[2]SZ[8];B[dc];W[cc];B[aa])'
        '(;GM[2]SZ[8];B[dc]' '(;GM[2]SZ[8];B[dc];W[zz])' '(;GM[2]SZ[4]AB[ab][ba]AW[zz])')
    local reasons=('empty' 'not SGF' 'wrong game (GM[1])' 'size 9 is not played in Othello'
        'illegal move at move 3 (B A1)' 'not SGF' 'illegal move at move 2 (W off the board)'
        'illegal set-up (AB/AW/AE/PL) before move 1')
    for content in "${contents[@]}"; do
        printf '%s' "$content" >"$f"
        run bash -c "printf 'play b d3\nloadsgf $f\nshowboard\nprintsgf\n' | '$ENGINE'"
        [ "${lines[1]}" = "? cannot load file: ${reasons[i]}" ]
        [ "$(printf '%s\n' "$output" | last_replies 2)" = "$before" ]
        i=$((i + 1))
    done
    gtp "loadsgf $BATS_TEST_TMPDIR/none.sgf" "loadsgf $BATS_TEST_TMPDIR"
    [ "${lines[0]}" = "? cannot load file: no such file" ]
    [ "${lines[1]}" = "? cannot load file: not a regular file" ]
}

@test "gogui-analyze_commands: the entries of the command table for the game, each a listed command that answers" {
    gtp gogui-analyze_commands
    [ "$output" = "$(printf '%s\n' '= plist/Legal Moves/gogui-rules_legal_moves' \
        'string/Result/gogui-rules_final_result' 'string/Perft 4/flipfive-perft 4' \
        'string/Verdict/flipfive-analyze 1' 'pspairs/Move Values/flipfive-move_values' 'var/Principal Variation/flipfive-pv' \
        'param/Settings/flipfive-params')" ]
    local cmd listed n=0
    listed=$(printf 'list_commands\n' | "$ENGINE" | sed 's/^= //')
    while IFS=/ read -r _ _ cmd; do
        grep -qx "${cmd%% *}" <<<"$listed"
        [ "$(printf 'set_game Renju\nflipfive-set depth 2\nplay b H8\n%s\n' "$cmd" | "$ENGINE" | last_replies 1 | head -1 | cut -c1-2)" = "= " ]
        n=$((n + 1))
    done < <(printf 'set_game Renju\ngogui-analyze_commands\n' | "$ENGINE" | sed 's/^= //' | grep .)
    [ "$n" -eq 9 ]
}
