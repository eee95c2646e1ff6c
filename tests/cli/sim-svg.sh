# shutbox sim --svg FILE: where the chart goes.
mkdir sim-svg.d
cd sim-svg.d || exit 1

# A name that can never be a chart is refused at once, before any game is
# played, in one line with status 2: nothing is printed on standard output.
for f in '' . ./ ../sim-svg.d /nonexistent/dir/x.svg; do
	echo "sim --svg '$f'"
	shutbox sim --strategy fewest --games 1000 --seed 1 --svg "$f"
	echo "status $?"
done
ls -A
