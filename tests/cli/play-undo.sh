# Taking a move back in the plain game: with dice typed by hand, until the
# next dice are typed; with the program's dice, which come with the move,
# never, and "u" says why and how (it said only "until the next throw",
# which never came). "help" is a word for "?", as "hint" is for "h".
printf '3 5\n8\nu\n1+7\n2 6\nq\n' |
	shutbox play --plain --no-history --players Ann --dice manual 2>/dev/null |
	sed -n '/Round 1/,$p'
echo "status $?"
printf 'help\n3+5\nu\nq\n' |
	shutbox play --plain --no-history --players Ann --seed 3 2>/dev/null |
	sed -n '/Round 1/,$p'
echo "status $?"
