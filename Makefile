# getrandom: the command-line tool, its manual and tests, and the patched
# kernel booted in QEMU.  Recipes only call scripts; the logic lives there.
#
#   make deps         install the Debian packages every step needs (as root)
#   make              build cli/getrandom, the static binary that make install
#                     installs (static PIE where the toolchain can link one)
#   make run          build it and print 32 random bytes in hex
#   make check        the bats suite on this machine's kernel, on the dynamic
#                     test build build/getrandom (LD_PRELOAD shims need it)
#   make test         everything: host suites, fuzzing, the QEMU guests of
#                     both trees; the slow targets below (vm-check-loaded,
#                     vm-mutants, vm-mutants-6.12, vm-check-arm64,
#                     test-debian13) only as far as their first real step
#                     (VM_FIRST_STEP=1, tests/first-steps.sh)
#   make check-ports  the whole bats suite on every other Debian architecture's
#                     build (tests/ports.bash; Debian's cross compilers,
#                     qemu-user but for i386)
#   make vm-check     the QEMU guests only, 6.1's and 6.12's side by side
#                     (make vm-check-6.12); vm-check-loaded: three in a row
#                     beside a kernel build
#   make vm-mutants   the kselftest against each mutant of
#                     kernel-patch/mutants.diff, in the guest: writes the
#                     table of kernel-patch/README; vm-mutants-6.12: of
#                     kernel-patch/6.12/mutants.diff (the vDSO's getrandom()),
#                     in 6.12's guest, the table of kernel-patch/6.12/README
#   make vm-check-arm64  the series on arm64: both kernels cross-built and
#                     booted in QEMU (TCG); make test configures them
#   make vm-check-6.12  the 6.12 series (kernel-patch/6.12): both kernels of
#                     Debian's linux-source-6.12 built (the baseline an
#                     incremental rebuild) and booted in QEMU (TCG), TAP
#                     with a summary; make vm-check runs it beside 6.1's
#   make bench        getrandom against today's tools; bench-scaling: by thread
#                     count, bulk output, then text formats and draws
#   make install      PREFIX, DESTDIR, BINDIR, MANDIR and the completions'
#                     COMPLETIONDIR (bash), ZSH_COMPLETIONDIR and
#                     FISH_COMPLETIONDIR are honoured (a blank in any is
#                     kept); make uninstall takes the same and removes
#                     what install put, no directory
#   make install-man2 also the section-2 page (not by default: it would
#                     shadow the distribution's getrandom(2))
#   make deb          the Debian package, in build/deb/; DEB_ARCH=arm64 (or
#                     another port): cross-built with Debian's cross
#                     compiler, in build/deb-arm64/
#   make test-debian13  the host suite on Debian 13, in a chroot (as root)
#   make dist         the release tarball, build/getrandom-VERSION.tar.gz
#                     (VERSION: the file), the same bytes from the same tree
#   make deb-src      the Debian source package made from that tarball, in
#                     build/deb-src/
#   make deb-clean    that source package built by sbuild in a clean Debian
#                     12 chroot (made once, in build/chroot/), in
#                     build/deb-clean/
#   make autopkgtest  Debian's autopkgtest runner, debian/tests on the
#                     package make deb-clean built, in that chroot
#   make mostlyclean  remove what the builds, tests and guests made, but keep
#                     the QEMU guests' kernel trees and objects (build/linux,
#                     build/src, build/linux-6.12, build/src-6.12,
#                     build/obj-*, build/bzImage-*,
#                     build/Image-arm64-*): about 15 minutes of compiling
#   make clean        remove everything the build made: cli/getrandom and all
#                     of build/, the kernel objects too
#
# CC, CPPFLAGS, CFLAGS and LDFLAGS are honoured; so are WERROR=1 (warnings
# are errors) and SANITIZE=1 (AddressSanitizer and UBSan in build/getrandom).
# Changing any of them rebuilds every binary whose command line it changes
# (SANITIZE=1 only build/getrandom's): each binary's line is kept in
# build/NAME.cmd, rewritten only when it changes.

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
# One directory a shell: a new completion adds its variable and one line to
# install and uninstall.
COMPLETIONDIR ?= $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETIONDIR ?= $(PREFIX)/share/zsh/site-functions
FISH_COMPLETIONDIR ?= $(PREFIX)/share/fish/vendor_completions.d

