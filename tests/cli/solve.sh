# shutbox solve: the known answers, each objective, exact values, other
# positions, every preset, JSON, a table, battles, and the refusals.

# The Riddler's classic game: the chance of shutting the box, as a number
# and as the exact fraction; Durango Bill's game with two dice always; The
# Fiddler's six tiles and one die.
shutbox solve --objective shut
shutbox solve --objective shut --exact
shutbox solve --rules 'classic fewer-dice=never' --objective shut --exact
shutbox solve --rules 'classic tiles=1-6 dice=1d6' --objective shut --exact
echo "status $?"

# The lowest expected score is the default; beating a score of 10.
shutbox solve
shutbox solve --exact
shutbox solve --objective beat:10
shutbox solve --objective beat:10 --exact

# Other positions: three small tiles left, a shut box, a first throw that
# must shut tile 2.
shutbox solve --open 1,2,3 --exact
# Blanks around the commas, dashes and ends of a list are let go.
shutbox solve --open ' 1 - 2, 3 ' --exact
shutbox solve --open none --objective shut
shutbox solve --rules 2-to-go --objective shut --exact
shutbox solve --rules 2-to-go --open 1-8 --objective shut --exact
# A whole number is printed as one: 8, not 8/1; 0 and 1, not 0/1 and 1/1.
shutbox solve --open 9 --exact
shutbox solve --open none --exact
shutbox solve --open none --objective shut --exact

# Every preset but the-300 (see bench/): expected, shut and exact shut.
for p in classic golf missionary digital lone-one five-rounds travel \
	final-player tournament pub 2-to-go 3-to-go 3-down lucky-7 \
	unlucky-7 odds evens cards full-house thai 2012; do
	echo "$p: $(shutbox solve --rules $p) $(shutbox solve --rules $p \
		--objective shut) $(shutbox solve --rules $p --objective shut \
		--exact)"
done

# JSON, with and without the exact value.
shutbox solve --rules thai --objective shut --json
shutbox solve --rules 'classic tiles=1-6 dice=1d6' --objective shut \
	--exact --json

# Every state of a small box, exactly, and as JSON.
shutbox solve --rules 'classic tiles=1-4' --table --exact
shutbox solve --rules 'classic tiles=1-2' --table --json

# The battle: the Shutter's chance of winning, from the start and with the
# Opener to throw; the table gives both.
shutbox solve --rules battle
shutbox solve --rules battle --open 1-8 --opener
shutbox solve --rules 'battle tiles=1-3' --table

# A number of rounds that a total overrides is warned of, by its total.
shutbox solve --rules 'tournament rounds=3'
shutbox solve --rules 'final-player rounds=3 until=90'
# A bust total no throw makes: 13 of two dice, and 1 where one die is
# never thrown.
shutbox solve --rules 'classic bust=13'
shutbox solve --rules 'classic bust=1 fewer-dice=never'

# Refusals: one line, status 2.
while read -r args; do
	echo "\$ shutbox solve $args"
	eval "shutbox solve $args"
	echo "status $?"
done <<'TABLE'
--objective most
--objective beat:
--open 10
--rules odds --open 2
--rules the-300 --exact
--rules battle --exact
--rules 'classic tiles=1-27 dice=4d6'
--rules 'classic tiles=1-20 dice=3d6' --memory 1
--memory lots
--opener
--rules battle --open none
--rules battle --opener
--rules battle --objective shut
--rules nosuch
--bogus
extra
TABLE
# A battle that is over has no value to solve or hint.
shutbox solve --rules battle --open none --opener
echo "status $?"
shutbox hint --rules battle --open none --opener --throw 3,4
echo "status $?"
