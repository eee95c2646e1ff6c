# Five rounds (seed 002): the tile of the total or one tile per die; a shut
# box scores 0 and play goes on.
shutbox play --plain --rules five-rounds --players cpu:highest,cpu --seed 10
echo "status $?"
