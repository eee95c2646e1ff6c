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
