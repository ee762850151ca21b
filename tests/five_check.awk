# five_check.awk - who has a winning row on a board, independently of the
# engine. Input: gogui-rules_board rows (top row first; X black, O white,
# . empty; "= " may lead the first row). -v rule=freestyle|standard|renju.
# Prints "black", "white", "none" or "both", then "full" or "open".
function five(color,    need_exact, r, c, d, dr, dc, n, rr, cc, pr, pc) {
    need_exact = rule == "standard" || (rule == "renju" && color == "X")
    for (r = 0; r < size; r++)
        for (c = 0; c < size; c++) {
            if (b[r, c] != color) continue
            for (d = 0; d < 4; d++) {
                dr = DR[d]; dc = DC[d]
                pr = r - dr; pc = c - dc
                if (pr >= 0 && pc >= 0 && pc < size && b[pr, pc] == color) continue  # not the start of a run
                n = 0; rr = r; cc = c
                while (rr >= 0 && rr < size && cc >= 0 && cc < size && b[rr, cc] == color) { n++; rr += dr; cc += dc }
                if (need_exact ? n == 5 : n >= 5) return 1
            }
        }
    return 0
}
BEGIN { size = 0; DR[0] = 0; DC[0] = 1; DR[1] = 1; DC[1] = 0; DR[2] = 1; DC[2] = 1; DR[3] = 1; DC[3] = -1 }
{ sub(/^= ?/, ""); if (NF == 0) next; for (i = 1; i <= NF; i++) { b[size, i - 1] = $i; if ($i == ".") empty++ } size++ }
END {
    x = five("X"); o = five("O")
    print (x && o) ? "both" : x ? "black" : o ? "white" : "none"
    print empty ? "open" : "full"
}
