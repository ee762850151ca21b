/*
 * gtp_commands.h - flipfive's GTP command table, which main() and the
 * fuzzers pass to the loop, and the handlers that live outside
 * gtp_commands.c but belong in it (the flipfive-* and gogui-* extensions).
 */
#ifndef FLIPFIVE_GTP_COMMANDS_H
#define FLIPFIVE_GTP_COMMANDS_H

#include "gtp.h"

/* Every command flipfive answers, in list_commands order; ends with an
 * entry without name. */
extern const GtpCommand gtp_commands[];

/* gtp_ext.c */
void gtp_cmd_gogui_interrupt(Gtp *g, int argc, char **argv);
void gtp_cmd_gogui_analyze_commands(Gtp *g, int argc, char **argv);
void gtp_cmd_gogui_rules_game_id(Gtp *g, int argc, char **argv);
void gtp_cmd_gogui_rules_board(Gtp *g, int argc, char **argv);
void gtp_cmd_gogui_rules_board_size(Gtp *g, int argc, char **argv);
void gtp_cmd_gogui_rules_legal_moves(Gtp *g, int argc, char **argv);
void gtp_cmd_gogui_rules_side_to_move(Gtp *g, int argc, char **argv);
void gtp_cmd_gogui_rules_final_result(Gtp *g, int argc, char **argv);
void gtp_cmd_setboard(Gtp *g, int argc, char **argv);
void gtp_cmd_perft(Gtp *g, int argc, char **argv);
void gtp_cmd_set(Gtp *g, int argc, char **argv);
void gtp_cmd_get(Gtp *g, int argc, char **argv);
void gtp_cmd_budget(Gtp *g, int argc, char **argv);

/* gomoku_gtp.c */
void gtp_cmd_forbidden(Gtp *g, int argc, char **argv);
void gtp_cmd_vcf(Gtp *g, int argc, char **argv);
void gtp_cmd_vct(Gtp *g, int argc, char **argv);

/* gtp_analyze.c */
void gtp_cmd_analyze(Gtp *g, int argc, char **argv);
void gtp_cmd_move_values(Gtp *g, int argc, char **argv);
void gtp_cmd_pv(Gtp *g, int argc, char **argv);
void gtp_cmd_params(Gtp *g, int argc, char **argv);
/* genmove's GoGui live graphics, when the gfx setting asks for them: the
 * observer to install while it thinks (NULL: none wanted). */
SearchObserve gtp_gfx_observer(Gtp *g);
/* Clears the live graphics once the move is chosen. */
void gtp_gfx_clear(Gtp *g);

/* gtp_solve.c */
void gtp_cmd_solve(Gtp *g, int argc, char **argv);

#endif
