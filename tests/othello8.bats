#!/usr/bin/env bats
# 8x8 Othello on bitboards: perft, the cross-check against the generic
# backend, the exact endgame solver (flipfive-solve) and the bench signature.

load test_helper

# obf N FILE : "BOARD SIDE" of the N-th line of an OBF file.
obf() {
    sed -n "${1}p" "$DATA/$2" | awk '{ print $1, substr($2, 1, 1) }'
}

# perft_expected SIZE DEPTH : the reference count.
perft_expected() {
    awk -v s="$1" -v d="$2" '!/^#/ && $1 == s && $2 == d { print $3 }' "$DATA/othello-perft.tsv"
}

@test "perft 8x8 to depth 10 matches the published counts" {
    for d in 1 2 3 4 5 6 7 8 9 10; do
        got=$(gtp_value "flipfive-perft $d")
        [ "$got" = "$(perft_expected 8 $d)" ] || { echo "depth $d: $got"; return 1; }
    done
}

@test "perft on the generic board stays exact (6x6 to depth 8, 10x10 to depth 6)" {
    for d in 1 5 8; do
        got=$(gtp_value "boardsize 6" "flipfive-perft $d")
        [ "$got" = "$(perft_expected 6 $d)" ] || { echo "6x6 depth $d: $got"; return 1; }
    done
    for d in 1 6; do
        got=$(gtp_value "boardsize 10" "flipfive-perft $d")
        [ "$got" = "$(perft_expected 10 $d)" ] || { echo "10x10 depth $d: $got"; return 1; }
    done
}

@test "bitboard backend agrees with the generic one on thousands of positions" {
    run "$BUILD/flipfive-selftest" 150 20260
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == *"the backends agree"* ]]
}

@test "solve FFO #40: A2 +38, and its principal variation replays to B+38 through a pass" {
    gtp "flipfive-setboard $(obf 1 ffo-40-59.obf)" "flipfive-solve"
    reply=${lines[1]}
    [[ "$reply" =~ ^=\ A2\ \+38\ pv\ A2\ .*\ pass\ .*\ nodes\ [0-9]+\ time\ [0-9.]+$ ]]
    # Replay the PV with alternating colours (a pass is a move of its own).
    pv=${reply#* pv } pv=${pv% nodes *}
    cmds=("flipfive-setboard $(obf 1 ffo-40-59.obf)") color=black
    for m in $pv; do
        cmds+=("play $color $m")
        [ $color = black ] && color=white || color=black
    done
    result=$(gtp_value "${cmds[@]}" final_score)
    [ "$result" = "B+38" ]
}

@test "solve a position where the side to move must pass" {
    gtp "flipfive-setboard $(obf 1 ffo-40-59.obf)" "play black A2" "play white B1" "play black C1" \
        "flipfive-solve" "flipfive-solve wld"
    [[ "${lines[4]}" =~ ^=\ pass\ -38\ pv\ pass\  ]]
    [[ "${lines[5]}" =~ ^=\ pass\ loss\ nodes\  ]]
}

@test "solve FFO #1-#19 (14-16 empties) exactly with scripts/ffo-bench" {
    run "$ROOT/scripts/ffo-bench" -l 19 "$DATA/ffo-1-39.obf"
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "${lines[-1]}" == "total 19 positions, 0 wrong,"* ]]
}

@test "the solver's AVX2 copy and its portable one give the same moves, scores and node counts" {
    # Per position: number, empties, expected, found, move and nodes (one
    # thread: node counts of a parallel solve vary from run to run).
    solve_1_19() {
        FLIPFIVE="$ENGINE" "$ROOT/scripts/ffo-bench" -t 1 -l 19 "$DATA/ffo-1-39.obf" |
            awk '$1 ~ /^[0-9]+$/ { print $1, $2, $3, $4, $5, $7 }'
    }
    solve_1_19 >"$BATS_TEST_TMPDIR/simd"
    FLIPFIVE_NO_SIMD=1 solve_1_19 >"$BATS_TEST_TMPDIR/portable"
    diff "$BATS_TEST_TMPDIR/simd" "$BATS_TEST_TMPDIR/portable"
    [ "$(wc -l <"$BATS_TEST_TMPDIR/simd")" -eq 19 ]
}

