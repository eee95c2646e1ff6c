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
# The Opener's hint gives the Opener's own chance of winning, best first
# (the solver's value is the Shutter's).
printf '\nh\n' |
	shutbox play --plain --rules battle --players cpu:random,You \
		--seed 4 --no-history 2>&1 | grep -A3 'open?  h'
