/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --password: characters drawn uniformly from a character set. */
#ifndef GETRANDOM_PASSWORD_H
#define GETRANDOM_PASSWORD_H

#include <stdint.h>

#include "charset.h"
#include "draw.h"
#include "lines.h"

void put_password(struct lines *out, struct draw_source *src,
		  const struct charset *set, uint64_t length);

#endif
