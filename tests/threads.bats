#!/usr/bin/env bats
# Threads (issue 17): the threads setting of GTP, the command line and
# Piskvork; exact parallel solves; a single-threaded search that is the same
# in every run; every thread stopped at once by an interrupt, the end of
# input and the clock. make tsan runs this file against a ThreadSanitizer
# build. Timeouts are hang guards far above what a working engine needs.

load test_helper

FFO="$DATA/ffo-40-59.obf"

# ffo N : the setboard arguments of FFO position #N of ffo-40-59.obf.
ffo() {
    awk -v n="$1" 'NR == n - 39 { sub(/;.*/, ""); print $1, $2 }' "$FFO"
}

@test "threads: the machine's cores by default; 1..64 accepted, the rest refused and changing nothing" {
    gtp 'flipfive-get threads' 'flipfive-set threads 0' 'flipfive-set threads 65' 'flipfive-set threads x' \
        'flipfive-get threads' 'flipfive-set threads 3' 'flipfive-get threads' 'flipfive-set threads 1' \
        'flipfive-get threads'
    local cores
    cores=$(getconf _NPROCESSORS_ONLN)
    [ "${lines[0]}" = "= $cores" ]
    [ "${lines[1]:0:1}" = "?" ]
    [ "${lines[2]:0:1}" = "?" ]
    [ "${lines[3]:0:1}" = "?" ]
    [ "${lines[4]}" = "= $cores" ]
    [ "${lines[6]}" = "= 3" ]
    [ "${lines[8]}" = "= 1" ]
    run "$ENGINE" --threads 0
    [ "$status" -eq 2 ]
    [ "$(printf 'flipfive-get threads\n' | "$ENGINE" --threads 5)" = "= 5" ]
}

@test "parallel solves are exact: FFO #40-#41 with 2 and 3 threads find the file's scores and a best move" {
    local t
    for t in 2 3; do
        FLIPFIVE=$ENGINE run timeout 900 "$ROOT/scripts/ffo-bench" -t "$t" -f 40 -l 41 "$FFO"
        echo "$output"
        [ "$status" -eq 0 ]
        [[ "$output" == *"total 2 positions, 0 wrong"* ]]
    done
}

@test "a solve with 2 threads splits its tree (verbose: split points and moves by helpers); 1 thread does not" {
    run --separate-stderr bash -c "printf 'flipfive-set verbose 1\nflipfive-setboard $(ffo 40)\nflipfive-solve\n' |
        timeout 600 '$ENGINE' --threads 2"
    [[ "${lines[2]}" == "= A2 +38 pv "* ]]
    # shellcheck disable=SC2154 # set by bats: run --separate-stderr
    [[ "$stderr" =~ solve:\ threads\ 2\ split\ points\ [1-9][0-9]*\ moves\ by\ helpers\ [1-9] ]]
    run --separate-stderr bash -c "printf 'flipfive-set verbose 1\nflipfive-setboard $(ffo 40)\nflipfive-solve\n' |
        timeout 600 '$ENGINE' --threads 1"
    [[ "$stderr" == *"solve: threads 1 split points 0 moves by helpers 0"* ]]
}

@test "--threads 1 searches the same nodes in every run; a fixed depth does with any threads setting" {
    local cmds='flipfive-set verbose 1\nflipfive-set depth 7\nplay b d3\ngenmove w\nflipfive-setboard %s\nflipfive-solve\n'
    local a b
    # shellcheck disable=SC2059 # the format is ours
    a=$(printf "$cmds" "$(ffo 40)" | timeout 600 "$ENGINE" --threads 1 2>&1 | sed 's/ time [0-9.]*//; s/ nps [0-9]*//')
    # shellcheck disable=SC2059
    b=$(printf "$cmds" "$(ffo 40)" | timeout 600 "$ENGINE" --threads 1 2>&1 | sed 's/ time [0-9.]*//; s/ nps [0-9]*//')
    [ -n "$a" ]
    [ "$a" = "$b" ]
    [[ "$a" == *"nodes 7975038"* ]]
    # A fixed depth is searched on one thread whatever the setting.
    a=$(printf 'flipfive-set verbose 1\nflipfive-set depth 9\nplay b d3\ngenmove w\n' |
        timeout 600 "$ENGINE" --threads 1 --book off 2>&1 | sed 's/ time [0-9.]*//; s/ nps [0-9]*//')
    b=$(printf 'flipfive-set verbose 1\nflipfive-set depth 9\nplay b d3\ngenmove w\n' |
        timeout 600 "$ENGINE" --threads 2 --book off 2>&1 | sed 's/ time [0-9.]*//; s/ nps [0-9]*//')
    [[ "$a" == *"depth 9 score"* ]]
    [ "$a" = "$b" ]
}

