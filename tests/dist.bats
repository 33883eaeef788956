#!/usr/bin/env bats
# The release, and Debian's way of taking it: make dist's tarball (what it
# holds, the same bytes from any clone, building and testing alone), one
# version in every place that names it, make deb-src's source package
# (the tarball byte for byte, lintian, debian/watch), make deb-clean's
# build by sbuild in a clean Debian 12 chroot (lintian, make deb's bytes,
# a Build-Depends taken out fails it) and make autopkgtest's run of
# debian/tests there.
# Call: bats tests/dist.bats   (the first run makes the chroot,
# build/chroot/, from the Debian mirror: about 5 minutes more)
load helpers

# These tests wait on the Debian mirror and on sbuild, and the first makes
# the chroot: 30 minutes a test, under whichever runner (make check gives
# every other file 10), so that a busy machine does not cut one short.
time_limit_at_least 1800

setup_file() {
	TOP=$(cd "$BATS_TEST_DIRNAME/.." && pwd)
	VERSION=$(cat "$TOP/VERSION")
	export TOP VERSION
}

setup() {
	common_setup
	[ -f "$TOP/VERSION" ] || skip "no VERSION next to the tests: not the source tree"
}

# in_git: skips where TOP is no git checkout (the release tarball): make
# dist tars the files git knows.
in_git() {
	git -C "$TOP" rev-parse --git-dir >/dev/null 2>&1 ||
		skip "not a git checkout: make dist tars the files git knows"
}

# debian_tools: skips where the Debian tools of these steps are missing.
debian_tools() {
	require dpkg-buildpackage "dpkg-dev not installed (tests/need.sh deb)"
	require lintian "lintian not installed (tests/need.sh chroot)"
	require sbuild "sbuild not installed (tests/need.sh chroot)"
	require mmdebstrap "mmdebstrap not installed (tests/need.sh chroot)"
	require autopkgtest "autopkgtest not installed (tests/need.sh chroot)"
}

# made_dist: make dist, once a file; sets TARBALL.
made_dist() {
	TARBALL=$TOP/build/getrandom-$VERSION.tar.gz
	[ -f "$BATS_FILE_TMPDIR/dist-made" ] && return 0
	run -0 make -s -C "$TOP" dist
	[ "${lines[-1]}" = "$TARBALL" ] || fail_with "make dist: $output"
	touch "$BATS_FILE_TMPDIR/dist-made"
}

@test "make dist: build/getrandom-VERSION.tar.gz, one directory holding every file git knows and nothing else" {
	in_git
	made_dist
	run -0 tar -tzf "$TARBALL"
	local prefix=getrandom-$VERSION/ entry
	for entry in "${lines[@]}"; do
		[[ $entry == "$prefix"* ]] || fail_with "outside $prefix: $entry"
	done
	# The files (not the directories), against git's list of the tree.
	tar -tzf "$TARBALL" | grep -v '/$' | sed "s|^$prefix||" | sort >"$BATS_TEST_TMPDIR/in-tar"
	(cd "$TOP" && git ls-files --cached --others --exclude-standard |
		while read -r f; do [ ! -e "$f" ] || echo "$f"; done | sort) >"$BATS_TEST_TMPDIR/in-git"
	run diff "$BATS_TEST_TMPDIR/in-git" "$BATS_TEST_TMPDIR/in-tar"
	[ "$status" -eq 0 ] || fail_with "git's files against the tarball's: $output"
	grep -qx 'cli/getrandom.c' "$BATS_TEST_TMPDIR/in-tar"
	grep -qx 'debian/tests/control' "$BATS_TEST_TMPDIR/in-tar"
	run ! grep -E '^(\.git/|build/|cli/getrandom$)' "$BATS_TEST_TMPDIR/in-tar"
}

