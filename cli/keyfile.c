// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The owner, group and mode of a key file, given on the command line and
 * set on the file's descriptor while it has no name yet (an O_TMPFILE) or
 * only its hidden temporary one: FILE never exists with any other.
 *
 * --mode is octal only, 0 to 7777, as chmod(1) reads digits: a symbolic
 * mode ("g+r") changes an existing mode, and a new file has none yet.
 * --owner and --group take names or numeric ids, like chown(1): a name
 * is looked up first, and a string of digits that names nobody is an id.
 */
#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "keyfile.h"

bool parse_mode(const char *text, mode_t *mode)
{
	unsigned int n = 0;
	size_t digits = strlen(text);

	if (digits == 0 || digits > 4 || strspn(text, "01234567") != digits)
		return false;
	for (; *text != '\0'; text++)
		n = n * 8 + (unsigned int)(*text - '0');
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
 * "USER" or "USER:GROUP" into user and group (group "" when absent), each
 * of size bytes; false when a part is empty or too long.
 */
bool split_owner(const char *text, char *user, char *group, size_t size)
{
	const char *colon = strchr(text, ':');
	size_t user_len = colon ? (size_t)(colon - text) : strlen(text);

	if (user_len == 0 || user_len >= size)
		return false;
	memcpy(user, text, user_len);
	user[user_len] = '\0';
	group[0] = '\0';
	if (colon == NULL)
		return true;
	if (colon[1] == '\0' || strlen(colon + 1) >= size)
		return false;
	strcpy(group, colon + 1);
	return true;
}

/*
 * The names are read from /etc/passwd and /etc/group themselves, not
 * through NSS: the installed binary is static, and a static glibc that
 * meets "passwd: files systemd" in nsswitch.conf loads a shared module
 * and crashes.  Users and groups known only to LDAP or systemd can still
 * be given by number.
 */
static bool find_user(const char *name, uid_t *uid)
{
	FILE *file = fopen("/etc/passwd", "re");
	struct passwd *pw;
	bool found = false;

	if (file == NULL)
		return false;
	while (!found && (pw = fgetpwent(file)) != NULL) {
		if (strcmp(pw->pw_name, name) == 0) {
			*uid = pw->pw_uid;
			found = true;
		}
	}
	fclose(file);
	return found;
}

static bool find_group(const char *name, gid_t *gid)
{
	FILE *file = fopen("/etc/group", "re");
	struct group *gr;
	bool found = false;

	if (file == NULL)
		return false;
	while (!found && (gr = fgetgrent(file)) != NULL) {
		if (strcmp(gr->gr_name, name) == 0) {
			*gid = gr->gr_gid;
			found = true;
		}
	}
	fclose(file);
	return found;
}

bool lookup_user(const char *name, uid_t *uid)
{
	unsigned int id;

	if (find_user(name, uid))
		return true;
	if (!parse_id(name, &id))
		return false;
	*uid = (uid_t)id;
	return true;
}

bool lookup_group(const char *name, gid_t *gid)
{
	unsigned int id;

	if (find_group(name, gid))
		return true;
	if (!parse_id(name, &id))
		return false;
	*gid = (gid_t)id;
	return true;
}

/*
 * Owner first, then mode: changing the owner clears the set-user-ID and
 * set-group-ID bits, which the mode may ask for.  Then the file must have
 * what was asked: fchmod(2) drops set-group-ID without an error when the
 * file's group is not one of the caller's (a set-group-ID directory's
 * group), and a mode FILE does not have would be a silent half success.
 * Returns 0 or -1 (errno; EPERM for a mode or owner the file did not take).
 */
int keyfile_apply(int fd, const struct keyfile *key)
{
	struct stat st;

	if ((key->uid != (uid_t)-1 || key->gid != (gid_t)-1) &&
	    fchown(fd, key->uid, key->gid) == -1)
		return -1;
	if (fchmod(fd, key->mode) == -1 || fstat(fd, &st) == -1)
		return -1;
	if ((st.st_mode & 07777) != key->mode ||
	    (key->uid != (uid_t)-1 && st.st_uid != key->uid) ||
	    (key->gid != (gid_t)-1 && st.st_gid != key->gid)) {
		errno = EPERM;
		return -1;
	}
	return 0;
}
