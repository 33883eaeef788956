#!/usr/bin/env bats
# The Debian package: make deb builds it from a copy of the tree, lintian
# finds nothing, a second build is byte-identical, its autopkgtest
# (debian/tests/smoke) passes on it unpacked, and (as root) it installs
# with dpkg -i, works, and purges without a trace; an arm64 package,
# cross-built, installs in a root of its own and passes the smoke test
# under qemu-user; so does an s390x one, big-endian and plain static,
# and one for each other architecture debian/control names, which must
# be amd64 and the ports tests/ports.sh tests; lintian finds each clean.
# Call: bats tests/deb.bats   (builds the package twice and for every
# port: about two minutes)
load helpers
load ports

# The hang guard (tests/check.sh's 10 minutes a test) is too short for a
# test that builds whole packages, seven of them in one loop, while make
# test builds a kernel and the release's chroot beside it: 20 minutes
# here.  It guards against a hang; no test here is timed.
time_limit_at_least 1200

setup_file() {
	TOP=$(cd "$BATS_TEST_DIRNAME/.." && pwd)
	export TOP
	# The guest gets the tests without the sources: nothing to package.
	# (bats 1.8 fails a file whose setup_file skips: setup() skips instead.)
	DEB_ABSENT=''
	[ -d "$TOP/debian" ] || DEB_ABSENT="no debian/ directory next to the tests"
	type -P dpkg-buildpackage >/dev/null ||
		DEB_ABSENT=${DEB_ABSENT:-"dpkg-buildpackage not installed"}
	export DEB_ABSENT
	[ -z "$DEB_ABSENT" ] || return 0
	touch "$BATS_FILE_TMPDIR/before-build"
	if ! make -C "$TOP" deb >"$BATS_FILE_TMPDIR/build.log" 2>&1; then
		tail -n 40 "$BATS_FILE_TMPDIR/build.log" >&2
		return 1
	fi
	VERSION=$(cd "$TOP" && dpkg-parsechangelog -S Version)
	DEB=$TOP/build/deb/getrandom_${VERSION}_$(dpkg --print-architecture).deb
	export VERSION DEB
}

setup() {
	common_setup
	[ -z "$DEB_ABSENT" ] || skip "$DEB_ABSENT"
}

@test "make deb leaves no file changed or added in the tree outside build/" {
	# The top directory itself is left out: make deb may create build/ in it.
	run -0 find "$TOP" -mindepth 1 \( -path "$TOP/build" -o -path "$TOP/.git" \) \
		-prune -o -newer "$BATS_FILE_TMPDIR/before-build" -print
	[ -z "$output" ] || fail_with "touched by the build: $output"
}

@test "the package holds the binary, getrandom(1) and three shells' completions, not getrandom(2)" {
	run -0 dpkg-deb -c "$DEB"
	local list=$output$'\n'
	[[ $list == *" ./usr/bin/getrandom"$'\n'* ]]
	[[ $list == *" ./usr/share/man/man1/getrandom.1.gz"$'\n'* ]]
	[[ $list == *" ./usr/share/bash-completion/completions/getrandom"$'\n'* ]]
	[[ $list == *" ./usr/share/zsh/vendor-completions/_getrandom"$'\n'* ]]
	[[ $list == *" ./usr/share/fish/vendor_completions.d/getrandom.fish"$'\n'* ]]
	[[ $output != *man2* ]] || fail_with "ships a section 2 page: $output"
	run -0 dpkg-deb -f "$DEB" Package Version
	[ "$output" = $'Package: getrandom\nVersion: '"$VERSION" ]
	# Static: it holds the code of the glibc that libc6-dev was built from.
	run -0 dpkg-deb -f "$DEB" Built-Using
	[ "$output" = "$(dpkg-query -W -f 'glibc (= ${source:Version})' \
		"libc6-dev:$(dpkg --print-architecture)")" ] ||
		fail_with "Built-Using: $output"
}

