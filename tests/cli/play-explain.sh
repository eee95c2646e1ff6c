# Why a move is refused, in the words of each move rule; the legal moves
# follow.  Each game stops when the input ends.
echo "== 2-to-go: the first throw must shut 2"
printf '%s\n' 8 2+6 | shutbox play --plain --rules 2-to-go --players You \
	--seed 3 2>&1 | sed -n '/^Round/,$p'
echo "== thai: one tile, a die or the total"
printf '%s\n' 9 3+5 3 | shutbox play --plain --rules thai --players You \
	--seed 3 2>&1 | sed -n '/^Round/,$p'
echo "== five-rounds: the total, or one tile per die"
printf '%s\n' 3 1+7 8 | shutbox play --plain --rules five-rounds \
	--players You --seed 3 2>&1 | sed -n '/^Round/,$p'
echo "== travel: one or two tiles"
printf '%s\n' 1+2+5 35 | shutbox play --plain --rules travel \
	--players You --seed 3 2>&1 | sed -n '/^Round/,$p'
echo "== full-house: numbers of two digits need a separator"
printf '%s\n' 35 '3 5' | shutbox play --plain --rules full-house \
	--players You --seed 3 2>&1 | sed -n '/^Round/,$p'
echo "== 2-to-go: a first throw that cannot shut 2 ends the turn"
shutbox play --plain --rules 2-to-go --players cpu,cpu --seed 7 |
	sed -n '/^Round/,/score/p' | head -5
echo "== up-to-1: a blocked throw, in the words of the move rule"
shutbox play --plain --rules 'classic move=up-to-1' --players cpu \
	--seed 1 | grep 'turn ends' | head -1
echo "== up-to-3: the same, with at most three tiles"
shutbox play --plain --rules 'classic move=up-to-3' --players cpu \
	--seed 1 | grep 'turn ends' | head -1
echo "== unlucky-7: a throw of 7 ends the turn"
shutbox play --plain --rules unlucky-7 --players cpu,cpu --seed 1 |
	grep -B1 -A1 bust | head -3
