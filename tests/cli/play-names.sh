# Players: names are trimmed, twins are numbered, cpu is cpu:fewest.
shutbox play --plain --players ' Ann ,Bob,cpu,cpu, cpu:random' --seed 9 \
	</dev/null 2>&1 | sed -n '/^players/p'
# Two people and the computer share the keyboard.
printf '%s\n' '?' 6 7 4 9 16 38 9 '' 7 8 2+9 3+6 7 '' 1+5 '' |
	shutbox play --plain --players 'Ann,Bob,cpu:fewest' --seed 4
echo "status $?"
