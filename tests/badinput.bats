#!/usr/bin/env bats
# The bad-input matrix: every command of list_commands (so a new command is
# covered without editing this file) with missing, extra, blank, non-numeric,
# negative, huge and non-ASCII arguments, then framing oddities, game-state
# edge cases, broken SGF files and extreme clocks. Every case must get a
# framed reply (`?`, or `=` where that is right), the engine must neither
# crash nor hang, and after a `?` the `showboard` and `printsgf` replies must
# be byte-identical to what they were before the command.

load test_helper

# A game in progress (4 moves), so that undo, printsgf and showboard have
# something to lose.
PREFIX='play b d3\nplay w c3\nplay b c4\nplay w e3\n'
PREFIX_REPLIES=4

# What each command may do with arguments that are wrong for it:
#   fail      every case must be answered `?`
#   pure      `=` or `?`, and the state never changes (queries, settings
#             that showboard/printsgf do not show)
#   mutating  `=` may change the state (the case is its valid form)
# A command missing here (a new one) is held to the `mutating` rule.
declare -gA EXPECT=(
    [protocol_version]=pure [name]=pure [version]=pure [known_command]=pure
    [list_commands]=pure [quit]=pure [boardsize]=fail [clear_board]=mutating
    [komi]=pure [play]=fail [genmove]=fail [reg_genmove]=fail [undo]=mutating
    [showboard]=pure [final_score]=pure [time_settings]=fail [time_left]=fail
    [loadsgf]=fail [printsgf]=pure [list_games]=pure [set_game]=fail
    [gogui-interrupt]=pure [gogui-analyze_commands]=pure
    [gogui-rules_game_id]=pure [gogui-rules_board]=pure
    [gogui-rules_board_size]=pure [gogui-rules_legal_moves]=pure
    [gogui-rules_side_to_move]=pure [gogui-rules_final_result]=pure
    [flipfive-setboard]=fail [flipfive-perft]=fail [flipfive-set]=fail
    [flipfive-get]=pure [flipfive-analyze]=pure [flipfive-move_values]=pure
    [flipfive-pv]=pure [flipfive-params]=pure
    # commands of other branches, used when they arrive (vcf/vct: Othello is
    # not their game, so even the bare command fails here)
    [flipfive-solve]=fail [flipfive-forbidden]=pure [flipfive-vcf]=fail [flipfive-vct]=fail
)

# Commands whose bare form is valid but unbounded in the matrix position
# (an exact solve of a 56-empty Othello game): their bare form is left out.
declare -gA SKIP_BARE=([flipfive-solve]=1)

# Argument lists (printf %b escapes): none, blank, extra, non-numeric,
# negative, huge, non-ASCII, quotes, in the shapes 1, 2 and 3 arguments take.
ARGS=(
    '' ' \t  ' ' b a1 7 7 7 7 7 7 7'
    ' x' ' b x' ' b x 0' ' x y z'
    ' -1' ' b -1' ' -1 -1 -1' ' b -1 -1'
    ' 99999999999999999999' ' b 99999999999999999999'
    ' 99999999999999999999 99999999999999999999 99999999999999999999'
    ' b 99999999999999999999 99999999999999999999'
    ' \xc3\xa9' ' b \xc3\xa9' ' \xff\xfe \x80 \xc3\xa9' ' ""' " b ''"
)

