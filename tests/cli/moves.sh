# shutbox moves: the examples of the rule texts, first throws, a bust, JSON,
# a throw with no move, fewer dice, and a large board.

# Seed 000: a throw of 4 and 1 (5 ways), and of 6 and 4 (9 ways).
shutbox moves --throw 4,1
echo "status $?"
shutbox moves --rules classic --open 1-9 --throw 6,4
echo "status $?"

# Seed 003: 4 and 3 make 7 in five ways; seed 001: 8 in six ways.
shutbox moves --throw 4,3
shutbox moves --throw 5,3

# Seed 004, the travel box: 6 and 2, one or two lids.
shutbox moves --rules travel --throw 6,2

# Seed 002, five rounds: 3 and 5 shut 8 or 3+5; then with 8 shut, 5 and 6
# shut 5+6; then with 5 and 6 shut, 1 and 5 allow nothing.
shutbox moves --rules five-rounds --throw 3,5
shutbox moves --rules five-rounds --open 1-7,9 --throw 5,6
shutbox moves --rules five-rounds --open 1-4,7,9 --throw 1,5
echo "status $?"
# Equal faces: only the total's tile.
shutbox moves --rules five-rounds --throw 4,4

# Thai: one tile, equal to a die or to the total.
shutbox moves --rules thai --throw 2,3

# 2 to go: the first throw must shut 2 (--first, or the whole box open, as
# for hint); later throws need not.
shutbox moves --rules 2-to-go --first --throw 4,4
shutbox moves --rules 2-to-go --throw 4,4
shutbox moves --rules 2-to-go --open 1-7,9 --throw 4,4
shutbox moves --rules 2-to-go --first --throw 1,3
echo "status $?"

# Unlucky 7: a throw of 7 allows nothing.
shutbox moves --rules unlucky-7 --throw 3,4
echo "status $?"

# Seed 000: the only choices are 8 and 3+5.
shutbox moves --open 3,5,8,9 --throw 6,2

# No move prints nothing.
shutbox moves --open 2,3,5 --throw 3,1
echo "status $?"

# One die once 7, 8 and 9 are shut.
shutbox moves --open 1-6 --throw 5
echo "status $?"

# JSON.
shutbox moves --json --throw 6,2
shutbox moves --json --open 2,3,5 --throw 3,1
shutbox moves --json --rules 2-to-go --first --throw 1,3

# Large boards: the moves are all there, in canonical order.
shutbox moves --rules 'tiles=1-32 dice=8d6' --throw 1,1,1,1,1,1,1,3
shutbox moves --rules 'the-300' --open 13-24 --throw 6,6,6,6
shutbox moves --rules 'tiles=1-24 dice=8d100' --throw 25,25,25,25,25,25 |
	wc -l | tr -d ' '
shutbox moves --rules 'tiles=1-24 dice=8d100' --throw 25,25,25,25,25,25 |
	sed -n '1p;2p;$p'
shutbox moves --rules 'tiles=1-24 dice=8d100' --json \
	--throw 25,25,25,25,25,25 | cut -c1-60

# Lone one: one die once tile 1 is the only tile open.
shutbox moves --rules lone-one --open 1 --throw 1
# A tile the rules never let anyone shut is allowed, with a warning that
# says why: beyond the dice, or the rules themselves (7 busts).
shutbox moves --rules 'classic tiles=1-13' --throw 6,6
echo "status $?"
shutbox moves --rules 'classic start=7 bust=7' --throw 3,4
echo "status $?"
