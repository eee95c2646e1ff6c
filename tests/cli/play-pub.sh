# Pub play with a stake: the winners split the pot.
shutbox play --plain --rules pub --players cpu,cpu:highest,cpu:random \
	--seed 14
echo "status $?"
# One winner takes the pot; a shut box wins it at once.
shutbox play --plain --rules pub --players cpu,cpu:highest,cpu:random \
	--seed 10 | tail -4
echo "status $?"
