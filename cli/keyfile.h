/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --output's FILE, the key file: it appears whole, with its owner and
 * mode, or not at all.
 */
#ifndef GETRANDOM_KEYFILE_H
#define GETRANDOM_KEYFILE_H

#include <limits.h>
#include <stdbool.h>
#include <sys/types.h>

#define KEYFILE_DEFAULT_MODE 0600

/* --mode, --owner and --group: what FILE is given. */
struct keyfile {
	mode_t mode;
	uid_t uid;		/* (uid_t)-1: unchanged, as for fchown(2) */
	gid_t gid;
	const char *option;	/* the last of --mode, --owner, --group given */
};

/* A key file being written. */
struct keyfile_out {
	int fd;			/* write the bytes here */
	int dir;		/* FILE's directory, held open: every step is in it */
	const char *path;
	char name[NAME_MAX + 1];	/* FILE's last component, in dir */
	bool force;		/* replace an existing path */
	bool unnamed;		/* fd is an O_TMPFILE, not yet linked */
	bool dir_readable;	/* dir is open read-only: it can be synced */
	const struct keyfile *key;	/* owner and mode of FILE */
	char temp[NAME_MAX + 1];	/* a named temporary file in dir, or "" */
};

/*
 * Creates the file that will become path, given key's owner and mode (the
 * defaults where key is NULL), or exits, status 1, after saying why.
 */
void xkeyfile_open(struct keyfile_out *file, const char *path, bool force,
		   const struct keyfile *key);
/* Puts the written file in place; 0, or -1 after saying what failed. */
int keyfile_commit(struct keyfile_out *file);
/* Drops an unfinished file, leaving nothing behind. */
void keyfile_abort(struct keyfile_out *file);

#endif
