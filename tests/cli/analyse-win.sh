# analyse --by win: each choice weighed by the chance of winning the game,
# with the solvers the computer strength perfect plays by; where that
# chance is not exact, one line says so and each turn's own objective is
# used.

# Games played by cpu:perfect alone make no error by the chance of
# winning: one round of two and of three, whole matches of two.  Weighed
# by each turn's own objective, the same play may count as errors.
n=0
for spec in "2 classic" "3 classic shut=zero" "2 five-rounds" \
	"2 classic tiles=1-6 until=15"; do
	seats=${spec%% *}
	rules=${spec#* }
	list=cpu:perfect
	i=1
	while [ "$i" -lt "$seats" ]; do
		list="$list,cpu:perfect"
		i=$((i + 1))
	done
	n=$((n + 1))
	shutbox play --db perfect.db --rules "$rules" --players "$list" \
		--seed 5 >/dev/null
	win=$(shutbox analyse $n --db perfect.db --all --by win --json |
		grep -c '"error": true')
	turn=$(shutbox analyse $n --db perfect.db --all --by turn --json |
		grep -c '"error": true')
	decisions=$(shutbox analyse $n --db perfect.db --all --by win --json |
		grep -c '"error": ')
	echo "$rules, $seats cpu:perfect: $decisions choices; errors by win $win, by the turn's objective $turn"
done
shutbox analyse 1 --db perfect.db --all --by win
echo "status $?"

# The first turn's value is the first seat's chance of winning from the
# start, as solve --players gives it.
shutbox analyse 1 --db perfect.db --all --by win --json |
	awk '/"start"/ { gsub(",", ""); printf "analyse: %.9f\n", $2; exit }'
shutbox solve --players 2 --json |
	awk '/"win": / { printf "solve:   %.9f\n", $2; exit }'

# A bad move planted by the first of two players: 1+4 for a throw of 4 1,
# where 5 is best.  Its cost is what the game's hint says of the same
# choice: the chance of winning after 5 less that after 1+4.
printf '%s\n' '4 1' h 1+4 '6 6' 3+9 '5 3' 8 '6 6' 5+7 '5 5' '6 6' '5 5' \
	'4 4' '6 6' |
	shutbox play --db first.db --players Ann,cpu:perfect --dice manual \
		>played
grep 'to win$' played
shutbox analyse --db first.db --by win >report
echo "status $?"
cat report
awk '/best 5 / { best = $(NF - 2) } / 1\+4 / { bad = $(NF - 2) }
	END { gsub("%", "", best); gsub("%", "", bad);
		printf "hint:    %.1f pp\n", best - bad }' played
shutbox analyse --db first.db --by win --json |
	awk '/"biggest"/ { b = 1 } b && /"cost"/ { gsub(/[",]/, ""); printf "analyse: %.1f pp\n", 100 * $2; exit }'

# The same move by the last of two, facing 15: its chance of winning is
# that of scoring under 15, a tie half a win, which hint ranks exactly.
printf '%s\n' '6 6' '5 5' '4 4' '6 6' '4 1' 1+4 '6 6' 3+9 '5 3' 8 '6 6' \
	5+7 '5 5' |
	shutbox play --db last.db --players cpu:perfect,Ann --dice manual \
		>/dev/null
shutbox hint --open 1-9 --throw 4,1 --objective beat:15:0.5 |
	awk '$2 == 5 { best = $3 } $2 == "1+4" { bad = $3 }
		END { printf "hint:    %.9f\n", best - bad }'
shutbox analyse --db last.db --by win --json |
	awk '/"biggest"/ { b = 1 } b && /"cost"/ { gsub(/[",]/, ""); printf "analyse: %.9f\n", $2; exit }'
shutbox analyse --db last.db --by win --json | grep -E '"(by|fallback)"'

# Where the chance of winning is not exact, or out of reach: one line,
# and each turn's own objective.
shutbox play --db other.db --rules five-rounds --players cpu,cpu,cpu \
	--seed 2 >/dev/null
shutbox play --db other.db --players cpu --seed 2 >/dev/null
shutbox play --db other.db --rules 2-to-go --players cpu,cpu \
	--seed 2 >/dev/null
list=cpu:fewest
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do list="$list,cpu:fewest"; done
# Dice of many totals: some 800 s, far past analyse's 30 s on any machine
# (16 players of tiles 1-12 with two dice would take about 40 s here,
# too near it for a test).
shutbox play --db other.db --rules 'classic tiles=1-12 dice=2d30' \
	--players $list --seed 2 >/dev/null 2>&1
shutbox play --db other.db --rules digital --players cpu,cpu \
	--seed 2 >/dev/null
# A match of three that solve --players takes on (five-rounds is too big).
shutbox play --db other.db --rules 'classic tiles=1-6 rounds=3' \
	--players cpu,cpu,cpu --seed 2 >/dev/null
for id in 1 2 3 4 5 6; do
	shutbox analyse $id --db other.db --all --by win | sed -n 2,3p
done
shutbox analyse 1 --db other.db --all --by win --json | grep -E '"(by|fallback)"'
shutbox analyse 1 --db other.db --all --by turn --json | grep -E '"(by|fallback)"'
echo "status $?"

# Not given --by, a game of several players is weighed by the chance of
# winning, as the game's hint ranks: the report of --by win.  Where that
# would take long, one line says so and each turn's own objective is
# used; a game of one is weighed by its turn's objective without a word.
shutbox analyse 1 --db perfect.db --all >default
shutbox analyse 1 --db perfect.db --all --by win >win
cmp default win && echo "the default is --by win"
shutbox analyse 1 --db perfect.db --all --json | grep -E '"(by|fallback)"'
shutbox analyse 4 --db other.db --all | sed -n 2,3p
shutbox analyse 2 --db other.db --all | sed -n 2p
shutbox analyse 2 --db other.db --all --json | grep -E '"(by|fallback)"'
# By default, by the estimate alone (the same on every machine): a match
# of two that would take some 10 s is weighed by each turn's objective at
# once, and --by win is named as the way to wait for it; a match of more
# that perfect plays by an approximation is not solved to find that out.
shutbox play --db slow.db --rules 'tournament tiles=1-12' \
	--players cpu,cpu:fewest --seed 2 >/dev/null
shutbox play --db slow.db --rules 'tournament tiles=1-12' \
	--players cpu,cpu:fewest,cpu:random --seed 2 >/dev/null
for id in 1 2; do
	timeout 3 shutbox analyse $id --db slow.db --all | sed -n 2,3p
done

# Refused: a --by that is neither, --by win with an objective.
shutbox analyse --db other.db --by money
echo "status $?"
shutbox analyse --db other.db --by win --objective shut
echo "status $?"
