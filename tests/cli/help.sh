# The help of the command and of each command, on standard output with
# status 0; the version.
shutbox --help
echo "status $?"
shutbox help
echo "status $?"
for c in variants moves play solve hint sim analyse; do
	shutbox $c --help
	echo "status $?"
done
shutbox help moves
echo "status $?"
shutbox help --help | head -n 1
echo "status $?"
shutbox --version | sed 's/[0-9][0-9.]*$/VERSION/'
echo "status $?"
# No command: one line on standard error, status 2.
shutbox
echo "status $?"
# Help takes no operands, for every command.
for c in variants moves play solve hint sim analyse; do
	shutbox $c --help extra
	echo "status $?"
done
# "help help" is the top-level help, as "help" alone.
shutbox help help | head -1
echo "status $?"
