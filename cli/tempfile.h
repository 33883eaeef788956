/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --output's FILE is written under a temporary name beside it, in the
 * directory held open as dir (every name here is relative to it): that
 * name, and the links that give an O_TMPFILE a name.
 */
#ifndef GETRANDOM_TEMPFILE_H
#define GETRANDOM_TEMPFILE_H

#include <stdbool.h>
#include <stddef.h>

/* The directory path is in, as dirname(3) gives it, in dir (size bytes). */
void directory_of(const char *path, char *dir, size_t size);
/* The last component of path, as basename(3) gives it, in name (size bytes). */
void name_of(const char *path, char *name, size_t size);
/*
 * A new temporary file in dir for FILE's name, its own name in temp
 * (size bytes), guarded against signals (sigguard.h): its descriptor, or
 * -1 (errno).
 */
int temp_create(int dir, const char *name, char *temp, size_t size);
/* Whether link_unnamed() can give the unnamed file fd a name. */
bool unnamed_linkable(int fd);
/* Gives the unnamed file fd the name name in dir: 0, or -1 (errno). */
int link_unnamed(int fd, int dir, const char *name);
/*
 * Gives the unnamed file fd a temporary name in dir for FILE's name, in
 * temp (size bytes), guarded as temp_create()'s: 0, or -1 (errno) with
 * temp empty, or naming an empty file of ours that could not be removed.
 */
int temp_link(int fd, int dir, const char *name, char *temp, size_t size);

#endif
