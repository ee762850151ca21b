# renju_cases.awk - turns renju-forbidden-cases.txt (or the VCF puzzle file)
# into GTP: one flipfive-setboard per case (15x15, renju notation: columns
# a..o with i, row 1 at the bottom), followed by the command CMD (default
# flipfive-forbidden). With -v expect=1 it prints instead, per case, the id
# and the expected forbidden points as sorted GTP vertices (I skipped).
function gtp_vertex(pt,    col, row) {
    col = index("abcdefghijklmno", substr(pt, 1, 1))
    row = substr(pt, 2) + 0
    return substr("ABCDEFGHJKLMNOP", col, 1) row
}
function flush(    cells, i, n, pts, r, c, side) {
    if (id == "")
        return
    for (i = 0; i < 225; i++)
        cells[i] = "-"
    n = split(black, pts, " ")
    for (i = 1; i <= n; i++) {
        c = index("abcdefghijklmno", substr(pts[i], 1, 1)) - 1
        r = 15 - substr(pts[i], 2)
        cells[r * 15 + c] = "X"
    }
    n = split(white, pts, " ")
    for (i = 1; i <= n; i++) {
        c = index("abcdefghijklmno", substr(pts[i], 1, 1)) - 1
        r = 15 - substr(pts[i], 2)
        cells[r * 15 + c] = "O"
    }
    if (expect) {
        n = split(forbidden, pts, " ")
        line = ""
        for (i = 1; i <= n; i++) {
            if (pts[i] == "none")
                continue
            sub(/=.*/, "", pts[i])
            line = line " " gtp_vertex(pts[i])
        }
        print id line
    } else {
        board = ""
        for (i = 0; i < 225; i++)
            board = board cells[i]
        side = tomove == "white" ? "O" : "X"
        print "flipfive-setboard " board " " side
        print (cmd == "" ? "flipfive-forbidden" : cmd)
    }
    id = ""
}
/^(case|puzzle):/ { flush(); id = $2; black = white = forbidden = tomove = "" }
/^black:/ { black = substr($0, 7) }
/^white:/ { white = substr($0, 7) }
/^forbidden:/ { forbidden = substr($0, 11) }
/^to-move:/ { tomove = $2 }
END { flush() }