@test "'# interrupt' stops a 2-thread genmove (Othello, Gomoku) and a 2-thread solve at once; the loop goes on" {
    run --separate-stderr bash -c "{ printf 'flipfive-set movetime 600\n1 genmove b\n'; sleep 1
        printf '# interrupt\n'; sleep 0.5; printf '2 name\n'; } | timeout 60 '$ENGINE' --threads 2"
    [ "$status" -eq 0 ]
    [[ "${lines[1]}" =~ ^=1\ (C4|D3|E6|F5)$ ]]
    [ "${lines[2]}" = "=2 flipfive" ]
    run --separate-stderr bash -c "{ printf 'set_game Gomoku\nflipfive-set movetime 600\nplay b h8\n1 genmove w\n'; sleep 1
        printf '# interrupt\n'; sleep 0.5; printf '2 name\n'; } | timeout 60 '$ENGINE' --threads 2"
    [ "$status" -eq 0 ]
    [[ "${lines[3]}" =~ ^=1\ [A-HJ-P][0-9]+$ ]]
    [ "${lines[4]}" = "=2 flipfive" ]
    # FFO #59 (34 empties) would take hours.
    run --separate-stderr bash -c "{ printf 'flipfive-setboard $(ffo 59)\n1 flipfive-solve\n'; sleep 1
        printf '# interrupt\n'; sleep 0.5; printf '2 name\n'; } | timeout 60 '$ENGINE' --threads 2"
    [ "$status" -eq 0 ]
    [ "${lines[1]}" = "?1 interrupted" ]
    [ "${lines[2]}" = "=2 flipfive" ]
}

@test "the clock's hard limit stops every thread: 2 threads, 0.05 s left, a legal move at once" {
    gtp 'flipfive-set threads 2' 'time_settings 300 0 0' 'time_left b 0.05 0' 'genmove b'
    [[ "${lines[3]}" =~ ^=\ (C4|D3|E6|F5)$ ]]
    gtp 'flipfive-set threads 2' 'set_game Gomoku' 'time_settings 300 0 0' 'time_left b 0.05 0' 'genmove b'
    [[ "${lines[4]}" =~ ^=\ [A-HJ-P][0-9]+$ ]]
}

@test "end of input while 2 threads search: the search runs to its end, answers, exit 0" {
    run --separate-stderr bash -c "printf 'flipfive-set verbose 1\nflipfive-set depth 9\ngenmove b\n' |
        timeout 300 '$ENGINE' --threads 2 --book off"
    [ "$status" -eq 0 ]
    [[ "${lines[2]}" =~ ^=\ (C4|D3|E6|F5)$ ]]
    [[ "$stderr" == *"depth 9 score"* ]]
}

@test "Piskvork: INFO thread_num sets the threads (above 64: 64, said in a MESSAGE; 0: the cores); games go on" {
    run --separate-stderr bash -c "printf 'START 15\nINFO thread_num 100\nINFO thread_num 2\nINFO timeout_turn 300\nBEGIN\n' |
        timeout 60 '$PBRAIN'"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "OK" ]
    [ "${lines[1]}" = "MESSAGE thread_num 100: at most 64 threads; using 64" ]
    [[ "${lines[2]}" =~ ^[0-9]+,[0-9]+$ ]]
    [ "${#lines[@]}" -eq 3 ]
    run --separate-stderr bash -c "printf 'START 15\nINFO thread_num 0\nINFO thread_num 1\nINFO timeout_turn 300\nBEGIN\n' |
        timeout 60 '$PBRAIN'"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "OK" ]
    [[ "${lines[1]}" =~ ^[0-9]+,[0-9]+$ ]]
    [ "${#lines[@]}" -eq 2 ]
}

