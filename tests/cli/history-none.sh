# The commands that read the history make nothing: where there is no
# history, not even its folder, history and stats say so in one line
# (status 0: no games), and a game asked for is not there (status 1).
home=$PWD/none-home
for args in history 'history --json' 'history 2' 'history 2 --json' \
	stats 'stats Ann' 'stats --json' analyse 'analyse 2' 'analyse --json'; do
	echo "\$ shutbox $args"
	eval "HOME=\$home/new SHUTBOX_DB= shutbox $args" >none.out 2>&1
	status=$?
	sed "s|$PWD|.|" none.out
	echo "status $status"
done
for c in history stats analyse; do
	echo "\$ shutbox $c --db none-typo/history.db"
	shutbox $c --db none-typo/history.db
	echo "status $?"
done
shutbox history --db ''
echo "status $?"
# A folder is no history: said so, not "disk I/O error".
mkdir -p none-folder
for c in history stats analyse; do
	shutbox $c --db none-folder 2>&1 | sed "s|$PWD|.|"
done
shutbox play --db none-folder --players cpu --seed 1 2>&1 >/dev/null |
	sed "s|$PWD|.|"
rmdir none-folder
# Nor is a history named in a folder that is not there: a path mistyped
# is said so, and the game played without it, its folder not made.
shutbox play --db none-typo/history.db --players cpu --seed 1 2>&1 >/dev/null |
	sed "s|$PWD|.|"
SHUTBOX_DB=none-typo/history.db shutbox play --players cpu --seed 1 \
	2>&1 >/dev/null | sed "s|$PWD|.|"
for f in none-home none-typo; do
	if [ -e "$f" ]; then
		echo "made: $f"
	else
		echo "not made: $f"
	fi
done
# An empty file is a history with no games yet.
: >none-empty.db
shutbox history --db none-empty.db
echo "status $?"
shutbox stats --db none-empty.db
echo "status $?"
# Playing makes the history, its folders first, as before.
HOME=$home/new SHUTBOX_DB= shutbox play --players cpu --seed 3 >/dev/null
echo "status $?"
(cd "$home" && find . -name history.db)
# An empty player name is refused, not looked for.
shutbox stats ''
echo "status $?"
