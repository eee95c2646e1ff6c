# Output that fails a line at a time (stdbuf -oL): the last line fails on
# its own, with nothing left to write at the end, and the reason is still
# the disk's, not that of whatever the history's closing did after it.
# Apart from output.sh because stdbuf preloads a library, which a build
# with AddressSanitizer refuses (make asan skips this test).
shutbox play --plain --players cpu,cpu --seed 1 >/dev/null
for args in 'history' 'history 1' 'stats' 'analyse --all 1'; do
	printf '$ stdbuf -oL shutbox %s >/dev/full\n' "$args"
	eval "stdbuf -oL shutbox $args" </dev/null >/dev/full
	echo "status $?"
done
