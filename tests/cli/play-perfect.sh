# cpu:perfect plays to win: a single round of any number of seats, each
# seat's play given the scores already made, or a whole match; refused
# where it cannot.
shutbox play --seed 11 --players 'cpu:optimal,cpu:perfect' | tail -n 12
echo "status $?"
shutbox play --seed 3 --rules 'classic shut=zero' \
	--players 'cpu:perfect,cpu:perfect,cpu:perfect' | tail -n 5
echo "status $?"
# A whole match of two: five rounds, each turn played for the match.
shutbox play --seed 3 --rules five-rounds --players 'cpu:perfect,cpu' |
	tail -n 4
echo "status $?"
# Three: the match of two against the leader.
shutbox play --seed 3 --rules five-rounds \
	--players 'cpu:perfect,cpu,cpu:perfect' | tail -n 5
echo "status $?"
# A miss that loses, until a shut box, scores too large for the tables
# (the expected score), three in an exact match; a battle is refused.
shutbox play --seed 3 --rules 2-to-go --players 'cpu:perfect,cpu' |
	tail -n 4
echo "status $?"
shutbox play --seed 3 --rules lucky-7 --players 'cpu:perfect,cpu:perfect' |
	tail -n 4
shutbox play --seed 3 --rules digital --players 'cpu:perfect,cpu' |
	tail -n 4
shutbox play --seed 3 --rules 'classic tiles=1-5 rounds=2' \
	--players 'cpu:perfect,cpu:perfect,cpu:perfect' | tail -n 5
echo "status $?"
shutbox play --seed 3 --rules battle --players 'cpu:perfect,cpu'
echo "status $?"
# A board whose solver does not fit the memory is refused at the start,
# not at the computer's first throw.
shutbox play --seed 3 --rules 'classic tiles=1-30' \
	--players 'You,cpu:perfect' </dev/null
echo "status $?"
shutbox play --seed 3 --players 'cpu:perfectly'
echo "status $?"