@test "a 2-thread midgame search shares its iterations: each thread leaves the moves the other is searching for last" {
    # Simplified ABDADA in search.c: verbose counts the moves deferred, in
    # the tree and at the root (search_root: 35-58 in 0.3 s at the start).
    run --separate-stderr bash -c "printf 'flipfive-set verbose 1\nflipfive-set movetime 0.3\ngenmove b\n' |
        timeout 60 '$ENGINE' --threads 2 --book off"
    [ "$status" -eq 0 ]
    # shellcheck disable=SC2154 # set by bats: run --separate-stderr
    [[ "$stderr" =~ search:\ threads\ 2\ moves\ deferred\ [1-9][0-9]*,\ at\ the\ root\ [1-9] ]]
    run --separate-stderr bash -c "printf 'flipfive-set verbose 1\nflipfive-set movetime 0.3\ngenmove b\n' |
        timeout 60 '$ENGINE' --threads 1 --book off"
    [ "$status" -eq 0 ]
    [[ "$stderr" != *"search: threads"* ]]
}

@test "from 0.5 s a move a 2-thread Othello search splits its tree (YBWC) instead; 1 thread alone" {
    # search_root.c split_pays: the same position as above at 1 s: split points
    # and moves by the helper (600-7000 here), no move deferred.
    run --separate-stderr bash -c "printf 'flipfive-set verbose 1\nflipfive-set movetime 1\ngenmove b\n' |
        timeout 60 '$ENGINE' --threads 2 --book off"
    [ "$status" -eq 0 ]
    [[ "${lines[2]}" =~ ^=\ [C-F][3-6]$ ]]
    # shellcheck disable=SC2154 # set by bats: run --separate-stderr
    [[ "$stderr" =~ search:\ threads\ 2\ moves\ deferred\ 0,\ at\ the\ root\ 0\;\ split\ points\ 0\;\ midgame\ split\ points\ [1-9][0-9]*,\ moves\ by\ helpers\ [1-9] ]]
    run --separate-stderr bash -c "printf 'flipfive-set verbose 1\nflipfive-set movetime 1\ngenmove b\n' |
        timeout 60 '$ENGINE' --threads 1 --book off"
    [ "$status" -eq 0 ]
    [[ "$stderr" != *"search: threads"* ]]
}

@test "a 2-thread search that reaches the end of the game solves its last iteration with the split; 1 thread does not" {
    # search_root.c deepen_exact: from 20 empties the exact iteration is a root
    # solve on both threads. Level 8 tries no exact root attempt above 18
    # empties, so the split points of root solves come from that iteration
    # alone (the midgame iterations' own split points are counted apart).
    local pos="-XXXXX----XXXOO-XXXOOOOXOXXOOOXX-OXXOXXX-OOOXXX---OOXX------X--- X"
    run --separate-stderr bash -c "printf 'flipfive-set verbose 1\nflipfive-setboard $pos\nflipfive-set level 8\nflipfive-analyze 1 30\n' |
        timeout 60 '$ENGINE' --threads 2 --book off"
    [ "$status" -eq 0 ]
    [[ "${lines[3]}" == "= A5 -8 exact depth 20 pv A5 "* ]]
    # shellcheck disable=SC2154 # set by bats: run --separate-stderr
    [[ "$stderr" =~ search:\ threads\ 2\ .*\;\ split\ points\ [1-9][0-9]*\; ]]
    run --separate-stderr bash -c "printf 'flipfive-set verbose 1\nflipfive-setboard $pos\nflipfive-set level 8\nflipfive-analyze 1 30\n' |
        timeout 60 '$ENGINE' --threads 1 --book off"
    [[ "${lines[3]}" == "= A5 -8 exact depth 20 pv A5 "* ]]
    [[ "$stderr" != *"search: threads"* ]]
}
