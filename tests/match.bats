#!/usr/bin/env bats
# The match referee (scripts/match, build/flipfive-match): short games on
# small boards between flipfive at low levels and deliberately broken
# engines (tests/data/engines/broken.sh).

load test_helper

MATCH="$BUILD/flipfive-match"
BROKEN="$DATA/engines/broken.sh"
FF="$ENGINE --level 1 --hash 1"

# match ARGS... : runs the referee; $output is stdout, $stderr stderr.
match() {
    run --separate-stderr timeout 120 "$MATCH" "$@"
}

# games_of FILE : the game records of a --json result, one per line, without
# the timing fields (which differ from run to run).
games_of() {
    grep '^{"id"' "$1" | sed 's/,"time":{.*//'
}

# json_ok FILE : brackets balance outside strings, strings close, and the
# top-level keys are there.
json_ok() {
    awk '
        { text = text $0 "\n" }
        END {
            depth = 0; instr = 0; esc = 0
            for (i = 1; i <= length(text); i++) {
                c = substr(text, i, 1)
                if (instr) {
                    if (esc) esc = 0
                    else if (c == "\\") esc = 1
                    else if (c == "\"") instr = 0
                    continue
                }
                if (c == "\"") instr = 1
                else if (c == "{" || c == "[") depth++
                else if (c == "}" || c == "]") { depth--; if (depth < 0) exit 1 }
            }
            if (depth != 0 || instr) exit 1
        }' "$1" &&
        grep -q '^{"match":{"game":' "$1" && grep -q '^"summary":{"games":' "$1" && grep -q '^"games":\[' "$1"
}

@test "match: --help prints the usage, bad options are refused" {
    match --help
    [ "$status" -eq 0 ]
    [[ "$output" == *"--tc SPEC"* ]]
    [[ "$output" == *"--shard I/N"* ]]
    match --tc 0+1/0 -- "$FF" "$FF"
    [ "$status" -eq 2 ]
    match --game chess -- "$FF" "$FF"
    [ "$status" -eq 2 ]
    # shellcheck disable=SC2154 # set by bats: run --separate-stderr
    [ "$stderr" = "flipfive-match: --game 'chess': expected othello, gomoku or renju" ]
    match --size 7 -- "$FF" "$FF"
    [ "$status" -eq 2 ]
    match -- "$FF"
    [ "$status" -eq 2 ]
    match -- "$FF" "'unterminated"
    [ "$status" -eq 2 ]
    match -- "$FF" "/nonexistent/engine"
    [ "$status" -eq 2 ]
    [[ "$stderr" == *"cannot run '/nonexistent/engine'"* ]]
}

@test "match: flipfive against itself on 6x6, table, JSON and one SGF per game" {
    match --size 6 --games 4 --json --sgf-dir "$BATS_TEST_TMPDIR/sgf" -- "$FF" "$ENGINE --level 2 --hash 1"
    [ "$status" -eq 0 ]
    printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/r.json"
    json_ok "$BATS_TEST_TMPDIR/r.json"
    [ "$(grep -c '^{"id"' "$BATS_TEST_TMPDIR/r.json")" -eq 4 ]
    [ "$(grep -c '"reason":"end"' "$BATS_TEST_TMPDIR/r.json")" -eq 4 ]
    grep -q '"summary":{"games":4,' "$BATS_TEST_TMPDIR/r.json"
    grep -q '"disc_diff":' "$BATS_TEST_TMPDIR/r.json"
    [ "$(find "$BATS_TEST_TMPDIR/sgf" -name '*.sgf' | wc -l)" -eq 4 ]
    # The table went to stderr, with the progress lines.
    [[ "$stderr" == *"Elo difference A - B:"* ]]
    [[ "$stderr" == *"Average disc difference A - B:"* ]]
    [[ "$stderr" == *"game 4: B black"* ]]
}

@test "match: openings are played twice with colours swapped" {
    match --size 6 --games 6 --json --quiet -- "$FF" "$FF"
    printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/r.json"
    o1=$(grep '"id":1,' "$BATS_TEST_TMPDIR/r.json" | sed 's/.*"opening":"\([^"]*\)".*/\1/')
    o2=$(grep '"id":2,' "$BATS_TEST_TMPDIR/r.json" | sed 's/.*"opening":"\([^"]*\)".*/\1/')
    o3=$(grep '"id":3,' "$BATS_TEST_TMPDIR/r.json" | sed 's/.*"opening":"\([^"]*\)".*/\1/')
    [ "$o1" = "$o2" ]
    [ "$o1" != "$o3" ]
    grep -q '"id":1,"black":"A","white":"B"' "$BATS_TEST_TMPDIR/r.json"
    grep -q '"id":2,"black":"B","white":"A"' "$BATS_TEST_TMPDIR/r.json"
}

@test "match: the same seed gives the same games, with -j 1 or -j 2" {
    match --size 6 --games 6 --seed 42 --json --quiet -- "$FF" "$FF"
    printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/a.json"
    match --size 6 --games 6 --seed 42 --json --quiet -j 2 -- "$FF" "$FF"
    printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/b.json"
    match --size 6 --games 6 --seed 43 --json --quiet -- "$FF" "$FF"
    printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/c.json"
    [ "$(games_of "$BATS_TEST_TMPDIR/a.json" | wc -l)" -eq 6 ]
    diff <(games_of "$BATS_TEST_TMPDIR/a.json") <(games_of "$BATS_TEST_TMPDIR/b.json")
    [ "$(games_of "$BATS_TEST_TMPDIR/a.json")" != "$(games_of "$BATS_TEST_TMPDIR/c.json")" ]
}

