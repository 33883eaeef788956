/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --password: characters drawn uniformly from a character set. */
#ifndef GETRANDOM_PASSWORD_H
#define GETRANDOM_PASSWORD_H

#include <stdint.h>

#include "charset.h"
#include "draw.h"
#include "lines.h"

/* --require: at most this many rules, on passwords of at most this length. */
#define PASSWORD_RULES_MAX 16
#define PASSWORD_RULED_LENGTH_MAX 1024
/*
 * At least one password in 2^this must meet the rules: below it, drawing
 * by rejection would take too long (a million tries a password).
 */
#define PASSWORD_RULES_SHARE_MIN_LOG2 20

/* The rules of --require: each SET must have a character in the password. */
struct password_rules {
	unsigned int count;
	struct charset sets[PASSWORD_RULES_MAX];
	const char *texts[PASSWORD_RULES_MAX];	/* as given, for messages */
};

void put_password(struct lines *out, struct draw_source *src,
		  const struct charset *set, uint64_t length);
void put_ruled_password(struct lines *out, struct draw_source *src,
			const struct charset *set, uint64_t length,
			const struct password_rules *rules);

#endif
