// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The small-output limit: one getrandom(2) call for 32 bytes, printed as
 * hex with one write(2).  Built static, it is the least a process can do
 * to print a key, and the benchmark's floor for `getrandom --bytes 32 --hex`.
 */
#include <sys/syscall.h>
#include <unistd.h>

int main(void)
{
	static const char digits[] = "0123456789abcdef";
	unsigned char key[32];
	char text[2 * sizeof(key) + 1];

	if (syscall(SYS_getrandom, key, sizeof(key), 0) != (long)sizeof(key))
		return 1;
	for (size_t i = 0; i < sizeof(key); i++) {
		text[2 * i] = digits[key[i] >> 4];
		text[2 * i + 1] = digits[key[i] & 15];
	}
	text[sizeof(text) - 1] = '\n';
	return write(STDOUT_FILENO, text, sizeof(text)) == (ssize_t)sizeof(text) ? 0 : 1;
}
