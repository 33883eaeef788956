// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dupblocks FILE: exits 1 if any two 64-byte blocks of FILE (at offsets
 * that are multiples of 64; a short tail is ignored) are equal, 0 if none
 * are, 2 on error.  For random output, a repeat means a buffer was written
 * twice (or a chunk reused), never chance: the odds of two equal 512-bit
 * blocks in 2^24 are about 2^-465.
 *
 * The first 8 bytes of each block are sorted; only blocks whose first 8
 * bytes match are compared whole.  1 GiB of input needs 256 MiB of memory.
 * Build: cc -O2 -o dupblocks dupblocks.c
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define BLOCK 64

struct key {
	uint64_t prefix;
	uint64_t index;
};

static int by_prefix(const void *a, const void *b)
{
	const struct key *x = a, *y = b;

	if (x->prefix != y->prefix)
		return x->prefix < y->prefix ? -1 : 1;
	return x->index < y->index ? -1 : x->index > y->index;
}

/* Returns how many blocks equal an earlier block with the same prefix. */
static uint64_t count_repeats(const unsigned char *data, struct key *keys,
			      uint64_t n)
{
	uint64_t repeats = 0;

	for (uint64_t i = 1; i < n; i++) {
		for (uint64_t j = i; j-- > 0 && keys[j].prefix == keys[i].prefix;) {
			if (memcmp(data + keys[i].index * BLOCK,
				   data + keys[j].index * BLOCK, BLOCK) == 0) {
				fprintf(stderr, "block %llu repeats block %llu\n",
					(unsigned long long)keys[i].index,
					(unsigned long long)keys[j].index);
				repeats++;
				break;
			}
		}
	}
	return repeats;
}

int main(int argc, char **argv)
{
	const unsigned char *data;
	struct key *keys;
	struct stat st;
	uint64_t n, repeats;
	int fd;

	if (argc != 2) {
		fprintf(stderr, "usage: dupblocks FILE\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY);
	if (fd == -1 || fstat(fd, &st) == -1) {
		perror(argv[1]);
		return 2;
	}
	n = (uint64_t)st.st_size / BLOCK;
	if (n < 2) {
		printf("%llu blocks, 0 repeated\n", (unsigned long long)n);
		return 0;
	}
	data = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	keys = malloc(n * sizeof(*keys));
	if (data == MAP_FAILED || keys == NULL) {
		perror("dupblocks");
		return 2;
	}
	madvise((void *)data, (size_t)st.st_size, MADV_SEQUENTIAL);
	for (uint64_t i = 0; i < n; i++) {
		memcpy(&keys[i].prefix, data + i * BLOCK, sizeof(uint64_t));
		keys[i].index = i;
	}
	qsort(keys, n, sizeof(*keys), by_prefix);
	repeats = count_repeats(data, keys, n);
	printf("%llu blocks, %llu repeated\n", (unsigned long long)n,
	       (unsigned long long)repeats);
	return repeats ? 1 : 0;
}
