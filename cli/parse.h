/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Strict parsers for the numbers given on the command line. */
#ifndef GETRANDOM_PARSE_H
#define GETRANDOM_PARSE_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

bool parse_size(const char *text, uint64_t *bytes);
bool parse_seconds(const char *text, struct timespec *timeout);
bool parse_count(const char *text, unsigned int max, unsigned int *count);
bool parse_count64(const char *text, uint64_t *count);
bool parse_columns(const char *text, uint64_t *columns);

#endif
