// SPDX-License-Identifier: GPL-2.0
/*
 * PID 1 of the arm64 test guest, and its whole test runner: the guest has
 * no shell, bash or bats (vm/arm64/mkinitramfs.sh builds this static for
 * arm64 as /init, beside the static CLI /bin/getrandom and the kselftest's
 * /kselftest/getrandom_early_test and /kselftest/getrandom_test). It
 * mounts /dev, /proc and /sys, runs the checks of the variant that
 * VM_VARIANT on the kernel command line names, prints them as TAP on the
 * console, ends with "vm-status: N" (0 when every check passed) and
 * reboots, which QEMU's -no-reboot turns into an exit.
 *
 * patched: the checks of tests/guest/uninitialized.bats (the CPU has no
 * RNDR, the crng is not initialized yet, then what the CLI does in that
 * state and once the crng is ready), with the early kselftest run before
 * them, while the crng is uninitialized, and the other one after them.
 * baseline: the negative control of tests/guest/baseline.bats: each
 * kselftest program skips its run because getrandom(2) is not implemented,
 * and the CLI exits 1 with its ENOSYS message.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/auxv.h>
#include <sys/klog.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/wait.h>

#define CLI "/bin/getrandom"
#define KSELFTEST_EARLY "/kselftest/getrandom_early_test"
#define KSELFTEST "/kselftest/getrandom_test"
#define ENOSYS_MESSAGE "getrandom: getrandom(2) is not available: " \
	"Function not implemented (Linux 3.17 or later is needed)\n"
#define ENOSYS_SKIP "1..0 # SKIP getrandom(2) not implemented"
/* The only skip allowed: the early test that credits the pool if asked. */
#define WAKE_SKIP "GETRANDOM_TEST_WAKE"
/* Each kselftest program has more tests than this: fewer, it did not run. */
#define KSELFTEST_MIN 4
/* arm64's HWCAP2_RNG (RNDR), in case the C library's headers lack it. */
#ifndef HWCAP2_RNG
#define HWCAP2_RNG (1UL << 16)
#endif

static int tests_run, tests_failed;

/* Stops the guest: QEMU runs with -no-reboot, so a reboot ends it. */
static void poweroff(void)
{
	fflush(stdout);
	sync();
	reboot(RB_AUTOBOOT);
	for (;;)
		pause();
}

/* Says what failed, with errno's text, in the TAP stream and stops. */
static void die(const char *what)
{
	printf("Bail out! init: %s: %s\nvm-status: 1\n", what, strerror(errno));
	poweroff();
}

/* Mounts one file system, creating its mount point. */
static void mount_one(const char *type, const char *dir)
{
	if (mkdir(dir, 0755) < 0 && errno != EEXIST)
		die(dir);
	if (mount(type, dir, type, MS_NOSUID, NULL) < 0 && errno != EBUSY)
		die(dir);
}

/* Makes stdin, stdout and stderr the console (the kernel opened none: the
 * initramfs has no /dev/console before devtmpfs is mounted). */
static void open_console(void)
{
	int fd = open("/dev/console", O_RDWR);

	if (fd < 0)
		poweroff();
	dup2(fd, 0);
	dup2(fd, 1);
	dup2(fd, 2);
	if (fd > 2)
		close(fd);
	setvbuf(stdout, NULL, _IOLBF, 0);
}

/* What a program printed and how it ended. */
struct result {
	char *out, *err;
	size_t out_len, err_len;
	int status;	/* exit status, 128 + signal, or -1: killed at the limit */
};

