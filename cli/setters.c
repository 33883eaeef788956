// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Each option's setter: its argument checked and taken into struct
 * options, a usage error (status 2) if it is not one the option takes.
 * Whether options go together is rules.c's to say, not theirs.  The
 * table of option-table.h, with these setters, is made at the end.
 */
#define _GNU_SOURCE
#include <err.h>
#include <stdio.h>
#include <string.h>

#include "charset.h"
#include "entropy.h"
#include "mac.h"
#include "options.h"
#include "owner.h"
#include "parse.h"
#include "pump.h"
#include "quote.h"
#include "status.h"
#include "strength.h"
#include "uuid.h"

/* Two formats, or two kinds of draw, are refused by rules.c. */
static void set_format(struct options *opts, enum format format,
		       const char *name)
{
	opts->format = format;
	opts->format_option = name;
}

static void set_draw(struct options *opts, enum draw_kind kind,
		     const char *name)
{
	opts->draw.kind = kind;
	opts->draw.option = name;
}

/* --mode, --owner, --group: the first one sets the defaults of the rest. */
static struct keyfile *keyfile_option(struct options *opts, const char *name)
{
	if (opts->key.option == NULL)
		opts->key = (struct keyfile){
			.mode = KEYFILE_DEFAULT_MODE,
			.uid = (uid_t)-1,
			.gid = (gid_t)-1,
		};
	opts->key.option = name;
	return &opts->key;
}

/* A name that could not be looked up: the file failed, not the name. */
static void __attribute__((noreturn)) xlookup_failed(const char *path)
{
	err(EXIT_FAIL, "cannot read %s", quote(path));
}

static void take_group(gid_t *gid, const char *group)
{
	switch (lookup_group(group, gid)) {
	case LOOKUP_FOUND:
		return;
	case LOOKUP_UNKNOWN:
		xusage_error("unknown group %s", quote(group));
	case LOOKUP_ERROR:
		xlookup_failed(KEYFILE_GROUP);
	}
}

/* Kept apart from --owner's group: set_defaults() takes the one given. */
static void set_group(struct options *opts, const char *arg)
{
	keyfile_option(opts, "--group");
	take_group(&opts->group_gid, arg);
}

/*
 * USER, USER:GROUP, USER: (USER's login group) or :GROUP, as chown(1)
 * reads them.  Each --owner replaces the last one whole: a user or group
 * that the last one does not name stays the caller's.
 */
static void set_owner(struct options *opts, const char *arg)
{
	char user[256], group[256];
	struct keyfile *key = keyfile_option(opts, "--owner");
	gid_t login_gid = (gid_t)-1;
	bool colon;

	if (!split_owner(arg, user, group, sizeof(user), &colon))
		xusage_error("invalid owner %s (USER, USER:GROUP, USER: or :GROUP)",
			     quote(arg));
	key->uid = (uid_t)-1;
	opts->owner_sets_group = colon;
	if (user[0] != '\0') {
		switch (lookup_user(user, &key->uid, &login_gid)) {
		case LOOKUP_FOUND:
			break;
		case LOOKUP_UNKNOWN:
			xusage_error("unknown user %s", quote(user));
		case LOOKUP_ERROR:
			xlookup_failed(KEYFILE_PASSWD);
		}
	}
	if (group[0] != '\0') {
		take_group(&opts->owner_gid, group);
	} else if (colon) {
		if (login_gid == (gid_t)-1)
			xusage_error("invalid owner %s (a user given by number has no login group here)",
				     quote(arg));
		opts->owner_gid = login_gid;
	}
}

static void set_mode(struct options *opts, const char *arg)
{
	if (!parse_mode(arg, &keyfile_option(opts, "--mode")->mode))
		xusage_error("invalid mode %s (octal, 0 to 7777)", quote(arg));
}

/* A count from 1 to 2^64-1; what names it in the message. */
static uint64_t xcount(const char *arg, const char *what)
{
	uint64_t n;

	if (!parse_count64(arg, &n))
		xusage_error("invalid %s %s (1 to 18446744073709551615)", what,
			     quote(arg));
	return n;
}

/*
 * "32b": head -c's 512-byte block, which parse_size() refuses because it
 * reads as 32 bytes or 32 bits as easily.  The message gives the bytes.
 */
static void __attribute__((noreturn)) xbad_byte_count(const char *arg)
{
	const char *digits = arg + (*arg == '+');
	size_t n = strspn(digits, "0123456789");

	/* Only digits are written back unquoted: nothing else can forge a line. */
	if (n > 0 && strcmp(digits + n, "b") == 0)
		xusage_error("invalid byte count %s: b could be bits, bytes or head's 512-byte blocks; write %.*sB (or %.*s) for bytes",
			     quote(arg), (int)n, digits, (int)n, digits);
	xusage_error("invalid byte count %s (decimal, with an optional unit: B, K or KiB, kB, M or MiB, MB, and so on to E)",
		     quote(arg));
}

