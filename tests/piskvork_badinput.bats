#!/usr/bin/env bats
# The bad-input matrix of the Piskvork front end: every command of the
# command table (read from src/piskvork/pisk_commands.c, so a new command is
# covered without editing this file) with missing, blank, non-numeric,
# negative, huge, malformed and non-ASCII arguments, then framing oddities.
# Every line printed must be a protocol line, a command that owes a reply
# prints exactly one, the engine neither crashes nor hangs, and after an
# ERROR or UNKNOWN the board (SHOWBOARD) is what it was.

load test_helper

# A game in progress: 9x9, flipfive Black with two stones, one of White's.
PREFIX='START 9\nINFO max_depth 2\nBEGIN\nTURN 5,5\n'
PREFIX_LINES=3

# What each command may do with arguments that are wrong for it:
#   fail      every case answers ERROR or UNKNOWN
#   pure      whatever it answers, the board does not change
#   mutating  it may change the board (the case is a valid form of it)
# A command missing here (a new one) is held to the `mutating` rule.
declare -gA EXPECT=(
    [START]=fail [RECTSTART]=fail [RESTART]=mutating [BEGIN]=fail [TURN]=fail
    [BOARD]=mutating [DONE]=fail [INFO]=pure [END]=pure [ABOUT]=pure
    [TAKEBACK]=fail [PLAY]=fail [SWAP2BOARD]=mutating [YXBOARD]=mutating
    [YXSTOP]=pure [STOP]=pure [YXSHOWFORBID]=pure [YXNBEST]=fail
    [YXHASHCLEAR]=pure [YXSHOWINFO]=pure [YXSWAP2STEP1]=mutating
    [YXSWAP2STEP2]=pure [YXSWAP2STEP3]=pure [SHOWBOARD]=pure
    [YXBLOCK]=pure [YXBLOCKUNDO]=pure [YXQUERYDATABASEALL]=pure [YXQUERYDATABASEALLT]=pure
    [YXQUERYDATABASEONE]=pure [YXQUERYDATABASETEXT]=pure [YXEDITTEXTDATABASE]=pure
    [YXEDITLABELDATABASE]=pure [YXEDITTVDDATABASE]=pure [YXDELETEDATABASEONE]=pure
    [YXDELETEDATABASEALL]=pure [YXSETBESTMOVEDATABASE]=pure [YXCLEARBESTMOVEDATABASE]=pure
)

# Argument lists (printf %b escapes), none of them valid for a command that
# takes arguments.
ARGS=(
    '' ' \t  ' ' x' ' -1' ' 99999999999999999999' ' 7,' ' ,7' ' 7,7,7' ' 1e9,1'
    ' \xc3\xa9' ' \xff\xfe \x80' ' "7,7"' " '7'" ' 99,99' ' -1,-1' ' 0x7,7'
    ' 7,7 extra' ' 4,4;' ' 9,0' ' 0,9' ' 2147483648,1' ' +,+'
)

# The command table: "NAME REPLY_KIND" per line.
commands() {
    sed -n 's/^ *{"\([A-Z0-9_]*\)", *[a-z_0-9]*, *\(REPLY_[A-Z]*\),.*/\1 \2/p' "$ROOT/src/piskvork/pisk_commands.c"
}

# A line a Piskvork host can read.
protocol_line() {
    [[ $1 == OK || $1 == SWAP || $1 =~ ^[0-9]+,[0-9]+(\ [0-9]+,[0-9]+){0,2}$ ||
       $1 == "ERROR "* || $1 == "UNKNOWN "* || $1 == "MESSAGE "* || $1 == "FORBID "* ||
       $1 == "INFO "* || $1 == 'name="flipfive"'* ]]
}

