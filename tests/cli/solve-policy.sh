# shutbox solve --policy and --distribution: the exact worth of a named
# strategy, its distribution of scores, JSON, and the refusals.

# Every strategy on classic, on tiles 1-9 with two dice always (the rule
# of the published simulations, docs/strategies.md), and on the Thai box.
for r in classic 'classic fewer-dice=never' thai; do
	echo "$r:"
	for s in optimal shut random highest fewest most lowest thai-wiki; do
		echo "  $s: $(shutbox solve --rules "$r" --policy $s | tr '\n' ' ')"
	done
done

# Exact fractions; optimal is worth what solve says, shut too.
shutbox solve --policy random --exact
shutbox solve --policy optimal --exact
[ "$(shutbox solve --policy optimal --exact | sed -n 2p)" = \
	"expected $(shutbox solve --exact)" ] && echo "optimal: as solve"
[ "$(shutbox solve --policy shut --exact | sed -n 1p)" = \
	"shut $(shutbox solve --objective shut --exact)" ] && echo "shut: as solve"

# From another board; ten and twelve tiles.
shutbox solve --policy lowest --open 1,2,3 --exact
shutbox solve --policy fewest --rules cards
shutbox solve --policy fewest --rules full-house --exact
shutbox solve --policy random --rules full-house

# The distribution: optimal by default, as a histogram, exact, JSON.
shutbox solve --distribution
shutbox solve --distribution --policy thai-wiki --rules thai --exact
shutbox solve --distribution --policy fewest --rules 'classic tiles=1-3' \
	--json --exact
shutbox solve --distribution --policy highest --rules lucky-7 --open 7
shutbox solve --policy most --rules missionary --json
echo "status $?"

# The box already shut: nothing left to score, not the start's worth; in
# JSON a whole number is a fraction too.
shutbox solve --distribution --open none
shutbox solve --distribution --policy fewest --open none --exact --json

# Refusals: no such strategy, a battle, options that do not go with it,
# exact values of a board too big, a board outside the start set.
shutbox solve --policy genius
echo "status $?"
shutbox solve --policy fewest --rules battle
echo "status $?"
shutbox solve --distribution --objective shut
echo "status $?"
shutbox solve --policy random --table
echo "status $?"
shutbox solve --policy random --rules 'classic tiles=1-13' --exact
echo "status $?"
shutbox solve --policy random --open 10
echo "status $?"
shutbox solve --policy random --rules 'classic tiles=1-24' --memory 1
echo "status $?"
shutbox solve --policy
echo "status $?"