static void set_bytes(struct options *opts, const char *arg)
{
	if (!parse_size(arg, &opts->bytes))
		xbad_byte_count(arg);
}

static void set_hex(struct options *opts, const char *arg)
{
	(void)arg;
	set_format(opts, FORMAT_HEX, "--hex");
}

static void set_base64(struct options *opts, const char *arg)
{
	(void)arg;
	set_format(opts, FORMAT_BASE64, "--base64");
}

static void set_base64url(struct options *opts, const char *arg)
{
	(void)arg;
	set_format(opts, FORMAT_BASE64URL, "--base64url");
}

static void set_base32(struct options *opts, const char *arg)
{
	(void)arg;
	set_format(opts, FORMAT_BASE32, "--base32");
}

static void set_base16(struct options *opts, const char *arg)
{
	(void)arg;
	set_format(opts, FORMAT_BASE16, "--base16");
}

static void set_no_padding(struct options *opts, const char *arg)
{
	(void)arg;
	opts->unpadded = true;
}

static void set_count(struct options *opts, const char *arg)
{
	opts->count = xcount(arg, "count");
}

static void set_wrap(struct options *opts, const char *arg)
{
	if (!parse_columns(arg, &opts->wrap))
		xusage_error("invalid line width %s (0 to 18446744073709551615)",
			     quote(arg));
}

static void set_no_newline(struct options *opts, const char *arg)
{
	(void)arg;
	opts->no_newline = true;
}

static void set_zero_terminated(struct options *opts, const char *arg)
{
	(void)arg;
	opts->zero_terminated = true;
	opts->draw.zero_terminated = true;	/* --shuffle's records */
}

static void set_random(struct options *opts, const char *arg)
{
	(void)arg;
	opts->flags |= GRND_RANDOM;
}

static void set_nonblock(struct options *opts, const char *arg)
{
	(void)arg;
	opts->flags |= GRND_NONBLOCK;
}

static void set_insecure(struct options *opts, const char *arg)
{
	(void)arg;
	opts->flags |= GRND_INSECURE;
}

static void set_timeout(struct options *opts, const char *arg)
{
	if (!parse_seconds(arg, &opts->timeout_value))
		xusage_error("invalid timeout %s (a duration such as 2, 0.5, 1.5m or 2h, at most a year)",
			     quote(arg));
	opts->timeout = &opts->timeout_value;
}

static void set_check(struct options *opts, const char *arg)
{
	(void)arg;
	opts->check = true;
}

static void set_output(struct options *opts, const char *arg)
{
	if (*arg == '\0')
		xusage_error("empty output file name");
	opts->output = strcmp(arg, "-") == 0 ? NULL : arg;
}

static void set_force(struct options *opts, const char *arg)
{
	(void)arg;
	opts->force = true;
}

static void set_threads(struct options *opts, const char *arg)
{
	if (!parse_count(arg, RING_MAX_THREADS, &opts->threads))
		xusage_error("invalid thread count %s (1 to %u)", quote(arg),
			     RING_MAX_THREADS);
}

static void set_range(struct options *opts, const char *arg)
{
	set_draw(opts, DRAW_RANGE, "--range");
	if (!parse_range(arg, &opts->draw.range))
		xusage_error("invalid range %s (LO-HI with LO <= HI, from -2^63 to 2^64-1, at most 2^64 values)",
			     quote(arg));
}

/* With no LEN, --bits sets it, even after an earlier --password=LEN. */
static void set_password(struct options *opts, const char *arg)
{
	set_draw(opts, DRAW_PASSWORD, "--password");
	opts->draw.length = arg != NULL ? xcount(arg, "password length") : 0;
}

/* "\\" and arg, a spelling to suggest: arg with its first character escaped. */
static char *escaped_first(const char *arg)
{
	char *text = NULL;

	return asprintf(&text, "\\%s", arg) == -1 ? NULL : text;
}

/*
 * A SET refused: what was wrong, and the spelling that works.  option is
 * "--charset" or "--require"; set, what the parse left.  The suggestions
 * are quoted as the SET is: they hold what the user typed.
 */
