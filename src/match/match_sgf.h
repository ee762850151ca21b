/*
 * match_sgf.h - a refereed game as SGF (FF[4], GM[2] Othello or GM[4]
 * five-in-a-row) with players, result, clock and a time comment per move.
 * Passes are left out, as Quarry writes Othello games: a colour moving
 * twice implies the pass, and flipfive's loadsgf reads it that way.
 */
#ifndef FLIPFIVE_MATCH_SGF_H
#define FLIPFIVE_MATCH_SGF_H

#include <stdbool.h>

#include "buf.h"
#include "match_cli.h"
#include "match_report.h"

void match_sgf_text(Buf *out, const MatchConfig *cfg, const MatchInfo *info, const MatchGameRec *rec,
                    const MatchResult *r);
bool match_sgf_write(const char *path, const MatchConfig *cfg, const MatchInfo *info,
                     const MatchGameRec *rec, const MatchResult *r);

#endif