# chain_run PREFIX NPREFIX LINE... : one fresh engine in an empty directory
# gets PREFIX (NPREFIX replies), showboard, printsgf, then every LINE followed
# by showboard and printsgf. Sets rc, framed (0 when every reply is framed)
# and, per case i (from 0), replies[i], befores[i] (the state the case met)
# and afters[i]; ncase is the number of cases that were answered.
chain_run() {
    local prefix=$1 p=$2 dir line
    shift 2
    dir=$(mktemp -d "$BATS_TEST_TMPDIR/case.XXXXXX")
    { printf '%b' "$prefix"; printf 'showboard\nprintsgf\n'
      for line in "$@"; do printf '%b\nshowboard\nprintsgf\n' "$line"; done; } >"$dir/in"
    rc=0
    (cd "$dir" && timeout 60 "$ENGINE" <in >out 2>err) || rc=$?
    framed=$(awk 'BEGIN { RS = "" } !/^[=?]/ { bad++ } END { print bad + 0 }' "$dir/out")
    [ ! -s "$dir/out" ] || [ "$(tail -c 2 "$dir/out" | od -An -c | tr -d ' ')" = '\n\n' ] || framed=unterminated
    # one record per case: reply, state before, state after (NUL-separated)
    replies=() befores=() afters=()
    local i=0 r b a
    while IFS= read -r -d '' r && IFS= read -r -d '' b && IFS= read -r -d '' a; do
        replies[i]=$r befores[i]=$b afters[i]=$a
        i=$((i + 1))
    done < <(awk -v p="$p" 'BEGIN { RS = "" } { para[NR] = $0 } END {
        for (i = 0; p + 5 + 3 * i <= NR; i++) {
            k = p + 3 + 3 * i
            printf "%s%c%s\n%s%c%s\n%s%c", para[k], 0, para[k - 2], para[k - 1], 0,
                   para[k + 1], para[k + 2], 0
        }
        if ((NR - p - 2) % 3 == 1) # a last case whose reply ended the engine (quit)
            printf "%s%c%c%c", para[NR], 0, 0, 0
    }' "$dir/out")
    ncase=$i
    rm -rf "$dir"
}

# case_run PREFIX NPREFIX LINE : one case; sets reply, before, after (strings).
case_run() {
    chain_run "$@"
    reply=${replies[0]-} before=${befores[0]-} after=${afters[0]-}
}