CC ?= cc
CFLAGS ?= -O2 -g
WARNINGS = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
	   -Wformat=2 -Wconversion -Wno-sign-conversion
# -fcf-protection exists for x86 alone: asked of the compiler, not assumed.
CF_PROTECTION := $(shell $(CC) -Werror -fcf-protection -x c -c -o /dev/null /dev/null \
	2>/dev/null && echo -fcf-protection)
# A static PIE keeps ASLR; a toolchain that cannot link one (an older gcc,
# or a libc without rcrt1.o) gets a plain static binary.
STATIC := $(shell printf 'int main(void) { return 0; }\n' | \
	$(CC) $(CFLAGS) -fPIE $(LDFLAGS) -static-pie -x c -o /dev/null - \
	2>/dev/null && echo -static-pie || echo -static)
# Packed relative relocations (DT_RELR): the static PIE's start-up
# relocation, which every run pays, takes a fifth fewer instructions on
# amd64.  glibc's static start code reads them from 2.36 on, and some
# linkers ignore the option with a warning, so both are asked.
PACKED_RELOCS := $(if $(filter -static-pie,$(STATIC)),$(shell \
	printf '#include <features.h>\n#if !__GLIBC_PREREQ(2, 36)\n#error\n#endif\nint main(void) { return 0; }\n' | \
	$(CC) $(CFLAGS) -fPIE $(LDFLAGS) -static-pie -Wl,--fatal-warnings,-z,pack-relative-relocs \
	-x c -o /dev/null - 2>/dev/null && echo -Wl,-z,pack-relative-relocs))
# The project's fortification level, unless the user's flags choose one
# (dpkg-buildflags does): two definitions would clash.
FORTIFY = $(if $(findstring _FORTIFY_SOURCE,$(CPPFLAGS) $(CFLAGS)),,-D_FORTIFY_SOURCE=2)
HARDENING = -fstack-protector-strong -fstack-clash-protection \
	    $(CF_PROTECTION) -fPIE
LINK_HARDENING = -Wl,-z,relro,-z,now -Wl,-z,noexecstack
# On 32-bit targets (i386, armhf) glibc's time_t and off_t are 32 bits
# unless asked: the clock of ULIDs and UUIDv7 would stop at 2038, and
# files could not pass 2 GiB.  On 64-bit targets these change nothing.
WIDE_TYPES = -D_FILE_OFFSET_BITS=64 -D_TIME_BITS=64
ALL_CPPFLAGS = $(FORTIFY) $(WIDE_TYPES) $(CPPFLAGS)
ALL_CFLAGS = -std=gnu11 $(WARNINGS) $(HARDENING) $(CFLAGS)
LDLIBS = -pthread -lm

WERROR ?= $(if $(filter true,$(CI)),1,0)
ifeq ($(WERROR),1)
ALL_CFLAGS += -Werror
endif
SANITIZERS = -fsanitize=address,undefined -fno-sanitize-recover=all \
	     -fno-omit-frame-pointer

