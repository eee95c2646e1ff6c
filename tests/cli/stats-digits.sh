# A digital game's turn scores are numbers of several digits: the columns
# of the average and the best widen to hold them.  Over a player's rule
# sets, turns scored as digits and as sums do not average together: the
# row "(all)" shows no average or best turn then (its JSON: null).
shutbox play --plain --rules 'digital tiles=1-12' --players cpu:optimal,cpu:random \
	--seed 5 >/dev/null
echo "status $?"
shutbox play --plain --rules classic --players cpu:optimal,cpu:random \
	--seed 5 >/dev/null
echo "status $?"
shutbox stats
echo "status $?"
shutbox stats --json cpu:random | grep -E '"rules_name"|"best_turn_score"|"turn_score_sum"'
# A rules name longer than the column widens it, so that the columns
# after it stay in line.
shutbox play --plain --rules 'classic tiles=1-3 fewer-dice=never rounds=3' \
	--players cpu:optimal --seed 5 >/dev/null
shutbox stats cpu:optimal
