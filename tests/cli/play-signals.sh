# SIGINT, SIGTERM and SIGHUP stop the plain game while it waits for a
# move: it is kept, the last line says how to go on, and the status is 0.
mkfifo sig.in
for sig in INT TERM HUP; do
	(sleep 30 >sig.in &) 2>/dev/null
	shutbox play --players Ann,cpu:fewest --seed 11 <sig.in >sig-$sig.out 2>&1 &
	pid=$!
	exec 3>sig.in
	n=0
	while ! grep -q 'Ann: shut?' sig-$sig.out 2>/dev/null && [ $n -lt 100 ]; do
		sleep 0.1
		n=$((n + 1))
	done
	kill -$sig $pid
	wait $pid
	echo "$sig: status $?"
	exec 3>&-
	tail -1 sig-$sig.out
done