@test "ffo-bench fails on a wrong expected score" {
    bad="$BATS_TEST_TMPDIR/bad.obf"
    sed -n 1p "$DATA/ffo-1-39.obf" | sed 's/G8:+18/G8:+16/' >"$bad"
    run "$ROOT/scripts/ffo-bench" "$bad"
    [ "$status" -eq 1 ]
    [[ "$output" == *WRONG* ]]
}

@test "obf-label: every move's exact value, as FFO #1-#3 (14 empties) list them" {
    # Moves of equal value may come in another order: compared sorted.
    run "$ROOT/scripts/obf-label" <(head -3 "$DATA/ffo-1-39.obf")
    echo "$output"
    [ "$status" -eq 0 ]
    [ "${#lines[@]}" -eq 3 ]
    moves() { tr -d ';' | tr ' ' '\n' | sed 1,2d | sort; }
    for i in 1 2 3; do
        [ "$(sed -n "${i}p" "$DATA/ffo-1-39.obf" | moves)" = "$(printf '%s\n' "${lines[i - 1]}" | moves)" ]
        [ "$(printf '%s\n' "${lines[i - 1]}" | cut -c1-66)" = "$(sed -n "${i}p" "$DATA/ffo-1-39.obf" | cut -c1-66)" ]
    done
    # Best first; equal values in the engine's order of the moves.
    [[ "${lines[0]}" == *"X; G8:+18; H1:+12; A2:+6; H7:+6; A3:+4; B1:-4; A4:-22; G2:-24;" ]]
    # Not a position: refused.
    run "$ROOT/scripts/obf-label" <(echo "XO- X")
    [ "$status" -eq 2 ]
    [[ "$output" == *"not a position"* ]]
}

@test "ffo-play: the value of each move played against the best, and the average loss" {
    # 14 empties: the engine solves them, so it plays G8 and A4 (the best).
    run "$ROOT/scripts/ffo-play" -t 2 -l 2 "$DATA/ffo-1-39.obf"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "${lines[1]}" = "   1      14   +18 G8       +18     0" ]
    [ "${lines[2]}" = "   2      14   +10 A4       +10     0" ]
    [[ "${lines[3]}" == "2 positions at 2 s a move: average loss 0.00 discs, 2 perfect,"* ]]
    # A file that claims H1 is the best: G8 then loses 8 discs by it.
    bad="$BATS_TEST_TMPDIR/bad.obf"
    sed -n 1p "$DATA/ffo-1-39.obf" | sed 's/G8:+18; H1:+12/G8:+10; H1:+18/' >"$bad"
    run "$ROOT/scripts/ffo-play" -t 2 -o 7 "$bad"
    [ "${lines[1]}" = "   7      14   +18 G8       +10     8" ]
    [[ "${lines[2]}" == "1 positions at 2 s a move: average loss 8.00 discs, 0 perfect,"* ]]
}

