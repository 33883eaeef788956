/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --mac: MAC addresses, random after an optional prefix. */
#ifndef GETRANDOM_MAC_H
#define GETRANDOM_MAC_H

#include <stdbool.h>

#include "draw.h"
#include "lines.h"

#define MAC_BYTES 6

/* The bytes every address starts with: none, or an OUI such as 52:54:00. */
struct mac_prefix {
	unsigned char bytes[MAC_BYTES - 1];
	unsigned int len;
};

/*
 * "52:54:00" or "02": 1 to 5 hex pairs joined by ':', the first byte's
 * multicast bit clear; NULL is no prefix.
 */
bool parse_mac_prefix(const char *text, struct mac_prefix *prefix);
/* The random bits of each address: 46 without a prefix, 8 per byte after one. */
unsigned int mac_random_bits(const struct mac_prefix *prefix);
void put_mac(struct lines *out, struct draw_source *src,
	     const struct mac_prefix *prefix);

#endif
