/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Making a new name durable: syncing the directory that holds it. */
#ifndef GETRANDOM_DIRSYNC_H
#define GETRANDOM_DIRSYNC_H

#include <stdbool.h>

/* Whether dir can be opened to sync it; asked before anything changes. */
bool directory_readable(const char *dir);
/* fsync(2) of dir: 0, or an errno value. */
int sync_directory(const char *dir);
/* syncfs(2) of the file system that holds fd: 0, or an errno value. */
int sync_file_system(int fd);

#endif
