#!/usr/bin/env bats
# flipfive under gogui-twogtp, GoGui's match runner: what it needs from the
# engine (a clock it never reports, closing passes), then short matches of
# every game kind through scripts/twogtp-match. The matches are skipped where
# Java or ../shared/peers/gogui (or GOGUI_DIR) is absent.

load test_helper

GOGUI_DIR=${GOGUI_DIR:-$ROOT/../shared/peers/gogui}

needs_twogtp() {
    command -v java >/dev/null || skip "needs java"
    [ -r "$GOGUI_DIR/gogui-twogtp.jar" ] || skip "needs $GOGUI_DIR/gogui-twogtp.jar"
}

@test "a clock without time_left: each genmove is charged, a byo-yomi period restarts after its stones" {
    local fresh
    fresh=$(gtp_value "time_settings 0 2 3" "flipfive-budget white")
    [ "$fresh" = "0.613 0.920" ]
    # one stone of the period used: what is left is shared by two stones
    gtp "flipfive-set level 1" "time_settings 0 2 3" "genmove b" "genmove w" "flipfive-budget white" \
        "genmove b" "genmove w" "genmove b" "genmove w" "flipfive-budget white" \
        "time_left white 2 3" "flipfive-budget white"
    [ "${lines[4]}" != "= $fresh" ]
    [[ "${lines[4]}" =~ ^=\ 0\.9[0-2][0-9]\  ]]
    # three stones: a new period
    [ "${lines[9]}" = "= $fresh" ]
    # the host's time_left replaces the count
    [ "${lines[11]}" = "= $fresh" ]
}
