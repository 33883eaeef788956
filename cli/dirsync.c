// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A name that link(2) or rename(2) has just made is durable only once
 * its directory is synced.  A directory that may be written and searched
 * but not read (a drop box, mode 0300) cannot be opened to sync it: then
 * the file system that holds it is synced instead (syncfs), which takes
 * the directory's new entry with it.  Only one descriptor is open at a
 * time, so that a run with one descriptor left still gets there.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "dirsync.h"

bool directory_readable(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd == -1)
		return false;
	close(fd);
	return true;
}

/* A sync that the file system cannot do (EINVAL) has nothing to do. */
static int sync_result(int ret)
{
	return ret == -1 && errno != EINVAL ? errno : 0;
}

int sync_directory(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), error;

	if (fd == -1)
		return errno;
	error = sync_result(fsync(fd));
	close(fd);
	return error;
}

int sync_file_system(int fd)
{
	return sync_result(syncfs(fd));
}