@test "match: a sharded run merged equals the unsharded run" {
    local d=$BATS_TEST_TMPDIR
    match --size 6 --games 8 --seed 5 --json --quiet -- "$FF" "$ENGINE --level 2 --hash 1"
    printf '%s\n' "$output" >"$d/all.json"
    for k in 1 2 3; do
        match --size 6 --games 8 --seed 5 --json --quiet --shard $k/3 -- "$FF" "$ENGINE --level 2 --hash 1"
        [ "$status" -eq 0 ]
        printf '%s\n' "$output" >"$d/s$k.json"
    done
    # Shards take whole colour-swapped pairs.
    [ "$(grep -c '^{"id"' "$d/s1.json")" -eq 4 ]
    [ "$(grep -c '^{"id"' "$d/s3.json")" -eq 2 ]
    run --separate-stderr "$ROOT/scripts/match-merge" --json "$d/s3.json" "$d/s1.json" "$d/s2.json"
    [ "$status" -eq 0 ]
    printf '%s\n' "$output" >"$d/merged.json"
    json_ok "$d/merged.json"
    diff <(games_of "$d/all.json") <(games_of "$d/merged.json")
    # The merged table is the unsharded one.
    run "$ROOT/scripts/match-merge" "$d/s1.json" "$d/s2.json" "$d/s3.json"
    merged_table=$(printf '%s\n' "$output" | sed -n '/games   wins/,/Elo/p')
    run "$ROOT/scripts/match-merge" "$d/all.json"
    [ "$merged_table" = "$(printf '%s\n' "$output" | sed -n '/games   wins/,/Elo/p')" ]
    # A game twice, or results of another match, are refused.
    run "$ROOT/scripts/match-merge" "$d/s1.json" "$d/s1.json"
    [ "$status" -eq 2 ]
}

# broken_match MODE EXTRA... : 2 games of flipfive against a broken engine
# that plays 2 moves through flipfive and then misbehaves.
broken_match() {
    local mode=$1
    shift
    match --size 6 --games 4 --json "$@" -- "$FF" "$BROKEN $mode 2 $FF"
    [ "$status" -eq 0 ]
    printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/r.json"
    json_ok "$BATS_TEST_TMPDIR/r.json"
    # Every game was played and lost by B, the match went on to the end.
    [ "$(grep -c '^{"id"' "$BATS_TEST_TMPDIR/r.json")" -eq 4 ]
    grep -q '"wins":4,"losses":0' "$BATS_TEST_TMPDIR/r.json"
    [[ "$stderr" != *"left a"* ]]
}

@test "match: an engine playing an illegal move loses each game by it" {
    broken_match illegal
    [ "$(grep -c '"reason":"illegal","fault":"B"' "$BATS_TEST_TMPDIR/r.json")" -eq 4 ]
    grep -q '"result":"B+F"' "$BATS_TEST_TMPDIR/r.json"
    grep -q '"result":"W+F"' "$BATS_TEST_TMPDIR/r.json"
    grep -q '"detail":"B played white C3: illegal move"' "$BATS_TEST_TMPDIR/r.json"
    grep -q '"faults":{"A":{"illegal":0,.*"B":{"illegal":4,' "$BATS_TEST_TMPDIR/r.json"
}

@test "match: an engine answering garbage loses each game by it" {
    broken_match garbage
    [ "$(grep -c '"reason":"garbage","fault":"B"' "$BATS_TEST_TMPDIR/r.json")" -eq 4 ]
    grep -q "with 'banana'" "$BATS_TEST_TMPDIR/r.json"
}

@test "match: an engine exiting mid-game loses each game as a crash" {
    broken_match exit
    [ "$(grep -c '"reason":"crash","fault":"B"' "$BATS_TEST_TMPDIR/r.json")" -eq 4 ]
    grep -q "(exit 3)" "$BATS_TEST_TMPDIR/r.json"
    # Two moves were played before it died.
    grep -q '"id":1,.*"plies":9,' "$BATS_TEST_TMPDIR/r.json"
}

@test "match: an engine too slow for the clock loses on time and is killed" {
    broken_match slow --tc 0+0.3/1 --margin 0.1
    [ "$(grep -c '"reason":"time","fault":"B"' "$BATS_TEST_TMPDIR/r.json")" -eq 4 ]
    grep -q '"result":"B+T"' "$BATS_TEST_TMPDIR/r.json"
    # It sleeps 3 s a move: the referee did not wait for its answer (that
    # would read "B took 3.0x s"), it gave up at the deadline, 0.4 s (0.41 s
    # at a load of 16 on two cores). The match's wall time is no measure:
    # at a load of 12 the four games' start-ups alone took over 10 s.
    local waited
    waited=$(grep -o '"detail":"B: no move within [0-9.]* s' "$BATS_TEST_TMPDIR/r.json" |
        awk '{ print $(NF - 1) }')
    [ "$(printf '%s\n' "$waited" | wc -l)" -eq 4 ]
    printf '%s\n' "$waited" | awk '$1 >= 2.5 { exit 1 }'
}

@test "match: a hung engine without a clock loses by --timeout" {
    # The limit covers every command of both engines, the set-up replies of a
    # freshly started sanitizer build on a loaded machine included (2 s was
    # too little under a load of 15); it only has to stay well below the
    # broken engine's 30 s.
    broken_match slow --timeout 10
    [ "$(grep -c '"reason":"timeout","fault":"B"' "$BATS_TEST_TMPDIR/r.json")" -eq 4 ]
}

@test "match: genmove errors and resignations end the game" {
    broken_match error
    [ "$(grep -c '"reason":"error","fault":"B"' "$BATS_TEST_TMPDIR/r.json")" -eq 4 ]
    broken_match resign
    [ "$(grep -c '"reason":"resign","fault":null' "$BATS_TEST_TMPDIR/r.json")" -eq 4 ]
    grep -q '"result":"W+R"' "$BATS_TEST_TMPDIR/r.json"
}

