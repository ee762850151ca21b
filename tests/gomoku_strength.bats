#!/usr/bin/env bats
# scripts/gomoku-strength: the openings it plays and a short match through
# scripts/match (flipfive at depth 1 against depth 2, so no peer is needed).

load test_helper

STRENGTH="$ROOT/scripts/gomoku-strength"

@test "gomoku-strength: the 26 canonical openings as centre offsets, then distinct random ones from the seed" {
    run "$STRENGTH" -l -n 60
    [ "$status" -eq 0 ]
    [ "${#lines[@]}" -eq 30 ]
    [ "${lines[0]}" = "D1 Kansei | 0,0, 0,-1, 0,-2" ]
    [ "${lines[13]}" = "I1 Chosei | 0,0, 1,-1, 2,-2" ]
    [ "${lines[25]}" = "I13 Suisei | 0,0, 1,-1, -2,2" ]
    [ "${lines[26]}" = "random 1 | 2,1, 2,-1, 1,2" ]
    # Random openings: three distinct stones in the central 5x5, no line twice.
    printf '%s\n' "${lines[@]}" | awk -F' [|] ' '
        /^random/ { n = split($2, s, ", "); if (n != 3 || s[1] == s[2] || s[1] == s[3] || s[2] == s[3]) exit 1
                    for (i = 1; i <= 3; i++) { split(s[i], d, ","); if (d[1] < -2 || d[1] > 2 || d[2] < -2 || d[2] > 2) exit 1 } }
        seen[$2]++ { exit 1 }'
    # The same seed gives the same list; another seed other random ones.
    local again other
    again=$("$STRENGTH" -l -n 60)
    other=$("$STRENGTH" -l -n 60 -S 2)
    [ "$again" = "$(printf '%s\n' "${lines[@]}")" ]
    [ "$(printf '%s\n' "$other" | head -26)" = "$(printf '%s\n' "${lines[@]:0:26}")" ]
    [ "$(printf '%s\n' "$other" | tail -4)" != "$(printf '%s\n' "${lines[@]:26}")" ]
    run "$STRENGTH" -l -n 3
    [ "$status" -eq 2 ]
}

@test "gomoku-strength: a short match in each rule, judged by scripts/match, openings and games kept" {
    local out="$BATS_TEST_TMPDIR/out"
    run --separate-stderr timeout 600 "$STRENGTH" -n 2 -t 0.2 -o "$out" -- "$ENGINE --depth 1 --hash 1" "$ENGINE --depth 2 --hash 1"
    [ "$status" -eq 0 ]
    [ "$(grep -c '^== ' <<<"$output")" -eq 3 ]
    grep -q '^Gomoku 20x20, rule freestyle, tc 0+0.2/1' <<<"$output"
    grep -q '^Gomoku 15x15, rule standard, tc 0+0.2/1' <<<"$output"
    grep -q '^Renju 15x15, tc 0+0.2/1' <<<"$output"
    [ "$(grep -c '^Faults: A: none' <<<"$output")" -eq 3 ]
    for rule in freestyle20 standard15 renju15; do
        [ "$(cat "$out/$rule.openings")" = "D1 Kansei | 0,0, 0,-1, 0,-2" ]
        [ "$(find "$out/$rule.sgf" -mindepth 1 -maxdepth 1 | wc -l)" -eq 2 ]
    done
}

# renju_puzzles : "id|to-move|black stones|white stones" per VCF puzzle.
renju_puzzles() {
    awk '/^puzzle:/ { id = $2 } /^to-move:/ { tm = $2 }
         /^black:/ { b = $0; sub(/^black: */, "", b) } /^white:/ { w = $0; sub(/^white: */, "", w) }
         /^end/ { print id "|" tm "|" b "|" w }' "$DATA/renju-vcf-puzzles.txt"
}

# gtp_stones COLOR STONES : play lines, renju notation to GTP vertices.
gtp_stones() {
    local m
    for m in $2; do
        echo "play $1 $(tr 'ijklmno' 'JKLMNOP' <<<"$m" | tr 'a-h' 'A-H')"
    done
}

@test "the defender's move at depth 2 refutes the attacker's VCF in all 50 Renju VCF puzzles" {
    local id tm b w d m held=0 failed=""
    while IFS='|' read -r id tm b w; do
        d=white
        [ "$tm" = white ] && d=black
        local setup
        setup=$(echo "set_game Renju"; gtp_stones black "$b"; gtp_stones white "$w"; echo "flipfive-set depth 2")
        m=$(gtp_value "$setup" "genmove $d")
        # The attacker, to move after that reply, has no VCF left.
        if [ "$(gtp_value "$setup" "play $d $m" "flipfive-vcf 1")" = none ]; then
            held=$((held + 1))
        else
            failed="$failed $id:$m"
        fi
    done < <(renju_puzzles)
    echo "not refuted:$failed"
    [ "$held" -eq 50 ]
}
