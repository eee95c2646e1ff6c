# Input that ends in the middle of a game, at a move and at a throw: the
# game is kept, as q keeps it, with the command that goes on with it, and
# status 0.
printf '3+5\n' | shutbox play --plain --players You --seed 3
echo "status $?"
shutbox play --plain --players Ann --seed 3 --dice manual
echo "status $?"
printf '3+5\nq\n' | shutbox play --plain --players You --seed 3 >/dev/null
echo "status $?"
# Without --plain, play plays the same plain game (for now).
printf '3+5\n' | shutbox play --players You --seed 3 >/dev/null
echo "status $?"
# q, then l: the player leaves, and the one left at the table wins, which
# the verdict says rather than a total it never played for.
printf 'q\nl\n' | shutbox play --plain --players Ann,cpu:optimal --seed 1 |
	sed -n '/leaves the game/,/wins/p'
# Ann left before she moved: no analysis of her play is offered.
printf 'q\nl\n' | shutbox play --plain --no-history --players Ann,cpu:optimal \
	--seed 1 2>/dev/null | grep -c 'a shows the analysis'
# Dice by hand: the seed is shown only where it decides a choice, a
# random computer's.
shutbox play --plain --players Ann,cpu:random --seed 7 --dice manual \
	</dev/null 2>/dev/null | head -n 1
shutbox play --plain --players Ann,cpu:optimal --seed 7 --dice manual \
	</dev/null 2>/dev/null | head -n 1
shutbox play --plain --players Ann,cpu:fewest --seed 7 --dice manual \
	</dev/null 2>/dev/null | head -n 1
