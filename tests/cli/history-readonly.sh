# A history this user may only read: the file and its folder are read-only
# and the write-ahead log's files are not there (a copied history).
# history, stats and analyse read it; nothing is written.  Run as root,
# the commands run as nobody, for whom the permissions hold.
printf '\n' | shutbox play --plain --players cpu,cpu --seed 4 >/dev/null
echo "status $?"
printf 'q\nk\n' | shutbox play --plain --players Ann,cpu --seed 5 >/dev/null
echo "status $?"
ro=$(mktemp -d)
cp "$SHUTBOX_DB" "$ro/h.db"
cp "$(readlink -f "$(command -v shutbox)")" "$ro/shutbox"
chmod 444 "$ro/h.db"
chmod 555 "$ro"
reader() {
	if [ "$(id -u)" = 0 ]; then
		setpriv --reuid=65534 --regid=65534 --clear-groups "$ro/shutbox" "$@"
	else
		"$ro/shutbox" "$@"
	fi
}
reader history --db "$ro/h.db" |
	sed -e 's/[0-9-]* [0-9:]*  classic/DATE  classic/' -e "s|$ro|RO|g"
echo "status $?"
reader stats --db "$ro/h.db"
echo "status $?"
reader history --db "$ro/h.db" 1 | head -2 | sed 's/started .*,/started DATE,/'
echo "status $?"
# A game cannot be resumed where it could not be kept.
reader play --plain --db "$ro/h.db" --resume </dev/null 2>&1 |
	sed "s|$ro|RO|g"
ls "$ro"
# A history of a version before (5, without the seats handed to the
# computer nor the players dropped) is read as it is: nothing it lacks is
# needed to list games.
chmod 755 "$ro"
chmod 644 "$ro/h.db"
sqlite3 "$ro/h.db" 'ALTER TABLE seats DROP COLUMN handed' \
	'ALTER TABLE seats DROP COLUMN dropped' 'PRAGMA user_version = 5'
chmod 444 "$ro/h.db"
chmod 555 "$ro"
reader history --db "$ro/h.db" |
	sed -e 's/[0-9-]* [0-9:]*  classic/DATE  classic/' -e "s|$ro|RO|g"
echo "status $?"
reader stats --db "$ro/h.db" | head -2
ls "$ro"
chmod 755 "$ro"
rm -rf "$ro"
