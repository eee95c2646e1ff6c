# Arguments at their edges: the largest seed, 2^64 - 1, and the empty
# spec, which is the classic rule set and is shown as such.
shutbox play --plain --players cpu --seed 18446744073709551615 | head -2
shutbox play --plain --rules '' --players cpu --seed 0 | head -3
