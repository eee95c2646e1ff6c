#!/bin/sh
# Runs each unit test binary named on the command line.  A passing binary
# shows only cmocka's closing line; a failing one shows everything it
# printed.  The last line counts the binaries that passed and failed.
passed=0
failed=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT INT TERM
for t in "$@"; do
	if "$t" >"$log" 2>&1; then
		passed=$((passed + 1))
		printf '%-22s %s\n' "$(basename "$t")" "$(tail -n 1 "$log")"
	else
		failed=$((failed + 1))
		cat "$log"
		echo "FAILED: $t"
	fi
done
echo "unit: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
