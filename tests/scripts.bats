#!/usr/bin/env bats
# The scripts of scripts/: each answers --help with its usage, at once and
# without doing its work (scripts/bench must not start the benchmark,
# scripts/memgrowth must not wait for games).

load test_helper

# header FILE : the comment block at the top of a script, as --help prints it.
header() { awk 'NR > 1 { if (!/^#/) exit; sub(/^# ?/, ""); print }' "$1"; }

@test "every script answers --help with its usage, exit status 0, nothing else done" {
    local f name out n=0 work=$BATS_TEST_TMPDIR/work
    mkdir "$work"
    for f in "$ROOT"/scripts/*; do
        [ -f "$f" ] && [ -x "$f" ] || continue
        name=${f##*/}
        # 60 s only bounds a loaded machine: the answer is immediate, and a
        # script that starts its work instead prints more than its usage.
        out=$(cd "$work" && timeout 60 "$f" --help 2>"$BATS_TEST_TMPDIR/err") ||
            { echo "$name --help: exit status $?"; false; }
        [ ! -s "$BATS_TEST_TMPDIR/err" ] || { echo "$name --help wrote to stderr:"; cat "$BATS_TEST_TMPDIR/err"; false; }
        if [ "$name" = match ]; then
            [[ "$out" == "Usage: scripts/match "* ]] # the referee's own --help
        else
            [ "$out" = "$(header "$f")" ] || { echo "$name --help printed more than its usage"; false; }
        fi
        [ -z "$(find "$work" -mindepth 1)" ] || { echo "$name --help left files"; false; }
        n=$((n + 1))
    done
    [ "$n" -ge 19 ]
}
