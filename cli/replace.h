/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --force: what stands at --output's FILE, and whether it may be replaced. */
#ifndef GETRANDOM_REPLACE_H
#define GETRANDOM_REPLACE_H

#include <stdbool.h>

/*
 * What stands at a path: EXISTING_NONE, EXISTING_REGULAR (a regular
 * file, or a chain of symbolic links that ends at one), or EXISTING_OTHER
 * (a directory, device, FIFO or socket, a link to one of those or to
 * nothing, or a chain that passes through /proc, such as /dev/stdout or
 * /dev/fd/1: the file descriptor of whoever looks, which may well be a
 * regular file, but not a key file to replace), or EXISTING_UNKNOWN
 * (statfs(2) failed, errno set: whether the path passes through /proc
 * cannot be told).
 */
enum existing {
	EXISTING_NONE, EXISTING_REGULAR, EXISTING_OTHER, EXISTING_UNKNOWN,
};

enum existing what_exists(const char *path);
/* The same for path relative to the directory open as dir. */
enum existing what_exists_at(int dir, const char *path);
/* Exits, status 1, when FILE exists and may not be replaced. */
void xcheck_replaceable(const char *path, bool force);
/* The messages for FILE that is there (EXISTING_REGULAR) or not a key file. */
void say_exists(const char *path);
void say_not_regular(const char *path);

#endif
