# Arguments at their edges: the largest seed, 2^64 - 1, and the empty
# spec, which is the classic rule set and is shown as such.
shutbox play --plain --players cpu --seed 18446744073709551615 | head -2
shutbox play --plain --rules '' --players cpu --seed 0 | head -3
# A resumed game keeps the rules, players, seed and dice it was set up
# with: each given again with --resume must agree (a bad value is refused
# as ever); an empty history name is refused (it would be a throwaway
# database).
# Before any game: a bad value beside --resume is said first, and no
# history is made where there is none, nor by a resume that finds none.
shutbox play --resume --dice bogus </dev/null
echo "status $?"
shutbox play --resume --rules nonsense </dev/null
echo "status $?"
shutbox play --resume --db "$SHUTBOX_DB.none" </dev/null 2>&1 |
	sed 's/at .*/at DB/'
test -e "$SHUTBOX_DB.none" && echo "a history was made"
shutbox play --plain --players You,cpu --seed 3 </dev/null | tail -n 1
shutbox play --resume --rules travel </dev/null
echo "status $?"
shutbox play --resume --players 'Zed,cpu' </dev/null
echo "status $?"
shutbox play --resume --seed abc </dev/null
echo "status $?"
shutbox play --resume --seed 4 </dev/null
echo "status $?"
shutbox play --resume --dice manual </dev/null
echo "status $?"
shutbox play --plain --resume --rules classic --players ' You , cpu' \
	--seed 3 --dice random </dev/null | tail -n 1
echo "status $?"
# --players is read as for a new game: twins are the same twins, "cpu"
# is the computer it would be, and --rules alone asks nothing of them.
shutbox play --plain --players Ann,Ann --seed 5 </dev/null | tail -n 1
shutbox play --plain --resume --players 'Ann, Ann' </dev/null | tail -n 1
shutbox play --plain --resume --rules classic </dev/null | tail -n 1
shutbox play --resume --players Ann,Bob </dev/null
echo "status $?"
shutbox play --plain --players You,cpu:random --seed 5 </dev/null |
	tail -n 1
shutbox play --resume --players You,cpu </dev/null
echo "status $?"
shutbox play --plain --resume --players You,cpu:random </dev/null |
	tail -n 1
shutbox play --db '' --players cpu
echo "status $?"
shutbox serve --db ''
echo "status $?"
shutbox play --resume abc
echo "status $?"
# A warning about the rules given with --resume is said once.
shutbox play --plain --rules tiles=1-13 --players You,cpu --seed 3 \
	</dev/null >/dev/null 2>&1
shutbox play --plain --resume --rules tiles=1-13 </dev/null 2>&1 |
	grep -c 'can never be shut'
# A person's name that reads as a computer's, in other letters, is
# refused: the history would show the person as the computer.  cpux is
# a person.
shutbox play --plain --no-history --players 'Ann,CPU:optimal' </dev/null
echo status $?
shutbox play --plain --no-history --players 'Cpu' </dev/null
echo status $?
shutbox play --plain --no-history --players cpux --seed 1 </dev/null |
	grep '^players'
# A person given a strategy's name alone is said to be one, with the
# computer's name, beside a cpu:perfect seat's notice of how it plays
# too; a capital makes it a name.
printf 'q\nl\n' | shutbox play --plain --no-history --players Ann,perfect \
	--seed 1 | grep 'is a person here'
printf 'q\nl\n' | shutbox play --plain --no-history \
	--players Ann,optimal,cpu:perfect --rules five-rounds --seed 1 |
	grep 'is a person here\|approximation'
printf 'q\nl\n' | shutbox play --plain --no-history --players Ann,Perfect \
	--seed 1 | grep -c 'is a person here'
# The command to go on names the program as it was run, so that it can be
# typed as shown: "./shutbox" in its folder, quoted where a shell needs it.
mkdir -p 'its folder'
ln -sf "$(command -v shutbox)" 'its folder/shutbox'
(cd 'its folder' && ./shutbox play --plain --players You,cpu --seed 3 \
	--db ../named.db </dev/null | tail -n 1)
'its folder/shutbox' history --db named.db | tail -n 1
