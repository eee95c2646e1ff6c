# Every preset plays to its end with two computer players.
for v in $(shutbox variants | cut -d' ' -f1); do
	printf '%s: ' "$v"
	shutbox play --plain --rules "$v" --players cpu:fewest,cpu:highest \
		--seed 1 </dev/null | tail -1
	echo "status $?"
done
