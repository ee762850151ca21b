#!/usr/bin/env bats
# flipfive in GoGui 1.6: the analyze commands it offers (checked without
# GoGui), then whole games inside the real GoGui under a private Xvfb
# (scripts/gogui-match), skipped where Java, ../shared/peers/gogui (or
# GOGUI_DIR), Xvfb, xdotool or ImageMagick's import are absent.

load test_helper

GOGUI_DIR=${GOGUI_DIR:-$ROOT/../shared/peers/gogui}

# analyze_ok GAME POSITION... : every command of GAME's analyze list answers
# "=" after the POSITION commands (GoGui shows a "?" as an error dialog).
analyze_ok() {
    local game=$1 cmd line
    shift
    mapfile -t list < <(printf '%s\n' gogui-analyze_commands | "$ENGINE" --game "$game" |
        sed -e '/^$/d' -e 's/^= //')
    [ "${#list[@]}" -ge 3 ]
    for line in "${list[@]}"; do
        cmd=${line#*/}
        cmd=${cmd#*/}
        gtp "set_game $game" "flipfive-set movetime 0.2" "$@" "$cmd"
        echo "$game: $cmd -> ${lines[-1]}"
        [ "${output:0:1}" = "=" ]
        [[ "$(printf '%s\n' "$output" | last_replies 1)" == "="* ]]
    done
}

@test "gogui-analyze_commands: the entries of each game, each answers = during and after the game" {
    run "$ENGINE" --game othello <<<gogui-analyze_commands
    [ "${lines[0]}" = "= plist/Legal Moves/gogui-rules_legal_moves" ]
    [ "${lines[1]}" = "string/Result/gogui-rules_final_result" ]
    [ "${lines[2]}" = "string/Perft 4/flipfive-perft 4" ]
    # the analysis entries close every game's list
    local analysis=('string/Verdict/flipfive-analyze 1' 'pspairs/Move Values/flipfive-move_values'
        'var/Principal Variation/flipfive-pv' 'param/Settings/flipfive-params')
    [ "$(printf '%s\n' "${lines[@]:3}")" = "$(printf '%s\n' "${analysis[@]}")" ]
    [ "${#lines[@]}" -eq 7 ]
    run "$ENGINE" --game gomoku <<<gogui-analyze_commands
    [ "${lines[2]}" = "string/VCF/flipfive-vcf" ]
    [ "${lines[3]}" = "string/VCT/flipfive-vct" ]
    [ "$(printf '%s\n' "${lines[@]:4}")" = "$(printf '%s\n' "${analysis[@]}")" ]
    [ "${#lines[@]}" -eq 8 ]
    run "$ENGINE" --game renju <<<gogui-analyze_commands
    [ "${lines[2]}" = "plist/Forbidden Points/flipfive-forbidden" ]
    [ "$(printf '%s\n' "${lines[@]:5}")" = "$(printf '%s\n' "${analysis[@]}")" ]
    [ "${#lines[@]}" -eq 9 ]
    # every line is GoGui's TYPE/LABEL/COMMAND with a type it knows
    local game bad
    for game in othello gomoku renju; do
        bad=$(printf 'gogui-analyze_commands\n' | "$ENGINE" --game "$game" | sed -e 's/^= //' -e '/^$/d' |
            grep -Ev '^(string|plist|pspairs|var|param|gfx|sboard|none)/[^/]+/[a-z][-a-z_]*( [^/]*)?$' || true)
        [ -z "$bad" ]
    done
    analyze_ok othello "play b d3" "play w c3"
    analyze_ok othello "play b d3" "play w c3" "play b b3" "play w d2" "play b e1" "play w d6" \
        "play b d7" "play w e3" "play b f4"
    analyze_ok gomoku "play b H8" "play w H9" "play b J8" "play w J9" "play b K8"
    analyze_ok renju "play b H8" "play w H9" "play b J8" "play w J9" "play b K8" "play w K9" \
        "play b L8" "play w L9" "play b M8"
}

needs_gogui() {
    local t
    for t in java Xvfb xdotool import; do
        command -v "$t" >/dev/null || skip "needs $t"
    done
    [ -r "$GOGUI_DIR/gogui.jar" ] || skip "needs $GOGUI_DIR/gogui.jar"
}

# in_gogui GAME : a whole game in GoGui (scripts/gogui-match); its report
# is in $output, its files are $BATS_TEST_TMPDIR/GAME.*
in_gogui() {
    run env FLIPFIVE="$ENGINE" GOGUI_DIR="$GOGUI_DIR" timeout 600 \
        "$ROOT/scripts/gogui-match" -T 500 -g "$1" "$BATS_TEST_TMPDIR/$1.png"
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" =~ ok:\ GoGui\ showed\ \'((Black|White)\ wins\ \([BW]\+[0-9]+\)|Draw)\' ]]
    [[ "$output" == *"ok: no error answer"* ]]
    [[ "$output" == *"analyze entries ran and answered '='"* ]]
    [ -s "$BATS_TEST_TMPDIR/$1.png" ]
    [ -s "$BATS_TEST_TMPDIR/$1-analyze-0.png" ]
}

@test "GoGui: a whole Othello game, flipfive as program and ruler; the result dialog; analyze commands" {
    needs_gogui
    in_gogui othello
    [[ "$output" == *"7 analyze entries"* ]]
}

@test "GoGui: a whole Gomoku game" {
    needs_gogui
    in_gogui gomoku
    [[ "$output" == *"8 analyze entries"* ]]
}

@test "GoGui: a whole Renju game" {
    needs_gogui
    in_gogui renju
    [[ "$output" == *"9 analyze entries"* ]]
}
