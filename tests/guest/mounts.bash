#!/bin/bash
# The guest driver's mounts: the host's root file system and the repository
# under test, both 9p shares that vm/run.sh (6.1) and vm/check-6.12.sh
# export read-only, each under a tmpfs overlay. Not run on its own: sourced
# by both guests' drivers, before host-suite.bash, which sets HOST (where
# the host's root goes) and REPO (the repository's path in it).
# Usage: mount_host && mount_repo
# No set -e, as in run.sh: a mount that fails is said, and run.sh reports it.
set -u

# Mounts the host's root file system at /host: the 9p share (read-only)
# under a tmpfs overlay, so that what the suite writes (a package build,
# dpkg's database) stays in the guest; with this guest's /proc, /sys (and
# cgroup2, as systemd mounts it), /dev (devpts and /dev/shm added) and a
# fresh tmpfs on /tmp and /run. Prints
# what failed and returns 1 otherwise.
mount_host() {
	mkdir -p "$HOST" /lower /overlay /dev/pts /dev/shm &&
		mount -t devpts -o ptmxmode=0666 devpts /dev/pts &&
		mount -t tmpfs -o mode=1777 tmpfs /dev/shm &&
		mount -t 9p -o trans=virtio,version=9p2000.L,ro,cache=loose,msize=262144 \
			root /lower &&
		mount -t tmpfs tmpfs /overlay &&
		mkdir /overlay/upper /overlay/work &&
		mount -t overlay -o lowerdir=/lower,upperdir=/overlay/upper,workdir=/overlay/work,redirect_dir=on \
			overlay "$HOST" &&
		mount -o rbind /dev "$HOST/dev" &&
		mount -t proc proc "$HOST/proc" &&
		mount -t sysfs sysfs "$HOST/sys" &&
		mount -t cgroup2 cgroup2 "$HOST/sys/fs/cgroup" &&
		mount -t tmpfs -o mode=1777 tmpfs "$HOST/tmp" &&
		mount -t tmpfs tmpfs "$HOST/run" && return 0
	echo "guest: cannot mount the host's root file system at $HOST" >&2
	return 1
}

# Mounts the repository's own 9p share at $HOST$REPO, writable through a
# tmpfs overlay of its own (the suite builds its checkers under build/).
mount_repo() {
	mkdir -p /repo-lower /overlay/repo-upper /overlay/repo-work "$HOST$REPO" &&
		mount -t 9p -o trans=virtio,version=9p2000.L,ro,cache=loose,msize=262144 \
			repo /repo-lower &&
		mount -t overlay -o lowerdir=/repo-lower,upperdir=/overlay/repo-upper,workdir=/overlay/repo-work \
			overlay "$HOST$REPO" && return 0
	echo "guest: cannot mount the repository (9p tag repo) at $HOST$REPO" >&2
	return 1
}
