# A turn a player left before it was scored is not a turn of the player's
# figures.  In a pub game, Ann shuts a tile, throws again and leaves; Bob
# leaves at his first throw: neither scored a turn, so neither has an
# average, a best turn or a shut rate.
printf '4\nq\nl\nq\nl\n' |
	shutbox play --plain --rules pub --players Ann,Bob,cpu --seed 7 \
		>/dev/null
echo "status $?"
shutbox stats
echo "status $?"
shutbox stats --json Ann
echo "status $?"
# With dice thrown by hand: Ann scores 43 in round 1, then leaves halfway
# through round 2.  One turn of 43: the average and the best are 43.
printf '%s\n' '1 1' 2 '1 1' '1 1' '1 1' '6 6' 3+9 '5 5' q l |
	shutbox play --plain --rules 'classic rounds=2' --players Ann,cpu \
		--dice manual >/dev/null
echo "status $?"
shutbox stats Ann
echo "status $?"
# The name asked for is trimmed, as play trims the names it stores.
shutbox stats ' Ann ' | grep -c Ann
echo "status $?"
# A history of version 4 counted such turns: opened, it has the results
# of its games worked out again from their actions.  (Version 4 had no
# column of the seats handed to the computer, which version 6 adds, nor
# of the players dropped, which 7 adds.)
sqlite3 "$SHUTBOX_DB" 'UPDATE results SET turns = turns + 1, best = 0' \
	'ALTER TABLE seats DROP COLUMN handed' \
	'ALTER TABLE seats DROP COLUMN dropped' 'PRAGMA user_version = 4'
shutbox stats
echo "status $?"
sqlite3 "$SHUTBOX_DB" 'PRAGMA user_version' \
	'SELECT game, seat, turns, best, scored FROM results'
