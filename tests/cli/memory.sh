# Memory that runs out is one line and a non-zero status: the solver's
# table of a big box under a limit of the address space.  (Not run under
# AddressSanitizer, which reserves more address space than any such limit.)
echo "\$ (ulimit -v 60000; shutbox solve --rules 'classic tiles=1-22 dice=4d6' --table --json)"
(ulimit -v 60000; shutbox solve --rules 'classic tiles=1-22 dice=4d6' \
	--table --json >/dev/null)
echo "status $?"
# The table as JSON is written as it is read: its memory is the solver's
# table alone (a few MB for 18 tiles), where the whole document held in
# memory at once would take some 130 MB, twice the limit.
echo "\$ (ulimit -v 60000; shutbox solve --rules 'classic tiles=1-18 dice=3d6' --table --json) | wc -l, tail -n 3"
(
	ulimit -v 60000
	shutbox solve --rules 'classic tiles=1-18 dice=3d6' --table --json \
		>table.json
	echo "status $?"
)
wc -l <table.json
tail -n 3 table.json
rm -f table.json
# A line of 50,000,000 bytes costs no more memory than a short one: the
# game keeps its first 1024 bytes, skips the rest, and says so in one line.
# The limit of 30 MB of address space is below the line's size.
echo "\$ (ulimit -v 30000; a line of 50,000,000 sevens | shutbox play --plain)"
(
	ulimit -v 30000
	{
		head -c 50000000 /dev/zero | tr '\0' 7
		printf '\nq\ns\n'
	} | shutbox play --plain --no-history --seed 3 --players You 2>&1 |
		tail -n 5 | cut -c1-60
)