@test "make dist gives the same bytes from another clone, at another path, umask, owner and file time" {
	in_git
	require git
	made_dist
	local clone=$BATS_TEST_TMPDIR/other/place
	mkdir -p "$clone"
	(umask 077 && git clone -q "$TOP" "$clone")
	# The work tree as it is, uncommitted changes too, as make dist took it.
	(cd "$TOP" && git ls-files -z --cached --others --exclude-standard |
		while IFS= read -r -d '' f; do [ ! -e "$f" ] || printf '%s\0' "$f"; done |
		xargs -0 cp --parents -P -t "$clone" --)
	(cd "$TOP" && git ls-files -z --deleted) | (cd "$clone" && xargs -0 -r rm -f --)
	touch -d '2001-02-03 04:05:06' "$clone/Makefile" "$clone/cli"
	# Another owner: git reads the clone all the same (safe.directory).
	if [ "$(id -u)" -eq 0 ]; then
		chown -R 1234:1234 "$clone"
		export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=safe.directory GIT_CONFIG_VALUE_0='*'
	fi
	[ "$(stat -c %a "$clone/Makefile")" = 600 ] || fail_with "umask 077 not in force"
	# The time of every entry is the one given: here the first tarball's.
	local epoch
	epoch=$(cd "$TOP" && git log -1 --format=%ct)
	run -0 env SOURCE_DATE_EPOCH="$epoch" "$clone/release/dist.sh" "$BATS_TEST_TMPDIR/out"
	cmp "$TARBALL" "$BATS_TEST_TMPDIR/out/getrandom-$VERSION.tar.gz"
	# Owner 0:0, modes 644 and 755, no name or time in the gzip header.
	run -0 tar -tvzf "$TARBALL"
	run ! grep -Ev '^(-rw-r--r--|-rwxr-xr-x|drwxr-xr-x) 0/0 ' <<<"$output"
	[ "$(od -An -tu4 -j4 -N4 "$TARBALL" | tr -d ' ')" = 0 ] || fail_with "gzip header holds a time"
}

@test "the tarball alone: make builds getrandom, it runs, and its tree and manual tests pass with no git" {
	in_git
	made_dist
	local x=$BATS_TEST_TMPDIR/x src
	mkdir "$x"
	tar -C "$x" -xzf "$TARBALL"
	src=$x/getrandom-$VERSION
	[ ! -e "$src/.git" ]
	run -0 make -s -C "$src"
	run -0 "$src/cli/getrandom" --bytes 16 --hex
	[[ $output =~ ^[0-9a-f]{32}$ ]] || fail_with "$output"
	run -0 "$src/cli/getrandom" --version
	[ "${lines[0]}" = "getrandom $VERSION" ] || fail_with "${lines[0]}"
	# The files that read the tree itself (git's ignore rules, the manual),
	# on the tarball's own build, as make check runs them.
	run -0 make -s -C "$src" build/getrandom completions
	run -0 env -C "$src" GETRANDOM="$src/build/getrandom" bats --tap tests/tree.bats tests/man.bats
	[[ $output != *"not ok"* ]] || fail_with "$output"
	# Only the test of what is committed skips: the tarball has no history.
	run -0 grep -c '# skip' <<<"$output"
	[ "$output" -eq 1 ] || fail_with "skipped: $(grep '# skip' <<<"$output")"
}

# version_tree DIR: the files release/versions.sh reads, copied to DIR.
version_tree() {
	mkdir -p "$1/release" "$1/debian" "$1/man"
	cp "$TOP/release/versions.sh" "$1/release/"
	cp "$TOP/VERSION" "$TOP/NEWS" "$1/"
	cp "$TOP/debian/changelog" "$1/debian/"
	cp "$TOP/man/getrandom.1" "$1/man/"
}

@test "one version: --version, debian/changelog, NEWS, the man page and the tarball's name say VERSION's" {
	run -0 "$TOP/release/versions.sh" "$GETRANDOM"
	[ "$output" = "$VERSION" ]
	run -0 "$GETRANDOM" --version
	[ "${lines[0]}" = "getrandom $VERSION" ]
	run -0 dpkg-parsechangelog -l "$TOP/debian/changelog" -S Version
	[ "${output%-*}" = "$VERSION" ]
	in_git
	made_dist
	[ -f "$TOP/build/getrandom-$VERSION.tar.gz" ]
}

