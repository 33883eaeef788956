/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Making a new name durable: syncing the directory that holds it. */
#ifndef GETRANDOM_DIRSYNC_H
#define GETRANDOM_DIRSYNC_H

/*
 * The directory dir held open, for every step of a key file: read-only
 * where it may be read, so that it can be synced, else as O_PATH.  The
 * descriptor, or -1 (errno); *readable says which.
 */
int open_directory(const char *dir, int *readable);
/* fsync(2) of the directory opened read-only as dir: 0, or an errno value. */
int sync_directory(int dir);
/* syncfs(2) of the file system that holds fd: 0, or an errno value. */
int sync_file_system(int fd);

#endif
