# Every action is kept as it is made: a game whose input ends, or that is
# killed outright, resumes exactly where it stopped (the same board, the
# same next throw), and finishes.  A damaged or newer history is one clear
# line, and the game is still played without it.
printf '3+5\n' | shutbox play --players You --seed 3 | tail -2
echo "status $?"
printf '6+5\n' | shutbox play --resume | tail -6
echo "status $?"
# Resumed at a move: the box is shown again after it, before the next
# throw, as in a game played at one go.
printf '' | shutbox play --db resume-move.db --players You --seed 3 >/dev/null
printf '3+5\n4+7\n' | shutbox play --db resume-move.db --resume | grep -A5 '^Round'
# With --db, the way to go on names it.
printf '3+5\n' | shutbox play --db resume-other.db --players You --seed 3 | tail -1
printf '6+5\n' | shutbox play --db resume-other.db --resume | tail -1
# A game killed with SIGKILL while it waits for a move (9 is not one):
# it resumes at the same throw.
mkfifo in
(sleep 30 >in &) 2>/dev/null
shutbox play --players Ann,cpu:fewest --seed 11 <in >killed.out 2>&1 &
pid=$!
exec 3>in
printf '9\n' >&3
n=0
while ! grep -q 'Ann: shut?.*9' killed.out 2>/dev/null && [ $n -lt 100 ]; do
	sleep 0.1
	n=$((n + 1))
done
sleep 0.3
# While it is played, no other shutbox goes on with it; killed, it is
# let go.
shutbox play --resume 2 </dev/null
echo "status $?"
shutbox play --resume </dev/null
echo "status $?"
kill -9 $pid
wait $pid 2>/dev/null
exec 3>&-
grep 'throw' killed.out | tail -1
printf '?\nq\ns\n' | shutbox play --resume 2 | grep -E 'Resuming|throw|legal|kept'
echo "status $?"
shutbox play --resume 1
echo "status $?"
shutbox play --resume 99 2>&1 | sed 's/history .*play-resume.db/history DB/'
echo "status $?"
printf 'garbage, not a database at all, but long enough to look like one........................................................' >bad.db
printf '\n' | shutbox play --db bad.db --players You --seed 3 >/dev/null 2>err
echo "status $?"
sed 's/: [^:]*(it is not a history/: (it is not a history/' err
# A game over is not resumed: the line names the command that replays it,
# with the history it is in.
printf 'q\nl\n' | shutbox play --db ended.db --players You --seed 3 >/dev/null
shutbox play --db ended.db --resume 1
echo "status $?"
