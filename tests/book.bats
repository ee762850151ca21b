#!/usr/bin/env bats
# The 8x8 opening book: genmove plays among the near-best book moves at
# random, in any orientation, and searches out of the book, with the book
# off or at a fixed depth.

load test_helper

# book_moves BOOK N COMMAND... : the genmove answers of N fresh engines
# running the commands with FLIPFIVE_BOOK=BOOK, sorted and counted.
book_moves() {
    local book=$1 n=$2 i
    shift 2
    for ((i = 0; i < n; i++)); do
        printf '%s\n' "$@" | FLIPFIVE_BOOK="$DATA/$book" timeout 60 "$ENGINE" | awk '/^= [A-H][1-8]/ { print $2 }'
    done | sort | uniq -c | awk '{ print $2 ":" $1 }' | tr '\n' ' '
}

@test "book: White plays d6 or f4 after f5, both, never f6" {
    out=$(book_moves book-test.inc 24 "play b f5" "genmove w")
    [[ "$out" =~ ^D6:[0-9]+\ F4:[0-9]+\ $ ]]
}

@test "book: a position turned by a symmetry is found" {
    # d3 is f5 reflected on the anti-diagonal; d6 and f4 become c5 and e3.
    out=$(book_moves book-test.inc 16 "play b d3" "genmove w")
    [[ "$out" =~ ^C5:[0-9]+\ E3:[0-9]+\ $ ]]
}

@test "book: a position with a move missing from the book is searched" {
    searched=$(printf '%s\n' "flipfive-set book off" "play b f5" "genmove w" |
        timeout 60 "$ENGINE" --level 1 | awk '/^= [A-H][1-8]/ { print $2 }')
    out=$(book_moves book-partial.inc 3 "flipfive-set level 1" "play b f5" "genmove w")
    [ "$out" = "$searched:3 " ]
}

@test "book: --book off, flipfive-set book off and a fixed depth search" {
    depth1=$(printf '%s\n' "play b f5" "genmove w" | timeout 60 "$ENGINE" --book off --depth 1 | awk '/^= [A-H][1-8]/ { print $2 }')
    [ "$depth1" = F6 ]
    [ "$(book_moves book-test.inc 2 "flipfive-set depth 1" "play b f5" "genmove w")" = "F6:2 " ]
    [ "$(book_moves book-test.inc 2 "flipfive-set book off" "flipfive-set level 1" "play b f5" "genmove w")" = "F6:2 " ]
    gtp "flipfive-get book" "flipfive-set book off" "flipfive-get book" "flipfive-set book maybe"
    [ "${lines[0]}" = "= on" ]
    [ "${lines[2]}" = "= off" ]
    [ "${lines[3]}" = "? syntax error" ]
}

@test "book: the compiled-in book answers the start position at once with one of the four moves" {
    # shellcheck disable=SC2016 # $0 is expanded by the inner bash
    run --separate-stderr bash -c 'printf "genmove b\n" | timeout 60 "$0" --verbose --time 30' "$ENGINE"
    [[ "${lines[0]}" =~ ^=\ (D3|C4|F5|E6)$ ]]
    # shellcheck disable=SC2154 # set by bats: run --separate-stderr
    [[ "$stderr" == *"book move"* ]]
}
