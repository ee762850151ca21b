/*
 * nboard_commands.h - flipfive's table of NBoard commands.
 */
#ifndef FLIPFIVE_NBOARD_COMMANDS_H
#define FLIPFIVE_NBOARD_COMMANDS_H

#include "nboard.h"

extern const NbCommand nboard_commands[];

#endif
