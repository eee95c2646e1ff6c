# Real dice where fewer may be thrown: the question of how many dice takes
# the faces too, and says so.  A count allowed (1) is the count, and the
# faces of that many dice are asked next; any other number is one die's
# face (5), and two numbers two dice (2 2).  A hint once the count is
# chosen is of that count alone.  A throw taken back takes its count
# with it, asked again (the face typed at the count made it).
printf '%s\n' '4 5' 9 '3 5' 8 '3 4' 7 5 u 5 5 '2 2' 4 1 h 6 6 q k |
	shutbox play --plain --players Ann --seed 1 --dice manual --no-history
echo "status $?"
