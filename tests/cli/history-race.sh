# Two shutbox processes opening the same old history at once: the one that
# waited for the other's update finds it made, and neither fails on a step
# already taken ("table results already exists").  Ten tries.
data=$(dirname "$0")/../data
for i in 1 2 3 4 5 6 7 8 9 10; do
	cp "$data/history-v1.db" race.db
	rm -f race.db-wal race.db-shm
	shutbox history --db race.db >one.txt 2>&1 &
	shutbox history --db race.db >two.txt 2>&1
	wait
	cat one.txt two.txt
done | grep -c 'cannot update'
shutbox history --db race.db | head -n 1
echo "status $?"
