# The contract tests call every public function of the library: each
# function declared in include/*.h (and each strategy the headers export)
# must appear, called, in one of tests/unit/test_contract*.c.  A new public
# call fails this until a contract test gives it its bad arguments.
top=$(cd "$(dirname "$0")/../.." && pwd)
count=0
for f in $(cat "$top"/include/*.h | tr '\n' ' ' |
	grep -oE '[A-Za-z_0-9]+[ *]+shut_[a-z_0-9]+\(' |
	grep -oE 'shut_[a-z_0-9]+\($' | tr -d '(' | sort -u) \
	$(grep -ohE '^extern const struct shut_strategy shut_[a-z_0-9]+' \
		"$top"/include/*.h | grep -oE 'shut_[a-z_0-9]+$'); do
	count=$((count + 1))
	grep -qE "(^|[^a-z_0-9])$f([^a-z_0-9]|\$)" \
		"$top"/tests/unit/test_contract*.c ||
		echo "not called by the contract tests: $f"
done
[ "$count" -gt 50 ] || echo "only $count public functions found"
echo "status 0"
