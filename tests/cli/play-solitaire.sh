# A solitaire game of classic typed by a person: a '+' or ',' with no tile
# on one side, a move shown with "?", an illegal move, a move run together,
# an empty line, a word, and a choice of one die asked twice.
printf '%s\n' 3,,5 +8 '3 + 5,' 3+5 '?' 5+6 '' 4+7 9 six 6 18 3 1 |
	shutbox play --plain --players You --seed 3
echo "status $?"
