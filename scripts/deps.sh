#!/bin/sh
# Installs the Debian packages that shutbox needs, when they are missing.
#
#   scripts/deps.sh build   what building and playing needs
#   scripts/deps.sh test    that, and what the tests need
#   scripts/deps.sh fuzz    that, and clang's libFuzzer
#   scripts/deps.sh bench   what building needs, /usr/bin/time and sqlite3,
#                           Node and the browser tests' client library
#   scripts/deps.sh web     what the tests need, and chromium, Node and npm
#                           with playwright-core in tests/web/node_modules
#                           (from tests/web/package-lock.json; it drives
#                           Debian's chromium, and never downloads a browser)
#
# As root it runs apt-get itself; otherwise it uses sudo when sudo needs no
# password, and else prints the exact apt-get line to run and fails.
set -eu

build="gcc make pkg-config libc6-dev libgmp-dev libjansson-dev libsqlite3-dev
	libncurses-dev libcivetweb-dev libqrencode-dev"
test="$build libcmocka-dev sqlite3 tmux"
fuzz="$test clang libclang-rt-14-dev"
bench="$build time sqlite3 nodejs npm"
web="$test chromium nodejs npm"

case "${1:-build}" in
build) want=$build ;;
test) want=$test ;;
fuzz) want=$fuzz ;;
bench) want=$bench ;;
web) want=$web ;;
*)
	echo "usage: scripts/deps.sh [build|test|fuzz|bench|web]" >&2
	exit 2
	;;
esac

# Node and npm count as there when their commands are: a Node from
# another packaging (which brings its own npm) must not be replaced.
have_command() {
	case $1 in
	nodejs) command -v node >/dev/null 2>&1 ;;
	npm) command -v npm >/dev/null 2>&1 ;;
	*) false ;;
	esac
}

# The browser tests' client library, from the committed lock file.  Its
# install script is told not to fetch a browser: the tests use chromium.
npm_modules() {
	case "${1:-build}" in
	web | bench) ;;
	*) return 0 ;;
	esac
	dir="$(dirname "$0")/../tests/web"
	[ -f "$dir/node_modules/playwright-core/package.json" ] && return 0
	echo "installing: playwright-core (npm, into tests/web)"
	(cd "$dir" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit \
		--no-fund --loglevel=error)
}

missing=
for p in $want; do
	have_command "$p" && continue
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
		grep -q 'install ok installed'; then
		missing="$missing $p"
	fi
done
if [ -z "$missing" ]; then
	npm_modules "${1:-build}"
	exit 0
fi

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
npm_modules "${1:-build}"
