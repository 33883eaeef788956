// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --progress, as dd status=progress and pv tell theirs: the bytes (or
 * records) written, the average rate and, where the total is known, the
 * share done and the time left.  On a terminal the line is rewritten in
 * place every second; anywhere else a line goes out every 5 seconds.  A
 * last line says what the whole run wrote.
 *
 * Only what the sink has written is counted: the sink calls this after
 * each write that succeeded, from the one thread that writes.
 *
 * Every figure is truncated, never rounded up, and computed in integers:
 * a size of 1023.99 MiB reads "1023 MiB", never "1.00 GiB", and a rate
 * never claims a digit it has not reached.  The time left is an estimate
 * at the average rate, and says "about".
 *
 * The user asked for these lines: one that cannot be written fails the
 * run (status 1), as a write error on standard output does.
 */
#define _GNU_SOURCE
#include <err.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "progress.h"
#include "wide.h"
#include "writer.h"

#define NS_PER_S 1000000000ull
/* A terminal is redrawn this often; a log gets a line this often. */
#define IN_PLACE_INTERVAL_NS (1 * NS_PER_S)
#define LOG_INTERVAL_NS (5 * NS_PER_S)
/* The longest line: five 20-digit numbers and the words between. */
#define LINE_MAX_CHARS 256

static uint64_t now_ns(void)
{
	struct timespec ts;

	/* CLOCK_MONOTONIC cannot fail on Linux; a zero clock only stalls reports. */
	if (clock_gettime(CLOCK_MONOTONIC, &ts) == -1)
		return 0;
	return (uint64_t)ts.tv_sec * NS_PER_S + (uint64_t)ts.tv_nsec;
}

/* (hi:lo) / c, for c > 0: false if the quotient does not fit 64 bits. */
static bool div_wide(uint64_t hi, uint64_t lo, uint64_t c, uint64_t *q)
{
	if (hi >= c)
		return false;
	*q = 0;
	/* Long division, a bit at a time: hi stays the remainder, below c. */
	for (int i = 0; i < 64; i++) {
		bool carry = hi >> 63;

		hi = hi << 1 | lo >> 63;
		lo <<= 1;
		*q <<= 1;
		if (carry || hi >= c) {
			hi -= c;
			*q |= 1;
		}
	}
	return true;
}

/* floor(a * b / c), for c > 0: false if it does not fit 64 bits. */
static bool mul_div(uint64_t a, uint64_t b, uint64_t c, uint64_t *q)
{
	uint64_t lo, hi = mul_wide(a, b, &lo);

	return div_wide(hi, lo, c, q);
}

static const char *plural(uint64_t n, const char *one, const char *more)
{
	return n == 1 ? one : more;
}

/*
 * a * b / c bytes (b at most 10^9, c > 0), truncated to three significant
 * digits of the largest IEC unit it reaches ("1.99 GiB", "512 bytes"),
 * then suffix ("" or "/s").
 */
static void put_size(char *out, size_t size, uint64_t a, uint64_t b,
		     uint64_t c, const char *suffix)
{
	static const char *const units[] = {
		"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB",
	};
	uint64_t lo, hi = mul_wide(a, b * 100, &lo), h = 0;
	unsigned int k;

	/* Hundredths of the unit 1024^k: the product shifted, then divided. */
	for (k = 0; k < 7; k++) {
		unsigned int s = 10 * k;
		uint64_t shi = s ? hi >> s : hi, slo = s ? lo >> s | hi << (64 - s) : lo;

		if (div_wide(shi, slo, c, &h) && (h < 102400 || k == 6))
			break;
	}
	if (k == 7)
		snprintf(out, size, "more than 1024 EiB%s", suffix);
	else if (k == 0)
		snprintf(out, size, "%llu %s%s", (unsigned long long)(h / 100),
			 suffix[0] ? "bytes" : plural(h / 100, "byte", "bytes"),
			 suffix);
	else if (h < 1000)
		snprintf(out, size, "%u.%02u %s%s", (unsigned int)(h / 100),
			 (unsigned int)(h % 100), units[k], suffix);
	else if (h < 10000)
		snprintf(out, size, "%u.%u %s%s", (unsigned int)(h / 100),
			 (unsigned int)(h / 10 % 10), units[k], suffix);
	else
		snprintf(out, size, "%llu %s%s", (unsigned long long)(h / 100),
			 units[k], suffix);
}

