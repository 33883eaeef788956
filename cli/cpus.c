// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The CPUs this process may run on: those of its affinity mask (what
 * nproc(1) and `taskset -c` go by), and no more than a cgroup v2 CPU
 * quota (cpu.max) allows, rounded up.  A container that sees 64 online
 * CPUs but may use one gets one thread, not 64.  Anything unreadable
 * (no /proc, no /sys, no free file descriptor) leaves the other limits.
 */
#define _GNU_SOURCE
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cpus.h"

#define CGROUP_ROOT "/sys/fs/cgroup"

static unsigned int affinity_cpus(void)
{
	for (int n = 1024; n <= 1 << 20; n *= 2) {
		cpu_set_t *set = CPU_ALLOC((size_t)n);
		size_t size = CPU_ALLOC_SIZE((size_t)n);
		int count = -1;

		if (set == NULL)
			break;
		if (sched_getaffinity(0, size, set) == 0)
			count = CPU_COUNT_S(size, set);
		CPU_FREE(set);
		if (count > 0)
			return (unsigned int)count;
	}
	long online = sysconf(_SC_NPROCESSORS_ONLN);

	return online > 0 ? (unsigned int)online : 1;
}

/* This process's cgroup v2 path ("/a/b"), from the "0::" line. */
static int cgroup_path(char *path, size_t size)
{
	char line[PATH_MAX + 8];
	FILE *f = fopen("/proc/self/cgroup", "re");
	int found = -1;

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL) {
		if (strncmp(line, "0::", 3) != 0)
			continue;
		line[strcspn(line, "\n")] = '\0';
		if (strlen(line + 3) < size) {
			memcpy(path, line + 3, strlen(line + 3) + 1);
			found = 0;
		}
	}
	fclose(f);
	return found;
}

/* The CPUs the quota in DIR/cpu.max allows, rounded up; 0 for none. */
static unsigned int quota_cpus(const char *dir)
{
	char file[PATH_MAX + 32];
	unsigned long long quota, period;
	FILE *f;
	int n;

	snprintf(file, sizeof(file), "%s/cpu.max", dir);
	f = fopen(file, "re");
	if (f == NULL)
		return 0;
	n = fscanf(f, "%llu %llu", &quota, &period);
	fclose(f);
	/* "max 100000" (no quota) does not scan. */
	if (n != 2 || period == 0)
		return 0;
	quota = (quota + period - 1) / period;
	return quota < 1 ? 1 : quota > UINT_MAX ? UINT_MAX : (unsigned int)quota;
}

/* The tightest quota of this process's cgroup and its ancestors; 0 for none. */
static unsigned int cgroup_cpus(void)
{
	char path[PATH_MAX], dir[PATH_MAX + sizeof(CGROUP_ROOT)];
	unsigned int least = 0;

	if (cgroup_path(path, sizeof(path)) == -1)
		return 0;
	for (;;) {
		unsigned int cpus;
		char *slash;

		snprintf(dir, sizeof(dir), "%s%s", CGROUP_ROOT, path);
		cpus = quota_cpus(dir);
		if (cpus != 0 && (least == 0 || cpus < least))
			least = cpus;
		slash = strrchr(path, '/');
		if (slash == NULL || path[0] == '\0')
			break;
		*slash = '\0';
	}
	return least;
}

unsigned int usable_cpus(void)
{
	unsigned int cpus = affinity_cpus(), quota = cgroup_cpus();

	return quota != 0 && quota < cpus ? quota : cpus;
}
