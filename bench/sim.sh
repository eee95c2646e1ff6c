#!/bin/sh
# The simulator's speed: turns of classic played by optimal, on one thread
# and on two, timed from outside by /usr/bin/time -v (wall clock, and user
# + system CPU of every thread).
#
# The compiled path (the default for every strategy but random) runs in
# paired rounds: each round runs one thread and two threads back to back,
# the order alternating from one round to the next (1 2, 2 1, 1 2, ...),
# so that a change in the machine's load falls on both alike; the ratio
# of two threads to one is taken within each round.  Then the step API
# (--step) on fewer turns, for comparison, the same way.  The results of
# one thread and of two are checked to be the same to the last digit.
# A run includes the solver, the compilation and the exact values beside
# the simulated ones (about 2 ms in all on classic).
#
# usage: bench/sim.sh [path/to/shutbox] [TURNS] [ROUNDS] [STEP_TURNS]
#        (defaults: ./shutbox 100000000 3 1000000)
set -eu
bin=${1:-./shutbox}
n=${2:-100000000}
rounds=${3:-3}
nstep=${4:-1000000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# Runs one setting: label $1, threads $2, turns $3, more options after;
# appends "wall cpu" to $tmp/$1-$2 and keeps the output.
run() {
	label=$1 threads=$2 turns=$3
	shift 3
	/usr/bin/time -v -o "$tmp/t" "$bin" sim --strategy optimal \
		--threads "$threads" --games "$turns" --seed 1 "$@" \
		>"$tmp/out-$label-$threads"
	awk -F': ' '/Elapsed \(wall clock\)/ {
		k = split($2, p, ":"); w = 0
		for (i = 1; i <= k; i++) w = w * 60 + p[i]
	}
	/User time/ { u = $2 } /System time/ { s = $2 }
	END { print w, u + s }' "$tmp/t" >>"$tmp/$label-$threads"
}

# Paired, alternating rounds of one setting: label $1, turns $2, options.
rounds() {
	label=$1 turns=$2
	shift 2
	r=1
	while [ "$r" -le "$rounds" ]; do
		if [ $((r % 2)) -eq 1 ]; then
			run "$label" 1 "$turns" "$@"
			run "$label" 2 "$turns" "$@"
		else
			run "$label" 2 "$turns" "$@"
			run "$label" 1 "$turns" "$@"
		fi
		r=$((r + 1))
	done
	cmp -s "$tmp/out-$label-1" "$tmp/out-$label-2" ||
		{ echo "sim: one thread and two differ ($label)"; exit 1; }
}

# The median of a column of numbers on standard input.
median() {
	sort -n | awk '{ v[NR] = $1 } END {
		print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# One line per thread count, then the ratio of two threads to one.
report() {
	label=$1 turns=$2
	for t in 1 2; do
		w=$(awk '{ print $1 }' "$tmp/$label-$t" | median)
		c=$(awk '{ print $2 }' "$tmp/$label-$t" | median)
		bw=$(awk '{ print $1 }' "$tmp/$label-$t" | sort -n | head -1)
		awk -v l="$label" -v t="$t" -v n="$turns" -v w="$w" -v c="$c" \
			-v bw="$bw" 'BEGIN {
			printf "%-9s %7s %9.0e %12.1f %12.1f %12.1f\n",
				l, t, n, n / bw / 1e6, n / w / 1e6, n / c / 1e6 }'
	done
	paste "$tmp/$label-1" "$tmp/$label-2" |
		awk '{ print $1 / $3 }' | sort -n >"$tmp/ratio"
	awk -v l="$label" '{ v[NR] = $1 } END {
		printf "%-9s two threads against one, wall, by round: ", l
		printf "median %.2f (%.2f to %.2f)\n", v[int((NR + 1) / 2)],
			v[1], v[NR] }' "$tmp/ratio"
}

rounds compiled "$n"
rounds step "$nstep" --step
echo "classic played by optimal; million turns a second, $rounds paired rounds"
printf '%-9s %7s %9s %12s %12s %12s\n' path threads turns 'best wall' \
	'median wall' 'median CPU'
report compiled "$n"
report step "$nstep"