@test "release/versions.sh fails, naming the place, when any one of them says another version" {
	local t=$BATS_TEST_TMPDIR/t place file edit
	while IFS='|' read -r place file edit; do
		rm -rf "$t"
		version_tree "$t"
		sed -i "$edit" "$t/$file"
		run -1 --separate-stderr "$t/release/versions.sh"
		[[ $stderr == *"$place says '9.9', VERSION says '$VERSION'"* ]] ||
			fail_with "$file: $stderr"
		[ -z "$output" ] || fail_with "$file: printed $output"
	done <<-'EOF'
	debian/changelog's upstream version|debian/changelog|1s/(\([^)]*\))/(9.9-1)/
	debian/changelog's upstream version|debian/changelog|1s/(\([^)]*\))/(1:9.9-3)/
	NEWS's newest entry|NEWS|0,/^\* getrandom [^ ]*/s//* getrandom 9.9/
	man/getrandom.1's footer|man/getrandom.1|2s/"getrandom [^"]*"/"getrandom 9.9"/
	EOF
	# VERSION itself changed, and the others not.
	rm -rf "$t" && version_tree "$t" && echo 9.9 >"$t/VERSION"
	run -1 "$t/release/versions.sh"
	# A binary that reports another version.
	rm -rf "$t" && version_tree "$t"
	printf '#!/bin/sh\necho "getrandom 9.9"\n' >"$t/fake" && chmod +x "$t/fake"
	run -1 --separate-stderr "$t/release/versions.sh" "$t/fake"
	[[ $stderr == *"fake --version says '9.9'"* ]] || fail_with "$stderr"
}

@test "make dist refuses to make a tarball while the versions disagree" {
	in_git
	require git
	local clone=$BATS_TEST_TMPDIR/clone
	git clone -q "$TOP" "$clone"
	sed -i '0,/^\* getrandom [^ ]*/s//* getrandom 9.9/' "$clone/NEWS"
	run -1 --separate-stderr "$clone/release/dist.sh"
	[[ $stderr == *"NEWS's newest entry says '9.9'"* ]] || fail_with "$stderr"
	run ! ls "$clone/build"/getrandom-*.tar.gz
}

@test "make deb-src: the .orig.tar.gz is make dist's byte for byte; lintian finds nothing in the .dsc" {
	in_git
	debian_tools
	run -0 make -s -C "$TOP" deb-src
	local revision dsc
	revision=$(dpkg-parsechangelog -l "$TOP/debian/changelog" -S Version)
	dsc=$TOP/build/deb-src/getrandom_$revision.dsc
	[ "${lines[-1]}" = "build/deb-src/getrandom_$revision.dsc" ] || fail_with "$output"
	cmp "$TOP/build/getrandom-$VERSION.tar.gz" "$TOP/build/deb-src/getrandom_$VERSION.orig.tar.gz"
	run -0 grep -c "getrandom_$VERSION.orig.tar.gz" "$dsc"
	run --separate-stderr lintian --fail-on error,warning "$dsc"
	[ -z "$output" ] || fail_with "$output"
	[ "$status" -eq 0 ] || fail_with "lintian: status $status: $stderr"
	# The source package unpacks to the same tree with dpkg-source.
	run -0 dpkg-source -x "$dsc" "$BATS_TEST_TMPDIR/unpacked"
	run -0 diff -r "$TOP/debian" "$BATS_TEST_TMPDIR/unpacked/debian"
}

