#!/usr/bin/env bats
# Othello rules: perft counts, known games, coordinates, undo, set-up.

load test_helper

# perft SIZE DEPTH : leaves from the start position.
perft() {
    gtp_value "boardsize $1" clear_board "flipfive-perft $2"
}

# expected SIZE DEPTH : the published count (tests/data/othello-perft.tsv).
expected() {
    awk -F'\t' -v s="$1" -v d="$2" '$1 == s && $2 == d { print $3 }' "$DATA/othello-perft.tsv"
}

@test "perft 8x8, depths 1 to 9" {
    for d in 1 2 3 4 5 6 7 8 9; do
        [ "$(perft 8 $d)" = "$(expected 8 $d)" ]
    done
}

@test "perft 6x6, depths 1 to 9" {
    for d in 1 2 3 4 5 6 7 8 9; do
        [ "$(perft 6 $d)" = "$(expected 6 $d)" ]
    done
}

@test "perft 10x10, depths 1 to 7" {
    for d in 1 2 3 4 5 6 7; do
        [ "$(perft 10 $d)" = "$(expected 10 $d)" ]
    done
}

@test "perft 0 is one leaf; perft counts from the current position" {
    [ "$(gtp_value 'flipfive-perft 0')" = 1 ]
    # one move played: a quarter of perft(7) by symmetry
    [ "$(gtp_value 'play black d3' 'flipfive-perft 6')" = 13773 ]
}

# replay_game NAME : plays the game of othello-games.tsv and prints the score.
replay_game() {
    local moves
    moves=$(awk -F'\t' -v n="$1" '$1 == n { print $2 }' "$DATA/othello-games.tsv")
    local cmds=() color=black i
    for ((i = 0; i < ${#moves}; i += 2)); do
        cmds+=("play $color ${moves:i:2}")
        [ $color = black ] && color=white || color=black
    done
    gtp_value "${cmds[@]}" final_score
}

@test "Takizawa's perfect-play line ends 32-32, a draw" {
    [ "$(replay_game takizawa-optimal)" = 0 ]
}

@test "the shortest game is a wipe-out worth 64 with the empties" {
    [ "$(replay_game shortest-game)" = "B+64" ]
}

@test "the shortest draw ends 12-12 with 40 empty squares" {
    [ "$(replay_game shortest-draw)" = 0 ]
}

@test "4x4: legal start moves and the centre" {
    gtp "boardsize 4" clear_board gogui-rules_legal_moves gogui-rules_board
    [ "${lines[2]}" = "= B1 A2 D3 C4" ]
    [ "${lines[3]}" = "= . . . ." ]
    [ "${lines[4]}" = ". O X ." ]
}

@test "boardsize accepts every even size 4..24 and nothing else" {
    for n in 4 6 8 10 12 14 16 18 20 22 24; do
        [ "$(gtp_value "boardsize $n")" = "" ]
    done
    for n in 0 1 2 3 5 7 9 25 26 100; do
        gtp "boardsize $n"
        [ "$output" = "? unacceptable size" ]
    done
}

@test "24x24: the last column is X and the last row 24" {
    gtp "boardsize 24" "flipfive-setboard $(printf -- '-%.0s' $(seq 1 574))XO O" "play white V24" showboard
    [ "${lines[2]}" = "= " ]
    [[ "$output" == *" 24 . . . . . . . . . . . . . . . . . . . . . O O O 24"* ]]
}

@test "Go coordinates on request: no I, row 1 at the bottom" {
    gtp "flipfive-set coords go" gogui-rules_legal_moves "play black d6" "flipfive-set coords othello" gogui-rules_legal_moves
    [ "${lines[1]}" = "= D6 C5 F4 E3" ]
    [ "${lines[3]}" = "= " ]
    [ "${lines[4]}" = "= C3 E3 C5" ]
}

@test "undo back to the start and forward again" {
    local fwd=("play b f5" "play w f6" "play b e6" "play w f4" "play b e3" "play w c5")
    local before after
    before=$(printf 'showboard\nprintsgf\n' | "$ENGINE" | last_replies 2)
    after=$(printf '%s\n' "${fwd[@]}" undo undo undo undo undo undo showboard printsgf | "$ENGINE" | last_replies 2)
    [ -n "$before" ]
    [ "$after" = "$before" ]
    gtp "${fwd[@]}" undo undo undo undo undo undo undo showboard "${fwd[@]}" "flipfive-perft 2"
    [ "${lines[12]}" = "? cannot undo" ]
    [ "$(printf '%s\n' "${fwd[@]}" 'flipfive-perft 2' | "$ENGINE" | tail -2 | head -1)" = "${lines[-1]}" ]
    [[ "$output" == *"Othello 8x8, move 1"* ]]
}

@test "flipfive-setboard: FFO #40 position, side and counts" {
    gtp "flipfive-setboard O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X" showboard gogui-rules_side_to_move
    [[ "$output" == *"Black (X): 12  White (O): 32"* ]]
    [ "${lines[-1]}" = "= black" ]
}

@test "flipfive-setboard switches the board size to fit" {
    gtp "flipfive-setboard ------OX----XO------ X" "flipfive-setboard -----OX----XO----- X" gogui-rules_board_size
    [ "${lines[0]}" = "? syntax error" ]
    [ "${lines[1]}" = "? syntax error" ]
    gtp "flipfive-setboard -----OX--XO----- X" gogui-rules_board_size gogui-rules_legal_moves
    [ "${lines[1]}" = "= 4" ]
    [ "${lines[2]}" = "= B1 A2 D3 C4" ]
}
