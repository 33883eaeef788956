#!/usr/bin/env bats
# The source tree itself: what is committed, what git ignores, and the
# Makefile's targets that name no file.
# Call: bats tests/tree.bats
load helpers

TOP=$BATS_TEST_DIRNAME/..

# committed: skips where TOP is no git checkout (the release tarball, the
# QEMU guest's copy of the tests): nothing committed to look at.
committed() {
	git -C "$TOP" rev-parse --git-dir >/dev/null 2>&1 ||
		skip "not a git checkout: nothing committed to look at"
}

# libFuzzer names what it saves after the kind of failure and a hash.
ARTIFACTS='(^|/)(crash|leak|timeout|oom|slow-unit)-[^/]*$'

@test "no libFuzzer artifact is committed: real regressions have names under tests/fuzz/regressions/" {
	committed
	run -0 git -C "$TOP" ls-files
	run ! grep -E "$ARTIFACTS" <<<"$output"
}

@test "git ignores libFuzzer's artifact names, at the top and below" {
	local prefix dir
	for prefix in crash leak timeout oom slow-unit; do
		for dir in "" cli/ tests/fuzz/; do
			git_ignores "$TOP" "${dir}$prefix-5dfa2723c4ffcef66cb5d07bc163b28c12e133e9" ||
				fail_with "not ignored: ${dir}$prefix-..."
		done
	done
}

@test "the fuzz regressions and corpus are not ignored" {
	require git
	run ! git_ignores "$TOP" tests/fuzz/regressions/parse/size-2-64
	run ! git_ignores "$TOP" tests/fuzz/corpus/parse/x
}

@test "every Makefile target that names no file is .PHONY" {
	local phony targets target
	# The .PHONY list, its continuation lines joined.
	phony=" $(sed -n '/^\.PHONY:/,/[^\\]$/p' "$TOP/Makefile" |
		sed 's/^\.PHONY://; s/\\$//' | tr -s ' \t\n' '  ') "
	# A target without a / or a dot in its name is no file the build makes.
	targets=$(sed -n 's/^\([a-z][a-z0-9-]*\):\([^=].*\)\{0,1\}$/\1/p' "$TOP/Makefile")
	[ "$(wc -w <<<"$targets")" -ge 20 ] || fail_with "too few targets found: $targets"
	for target in $targets; do
		[[ $phony == *" $target "* ]] || fail_with "not .PHONY: $target"
	done
}
