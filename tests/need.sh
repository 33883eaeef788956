#!/usr/bin/env bash
# Installs the Debian packages a step needs, if any are missing.
#   tests/need.sh PACKAGE...
# As root it runs apt-get (updating the package lists once, if needed);
# otherwise it names the packages to install and fails.
set -eu

missing=()
for package in "$@"; do
	status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
	[ "$status" = "install ok installed" ] || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
	echo "getrandom: missing packages: ${missing[*]}" >&2
	echo "getrandom: install them with: sudo apt-get install ${missing[*]}" >&2
	exit 1
fi
echo "need: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y -q --no-install-recommends "${missing[@]}" >&2; then
	apt-get update -q >&2
	apt-get install -y -q --no-install-recommends "${missing[@]}" >&2
fi
