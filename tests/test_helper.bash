# Shared helpers for the bats suite. Every test drives the real binary
# through stdin/stdout; FLIPFIVE_BUILD picks the build (build, build/debug,
# build/sanitize).
bats_require_minimum_version 1.5.0

ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
BUILD="$ROOT/${FLIPFIVE_BUILD:-build}"
ENGINE="$BUILD/flipfive"
PBRAIN="$BUILD/pbrain-flipfive"
DATA="$BATS_TEST_DIRNAME/data"
TRANSCRIPTS="$ROOT/protocol/transcripts"

# gtp LINE... : pipes the lines to a fresh engine; $output has its stdout.
gtp() {
    run --separate-stderr bash -c 'printf "%s\n" "$@" | timeout 120 "$0"' "$ENGINE" "$@"
}

# gtp_raw BYTES : like gtp, but BYTES is a printf format (control chars etc.).
gtp_raw() {
    run --separate-stderr bash -c 'printf "$1" | timeout 120 "$0"' "$ENGINE" "$1"
}

# gtp_value LINE... : the body of the last reply, on one line.
gtp_value() {
    printf '%s\n' "$@" | timeout 300 "$ENGINE" | awk 'NF { last = $0 } END { sub(/^[=?][0-9]* ?/, "", last); print last }'
}

# replay FILE [ENGINE] : sends the "> " lines of a transcript and checks that
# stdout is exactly the other lines (replies, with their empty terminating
# lines for GTP); ENGINE defaults to flipfive.
replay() {
    local file=$1 engine=${2:-$ENGINE} cmds expected actual
    cmds=$(mktemp) expected=$(mktemp) actual=$(mktemp)
    awk '/^> /{ print substr($0, 3); next } /^> ?$/{ print ""; next }' "$file" >"$cmds"
    awk '/^#! /{ next } /^>( |$)/{ next } { print }' "$file" >"$expected"
    timeout 120 "$engine" <"$cmds" >"$actual"
    if ! cmp -s "$expected" "$actual"; then
        diff -u "$expected" "$actual" | head -60
        rm -f "$cmds" "$expected" "$actual"
        return 1
    fi
    rm -f "$cmds" "$expected" "$actual"
}

# last_replies N : the last N replies of the engine output on stdin.
last_replies() {
    awk -v n="$1" 'BEGIN { RS = "" } { r[NR] = $0 } END { for (i = NR - n + 1; i <= NR; i++) print r[i] }'
}
