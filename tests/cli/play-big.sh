# A box whose best play would take long to work out: the default computer
# plays fewest and the game says so at once; asked for by name, the perfect
# player is refused in one line when its table passes --memory.  The
# seconds it would take depend on the processors (N here).
echo "\$ shutbox play --plain --no-history --seed 1 --rules 'tiles=1-21 dice=8d100' --players You,cpu"
printf 'q\ns\n' | shutbox play --plain --no-history --seed 1 \
	--rules 'tiles=1-21 dice=8d100' --players You,cpu 2>/dev/null |
	sed -n -e 's/about [0-9][0-9]* s/about N s/' -e '9,10p'
echo "\$ shutbox play --plain --no-history --rules the-300 --players cpu:optimal --memory 10"
shutbox play --plain --no-history --rules the-300 --players cpu:optimal \
	--memory 10 </dev/null
echo "status $?"
echo "\$ shutbox play --plain --memory 0"
shutbox play --plain --memory 0 </dev/null
echo "status $?"
