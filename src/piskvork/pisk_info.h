/*
 * pisk_info.h - the INFO command: the clock, the rule, memory and the
 * Yixin-Board knobs.
 */
#ifndef FLIPFIVE_PISK_INFO_H
#define FLIPFIVE_PISK_INFO_H

#include "pisk.h"

/* INFO key value. Unknown keys and values that are not numbers are
 * ignored; a value flipfive cannot honour is said in a MESSAGE. Run live
 * (p->live: a search runs), only keys that may change under a running
 * search are applied; any other sets p->deferred, and the line waits for
 * the move. */
void pisk_cmd_info(Pisk *p, char *args);

#endif