@test "ffo-play -d and nboard engines: a fixed depth, the same moves through either protocol" {
    # flipfive at depth 5 on FFO #60-#64, through GTP and through its NBoard
    # front end run as an NBoard engine (in a copy of a folder, as NTest is).
    local ffo="$BATS_TEST_TMPDIR/ffo-60-79.obf" folder="$BATS_TEST_TMPDIR/engine"
    sed -n 1,5p "$DATA/ffo-60-79.obf" >"$ffo"
    mkdir "$folder"
    ln -s "$ROOT/build/flipfive" "$folder/engine"
    run "$ROOT/scripts/ffo-play" -d 5 -e "$ROOT/build/flipfive --threads 1" "$ffo"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "${lines[1]}" = "  60      24   +20 C2       +20     0" ]
    [ "${lines[3]}" = "  62      27   +28 H7       +24     4" ]
    [[ "${lines[6]}" == "5 positions at depth 5: average loss 1.60 discs, 2 perfect,"* ]]
    local gtp="$output"
    run "$ROOT/scripts/ffo-play" -e "nboard,copy=$folder,depth=5:./engine --protocol nboard --threads 1" "$ffo"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$(printf '%s\n' "$output" | sed '$s/, [0-9]* s in all//')" = "$(printf '%s\n' "$gtp" | sed '$s/, [0-9]* s in all//')" ]
    # -d gives the depth when the engine's key does not.
    run "$ROOT/scripts/ffo-play" -d 5 -e "nboard:$ROOT/build/flipfive --protocol nboard --threads 1" "$ffo"
    [ "$status" -eq 0 ]
    [ "${lines[3]}" = "  62      27   +28 H7       +24     4" ]
    # An NBoard engine has no clock: without a depth it is refused, as an
    # unknown key is.
    run "$ROOT/scripts/ffo-play" -e "nboard:$ROOT/build/flipfive --protocol nboard" "$ffo"
    [ "$status" -eq 2 ]
    [[ "$output" == *"needs a depth"* ]]
    run "$ROOT/scripts/ffo-play" -e "nboard,depht=5:$ROOT/build/flipfive --protocol nboard" "$ffo"
    [ "$status" -eq 2 ]
    [[ "$output" == *"unknown engine key 'depht=5'"* ]]
}

@test "sgf-phases: the exact value of each game at the empties asked, for the engine named" {
    # Two games of flipfive against NTest (scripts/ntest-match): in game 55
    # flipfive (Black) won by 6 with perfect play at 22 empties and let it
    # slip to a draw by 20; game 2 (White) was lost by 24 already.
    run "$ROOT/scripts/sgf-phases" -E 22,20 "$DATA/ntest-games"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "${lines[1]}" = "     22      2          1-0-1   50.0%    -9.00" ]
    [ "${lines[2]}" = "     20      2          0-1-1   25.0%   -12.00" ]
    # NTest's view, per game; a name in neither game is an error.
    run "$ROOT/scripts/sgf-phases" -v -p Ntest -E 22 "$DATA/ntest-games/game-00055.sgf"
    [ "${lines[0]}" = "$DATA/ntest-games/game-00055.sgf at 22 empties: -6" ]
    run "$ROOT/scripts/sgf-phases" -p nobody -E 22 "$DATA/ntest-games/game-00002.sgf"
    [ "$status" -eq 1 ]
    [[ "$output" == *"no player named nobody"* ]]
}

@test "solve wld: win, draw and loss" {
    gtp "flipfive-setboard $(obf 1 ffo-1-39.obf)" "flipfive-solve wld" \
        "flipfive-setboard $(obf 4 ffo-1-39.obf)" "flipfive-solve wld" \
        "flipfive-setboard $(obf 37 ffo-1-39.obf)" "flipfive-solve wld"
    [[ "${lines[1]}" =~ ^=\ [A-H][1-8]\ win\ nodes\ [0-9]+\ time\  ]]
    [[ "${lines[3]}" =~ ^=\ (H8|A5)\ draw\  ]]
    [[ "${lines[5]}" =~ ^=\ [A-H][1-8]\ loss\  ]]
}

@test "solve a finished game and reject bad arguments" {
    gtp "play black d3" "play white c3" "play black b3" "play white d2" "play black e1" \
        "play white d6" "play black d7" "play white e3" "play black f4" \
        "flipfive-solve" "flipfive-solve foo" "flipfive-solve wld wld" "flipfive-solve wld"
    [[ "${lines[9]}" =~ ^=\ none\ -64\ pv\ nodes\ 0\ time\  ]]
    [ "${lines[10]}" = "? syntax error" ]
    [ "${lines[11]}" = "? syntax error" ]
    [[ "${lines[12]}" =~ ^=\ none\ loss\  ]]
}