@test "debian/watch: uscan finds the newest getrandom-VERSION.tar.gz in a release directory" {
	require uscan "devscripts not installed (tests/need.sh chroot)"
	require python3
	local rel=$BATS_TEST_TMPDIR/releases log=$BATS_TEST_TMPDIR/http.log port= i pid
	mkdir "$rel"
	# 1.10 is newer than 1.9 and 1.2; the others are not getrandom's.
	for f in getrandom-1.0.tar.gz getrandom-1.2.tar.xz getrandom-1.9.tar.gz \
		getrandom-1.10.tar.gz getrandom-2.0.tar.gz.asc other-3.0.tar.gz getrandom-latest.tar.gz; do
		echo "$f" >"$rel/$f"
	done
	python3 -u -m http.server --bind 127.0.0.1 --directory "$rel" 0 >"$log" 2>&1 &
	pid=$!
	for i in $(seq 100); do
		port=$(sed -n 's/.* port \([0-9][0-9]*\) .*/\1/p' "$log")
		[ -n "$port" ] && break
		sleep 0.1
	done
	[ -n "$port" ] || { kill "$pid"; fail_with "no HTTP server: $(cat "$log")"; }
	# The watch file with the project's address replaced by this server's.
	grep -q '^version=4$' "$TOP/debian/watch" || { kill "$pid"; fail_with "not version=4"; }
	sed "s|https://getrandom.invalid/releases/|http://127.0.0.1:$port/|" \
		"$TOP/debian/watch" >"$BATS_TEST_TMPDIR/watch"
	run uscan --no-conf --report --package getrandom --upstream-version 1.0 \
		--watchfile "$BATS_TEST_TMPDIR/watch"
	kill "$pid"
	[[ $output == *"Newest version of getrandom on remote site is 1.10, local version is 1.0"* ]] ||
		fail_with "$output"
	[[ $output == *"http://127.0.0.1:$port/getrandom-1.10.tar.gz"* ]] || fail_with "$output"
}

@test "debian/upstream/metadata: YAML with the fields Debian's tools read" {
	require python3
	run -0 python3 -c '
import sys, yaml
meta = yaml.safe_load(open(sys.argv[1]))
for field in ("Repository", "Bug-Database", "Bug-Submit", "Changelog"):
    print(field, meta[field])
' "$TOP/debian/upstream/metadata"
	[ "${#lines[@]}" -eq 4 ]
}

@test "debian/tests/control runs every test in debian/tests, none superficial" {
	local f named
	named=" $(sed -n 's/^Tests: //p' "$TOP/debian/tests/control" | tr '\n' ' ') "
	for f in "$TOP"/debian/tests/*; do
		[ "${f##*/}" = control ] && continue
		[[ $named == *" ${f##*/} "* ]] || fail_with "not run: ${f##*/}"
		[ -x "$f" ] || fail_with "not executable: ${f##*/}"
	done
	run ! grep -i superficial "$TOP/debian/tests/control"
	[ "$(wc -w <<<"$named")" -ge 4 ]
}

# deb_clean_built: make deb-clean, once a file; sets REVISION and CLEAN.
deb_clean_built() {
	REVISION=$(dpkg-parsechangelog -l "$TOP/debian/changelog" -S Version)
	CLEAN=$TOP/build/deb-clean
	[ -f "$BATS_FILE_TMPDIR/clean-built" ] && return 0
	make -s -C "$TOP" deb-clean >"$BATS_FILE_TMPDIR/clean.log" 2>&1 ||
		fail_with "make deb-clean: $(tail -n 40 "$BATS_FILE_TMPDIR/clean.log")"
	touch "$BATS_FILE_TMPDIR/clean-built"
}

