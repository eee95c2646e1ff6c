# shutbox sim: single turns of a strategy against its exact values, whole
# games between strategies, JSON, the chart, the same result on one
# thread and on two, and Ctrl-C.

# Text: classic played by optimal; the Thai box by thai-wiki; tiles
# grouped into ranges on The 300 (no exact values past 20 tiles); digits
# scoring grouped by the number of digits.
shutbox sim --strategy optimal --games 20000 --seed 1
echo "status $?"
shutbox sim --rules thai --strategy thai-wiki --games 5000 --seed 2
echo "status $?"
shutbox sim --rules the-300 --strategy fewest --games 2000 --seed 3
echo "status $?"
shutbox sim --rules digital --strategy random --games 5000 --seed 4
echo "status $?"

# Whole games: the pub's stake, a battle's two seats, cpu: names.
shutbox sim --rules pub --players optimal,fewest,random --games 5000 --seed 5
echo "status $?"
shutbox sim --rules battle --players cpu:optimal,cpu:fewest --games 1000 \
	--seed 6
echo "status $?"

# One game: a share still has its interval (Wilson's, not 100% to 100%),
# a mean has none to give (n/a; null in JSON).
shutbox sim --games 1 --seed 1 | sed -n 4,7p
shutbox sim --rules pub --players optimal,fewest --games 1 --seed 1
shutbox sim --games 1 --seed 1 --json | grep -A3 '^  "score": {'
# A seat alone has no share of the wins: its result is its total.
shutbox sim --players optimal --games 200 --seed 1 | tail -2
shutbox sim --players optimal --games 200 --seed 1 --json | grep '"wins"'

# JSON.
shutbox sim --rules 'classic tiles=1-4' --strategy highest --games 500 \
	--seed 7 --json
echo "status $?"

# The same seed gives the same result on one thread and on two, over
# several blocks of 4096 games; another seed does not.
shutbox sim --strategy random --games 20000 --seed 8 --threads 1 >sim-t1.out
shutbox sim --strategy random --games 20000 --seed 8 --threads 2 >sim-t2.out
shutbox sim --strategy random --games 20000 --seed 9 --threads 2 >sim-t3.out
cmp -s sim-t1.out sim-t2.out && echo "threads 1 and 2: the same"
cmp -s sim-t1.out sim-t3.out || echo "another seed: another result"
# The same on the compiled path (every strategy but random), and --step
# plays the same strategy through the step API: another sample.
shutbox sim --strategy optimal --games 20000 --seed 8 --threads 1 >sim-c1.out
shutbox sim --strategy optimal --games 20000 --seed 8 --threads 2 >sim-c2.out
cmp -s sim-c1.out sim-c2.out && echo "compiled, threads 1 and 2: the same"
shutbox sim --strategy optimal --games 20000 --seed 8 --step >sim-c3.out
echo "step: status $?"
cmp -s sim-c1.out sim-c3.out || echo "step: another sample"
sed -n 1,3p sim-c3.out
shutbox sim --rules pub --players shut,lowest --games 9000 --seed 8 \
	--threads 1 --json >sim-t4.out
shutbox sim --rules pub --players shut,lowest --games 9000 --seed 8 \
	--threads 2 --json >sim-t5.out
cmp -s sim-t4.out sim-t5.out && echo "games, threads 1 and 2: the same"

# The chart: a whole SVG document with its title, axes and both series.
shutbox sim --strategy fewest --games 3000 --seed 10 --svg sim-chart.svg \
	>/dev/null
echo "status $?"
head -c 5 sim-chart.svg && echo
grep -c '<rect x=' sim-chart.svg
grep -o 'The score of a turn: classic, played by fewest' sim-chart.svg
grep -o 'share of turns' sim-chart.svg
grep -o 'score of the turn[^<]*' sim-chart.svg
grep -c '<circle' sim-chart.svg
tail -1 sim-chart.svg
ls | grep -q '^sim-chart\.svg\.' || echo "no temporary file left"

# Ctrl-C: the turns played so far are reported, and the run says so.
shutbox sim --strategy optimal --games 1000000000 --seed 11 >sim-int.out \
	2>&1 &
pid=$!
sleep 1
# Until it has stopped (an INT before its handler is set would be lost).
n=0
while kill -INT $pid 2>/dev/null && [ $n -lt 50 ]; do
	sleep 0.2
	n=$((n + 1))
done
kill -KILL $pid 2>/dev/null
wait $pid
echo "interrupted: status $?"
head -1 sim-int.out | sed 's/[0-9][0-9]* of/N of/'
sed -n 2,3p sim-int.out
grep -c '^shut rate' sim-int.out
# A share never seen has an interval from exactly 0: rounding put its low
# end above the mean.
shutbox sim --games 3 --seed 1 --json | grep -A 2 '"shut": {'
