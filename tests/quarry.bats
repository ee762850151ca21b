#!/usr/bin/env bats
# flipfive inside the real Quarry GUI (Debian package quarry) under its own
# Xvfb: a whole computer-vs-computer game must end with a result and no
# error reply. Skipped where Quarry, Xvfb, xdotool or ImageMagick are absent.

load test_helper

setup() {
    for t in /usr/games/quarry Xvfb xdotool import; do
        command -v "$t" >/dev/null || skip "needs $t"
    done
}

@test "Quarry: a 6x6 game, flipfive against itself, ends with a result" {
    local out="$BATS_TEST_TMPDIR/q"
    run timeout 300 "$ROOT/scripts/quarry-match.sh" -T 240 \
        "$ENGINE --level 2" "$ENGINE --level 3" 6 "$out.png"
    [ "$status" -eq 0 ]
    grep -q 'RE\[[BW0]' "$out.sgf"
    run ! grep -q ' < ?' "$out.gtp.log"
}
