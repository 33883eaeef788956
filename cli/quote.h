/* SPDX-License-Identifier: GPL-2.0-or-later */
/* File names quoted for messages, as GNU tools quote them. */
#ifndef GETRANDOM_QUOTE_H
#define GETRANDOM_QUOTE_H

const char *quote(const char *name);
const char *quote_n(int slot, const char *name);

#endif
