// SPDX-License-Identifier: GPL-2.0
/*
 * PID 1 of the test guest (vm/mkinitramfs.sh builds it static as /init).
 *
 * Mounts the usual file systems, then either runs the guest test script
 * /tests/guest/run.sh with its standard output on the result port
 * (/dev/ttyS1, a file on the host) or, with VM_MODE=shell on the kernel
 * command line, an interactive shell on the console. Whatever happens it
 * writes "vm-status: N" (N = the script's exit status) as the last line of
 * the result port and reboots, which QEMU's -no-reboot turns into an exit.
 * Modelled on WireGuard's tools/testing/selftests/wireguard/qemu/init.c.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/wait.h>

#define RESULT_PORT "/dev/ttyS1"
#define TEST_SCRIPT "/tests/guest/run.sh"

/* Stops the guest: QEMU runs with -no-reboot, so a reboot ends it. */
static void poweroff(void)
{
	fflush(stdout);
	fflush(stderr);
	sync();
	reboot(RB_AUTOBOOT);
	sleep(30);
	fprintf(stderr, "\n\ninit: unable to power off\n");
	for (;;)
		pause();
}

/* Prints a message with errno's text and powers off. */
static void panic(const char *what)
{
	fprintf(stderr, "\n\ninit: %s: %s\n", what, strerror(errno));
	poweroff();
}

/* Mounts one file system, creating its mount point; dies on failure. */
static void mount_one(const char *type, const char *dir, unsigned long flags)
{
	if (mkdir(dir, 0755) < 0 && errno != EEXIST)
		panic(dir);
	if (mount(type, dir, type, flags, NULL) < 0 && errno != EBUSY)
		panic(dir);
}

/* Mounts proc, sysfs, devtmpfs and the tmpfs file systems. */
static void mount_filesystems(void)
{
	mount_one("devtmpfs", "/dev", MS_NOSUID);
	mount_one("proc", "/proc", MS_NOSUID | MS_NODEV | MS_NOEXEC);
	mount_one("sysfs", "/sys", MS_NOSUID | MS_NODEV | MS_NOEXEC);
	mount_one("tmpfs", "/tmp", MS_NOSUID | MS_NODEV);
	mount_one("tmpfs", "/run", MS_NOSUID | MS_NODEV);
}

/* Adds the /dev links that devtmpfs leaves out (bash needs /dev/fd). */
static void make_dev_links(void)
{
	static const char *const links[][2] = {
		{ "/proc/self/fd", "/dev/fd" },
		{ "/proc/self/fd/0", "/dev/stdin" },
		{ "/proc/self/fd/1", "/dev/stdout" },
		{ "/proc/self/fd/2", "/dev/stderr" },
	};
	size_t i;

	for (i = 0; i < sizeof(links) / sizeof(links[0]); i++)
		if (symlink(links[i][0], links[i][1]) < 0 && errno != EEXIST)
			panic(links[i][1]);
}

/* Makes stdin, stdout and stderr the console. */
static void open_console(void)
{
	int fd = open("/dev/console", O_RDWR);

	if (fd < 0)
		panic("/dev/console");
	dup2(fd, 0);
	dup2(fd, 1);
	dup2(fd, 2);
	if (fd > 2)
		close(fd);
	setvbuf(stdout, NULL, _IONBF, 0);
}

/* Returns the result port opened raw (no \r added), or dies. */
static int open_result_port(void)
{
	struct termios t;
	int fd = open(RESULT_PORT, O_WRONLY | O_NOCTTY | O_CLOEXEC);

	if (fd < 0)
		panic(RESULT_PORT);
	if (tcgetattr(fd, &t) == 0) {
		cfmakeraw(&t);
		tcsetattr(fd, TCSANOW, &t);
	}
	return fd;
}

/* Runs argv with stdout on out_fd (-1: keep the console); returns its
 * exit status, or 128 + signal number. */
static int run(char *const argv[], int out_fd)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		panic("fork");
	if (pid == 0) {
		setsid();
		if (out_fd >= 0 && dup2(out_fd, 1) < 0)
			_exit(126);
		execv(argv[0], argv);
		fprintf(stderr, "init: %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			panic("waitpid");
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

/* Writes the final status line to the result port. */
static void report(int fd, int status)
{
	char line[64];
	int len = snprintf(line, sizeof(line), "vm-status: %d\n", status);

	if (write(fd, line, len) != len)
		panic("write " RESULT_PORT);
	tcdrain(fd);
	if (close(fd) < 0)
		panic("close " RESULT_PORT);
}

/* Opens an interactive shell with job control on the console. */
static int run_shell(void)
{
	char *const argv[] = { "/bin/cttyhack", "/bin/sh", "-l", NULL };

	printf("init: interactive shell; `exit` or `reboot -f` stops the guest\n");
	return run(argv, -1);
}

int main(void)
{
	char *const argv[] = { TEST_SCRIPT, NULL };
	const char *mode = getenv("VM_MODE");
	int fd;

	mount_filesystems();
	make_dev_links();
	open_console();
	setenv("PATH", "/bin:/sbin:/usr/bin:/usr/sbin", 1);
	setenv("HOME", "/root", 1);
	setenv("TMPDIR", "/tmp", 1);
	if (mode && !strcmp(mode, "shell")) {
		run_shell();
		poweroff();
	}
	fd = open_result_port();
	report(fd, run(argv, fd));
	poweroff();
	return 1;
}
