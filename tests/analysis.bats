#!/usr/bin/env bats
# shellcheck disable=SC2016,SC2154 # inner bash scripts in single quotes; stderr_lines: bats run --separate-stderr
# Analysis a player can see (issue 18, GTP side): flipfive-analyze against
# the FFO values, the --verbose info lines, GoGui's live graphics and the
# settings dialog. The exact replies are in protocol/transcripts/analyze-*.

load test_helper

FFO40=$(cut -c1-64 "$ROOT/tests/data/ffo-40-59.obf" | head -1)
MIDGAME=("play b d3" "play w c3" "play b e6" "play w d2" "play b d1" "play w e3" "play b c2"
    "play w e1" "play b f1" "play w c1" "play b b1" "play w c5")
INFO='^info depth [0-9]+ seldepth [0-9]+( multipv [0-9]+)? score ([-+][0-9]+(\.[0-9][0-9])?|[WL][0-9]+) nodes [0-9]+ nps [0-9]+ time [0-9]+ pv( ([A-Z][0-9]+|pass))+$'

@test "flipfive-analyze all on FFO #40: every legal move, exact, with the .obf's value" {
    gtp "flipfive-set depth 30" "flipfive-setboard $FFO40 X" "flipfive-analyze all"
    local got want
    got=$(printf '%s\n' "${lines[@]:2}" | sed 's/^= //' | awk '$3 == "exact" { print $1 ":" $2 }' | sort)
    want=$(head -1 "$ROOT/tests/data/ffo-40-59.obf" | cut -d' ' -f3- | tr ';' '\n' | tr -d ' ' | grep . | sort)
    echo "got: $got"
    echo "want: $want"
    [ "$(printf '%s\n' "${lines[@]:2}" | wc -l)" -eq "$(gtp_count_moves)" ]
    [ "$got" = "$want" ]
}

# The legal moves of FFO #40 for Black, counted by the rules.
gtp_count_moves() {
    printf '%s\n' "flipfive-setboard $FFO40 X" gogui-rules_legal_moves | "$ENGINE" | last_replies 1 |
        sed 's/^= //' | wc -w
}

@test "--verbose: one info line per iteration on stderr, stdout unchanged" {
    gtp "${MIDGAME[@]}" "flipfive-set book off" "flipfive-set depth 8" "genmove b"
    local quiet=$output
    run --separate-stderr bash -c 'printf "%s\n" "$@" | "$0" --verbose' "$ENGINE" "${MIDGAME[@]}" \
        "flipfive-set book off" "flipfive-set depth 8" "genmove b"
    [ "$output" = "$quiet" ]
    printf '%s\n' "$stderr"
    local n=0 line
    while IFS= read -r line; do
        n=$((n + 1))
        [[ "$line" =~ $INFO ]]
        [[ "$line" == "info depth $n "* ]]
    done <<<"$stderr"
    [ "$n" -eq 8 ]
    # the last line is the move played, with the value flipfive-analyze gives
    [[ "${stderr_lines[7]}" == *" score +2.32 "*" pv F3 D6 E2 F5 D7 F2 F4 G4" ]]
    [ "${output##*$'\n'}" = "= F3" ]
}

@test "--verbose: an exact solve at the root ends with an exact score and the whole line" {
    run --separate-stderr bash -c 'printf "%s\n" "flipfive-setboard $1 X" "flipfive-set depth 30" "genmove b" |
        "$0" --verbose' "$ENGINE" "$FFO40"
    printf '%s\n' "$stderr"
    local last=${stderr_lines[-1]}
    [[ "$last" =~ $INFO ]]
    [[ "$last" == *" score +38 "* ]]
    [[ "$last" == *" pv A2 B1 C1 pass "* ]]
}

