/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --mode, --owner and --group: their values read, and names looked up. */
#ifndef GETRANDOM_OWNER_H
#define GETRANDOM_OWNER_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

bool parse_mode(const char *text, mode_t *mode);
bool parse_id(const char *text, unsigned int *id);
/* Where names are looked up (not through NSS: see owner.c). */
#define KEYFILE_PASSWD "/etc/passwd"
#define KEYFILE_GROUP "/etc/group"

/* A name's lookup: found, named by no one, or the file could not be read (errno). */
enum lookup { LOOKUP_FOUND, LOOKUP_UNKNOWN, LOOKUP_ERROR };

bool split_owner(const char *text, char *user, char *group, size_t size,
		 bool *colon);
enum lookup lookup_user(const char *name, uid_t *uid, gid_t *login_gid);
enum lookup lookup_group(const char *name, gid_t *gid);

#endif
