// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --mac: MAC addresses for virtual machines, containers and test
 * networks.  Without a prefix the first byte says "locally administered,
 * unicast" (IEEE 802: its bit 1 set, bit 0 clear), as Linux's own random
 * addresses do (eth_random_addr()), so that no vendor's address is taken
 * and no address is a multicast group.  With a prefix, such as QEMU's
 * 52:54:00, the prefix is kept as given and the rest is random.
 */
#include <string.h>

#include "mac.h"

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

bool parse_mac_prefix(const char *text, struct mac_prefix *prefix)
{
	*prefix = (struct mac_prefix){ .len = 0 };
	if (text == NULL)
		return true;
	for (;;) {
		int hi = hex_digit(text[0]), lo = hi < 0 ? -1 : hex_digit(text[1]);

		if (lo < 0 || prefix->len == MAC_BYTES - 1)
			return false;
		prefix->bytes[prefix->len++] = (unsigned char)(hi << 4 | lo);
		text += 2;
		/* A group address (multicast bit set) is no interface's address. */
		if (*text == '\0')
			return (prefix->bytes[0] & 1) == 0;
		if (*text++ != ':')
			return false;
	}
}

unsigned int mac_random_bits(const struct mac_prefix *prefix)
{
	if (prefix->len == 0)
		return 8 * MAC_BYTES - 2;
	return 8 * (MAC_BYTES - prefix->len);
}

void put_mac(struct lines *out, struct draw_source *src,
	     const struct mac_prefix *prefix)
{
	static const char digits[] = "0123456789abcdef";
	unsigned char mac[MAC_BYTES];
	char *p;

	memcpy(mac, prefix->bytes, prefix->len);
	draw_bytes(src, mac + prefix->len, MAC_BYTES - prefix->len);
	if (src->error)
		return;
	if (prefix->len == 0)
		mac[0] = (unsigned char)((mac[0] & 0xfc) | 0x02);
	p = lines_room(out, 3 * MAC_BYTES);
	for (unsigned int i = 0; i < MAC_BYTES; i++) {
		p[3 * i] = digits[mac[i] >> 4];
		p[3 * i + 1] = digits[mac[i] & 0xf];
		p[3 * i + 2] = i + 1 < MAC_BYTES ? ':' : '\n';
	}
	out->len += 3 * MAC_BYTES;
	explicit_bzero(mac, sizeof(mac));
}
