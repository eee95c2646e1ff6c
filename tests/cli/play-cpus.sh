# Three computer players of classic, each with its own strategy; nobody
# types anything.
shutbox play --plain --players cpu,cpu:highest,cpu:random --seed 5
echo "status $?"
