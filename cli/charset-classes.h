/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The classes a --charset or --require SET may name, once: charset.c
 * parses them, and the option table offers their names to the shells'
 * completions (CHARSET_CLASS_NAMES, CHARSET_RULE_CLASS_NAMES).  No
 * include guard: only macros.
 *
 * CHARSET_CLASSES(X) calls X(NAME, MEMBERS) for each class: MEMBERS are
 * in the --charset syntax, without classes.  print has every character a
 * --charset may hold, so that a --require rule of it would have no effect:
 * the completions offer it for --charset alone.
 */
#define CHARSET_CLASSES(X) CHARSET_RULE_CLASSES(X) X("print", " -~")
#define CHARSET_RULE_CLASSES(X) \
	/* POSIX classes, as in the C locale; print has the space, graph not. */ \
	X("alnum", "A-Za-z0-9") \
	X("alpha", "A-Za-z") \
	X("digit", "0-9") \
	X("lower", "a-z") \
	X("upper", "A-Z") \
	X("xdigit", "0-9A-Fa-f") \
	X("punct", "!-/:-@\\[-`{-~") \
	X("graph", "!-~") \
	/* Named sets for common token alphabets. */ \
	X("base32", "A-Z2-7")			/* RFC 4648 section 6 */ \
	X("base58", "1-9A-HJ-NP-Za-km-z")	/* no 0 O I l */ \
	X("base64", "A-Za-z0-9+/")		/* RFC 4648 section 4 */ \
	X("base64url", "A-Za-z0-9\\-_")		/* RFC 4648 section 5 */ \
	X("hex", "0-9a-f") \
	X("unambiguous", "2-9A-HJ-NP-Za-km-z")	/* no 0 1 O I l */

/*
 * The POSIX classes with no printable character but the space: a SET
 * that names one is refused, never read as its letters.
 */
#define CHARSET_UNPRINTABLE_CLASSES(X) X("blank") X("cntrl") X("space")

/* "alnum alpha ... unambiguous print": the names, blank-separated. */
#define CHARSET_CLASS_WORD(name, members) " " name
#define CHARSET_CLASS_NAMES (CHARSET_CLASSES(CHARSET_CLASS_WORD) + 1)
#define CHARSET_RULE_CLASS_NAMES (CHARSET_RULE_CLASSES(CHARSET_CLASS_WORD) + 1)