@test "the packaged binary is the static build, with dpkg-buildflags' hardening" {
	dpkg-deb -x "$DEB" "$BATS_TEST_TMPDIR/root"
	local bin=$BATS_TEST_TMPDIR/root/usr/bin/getrandom
	run -0 readelf -lW "$bin"
	[[ $output != *INTERP* ]] || fail_with "it asks for a dynamic loader"
	[[ $output == *GNU_RELRO* ]] || fail_with "no RELRO segment"
	run -0 readelf -dW "$bin"
	[[ $output == *"(FLAGS)"*BIND_NOW* ]] || fail_with "not linked with -z now"
	[[ $output != *"(NEEDED)"* ]] || fail_with "it needs shared libraries"
	# Every flag dpkg-buildflags gives reached the compiler.
	local flags flag
	flags=$(cd "$TOP" && DEB_BUILD_MAINT_OPTIONS=hardening=+all \
		dpkg-buildflags --get CFLAGS && DEB_BUILD_MAINT_OPTIONS=hardening=+all \
		dpkg-buildflags --get CPPFLAGS && DEB_BUILD_MAINT_OPTIONS=hardening=+all \
		dpkg-buildflags --get LDFLAGS)
	# The compiler's command line, its continuation lines joined: one, as
	# make install found the binary built with the same flags.
	run -0 sed -n -e ':a' -e '/\\$/{N;s/\\\n//;ba' -e '}' \
		-e '/-o cli\/getrandom /p' "$BATS_FILE_TMPDIR/build.log"
	[ -n "$output" ] || fail_with "no static build in the log"
	[ "${#lines[@]}" -eq 1 ] || fail_with "built more than once: $output"
	# dpkg-buildflags' _FORTIFY_SOURCE alone: the Makefile's gave way.
	[ "$(grep -o -- '_FORTIFY_SOURCE' <<<"$output" | wc -l)" -eq 1 ] ||
		fail_with "_FORTIFY_SOURCE set twice: $output"
	for flag in $flags; do
		[[ $flag == -ffile-prefix-map=* ]] && continue # names the build path
		[[ " $output " == *" $flag "* ]] || fail_with "$flag not passed: $output"
	done
	run -0 "$bin" --bytes 32 --hex
	[[ $output =~ ^[0-9a-f]{64}$ ]]
}

@test "every option the package description names is one the packaged getrandom documents" {
	dpkg-deb -x "$DEB" "$BATS_TEST_TMPDIR/root"
	run -0 dpkg-deb -f "$DEB" Description
	local options option
	options=$(grep -o -- '--[a-z][a-z-]*' <<<"$output" | sort -u)
	[ "$(wc -l <<<"$options")" -ge 6 ] || fail_with "too few options: $options"
	run -0 "$BATS_TEST_TMPDIR/root/usr/bin/getrandom" --help
	for option in $options; do
		[[ $output == *"  $option"[=[,\ ]* || $output == *", $option"[=[,\ ]* ]] ||
			fail_with "--help does not document $option"
	done
}

# assert_holders_named VERSION DIR: debian/copyright names every holder
# that the files the series in DIR changes name in linux-source-VERSION.
assert_holders_named() {
	local tarball=/usr/src/linux-source-$1.tar.xz files holder
	[ -f "$tarball" ] || skip "linux-source-$1 not installed: no kernel headers to read"
	files=$(sed -n "s|^--- a/|linux-source-$1/|p" "$2"/0*.patch | sort -u)
	[ -n "$files" ] || fail_with "no patched file found in $2"
	# The holders, from each "Copyright" line: years, "(C)", addresses and
	# "All rights reserved" taken away.
	# shellcheck disable=SC2086 # one member name a word
	run -0 bash -c 'tar -xJOf "$1" --occurrence=1 ${*:2} |
		sed -n "s/^ \* Copyright//p" |
		sed -E "s/\((C|c)\)//; s/<[^>]*>//g; s/[Aa]ll [Rr]ights [Rr]eserved\.?//;
			s/[0-9][0-9, -]*//g; s/[ .,]*$//; s/^ *//"' _ "$tarball" $files
	[ "${#lines[@]}" -ge 3 ] || fail_with "too few holders found: $output"
	for holder in "${lines[@]}"; do
		grep -qF -- "$holder" "$TOP/debian/copyright" ||
			fail_with "debian/copyright does not name $holder"
	done
}

@test "debian/copyright names every holder the kernel files that kernel-patch/ changes name" {
	assert_holders_named 6.1 "$TOP/kernel-patch"
}

@test "debian/copyright names every holder the kernel files that kernel-patch/6.12/ changes name" {
	assert_holders_named 6.12 "$TOP/kernel-patch/6.12"
}

# smoke_on ROOT: runs the autopkgtest, from the source tree, on the
# getrandom in ROOT/usr/bin.
smoke_on() {
	cd "$TOP" && PATH=$1/usr/bin:$PATH debian/tests/smoke
}

@test "the autopkgtest smoke test passes on the package, unpacked" {
	local root=$BATS_TEST_TMPDIR/root
	dpkg-deb -x "$DEB" "$root"
	run -0 smoke_on "$root"
	[ "${lines[0]}" = "smoke: testing $root/usr/bin/getrandom" ] || fail_with "$output"
	[ "${lines[-1]}" = "smoke: ok" ] || fail_with "$output"
	grep -qx 'Tests: smoke' "$TOP/debian/tests/control"
	grep -qx 'Depends: getrandom' "$TOP/debian/tests/control"
}

@test "the smoke test fails on a getrandom that breaks a promise" {
	local root=$BATS_TEST_TMPDIR/root fake=$BATS_TEST_TMPDIR/fake breakage
	dpkg-deb -x "$DEB" "$root"
	mkdir -p "$fake/usr/bin"
	# The packaged getrandom but for one BREAK.
	cat >"$fake/usr/bin/getrandom" <<-EOF
		#!/bin/bash
		real=$root/usr/bin/getrandom
		case "\$BREAK:\$*" in
		"count:--bytes 1000") exec "\$real" --bytes 1001 ;;
		"hex:--bytes 16 --hex") echo 00 ;;
		"usage:--bytes nonsense") "\$real" "\$@"; exit 1 ;;
		"check:--check") exit 3 ;;
		"mode:--bytes 64 --output "*) "\$real" "\$@" && chmod 644 "\${@: -1}" ;;
		"version:--version") echo "getrandom 0.9" ;;
		*) exec "\$real" "\$@" ;;
		esac
	EOF
	chmod +x "$fake/usr/bin/getrandom"
	BREAK=none run -0 smoke_on "$fake"
	for breakage in count hex usage check mode version; do
		BREAK=$breakage run -1 smoke_on "$fake"
		[[ ${lines[-1]} == "smoke: FAIL: "* ]] || fail_with "$breakage: $output"
	done
}