static void __attribute__((noreturn))
xbad_set(enum charset_status status, const struct charset *set,
	 const char *option, const char *arg)
{
	/* A bracketed SET is at least "[x]": its inside, then, is there. */
	char *inner = status == CHARSET_BRACKETED ?
		      strndup(arg + 1, strlen(arg) - 2) : strdup(arg);
	char *escaped = escaped_first(arg);

	if (inner == NULL || escaped == NULL)
		status = CHARSET_INVALID;	/* out of memory: say less */
	switch (status) {
	case CHARSET_BRACKETED:
		xusage_error("invalid character set %s for %s: its brackets would be two of its characters; write %s without them, or %s with them",
			     quote_n(0, arg), option, quote_n(1, inner),
			     quote_n(2, escaped));
	case CHARSET_CLASS_PREFIX:
		xusage_error("invalid character set %s for %s: it begins with the class name %s; write %s or [:%s:] for the class, or %s for the letters",
			     quote_n(0, arg), option, set->class_name,
			     set->class_name, set->class_name, quote_n(1, escaped));
	case CHARSET_UNPRINTABLE:
		xusage_error("invalid character set %s for %s: a password has no control character, and no blank but the space; write ' ' for the space",
			     quote(arg), option);
	case CHARSET_TOO_SMALL:
		xusage_error("invalid character set %s for %s (at least 2 different characters)",
			     quote(arg), option);
	case CHARSET_INVALID:
	case CHARSET_OK:
		break;
	}
	xusage_error("invalid character set %s for %s (characters, ranges such as a-z, classes such as alnum or [:alnum:]; printable ASCII)",
		     quote(arg), option);
}

static void set_charset(struct options *opts, const char *arg)
{
	enum charset_status status = parse_charset(arg, &opts->draw.charset);

	if (status != CHARSET_OK)
		xbad_set(status, &opts->draw.charset, "--charset", arg);
	opts->draw.charset_option = "--charset";
}

/* --require=SET, once per rule. */
static void set_require(struct options *opts, const char *arg)
{
	struct password_rules *rules = &opts->draw.rules;
	enum charset_status status;

	if (rules->count == PASSWORD_RULES_MAX)
		xusage_error("too many --require rules (at most %d)",
			     PASSWORD_RULES_MAX);
	status = parse_required_set(arg, &rules->sets[rules->count]);
	if (status != CHARSET_OK)
		xbad_set(status, &rules->sets[rules->count], "--require", arg);
	rules->texts[rules->count++] = arg;
}

static void set_uuid(struct options *opts, const char *arg)
{
	set_draw(opts, DRAW_UUID, "--uuid");
	if (!parse_uuid_version(arg, &opts->draw.uuid_version))
		xusage_error("invalid UUID version %s (4 or 7)", quote(arg));
}

/* With no N, --bits sets it, even after an earlier --words=N. */
static void set_words(struct options *opts, const char *arg)
{
	set_draw(opts, DRAW_WORDS, "--words");
	opts->draw.words = arg != NULL ? xcount(arg, "word count") : 0;
}

static void set_separator(struct options *opts, const char *arg)
{
	opts->draw.separator = arg;
}

static void set_wordlist(struct options *opts, const char *arg)
{
	if (*arg == '\0')
		xusage_error("empty word list file name");
	opts->draw.wordlist_path = arg;
}

static void set_uuid_format(struct options *opts, const char *arg)
{
	if (!parse_uuid_format(arg, &opts->draw.uuid_format))
		xusage_error("invalid UUID format %s (canonical, hex, urn or braces, upper, or a style and upper joined by a comma)",
			     quote(arg));
}

static void set_ulid(struct options *opts, const char *arg)
{
	(void)arg;
	set_draw(opts, DRAW_ULID, "--ulid");
}

static void set_mac(struct options *opts, const char *arg)
{
	set_draw(opts, DRAW_MAC, "--mac");
	if (!parse_mac_prefix(arg, &opts->draw.mac_prefix))
		xusage_error("invalid MAC prefix %s (1 to 5 hex pairs joined by ':', e.g. 52:54:00, the first even: not multicast)",
			     quote(arg));
}

static void set_bits(struct options *opts, const char *arg)
{
	unsigned int bits;

	if (!parse_count(arg, BITS_MAX, &bits))
		xusage_error("invalid number of bits %s (1 to %u)", quote(arg),
			     BITS_MAX);
	opts->bits = bits;
}

static void set_entropy(struct options *opts, const char *arg)
{
	(void)arg;
	opts->entropy = true;
}

static void set_progress(struct options *opts, const char *arg)
{
	(void)arg;
	opts->progress = true;
}

static void set_shuffle(struct options *opts, const char *arg)
{
	(void)arg;
	opts->draw.shuffle = true;
}

static void set_sample(struct options *opts, const char *arg)
{
	opts->draw.sample = xcount(arg, "sample size");
}

static void show_help(struct options *opts, const char *arg)
{
	(void)opts;
	xshow_help(option_specs, arg);
}

static void show_version(struct options *opts, const char *arg)
{
	(void)opts;
	(void)arg;
	xshow_version();
}

const struct option_spec option_specs[OPTIONS_COUNT] = {
#define OPTION(id, ...) [OPT_##id] = OPTION_SPEC(__VA_ARGS__),
#include "option-table.h"
#undef OPTION
};