# check_chain NAME EXPECTATION LINE... : the cases of one command in one
# engine; prints a line per violation and returns 1 if there was any.
check_chain() {
    local name=$1 want=$2
    shift 2
    chain_run "$PREFIX" $PREFIX_REPLIES "$@"
    local i bad=0 why line
    for ((i = 0; i < $#; i++)); do
        line=${*:i+1:1}
        why=
        if [ "$i" -ge "$ncase" ]; then why="no reply (rc $rc, framed $framed)"
        elif [ "$want" = fail ] && [ "${replies[i]:0:1}" != "?" ]; then why="answered '${replies[i]}'"
        elif [ "$name" = quit ] && [ "${replies[i]:0:1}" = "=" ]; then
            [ "$i" -eq $(($# - 1)) ] && [ "$ncase" -eq "$#" ] || why="quit did not end the engine"
            continue
        elif [ "${replies[i]:0:1}" = "?" ] || [ "$want" = pure ]; then
            [ "${befores[i]}" = "${afters[i]}" ] || why="state changed (reply '${replies[i]}')"
        fi
        if [ -n "$why" ]; then
            printf 'FAIL %q: %s\n' "$line" "$why"
            bad=1
        fi
    done
    if [ "$rc" -ne 0 ] || [ "$framed" != 0 ]; then
        echo "FAIL $name: exit status $rc, framing $framed"
        bad=1
    fi
    return $bad
}

# argument_matrix NAME : every listed command with every argument list of
# ARGS, in the game PREFIX sets up; EXPECT and SKIP_BARE say what is right.
argument_matrix() {
    local cmds n=0 bad=0 c a
    cmds=$(printf 'list_commands\n' | "$ENGINE" | sed 's/^= //; /^$/d')
    [ "$(echo "$cmds" | wc -l)" -ge 20 ]
    [ "${EXPECT[play]}" = fail ] # the table is in scope (declare -g)
    for c in $cmds; do
        # the bare command last: for quit it is the one that ends the engine
        local lines=()
        for a in "${ARGS[@]:2}" "${ARGS[1]}" ""; do lines+=("$c$a"); done
        [ "$c" != quit ] || unset "lines[${#lines[@]}-2]" # blank = bare: it quits
        if [ -n "${SKIP_BARE[$c]:-}" ]; then unset "lines[${#lines[@]}-1]" "lines[${#lines[@]}-2]"; lines=("${lines[@]}"); fi
        n=$((n + ${#lines[@]}))
        check_chain "$c" "${EXPECT[$c]:-mutating}" "${lines[@]}" || bad=$((bad + 1))
    done
    echo "# argument matrix ($1): $(echo "$cmds" | wc -l) commands, $n cases, $bad failing commands" >&3
    [ "$bad" -eq 0 ]
}

@test "bad-input matrix: every listed command with every kind of bad argument" {
    argument_matrix Othello
}

@test "bad-input matrix: the same in a Renju game" {
    printf 'list_games\n' | "$ENGINE" | grep -q Renju || skip "no Renju"
    PREFIX='set_game Renju\nplay b H8\nplay w H9\nplay b J8\n'
    # the threat searches are at home here: their bare form answers
    EXPECT[flipfive-vcf]=pure EXPECT[flipfive-vct]=pure
    argument_matrix Renju
}

@test "bad-input matrix: framing (1 MiB line, NUL, CR-only, EOF mid-line, control bytes)" {
    local big
    big=$(head -c 1048576 /dev/zero | tr '\0' 'a')
    # Lines that are no command of the table: each must be refused (or, for
    # the last ones, ignored) without touching the state.
    check_chain framing fail "play b $big" "$big" "10 boardsize $big" "play $big d3" \
        'pl\x00ay b d3' 'genmove\x00 b' 'play b d\x003' '\x01\x02\x1b[2Jundo' '007 frobnicate' \
        '-1 name' 'play\x00 b d3' '\xef\xbb\xbfname'
    chain_run "$PREFIX" $PREFIX_REPLIES 'pl\x00ay b d3'
    [ "${replies[0]}" = "? unknown command" ]
    # ignored lines (empty after preprocessing) get no reply at all
    { printf '%b' "$PREFIX"; printf '# %s\n' "$big"; printf '\0\n\177\177\n\t\t\t\n12\n#\n   # undo\nname\n'; } >"$BATS_TEST_TMPDIR/ignored"
    run --separate-stderr timeout 30 "$ENGINE" <"$BATS_TEST_TMPDIR/ignored"
    [ "$status" -eq 0 ]
    [ "${#lines[@]}" -eq 5 ]
    [ "${lines[4]}" = "= flipfive" ]
}

@test "a line longer than the 16 MiB limit is refused with its id and the loop goes on" {
    run --separate-stderr bash -c "{ printf '7 play b '; head -c 17000000 /dev/zero | tr '\\\\0' x; printf '\\nname\\n'; } | timeout 60 '$ENGINE'"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "?7 syntax error (line too long)" ]
    [ "${lines[1]}" = "= flipfive" ]
}

@test "CR-only line ends: each CR ends a command" {
    gtp_raw 'name\rversion\rprotocol_version\r'
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "= flipfive" ]
    [ "${lines[2]}" = "= 2" ]
}

@test "EOF in the middle of a line: the partial line is still answered, exit 0" {
    gtp_raw 'name\n3 protocol_version'
    [ "$status" -eq 0 ]
    [ "${lines[1]}" = "=3 2" ]
}

@test "boardsize between moves: a good size starts over, a bad one changes nothing" {
    case_run "$PREFIX" $PREFIX_REPLIES 'boardsize 7'
    [ "$reply" = "? unacceptable size" ]
    [ "$before" = "$after" ]
    case_run "$PREFIX" $PREFIX_REPLIES 'boardsize 6'
    [ "${reply:0:1}" = "=" ]
    [[ "$after" == *"Othello 6x6, move 1"* ]]
    [[ "$after" == *"SZ[6])"* ]]
}

@test "undo past the start: the extra undo fails and leaves the start position" {
    case_run 'play b d3\nplay w c3\nundo\nundo\n' 4 'undo'
    [ "$reply" = "? cannot undo" ]
    [ "$before" = "$after" ]
    [[ "$after" == *"Othello 8x8, move 1"* ]]
}

@test "moves after the game ended: a point fails, a pass is recorded and undone" {
    local over='flipfive-setboard XXXXXXXXXXXXXXXO b\n' line c
    for line in 'play b a1' 'play w a1' 'play b d4' 'play w x9'; do
        case_run "$over" 1 "$line"
        [ "${reply:0:1}" = "?" ]
        [ "$before" = "$after" ]
    done
    case_run "$over" 1 'reg_genmove w'
    [ "$reply" = "= pass" ]
    [ "$before" = "$after" ]
    # a closing pass (as gogui-twogtp relays it) or a genmove: one more move
    # in the record, the same board and result; undo gives back the state
    for line in 'play b pass' 'play W PASS' 'genmove b' 'genmove w'; do
        chain_run "$over" 1 "$line" undo
        [ "$ncase" -eq 2 ]
        [[ "${replies[0]}" =~ ^=\ (pass)?$ ]]
        [ "${replies[1]}" = "= " ]
        c=$(printf '%s' "$line" | awk '{ print toupper(substr($2, 1, 1)) }')
        [[ "${afters[0]}" == *"Othello 4x4, move 2"* ]]
        [[ "${afters[0]}" == *"Game over: B+14"* ]]
        [[ "${afters[0]}" == *"PL[B]"$'\n'";${c}[])" ]]
        [ "$(grep -E '^ *[0-9]+ |^Black' <<<"${afters[0]}")" = \
          "$(grep -E '^ *[0-9]+ |^Black' <<<"${befores[0]}")" ]
        [ "${afters[1]}" = "${befores[0]}" ]
    done
}

@test "loadsgf of missing, empty, truncated, huge, binary, FIFO, directory and other-game files" {
    local d=$BATS_TEST_TMPDIR/sgf
    mkdir -p "$d"
    : >"$d/empty.sgf"
    printf '(;GM[2]SZ[8];B[dc];W[cc' >"$d/truncated.sgf"
    { printf '(;GM[2]SZ[8]C['; head -c 5000000 /dev/zero | tr '\0' a; printf '];B[dc])'; } >"$d/huge.sgf"
    head -c 4096 /dev/urandom >"$d/binary.sgf"
    printf '(;GM[1]SZ[19];B[pd];W[dp])' >"$d/go.sgf"
    printf '(;GM[3]SZ[8];B[dc])' >"$d/chess.sgf"
    printf '(;GM[2]SZ[7];B[dc])' >"$d/oddsize.sgf"
    printf '(;GM[2]SZ[8];B[aa])' >"$d/illegal.sgf"
    printf '(;GM[2]SZ[8];B[dc];W[cc];B[zz])' >"$d/offboard.sgf"
    mkfifo "$d/fifo.sgf"
    local lines=() f arg
    for f in missing.sgf empty.sgf truncated.sgf huge.sgf binary.sgf go.sgf chess.sgf \
        oddsize.sgf illegal.sgf offboard.sgf fifo.sgf . /dev/stdin /dev/null /dev/zero; do
        [ "${f:0:1}" = / ] || f=$d/$f
        for arg in "" " 0" " -1" " x" " 99999999999999999999" " 5 5"; do
            lines+=("loadsgf $f$arg")
        done
    done
    check_chain loadsgf fail "${lines[@]}"
    echo "# loadsgf: ${#lines[@]} cases" >&3
}

@test "time_left with 0 and negative time: accepted, and genmove still answers a legal move" {
    for t in 0 -1 -0.5 -99999 0.0; do
        for s in 0 1; do
            gtp 'time_settings 10 0 0' "time_left black $t $s" 'genmove black' 'gogui-rules_board'
            [ "$status" -eq 0 ]
            [ "${lines[0]}" = "= " ] || [ "${lines[0]}" = "=" ]
            [ "${lines[1]}" = "= " ] || [ "${lines[1]}" = "=" ]
            [[ "${lines[2]}" =~ ^=\ (C4|D3|E6|F5)$ ]]
        done
    done
    gtp 'time_left black 0 -1'
    [ "${lines[0]}" = "? syntax error" ]
}
