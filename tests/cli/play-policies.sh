# The strategies written as data play whole games: most, lowest and
# thai-wiki on classic, and thai-wiki on the Thai box, where it takes the
# sum's tile, else the higher die's, else the lower's.
shutbox play --plain --players cpu:most,cpu:lowest,cpu:thai-wiki --seed 11
echo "status $?"
shutbox play --plain --rules thai --players cpu:thai-wiki,cpu:fewest \
	--seed 3
echo "status $?"
