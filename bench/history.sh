#!/bin/sh
# What keeping the history costs: N computer-only games of classic, one
# process each, played with the history and without it in alternating
# rounds (so that both sides see the same load), with the wall and CPU
# time of each side.  The difference, divided by the actions stored, is
# the cost of storing one action (each action is its own commit).
#
# usage: bench/history.sh [path/to/shutbox] [N]   (defaults: ./shutbox 1000)
set -eu
bin=${1:-./shutbox}
n=${2:-1000}
rounds=4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
db=$tmp/history.db

# The games of one round, from seed $1 to $2, each with options $3.
loop='i=$1; while [ "$i" -le "$2" ]; do
	"$0" play --players cpu,cpu:fewest --seed "$i" $3 >/dev/null || exit 1
	i=$((i + 1))
done'

# Appends "wall cpu" seconds of one round to file $1.
round() {
	out=$1
	shift
	/usr/bin/time -f '%e %U %S' -o "$tmp/t" sh -c "$loop" "$bin" "$@"
	awk '{ print $1, $2 + $3 }' "$tmp/t" >>"$out"
}

per=$((n / rounds))
r=0
while [ $r -lt $rounds ]; do
	from=$((r * per + 1))
	to=$(((r + 1) * per))
	round "$tmp/with" $from $to "--db $db"
	round "$tmp/without" $from $to --no-history
	r=$((r + 1))
done
actions=$("$bin" history --db "$db" --json --limit 0 |
	awk '/"action_count"/ { gsub(/,/, ""); s += $2 } END { print s }')
games=$("$bin" history --db "$db" --json --limit 0 | grep -c '"id"')
awk -v games="$games" -v actions="$actions" '
	FILENAME ~ /without$/ { ow += $1; oc += $2; next }
	{ ww += $1; wc += $2 }
	END {
		printf "%d games of classic, %d actions stored\n", games, actions
		printf "%-16s %10s %10s\n", "", "wall s", "cpu s"
		printf "%-16s %10.2f %10.2f\n", "with history", ww, wc
		printf "%-16s %10.2f %10.2f\n", "without", ow, oc
		printf "%-16s %10.2f %10.2f\n", "difference", ww - ow, wc - oc
		printf "per game: %.2f ms wall, %.2f ms cpu more\n",
		    1000 * (ww - ow) / games, 1000 * (wc - oc) / games
		printf "per action, the cost per game spread over them: " \
		    "%.1f us wall, %.1f us cpu\n",
		    1e6 * (ww - ow) / actions, 1e6 * (wc - oc) / actions
	}' "$tmp/with" "$tmp/without"

# The cost of one more action: a single long game (500 rounds, 2 players),
# with and without the history, so the cost per game is paid once.
long='classic rounds=500 shut=zero'
for side in with without; do
	for r in 1 2 3; do
		if [ $side = with ]; then
			opt="--db $tmp/long.db"
		else
			opt=--no-history
		fi
		/usr/bin/time -f '%e %U %S' -o "$tmp/t" "$bin" play --rules "$long" \
			--players cpu,cpu:fewest --seed $r $opt >/dev/null
		awk '{ print $1, $2 + $3 }' "$tmp/t" >>"$tmp/long-$side"
	done
done
long_actions=$("$bin" history --db "$tmp/long.db" --json --limit 0 |
	awk '/"action_count"/ { gsub(/,/, ""); s += $2 } END { print s }')
awk -v actions="$long_actions" '
	FILENAME ~ /without$/ { ow += $1; oc += $2; next }
	{ ww += $1; wc += $2 }
	END {
		printf "3 games of %s: %d actions stored\n", "'"$long"'", actions
		printf "per action: %.1f us wall, %.1f us cpu\n",
		    1e6 * (ww - ow) / actions, 1e6 * (wc - oc) / actions
	}' "$tmp/long-with" "$tmp/long-without"
