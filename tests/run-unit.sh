#!/bin/sh
# Runs each unit test binary named on the command line, and closes with one
# line counting the binaries that passed and failed.
passed=0
failed=0
for t in "$@"; do
	if "$t"; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		echo "FAILED: $t"
	fi
done
echo "unit: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
