// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The combination rule: an option that would have no effect, or whose
 * promise another option breaks, is a usage error, so that a script never
 * believes an option took effect when it did not.  The man page lists
 * every rule (man/getrandom.h2m, COMBINATIONS); add a new one there too.
 */
#include <stdio.h>

#include "charset.h"
#include "options.h"
#include "quote.h"

/* The long name of the option with getopt code c: "--hex". */
static const char *long_name(int c, char *buf, size_t size)
{
	for (const struct option *o = long_options; o->name != NULL; o++)
		if (o->val == c) {
			snprintf(buf, size, "--%s", o->name);
			return buf;
		}
	snprintf(buf, size, "-%c", c);
	return buf;
}

/* Pairs that exclude each other, by getopt code, with the reason. */
static const struct excluded_pair {
	int first, second;
	const char *why;
} excluded_pairs[] = {
	{ 'i', 'r', "--insecure bypasses the pool --random draws from" },
	{ 'N', 'i', "--insecure writes bytes where --nonblock promises status 3" },
	{ 'i', 't', "--insecure never waits" },
	{ 'N', 't', "--nonblock never waits" },
};

/* --shuffle or --sample: lines or integers reordered, not drawn. */
static bool reorders(const struct options *opts)
{
	return opts->draw.shuffle || opts->draw.sample != 0;
}

/* The option that asked for lines in a new order, for messages. */
static const char *reorder_option(const struct options *opts)
{
	return opts->draw.shuffle ? "--shuffle" : "--sample";
}

/* Rules that depend on values: each returns why the line is wrong, or NULL. */
static const char *force_without_effect(const struct options *opts)
{
	if (!opts->given['f'] || opts->output != NULL)
		return NULL;
	if (opts->format != FORMAT_RAW || opts->draw.kind != DRAW_NONE ||
	    reorders(opts))
		return "--force has no effect without --output FILE: text is never refused on a terminal";
	if (opts->bytes == 0)
		return "--force has no effect with --bytes=0 and no --output FILE";
	return NULL;
}

static const char *(*const value_rules[])(const struct options *) = {
	force_without_effect,
};

/* --check writes nothing and never waits: every other option is void. */
static void check_alone(const struct options *opts)
{
	char name[32];

	if (!opts->given['c'])
		return;
	for (const struct option *o = long_options; o->name != NULL; o++)
		if (o->val != 'c' && opts->given[o->val])
			usage_error("--check and %s cannot be used together (--check takes no other option)",
				    long_name(o->val, name, sizeof(name)));
}

/* The options that shape an output of bytes: a draw takes none of them. */
static const int byte_output_options[] = {
	'n', 'x', 'b', 'j', OPT_BASE64URL, OPT_BASE32, OPT_BASE16,
	OPT_NO_PADDING, 'w', OPT_NO_NEWLINE, 'z',
};

/* The share of passwords below which --require is refused: 2^-20. */
#define RULES_SHARE_MIN (1.0L / (1 << 20))

void check_rules_share(const struct draw_request *req)
{
	long double share;

	if (req->rules.count == 0)
		return;
	share = password_rules_share(&req->charset, req->length, &req->rules);
	if (share < RULES_SHARE_MIN)
		usage_error("the --require rules leave about one password in %.3Lg of --password=%llu: too few to draw by rejection (at least one in 2^20)",
			    1 / share, (unsigned long long)req->length);
}

/*
 * --require: rules that some password, and not one in a million alone,
 * meets.  With --bits the length is not known yet: strength.c checks it
 * once it is.
 */
static void check_rules(const struct draw_request *req, bool bits)
{
	const struct password_rules *rules = &req->rules;

	if (rules->count == 0)
		return;
	if (req->kind != DRAW_PASSWORD)
		usage_error("--require needs --password");
	for (unsigned int r = 0; r < rules->count; r++)
		for (unsigned int i = 0; i < rules->sets[r].size; i++)
			if (!charset_contains(&req->charset, rules->sets[r].chars[i]))
				usage_error("the --require set %s has '%c', which is not in the --charset",
					    quote(rules->texts[r]), rules->sets[r].chars[i]);
	if (bits)
		return;
	if (req->length > PASSWORD_RULED_LENGTH_MAX)
		usage_error("--require needs a --password of at most %d characters",
			    PASSWORD_RULED_LENGTH_MAX);
	if (req->length < rules->count)
		usage_error("%u --require rules cannot all be met by %llu characters",
			    rules->count, (unsigned long long)req->length);
	check_rules_share(req);
}

/* --bits sets a length; --entropy needs an output whose entropy is fixed. */
static void check_strength(const struct options *opts)
{
	const struct draw_request *req = &opts->draw;
	bool length_given = req->kind == DRAW_PASSWORD ? req->length != 0 :
			    req->words != 0;

	if (opts->bits != 0) {
		if (req->kind != DRAW_PASSWORD && req->kind != DRAW_WORDS)
			usage_error("--bits needs --password or --words");
		if (length_given)
			usage_error("--bits and a length for %s cannot both be given (--bits sets it)",
				    req->option);
	} else if ((req->kind == DRAW_PASSWORD || req->kind == DRAW_WORDS) &&
		   !length_given) {
		usage_error("%s needs a length, or --bits", req->option);
	}
	if (!opts->entropy)
		return;
	if (req->kind == DRAW_ULID)
		usage_error("--entropy and --ulid cannot be used together (a ULID after the first of its millisecond adds one to it: no fixed entropy)");
	if (req->kind == DRAW_UUID && req->uuid_version == 7)
		usage_error("--entropy and --uuid=7 cannot be used together (its counter goes up by one within a millisecond: no fixed entropy)");
	if (reorders(opts))
		usage_error("--entropy and %s cannot be used together (the entropy depends on the input)",
			    reorder_option(opts));
}

