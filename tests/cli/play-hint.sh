# The hint key ranks the choices as shutbox hint does, at the dice question
# and at the move; cpu:optimal and cpu:shut play the solver's way.
printf 'h\n2\n3 4\nh\n1+6\nh\n1\n5\n5\nq\n' |
	shutbox play --seed 5 --rules 'classic start=1-6' --players 'Ann,cpu:shut' \
		--dice manual
echo "status $?"
# Until a shut box, and a first throw that misses and loses: the chance
# of winning too.
printf 'h\n2\nq\n' |
	shutbox play --seed 5 --rules 'lucky-7 start=1,6' --players 'Ann,Bob' \
		--dice manual
printf 'h\nq\n' |
	shutbox play --seed 5 --rules 3-to-go --players 'Ann,Bob,Cy'
echo "status $?"
shutbox play --seed 2 --rules 'classic shut=zero rounds=2' \
	--players 'cpu:optimal,cpu:shut,cpu' | tail -n 6
echo "status $?"
shutbox play --seed 4 --rules battle --players 'cpu:optimal,cpu:shut' |
	tail -n 3
echo "status $?"
# A match of four with a perfect seat, played by the match of two against
# the leader: that match's figure is not the game's chance, so no chance
# of winning is shown.
printf 'h\nq\nl\n' |
	shutbox play --seed 5 --rules five-rounds \
		--players 'Ann,cpu:perfect,cpu,cpu' | sed -n '/shut?  h/,/shut?  q/p'
echo "status $?"
# Where the chance of winning is shown, the hint ranks by it: its best is
# the best for the win (1+5+6), not for the expected score (3+4+5).
printf '6 3\n9\n6 2\n8\n5 2\n7\n6 6\nh\nq\n' |
	shutbox play --seed 5 --players 'Ann,cpu' --dice manual |
	sed -n '/shut?  h/,/shut?  q/p'
echo "status $?"
# Against others, a hint without the chance to win says why: too long to
# work out for the rules, or a match's, worked out for cpu:perfect alone.
# It is said under the first hint of the game alone (two asked here).
printf 'h\nh\n' | shutbox play --plain --no-history --rules 'pub tiles=1-24' \
	--players You,cpu,cpu,cpu --seed 1 2>/dev/null | grep '^  (the chance'
printf 'h\n' | shutbox play --plain --no-history --rules tournament \
	--players You,cpu --seed 1 2>/dev/null | grep '^  (the chance'
# A throw of 10 on the whole box has nine moves: the hint shows the ninth
# rather than a line "and 1 more"; 12 on tiles 1-12 has 15: eight and
# "and 7 more".
printf '4 6\nh\nq\n' | shutbox play --plain --no-history --players Ann \
	--dice manual 2>/dev/null | sed -n '/shut?  h/,/shut?  q/p'
printf '6 6\nh\nq\n' | shutbox play --plain --no-history \
	--rules 'classic tiles=1-12' --players Ann --dice manual 2>/dev/null |
	sed -n '/shut?  h/,/shut?  q/p'
# A box too big to solve: the hint says why, in solve's words (the
# refusal was said on standard error at each hint, before "no hint for
# these rules").
printf 'h\nh\nq\nk\n' | shutbox play --plain --no-history \
	--rules 'classic tiles=1-30 dice=4d6' --players Ann --seed 1 2>&1 |
	grep -e 'hint' -e 'MiB'
