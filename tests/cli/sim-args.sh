# shutbox sim refuses bad arguments in one line with status 2 (1 for a
# chart that cannot be written once the games are played).
for args in "--games 0" "--games x" "--games 1e6" \
	"--games 1000000000000001" "--seed -1" \
	"--seed 18446744073709551616" "--threads 0" "--threads 65" \
	"--strategy nope" "--strategy fewst" "--players optimal,,fewest" \
	"--players optimal,nope" "--players optimal,perfec" \
	"--players ,optimal" "--strategy fewest --players fewest" \
	"--players fewest --svg x.svg" "--rules battle" \
	"--rules battle --players fewest" "--rules nope" "--bogus" "--games" \
	"extra" "--json=1" "--memory 0" "--svg /nonexistent/dir/x.svg"; do
	echo "sim $args"
	shutbox sim $args
	echo "status $?"
done
shutbox sim --rules 'classic tiles=1-32' --games 10
echo "status $?"
# No names at all, in play's words.
shutbox sim --players ''
echo "status $?"
shutbox sim --rules the-300 --strategy shut --memory 1 \
	--games 10
echo "status $?"
# A seed of 2^64 - 1 is allowed, and JSON names it as a string.
shutbox sim --strategy fewest --games 5 --seed 18446744073709551615 --json |
	grep '"seed"'
echo "status $?"
# Names are trimmed, as play trims them; a name of spaces is empty.
shutbox sim --players ' optimal , fewest' --games 20 --seed 1 | grep -c seat
echo "status $?"
shutbox sim --players 'optimal, ' --games 20
echo "status $?"
