# A seat a computer played on for, its table's host having handed it over
# in the browser: the history says so, in its list, its replay and its
# JSON, and stats count its result for no one.  A history of version 5
# learns which seats those were from the seats each table of the server
# kept in its settings.  Here a game of two computers is made such a
# table's by hand: Ann's seat, a person's, handed over.
shutbox play --plain --rules classic --players cpu:optimal,cpu:random \
	--seed 11 >/dev/null
echo "status $?"
sqlite3 "$SHUTBOX_DB" "UPDATE seats SET name = 'Ann', person = 1 WHERE seat = 0" \
	"UPDATE games SET front = 'serve'" \
	"INSERT INTO settings VALUES ('serve.table.1', '{\"host\":\"h\",\"tokens\":[\"\",\"\"],\"hints\":false,\"replaced\":[true,false]}')" \
	'ALTER TABLE seats DROP COLUMN handed' \
	'ALTER TABLE seats DROP COLUMN dropped' 'PRAGMA user_version = 5'
shutbox history | sed 's/[0-9]*-[0-9]*-[0-9]* [0-9]*:[0-9]*/DATE/'
echo "status $?"
sqlite3 "$SHUTBOX_DB" 'PRAGMA user_version' 'SELECT seat, handed FROM seats'
shutbox history 1 | head -2 | sed 's/[0-9]*-[0-9]*-[0-9]* [0-9]*:[0-9]*/DATE/'
shutbox history --json | grep -c '"handed": true'
# Ann has no figures; the computer that played against her has its own.
shutbox stats
echo "status $?"
shutbox stats Ann | sed "s|$SHUTBOX_DB|DB|"
echo "status $?"
