# shutbox analyse reads the history as shutbox history does: a file that
# is not a database is said to be damaged (status 1), not taken for a
# history with no games.
printf 'root:x:0:0:root:/root:/bin/sh\ndaemon:x:1:1::/:/bin/false\n' >text.db
dd if=/dev/zero bs=1000 count=5 2>/dev/null | tr '\0' '\252' >binary.db
for f in text.db binary.db; do
	for c in analyse history; do
		echo "$c --db $f"
		shutbox $c --db $f
		echo "status $?"
	done
done
# An empty file and a missing one are histories with no games yet.
: >empty.db
for f in empty.db missing.db; do
	echo "analyse --db $f"
	shutbox analyse --db $f
	echo "status $?"
done
# A game whose every action is kept, killed at its game-over prompt
# before its end was marked: over, as history tells it (it said
# "unfinished: analysed as far as it went").
mkfifo over.in
(sleep 30 >over.in &) 2>/dev/null
shutbox play --db over.db --players Ann --dice manual <over.in >over.out 2>&1 &
pid=$!
exec 3>over.in
printf '%s\n' '4 1' 1+4 '6 6' 3+9 '5 3' 8 '6 6' 5+7 '5 5' >&3
n=0
while ! grep -q 'Game over' over.out 2>/dev/null && [ $n -lt 100 ]; do
	sleep 0.1
	n=$((n + 1))
done
kill -9 $pid
wait $pid 2>/dev/null
exec 3>&-
shutbox analyse --db over.db | head -n 1
shutbox history --db over.db | tail -n 1
# A game left before any choice: nothing to weigh, said so (it said "No
# mistakes: every choice was the best").
printf 'q\nl\n' | shutbox play --db left.db --players You --seed 3 >/dev/null
shutbox analyse --db left.db | tail -n 1
