# Output that cannot be written is a failure: every command, its output
# sent to a full disk, exits 1 with one line saying so.  A reader that
# stops reading ends the command quietly (SIGPIPE), whatever it was
# writing.
for args in "--help" "--version" "help play" "variants" "variants classic" \
	"moves --throw 3,4" "moves --throw 3,4 --json" "solve" "solve --json" \
	"solve --table" "solve --table --json" "solve --exact --table" \
	"hint --throw 3,4" "hint --json" "history" "history --json" "stats" \
	"stats --json" "play --help" \
	"play --plain --players cpu,cpu --seed 1 --no-history"; do
	echo "\$ shutbox $args >/dev/full"
	shutbox $args </dev/null >/dev/full
	echo "status $?"
done
echo "\$ shutbox solve --rules 'classic tiles=1-16 dice=3d6' --table --json | head -c 100"
exec 3>&1
{
	shutbox solve --rules 'classic tiles=1-16 dice=3d6' --table --json \
		2>&1
	echo "status $?" >&3
} | head -c 100 >/dev/null