/* Appends what fd has to *buf; returns false at end of file. */
static bool drain(int fd, char **buf, size_t *len)
{
	char chunk[4096];
	ssize_t n = read(fd, chunk, sizeof(chunk));

	if (n < 0 && errno == EINTR)
		return true;
	if (n <= 0)
		return false;
	*buf = realloc(*buf, *len + n + 1);
	if (!*buf)
		die("realloc");
	memcpy(*buf + *len, chunk, n);
	*len += n;
	(*buf)[*len] = '\0';
	return true;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * Runs argv with its standard output and error captured; a program still
 * running after limit seconds is killed (a net for a hang: status -1).
 */
static struct result run(char *const argv[], int limit)
{
	struct result r = { calloc(1, 1), calloc(1, 1), 0, 0, 0 };
	int out[2], err[2], status;
	double deadline = now() + limit;
	bool out_open = true, err_open = true;
	pid_t pid;

	if (!r.out || !r.err || pipe(out) < 0 || pipe(err) < 0)
		die("pipe");
	pid = fork();
	if (pid < 0)
		die("fork");
	if (pid == 0) {
		dup2(out[1], 1);
		dup2(err[1], 2);
		close(out[0]);
		close(err[0]);
		execv(argv[0], argv);
		dprintf(2, "init: %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	close(out[1]);
	close(err[1]);
	while (out_open || err_open) {
		struct pollfd fds[2] = { { out_open ? out[0] : -1, POLLIN, 0 },
					 { err_open ? err[0] : -1, POLLIN, 0 } };
		int left = (int)((deadline - now()) * 1000);

		if (left <= 0 || poll(fds, 2, left) == 0) {
			kill(pid, SIGKILL);
			r.status = -1;
			break;
		}
		if (fds[0].revents)
			out_open = drain(out[0], &r.out, &r.out_len);
		if (fds[1].revents)
			err_open = drain(err[0], &r.err, &r.err_len);
	}
	close(out[0]);
	close(err[0]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			die("waitpid");
	if (r.status == 0)
		r.status = WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
	return r;
}

static void release(struct result *r)
{
	free(r->out);
	free(r->err);
}

/* Prints text as TAP comments, each line behind "# " and a prefix. */
static void comment(const char *prefix, const char *text)
{
	const char *end;

	while (*text) {
		end = strchrnul(text, '\n');
		printf("# %s%.*s\n", prefix, (int)(end - text), text);
		text = *end ? end + 1 : end;
	}
}

/* Reports one check; a failing one says why, as printf would. */
static void check(bool ok, const char *name, const char *why, ...)
{
	va_list ap;

	tests_run++;
	printf("%sok %d - %s\n", ok ? "" : "not ", tests_run, name);
	if (ok)
		return;
	tests_failed++;
	va_start(ap, why);
	fputs("# ", stdout);
	vprintf(why, ap);
	putchar('\n');
	va_end(ap);
}

/* Returns whether s is exactly len lowercase hex digits and a newline. */
static bool is_hex_line(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (!strchr("0123456789abcdef", s[i]) || !s[i])
			return false;
	return !strcmp(s + len, "\n");
}

/* A kselftest program's results: how many, failed, skipped, and whether
 * it skipped its whole run for a missing getrandom(2). */
struct kselftest {
	int results, failed, skipped;
	bool skipped_enosys;
	int status;
};

/* Runs a kselftest program, echoes its TAP as comments and counts its
 * results; a skip of the test that credits the pool only when asked is
 * not counted. */
static struct kselftest run_kselftest(const char *label, const char *prog)
{
	char *const argv[] = { (char *)prog, NULL };
	struct kselftest k = { 0 };
	struct result r;
	const char *line;

	r = run(argv, 300);
	k.status = r.status;

	comment(label, r.out);
	comment(label, r.err);
	for (line = r.out; line && *line; line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
		const char *end = strchrnul(line, '\n');
		bool ok = !strncmp(line, "ok ", 3);

		if (!strncmp(line, ENOSYS_SKIP, strlen(ENOSYS_SKIP)))
			k.skipped_enosys = true;
		if (!ok && strncmp(line, "not ok ", 7))
			continue;
		k.results++;
		k.failed += !ok;
		if (memmem(line, end - line, "# SKIP", 6) &&
		    !memmem(line, end - line, WAKE_SKIP, strlen(WAKE_SKIP)))
			k.skipped++;
	}
	release(&r);
	return k;
}

/* The patched kernel's kselftest program: it ran, passed, and none of its
 * tests skipped (in the early run, a skip says the run was not early). */
static void check_kselftest_passes(const char *label, const char *prog)
{
	char name[160];
	struct kselftest k = run_kselftest(label, prog);

	snprintf(name, sizeof(name), "%s passes, none of its tests skipped", prog);
	check(k.status == 0 && k.failed == 0 && k.results >= KSELFTEST_MIN &&
	      !k.skipped && !k.skipped_enosys, name,
	      "exit status %d; %d results, %d failed, %d skipped", k.status,
	      k.results, k.failed, k.skipped);
}

/* The Features line of /proc/cpuinfo, with a space at each end. */
static void cpu_features(char *line, size_t size)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char buf[1024];

	snprintf(line, size, " ");
	if (!f)
		return;
	while (fgets(buf, sizeof(buf), f))
		if (!strncmp(buf, "Features", 8)) {
			buf[strcspn(buf, "\n")] = '\0';
			snprintf(line, size, " %s ", buf);
			break;
		}
	fclose(f);
}

/* The CPU has no RNDR: neither /proc/cpuinfo nor the auxiliary vector
 * says "rng" (and the Features line is one: it has "fp"). */
static void check_no_rndr(void)
{
	char features[1100];

	cpu_features(features, sizeof(features));
	check(strstr(features, " fp ") && !strstr(features, " rng ") &&
	      !(getauxval(AT_HWCAP2) & HWCAP2_RNG),
	      "harness: the guest CPU has no RNDR", "Features: %s; AT_HWCAP2 %#lx",
	      features, getauxval(AT_HWCAP2));
}

/* The boot log says nothing of the crng being initialized. */
static void check_pool_uninitialized(void)
{
	int size = klogctl(10, NULL, 0);	/* SYSLOG_ACTION_SIZE_BUFFER */
	char *log = malloc(size > 0 ? size + 1 : 1);
	int len = log && size > 0 ? klogctl(3, log, size) : -1;	/* READ_ALL */

	if (len < 0)
		len = 0;
	if (log)
		log[len] = '\0';
	check(log && strstr(log, "Linux version") && !strstr(log, "crng init done"),
	      "harness: the kernel has not initialized its random pool yet",
	      "%s", !log || !strstr(log, "Linux version") ? "no boot log (klogctl failed)" :
	      "the boot log says: crng init done");
	free(log);
}

/* Runs the CLI with args (a NULL-ended list); at most limit seconds. */
static struct result cli(int limit, ...)
{
	char *argv[16] = { CLI };
	int argc = 1;
	va_list ap;

	va_start(ap, limit);
	while (argc < 15 && (argv[argc] = va_arg(ap, char *)))
		argc++;
	va_end(ap);
	argv[argc] = NULL;
	return run(argv, limit);
}

/* Prints what a program wrote as one TAP comment line, escaped: a
 * newline as \n, other bytes outside printable ASCII in hex. */
static void comment_escaped(const char *label, const char *text, size_t len)
{
	size_t i;

	printf("# %s: \"", label);
	for (i = 0; i < len; i++) {
		unsigned char c = text[i];

		if (c == '\n')
			fputs("\\n", stdout);
		else if (c < ' ' || c > '~' || c == '"' || c == '\\')
			printf("\\x%02x", c);
		else
			putchar(c);
	}
	puts("\"");
}

/* Checks the CLI's exit status, its stdout (empty, or hex_len hex digits
 * and a newline) and, unless NULL, its exact stderr. */
static void check_cli(struct result r, const char *name, int status, size_t hex_len,
		      const char *err)
{
	bool out_ok = hex_len ? is_hex_line(r.out, hex_len) : r.out_len == 0;
	bool ok = r.status == status && out_ok && (!err || !strcmp(r.err, err));

	check(ok, name, "exit status %d (want %d)%s", r.status, status,
	      r.status == -1 ? ": killed, still running at its limit" : "");
	if (!ok) {
		comment_escaped("stdout", r.out, r.out_len);
		comment_escaped("stderr", r.err, r.err_len);
	}
	release(&r);
}

/* What tests/guest/uninitialized.bats checks, in its order. */
static void check_uninitialized_cli(void)
{
	check_cli(cli(60, "--check", NULL), "--check exits 3 while the pool is not initialized",
		  3, 0, NULL);
	check_cli(cli(60, "--nonblock", "--bytes", "16", "--hex", NULL),
		  "--nonblock exits 3 and writes nothing", 3, 0, NULL);
	check_cli(cli(60, "--timeout=0.1", "--bytes", "16", "--hex", NULL),
		  "--timeout=0.1 exits 3", 3, 0, NULL);
	check_cli(cli(10, "--insecure", "--bytes", "16", "--hex", NULL),
		  "--insecure returns bytes at once", 0, 32, "");
	check_cli(cli(120, "--bytes", "32", "--hex", NULL),
		  "a blocking read returns its bytes once the kernel has gathered entropy",
		  0, 64, "");
	check_cli(cli(60, "--check", NULL), "--check exits 0 once the pool is initialized",
		  0, 0, NULL);
}

static void run_patched(void)
{
	check_no_rndr();
	check_kselftest_passes("early: ", KSELFTEST_EARLY);
	check_pool_uninitialized();
	check_uninitialized_cli();
	check_kselftest_passes("late: ", KSELFTEST);
}

/* What tests/guest/baseline.bats checks of the CLI and the kselftest. */
static void run_baseline(void)
{
	struct kselftest k;

	check_no_rndr();
	check_cli(cli(60, "--bytes", "1", NULL),
		  "a plain read exits 1 with the ENOSYS message", 1, 0, ENOSYS_MESSAGE);
	check_cli(cli(60, "--nonblock", "--bytes", "16", "--hex", NULL),
		  "--nonblock exits 1 with the ENOSYS message", 1, 0, ENOSYS_MESSAGE);
	check_cli(cli(60, "--insecure", "--bytes", "16", "--hex", NULL),
		  "--insecure exits 1 with the ENOSYS message", 1, 0, ENOSYS_MESSAGE);
	check_cli(cli(60, "--check", NULL),
		  "--check exits 1 with the ENOSYS message, not 0 or 3",
		  1, 0, ENOSYS_MESSAGE);
	k = run_kselftest("kselftest: ", KSELFTEST_EARLY);
	check(k.status == 4 && !k.results && k.skipped_enosys,
	      "the early kselftest skips its run: getrandom(2) not implemented",
	      "exit status %d, %d results", k.status, k.results);
	k = run_kselftest("kselftest: ", KSELFTEST);
	check(k.status == 4 && !k.results && k.skipped_enosys,
	      "the kselftest skips its run: getrandom(2) not implemented",
	      "exit status %d, %d results", k.status, k.results);
}

/* Prints the guest's uptime as a TAP comment: when the checks started
 * (boot time) and ended (their time), as the guest's clock sees them. */
static void print_uptime(const char *when)
{
	char buf[64] = "?";
	FILE *f = fopen("/proc/uptime", "r");

	if (f) {
		if (fscanf(f, "%63s", buf) != 1)
			strcpy(buf, "?");
		fclose(f);
	}
	printf("# arm64 guest: up %s s %s\n", buf, when);
}

int main(void)
{
	const char *variant = getenv("VM_VARIANT");

	mount_one("devtmpfs", "/dev");
	open_console();
	mount_one("proc", "/proc");
	mount_one("sysfs", "/sys");
	if (mkdir("/tmp", 01777) < 0 && errno != EEXIST)
		die("/tmp");
	setenv("PATH", "/bin", 1);
	setenv("TMPDIR", "/tmp", 1);
	printf("TAP version 13\n# arm64 guest: variant %s\n", variant ? variant : "(none)");
	print_uptime("when the checks start");
	if (variant && !strcmp(variant, "patched"))
		run_patched();
	else if (variant && !strcmp(variant, "baseline"))
		run_baseline();
	else
		check(false, "VM_VARIANT is patched or baseline", "VM_VARIANT=%s",
		      variant ? variant : "(unset)");
	print_uptime("when the checks end");
	printf("1..%d\nvm-status: %d\n", tests_run, tests_failed ? 1 : 0);
	poweroff();
	return 1;
}
