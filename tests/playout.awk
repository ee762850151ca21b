# playout.awk - writes a GTP script in which one engine plays a whole game
# of five-in-a-row against itself (mode=script), or checks the replies to
# such a script (mode=check, replies on stdin).
#
# script: -v game=Gomoku|Renju -v size=N -v rule=freestyle|standard
#         -v plies=N (genmove pairs to send; after the end they answer pass)
# Before every genmove the script asks gogui-rules_legal_moves; at the end
# final_score and gogui-rules_board.
# check:  every genmove answer is in the legal list just before it, or
# `pass` exactly when that list is empty; the game ends; prints the result
# (final_score), the board rows after it, and "moves N".
mode == "script" {
    next
}
function script() {
    print "set_game " game
    if (game == "Gomoku") print "flipfive-set rule " rule
    print "boardsize " size
    print "flipfive-set movetime 0.02"
    print "clear_board"
    for (i = 0; i < plies; i++) {
        print "gogui-rules_legal_moves"
        print "genmove " (i % 2 ? "white" : "black")
    }
    print "final_score"
    print "gogui-rules_board"
}
mode == "check" {
    reply[++n] = $0
}
function check(    nb, cur, i, k, base, moves, over, legal, mv) {
    # Replies are blocks separated by empty lines; rebuild them.
    nb = 0; cur = ""
    for (i = 1; i <= n; i++) {
        if (reply[i] == "") { blk[++nb] = cur; cur = ""; continue }
        cur = cur == "" ? reply[i] : cur "\n" reply[i]
    }
    base = (game == "Gomoku") ? 6 : 5   # set-up replies
    moves = 0; over = 0
    for (k = base; k + 1 <= nb - 2; k += 2) {
        legal = " " substr(blk[k], 3) " "
        mv = substr(blk[k + 1], 3)
        if (legal == "  ") {
            if (mv != "pass") { print "move after the end: " mv; return 1 }
            over = 1
            continue
        }
        if (over) { print "the game went on after it ended"; return 1 }
        if (index(legal, " " mv " ") == 0) { print "illegal move " mv " (legal:" legal ")"; return 1 }
        moves++
    }
    if (!over) { print "the game did not end"; return 1 }
    print substr(blk[nb - 1], 3)
    print blk[nb]
    print "moves " moves
    return 0
}
END {
    if (mode == "script") script()
    else exit check()
}
