# Lucky 7 alone: only tile 7 is open, and the result is the number of
# turns it took to shut it.
printf '7\n' | shutbox play --plain --rules lucky-7 --players You --seed 2
echo "status $?"