# The compile-and-link command of each binary, its sources and -o left out.
# The user's CFLAGS and LDFLAGS come last, so that they win.
LINK_static = $(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(STATIC) $(PACKED_RELOCS) \
	$(LINK_HARDENING) $(LDFLAGS)
LINK_dynamic = $(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) \
	$(if $(filter 1,$(SANITIZE)),$(SANITIZERS)) -pie $(LINK_HARDENING) $(LDFLAGS)
LINK_asan = $(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(SANITIZERS) -pie \
	$(LINK_HARDENING) $(LDFLAGS)

SRCS = $(wildcard cli/*.c)
HDRS = $(wildcard cli/*.h) build/eff-wordlist.inc build/version.h
# The EFF long word list of --words, compiled in: the copy kept beside the
# sources (cli/eff-long.txt.license says whose it is), so that make needs
# nothing but a C toolchain.
EFF_WORDLIST ?= cli/eff-long.txt

.DELETE_ON_ERROR:
.PHONY: all completions deps run check check-ports test vm-check vm-check-arm64 vm-check-6.12 \
	vm-check-loaded vm-mutants vm-mutants-6.12 vm-shell bench \
	bench-scaling fuzz man deb test-debian13 dist deb-src deb-clean autopkgtest \
	install uninstall \
	install-man2 uninstall-man2 mostlyclean clean FORCE

all: cli/getrandom completions

# The completions for bash, zsh and fish, made from cli/option-table.h by
# a program that runs here, on the build machine: CC_FOR_BUILD, the native
# compiler even when CC is a cross compiler.
COMPLETIONS = build/completion/getrandom.bash build/completion/_getrandom \
	      build/completion/getrandom.fish
CC_FOR_BUILD ?= cc
completions: $(COMPLETIONS)

build/completion/generate: cli/completion/generate.c cli/option-table.h cli/options.h
	@mkdir -p build/completion
	$(CC_FOR_BUILD) -std=gnu11 $(WARNINGS) $(if $(filter 1,$(WERROR)),-Werror) \
		-o $@ cli/completion/generate.c

build/completion/getrandom.bash: build/completion/generate cli/completion/getrandom.bash.in
	{ build/completion/generate bash && cat cli/completion/getrandom.bash.in; } >$@

build/completion/_getrandom: build/completion/generate
	build/completion/generate zsh >$@

build/completion/getrandom.fish: build/completion/generate
	build/completion/generate fish >$@

# build/static.cmd, build/dynamic.cmd, build/asan.cmd: the command line of
# one build, touched only when it changes, so that a new compiler or new
# flags rebuild that binary and a build with the same ones does not.
build/%.cmd: FORCE
	@mkdir -p build
	@printf '%s\n' '$(subst ','\'',$(LINK_$*) $(LDLIBS))' | cmp -s - $@ || \
		printf '%s\n' '$(subst ','\'',$(LINK_$*) $(LDLIBS))' >$@

build/eff-wordlist.inc: cli/wordlist.sh $(EFF_WORDLIST)
	@mkdir -p build
	cli/wordlist.sh $(EFF_WORDLIST) $@

# --version's number, from VERSION: the one place it is kept.
build/version.h: VERSION cli/version.sh
	@mkdir -p build
	cli/version.sh VERSION $@

# What users run and make install installs: static, so that it starts with
# every file descriptor taken (a dynamic loader must open libc) and in a
# chroot with nothing in it.
cli/getrandom: $(SRCS) $(HDRS) build/static.cmd
	$(LINK_static) -o $@ $(SRCS) $(LDLIBS)

# The tests' builds: dynamic, for the LD_PRELOAD shims, valgrind and gdb,
# and beside it the one with AddressSanitizer and UBSan, which make test
# runs the host suite on.
build/getrandom: $(SRCS) $(HDRS) build/dynamic.cmd
	$(LINK_dynamic) -o $@ $(SRCS) $(LDLIBS)

build/getrandom-asan: $(SRCS) $(HDRS) build/asan.cmd
	$(LINK_asan) -o $@ $(SRCS) $(LDLIBS)

# The one place that installs packages; every other step only checks.
deps:
	tests/need.sh --install all

run:
	tests/need.sh build
	@$(MAKE) --no-print-directory cli/getrandom
	cli/getrandom --bytes 32 --hex

check: build/getrandom completions
	tests/check.sh

test: FORCE
	tests/run-all.sh

# Every test file on each port; make test runs only the files of the code
# that differs between targets (tests/ports.sh).
check-ports: FORCE
	tests/ports.sh --all

# The 6.1 guest runs the uninitialized-pool checks on the static build and
# the host suite, from the host's file system, on the dynamic one;
# vm/check.sh runs 6.12's beside them (vm-check-6.12, below).
vm-check: cli/getrandom build/getrandom
	vm/check.sh

# The mutant kernel, booted with the kselftest alone: the static CLI is
# only in the initramfs.
vm-mutants: cli/getrandom
	vm/mutants.sh

vm-mutants-6.12: cli/getrandom
	VM_LINUX=6.12 vm/mutants.sh

# The arm64 guest builds its own static CLI and kselftest (cross-compiled):
# tests/README.md says why make test leaves it out.
vm-check-arm64:
	vm/arm64/check.sh

# The 6.12 guests, as 6.1's, run the host suite's kernel-bound files on the
# dynamic build; vm/check-6.12.sh builds the rest (the kernels, the
# initramfs).
vm-check-6.12: cli/getrandom build/getrandom
	vm/check-6.12.sh

# make vm-check three times in a row beside a kernel build (README: "Under load").
vm-check-loaded: cli/getrandom build/getrandom
	vm/loaded-check.sh 3

vm-shell: cli/getrandom build/getrandom
	vm/shell.sh

bench: build/getrandom
	bench/run.sh >build/bench.md
	bench/record.sh build/bench.md bench/RESULTS.md

bench-scaling: build/getrandom
	bench/scaling.sh
	bench/scaling-work.sh

fuzz: FORCE
	tests/fuzz/run.sh

man: cli/getrandom
	man/generate.sh

# The Debian package, built in a copy of the tree: build/deb/*.deb.
deb: FORCE
	debian/build.sh $(if $(DEB_ARCH),build/deb-$(DEB_ARCH) $(DEB_ARCH))

# The release, and the Debian source package made from it, built and
# tested as Debian builds and tests it (docs/debian.md).
dist: FORCE
	release/dist.sh

deb-src: FORCE
	release/deb-src.sh

deb-clean: FORCE
	release/deb-clean.sh

autopkgtest: FORCE
	release/autopkgtest.sh

# The host suite on Debian 13 (GCC 14, glibc 2.41) in a debootstrapped root.
test-debian13: FORCE
	tests/debian13.sh

# $(call q,PATH): PATH as one shell word, in single quotes, so that a
# DESTDIR or PREFIX with a blank (or any other character) names one
# directory: unquoted, "make uninstall DESTDIR='/tmp/a /'" would remove
# /usr/local/bin/getrandom.
q = '$(subst ','\'',$(1))'

# The one install layout: debian/rules runs this too (PREFIX=/usr).  The
# static build is installed: it starts about a quarter faster than a
# dynamic one (bench/RESULTS.md) and runs in a chroot with nothing else in
# it.  A new completion adds a directory variable and one line here and in
# uninstall.
install: cli/getrandom completions
	install -d $(call q,$(DESTDIR)$(BINDIR)) $(call q,$(DESTDIR)$(MANDIR)/man1)
	install -m 755 cli/getrandom $(call q,$(DESTDIR)$(BINDIR)/getrandom)
	install -m 644 man/getrandom.1 $(call q,$(DESTDIR)$(MANDIR)/man1/getrandom.1)
	install -D -m 644 build/completion/getrandom.bash \
		$(call q,$(DESTDIR)$(COMPLETIONDIR)/getrandom)
	install -D -m 644 build/completion/_getrandom \
		$(call q,$(DESTDIR)$(ZSH_COMPLETIONDIR)/_getrandom)
	install -D -m 644 build/completion/getrandom.fish \
		$(call q,$(DESTDIR)$(FISH_COMPLETIONDIR)/getrandom.fish)

uninstall:
	rm -f $(call q,$(DESTDIR)$(BINDIR)/getrandom) \
		$(call q,$(DESTDIR)$(MANDIR)/man1/getrandom.1)
	rm -f $(call q,$(DESTDIR)$(COMPLETIONDIR)/getrandom)
	rm -f $(call q,$(DESTDIR)$(ZSH_COMPLETIONDIR)/_getrandom)
	rm -f $(call q,$(DESTDIR)$(FISH_COMPLETIONDIR)/getrandom.fish)

# man-db searches PREFIX's pages before /usr/share/man: installed by
# default, this page would shadow the getrandom(2) of manpages-dev, or with
# PREFIX=/usr overwrite it.  Only on request, and uninstalled separately.
install-man2:
	install -d $(call q,$(DESTDIR)$(MANDIR)/man2)
	install -m 644 man/getrandom.2 $(call q,$(DESTDIR)$(MANDIR)/man2/getrandom.2)

uninstall-man2:
	rm -f $(call q,$(DESTDIR)$(MANDIR)/man2/getrandom.2)

# What vm/build-kernel.sh makes under build/: the kernel trees, objects and
# images that mostlyclean keeps.
KERNEL_BUILD = build/linux build/src build/linux-6.12 build/src-6.12 build/obj-% build/bzImage-% build/Image-arm64-% \
	build/linux.debian-files build/linux-6.12.debian-files

# cli/getrandom.static: the name of the static build before cli/getrandom
# became it, removed from trees that still have one.
mostlyclean:
	rm -f cli/getrandom cli/getrandom.static
	rm -rf $(filter-out $(KERNEL_BUILD),$(wildcard build/*))

clean:
	rm -rf cli/getrandom cli/getrandom.static build