@test "debian/rules knows the host's compiler also when run alone, outside dpkg-buildpackage" {
	# Built-Using asks DEB_HOST_GNU_TYPE-gcc which libc.a it links.
	run -0 env -u DEB_HOST_GNU_TYPE -u DEB_HOST_ARCH -u DEB_BUILD_ARCH \
		make -s -C "$TOP" -f debian/rules \
		--eval 'print-host: ; @echo $(DEB_HOST_GNU_TYPE)' print-host
	[ "$output" = "$(dpkg-architecture -qDEB_HOST_GNU_TYPE)" ] || fail_with "$output"
}

@test "lintian, default profile: no error and no warning" {
	require lintian
	local changes=${DEB%.deb}.changes
	run --separate-stderr lintian --fail-on error,warning "$changes"
	[ -z "$output" ] || fail_with "$output"
	[ "$status" -eq 0 ] || fail_with "lintian: status $status: $stderr"
}

@test "two builds of the same tree, in other directories, give identical .deb files" {
	local again=$BATS_TEST_TMPDIR/again deb
	# A relative OUTDIR is the caller's, not the tree's.
	cd "$BATS_TEST_TMPDIR"
	run -0 "$TOP/debian/build.sh" again
	local first=("$TOP"/build/deb/*_"$VERSION"_*.deb) second=("$again"/*.deb)
	[ "${#first[@]}" -eq "${#second[@]}" ] || fail_with "${first[*]} against ${second[*]}"
	for deb in "${first[@]}"; do
		cmp "$deb" "$again/${deb##*/}" || fail_with "${deb##*/} differs"
	done
}

# qemu_wrapped ROOT EMULATOR: a directory whose getrandom runs ROOT's
# packaged getrandom under EMULATOR, for the smoke test.
qemu_wrapped() {
	mkdir -p "$BATS_TEST_TMPDIR/wrap/usr/bin"
	printf '#!/bin/sh\nexec %s %s/usr/bin/getrandom "$@"\n' "$2" "$1" \
		>"$BATS_TEST_TMPDIR/wrap/usr/bin/getrandom"
	chmod +x "$BATS_TEST_TMPDIR/wrap/usr/bin/getrandom"
	echo "$BATS_TEST_TMPDIR/wrap"
}

# cross_built OUT ARCH: cross-builds the package for ARCH into OUT (with
# debian/build.sh) and checks it (cross_checked).
cross_built() {
	run -0 "$TOP/debian/build.sh" "$1" "$2"
	cross_checked "$1" "$2"
}

# cross_checked OUT ARCH: sets deb to ARCH's package in OUT; it must say
# ARCH, name in Built-Using the glibc that libc6-dev-ARCH-cross was built
# from (its libc.a is the one linked, not the build machine's), and be
# lintian-clean.
cross_checked() {
	deb=$1/getrandom_${VERSION}_$2.deb
	[ "$(dpkg-deb -f "$deb" Architecture)" = "$2" ]
	run -0 dpkg-query -W -f '${Built-Using}' "libc6-dev-$2-cross"
	[[ ", $output," == *", $(dpkg-deb -f "$deb" Built-Using),"* ]] ||
		fail_with "Built-Using: $(dpkg-deb -f "$deb" Built-Using); the cross libc: $output"
	run --separate-stderr lintian --fail-on error,warning "${deb%.deb}.changes"
	[ -z "$output" ] || fail_with "$output"
}

@test "an arm64 package, cross-built: lintian-clean, installed by dpkg --root, passes its smoke test under qemu-user" {
	require aarch64-linux-gnu-gcc "no arm64 cross compiler (tests/need.sh ports)"
	require qemu-aarch64-static "qemu-user-static not installed (tests/need.sh ports)"
	require lintian
	# Built under a blank too: make install gets an absolute DESTDIR there.
	local out="$BATS_TEST_TMPDIR/arm 64" root=$BATS_TEST_TMPDIR/root deb wrap
	cross_built "$out" arm64
	# ELF machine 183: AArch64.
	dpkg-deb -x "$deb" "$BATS_TEST_TMPDIR/x"
	[ "$(od -An -tu2 -j18 -N2 "$BATS_TEST_TMPDIR/x/usr/bin/getrandom" | tr -d ' ')" = 183 ]
	# dpkg refuses to install, even into a root of its own, for a user
	# other than root: what an ordinary user's make check can check ends here.
	[ "$(id -u)" -eq 0 ] || skip "dpkg --root needs root (the build, ELF and lintian checks above passed)"
	# A root of its own: an empty dpkg database that knows arm64.
	mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
	: >"$root/var/lib/dpkg/status"
	dpkg --root="$root" --add-architecture arm64
	run -0 dpkg --root="$root" --force-script-chrootless -i "$deb"
	run -0 dpkg-query --admindir="$root/var/lib/dpkg" -W -f '${Status} ${Architecture}' getrandom
	[ "$output" = "install ok installed arm64" ]
	wrap=$(qemu_wrapped "$root" qemu-aarch64-static)
	run -0 smoke_on "$wrap"
	[ "${lines[-1]}" = "smoke: ok" ] || fail_with "$output"
	run -0 dpkg --root="$root" --force-script-chrootless --purge getrandom
	# Only dpkg's own database is left.
	run -0 find "$root" -path "$root/var/lib/dpkg" -prune -o -type f -print
	[ -z "$output" ] || fail_with "left after purge: $output"
}

@test "an s390x package, cross-built: big-endian, plain static, lintian-clean, passes its smoke test under qemu-user" {
	require s390x-linux-gnu-gcc "no s390x cross compiler (tests/need.sh ports)"
	require qemu-s390x-static "qemu-user-static not installed (tests/need.sh ports)"
	require lintian
	local out=$BATS_TEST_TMPDIR/s390x x=$BATS_TEST_TMPDIR/x deb bin wrap
	cross_built "$out" s390x
	dpkg-deb -x "$deb" "$x"
	bin=$x/usr/bin/getrandom
	# Most significant byte first (EI_DATA 2), machine 22 (S/390), and,
	# with no static PIE from this toolchain, an executable (e_type 2):
	# the case the package's second lintian override is for.
	[ "$(od -An -tu1 -j5 -N1 "$bin" | tr -d ' ')" = 2 ]
	[ "$(od -An -tu2 --endian=big -j16 -N4 "$bin" | tr -s ' ' | sed 's/^ //')" = "2 22" ]
	wrap=$(qemu_wrapped "$x" qemu-s390x-static)
	run -0 smoke_on "$wrap"
	[ "${lines[-1]}" = "smoke: ok" ] || fail_with "$output"
}

# control_architectures: debian/control's Architecture field, one a line.
control_architectures() {
	sed -n 's/^Architecture: //p' "$TOP/debian/control" | tr ' ' '\n'
}

@test "debian/control names amd64 and every port tests/ports.sh tests, nothing else" {
	local want
	want=$(printf '%s\n' amd64 $ALL_PORTS | sort)
	run -0 control_architectures
	[ "$(sort <<<"$output")" = "$want" ] ||
		fail_with "debian/control: $(paste -s -d ' ' <<<"$output"); the ports: amd64 $ALL_PORTS"
}

@test "every other architecture debian/control names: a cross-built package, lintian-clean, of its machine and ABI, passes its smoke test" {
	require lintian
	local arch out x deb bin wrap
	# amd64 is the host's build; arm64 and s390x have tests of their own above.
	for arch in $(control_architectures); do
		case $arch in amd64 | arm64 | s390x) continue ;; esac
		port_settings "$arch"
		require "$cc" "no $arch cross compiler (tests/need.sh ports)"
		[ -z "$emulator" ] || require "$emulator" "qemu-user-static not installed (tests/need.sh ports)"
		# As README.md gives it: make deb DEB_ARCH=ARCH.
		run -0 make -s -C "$TOP" deb DEB_ARCH="$arch"
		out=$TOP/build/deb-$arch
		cross_checked "$out" "$arch"
		x=$BATS_TEST_TMPDIR/$arch
		dpkg-deb -x "$deb" "$x"
		bin=$x/usr/bin/getrandom
		elf_is "$bin" "$class" "$machine" "$flags" ||
			fail_with "$arch: not an ELF of class $class, machine $machine, flags $flags"
		if [ -n "$unrunnable" ]; then
			echo "# $arch: no smoke test: $unrunnable" >&3
			continue
		fi
		wrap=$(qemu_wrapped "$x" "$emulator")
		run -0 smoke_on "$wrap"
		[ "${lines[-1]}" = "smoke: ok" ] || fail_with "$arch: $output"
		rm -rf "$BATS_TEST_TMPDIR/wrap"
	done
}

