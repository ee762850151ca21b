# Shared helpers for the bats suite. Every test drives the real binary
# through stdin/stdout; FLIPFIVE_BUILD picks the build (build, build/debug,
# build/sanitize). The suite needs bats 1.5.0 or later (run !, run
# --separate-stderr); Debian 12's bats is 1.8.2.
bats_require_minimum_version 1.5.0

# A call of a function or command that exists nowhere fails the test, also
# where bash would let it pass: inside $(...) (where "[ "$(f)" = "$(f)" ]"
# compares two empty strings), after !, or left of || and &&. The handler
# notes the name; teardown fails the test with it. A test file that needs a
# teardown of its own calls check_no_undefined_calls at its end.
command_not_found_handle() {
    printf 'undefined command or function: %s\n' "$1" >&2
    printf '%s\n' "$1" >>"$BATS_TEST_TMPDIR/.undefined-calls"
    return 127
}

check_no_undefined_calls() {
    local f=$BATS_TEST_TMPDIR/.undefined-calls
    if [ -s "$f" ]; then
        printf 'called but defined nowhere: %s\n' "$(sort -u "$f" | tr '\n' ' ')" >&2
        return 1
    fi
}

teardown() { check_no_undefined_calls; }

ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
BUILD="$ROOT/${FLIPFIVE_BUILD:-build}"
ENGINE="$BUILD/flipfive"
# shellcheck disable=SC2034 # for the test files
DATA="$BATS_TEST_DIRNAME/data"
# shellcheck disable=SC2034 # for the test files
TRANSCRIPTS="$ROOT/protocol/transcripts"

# gtp LINE... : pipes the lines to a fresh engine; $output has its stdout.
gtp() {
    # shellcheck disable=SC2016 # expanded by the inner bash
    run --separate-stderr bash -c 'printf "%s\n" "$@" | timeout 120 "$0"' "$ENGINE" "$@"
}

# gtp_raw BYTES : like gtp, but BYTES is a printf format (control chars etc.).
gtp_raw() {
    # shellcheck disable=SC2016 # expanded by the inner bash
    run --separate-stderr bash -c 'printf "$1" | timeout 120 "$0"' "$ENGINE" "$1"
}

# gtp_value LINE... : the body of the last reply, on one line.
gtp_value() {
    printf '%s\n' "$@" | timeout 300 "$ENGINE" | awk 'NF { last = $0 } END { sub(/^[=?][0-9]* ?/, "", last); print last }'
}

# replay FILE : sends the "> " lines of a transcript and checks that stdout is
# exactly the other lines (replies, with their empty terminating lines).
replay() {
    local file=$1 cmds expected actual
    cmds=$(mktemp) expected=$(mktemp) actual=$(mktemp)
    awk '/^> /{ print substr($0, 3); next } /^> ?$/{ print ""; next }' "$file" >"$cmds"
    awk '/^#! /{ next } /^>( |$)/{ next } { print }' "$file" >"$expected"
    timeout 120 "$ENGINE" <"$cmds" >"$actual"
    if ! cmp -s "$expected" "$actual"; then
        diff -u "$expected" "$actual" | head -60
        rm -f "$cmds" "$expected" "$actual"
        return 1
    fi
    rm -f "$cmds" "$expected" "$actual"
}

# state_after LINE... : what a fresh engine holds after the lines, as the
# replies to showboard and printsgf (position, side to move, move number,
# history); compare two of them to see that a command changed nothing.
state_after() {
    printf '%s\n' "$@" showboard printsgf | timeout 120 "$ENGINE" | last_replies 2
}

# last_replies N : the last N replies of the engine output on stdin.
last_replies() {
    awk -v n="$1" 'BEGIN { RS = "" } { r[NR] = $0 } END { for (i = NR - n + 1; i <= NR; i++) print r[i] }'
}
