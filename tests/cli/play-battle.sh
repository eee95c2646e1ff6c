# The two-player battle (seed 003): the Opener wins by opening every tile
# again; the Shutter by shutting them all.
shutbox play --plain --rules battle --players cpu:fewest,cpu:highest \
	--seed 104
echo "status $?"
shutbox play --plain --rules battle --players cpu:fewest,cpu:highest \
	--seed 2 | tail -8
echo "status $?"
# A person as the Opener: the moves open shut tiles.
printf '%s\n' 9 3 '?' 3+4 8 |
	shutbox play --plain --rules battle --players cpu,Bob --seed 104 |
	tail -16
echo "status $?"
