# shutbox sim --players with perfect, the player to win: its share of the
# wins against the exact chance of solve --players, the same result on one
# thread and on two, a gain over optimal in a match, and what is refused.

# The share of seat $1 (from 1) in sim --json, with its 95% interval.
share() {
	awk -v seat="$1" '/"wins"/ { n++ } n != seat { next }
		/"mean"/ { m = $2 } /"low"/ { l = $2 } /"high"/ { h = $2; n++ }
		END { gsub(",", "", m); gsub(",", "", l);
			printf "%.4f %.4f %.4f\n", m, l, h }'
}
# The exact chance of seat $1 in solve --players --json.
exact() {
	awk -v seat="$1" '/"win": / { n++; if (n == seat) { print $2 } }'
}

# One round of classic, two and three perfect seats: each seat's share of
# the wins holds the exact chance in its 95% interval.
for spec in "2 classic" "3 classic shut=zero" "2 classic fewer-dice=never"; do
	n=${spec%% *}
	rules=${spec#* }
	list=perfect
	i=1
	while [ "$i" -lt "$n" ]; do list="$list,perfect"; i=$((i + 1)); done
	shutbox sim --rules "$rules" --players "$list" --games 100000 --seed 21 \
		--json >sim-perfect.json
	echo "status $?"
	shutbox solve --players "$n" --rules "$rules" --json >sim-perfect-x.json
	i=1
	while [ "$i" -le "$n" ]; do
		x=$(exact "$i" <sim-perfect-x.json)
		share "$i" <sim-perfect.json | awk -v x="$x" -v seat="$i" \
			-v rules="$rules" '{ printf "%s, seat %d: exact %.4f, %s in %.4f to %.4f: %s\n",
				rules, seat, x, $1, $2, $3,
				($2 <= x && x <= $3) ? "inside" : "OUTSIDE" }'
		i=$((i + 1))
	done
done

# Where every seat is perfect and its chances are exact, sim shows each
# seat's exact chance beside its share: solve --players's, to the digit.
shutbox sim --rules classic --players perfect,perfect --games 2000 --seed 5
shutbox sim --rules classic --players perfect,perfect --games 2000 --seed 5 \
	--json | awk '/"exact"/ { gsub(",", ""); printf "sim:   %.12f\n", $2 }'
shutbox solve --players 2 --json |
	awk '/"win": / { gsub(",", ""); printf "solve: %.12f\n", $2 }'
# Not beside another strength, whose play it does not know.
shutbox sim --rules classic --players perfect,optimal --games 200 --seed 5 |
	grep -c exact

# The same seed gives the same result on one thread and on two, each
# thread playing with a copy of its own, in a round and in a match.
for rules in classic 'classic tiles=1-6 until=15'; do
	shutbox sim --rules "$rules" --players perfect,optimal --games 9000 \
		--seed 4 --threads 1 >sim-perfect-1.txt
	shutbox sim --rules "$rules" --players perfect,optimal --games 9000 \
		--seed 4 --threads 2 >sim-perfect-2.txt
	cmp -s sim-perfect-1.txt sim-perfect-2.txt && echo "$rules: same on 1 and 2 threads"
done
cat sim-perfect-2.txt

# A match where playing to win pays (docs/win.md): perfect against
# optimal, each in both seats.  optimal against itself averages half the
# wins over the two seats; perfect averages more, by more than the
# intervals' width.
rules='missionary tiles=1-6 until=15'
shutbox sim --rules "$rules" --players perfect,optimal --games 20000 --seed 8 \
	--json | share 1 >sim-perfect-a.txt
shutbox sim --rules "$rules" --players optimal,perfect --games 20000 --seed 8 \
	--json | share 2 >sim-perfect-b.txt
cat sim-perfect-a.txt sim-perfect-b.txt | awk '{ m += $1 / 2; lo += $2 / 2 }
	END { printf "perfect against optimal, both seats: %.4f of the wins (low %.4f): %s\n",
		m, lo, (lo > 0.5) ? "gains" : "NO GAIN" }'

# Four seats of a match: perfect plays the match of two against the leader.
shutbox sim --rules 'classic tiles=1-6 rounds=3' \
	--players perfect,optimal,fewest,perfect --games 3000 --seed 2
echo "status $?"

# Rules perfect plays exactly (a miss that loses, until-shut, scores past
# 1023 by level) or for the lowest expected score (the-300: hours of
# solves), with every seat's chances.
for rules in 2-to-go lucky-7 digital the-300; do
	shutbox sim --rules $rules --players perfect,optimal --games 10 \
		--seed 3
	echo "status $?"
done

# Refused: perfect alone (a turn has nobody to beat), a name that is no
# strategy.
shutbox sim --strategy perfect --games 10
echo "status $?"
shutbox sim --players perfect,best --games 10
echo "status $?"