@test "--verbose with flipfive-analyze: multipv K lines, and five-in-a-row's W/L scores" {
    run --separate-stderr bash -c 'printf "%s\n" "$@" | "$0" --verbose' "$ENGINE" "${MIDGAME[@]}" \
        "flipfive-set depth 3" "flipfive-analyze 2"
    printf '%s\n' "$stderr"
    [ "${#stderr_lines[@]}" -eq 6 ]
    [[ "${stderr_lines[4]}" =~ ^info\ depth\ 3\ seldepth\ 3\ multipv\ 1\ score ]]
    [[ "${stderr_lines[5]}" =~ ^info\ depth\ 3\ seldepth\ 3\ multipv\ 2\ score ]]
    run --separate-stderr bash -c 'printf "%s\n" "$@" | "$0" --verbose --game gomoku' "$ENGINE" \
        "play b h8" "play w a1" "play b j8" "play w a2" "play b k8" "play w a3" "play b l8" \
        "flipfive-set depth 4" "genmove w"
    printf '%s\n' "$stderr"
    [[ "${stderr_lines[-1]}" =~ $INFO ]]
    [[ "${stderr_lines[-1]}" == *" score L2 "* ]]
}

@test "gfx on: gogui-gfx blocks on stderr while genmove thinks, one per iteration, then CLEAR" {
    gtp "flipfive-set book off" "flipfive-set depth 4" "genmove b" "genmove w"
    local quiet=$output
    [ -z "$stderr" ]
    gtp "flipfive-set book off" "flipfive-set depth 4" "flipfive-set gfx on" "genmove b" "genmove w"
    printf '%s\n' "$stderr"
    [ "$(printf '%s\n' "$output" | grep -v -e '^= $' -e '^$')" = "$(printf '%s\n' "$quiet" | grep -v -e '^= $' -e '^$')" ]
    [ "$(grep -c '^gogui-gfx:$' <<<"$stderr")" -eq 8 ]
    [ "$(grep -c '^gogui-gfx: CLEAR$' <<<"$stderr")" -eq 2 ]
    # a block: VAR with colours from the side to move, LABEL, TEXT, an empty line
    [ "$(awk '/^gogui-gfx:$/ { getline a; getline b; getline c; getline d
            if (a !~ /^VAR( [bw] ([A-Z][0-9]+|pass))+$/ || b !~ /^LABEL( [A-Z][0-9]+ [-+][0-9.]+)+$/ ||
                c !~ /^TEXT depth [0-9]+ score / || d != "") bad++ } END { print bad + 0 }' <<<"$stderr")" -eq 0 ]
    # White's last iteration, as protocol/GTP.md shows it
    grep -A3 -x 'VAR w C5 b E6 w D2 b C3' <<<"$stderr" | grep -qx 'LABEL C5 -3.09'
    [ "${stderr_lines[-1]}" = "gogui-gfx: CLEAR" ]
}

@test "flipfive-params: GoGui's param lines of the game's settings, and changes through it" {
    gtp "flipfive-params level 3" "flipfive-params gfx 1" "flipfive-params book off" flipfive-params \
        "flipfive-params level" "flipfive-params level 11" "flipfive-params colour red"
    [ "${lines[3]}" = "= [list/1/2/3/4/5/6/7/8/9/10] level 3" ]
    [[ "$output" == *$'\n[list/on/off] book off\n[bool] gfx 1\n'* ]]
    [[ "$output" != *coords* ]]
    [[ "$output" != *rule* ]]
    [ "${lines[-3]}" = "? syntax error" ]
    [ "${lines[-2]}" = "? syntax error" ]
    [ "${lines[-1]}" = "? unknown setting" ]
    gtp "set_game gomoku" flipfive-params
    [[ "$output" == *$'\n[list/freestyle/standard] rule freestyle\n'* ]]
    [[ "$output" != *book* ]]
    gtp "set_game renju" flipfive-params
    [[ "$output" != *rule* ]]
}

@test "'# interrupt' stops flipfive-analyze: ? interrupted, and the loop goes on" {
    run --separate-stderr bash -c "{ printf 'flipfive-set movetime 600\n1 flipfive-analyze all\n'; sleep 1
        printf '# interrupt\n'; sleep 0.5; printf '2 name\n'; } | timeout 60 '$ENGINE'"
    [ "$status" -eq 0 ]
    [ "${lines[1]}" = "?1 interrupted" ]
    [ "${lines[2]}" = "=2 flipfive" ]
}