# resolved_completion: what bash-completion's on-demand loader finds for
# getrandom, and what it then offers for "getrandom --he".
resolved_completion() {
	env -i PATH=/usr/bin:/bin bash --norc --noprofile -c '
		. /usr/share/bash-completion/bash_completion || exit 1
		# The loader that "complete -D" names (its name changed in 2.12).
		loader=$(complete -p -D) && loader=${loader#*-F } && loader=${loader%% *}
		"$loader" getrandom
		complete -p getrandom || exit 1
		COMP_WORDS=(getrandom --he) COMP_CWORD=1 COMPREPLY=()
		func=$(complete -p getrandom) && func=${func#*-F } && func=${func%% *}
		"$func" getrandom --he getrandom
		printf "%s\n" "${COMPREPLY[@]}" | sort | paste -s -d " "'
}

@test "dpkg -i installs a getrandom that runs and has its page and completion; purge leaves nothing" {
	[ "$(id -u)" -eq 0 ] || skip "dpkg -i needs root"
	if dpkg-query -W -f '${Status}' getrandom 2>/dev/null | grep -q ' installed'; then
		skip "a getrandom package is installed already; not replacing it"
	fi
	[ ! -e /usr/bin/getrandom ] || skip "/usr/bin/getrandom exists already; not replacing it"
	require man "man-db not installed"
	[ -f /usr/share/bash-completion/bash_completion ] || skip "bash-completion not installed"

	# Which of the package's directories were there before, to be kept.
	local path kept=$BATS_TEST_TMPDIR/kept
	dpkg-deb --fsys-tarfile "$DEB" | tar -t | sed 's|^\./|/|; s|/$||; /^$/d' \
		>"$BATS_TEST_TMPDIR/paths"
	while read -r path; do
		[ ! -d "$path" ] || echo "$path"
	done <"$BATS_TEST_TMPDIR/paths" >"$kept"

	run dpkg -i "$DEB"
	[ "$status" -eq 0 ] || fail_with "dpkg -i exited with $status: $output"
	run -0 env PATH=/usr/bin:/bin getrandom --bytes 32 --hex
	[[ $output =~ ^[0-9a-f]{64}$ ]] || fail_with "output: $output"
	run -0 man -w getrandom
	[ "$output" = /usr/share/man/man1/getrandom.1.gz ] || fail_with "man -w: $output"
	run -0 resolved_completion
	[[ ${lines[0]} == *"-F _getrandom getrandom" ]] || fail_with "$output"
	[ "${lines[1]}" = "--help --hex" ] || fail_with "$output"

	run -0 dpkg --purge getrandom
	run dpkg-query -W -f '${Status}' getrandom
	[[ $status -ne 0 || $output == "unknown ok not-installed" ]] ||
		fail_with "still known to dpkg: $output"
	while read -r path; do
		[ ! -e "$path" ] || grep -qxF "$path" "$kept" ||
			fail_with "left after purge: $path"
	done <"$BATS_TEST_TMPDIR/paths"
}
