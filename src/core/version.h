/* version.h - the one place the version is written. */
#ifndef FLIPFIVE_VERSION_H
#define FLIPFIVE_VERSION_H

#define FLIPFIVE_VERSION "0.1.0"

#endif
