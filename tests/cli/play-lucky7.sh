# Lucky 7 alone: only tile 7 is open, and the result is the number of
# turns it took to shut it.
printf '7\n' | shutbox play --plain --rules lucky-7 --players You --seed 2
echo "status $?"
# Two players and a stake: the first to shut tile 7 takes the pot.
shutbox play --plain --rules 'lucky-7 stake=2' --players cpu,cpu --seed 1 |
	sed -n '2,7p;/pot of/p'
echo "status $?"