# check_chain NAME KIND EXPECTATION LINE... : one engine gets PREFIX, then
# per case the line, DONE (which ends a BOARD-like command, and is refused
# otherwise) and SHOWBOARD. Prints a line per violation; 1 if any.
check_chain() {
    local name=$1 kind=$2 want=$3 dir rc=0 line i bad=0
    shift 3
    dir=$(mktemp -d "$BATS_TEST_TMPDIR/case.XXXXXX")
    # DONE itself gets no second DONE: its own refusal is its reply
    local done='DONE\n'
    [ "$name" != DONE ] || done=''
    { printf '%b' "$PREFIX"; printf 'SHOWBOARD\n'
      for line in "$@"; do printf '%b\n'"$done"'SHOWBOARD\n' "$line"; done; } >"$dir/in"
    (cd "$dir" && timeout 120 "$PBRAIN" --hash 1 <in >out 2>err) || rc=$?
    [ "$rc" -eq 0 ] || { echo "FAIL $name: exit status $rc"; bad=1; }
    while IFS= read -r line; do
        protocol_line "$line" || { echo "FAIL $name: not a protocol line: $line"; bad=1; }
    done <"$dir/out"
    # the output cut at the SHOWBOARD blocks: boards[k] and the lines before it
    local -a boards=() replies=()
    local k=0 cur='' block='' inblock=0
    while IFS= read -r line; do
        if [[ $line =~ ^MESSAGE\ {3}\ +0\ +1 ]]; then inblock=1 block=$line; continue; fi
        if ((inblock)); then
            block+=$'\n'$line
            if [[ $line == *"flipfive plays"* ]]; then
                boards[k]=$block replies[k]=$cur cur='' inblock=0 k=$((k + 1))
            fi
        elif [[ $line != "ERROR DONE without BOARD" || -z $done ]]; then
            cur+=${cur:+$'\n'}$line
        fi
    done < <(tail -n +$((PREFIX_LINES + 1)) "$dir/out")
    for ((i = 0; i < $#; i++)); do
        local case=${*:i+1:1} reply=${replies[i + 1]-} why=
        local owed
        owed=$(printf '%s\n' "$reply" | grep -vc '^MESSAGE \|^INFO \|^$' || true)
        if [ "$name" = END ]; then
            [ "$k" -eq 1 ] || why="END did not end the engine"
            break
        elif [ "$i" -ge $((k - 1)) ]; then why="no SHOWBOARD after it (engine gone?)"
        elif [ "$want" = fail ] && [[ $reply != ERROR* && $reply != UNKNOWN* ]]; then why="answered '$reply'"
        elif [ "$kind" = REPLY_ONE ] && [ "$owed" -ne 1 ]; then why="$owed reply lines: '$reply'"
        elif [ "$kind" = REPLY_NONE ] && [ "$owed" -ne 0 ]; then why="a reply to a command that has none: '$reply'"
        elif [[ $reply == ERROR* || $reply == UNKNOWN* || $want == pure ]] && [ "${boards[i]}" != "${boards[i + 1]}" ]; then
            why="board changed (reply '$reply')"
        fi
        if [ -n "$why" ]; then
            printf 'FAIL %q: %s\n' "$case" "$why"
            bad=1
        fi
    done
    rm -rf "$dir"
    return $bad
}

@test "Piskvork bad-input matrix: every command of the table with every kind of bad argument" {
    local n=0 bad=0 name kind a
    [ "$(commands | wc -l)" -ge 20 ]
    [ "${EXPECT[TURN]}" = fail ] # the table is in scope (declare -g)
    while read -r name kind; do
        local lines=()
        for a in "${ARGS[@]}"; do lines+=("$name$a"); done
        # the same in lower case, as Yixin-Board sends it
        lines+=("${name,,} 99,99")
        # END ends the engine: alone, last
        [ "$name" != END ] || lines=("END x")
        n=$((n + ${#lines[@]}))
        check_chain "$name" "$kind" "${EXPECT[$name]:-mutating}" "${lines[@]}" || bad=$((bad + 1))
    done < <(commands)
    echo "# Piskvork matrix: $(commands | wc -l) commands, $n cases, $bad failing commands" >&3
    [ "$bad" -eq 0 ]
}

@test "Piskvork bad-input matrix: BOARD lines (bad fields, points twice, off the board, junk)" {
    local l bad=0
    for l in '4,4,0' '4,4,4' '4,4,-1' '4,4,1,1' '4,4,' '4,4' '4;4;1' '9,4,1' '4,9,2' '-1,4,1' \
        '4,4,1\n4,4,2' 'x,y,z' '\xff' '4,4,1 junk' '99999999999999999999,1,1'; do
        check_chain BOARD REPLY_ONE fail "BOARD\n$l" || bad=1
    done
    [ "$bad" -eq 0 ]
}

@test "Piskvork game-state edge cases: each refused, the board kept" {
    # the prefix game has 4,4 (flipfive, first), 5,5 and flipfive's reply
    check_chain edge REPLY_ONE fail 'TAKEBACK 0,0' 'TAKEBACK 4,4' 'TURN 4,4' 'PLAY 5,5' 'BEGIN' \
        'START 4' 'RECTSTART 9,8' 'BOARD\n0,0,1\n1,0,1\n2,0,1\n3,0,1\n4,0,1\n5,5,2' \
        'SWAP2BOARD\n1,1\n1,1\n2,2' 'SWAP2BOARD\n1,1\n2,2' 'YXNBEST 0'
}

@test "Piskvork framing: a 2 MiB line, NUL, CR-only ends, BOM, control bytes, EOF mid-line" {
    local in=$BATS_TEST_TMPDIR/framing
    { printf 'START 9\n'; head -c 2097152 /dev/zero | tr '\0' 'a'; printf '\n'
      printf 'AB\x00OUT\rSTART 7\r\xef\xbb\xbfABOUT\n\x01\x02E\x7fND\x1b x\nABOUT\n'; } >"$in"
    run --separate-stderr timeout 60 "$PBRAIN" <"$in"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "OK" ]
    [ "${lines[1]}" = "UNKNOWN line too long" ]
    [ "${lines[2]}" = "UNKNOWN AB" ] # a NUL ends the line's text, as in GTP
    [ "${lines[3]}" = "OK" ]
    [[ "${lines[4]}" == "UNKNOWN "* ]] # a BOM is not ABOUT
    [ "${#lines[@]}" -eq 5 ] # control bytes dropped: END, and nothing after it
    # EOF in the middle of a line still runs it; in the middle of BOARD it ends
    run --separate-stderr bash -c "printf 'START 9\nABOUT' | '$PBRAIN'"
    [[ "${lines[1]}" == 'name="flipfive"'* ]]
    run --separate-stderr bash -c "printf 'START 9\nBOARD\n1,1,1\n' | '$PBRAIN'"
    [ "$status" -eq 0 ]
    [ "$output" = "OK" ]
}
