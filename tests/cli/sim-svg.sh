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

# The chart replaces FILE through a new file of a name of its own beside
# it: a file the user called FILE.tmp is left alone, and nothing is left
# behind.
echo "mine" >chart.svg.tmp
echo "an old chart" >chart.svg
shutbox sim --strategy fewest --games 1000 --seed 1 --svg chart.svg >/dev/null
echo "status $?"
head -c 5 chart.svg && echo
cat chart.svg.tmp
ls -A

# A run refused after the file was opened leaves nothing behind either.
shutbox sim --rules the-300 --strategy shut --memory 1 --games 10 \
	--svg refused.svg
echo "status $?"
ls -A

# A write that fails (here at the limit of a file's size) leaves the old
# chart as it was, with no new file beside it.
echo "an old chart" >chart.svg
(
	trap '' XFSZ
	ulimit -f 4
	shutbox sim --strategy fewest --games 1000 --seed 1 \
		--svg chart.svg >/dev/null
	echo "status $?"
)
cat chart.svg
ls -A
rm chart.svg chart.svg.tmp

# A symbolic link stays a link: the file it leads to gets the chart, and
# a link that leads nowhere yet makes that file.
mkdir to
echo "an old chart" >to/chart.svg
ln -s to/chart.svg link.svg
ln -s made.svg dangling.svg
ln -s loop.svg loop.svg
for f in link.svg dangling.svg loop.svg; do
	shutbox sim --strategy fewest --games 1000 --seed 1 --svg $f >/dev/null
	echo "status $?"
done
[ -L link.svg ] && [ -L dangling.svg ] && echo "still links"
tail -1 to/chart.svg
tail -1 made.svg
ls -A . to
rm -r to link.svg dangling.svg loop.svg made.svg

# A FIFO, or a device, is written in place: a rename would put a regular
# file in its stead.  A device that cannot take the chart is one line and
# status 1.
mkfifo fifo
cat fifo >from-fifo &
pid=$!
shutbox sim --strategy fewest --games 1000 --seed 1 --svg fifo >/dev/null
echo "status $?"
# The reader ends with the chart; one that waits on (a FIFO never opened)
# is not waited for long.
n=0
while kill -0 $pid 2>/dev/null && [ $n -lt 50 ]; do
	sleep 0.1
	n=$((n + 1))
done
kill $pid 2>/dev/null
wait
[ -p fifo ] && echo "still a FIFO"
tail -1 from-fifo
shutbox sim --strategy fewest --games 1000 --seed 1 --svg /dev/full \
	>/dev/null
echo "status $?"
[ -c /dev/full ] && echo "still a device"
ls -A
