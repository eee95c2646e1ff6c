#!/bin/sh
# Golden tests of the shutbox command.
#
# Each tests/cli/NAME.sh is a script run with the command under test first
# on PATH as "shutbox"; everything it prints (stdout and stderr together)
# must equal tests/cli/NAME.out byte for byte.  The scripts print exit
# statuses themselves ("echo status $?").  Each script gets a history
# database of its own, new and empty (SHUTBOX_DB), and no HOME to write to.  UPDATE=1 rewrites the .out files
# from what the scripts print now: review the diff before committing it.
#
# usage: tests/cli/run.sh path/to/shutbox [NAME...]
set -u
bin=$1
shift
dir=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir "$tmp/bin"
ln -s "$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")" "$tmp/bin/shutbox"

if [ $# -gt 0 ]; then
	names=$*
else
	names=$(cd "$dir" && ls *.sh | grep -v '^run\.sh$' | sed 's/\.sh$//')
fi

passed=0
failed=0
skipped=0
for n in $names; do
	# SHUTBOX_TEST_SKIP: tests a build cannot run (names, blank-separated).
	case " ${SHUTBOX_TEST_SKIP:-} " in
	*" $n "*)
		skipped=$((skipped + 1))
		continue
		;;
	esac
	out="$tmp/$n.actual"
	mkdir "$tmp/$n.home"
	(cd "$tmp" && PATH="$tmp/bin:$PATH" LC_ALL=C HOME="$tmp/$n.home" \
		XDG_DATA_HOME= SHUTBOX_DB="$tmp/$n.db" sh "$dir/$n.sh" \
		</dev/null >"$out" 2>&1)
	if [ "${UPDATE:-}" = 1 ]; then
		cp "$out" "$dir/$n.out"
	fi
	if cmp -s "$out" "$dir/$n.out"; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		echo "FAILED: cli/$n"
		diff -u "$dir/$n.out" "$out" | head -40
	fi
done
echo "cli: $passed passed, $failed failed$([ "$skipped" -gt 0 ] && echo ", $skipped skipped")"
[ "$failed" -eq 0 ]
