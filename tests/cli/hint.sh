# shutbox hint: the ranked moves of a throw under each objective, the dice
# counts where the rules give a choice, JSON, battles, and the refusals.

# Seed 000's 6 and 4 on a full box: eight ways to make 10.
shutbox hint --throw 6,4
echo "status $?"
shutbox hint --throw 6,4 --objective shut
shutbox hint --throw 6,4 --objective beat:20

# Later in the turn: 4 and 3 with 1, 2, 3, 4 and 7 open; a throw with no
# move; a first throw that must shut tile 3.
shutbox hint --open 1-4,7 --throw 4,3
shutbox hint --open 5,6 --throw 1,1
shutbox hint --rules 3-to-go --throw 4,4
# A first throw that cannot shut tile 3: under first-miss=end the turn ends,
# under 3-to-go's first-miss=lose the roller loses; a bust total.
shutbox hint --rules 3-to-go --throw 1,1
shutbox hint --rules 'classic first-throw=3' --throw 1,1
shutbox hint --rules 'classic bust=7' --open 5,6 --throw 3,4

# One die or two, once 7, 8 and 9 are shut; and where there is no choice.
shutbox hint --open 1-6
shutbox hint --open 1-6 --objective shut
shutbox hint --open 1,2
shutbox hint --open 1-7

# Other move rules: five rounds, the travel box, Thai.
shutbox hint --rules five-rounds --throw 3,5
shutbox hint --rules travel --throw 6,2
shutbox hint --rules thai --throw 2,3 --objective shut

# JSON: moves, and dice.
shutbox hint --open 1-4,7 --throw 4,3 --json
shutbox hint --open 1-6 --objective shut --json
# A throw without a move says why, and what follows, as the text does.
shutbox hint --open 5 --throw 1,1 --json | sed -n '/"no_move"/,$p'
shutbox hint --rules 3-to-go --throw 1,1 --json | sed -n '/"no_move"/,$p'
shutbox hint --rules battle --open 1-3 --throw 6,6 --json |
	sed -n '/"no_move"/,$p'

# The battle: the Shutter's ranking, then the Opener's.
shutbox hint --rules battle --open 1-6 --throw 3,4
shutbox hint --rules battle --open 1-6 --throw 3,4 --opener
shutbox hint --rules battle --open 1-6 --opener
# A battle's throw with no move, as the game says it: the turn ends; a bust;
# a first throw missed that loses the battle (it said "the dice pass").
shutbox hint --rules battle --open 1-6 --opener --throw 1,1
shutbox hint --rules 'battle bust=7' --throw 3,4
shutbox hint --rules 'battle first-throw=3 first-miss=lose' --throw 1,1 --first

# Refusals: one line, status 2.
while read -r args; do
	echo "\$ shutbox hint $args"
	eval "shutbox hint $args"
	echo "status $?"
done <<'TABLE'
--throw 7,1
--throw 3
--open 1-6 --throw 1,2,3
--open none --throw 1,1
--opener
--first --throw 1,1
--rules battle --open 1-9 --opener
--rules battle --objective beat:5 --throw 3,4
--objective fewest
--open 0
--throw 1,1 extra
TABLE

# --memory: the table's bound, as for solve (its refusal is in errors.sh);
# the shut column widens to its longest chance.
shutbox hint --rules 'classic tiles=1-12' --memory 64 --throw 6,6 | head -3
