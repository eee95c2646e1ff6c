# shutbox variants: the list of presets, a few presets as full specs, and
# an unknown name.
shutbox variants
echo "status $?"
for v in classic golf five-rounds travel lucky-7 the-300 2012 battle; do
	shutbox variants $v
	echo "status $?"
done
shutbox variants nosuch
echo "status $?"
