/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --uuid-format=FORMAT: how a UUID is written, as other programs want it. */
#ifndef GETRANDOM_UUID_FORMAT_H
#define GETRANDOM_UUID_FORMAT_H

#include <stdbool.h>

enum uuid_style {
	UUID_CANONICAL,	/* 8-4-4-4-12, RFC 9562's form */
	UUID_HEX,	/* 32 digits, as /etc/machine-id holds them */
	UUID_URN,	/* urn:uuid:8-4-4-4-12, RFC 9562 section 4 */
	UUID_BRACES,	/* {8-4-4-4-12}, as Windows' registry and COM write it */
};

struct uuid_format {
	enum uuid_style style;
	bool upper;	/* hexadecimal digits A-F; "urn:uuid:" stays lowercase */
};

/* The longest text: "urn:uuid:" and 36 characters. */
#define UUID_FORMAT_TEXT_MAX 45

bool parse_uuid_format(const char *text, struct uuid_format *format);

#endif
