#!/bin/sh
# Installs the Debian packages that shutbox needs, when they are missing.
#
#   scripts/deps.sh build   what building and playing needs
#   scripts/deps.sh test    that, and what the tests need
#   scripts/deps.sh fuzz    that, and clang's libFuzzer
#   scripts/deps.sh bench   what building needs, /usr/bin/time and sqlite3
#
# As root it runs apt-get itself; otherwise it uses sudo when sudo needs no
# password, and else prints the exact apt-get line to run and fails.
set -eu

build="gcc make pkg-config libc6-dev libgmp-dev libjansson-dev libsqlite3-dev
	libncurses-dev"
test="$build libcmocka-dev sqlite3 tmux"
fuzz="$test clang libclang-rt-14-dev"
bench="$build time sqlite3"

case "${1:-build}" in
build) want=$build ;;
test) want=$test ;;
fuzz) want=$fuzz ;;
bench) want=$bench ;;
*)
	echo "usage: scripts/deps.sh [build|test|fuzz|bench]" >&2
	exit 2
	;;
esac

missing=
for p in $want; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
		grep -q 'install ok installed'; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
	echo "shutbox needs these packages:$missing" >&2
	exit 1
fi
if [ "$(id -u)" = 0 ]; then
	sudo=
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
	sudo="sudo"
else
	echo "shutbox needs packages that are missing; run:" >&2
	echo "  sudo apt-get update && sudo apt-get install -y$missing" >&2
	exit 1
fi
echo "installing:$missing"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq $missing >/dev/null
