# Pub play with a stake: the winners split the pot.
shutbox play --plain --rules pub --players cpu,cpu:highest,cpu:random \
	--seed 14
echo "status $?"
# One winner takes the pot; a shut box wins it at once, and a player whose
# turn never came is said not to have played, in the standings and in the
# history's list, with who took the pot.
shutbox play --plain --rules pub --players cpu,cpu:highest,cpu:random \
	--seed 10 | tail -4
echo "status $?"
shutbox history --limit 1 | tail -2
# Four of six tied: 6/4 each, written in lowest terms.
shutbox play --rules 'pub start=8,9' --seed 61 \
	--players cpu:random,cpu:random,cpu:random,cpu:random,cpu:random,cpu:random |
	tail -n 1
echo "status $?"
# A stake with cents: the pot of two stakes of 0.50 is 1.00, not "1." at
# the end of the line; in the stats, money is to the cent in every row
# when one has cents ("+2.00" beside "-0.50", where it wrote "+2").
shutbox play --plain --rules 'pub stake=0.5' --players cpu,cpu:fewest \
	--seed 1 | grep "pot"
echo "status $?"
for s in 1 2 3; do
	shutbox play --plain --rules 'pub stake=0.5' \
		--players cpu,cpu:fewest,cpu:random --seed $s >/dev/null
done
shutbox stats | grep "stake=0.50"
echo "status $?"