/* ns as H:MM:SS, truncated to the second. */
static void put_clock(char *out, size_t size, uint64_t ns)
{
	uint64_t s = ns / NS_PER_S;

	snprintf(out, size, "%llu:%02u:%02u", (unsigned long long)(s / 3600),
		 (unsigned int)(s / 60 % 60), (unsigned int)(s % 60));
}

static const char *record_noun(const struct progress *p, uint64_t n)
{
	if (p->record_end == '\n')
		return plural(n, "line", "lines");
	return plural(n, "record", "records");
}

/* "512 MiB of 1.00 GiB", or "523 of 1000 lines" */
static int put_amount(const struct progress *p, char *out, size_t size)
{
	char done[32], total[32];

	if (p->record_end != PROGRESS_BYTES) {
		if (p->total_known)
			return snprintf(out, size, "%llu of %llu %s",
					(unsigned long long)p->done,
					(unsigned long long)p->total,
					record_noun(p, p->total));
		return snprintf(out, size, "%llu %s", (unsigned long long)p->done,
				record_noun(p, p->done));
	}
	put_size(done, sizeof(done), p->done, 1, 1, "");
	if (!p->total_known)
		return snprintf(out, size, "%s", done);
	put_size(total, sizeof(total), p->total, 1, 1, "");
	return snprintf(out, size, "%s of %s", done, total);
}

/* ", 2.17 GiB/s" or ", 1130000 lines/s"; nothing before any time passed. */
static int put_rate(const struct progress *p, uint64_t elapsed, char *out,
		    size_t size)
{
	char rate[32];
	uint64_t per_s;

	if (elapsed == 0)
		return snprintf(out, size, "%s", "");
	if (p->record_end == PROGRESS_BYTES) {
		put_size(rate, sizeof(rate), p->done, NS_PER_S, elapsed, "/s");
		return snprintf(out, size, ", %s", rate);
	}
	if (!mul_div(p->done, NS_PER_S, elapsed, &per_s))
		return snprintf(out, size, "%s", "");
	return snprintf(out, size, ", %llu %s/s", (unsigned long long)per_s,
			record_noun(p, 2));
}

/* " (52%)" and ", about 0:00:07 left", where the total is known. */
static int put_share(const struct progress *p, char *out, size_t size)
{
	uint64_t percent;

	if (!p->total_known || p->total == 0 || p->done > p->total ||
	    !mul_div(p->done, 100, p->total, &percent))
		return snprintf(out, size, "%s", "");
	return snprintf(out, size, " (%u%%)", (unsigned int)percent);
}

static int put_left(const struct progress *p, uint64_t elapsed, char *out,
		    size_t size)
{
	char left[32];
	uint64_t ns;

	if (!p->total_known || p->done == 0 || elapsed == 0 ||
	    p->done > p->total ||
	    !mul_div(p->total - p->done, elapsed, p->done, &ns))
		return snprintf(out, size, "%s", "");
	put_clock(left, sizeof(left), ns);
	return snprintf(out, size, ", about %s left", left);
}

/* A report while the run goes on; returns its length. */
static size_t format_report(const struct progress *p, uint64_t elapsed,
			    char *line, size_t size)
{
	char amount[96], share[16], clock[32], rate[48], left[48];

	put_amount(p, amount, sizeof(amount));
	put_share(p, share, sizeof(share));
	put_clock(clock, sizeof(clock), elapsed);
	put_rate(p, elapsed, rate, sizeof(rate));
	put_left(p, elapsed, left, sizeof(left));
	snprintf(line, size, "getrandom: %s%s in %s%s%s", amount, share, clock,
		 rate, left);
	return strlen(line);
}

