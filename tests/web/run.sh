#!/bin/sh
# Runs the tests of shutbox serve with Node's test runner: the protocol
# (tests/web/protocol.test.mjs, WebSocket clients without a browser), the
# server's life and limits (tests/web/server.test.mjs, the same way), the
# history of its games (tests/web/history.test.mjs) and the browser client
# (tests/web/browser.test.mjs, table.test.mjs and host.test.mjs, Debian's
# chromium driven by playwright-core).  Each test starts a server of its own on a free port
# of the loopback, with a history of its own.
#
#   sh tests/web/run.sh build/shutbox [FILE...]
#
# scripts/deps.sh web installs what it needs.
set -eu
shutbox=${1:?usage: tests/web/run.sh SHUTBOX [FILE...]}
shift
dir=$(dirname "$0")
if ! command -v node >/dev/null 2>&1 ||
	[ ! -f "$dir/node_modules/playwright-core/package.json" ] ||
	[ ! -f "$dir/node_modules/ws/package.json" ] ||
	[ ! -x /usr/bin/chromium ]; then
	echo "web: Node, chromium or the tests' modules are missing:" \
		"run sh scripts/deps.sh web" >&2
	exit 1
fi
[ $# -gt 0 ] || set -- "$dir"/*.test.mjs
log=$(mktemp)
trap 'rm -f "$log"' EXIT INT TERM
rc=0
SHUTBOX=$shutbox node --test --test-reporter=spec "$@" >"$log" 2>&1 || rc=$?
cat "$log"
pass=$(sed -n 's/^ℹ pass \([0-9]*\)$/\1/p' "$log")
fail=$(sed -n 's/^ℹ fail \([0-9]*\)$/\1/p' "$log")
echo "web: ${pass:-0} passed, ${fail:-0} failed"
[ "$rc" -eq 0 ] && [ "${fail:-1}" -eq 0 ] && [ "${pass:-0}" -gt 0 ]
