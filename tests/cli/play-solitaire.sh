# A solitaire game of classic typed by a person: a '+' or ',' with no tile
# on one side, a move shown with "?", an illegal move, a move run together,
# an empty line, a word, and a choice of one die asked twice.
printf '%s\n' 3,,5 +8 '3 + 5,' 3+5 '?' 5+6 '' 4+7 9 six 6 18 3 1 |
	shutbox play --plain --players You --seed 3
echo "status $?"
# A solitaire game's result is its total: the history names no winner and
# the stats count no win, nor a loss, beside a game against another.
shutbox play --plain --players cpu --seed 2 | tail -1
shutbox play --plain --players cpu,cpu:fewest --seed 3 >/dev/null
shutbox history | sed 's/[0-9-]* [0-9:]*  classic/DATE  classic/'
shutbox stats
shutbox stats --json cpu:optimal | grep -E '"games|"wins|streak'
# In the history's JSON too: of three games, one winner.
shutbox history --json | grep -c '"winner": true'
echo "status $?"
