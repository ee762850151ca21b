#!/usr/bin/env bats
# The test helper's own guards: a test that calls a function or command
# defined nowhere fails, even where bash alone would let it pass.

load test_helper

# guarded BODY : runs a one-test bats file with BODY under the helper.
guarded() {
    local f=$BATS_TEST_TMPDIR/guarded.bats
    printf '%s\n' "load '$BATS_TEST_DIRNAME/test_helper'" '@test "t" {' "$1" '}' >"$f"
    run bats "$f"
}

# shellcheck disable=SC2016 # the bodies are code for the inner bats
@test "helper: an undefined function fails the test, also inside \$(...), after ! and left of ||" {
    guarded '    [ "$(no_such_helper a)" = "$(no_such_helper b)" ]'
    [ "$status" -ne 0 ]
    [[ "$output" == *"called but defined nowhere: no_such_helper"* ]]
    guarded '    ! no_such_helper; true'
    [ "$status" -ne 0 ]
    guarded '    no_such_helper || true'
    [ "$status" -ne 0 ]
    guarded '    [ "$(printf x)" = x ]'
    [ "$status" -eq 0 ]
}

@test "helper: state_after is the position and the record after the lines" {
    [ -n "$(state_after)" ]
    [ "$(state_after "play black d3")" != "$(state_after)" ]
    [ "$(state_after "play black d3" "play black d3")" = "$(state_after "play black d3")" ]
}
