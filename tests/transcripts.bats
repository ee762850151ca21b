#!/usr/bin/env bats
# Replays every transcript in protocol/transcripts/ byte for byte.

load test_helper

@test "transcript: framing (ids, comments, blank lines, tabs, case)" {
    replay "$TRANSCRIPTS/framing.gtp"
}

@test "transcript: errors change nothing" {
    replay "$TRANSCRIPTS/errors.gtp"
}

@test "transcript: whole games, passes and scores" {
    replay "$TRANSCRIPTS/games.gtp"
}

@test "transcript: the end of a game (closing passes, as gogui-twogtp sends them)" {
    replay "$TRANSCRIPTS/game-end.gtp"
}

@test "transcript: a Quarry session (pipelined, no ids, implied passes, EOF)" {
    replay "$TRANSCRIPTS/quarry-session.gtp"
}

@test "transcript: clock set before clear_board survives it (GoGui order)" {
    replay "$TRANSCRIPTS/clock-before-clear.gtp"
}

@test "transcript: clock set after clear_board (Quarry order)" {
    replay "$TRANSCRIPTS/clock-after-clear.gtp"
}

@test "transcript: clock set once, then many games" {
    replay "$TRANSCRIPTS/clock-many-games.gtp"
}

@test "transcript: time_left without time_settings is honoured" {
    replay "$TRANSCRIPTS/clock-time-left-only.gtp"
}

@test "transcript: flipfive-analyze on FFO #40, every move exact" {
    replay "$TRANSCRIPTS/analyze-ffo40.gtp"
}

@test "transcript: flipfive-analyze in the middle game and five-in-a-row" {
    replay "$TRANSCRIPTS/analyze-midgame.gtp"
}

@test "every transcript in protocol/transcripts is replayed here" {
    for f in "$TRANSCRIPTS"/*.gtp; do
        grep -q "$(basename "$f")" "$BATS_TEST_FILENAME"
    done
}
