#!/usr/bin/env bats
# A short fuzz run for CI: each libFuzzer harness (src/fuzz/fuzz_*.c) runs
# FUZZ_CI_SECONDS (default 10) on its seed corpus, in a scratch directory.
# Skipped where clang's libFuzzer runtime is missing, and in the sanitizer
# run of the suite (the harnesses are sanitizer builds themselves).
# The long runs are `make fuzz FUZZ_SECONDS=N` (README, "Reliability").

load test_helper

setup_file() {
    if [ "${FLIPFIVE_BUILD:-build}" != build ]; then
        export FUZZ_SKIP="fuzzing runs with the default build only"
    elif ! command -v "${FUZZ_CC:-clang}" >/dev/null; then
        export FUZZ_SKIP="no clang"
    elif ! printf 'int LLVMFuzzerTestOneInput(const char *d, long n) { (void)d; (void)n; return 0; }\n' |
        "${FUZZ_CC:-clang}" -x c -fsanitize=fuzzer,address,undefined -o "$BATS_FILE_TMPDIR/probe" - 2>/dev/null; then
        export FUZZ_SKIP="no libFuzzer runtime for ${FUZZ_CC:-clang}"
    else
        make -s -C "$ROOT" fuzz-build >"$BATS_FILE_TMPDIR/build.log" 2>&1 ||
            export FUZZ_BUILD_FAILED=1
    fi
}

fuzz_short() {
    [ -z "${FUZZ_SKIP:-}" ] || skip "$FUZZ_SKIP"
    [ -z "${FUZZ_BUILD_FAILED:-}" ] || { cat "$BATS_FILE_TMPDIR/build.log"; false; }
    FUZZ_WORK="$BATS_TEST_TMPDIR" run "$ROOT/scripts/fuzz" "${FUZZ_CI_SECONDS:-10}" "$1"
    echo "$output"
    echo "# $output" >&3
    [ "$status" -eq 0 ]
    [[ "$output" == *"fuzz $1: "*" runs in "* ]]
}

@test "short fuzz: GTP front end (fuzz_gtp)" {
    fuzz_short gtp
}

@test "short fuzz: Piskvork front end (fuzz_pisk)" {
    fuzz_short pisk
}

@test "short fuzz: NBoard front end (fuzz_nboard)" {
    fuzz_short nboard
}

@test "short fuzz: SGF reader and record loader (fuzz_sgf)" {
    fuzz_short sgf
}

@test "every harness has a seed corpus" {
    for f in "$ROOT"/src/fuzz/fuzz_*.c; do
        local h=${f##*/fuzz_}
        h=${h%.c}
        [ "$(find "$ROOT/tests/fuzz/$h" -type f | wc -l)" -ge 5 ]
    done
}
