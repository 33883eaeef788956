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
/* Where names are looked up (not through NSS: see keyfile.c). */
#define KEYFILE_PASSWD "/etc/passwd"
#define KEYFILE_GROUP "/etc/group"

/* A name's lookup: found, named by no one, or the file could not be read (errno). */
enum lookup { LOOKUP_FOUND, LOOKUP_UNKNOWN, LOOKUP_ERROR };

bool split_owner(const char *text, char *user, char *group, size_t size,
		 bool *colon);
enum lookup lookup_user(const char *name, uid_t *uid, gid_t *login_gid);
enum lookup lookup_group(const char *name, gid_t *gid);
int keyfile_apply(int fd, const struct keyfile *key);

#endif
