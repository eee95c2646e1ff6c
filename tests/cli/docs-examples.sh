# The worked example of docs/analysis.md is what analyse prints: the game
# is played as the doc says, and the doc's block is compared with the
# report (a difference is printed, and fails the golden output).
docs=$(dirname "$0")/../../docs
printf '%s\n' 5 9 3+4 2+8 '' |
	shutbox play --db example.db --players cpu,Ann --seed 21 >/dev/null
shutbox analyse --db example.db >report.txt
echo "status $?"
sed -n '/^Game 1 (classic), over\./,/^```/p' "$docs/analysis.md" |
	sed '$d' >doc.txt
diff doc.txt report.txt && echo "docs/analysis.md: the example is as printed"
