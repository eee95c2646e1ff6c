# A player whom the host of a table in the browser dropped: the history
# says so, in its list, its replay and its JSON, where the game's record
# says only that the player left.  A history of version 6 learns which
# seats those were from the seats each table of the server kept in its
# settings.  Here a game is made such a table's by hand: Bob leaves at
# his first throw, and the table's settings say the host dropped him.
printf 'q\nl\n' |
	shutbox play --plain --rules classic --players cpu:optimal,Bob \
		--seed 11 >/dev/null
echo "status $?"
shutbox history | sed 's/[0-9]*-[0-9]*-[0-9]* [0-9]*:[0-9]*/DATE/'
sqlite3 "$SHUTBOX_DB" "UPDATE games SET front = 'serve'" \
	"INSERT INTO settings VALUES ('serve.table.1', '{\"host\":\"h\",\"tokens\":[\"\",\"\"],\"hints\":false,\"dropped\":[false,true]}')" \
	'ALTER TABLE seats DROP COLUMN dropped' 'PRAGMA user_version = 6'
shutbox history | sed 's/[0-9]*-[0-9]*-[0-9]* [0-9]*:[0-9]*/DATE/'
echo "status $?"
sqlite3 "$SHUTBOX_DB" 'PRAGMA user_version' 'SELECT seat, dropped FROM seats'
# The replay says so where it happened and in the standings, not that
# Bob left of his own will.
shutbox history 1 | sed 's/[0-9]*-[0-9]*-[0-9]* [0-9]*:[0-9]*/DATE/'
shutbox history --json | grep -c '"dropped": true'
# A game resumed says so too: its standings, where Ann was "left".
printf 'q\nl\nq\nk\n' | shutbox play --plain --db resumed.db \
	--players Ann,Bob,cpu --seed 3 >/dev/null
sqlite3 resumed.db 'UPDATE seats SET dropped = 1 WHERE seat = 0'
printf 'q\nk\n' | shutbox play --plain --db resumed.db --resume |
	sed -n '/^Standings:/,/^$/p'
