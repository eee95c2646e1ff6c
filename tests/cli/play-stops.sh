# A game stopped after any action resumes exactly: the dice are typed by
# hand, so each line is one action, and the game is stopped (its input
# ends) after each line in turn, then resumed with the rest.  Every
# stopped-and-resumed game must end as the game played in one go (the
# seed makes the random player's choices the same).
throws='6 5
4 4
3 1
2 2
1 1
6 6
5 2
3 3
6 1
2 1
5 5
4 3
1 2
6 4
2 6
3 5
1 1
4 4
6 2
5 1
3 2
2 2
6 6
1 3
4 5
2 3
5 6
1 4
3 6
2 5
6 3
4 1
1 6
5 4
2 4
3 4
1 5
6 5
4 6
5 3'
# The throws left over at the end are answers to whether to take back the
# last throw (real dice), which are not shown.
play() {
	shutbox play --rules 'classic rounds=3 fewer-dice=never' --dice manual \
		--players cpu:random,cpu:optimal,cpu:fewest --seed 7 "$@" |
		grep -v -e '^Game over: u takes back' -e '^  type u' -e '^$'
}
throws=$(printf '%s\n%s\n%s' "$throws" "$throws" "$throws")
echo "$throws" | play | tail -4 >whole
cat whole
k=1
same=0
while echo "$throws" | head -n $k | play 2>&1 | grep -q 'is kept'; do
	echo "$throws" | tail -n +$((k + 1)) | play --resume | tail -4 >part
	if cmp -s whole part; then
		same=$((same + 1))
	else
		echo "stopped after $k throws, it ended otherwise:"
		cat part
	fi
	k=$((k + 1))
done
echo "stopped after each of $((k - 1)) throws: $same ended the same"
