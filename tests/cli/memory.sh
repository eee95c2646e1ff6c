# Memory that runs out is one line and a non-zero status: the solver's
# table of a big box under a limit of the address space.  (Not run under
# AddressSanitizer, which reserves more address space than any such limit.)
echo "\$ (ulimit -v 60000; shutbox solve --rules 'classic tiles=1-22 dice=4d6' --table --json)"
(ulimit -v 60000; shutbox solve --rules 'classic tiles=1-22 dice=4d6' \
	--table --json >/dev/null)
echo "status $?"
