# Output that cannot be written is a failure: every command, its output
# sent to a full disk, exits 1 with one line saying so, whether the output
# fails at its end or halfway (a game's JSON, a long ranking or table).
shutbox play --plain --players cpu,cpu --seed 1 >/dev/null
while read -r args; do
	printf '$ shutbox %s >/dev/full\n' "$args"
	eval "shutbox $args" </dev/null >/dev/full
	echo "status $?"
done <<'TABLE'
--help
--version
help play
variants
variants classic
moves --throw 3,4
moves --throw 3,4 --json
moves --rules 'classic tiles=1-24 dice=4d20' --throw 20,20,20,20
moves --rules 'classic tiles=1-24 dice=4d20' --throw 20,20,20,20 --json
solve
solve --json
solve --table
solve --table --json
solve --exact --table
solve --exact --table --json
hint --throw 3,4
hint --json
hint --rules 'classic tiles=1-16 dice=3d6' --throw 6,6,6 --json
history
history --json
history 1
history 1 --json
stats
stats --json
analyse --all 1
analyse --all 1 --json
play --help
play --plain --players cpu,cpu --seed 1 --no-history
TABLE
# A reader that stops reading ends the command quietly, by SIGPIPE
# (status 141 in the shell), whatever it was writing: nothing on standard
# error, even when whoever started it left SIGPIPE ignored.
exec 3>&1
for ignored in no yes; do
	for args in "solve --rules 'classic tiles=1-16 dice=3d6' --table --json" \
		"moves --rules 'classic tiles=1-24 dice=4d20' --throw 20,20,20,20"; do
		printf '$ shutbox %s | head -c 100 (SIGPIPE ignored: %s)\n' \
			"$args" "$ignored"
		(
			[ "$ignored" = yes ] && trap '' PIPE
			{
				eval "shutbox $args" 2>&3
				echo "status $?" >&3
			} | head -c 100 >/dev/null
		)
	done
done
