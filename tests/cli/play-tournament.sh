# A tournament: rounds until a total reaches 100, then the lowest total
# wins.  Only the ends of turns and rounds are kept here.
shutbox play --plain --rules tournament --players cpu:highest,cpu --seed 24 |
	grep -v '^  \(tiles\|throw\|shut \)'
echo "status $?"
