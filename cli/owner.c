// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The values of --mode, --owner and --group, read into the numbers that
 * keyfile.c sets on FILE.
 *
 * --mode is octal only, 0 to 7777, as chmod(1) reads digits: a symbolic
 * mode ("g+r") changes an existing mode, and a new file has none yet.
 * --owner and --group take names or numeric ids, like chown(1): a name
 * is looked up first, and a string of digits that names nobody is an id;
 * "+N" is the id N, looked up nowhere.
 */
#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>

#include "owner.h"

/* Octal digits up to 7777, with any leading zeros ("00600"), as chmod reads them. */
bool parse_mode(const char *text, mode_t *mode)
{
	unsigned int n = 0;
	size_t digits = strlen(text);

	if (digits == 0 || strspn(text, "01234567") != digits)
		return false;
	for (; *text != '\0'; text++) {
		n = n * 8 + (unsigned int)(*text - '0');
		if (n > 07777)
			return false;
	}
	*mode = (mode_t)n;
	return true;
}

/* A numeric id: decimal digits, below 2^32 - 1 ((uid_t)-1 means "none"). */
bool parse_id(const char *text, unsigned int *id)
{
	unsigned long long n = 0;

	if (*text == '\0')
		return false;
	for (; *text != '\0'; text++) {
		if (*text < '0' || *text > '9')
			return false;
		n = n * 10 + (unsigned int)(*text - '0');
		if (n >= 0xffffffffull)
			return false;
	}
	*id = (unsigned int)n;
	return true;
}

/*
 * --owner's forms, as chown(1) takes them: "USER", "USER:GROUP", "USER:"
 * (USER's login group) and ":GROUP" (the group alone).  Fills user and
 * group, each of size bytes ("" where absent), and *colon; false when both
 * parts are empty or one is too long.
 */
bool split_owner(const char *text, char *user, char *group, size_t size,
		 bool *colon)
{
	const char *sep = strchr(text, ':');
	size_t user_len = sep ? (size_t)(sep - text) : strlen(text);
	const char *group_text = sep ? sep + 1 : "";

	*colon = sep != NULL;
	if (user_len >= size || strlen(group_text) >= size)
		return false;
	if (user_len == 0 && group_text[0] == '\0')
		return false;
	memcpy(user, text, user_len);
	user[user_len] = '\0';
	strcpy(group, group_text);
	return true;
}

/*
 * LOOKUP_ERROR with errno set when the read failed part-way.  A name not
 * found is unknown only once the whole file was read: fgetpwent() also
 * stops, without ferror(), where it cannot seek back (a FIFO) to read a
 * long line again, and a name further on would have been missed.
 */
static enum lookup close_database(FILE *file, enum lookup result)
{
	bool failed = ferror(file) ||
		      (result == LOOKUP_UNKNOWN && !feof(file));
	int error = errno;

	fclose(file);
	if (!failed)
		return result;
	errno = error != 0 ? error : EIO;
	return LOOKUP_ERROR;
}

/*
 * The names are read from /etc/passwd and /etc/group themselves, not
 * through NSS: the installed binary is static, and a static glibc that
 * meets "passwd: files systemd" in nsswitch.conf loads a shared module
 * and crashes.  Users and groups known only to LDAP or systemd can still
 * be given by number.  A file that is not there names no one (a bare
 * chroot: numbers still work); one that cannot be read is an error, not
 * an unknown name.
 */
static enum lookup find_user(const char *name, uid_t *uid, gid_t *gid)
{
	FILE *file = fopen(KEYFILE_PASSWD, "re");
	struct passwd *pw;
	enum lookup result = LOOKUP_UNKNOWN;

	if (file == NULL)
		return errno == ENOENT ? LOOKUP_UNKNOWN : LOOKUP_ERROR;
	errno = 0;
	while (result == LOOKUP_UNKNOWN && (pw = fgetpwent(file)) != NULL) {
		if (strcmp(pw->pw_name, name) == 0) {
			*uid = pw->pw_uid;
			*gid = pw->pw_gid;
			result = LOOKUP_FOUND;
		}
	}
	return close_database(file, result);
}

static enum lookup find_group(const char *name, gid_t *gid)
{
	FILE *file = fopen(KEYFILE_GROUP, "re");
	struct group *gr;
	enum lookup result = LOOKUP_UNKNOWN;

	if (file == NULL)
		return errno == ENOENT ? LOOKUP_UNKNOWN : LOOKUP_ERROR;
	errno = 0;
	while (result == LOOKUP_UNKNOWN && (gr = fgetgrent(file)) != NULL) {
		if (strcmp(gr->gr_name, name) == 0) {
			*gid = gr->gr_gid;
			result = LOOKUP_FOUND;
		}
	}
	return close_database(file, result);
}

/*
 * A name, else digits as an id; "+N" is the id N, looked up nowhere, as
 * chown(1) reads it.  *login_gid is the user's login group, or (gid_t)-1
 * for a user given by number.
 */
enum lookup lookup_user(const char *name, uid_t *uid, gid_t *login_gid)
{
	enum lookup result = LOOKUP_UNKNOWN;
	unsigned int id;

	if (name[0] == '+')
		name++;
	else
		result = find_user(name, uid, login_gid);
	if (result != LOOKUP_UNKNOWN)
		return result;
	if (!parse_id(name, &id))
		return LOOKUP_UNKNOWN;
	*uid = (uid_t)id;
	*login_gid = (gid_t)-1;
	return LOOKUP_FOUND;
}

enum lookup lookup_group(const char *name, gid_t *gid)
{
	enum lookup result = LOOKUP_UNKNOWN;
	unsigned int id;

	if (name[0] == '+')
		name++;
	else
		result = find_group(name, gid);
	if (result != LOOKUP_UNKNOWN)
		return result;
	if (!parse_id(name, &id))
		return LOOKUP_UNKNOWN;
	*gid = (gid_t)id;
	return LOOKUP_FOUND;
}
