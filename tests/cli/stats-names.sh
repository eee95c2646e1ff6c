# A name wider than 16 columns widens the column of names: every row's
# figures stay under their headings (they were pushed right by the name's
# overflow).
printf 'q\nl\n' | shutbox play --plain --players \
	'Bartholomew Fitzgerald-Worthington,cpu' --seed 1 >/dev/null
echo "status $?"
shutbox stats >stats.txt
echo "status $?"
head -n 3 stats.txt