/* What the draws and the key file options cannot be combined with. */
static void check_draw_combinations(struct options *opts)
{
	char name[32];

	for (size_t i = 0; i < sizeof(byte_output_options) / sizeof(byte_output_options[0]); i++)
		if (opts->draw.kind != DRAW_NONE && !reorders(opts) &&
		    opts->given[byte_output_options[i]])
			usage_error("%s and %s cannot be used together",
				    opts->draw.option,
				    long_name(byte_output_options[i], name,
					      sizeof(name)));
	if (opts->draw.charset_option != NULL &&
	    opts->draw.kind != DRAW_PASSWORD)
		usage_error("--charset needs --password");
	if (opts->given[OPT_UUID_FORMAT] && opts->draw.kind != DRAW_UUID)
		usage_error("--uuid-format needs --uuid");
	if (opts->given[OPT_SEPARATOR] && opts->draw.kind != DRAW_WORDS)
		usage_error("--separator needs --words");
	if (opts->given[OPT_WORDLIST] && opts->draw.kind != DRAW_WORDS)
		usage_error("--wordlist needs --words");
	if (opts->key.option != NULL && opts->output == NULL)
		usage_error("%s needs --output=FILE", opts->key.option);
	if (opts->draw.kind == DRAW_PASSWORD &&
	    opts->draw.charset_option == NULL)
		parse_charset(CHARSET_DEFAULT, &opts->draw.charset);
	check_rules(&opts->draw, opts->bits != 0);
	check_strength(opts);
}

static bool padded_format(enum format format)
{
	return format == FORMAT_BASE64 || format == FORMAT_BASE64URL ||
	       format == FORMAT_BASE32;
}

/* Raw bytes have no lines, padding or end: each layout option needs text. */
static void check_raw_layout(const struct options *opts)
{
	if (opts->count != 0)
		usage_error("--count needs a text format (--hex, --base64, ...): raw bytes have no lines");
	if (opts->wrap_given)
		usage_error("--wrap needs a text format (--hex, --base64, ...)");
	if (opts->no_newline)
		usage_error("--no-newline needs a text format: raw output has no newline");
	if (opts->zero_terminated)
		usage_error("--zero-terminated needs a text format: raw output has no end mark");
	if (opts->unpadded)
		usage_error("--no-padding needs --base64, --base64url or --base32");
}

/*
 * --shuffle and --sample reorder the lines of input or the integers of
 * --range: they take -z for their records, and nothing else of bytes.
 */
static void check_reorder_combinations(struct options *opts)
{
	const char *name = reorder_option(opts);
	const char *why = opts->draw.shuffle ? "--shuffle writes each line once" :
			  "--sample=K says how many";
	char other[32];

	if (!reorders(opts))
		return;
	if (opts->draw.shuffle && opts->draw.sample != 0)
		usage_error("--shuffle and --sample cannot be used together (--sample writes its lines in random order too)");
	if (opts->draw.kind != DRAW_NONE && opts->draw.kind != DRAW_RANGE)
		usage_error("%s and %s cannot be used together (only lines or --range are reordered)",
			    opts->draw.option, name);
	if (opts->count != 0)
		usage_error("--count and %s cannot be used together (%s)", name,
			    why);
	for (size_t i = 0; i < sizeof(byte_output_options) / sizeof(byte_output_options[0]); i++)
		if (byte_output_options[i] != 'z' &&
		    opts->given[byte_output_options[i]])
			usage_error("%s and %s cannot be used together", name,
				    long_name(byte_output_options[i], other,
					      sizeof(other)));
	opts->draw.zero_terminated = opts->zero_terminated;
}

/* Layout options that would have no effect, or break another's promise. */
static void check_text_layout(const struct options *opts)
{
	if (opts->draw.kind != DRAW_NONE || reorders(opts))
		return;		/* the draws' checks refuse the layout */
	if (opts->format == FORMAT_RAW) {
		check_raw_layout(opts);
		return;
	}
	if (opts->unpadded && !padded_format(opts->format))
		usage_error("--no-padding and %s cannot be used together: it has no padding",
			    opts->format_option);
	if (opts->count != 0 && opts->bytes == 0)
		usage_error("invalid byte count '0' with --count: each output needs at least 1 byte");
	if (opts->count != 0 && opts->wrap != 0)
		usage_error("--wrap and --count cannot be used together: each output is one line");
	if (opts->count != 0 && opts->no_newline)
		usage_error("--no-newline and --count cannot be used together: outputs are lines");
	if (opts->zero_terminated && opts->no_newline)
		usage_error("--zero-terminated and --no-newline cannot be used together");
	if (opts->zero_terminated && opts->wrap != 0)
		usage_error("--zero-terminated and --wrap cannot be used together");
}

void check_combinations(struct options *opts)
{
	char a[32], b[32];

	check_alone(opts);
	for (size_t i = 0; i < sizeof(excluded_pairs) / sizeof(excluded_pairs[0]); i++) {
		const struct excluded_pair *p = &excluded_pairs[i];

		if (opts->given[p->first] && opts->given[p->second])
			usage_error("%s and %s cannot be used together (%s)",
				    long_name(p->first, a, sizeof(a)),
				    long_name(p->second, b, sizeof(b)), p->why);
	}
	for (size_t i = 0; i < sizeof(value_rules) / sizeof(value_rules[0]); i++) {
		const char *why = value_rules[i](opts);

		if (why != NULL)
			usage_error("%s", why);
	}
	check_reorder_combinations(opts);
	check_text_layout(opts);
	check_draw_combinations(opts);
}

