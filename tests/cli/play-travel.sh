# The travel box (seed 004): one or two lids, 0 for a shut box, out at 45,
# a complete round played before the game ends.
shutbox play --plain --rules travel --players cpu:highest,cpu --seed 16
echo "status $?"
