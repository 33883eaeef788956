/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --mode, --owner and --group: how --output's FILE is created. */
#ifndef GETRANDOM_KEYFILE_H
#define GETRANDOM_KEYFILE_H

#include <stdbool.h>
#include <sys/types.h>

#define KEYFILE_DEFAULT_MODE 0600

struct keyfile {
	mode_t mode;
	uid_t uid;		/* (uid_t)-1: unchanged, as for fchown(2) */
	gid_t gid;
	const char *option;	/* the last of --mode, --owner, --group given */
	const char *group_option;	/* which one set the group, or NULL */
};

bool parse_mode(const char *text, mode_t *mode);
bool parse_id(const char *text, unsigned int *id);
bool split_owner(const char *text, char *user, char *group, size_t size);
bool lookup_user(const char *name, uid_t *uid);
bool lookup_group(const char *name, gid_t *gid);
int keyfile_apply(int fd, const struct keyfile *key);

#endif
