/*
 * pisk_commands.h - flipfive's Piskvork command table, which main() and
 * the fuzzer pass to the loop (pisk.h).
 */
#ifndef FLIPFIVE_PISK_COMMANDS_H
#define FLIPFIVE_PISK_COMMANDS_H

#include "pisk.h"

/* Every command flipfive answers; ends with an entry without name. */
extern const PiskCommand pisk_commands[];

#endif
