// SPDX-License-Identifier: GPL-2.0
/*
 * The 6.12 guest's check of which ways to the kernel's generator a kernel
 * has: the system call (x86_64 318, i386 355) and, in a 64-bit build, the
 * vDSO's __vdso_getrandom. Built static, 64-bit and 32-bit, by
 * vm/check-6.12.sh, with the vDSO parser of the 6.12 tree's selftests.
 * Call: probe-6.12 baseline|patched   (what the running kernel should be)
 * Prints TAP; exit status 0 when the kernel is what it was told.
 * The calls pass GRND_INSECURE, so they never wait for the pool and never
 * initialize it: the project's uninitialized-pool checks run after this.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include "parse_vdso.h"

#define GRND_INSECURE_FLAG 0x0004
#define MAP_DROPPABLE_FLAG 0x08

/* struct vgetrandom_opaque_params, as the 6.12 uapi header has it. */
struct opaque_params {
	unsigned int size_of_opaque_state;
	unsigned int mmap_prot;
	unsigned int mmap_flags;
	unsigned int reserved[13];
};

typedef long (*vgetrandom_fn)(void *buf, size_t len, unsigned int flags,
			      void *state, size_t state_len);

static int failures;
static int number;

/* One TAP line: "ok" when got matches want. */
static void report(int ok, const char *what, const char *detail)
{
	printf("%sok %d - %s (%s)\n", ok ? "" : "not ", ++number, what, detail);
	if (!ok)
		failures++;
}

/* getrandom(2) by its number: 16 bytes on patched, ENOSYS on baseline. */
static void check_syscall(int patched)
{
	char buf[16], detail[64];
	long ret;

	errno = 0;
	ret = syscall(SYS_getrandom, buf, sizeof(buf), GRND_INSECURE_FLAG);
	snprintf(detail, sizeof(detail), "number %d: returned %ld, errno %s",
		 SYS_getrandom, ret, ret < 0 ? strerrorname_np(errno) : "none");
	if (patched)
		report(ret == (long)sizeof(buf), "getrandom(2) answers", detail);
	else
		report(ret == -1 && errno == ENOSYS, "getrandom(2) answers ENOSYS",
		       detail);
}

#if defined(__x86_64__)
/* Calls a present __vdso_getrandom: its parameters, then 16 bytes. */
static void call_vdso(vgetrandom_fn fn)
{
	struct opaque_params params = { 0 };
	char buf[16], detail[96];
	void *state;
	long ret;

	ret = fn(NULL, 0, 0, &params, ~0UL);
	snprintf(detail, sizeof(detail), "returned %ld, state %u bytes, mmap flags %#x",
		 ret, params.size_of_opaque_state, params.mmap_flags);
	report(ret == 0 && params.size_of_opaque_state > 0 &&
	       (params.mmap_flags & MAP_DROPPABLE_FLAG),
	       "__vdso_getrandom reports its state in MAP_DROPPABLE pages", detail);
	state = mmap(NULL, 4096, params.mmap_prot, params.mmap_flags, -1, 0);
	if (state == MAP_FAILED) {
		report(0, "the state's mapping", strerror(errno));
		return;
	}
	ret = fn(buf, sizeof(buf), GRND_INSECURE_FLAG, state,
		 params.size_of_opaque_state);
	snprintf(detail, sizeof(detail), "returned %ld", ret);
	report(ret == (long)sizeof(buf), "__vdso_getrandom fills 16 bytes", detail);
}

/* The vDSO's getrandom: exported on patched, absent on baseline. */
static void check_vdso(int patched)
{
	unsigned long base = getauxval(AT_SYSINFO_EHDR);
	vgetrandom_fn fn, alias;

	if (!base) {
		report(0, "the vDSO is mapped", "no AT_SYSINFO_EHDR");
		return;
	}
	vdso_init_from_sysinfo_ehdr(base);
	fn = (vgetrandom_fn)vdso_sym("LINUX_2.6", "__vdso_getrandom");
	alias = (vgetrandom_fn)vdso_sym("LINUX_2.6", "getrandom");
	if (!patched) {
		report(!fn && !alias, "the vDSO has no getrandom",
		       fn || alias ? "found" : "neither __vdso_getrandom nor getrandom");
		return;
	}
	report(fn && alias, "the vDSO exports __vdso_getrandom and getrandom",
	       fn && alias ? "both found" : "missing");
	if (fn)
		call_vdso(fn);
}
#endif

int main(int argc, char **argv)
{
	int patched;

	if (argc != 2 || (strcmp(argv[1], "baseline") && strcmp(argv[1], "patched"))) {
		fprintf(stderr, "usage: %s baseline|patched\n", argv[0]);
		return 2;
	}
	patched = !strcmp(argv[1], "patched");
	printf("# probe-6.12 (%d-bit), expecting the %s kernel\n",
	       (int)sizeof(long) * 8, argv[1]);
	check_syscall(patched);
#if defined(__x86_64__)
	check_vdso(patched);
#endif
	printf("1..%d\n", number);
	return failures ? 1 : 0;
}
