# cgc_board.awk - the board at the end of one game of a c-gomoku-cli log
# (-log: "NAME <- command" and "NAME -> reply" lines), as rows for
# five_check.awk: X black, O white, . empty, the row of y = 0 first.
# -v game=K (1-based), -v size=N. The moves are the engines' "x,y" replies
# in order from the first START of each game; the last one is the move the
# manager judged, which its SGF leaves out when it calls it a foul.
/ <- START / { if (moves || !started) { games++; moves = 0 } started = 1; next }
/ -> [0-9]+,[0-9]+$/ && games == game {
    split($NF, p, ",")
    cell[p[2], p[1]] = moves % 2 ? "O" : "X"
    moves++
}
END {
    for (y = 0; y < size; y++) {
        row = ""
        for (x = 0; x < size; x++) row = row ((y, x) in cell ? cell[y, x] : ".") (x < size - 1 ? " " : "")
        print row
    }
}