/* The last line: the exact count, the time in seconds and the rate. */
static size_t format_last(const struct progress *p, uint64_t elapsed,
			  char *line, size_t size)
{
	char amount[64], rate[48];

	if (p->record_end != PROGRESS_BYTES)
		snprintf(amount, sizeof(amount), "%llu %s",
			 (unsigned long long)p->done, record_noun(p, p->done));
	else if (p->done < 1024)
		snprintf(amount, sizeof(amount), "%llu %s",
			 (unsigned long long)p->done,
			 plural(p->done, "byte", "bytes"));
	else {
		char human[32];

		put_size(human, sizeof(human), p->done, 1, 1, "");
		snprintf(amount, sizeof(amount), "%llu bytes (%s)",
			 (unsigned long long)p->done, human);
	}
	put_rate(p, elapsed, rate, sizeof(rate));
	snprintf(line, size, "getrandom: %s written in %llu.%02u s%s", amount,
		 (unsigned long long)(elapsed / NS_PER_S),
		 (unsigned int)(elapsed % NS_PER_S / (NS_PER_S / 100)), rate);
	return strlen(line);
}

/*
 * A line in place must not wrap, or the carriage return would go back to
 * its last row only: whole fields are dropped from the end (", 2.17
 * GiB/s", ", about 0:00:07 left") until it fits the terminal's width, so
 * that no figure is ever cut short.
 */
static size_t fit_terminal(const char *text, size_t len)
{
	struct winsize ws;
	size_t room;

	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == -1 || ws.ws_col == 0)
		return len;
	room = ws.ws_col - 1u;
	while (len > room) {
		const char *comma = memrchr(text, ',', len);

		if (comma == NULL)
			break;
		len = (size_t)(comma - text);
	}
	return len;
}

/*
 * Writes text of len bytes: in place over the line shown (spaces cover
 * what is left of a longer one), or as a line of its own.  0, or -1
 * after saying why.
 */
static int show(struct progress *p, const char *text, size_t len, bool last)
{
	char buf[2 * LINE_MAX_CHARS + 2];
	size_t n = 0;

	if (p->in_place && !last)
		len = fit_terminal(text, len);
	if (p->in_place)
		buf[n++] = '\r';
	memcpy(buf + n, text, len);
	n += len;
	for (size_t i = len; i < p->shown; i++)
		buf[n++] = ' ';
	if (!p->in_place || last)
		buf[n++] = '\n';
	p->shown = p->in_place && !last ? len : 0;
	if (write_all(STDERR_FILENO, buf, n) == 0)
		return 0;
	p->shown = 0;
	warn("cannot write --progress to standard error");
	return -1;
}

void progress_start(struct progress *p, const struct progress_plan *plan)
{
	*p = (struct progress){
		.record_end = plan->record_end,
		.total_known = plan->total_known,
		.total = plan->total,
		.in_place = isatty(STDERR_FILENO) == 1,
		.start_ns = now_ns(),
	};
	p->next_ns = p->start_ns + (p->in_place ? IN_PLACE_INTERVAL_NS :
				    LOG_INTERVAL_NS);
}

/* The records whose end is in buf. */
static uint64_t records_in(const char *buf, size_t len, char end)
{
	uint64_t n = 0;

	for (const char *q = buf; (q = memchr(q, end, len - (size_t)(q - buf)));
	     q++)
		n++;
	return n;
}

int progress_add(struct progress *p, const void *buf, size_t len)
{
	char line[LINE_MAX_CHARS];
	uint64_t now;

	if (p->record_end == PROGRESS_BYTES)
		p->done += len;
	else
		p->done += records_in(buf, len, (char)p->record_end);
	now = now_ns();
	if (now < p->next_ns)
		return 0;
	p->next_ns = now + (p->in_place ? IN_PLACE_INTERVAL_NS : LOG_INTERVAL_NS);
	return show(p, line, format_report(p, now - p->start_ns, line,
					   sizeof(line)), false);
}

void progress_break(struct progress *p)
{
	if (p->shown == 0)
		return;
	p->shown = 0;
	/* Best effort: the message that follows says what failed. */
	(void)write_all(STDERR_FILENO, "\n", 1);
}

int progress_finish(struct progress *p, bool ok)
{
	char line[LINE_MAX_CHARS];

	if (!ok) {
		progress_break(p);
		return 0;
	}
	return show(p, line, format_last(p, now_ns() - p->start_ns, line,
					 sizeof(line)), true);
}
