# Real dice: each throw is typed in, and a bad one is asked again with its
# reason.  The rule text's example of five rounds (seed 002): 3 and 5 shut
# 8; 5 and 6 shut 5+6; 1 and 5 end the turn.  Digits run together are
# single faces or tiles only without a 0: "10" is ten, no face and no tile.
printf '%s\n' '' '3 5 1' 10 '3 5' 10 8 7,5 '5,6' 5+6 x '1 5' '6 6' 12 |
	shutbox play --plain --rules five-rounds --players Ann,cpu --seed 1 \
		--dice manual
echo "status $?"
# One move: Enter makes it (1 and 1 shut 2), as in the full screen.
printf '%s\n' '1 1' '' | shutbox play --plain --players You --seed 1 \
	--dice manual | grep -A3 'throw  1 1'
# Faces of the wrong number: the example is of faces these dice have (a
# d4 has no 5).
printf '%s\n' '' '3' | shutbox play --plain --rules 'classic dice=2d4' \
	--players You --dice manual 2>/dev/null | grep 'that is'
# q at a computer's dice: stop or play on; the person typing its dice
# does not make it leave (l was offered, as at a person's turn).
printf 'q\nl\nk\n' | shutbox play --plain --no-history --dice manual \
	--players cpu:shut,Ann 2>&1 | tail -4
# A throw typed wrong may be taken back until the next is typed: one that
# ended the turn (unlucky-7's 7: the turn's heading is shown again), a
# computer's, with the move it made of it, and one that ended the game.
printf '%s\n' '3 4' u '3 3' q k | shutbox play --plain --no-history \
	--dice manual --rules unlucky-7 --players Ann,Bob 2>&1 | tail -n +10
printf '%s\n' '6 6' u u '4 5' q k | shutbox play --plain --no-history \
	--dice manual --players cpu,Ann 2>&1 | tail -n +10
printf '%s\n' '3 4' '3 4' u | shutbox play --plain --no-history \
	--dice manual --rules unlucky-7 --players Ann,Bob 2>&1 | tail -n 6
# A person's move that ended the game is what u takes back there, and
# the question says so (it said the last throw, and took back the move).
printf '%s\n' '3 3' 2+4 u q k | shutbox play --plain --no-history \
	--dice manual --players Ann --rules 'classic tiles=1-6 start=2,4' \
	2>/dev/null |
	grep -A1 'Game over'
# A computer's choice at random, taken back with the throw typed for it,
# is made again as a resume makes it: the game still resumes.
printf '%s\n' 6,6 u 6,6 q k | shutbox play --plain --db undo.db --seed 5 \
	--dice manual --players cpu:random,Ann >/dev/null 2>&1
printf '%s\n' q k | shutbox play --plain --db undo.db --resume 2>&1 |
	tail -n 3
# Taken back from the game over, the game is unfinished again in the
# history, its result let go: not in the stats.
printf '%s\n' '3 4' '3 4' u q k | shutbox play --plain --db back.db \
	--dice manual --rules unlucky-7 --players You,cpu >/dev/null 2>&1
shutbox history --db back.db | sed -n 2p
shutbox stats --db back.db
