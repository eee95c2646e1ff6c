#!/bin/sh
# How fast the full-screen game answers: the first screen over a history
# of 10,000 games, and a key at the pick prompt (bench/tui.c).
#
# The history is made by playing 20 games of classic between computers,
# then copying them 500 times over with the sqlite3 command (the copies are
# real records: they replay and count in the stats).
#
# usage: bench/tui.sh path/to/shutbox path/to/bench/tui
set -eu
bin=$1
driver=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
db=$tmp/history.db

i=1
while [ $i -le 20 ]; do
	"$bin" play --plain --db "$db" --seed $i \
		--players cpu,cpu:fewest >/dev/null
	i=$((i + 1))
done
sqlite3 "$db" "
BEGIN;
CREATE TEMP TABLE k AS WITH RECURSIVE k(x) AS
	(SELECT 1 UNION ALL SELECT x + 1 FROM k WHERE x < 499) SELECT x FROM k;
INSERT INTO games SELECT id + 20 * x, spec, seed, manual_dice, started,
	finished, front FROM games, temp.k;
INSERT INTO seats SELECT game + 20 * x, seat, name, person, strategy
	FROM seats, temp.k;
INSERT INTO actions SELECT game + 20 * x, n, kind, seat, dice, faces, move,
	time FROM actions, temp.k;
INSERT INTO results SELECT game + 20 * x, seat, total, winner, rank, cents,
	turns, shuts, best, scored FROM results, temp.k;
COMMIT;" >/dev/null
echo "history: $(sqlite3 "$db" 'SELECT count(*) FROM games') games," \
	"$(sqlite3 "$db" 'SELECT count(*) FROM actions') actions"
"$driver" "$bin" "$db"