@test "match: a minimal GTP engine that only says '=' is judged too" {
    match --size 6 --games 2 --json --quiet -- "$FF" "$BROKEN garbage"
    [ "$status" -eq 0 ]
    [ "$(printf '%s\n' "$output" | grep -c '"reason":"garbage"')" -eq 2 ]
    # It knows no set_game or time commands: only boardsize/clear_board/play.
    match --size 6 --games 1 --quiet --log-dir "$BATS_TEST_TMPDIR/log" -- "$BROKEN illegal" "$FF"
    grep -q '^A> boardsize 6' "$BATS_TEST_TMPDIR/log/game-00001.log"
    run ! grep -q '^A> set_game' "$BATS_TEST_TMPDIR/log/game-00001.log"
    grep -q '^B> set_game Othello' "$BATS_TEST_TMPDIR/log/game-00001.log"
}

@test "match: the referee sends clocks as time_settings and time_left" {
    match --size 6 --games 1 --quiet --tc 30+5/2 --log-dir "$BATS_TEST_TMPDIR/log" -- "$FF" "$FF"
    [ "$status" -eq 0 ]
    local log=$BATS_TEST_TMPDIR/log/game-00001.log
    grep -q '^A> time_settings 30 5 2$' "$log"
    grep -q '^B> time_settings 30 5 2$' "$log"
    grep -q '^A> time_left black 30 0$' "$log"
    # time_left always comes right before genmove, to the side to move only.
    awk '/^A> genmove/ && prev !~ /^A> time_left black/ { exit 1 } /^A> / { prev = $0 }' "$log"
    match --size 6 --games 1 --quiet --tc 0+1/1 --log-dir "$BATS_TEST_TMPDIR/log2" -- "$FF" "$FF"
    grep -q '^A> time_settings 0 1 1$' "$BATS_TEST_TMPDIR/log2/game-00001.log"
    grep -q '^A> time_left black 1 1$' "$BATS_TEST_TMPDIR/log2/game-00001.log"
}

@test "match: --tc-a/--tc-b give one engine a clock of its own" {
    local d=$BATS_TEST_TMPDIR
    match --size 6 --games 2 --json --quiet --tc 0+1/1 --tc-b none --log-dir "$d/log" --sgf-dir "$d/sgf" \
        -- "$FF" "$FF"
    [ "$status" -eq 0 ]
    [[ "$output" == *'"tc":"A 0+1/1, B none"'* ]]
    grep -q '^A> time_settings 0 1 1$' "$d/log/game-00001.log"
    grep -q '^A> time_left black 1 1$' "$d/log/game-00001.log"
    run ! grep -q '^B> time_' "$d/log/game-00001.log"
    # One TM for both sides in SGF: none here, the comment says who had what.
    run ! grep -q 'TM\[' "$d/sgf/game-00001.sgf"
    grep -q 'Clock: A 0+1/1, B none' "$d/sgf/game-00001.sgf"
    grep -q 'BL\[' "$d/sgf/game-00001.sgf"
    run ! grep -q 'WL\[' "$d/sgf/game-00001.sgf"
    match --size 6 --games 1 --tc-a 0+1/0 -- "$FF" "$FF"
    [ "$status" -eq 2 ]
}

@test "match: a whole-game clock runs out across moves" {
    # 1 s for the whole game and an engine 0.3 s late on every move: its
    # flag falls on its fourth move or so, while 1 s per move is plenty.
    match --size 6 --games 2 --json --quiet --tc 1 --margin 0.05 -- "$FF" "$BROKEN lag 1 $FF"
    [ "$status" -eq 0 ]
    [ "$(printf '%s\n' "$output" | grep -c '"reason":"time","fault":"B"')" -eq 2 ]
    [[ "$output" == *'"detail":"B: no move within'* ]]
    match --size 6 --games 1 --json --quiet --tc 0+1/1 --max-moves 12 -- "$FF" "$BROKEN lag 1 $FF"
    [[ "$output" == *'"reason":"move-limit"'* ]]
}

@test "match: SGF records load in flipfive (loadsgf/printsgf round trip)" {
    local d=$BATS_TEST_TMPDIR
    match --size 6 --games 4 --json --quiet --sgf-dir "$d/sgf" -- "$FF" "$ENGINE --level 2 --hash 1"
    printf '%s\n' "$output" >"$d/r.json"
    local checked=0
    for id in 1 2 3 4; do
        sgf=$(printf '%s/sgf/game-%05d.sgf' "$d" $id)
        grep -q 'GM\[2\]SZ\[6\]' "$sgf"
        grep -q 'PB\[flipfive' "$sgf"
        grep -q 'C\[[0-9.]* s\]' "$sgf"
        run bash -c "printf 'loadsgf %s\nprintsgf\nfinal_score\n' '$sgf' | '$ENGINE'"
        [ "${lines[0]}" = "= " ]
        # Same moves, in the same order, as the referee wrote them.
        diff <(grep -o ';[BW]\[[a-z]*\]' "$sgf") <(printf '%s\n' "$output" | grep -o ';[BW]\[[a-z]*\]')
        # flipfive's score is the referee's result (a draw is "0").
        re=$(grep -o 'RE\[[^]]*\]' "$sgf" | sed 's/RE\[\(.*\)\]/\1/;s/^Draw$/0/')
        [ -n "$re" ]
        [ "${lines[-1]}" = "= $re" ]
        checked=$((checked + 1))
    done
    [ "$checked" -eq 4 ]
}

