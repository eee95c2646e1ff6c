# Players: names are trimmed, twins are numbered, cpu is cpu:fewest.
# Computers of one strength are twins without a word.
shutbox play --plain --players ' Ann ,Bob,cpu,cpu, cpu:random' --seed 9 \
	</dev/null 2>&1 | sed -n '/^players/p;/named more than once/p'
# A person's name given twice is said, once, in case it was a slip.
shutbox play --plain --players 'Ann,Bob,Ann,Bob,Ann' --seed 9 </dev/null |
	sed -n '/^players/p;/named more than once/p'
# A person named as a computer is the slip said first.
shutbox play --plain --players 'Ann,perfect,Ann' --seed 9 </dev/null |
	sed -n '/^players/p;/named more than once/p;/is a person here/p'
# Twins are told apart by the name shown: cpu is shown as cpu:fewest.
shutbox play --plain --players 'cpu,cpu:fewest' --seed 9 </dev/null |
	sed -n '/^players/p'
# A name may have up to 40 characters, UTF-8 counting one per character.
n40=Abcdefghijklmnopqrstuvwxyzabcdefghijklmn
shutbox play --plain --players "$n40,  $n40  " --seed 9 </dev/null 2>&1 |
	sed -n '/^players/p'
e40=$(printf '\303\251%.0s' 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 \
	20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40)
shutbox play --plain --players "$e40" --seed 9 </dev/null 2>&1 |
	sed -n '/^players/p'
# Two people and the computer share the keyboard.
printf '%s\n' '?' 6 7 4 9 16 38 9 '' 7 8 2+9 3+6 7 '' 1+5 '' |
	shutbox play --plain --players 'Ann,Bob,cpu:fewest' --seed 4
echo "status $?"
# Names line up by the columns a terminal gives them (日本 takes four, Zoë
# three), in a locale that reads UTF-8.
printf 't\n' | LC_ALL=C.UTF-8 shutbox play --plain --no-history \
	--players 'Zoë,Bob,日本' --seed 1 2>/dev/null | grep -A3 '^  Standings'
