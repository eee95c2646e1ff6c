# The history: games listed, one replayed, each player's figures.  The
# database kept in tests/data was written by the first version of the
# history, which kept no results: opening it brings it up to date and
# works the results out from each game's actions.
export TZ=UTC
data=$(dirname "$0")/../data
cp "$data/history-v1.db" old.db
shutbox history --db old.db
echo "status $?"
shutbox stats --db old.db
echo "status $?"
shutbox stats Ann --db old.db
echo "status $?"
shutbox stats --json Bob --db old.db
echo "status $?"
# A game with a person and a stake, replayed with every move.
shutbox history 2 --db old.db
echo "status $?"
# A game that stopped: replayed as far as it went.
shutbox history 6 --db old.db | tail -8
echo "status $?"
# The command to go on with it names the --db given, quoted for the shell
# where it needs it, so that it can be typed as it is: the shell's reading
# of it, one word a line.
cp old.db "it's mine.db"
go=$(shutbox history --limit 1 --db "it's mine.db" | sed -n 's/.*unfinished: //p')
echo "$go"
eval "set -- $go"
printf '[%s]\n' "$@"
shutbox history 1 --json --db old.db | head -51
echo "status $?"
shutbox history --json --limit 1 --db old.db
echo "status $?"
# A replay reads as the game did, the first line aside.  (Before the
# game, there is no history yet: tests/cli/history-none.sh.)
shutbox history | sed "s|$SHUTBOX_DB|DB|"
shutbox stats | sed "s|$SHUTBOX_DB|DB|"
shutbox play --rules travel --players cpu,cpu:fewest,cpu:random --seed 5 >played
shutbox history 1 >replayed
tail -n +2 played >a
tail -n +2 replayed >b
cmp a b && echo "the replay reads as the game did"
shutbox history | sed 's/[0-9-]* [0-9:]*  travel/DATE  travel/'
# A name of nobody's: the nearest player's offered, the same but for case
# or a slip away.
shutbox stats CPU:FEWEST | sed "s|$SHUTBOX_DB|DB|"
shutbox stats cpu:randm | sed "s|$SHUTBOX_DB|DB|"
shutbox stats Zed | sed "s|$SHUTBOX_DB|DB|"
# Bad arguments and missing games.
shutbox history 99 2>err
echo "status $?"
sed 's/history .*\.db/history DB/' err
shutbox history 0
echo "status $?"
shutbox history 3x
echo "status $?"
shutbox history 1 2
echo "status $?"
shutbox history --limit -1
echo "status $?"
shutbox history 1 --limit 5
echo "status $?"
shutbox stats Ann Bob
echo "status $?"
# A history of a newer shutbox, or a damaged one, is one line.
cp old.db new.db
sqlite3 new.db 'PRAGMA user_version = 99'
shutbox history --db new.db
echo "status $?"
shutbox stats --db new.db
echo "status $?"
head -c 5000 "$data/history-v1.db" >cut.db
shutbox history --db cut.db
echo "status $?"
# A history another program holds locked is waited for a moment, then
# the game is played without it.
cp "$data/history-v1.db" locked.db
# The lock is held until the game is over, however slow the machine (a
# minute at most), not for a fixed time, which a loaded machine outlasted.
trap 'touch unlock' EXIT INT TERM
(echo '.timeout 10000'
	echo 'BEGIN EXCLUSIVE; SELECT 1;'
	n=0
	while [ ! -e unlock ] && [ $n -lt 600 ]; do
		sleep 0.1
		n=$((n + 1))
	done) | sqlite3 locked.db >/dev/null &
n=0 # until the lock is held (this sqlite3 waits for no lock: it fails)
while sqlite3 locked.db 'BEGIN IMMEDIATE; ROLLBACK;' 2>/dev/null &&
	[ $n -lt 200 ]; do
	sleep 0.05
	n=$((n + 1))
done
shutbox play --db locked.db --players cpu --seed 3 2>&1 | grep -E '^shutbox|^cpu'
echo "status $?"
touch unlock
wait
# A game another shutbox is playing now is said to be so, not offered to
# be resumed (which that other would refuse); once it stops, it is.
(echo 3+5
	n=0
	while [ ! -e stop ] && [ $n -lt 600 ]; do
		sleep 0.1
		n=$((n + 1))
	done) | shutbox play --plain --db busy.db --players You --seed 3 >/dev/null &
n=0
while ! shutbox history --db busy.db 2>/dev/null | grep -q 'being played' &&
	[ $n -lt 200 ]; do
	sleep 0.05
	n=$((n + 1))
done
shutbox history --db busy.db | tail -1
shutbox history --db busy.db --json | grep '"playing"'
shutbox history --db busy.db --json 1 | grep '"playing"'
touch stop
wait
shutbox history --db busy.db | tail -1
shutbox history --db busy.db --json | grep '"playing"'
shutbox history --db busy.db --json 1 | grep '"playing"'
# Golf is classic by another name: a game of it is golf in the history,
# the stats (apart from classic's games) and a resumed game, where it was
# named classic; the JSON's full spec is the rules' own all the same.
shutbox play --plain --db golf.db --rules golf --players cpu,cpu:fewest \
	--seed 1 >/dev/null
shutbox play --plain --db golf.db --rules classic --players cpu,cpu:fewest \
	--seed 1 >/dev/null
shutbox history --db golf.db | sed -E 's/[0-9]{4}-[0-9-]+ [0-9:]+/DATE/'
shutbox stats --db golf.db cpu:fewest
shutbox history --db golf.db --json --limit 2 | grep '"rules'
shutbox stats --db golf.db --json cpu:fewest | grep '"rules'
shutbox play --plain --db golf.db --rules golf --players You --seed 1 \
	</dev/null | tail -1
shutbox play --plain --db golf.db --resume </dev/null | grep '^rules'
# A game told turn by turn makes no computer's solution: the record says
# each move.  Here a seat of cpu:perfect, whose solution for these rules
# takes seconds, is told at once (it took 7 s).
shutbox play --plain --db slow.db --rules 'tournament tiles=1-12' \
	--players cpu:optimal,cpu:fewest --seed 3 >/dev/null
sqlite3 slow.db "UPDATE seats SET name = 'cpu:perfect', strategy = 'perfect' \
	WHERE seat = 0"
timeout 2 shutbox history --db slow.db 1 >slow.txt
echo "status $?"
sed -n 4p slow.txt
# Three who share the win are listed as the game says them.
printf '3 4\n3 4\n3 4\n\n' | shutbox play --plain --rules unlucky-7 \
	--players Ann,Bob,Cy --dice manual --db shared.db >/dev/null
shutbox history --db shared.db | tail -n 1
