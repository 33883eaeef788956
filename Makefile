# getrandom: the command-line tool, its manual and tests, and the patched
# kernel booted in QEMU.  Recipes only call scripts; the logic lives there.
#
#   make deps         install the Debian packages every step needs (as root)
#   make              build cli/getrandom
#   make run          build the static binary and print 32 random bytes in hex
#   make check        the bats suite on this machine's kernel
#   make test         everything: host suites, fuzzing, the QEMU guests
#   make vm-check     the QEMU guests only; vm-check-loaded: three in a row
#                     beside a kernel build
#   make bench        getrandom against today's tools; bench-scaling: by thread count
#   make install      PREFIX, DESTDIR, BINDIR, MANDIR are honoured
#   make install-man2 also the section-2 page (not by default: it would
#                     shadow the distribution's getrandom(2))
#   make deb          the Debian package, in build/deb/
#   make test-debian13  the host suite on Debian 13, in a chroot (as root)

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
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
HARDENING = -D_FORTIFY_SOURCE=2 -fstack-protector-strong \
	    -fstack-clash-protection $(CF_PROTECTION) -fPIE
LINK_HARDENING = -pie -Wl,-z,relro,-z,now -Wl,-z,noexecstack
ALL_CFLAGS = -std=gnu11 $(WARNINGS) $(HARDENING) $(CFLAGS)
ALL_LDFLAGS = $(LINK_HARDENING) $(LDFLAGS)
LDLIBS = -pthread -lm

WERROR ?= $(if $(filter true,$(CI)),1,0)
ifeq ($(WERROR),1)
ALL_CFLAGS += -Werror
endif
ifeq ($(STATIC),1)
LINK_HARDENING = -static-pie -Wl,-z,relro,-z,now -Wl,-z,noexecstack
endif
SANITIZERS = -fsanitize=address,undefined -fno-sanitize-recover=all \
	     -fno-omit-frame-pointer
ifeq ($(SANITIZE),1)
ALL_CFLAGS += $(SANITIZERS)
ALL_LDFLAGS += -fsanitize=address,undefined
endif

SRCS = $(wildcard cli/*.c)
HDRS = $(wildcard cli/*.h) build/eff-wordlist.inc
# The EFF long word list of --words, compiled in from the xkcdpass package.
EFF_WORDLIST ?= /usr/lib/python3/dist-packages/xkcdpass/static/eff-long

.DELETE_ON_ERROR:
.PHONY: all completions deps run check test vm-check vm-check-loaded vm-shell bench bench-scaling fuzz man install uninstall \
	install-man2 uninstall-man2 clean FORCE

all: cli/getrandom completions

# The completions for bash, zsh and fish, made from cli/option-table.h by
# a program that runs here, on the build machine (CC_FOR_BUILD when
# cross-compiling).
COMPLETIONS = build/completion/getrandom.bash build/completion/_getrandom \
	      build/completion/getrandom.fish
CC_FOR_BUILD ?= $(CC)
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

# Rebuilt whenever the compiler or its flags change (SANITIZE=1, STATIC=1).
build/cflags: FORCE
	@mkdir -p build
	@echo '$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $(LDLIBS)' | cmp -s - $@ || \
		echo '$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $(LDLIBS)' > $@

build/eff-wordlist.inc: cli/wordlist.sh
	@mkdir -p build
	cli/wordlist.sh $(EFF_WORDLIST) $@

cli/getrandom: $(SRCS) $(HDRS) build/cflags
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $(SRCS) $(LDLIBS)

# The AddressSanitizer and UBSan build beside the plain one: make test runs
# the suite on it while the QEMU guest runs the suite on cli/getrandom.
build/getrandom-asan: $(SRCS) $(HDRS) build/cflags
	@mkdir -p build
	$(CC) $(ALL_CFLAGS) $(SANITIZERS) $(ALL_LDFLAGS) -o $@ $(SRCS) $(LDLIBS)

# The installed and the guest's copy: static, so it needs no libc at run time.
cli/getrandom.static: $(SRCS) $(HDRS)
	$(CC) -std=gnu11 $(WARNINGS) $(HARDENING) $(CFLAGS) -static-pie \
		-Wl,-z,relro,-z,now -o $@ $(SRCS) $(LDLIBS)

# The one place that installs packages; every other step only checks.
deps:
	tests/need.sh --install all

# The static build: the dynamic one cannot even start (its loader opens
# libc) when file descriptors are exhausted, a case --help promises.
run:
	tests/need.sh build
	@$(MAKE) --no-print-directory cli/getrandom.static
	cli/getrandom.static --bytes 32 --hex

check: cli/getrandom completions
	tests/check.sh

test: FORCE
	tests/run-all.sh

# The guest runs the uninitialized-pool checks on the static build and the
# host suite, from the host's file system, on the dynamic one.
vm-check: cli/getrandom.static cli/getrandom
	vm/check.sh

# make vm-check three times in a row beside a kernel build (README: "Under load").
vm-check-loaded: cli/getrandom.static cli/getrandom
	vm/loaded-check.sh 3

vm-shell: cli/getrandom.static cli/getrandom
	vm/shell.sh

bench: cli/getrandom
	bench/run.sh

bench-scaling: cli/getrandom
	bench/scaling.sh

fuzz: FORCE
	tests/fuzz/run.sh

man: cli/getrandom
	man/generate.sh

# The Debian package, built in a copy of the tree: build/deb/*.deb.
deb: FORCE
	debian/build.sh

# The host suite on Debian 13 (GCC 14, glibc 2.41) in a debootstrapped root.
test-debian13: FORCE
	tests/debian13.sh

# The static build is installed: it starts about a quarter faster than the
# dynamic one (bench/RESULTS.md) and runs in a chroot with nothing else
# in it.  Tests use the dynamic build, which LD_PRELOAD and ASan need, on
# the host and in the QEMU guest alike.
install: cli/getrandom.static completions
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
		$(DESTDIR)$(COMPLETIONDIR) $(DESTDIR)$(ZSH_COMPLETIONDIR) \
		$(DESTDIR)$(FISH_COMPLETIONDIR)
	install -m 755 cli/getrandom.static $(DESTDIR)$(BINDIR)/getrandom
	install -m 644 man/getrandom.1 $(DESTDIR)$(MANDIR)/man1/getrandom.1
	install -m 644 build/completion/getrandom.bash $(DESTDIR)$(COMPLETIONDIR)/getrandom
	install -m 644 build/completion/_getrandom $(DESTDIR)$(ZSH_COMPLETIONDIR)/_getrandom
	install -m 644 build/completion/getrandom.fish \
		$(DESTDIR)$(FISH_COMPLETIONDIR)/getrandom.fish

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/getrandom $(DESTDIR)$(MANDIR)/man1/getrandom.1 \
		$(DESTDIR)$(COMPLETIONDIR)/getrandom \
		$(DESTDIR)$(ZSH_COMPLETIONDIR)/_getrandom \
		$(DESTDIR)$(FISH_COMPLETIONDIR)/getrandom.fish

# man-db searches PREFIX's pages before /usr/share/man: installed by
# default, this page would shadow the getrandom(2) of manpages-dev, or with
# PREFIX=/usr overwrite it.  Only on request, and uninstalled separately.
install-man2:
	install -d $(DESTDIR)$(MANDIR)/man2
	install -m 644 man/getrandom.2 $(DESTDIR)$(MANDIR)/man2/getrandom.2

uninstall-man2:
	rm -f $(DESTDIR)$(MANDIR)/man2/getrandom.2

clean:
	rm -f cli/getrandom cli/getrandom.static build/cflags