@test "make deb-clean: sbuild builds it in the clean Debian 12 chroot; lintian finds nothing in its .deb files" {
	in_git
	debian_tools
	deb_clean_built
	[ -f "$TOP/build/chroot/bookworm-amd64.tar" ]
	# Built where only build-essential was: sbuild installed the rest.
	grep -q 'Install package build dependencies' "$BATS_FILE_TMPDIR/clean.log"
	grep -Eq '^Status: successful' "$BATS_FILE_TMPDIR/clean.log"
	grep -q '^smoke: ok' "$BATS_FILE_TMPDIR/clean.log"
	local debs=("$CLEAN"/*.deb)
	[ "${#debs[@]}" -eq 2 ] || fail_with "${debs[*]}"
	run --separate-stderr lintian --fail-on error,warning "${debs[@]}"
	[ -z "$output" ] || fail_with "$output"
	[ "$status" -eq 0 ] || fail_with "lintian: status $status: $stderr"
}

# toolchain BUILDINFO: the versions of the packages whose code or output
# goes into the .deb: the compiler, binutils, the C library, the word
# list, debhelper.
toolchain() {
	sed -n '/^Installed-Build-Depends:/,/^[^ ]/p' "$1" |
		grep -E '^ (binutils|cpp|gcc|libc6|libgcc|linux-libc-dev|xkcdpass|debhelper|dwz)[-a-z0-9.]* ' |
		sed 's/,$//'
}

# control_but_binary DEB: DEB's control fields but those the binary's
# size and the C library's version decide.
control_but_binary() {
	dpkg-deb -f "$1" | grep -Ev '^(Installed-Size|Built-Using):'
}

@test "make deb-clean's .deb files are make deb's, byte for byte, where the two toolchains are the same" {
	in_git
	debian_tools
	deb_clean_built
	local here=$BATS_TEST_TMPDIR/deb deb arch
	arch=$(dpkg --print-architecture)
	run -0 "$TOP/debian/build.sh" "$here"
	if [ "$(toolchain "$here/getrandom_${REVISION}_$arch.buildinfo")" != \
		"$(toolchain "$CLEAN/getrandom_${REVISION}_$arch.buildinfo")" ]; then
		# Not reproducible across other compilers or C libraries: the
		# same files, modes and control fields but for the binary's.
		diff <(toolchain "$here/getrandom_${REVISION}_$arch.buildinfo") \
			<(toolchain "$CLEAN/getrandom_${REVISION}_$arch.buildinfo") >&3 || true
		diff <(dpkg-deb -c "$here/getrandom_${REVISION}_$arch.deb" | awk '{ print $1, $2, $6 }') \
			<(dpkg-deb -c "$CLEAN/getrandom_${REVISION}_$arch.deb" | awk '{ print $1, $2, $6 }')
		diff <(control_but_binary "$here/getrandom_${REVISION}_$arch.deb") \
			<(control_but_binary "$CLEAN/getrandom_${REVISION}_$arch.deb")
		return 0
	fi
	for deb in "$here"/*.deb; do
		cmp "$deb" "$CLEAN/${deb##*/}" || fail_with "${deb##*/} differs"
	done
}

@test "a Build-Depends taken out of debian/control fails the clean build" {
	in_git
	debian_tools
	deb_clean_built
	# A source package whose debian/control forgets debhelper, whose dh
	# debian/rules runs: the clean chroot has no dh.
	local src=$BATS_TEST_TMPDIR/src
	mkdir "$src"
	cp "$TOP/build/deb-src/getrandom_$VERSION.orig.tar.gz" "$src/"
	tar -C "$src" -xzf "$src/getrandom_$VERSION.orig.tar.gz"
	sed -i '/^Build-Depends:/d' "$src/getrandom-$VERSION/debian/control"
	run ! grep -q debhelper "$src/getrandom-$VERSION/debian/control"
	run -0 env -C "$src" dpkg-source -b "getrandom-$VERSION"
	run env -C "$src" sbuild --chroot-mode=unshare --chroot="$TOP/build/chroot/bookworm-amd64.tar" \
		--dist=bookworm --no-run-lintian --no-run-piuparts --no-run-autopkgtest --nolog \
		"$src/getrandom_$REVISION.dsc"
	[ "$status" -ne 0 ] || fail_with "built without debhelper"
	[[ $output == *"Status: attempted"* || $output == *"Status: failed"* ]] || fail_with "$output"
	[[ $output == *"dh: No such file or directory"* || $output == *"dh: not found"* ]] ||
		fail_with "did not fail for want of dh: $(tail -n 30 <<<"$output")"
}

@test "make autopkgtest: every test of debian/tests passes on make deb-clean's package, in the clean chroot" {
	in_git
	debian_tools
	deb_clean_built
	run make -s -C "$TOP" autopkgtest
	[ "$status" -eq 0 ] || fail_with "status $status: $(tail -n 60 <<<"$output")"
	run -0 cat "$TOP/build/autopkgtest/summary"
	local test
	for test in smoke manual completions empty-chroot; do
		grep -Eq "^$test +PASS" <<<"$output" || fail_with "$test: $output"
	done
	[ "${#lines[@]}" -eq 4 ] || fail_with "$output"
}