@test "match: implicit passes are never sent, explicit ones are" {
    # 6x6 games with these openings need passes (seen in the moves list).
    match --size 6 --games 4 --json --quiet --implicit-pass B --log-dir "$BATS_TEST_TMPDIR/log" -- "$FF" "$FF"
    printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/r.json"
    grep -q '"moves":"[^"]* pass ' "$BATS_TEST_TMPDIR/r.json"
    [ "$(grep -c '"reason":"end"' "$BATS_TEST_TMPDIR/r.json")" -eq 4 ]
    run ! grep -q '^B> play [a-z]* pass' "$BATS_TEST_TMPDIR"/log/*.log
    grep -q '^A> play [a-z]* pass' "$BATS_TEST_TMPDIR"/log/*.log
    # An implicit-pass engine is never asked to move when it has to pass.
    run ! grep -q '^B< = pass' "$BATS_TEST_TMPDIR"/log/*.log
}

@test "match: an engine that refuses 'play c pass' gets implied passes, and it is said" {
    local d=$BATS_TEST_TMPDIR
    match --size 6 --games 4 --json --log-dir "$d/log" -- "$FF" "$BROKEN nopass 1 $FF"
    [ "$status" -eq 0 ]
    printf '%s\n' "$output" >"$d/r.json"
    # The same openings need passes (see the test above); every game is
    # played out, none lost by the refusal.
    grep -q '"moves":"[^"]* pass ' "$d/r.json"
    [ "$(grep -c '"reason":"end"' "$d/r.json")" -eq 4 ]
    grep -q '"implied_pass":"B"' "$d/r.json"
    [[ "$stderr" == *"B answered '?' to 'play COLOR pass' (game "*"as --implicit-pass B does"* ]]
    # After the refusal, no pass is relayed to B in that game.
    local log
    log=$(grep -l "^# referee: B answered '?' to 'play [a-z]* pass'" "$d"/log/*.log | head -1)
    [ -n "$log" ]
    [ "$(sed -n "/^# referee: B answered/,\$p" "$log" | grep -c '^B> play [a-z]* pass')" -eq 0 ]
}

# starts_of FILE : how many times the engine logging into FILE was started.
starts_of() { wc -l <"$1"; }

@test "match: --restart off keeps each engine's process across the games" {
    local d=$BATS_TEST_TMPDIR
    # Each engine notes its starts; the referee also starts each once to ask
    # its name (the probe).
    local a="sh -c 'echo A >>$d/starts-a; exec $FF' ff" b="sh -c 'echo B >>$d/starts-b; exec $FF' ff"
    match --size 6 --games 4 --json --quiet --tc 0+1/1 --restart off --log-dir "$d/log" -- "$a" "$b"
    [ "$status" -eq 0 ]
    [ "$(printf '%s\n' "$output" | grep -c '"reason":"end"')" -eq 4 ]
    [ "$(starts_of "$d/starts-a")" -eq 2 ]
    [ "$(starts_of "$d/starts-b")" -eq 2 ]
    # Game 1 sets the engines up, time_settings before clear_board (as
    # GoGui and gogui-twogtp send it); later games only start a new one.
    local g1=$d/log/game-00001.log g2=$d/log/game-00002.log
    [ "$(sed -n 's/^A> \(set_game\|time_settings\|boardsize\|clear_board\)/\1/p' "$g1")" = \
      "$(printf '%s\n' 'set_game Othello' 'time_settings 0 1 1' 'boardsize 6' 'clear_board')" ]
    [ "$(grep -m2 '^A> ' "$g2" | cut -c4-)" = "$(printf '%s\n' 'boardsize 6' 'clear_board')" ]
    run ! grep -q 'time_settings\|known_command\|set_game' "$g2"
    # The default: a fresh process for every game.
    rm -f "$d/starts-a"
    match --size 6 --games 4 --quiet -- "$a" "$FF"
    [ "$status" -eq 0 ]
    [ "$(starts_of "$d/starts-a")" -eq 5 ]
    # With -j 2, one process per job.
    rm -f "$d/starts-a"
    match --size 6 --games 4 --quiet --restart off -j 2 -- "$a" "$FF"
    [ "$status" -eq 0 ]
    [ "$(starts_of "$d/starts-a")" -eq 3 ]
    match --restart maybe -- "$FF" "$FF"
    [ "$status" -eq 2 ]
}

@test "match: --restart off starts a crashed or killed engine again for the next game" {
    broken_match exit --restart off
    [ "$(grep -c '"reason":"crash","fault":"B"' "$BATS_TEST_TMPDIR/r.json")" -eq 4 ]
    broken_match slow --restart off --tc 0+1/1 --margin 0.2
    [ "$(grep -c '"reason":"time","fault":"B"' "$BATS_TEST_TMPDIR/r.json")" -eq 4 ]
    # An engine that only lost a game (an illegal move) stays up.
    broken_match illegal --restart off
    [ "$(grep -c '"reason":"illegal","fault":"B"' "$BATS_TEST_TMPDIR/r.json")" -eq 4 ]
}

@test "match: --restart off keeps the implied passes learnt in one game for the next" {
    local d=$BATS_TEST_TMPDIR
    match --size 6 --games 4 --json --quiet --restart off --log-dir "$d/log" -- "$FF" "$BROKEN nopass 1 $FF"
    [ "$status" -eq 0 ]
    [ "$(printf '%s\n' "$output" | grep -c '"reason":"end"')" -eq 4 ]
    [ "$(cat "$d"/log/*.log | grep -c "^# referee: B answered '?'")" -eq 1 ]
}

@test "match: opening files in every notation, bad lines named" {
    local f=$BATS_TEST_TMPDIR/open.txt
    printf '%s\n' '# comment' '' 'f5d6c3' 'F5 D6 C3 d3' 'tiger | f5d6c3d3c4  # named' \
        '-1,-2, -2,-2' '8 f5 f6' >"$f"
    match --openings "$f" --json --quiet --max-moves 12 -- "$FF" "$FF"
    [ "$status" -eq 0 ]
    printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/r.json"
    [ "$(grep -c '^{"id"' "$BATS_TEST_TMPDIR/r.json")" -eq 10 ]
    grep -q '"id":1,.*"opening":"F5 D6 C3"' "$BATS_TEST_TMPDIR/r.json"
    grep -q '"id":5,.*"opening":"F5 D6 C3 D3 C4"' "$BATS_TEST_TMPDIR/r.json"
    grep -q '"id":7,.*"opening":"D3 C3"' "$BATS_TEST_TMPDIR/r.json"
    grep -q '"id":9,.*"opening":"F5 F6"' "$BATS_TEST_TMPDIR/r.json"
    printf '%s\n' 'f5d6' 'f5f5' >"$f"
    match --openings "$f" -- "$FF" "$FF"
    [ "$status" -eq 2 ]
    [[ "$stderr" == *"open.txt:2: f5: illegal move"* ]]
    printf '%s\n' '10 f5' >"$f"
    match --openings "$f" -- "$FF" "$FF"
    [ "$status" -eq 2 ]
    [[ "$stderr" == *"opening is for size 10"* ]]
    match --openings "$ROOT/scripts/openings/othello8.txt" --games 2 --quiet -- "$FF" "$FF"
    [ "$status" -eq 0 ]
}

@test "match: --max-moves adjudicates a draw" {
    match --size 6 --games 2 --json --quiet --max-moves 10 -- "$FF" "$FF"
    [ "$(printf '%s\n' "$output" | grep -c '"result":"Draw","winner":"draw",.*"reason":"move-limit"')" -eq 2 ]
}

@test "match: engine commands are split like a shell, without one" {
    mkdir -p "$BATS_TEST_TMPDIR/dir with space"
    cp "$BROKEN" "$BATS_TEST_TMPDIR/dir with space/eng ine.sh"
    match --size 6 --games 1 --json --quiet -- "$FF" "'$BATS_TEST_TMPDIR/dir with space/eng ine.sh' \"gar\"bage"
    [ "$status" -eq 0 ]
    [[ "$output" == *'"reason":"garbage"'* ]]
    match --size 6 --games 1 --json --quiet -- "$FF" "$BATS_TEST_TMPDIR/dir\\ with\\ space/eng\\ ine.sh garbage"
    [[ "$output" == *'"reason":"garbage"'* ]]
}

@test "match: no engine process or zombie is left behind" {
    local d=$BATS_TEST_TMPDIR/marker-$$
    mkdir -p "$d"
    cp "$BROKEN" "$d/broken.sh"
    # The proxies' engines carry the marker too (a link to flipfive).
    ln -s "$ENGINE" "$d/ff"
    local ff="$d/ff --level 1 --hash 1"
    match --size 6 --games 2 --quiet --tc 0+1/1 --margin 0.2 -j 2 -- "$FF" "$d/broken.sh slow 1 $ff"
    [ "$status" -eq 0 ]
    [[ "$stderr" != *"left a"* ]]
    match --size 6 --games 2 --quiet -- "$d/broken.sh exit 1 $ff" "$FF"
    [[ "$stderr" != *"left a"* ]]
    match --size 6 --games 2 --quiet --restart off --tc 0+1/1 --margin 0.2 -- "$d/broken.sh slow 1 $ff" "$ff"
    [[ "$stderr" != *"left a"* ]]
    # Killed process groups take the proxies' children along; give init a
    # moment to reap the orphans.
    for _ in 1 2 3 4 5 6 7 8 9 10; do
        pgrep -f "[m]arker-$$" >/dev/null || break
        sleep 0.3
    done
    run ! pgrep -f "[m]arker-$$"
    [ -z "$(ps -eo ppid=,stat= | awk -v p=$$ '$1 == p && $2 ~ /^Z/')" ]
}

@test "match: flipfive against gtp-rhino, with implicit passes" {
    [ -x /usr/games/gtp-rhino ] || skip "gtp-rhino (package grhino) is not installed"
    match --games 2 --json --quiet --tc 0+1/1 --implicit-pass B --sgf-dir "$BATS_TEST_TMPDIR/sgf" -- "$FF" "/usr/games/gtp-rhino -l 1"
    [ "$status" -eq 0 ]
    [ "$(printf '%s\n' "$output" | grep -c '"reason":"end"')" -eq 2 ]
    [[ "$output" == *'"name":"GTP GRhino'* ]]
}

# has_game NAME : flipfive's registry plays NAME (Gomoku and Renju come from
# another branch; these tests run once it is merged).
has_game() {
    printf 'list_games\n' | "$ENGINE" | grep -qx "$1\|= $1"
}

@test "match: Gomoku games, judged and saved as GM[4] that loadsgf reads" {
    has_game Gomoku || skip "Gomoku is not in this build's registry"
    local d=$BATS_TEST_TMPDIR
    match --game gomoku --size 9 --rule standard --games 2 --json --quiet --max-moves 60 \
        --sgf-dir "$d/sgf" --log-dir "$d/log" -- "$FF" "$ENGINE --level 2 --hash 1"
    [ "$status" -eq 0 ]
    printf '%s\n' "$output" >"$d/r.json"
    json_ok "$d/r.json"
    [ "$(grep -c '"fault":null' "$d/r.json")" -eq 2 ]
    grep -q '^A> flipfive-set rule standard' "$d/log/game-00001.log"
    grep -q '^A> set_game Gomoku' "$d/log/game-00001.log"
    sgf=$d/sgf/game-00001.sgf
    grep -q 'GM\[4\]SZ\[9\]' "$sgf"
    run bash -c "printf 'loadsgf %s\nprintsgf\n' '$sgf' | '$ENGINE'"
    [ "${lines[0]}" = "= " ]
    diff <(grep -o ';[BW]\[[a-z]*\]' "$sgf") <(printf '%s\n' "$output" | grep -o ';[BW]\[[a-z]*\]')
}

@test "match: Renju, black's forbidden point loses the game" {
    has_game Renju || skip "Renju is not in this build's registry"
    # After this opening J8 makes two open threes for Black.
    echo 'G8 A1 H8 A3 J9 A5 J10 A7' >"$BATS_TEST_TMPDIR/open.txt"
    match --game renju --openings "$BATS_TEST_TMPDIR/open.txt" --games 1 --json --quiet -- "$BROKEN move:J8" "$FF"
    [ "$status" -eq 0 ]
    [[ "$output" == *'"result":"W+F","winner":"B","score":0,"reason":"forbidden","fault":"A"'* ]]
    # 52 games of 3 moves: one process per engine and job (--restart off);
    # 104 engine starts took over 120 s at a load of 15, 171 s at 19.
    run --separate-stderr timeout 900 "$MATCH" --game renju --openings "$ROOT/scripts/openings/renju26.txt" \
        --max-moves 3 --quiet --restart off -j 2 -- "$FF" "$FF"
    [ "$status" -eq 0 ]
    [[ "$output" == *"52 of 52 games"* ]]
}

@test "match: Canadian byo-yomi, main time first, then periods of moves" {
    # 1 s main time, then 2 s for every 2 moves; B takes 0.3 s a move.
    match --size 6 --games 1 --json --quiet --tc 1+2/2 --max-moves 20 --log-dir "$BATS_TEST_TMPDIR/log" \
        -- "$FF" "$BROKEN lag 1 $FF"
    [ "$status" -eq 0 ]
    [[ "$output" == *'"reason":"move-limit"'* ]]
    local log=$BATS_TEST_TMPDIR/log/game-00001.log
    grep -q '^B> time_settings 1 2 2$' "$log"
    grep -q '^B> time_left white 1 0$' "$log"
    grep -q '^B> time_left white 0 0$' "$log"
    grep -q '^B> time_left white 2 2$' "$log"
    grep -q '^B> time_left white 1 1$' "$log"
    # Main time comes first, periods after it.
    [ "$(grep -n '^B> time_left white 2 2$' "$log" | head -1 | cut -d: -f1)" -gt \
      "$(grep -n '^B> time_left white 0 0$' "$log" | head -1 | cut -d: -f1)" ]
}

# ------------------------------------------------------ Piskvork and NBoard

PB="$BUILD/pbrain-flipfive --hash 1"
BROKEN_PISK="$DATA/engines/broken-pisk.sh"

@test "match: pisk:CMD engines; flipfive plays the same games through GTP and Piskvork" {
    local d=$BATS_TEST_TMPDIR
    match --game gomoku --games 2 --json --quiet -- "$ENGINE --depth 3 --hash 1" "$ENGINE --depth 3 --hash 1"
    [ "$status" -eq 0 ]
    games_of <(printf '%s\n' "$output") | sed 's/"result".*"moves"/"moves"/' >"$d/gtp"
    match --game gomoku --games 2 --json --quiet -- "pisk:$PB --depth 3" "pisk:$PB --depth 3"
    [ "$status" -eq 0 ]
    games_of <(printf '%s\n' "$output") | sed 's/"result".*"moves"/"moves"/' >"$d/pisk"
    match --game gomoku --games 2 --json --quiet -- "$ENGINE --depth 3 --hash 1" "piskvork:$PB --depth 3"
    [ "$status" -eq 0 ]
    games_of <(printf '%s\n' "$output") | sed 's/"result".*"moves"/"moves"/' >"$d/mixed"
    cat "$d/gtp"
    [ "$(wc -l <"$d/gtp")" -eq 2 ]
    cmp "$d/gtp" "$d/pisk"
    cmp "$d/gtp" "$d/mixed"
    grep -q '"detail":"game over' "$d/gtp"
    # the engine's name comes from ABOUT
    printf '%s\n' "$output" | grep -q '"name":"flipfive 0.1.0","command":"piskvork:'
}

@test "match: Renju through Piskvork, and a Piskvork engine for Othello is refused" {
    match --game renju --games 2 --json --quiet -- "$FF" "pisk:$PB --level 1"
    [ "$status" -eq 0 ]
    [ "$(printf '%s\n' "$output" | grep -c '"reason":"end"')" -eq 2 ]
    match --game othello -- "$FF" "pisk:$PB"
    [ "$status" -eq 2 ]
    [[ "$stderr" == *"a pisk engine cannot play Othello 8x8"* ]]
    match --game gomoku -- "$FF" "nboard:$FF"
    [ "$status" -eq 2 ]
    match --game gomoku -- "$FF" "pisk,depth:$PB"
    [ "$status" -eq 2 ]
}

# pisk_broken MODE EXTRA... : 2 games of flipfive against a broken Piskvork
# engine; every game lost by B.
pisk_broken() {
    local mode=$1
    shift
    match --game gomoku --games 2 --json "$@" -- "$FF" "pisk:$BROKEN_PISK $mode"
    [ "$status" -eq 0 ]
    printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/r.json"
    json_ok "$BATS_TEST_TMPDIR/r.json"
    [ "$(grep -c '^{"id"' "$BATS_TEST_TMPDIR/r.json")" -eq 2 ]
    grep -q '"wins":2,"losses":0' "$BATS_TEST_TMPDIR/r.json"
    [[ "$stderr" != *"left a"* ]]
}

@test "match: Piskvork faults: no OK to START, ERROR instead of a move, garbage, off the board" {
    pisk_broken nook
    [ "$(grep -c '"reason":"setup","fault":"B"' "$BATS_TEST_TMPDIR/r.json")" -eq 2 ]
    grep -q "answered 'ERROR no' to 'START 15'" "$BATS_TEST_TMPDIR/r.json"
    pisk_broken error --tc 0+0.3/1 --margin 0.1
    [ "$(grep -c '"reason":"error","fault":"B"' "$BATS_TEST_TMPDIR/r.json")" -eq 2 ]
    grep -q 'ERROR cannot think now' "$BATS_TEST_TMPDIR/r.json"
    pisk_broken garbage
    [ "$(grep -c '"reason":"garbage","fault":"B"' "$BATS_TEST_TMPDIR/r.json")" -eq 2 ]
    pisk_broken offboard
    [ "$(grep -c '"reason":"illegal","fault":"B"' "$BATS_TEST_TMPDIR/r.json")" -eq 2 ]
}

@test "match: Piskvork faults: an occupied point, a crash, too slow for the clock" {
    local open=$BATS_TEST_TMPDIR/open.txt
    printf '0,0, 1,0, 0,1\n' >"$open" # the centre, 7,7, is taken
    pisk_broken move:7,7 --openings "$open"
    [ "$(grep -c '"reason":"illegal","fault":"B"' "$BATS_TEST_TMPDIR/r.json")" -eq 2 ]
    pisk_broken exit
    [ "$(grep -c '"reason":"crash","fault":"B"' "$BATS_TEST_TMPDIR/r.json")" -eq 2 ]
    SECONDS=0
    pisk_broken slow --tc 0+0.3/1 --margin 0.1
    [ "$(grep -c '"reason":"time","fault":"B"' "$BATS_TEST_TMPDIR/r.json")" -eq 2 ]
    [ "$SECONDS" -lt 10 ]
}

@test "match: Renju judged by flipfive's rules: a Piskvork engine's forbidden point loses" {
    local open=$BATS_TEST_TMPDIR/open.txt
    # Black's 6,7 7,7 8,8 8,9 make 8,7 a double three; Black to move
    printf -- '-1,0, -7,-7, 0,0, 7,7, 1,1, -7,7, 1,2, 7,-7\n' >"$open"
    match --game renju --games 2 --json --openings "$open" -- "$FF" "pisk:$BROKEN_PISK move:8,7"
    [ "$status" -eq 0 ]
    # B is Black in game 2: its 8,7 is forbidden; in game 1 it is White, and
    # 8,7 is legal once, then occupied
    printf '%s\n' "$output" | grep -q '"id":2,.*"reason":"forbidden","fault":"B"'
    printf '%s\n' "$output" | grep -q '"id":1,.*"reason":"illegal","fault":"B"'
}

@test "match: MESSAGE, DEBUG, a stray ERROR and SUGGEST/PLAY do not stop a Piskvork engine" {
    match --game gomoku --games 2 --json --log-dir "$BATS_TEST_TMPDIR/logs" -- \
        "$FF" "pisk:$BROKEN_PISK chatty $PB --level 1"
    [ "$status" -eq 0 ]
    [ "$(printf '%s\n' "$output" | grep -c '"reason":"end"')" -eq 2 ]
    grep -q '^B> PLAY [0-9]*,[0-9]*$' "$BATS_TEST_TMPDIR/logs/game-00001.log"
    grep -q '^B< ERROR Unknown command: NOTHING$' "$BATS_TEST_TMPDIR/logs/game-00001.log"
}

@test "match: the Piskvork clock: timeout_turn, timeout_match and time_left as the referee counts" {
    match --game gomoku --games 1 --tc 0+1/1 --log-dir "$BATS_TEST_TMPDIR/l1" -- "$FF" "pisk:$PB --level 1"
    [ "$status" -eq 0 ]
    local log=$BATS_TEST_TMPDIR/l1/game-00001.log
    grep -q '^B> INFO timeout_match 0$' "$log"
    grep -q '^B> INFO timeout_turn 1000$' "$log"
    grep -q '^B> INFO time_left 2147483647$' "$log"
    # a whole-game clock: the game time, and what is left before each move
    match --game gomoku --games 1 --tc 30 --log-dir "$BATS_TEST_TMPDIR/l2" -- "$FF" "pisk:$PB --level 1"
    [ "$status" -eq 0 ]
    log=$BATS_TEST_TMPDIR/l2/game-00001.log
    grep -q '^B> INFO timeout_match 30000$' "$log"
    [ "$(grep -c '^B> INFO time_left 30000$' "$log")" -eq 1 ]
    [ "$(grep '^B> INFO time_left' "$log" | sort -u | wc -l)" -gt 1 ]
}

@test "match: --tc-a/--tc-b for Piskvork engines: each gets its own clock's INFO" {
    match --game gomoku --games 1 --tc 0+1/1 --tc-a none --max-moves 10 --log-dir "$BATS_TEST_TMPDIR/l" \
        -- "pisk:$PB --level 1" "pisk:$PB --level 1"
    [ "$status" -eq 0 ]
    local log=$BATS_TEST_TMPDIR/l/game-00001.log
    grep -q '^B> INFO timeout_match 0$' "$log"
    grep -q '^B> INFO timeout_turn 1000$' "$log"
    # A has no clock: no turn limit, no game time, an unlimited time_left
    run ! grep -q '^A> INFO timeout_' "$log"
    grep -q '^A> INFO time_left 2147483647$' "$log"
}

@test "match: --restart off keeps a Piskvork engine: RESTART for the next game, START if it is refused" {
    local d=$BATS_TEST_TMPDIR
    local b="sh -c 'echo B >>$d/starts-b; exec $PB --level 1' pb"
    match --game gomoku --games 4 --json --quiet --tc 0+1/1 --max-moves 20 --restart off --log-dir "$d/log" \
        -- "$FF" "pisk:$b"
    [ "$status" -eq 0 ]
    [ "$(printf '%s\n' "$output" | grep -c '"reason":"move-limit"')" -eq 4 ]
    # the probe, then one process for the four games
    [ "$(starts_of "$d/starts-b")" -eq 2 ]
    grep -q '^B> START 15$' "$d/log/game-00001.log"
    grep -q '^B> INFO rule 0$' "$d/log/game-00001.log"
    for g in 2 3 4; do
        [ "$(grep -m1 '^B> ' "$d/log/game-0000$g.log")" = "B> RESTART" ]
        run ! grep -q '^B> START\|^B> INFO rule\|^B> INFO timeout_match' "$d/log/game-0000$g.log"
    done
    # RESTART is optional: an engine without it gets START, and plays on
    match --game gomoku --games 2 --json --quiet --max-moves 10 --restart off --log-dir "$d/log2" \
        -- "$FF" "pisk:$BROKEN_PISK norestart $PB --level 1"
    [ "$status" -eq 0 ]
    [ "$(printf '%s\n' "$output" | grep -c '"reason":"move-limit"')" -eq 2 ]
    [ "$(grep -A3 '^B> RESTART$' "$d/log2/game-00002.log")" = \
      "$(printf '%s\n' 'B> RESTART' 'B< UNKNOWN RESTART' 'B> START 15' 'B< OK')" ]
}

@test "match: NBoard engines (nboard,copy=DIR:CMD) against NTest, where it is" {
    local ntest=$ROOT/../shared/peers/ntest
    [ -x "$ntest/ntest" ] || skip "no NTest in $ntest"
    local before
    before=$(find "${TMPDIR:-/tmp}" -maxdepth 1 -name 'flipfive-match-*' | wc -l)
    match --games 2 --tc 0+0.5/1 --json --log-dir "$BATS_TEST_TMPDIR/nb" -- \
        "$ENGINE --hash 1" "nboard,copy=$ntest,depth=4:./ntest x"
    [ "$status" -eq 0 ]
    printf '%s\n' "$output" | grep -q '"name":"Ntest4"'
    [ "$(printf '%s\n' "$output" | grep -c '"reason":"end"')" -eq 2 ]
    grep -q '^B> set game (;GM\[Othello\]' "$BATS_TEST_TMPDIR/nb/game-00001.log"
    grep -q '^B< === [A-H][1-8]' "$BATS_TEST_TMPDIR/nb/game-00001.log"
    # its copies are gone, the shared folder untouched
    [ "$(find "${TMPDIR:-/tmp}" -maxdepth 1 -name 'flipfive-match-*' | wc -l)" -eq "$before" ]
}

@test "match: --restart off keeps an NBoard engine and its copy, where NTest is" {
    local ntest=$ROOT/../shared/peers/ntest
    [ -x "$ntest/ntest" ] || skip "no NTest in $ntest"
    local before
    before=$(find "${TMPDIR:-/tmp}" -maxdepth 1 -name 'flipfive-match-*' | wc -l)
    match --games 2 --json --restart off --log-dir "$BATS_TEST_TMPDIR/nb" -- \
        "$ENGINE --level 1 --hash 1" "nboard,copy=$ntest,depth=2:./ntest x"
    [ "$status" -eq 0 ]
    [ "$(printf '%s\n' "$output" | grep -c '"reason":"end"')" -eq 2 ]
    # game 2: no new hello, a ping, then the new game as "set game"
    grep -q '^B> nboard 2$' "$BATS_TEST_TMPDIR/nb/game-00001.log"
    run ! grep -q '^B> nboard 2$' "$BATS_TEST_TMPDIR/nb/game-00002.log"
    [[ "$(grep -m1 '^B> ' "$BATS_TEST_TMPDIR/nb/game-00002.log")" == "B> ping "* ]]
    grep -q '^B< === [A-H][1-8]' "$BATS_TEST_TMPDIR/nb/game-00002.log"
    [ "$(find "${TMPDIR:-/tmp}" -maxdepth 1 -name 'flipfive-match-*' | wc -l)" -eq "$before" ]
}

# evals_match SGF LOG COLOR SIGN : the V[] of COLOR's moves in the record are
# SIGN times the evals of the NBoard engine's "=== M/E" answers in the log
# (B> lines), in order, and there is at least one.
evals_match() {
    paste -d ' ' <(grep -o "$3\[[a-h][a-h]\]V\[[^]]*\]" "$1" | sed 's/.*V\[\(.*\)\]/\1/') \
        <(sed -n 's#^B< === [A-Ha-h][1-8][/ ]\([^/ ]\{1,\}\)[/ ].*#\1#p' "$2") |
        awk -v sign="$4" 'NF != 2 || $1 != sign * $2 { bad++ } END { exit NR == 0 || bad }'
}

@test "match: an NBoard engine's eval goes into the SGF as V[], for Black; a move without one has none" {
    local d=$BATS_TEST_TMPDIR nb="$ENGINE --protocol nboard --level 1 --hash 1"
    match --games 2 --plies 4 --seed 5 --sgf-dir "$d/sgf" --log-dir "$d/log" -- "$FF" "nboard:$nb"
    [ "$status" -eq 0 ]
    # game 1: B, the NBoard engine, is White: V[] is minus its own eval
    grep -q '^B< === [A-H][1-8]/-\{0,1\}[0-9]*\.[0-9][0-9]/' "$d/log/game-00001.log"
    evals_match "$d/sgf/game-00001.sgf" "$d/log/game-00001.log" W -1
    evals_match "$d/sgf/game-00002.sgf" "$d/log/game-00002.log" B 1
    # A speaks GTP, which gives no eval
    run ! grep -q 'B\[[a-h][a-h]\]V\[' "$d/sgf/game-00001.sgf"
    run ! grep -q 'W\[[a-h][a-h]\]V\[' "$d/sgf/game-00002.sgf"
    # Edax's "=== m eval time" is read as well; an eval that is not a number is left out
    printf '#!/bin/sh\n%s | sed -u "s#^=== \\([^/]*\\)/\\([^/]*\\)/#=== \\1 \\2 #"\n' "$nb" > "$d/edax.sh"
    printf '#!/bin/sh\n%s | sed -u "s#^=== \\([^/]*\\)/[^/]*/#=== \\1/x/#"\n' "$nb" > "$d/bad.sh"
    match --games 1 --plies 4 --seed 5 --sgf-dir "$d/sgf2" --log-dir "$d/log2" -- "$FF" "nboard:sh $d/edax.sh"
    [ "$status" -eq 0 ]
    grep -q '^B< === [A-H][1-8] -\{0,1\}[0-9]*\.[0-9][0-9] ' "$d/log2/game-00001.log"
    evals_match "$d/sgf2/game-00001.sgf" "$d/log2/game-00001.log" W -1
    match --games 1 --plies 4 --seed 5 --sgf-dir "$d/sgf3" --log-dir "$d/log3" -- "$FF" "nboard:sh $d/bad.sh"
    [ "$status" -eq 0 ]
    grep -q '^B< === [A-H][1-8]/x/' "$d/log3/game-00001.log"
    run ! grep -q 'V\[' "$d/sgf3/game-00001.sgf"
}
