#!/usr/bin/env bats
# flipfive inside the real Yixin-Board (../shared/peers/yixin-board) under its
# own Xvfb (scripts/yixin-match.sh): a whole Renju game played to a result,
# Black's forbidden points marked, a Multi-PV analysis drawn, the engine's
# traffic clean. Skipped where Yixin-Board, GTK 3, Xvfb, xdotool or
# ImageMagick are absent.

load test_helper

YIXIN="$ROOT/../shared/peers/yixin-board"

setup() {
    [ -x "$YIXIN/Yixin" ] || skip "no Yixin-Board in $YIXIN"
    for t in Xvfb xdotool import; do
        command -v "$t" >/dev/null || skip "needs $t"
    done
    ! ldd "$YIXIN/Yixin" | grep -q 'not found' || skip "Yixin-Board's libraries (GTK 3) are missing"
}

@test "Yixin-Board: a whole Renju game, forbidden points and a Multi-PV, three screenshots" {
    local out="$BATS_TEST_TMPDIR/yx"
    # a move costs 3-4 s here (1 s of thought, the GUI's steps around it):
    # 1000 s let even a game that fills the board end by the rules (a 480 s
    # limit once stopped a drawn-out game at move 144)
    run timeout 1100 "$ROOT/scripts/yixin-match.sh" -e "$PBRAIN" -T 1000 "$out"
    echo "$output"
    [ "$status" -eq 0 ]
    # the game ended by the rules, as flipfive's loadsgf replays it
    [[ "$output" == *"(loadsgf, final_score): = "[BW]+* ]]
    # Yixin-Board was told of forbidden points, and drew three lines
    grep -q '< FORBID [0-9][0-9]*\.$' "$out/engine.log"
    grep -q '< INFO NUMPV 3$' "$out/engine.log"
    # every line flipfive printed is one Yixin-Board reads
    [ "$(grep -E ' E < ' "$out/engine.log" | grep -cvE ' E < (OK|[0-9]+,[0-9]+|FORBID [0-9]*\.|MESSAGE .*|INFO .*)$')" -eq 0 ]
    [ -s "$out/game.png" ] && [ -s "$out/forbid.png" ] && [ -s "$out/multipv.png" ]
}
