#!/bin/sh
# The simulator's speed: turns of classic played by a strategy through
# the game's step API, on one thread and on two, timed from outside by
# /usr/bin/time -v (wall clock, and user + system CPU of every thread).
# Each setting runs twice, alternating, and the faster run is kept.  The
# results of one thread and of two are checked to be the same.
#
# usage: bench/sim.sh [path/to/shutbox] [TURNS]   (defaults: ./shutbox 2000000)
set -eu
bin=${1:-./shutbox}
n=${2:-2000000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# Runs one setting: strategy $1, threads $2; appends "wall cpu" to a file.
run() {
	/usr/bin/time -v -o "$tmp/t" "$bin" sim --strategy "$1" --threads "$2" \
		--games "$n" --seed 1 >"$tmp/out-$1-$2"
	awk -F': ' '/Elapsed \(wall clock\)/ {
		k = split($2, p, ":"); w = 0
		for (i = 1; i <= k; i++) w = w * 60 + p[i]
	}
	/User time/ { u = $2 } /System time/ { s = $2 }
	END { print w, u + s }' "$tmp/t" >>"$tmp/$1-$2"
}

printf '%-8s %-8s %7s %15s %15s\n' strategy threads turns 'turns/s wall' \
	'turns/s CPU'
for s in fewest optimal; do
	for round in 1 2; do
		run $s 1
		run $s 2
	done
	cmp -s "$tmp/out-$s-1" "$tmp/out-$s-2" ||
		{ echo "sim: one thread and two differ ($s)"; exit 1; }
	for t in 1 2; do
		sort -n "$tmp/$s-$t" | head -1 |
			awk -v s=$s -v t=$t -v n=$n '{
				printf "%-8s %-8s %7.0e %15.0f %15.0f\n",
				s, t, n, n / $1, n / $2 }'
	done
done