@test "solve 4x4 through the generic search: White wins by 10" {
    gtp "boardsize 4" "clear_board" "flipfive-solve" "flipfive-solve wld"
    [[ "${lines[2]}" =~ ^=\ [A-D][1-4]\ -10\ pv\ [A-D] ]]
    [[ "${lines[3]}" =~ ^=\ [A-D][1-4]\ loss\  ]]
}

@test "bench signature is the same in release and debug builds" {
    release=$("$ROOT/build/flipfive" bench | awk '/^Nodes searched/ { print $3 }')
    [ -n "$release" ]
    debug_bin="$ROOT/build/debug/flipfive"
    if [ ! -x "$debug_bin" ] || [ "$debug_bin" -ot "$ROOT/build/flipfive" ]; then
        skip "no up-to-date debug build (make debug)"
    fi
    debug=$("$debug_bin" bench | awk '/^Nodes searched/ { print $3 }')
    [ "$release" = "$debug" ]
}

@test "a midgame search keeps the table's deeper entries, and repeated on the same table finds them: same move, a near score, fewer nodes" {
    # ProbCut's shallow searches and the ordering's searches visit nodes the
    # table already knows deeper; their results must not replace those
    # entries (search.c, Step 8). Before, the repeated search needed 58 % of
    # the first one's nodes and came out at +5.58 instead of +4.78 (round C's
    # weights, depth 14). With round E's at depth 17 a table that always
    # stores takes 1287587 nodes (+9.14) where this one takes 962909
    # (+8.24); the search repeated takes 64 % of them (24 % when a node
    # that failed low still left its guessed move in the table, to go first
    # again). Deeper entries may move the score a little, never by more
    # than 0.5 here.
    local board='X--------XXOXX----XOXXXX--XOXXXX-OOXXX---OOOXXO----OOO-----OO--- X'
    run --separate-stderr bash -c "printf 'flipfive-setboard $board\nflipfive-set depth 17\nflipfive-set verbose 1\ngenmove b\nundo\ngenmove b\n' |
        timeout 60 '$ENGINE' --threads 1 --book off"
    [ "$status" -eq 0 ]
    local lines first second
    # shellcheck disable=SC2154 # set by bats: run --separate-stderr
    lines=$(printf '%s\n' "$stderr" | awk '$1 == "info" && $3 == 17')
    first=$(sed -n 1p <<<"$lines")
    second=$(sed -n 2p <<<"$lines")
    [[ "$first" == "info depth 17 seldepth 17 score +8.24 nodes 962909 "*" pv C7 "* ]]
    [[ "$second" == "info depth 17 seldepth 17 score +"*" pv C7 "* ]]
    awk -v a="$first" -v b="$second" 'BEGIN { split(a, x); split(b, y); d = y[7] - x[7]; exit !(d < 0.5 && d > -0.5) }'
    local n2=${second#* nodes } && n2=${n2%% *}
    [ "$n2" -lt $((962909 * 3 / 4)) ]
}

@test "a root move proved better on its null window stays the move when the budget stops its search again" {
    # 120000 nodes stop depth 14 after D1 (the first move, -2.37 there)
    # while F2, which beat D1's score on the null window, is searched again
    # with the full window: F2 is the move, with its bound. Before, the
    # stopped search again was thrown away and D1 played. (A change of the
    # search's node counts moves the budget where this happens: the
    # verbose lines show it.)
    local board='----O------OO----XXXOXX---XXOOOO---XXOO----XOOO-----O----------- X'
    run --separate-stderr bash -c "printf 'flipfive-setboard $board\nflipfive-set verbose 1\ngenmove b\n' |
        timeout 60 '$ENGINE' --threads 1 --book off --nodes 120000"
    [ "$status" -eq 0 ]
    [ "${lines[2]}" = "= F2" ]
    # shellcheck disable=SC2154 # set by bats: run --separate-stderr
    [[ "$stderr" == *"info depth 13 seldepth 13 score +2.03 nodes 64621 "*" pv D1 "* ]]
    [[ "$stderr" == *"info depth 14 seldepth 14 score -2.36 nodes 120000 "*" pv F2 "* ]]
}

@test "a solve stopped by the clock inside its ordering searches returns at once (a wipeout at 51 empties, 0.1 s a move)" {
    # B3 wipes White out, so the iterations are cheap up to the one that
    # solves exactly with 50 empties: its ordering searches (depth 10) went
    # on through their trees after the deadline, seeing the stop only at
    # every poll: 1.46 s at 0.031 s a move, 2.03 s at 0.5 s.
    run --separate-stderr bash -c "printf 'play b d3\nplay w c3\nplay b f5\nplay w f4\nplay b f3\nplay w d6\nplay b d7\nplay w e3\nflipfive-set verbose 1\ngenmove b\n' |
        timeout 60 '$ENGINE' --threads 1 --book off --time 0.1"
    [ "$status" -eq 0 ]
    [ "${lines[9]}" = "= B3" ]
    local last ms
    # shellcheck disable=SC2154 # set by bats: run --separate-stderr
    last=$(printf '%s\n' "$stderr" | grep '^info depth' | tail -1)
    [[ "$last" == *" score +64.00 "* ]]
    ms=${last#* time } && ms=${ms%% *}
    echo "search time: $ms ms"
    [ "$ms" -lt 500 ]
}

@test "a search without a depth limit ends with selective endgame iterations, then the exact one: FFO #42 (22 empties)" {
    # The midgame iterations go to depth 18 (C6 from depth 14 on); the next
    # ones search to the end with ProbCut at 73, 87, 95 and 98 %, and the
    # last one exactly: G2, +6 (the .obf: G2:+6, A4:+0). Each level's table
    # entries lie apart from the others' (search.c tt_extra): a level never
    # takes a more selective level's bounds, nor the exact iteration any
    # selective one's. Without that the same lines came with other node
    # counts (1270059 at 87 %, 6882610 for the exact one), hence the counts
    # (one thread: the same in every run).
    run --separate-stderr bash -c "printf 'flipfive-setboard $(obf 3 ffo-40-59.obf)\nflipfive-set movetime 0\nflipfive-set verbose 1\ngenmove b\n' |
        timeout 60 '$ENGINE' --threads 1 --book off"
    [ "$status" -eq 0 ]
    [ "${lines[3]}" = "= G2" ]
    local got
    # shellcheck disable=SC2154 # set by bats: run --separate-stderr
    got=$(printf '%s\n' "$stderr" | awk '/^info depth/ && $3 >= 18 { print $3, $7, $9, $15 }')
    echo "$got"
    [ "$got" = "18 -0.54 205971 C6
22@73% +2.00 583696 C6
22@87% +2.00 1272287 G2
22@95% +6.00 1915088 G2
22@98% +6.00 2200548 G2
22 +6 11930681 G2" ]
}

@test "near the end, a win/loss/draw solve keeps the midgame's move when it wins: FFO #40 at 0.3 s a move plays A2 (+38), not C1 (+30)" {
    # At 0.3 s the exact attempts begin at 20 empties (engine.c solve_reach):
    # the midgame search (A2 from depth 1 on), then a win/loss/draw solve,
    # whose proof of a win comes with its move, and the exact solve only
    # when half the time is left. The solver orders the root's moves with
    # the table's move: the midgame's was not there, and the solver proved
    # C1 first (8 discs short of A2) and played it in every run.
    run bash -c "printf 'flipfive-setboard $(obf 1 ffo-40-59.obf)\nflipfive-set movetime 0.3\ngenmove b\n' |
        timeout 60 '$ENGINE' --threads 1 --book off"
    [ "$status" -eq 0 ]
    [ "${lines[2]}" = "= A2" ]
}
