# ref_othello.awk - a deliberately plain Othello reference for the tests.
#
# It plays random games with its own move generator (eight directions, walk
# until a disc of the mover's colour) and writes a GTP script (cmds) and the
# replies a correct engine must give (expected). The engine never chooses a
# move here, so both files are known in advance and compared byte for byte.
#
# Variables: sizes="4 6 8" games=N (per size) seed=S cmds=FILE expected=FILE
#            implicit=1 (leave passes implied, as Quarry does, half the time)
#
# With mode=selfplay it writes instead random openings followed by genmove
# for both colours in turn; mode=verify then reads that script (cmds) and the
# engine's replies (replies=FILE) and checks every generated move: legal, and
# `pass` exactly when the colour had no move. It prints "ok N" (moves checked)
# or the first fault.

function letter(c) { return substr("ABCDEFGHIJKLMNOPQRSTUVWXYZ", c + 1, 1) }
function vertex(r, c) { return letter(c) (r + 1) }

function reset(   r, c, m) {
    for (r = 0; r < N; r++) for (c = 0; c < N; c++) B[r, c] = 0
    m = N / 2
    B[m - 1, m - 1] = 2; B[m, m] = 2; B[m - 1, m] = 1; B[m, m - 1] = 1
    side = 1
}

# Discs color would flip in direction (dr, dc) from (r, c).
function run(r, c, dr, dc, color,   n, rr, cc) {
    n = 0; rr = r + dr; cc = c + dc
    while (rr >= 0 && rr < N && cc >= 0 && cc < N && B[rr, cc] == 3 - color) {
        n++; rr += dr; cc += dc
    }
    if (n > 0 && rr >= 0 && rr < N && cc >= 0 && cc < N && B[rr, cc] == color) return n
    return 0
}

function legal(r, c, color,   dr, dc) {
    if (B[r, c] != 0) return 0
    for (dr = -1; dr <= 1; dr++) for (dc = -1; dc <= 1; dc++)
        if ((dr || dc) && run(r, c, dr, dc, color)) return 1
    return 0
}

# Fills MV[1..n] with the legal moves of color in row-major order.
function moves(color,   r, c, n) {
    n = 0
    for (r = 0; r < N; r++) for (c = 0; c < N; c++)
        if (legal(r, c, color)) MV[++n] = r SUBSEP c
    return n
}

function play(r, c, color,   dr, dc, n, k) {
    for (dr = -1; dr <= 1; dr++) for (dc = -1; dc <= 1; dc++) {
        if (!(dr || dc)) continue
        n = run(r, c, dr, dc, color)
        for (k = 1; k <= n; k++) B[r + k * dr, c + k * dc] = color
    }
    B[r, c] = color
}

function score(   r, c, b, w, e) {
    b = w = 0
    for (r = 0; r < N; r++) for (c = 0; c < N; c++) {
        if (B[r, c] == 1) b++
        else if (B[r, c] == 2) w++
    }
    e = N * N - b - w
    if (b > w) b += e
    else if (w > b) w += e
    if (b == w) return "0"
    return b > w ? "B+" (b - w) : "W+" (w - b)
}

function send(cmd, reply) {
    print cmd > cmds
    print reply > expected
    print "" > expected
}

function list_text(n, color,   i, s, p) {
    s = ""
    for (i = 1; i <= n; i++) {
        split(MV[i], p, SUBSEP)
        s = s (i > 1 ? " " : "") vertex(p[1], p[2])
    }
    return s
}

function one_game(   n, m, p, name, opp, implied) {
    send("boardsize " N, "= ")
    send("clear_board", "= ")
    implied = 0
    for (;;) {
        n = moves(side)
        opp = 3 - side
        if (n == 0 && moves(opp) == 0) {
            send("gogui-rules_legal_moves", "= ")
            send("final_score", "= " score())
            send("play black " vertex(0, 0), "? illegal move")
            return
        }
        n = moves(side)
        name = side == 1 ? "black" : "white"
        # After a pass left implied, the engine learns of it only from the
        # next play, so nothing is asked in between.
        if (!implied) {
            send("gogui-rules_side_to_move", "= " name)
            send("gogui-rules_legal_moves", "= " (n ? list_text(n, side) : "pass"))
        }
        implied = 0
        if (n == 0) {
            send("final_score", "? cannot score")
            send("play " (side == 1 ? "white" : "black") " pass", "? illegal move")
            if (implicit && rand() < 0.5)
                implied = 1
            else
                send("play " name " pass", "= ")
            side = opp
            continue
        }
        m = int(rand() * n) + 1
        split(MV[m], p, SUBSEP)
        play(p[1], p[2], side)
        send("play " name " " tolower(vertex(p[1], p[2])), "= ")
        side = opp
    }
}

function selfplay_game(   k, n, m, p, plies) {
    send("boardsize " N, "= ")
    send("clear_board", "= ")
    plies = int(rand() * 6)
    for (k = 0; k < plies; k++) {
        n = moves(side)
        if (n == 0) break
        m = int(rand() * n) + 1
        split(MV[m], p, SUBSEP)
        play(p[1], p[2], side)
        print "play " (side == 1 ? "black" : "white") " " vertex(p[1], p[2]) > cmds
        side = 3 - side
    }
    # Enough turns for any game: every genmove either fills a square or passes.
    for (k = 0; k < 2 * N * N; k++) {
        print "genmove " (side == 1 ? "black" : "white") > cmds
        side = 3 - side
    }
    print "final_score" > cmds
}

function fail(msg) {
    print "FAULT: " msg
    bad = 1
    exit 1
}

# Replays cmds against the replies, judging every genmove answer.
function verify(   line, w, reply, n, r, c, color, checked, k, ok) {
    checked = 0
    while ((getline line < cmds) > 0) {
        split(line, w, " ")
        # the reply of this command: the next non-empty line of replies
        do {
            if ((getline reply < replies) <= 0) fail("missing reply to " line)
        } while (reply == "")
        if (w[1] == "boardsize") { N = w[2] + 0; continue }
        if (w[1] == "clear_board") { reset(); continue }
        if (w[1] == "final_score") {
            if (moves(side) || moves(3 - side)) fail("game not over at the end")
            if (reply != "= " score()) fail("final_score " reply " expected " score())
            continue
        }
        color = w[2] == "black" ? 1 : 2
        if (w[1] == "play") {
            mv = toupper(w[3])
            if (color != side) side = color
        } else {
            if (substr(reply, 1, 2) != "= ") fail(line ": " reply)
            mv = toupper(substr(reply, 3))
            checked++
        }
        n = (color == side) ? moves(color) : -1
        if (color != side && moves(side) > 0) fail(line ": not " w[2] "'s turn")
        if (color != side) { side = color; n = moves(color) }
        if (mv == "PASS") {
            if (n > 0) fail(line ": pass with " n " legal moves")
            side = 3 - color
            continue
        }
        ok = 0
        for (k = 1; k <= n; k++) {
            split(MV[k], p, SUBSEP)
            if (vertex(p[1], p[2]) == mv) { ok = 1; r = p[1]; c = p[2] }
        }
        if (!ok) fail(line ": " mv " is not legal")
        play(r, c, color)
        side = 3 - color
    }
    print "ok " checked
}

BEGIN {
    srand(seed)
    if (mode == "verify") {
        verify()
        exit bad
    }
    ns = split(sizes, S, " ")
    for (i = 1; i <= ns; i++) {
        N = S[i] + 0
        for (g = 1; g <= games; g++) {
            reset()
            if (mode == "selfplay")
                selfplay_game()
            else
                one_game()
        }
    }
    close(cmds); close(expected)
}
