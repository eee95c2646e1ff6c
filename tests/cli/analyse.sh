# The analysis of a game: each choice against perfect play, the luck of
# each throw, each player's figures.
#
# A person's game typed in, with a bad move planted: 1+4 for the first
# throw, 4 1, where 5 is best.  At the game-over screen "a" shows the
# analysis.
printf '%s\n' '4 1' 1+4 '6 6' 3+9 '5 3' 8 '6 6' 5+7 '5 5' x a |
	shutbox play --db an.db --players Ann --dice manual >played
echo "status $?"
sed -n '/^Ann scored/,$p' played
# The same report from the history, with exactly that one error.
shutbox analyse --db an.db >report
echo "status $?"
cat report
grep -c '^  \* ' report
# (Shown, the game over asks again: the throw may still be taken back.)
sed -n '/^Each choice/,$p' played | sed '$d' | sed '$d' >a
sed -n '/^Each choice/,$p' report >b
cmp a b && echo "the game-over screen shows the analysis of the history"
# Its cost is exactly what shutbox hint says of the same position: the
# value of 1+4 less the value of 5.
shutbox hint --open 1-9 --throw 4,1 >hint
echo "status $?"
shutbox analyse 1 --db an.db --json >an.json
echo "status $?"
awk '$1 == 1 { best = $3 } $2 == "1+4" { played = $3 }
	END { printf "hint: %.9f\n", played - best }' hint
awk '/"biggest"/ { b = 1 } b && /"cost"/ { gsub(/[",]/, ""); printf "analyse: %.9f\n", $2; exit }' an.json
grep '"errors"' an.json
# The analysis never writes: the record is the same byte for byte, and
# a history that cannot be written is read.
sqlite3 an.db .dump >dump1
cksum <an.db >sum1
shutbox analyse --db an.db >/dev/null
shutbox analyse --db an.db --all --json >/dev/null
sqlite3 an.db .dump >dump2
cksum <an.db >sum2
cmp dump1 dump2 && cmp sum1 sum2 && echo "the record is unchanged"
chmod a-w an.db
shutbox analyse --db an.db | tail -n 1
echo "status $?"
chmod u+w an.db
# Computers only: nobody to analyse, unless --all.  Three cpu:optimal
# seats in a tournament make no error weighed by each turn's objective
# (--by turn: the lowest expected score throughout).
shutbox play --db cpu.db --rules tournament --players cpu,cpu,cpu \
	--seed 11 >/dev/null
shutbox analyse --db cpu.db
echo "status $?"
shutbox analyse --db cpu.db --all --by turn | sed -n '/^Summary/,$p'
echo "status $?"
shutbox analyse --db cpu.db --all --by turn --json | grep '"errors"'
# In the classic game of two, shutting wins: by each turn's objective the
# first player is weighed by the chance to shut, the last by the chance
# to beat the first's score.  cpu:optimal plays for the lowest expected
# score, and makes no error weighed that way.
shutbox play --db cpu.db --players cpu:optimal,cpu:random --seed 7 >/dev/null
shutbox analyse --db cpu.db --all --by turn
echo "status $?"
shutbox analyse 2 --db cpu.db --all --objective expected |
	sed -n '/^Summary/,$p'
echo "status $?"
# Its legend names the objective given, not each turn's, and its unit
# alone.
shutbox analyse 2 --db cpu.db --all --objective shut | sed -n '1,5p'
shutbox analyse 2 --db cpu.db --all --objective expected | sed -n '2,4p'
# Bad arguments, missing games, a battle: one line each.
shutbox analyse --db nothing.db
echo "status $?"
shutbox analyse 9 --db cpu.db 2>err
echo "status $?"
sed 's/history .*\.db/history DB/' err
shutbox analyse 0 --db cpu.db
echo "status $?"
shutbox analyse 1 2 --db cpu.db
echo "status $?"
shutbox analyse --objective best --db cpu.db
echo "status $?"
shutbox play --db cpu.db --rules battle --players cpu,cpu --seed 3 >/dev/null
shutbox analyse --db cpu.db --all
echo "status $?"
# A game that stopped is analysed as far as it went.
printf '%s\n' 5 | shutbox play --db stop.db --players Ann --seed 21 >/dev/null
shutbox analyse --db stop.db
echo "status $?"
# q at the game-over question ends, as it quits at every other.
printf '%s\n' '4 1' 1+4 '6 6' 3+9 '5 3' 8 '6 6' 5+7 '5 5' q |
	shutbox play --db q.db --players Ann --dice manual | tail -n 2
echo "status $?"
# Against others, where the hint ranks by the chance to win, the game's
# analysis weighs by it too: the hint's best (3+6 on 6 3) is no mistake,
# where the turn's own objective (the chance to shut) called it one.
printf '6 4\n1+9\n6 3\n3+6\n6 6\n5+7\n1 1\n\n1 2\n6 6\n6 6\n6 6\n6 6\na\n' |
	shutbox play --plain --no-history --players Ann,cpu --dice manual \
		2>/dev/null | sed -n '/^Game over/,$p'
# A box that can never be shut (tiles 13-25 with two dice): the chance to
# shut is none whatever the player does, which tells no choice from
# another; the turn is weighed for the lowest expected score, where the
# worst move of the throw is a mistake.
printf '1+2+3\n\n' | shutbox play --plain --players Ann,cpu \
	--rules 'classic tiles=1-25' --seed 11 --db never.db >/dev/null 2>&1
shutbox analyse --db never.db | sed -n '8,10p'
# The analysis read at the game over, the throw that ended it may still be
# taken back (the game ended with it).
printf '%s\n' '4 1' 1+4 '6 6' 3+9 '5 3' 8 '6 6' 5+7 '5 5' a u |
	shutbox play --no-history --players Ann --dice manual 2>&1 |
	grep 'Game over\|taken back'
