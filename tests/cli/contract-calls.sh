# The contract test calls every public function of the library: each
# function declared in include/*.h (and each strategy the headers export)
# must appear, called, in tests/unit/test_contract.c.  A new public call
# fails this until the contract test gives it its bad arguments.
top=$(cd "$(dirname "$0")/../.." && pwd)
test=$top/tests/unit/test_contract.c
count=0
for f in $(cat "$top"/include/*.h | tr '\n' ' ' |
	grep -oE '[A-Za-z_0-9]+[ *]+shut_[a-z_0-9]+\(' |
	grep -oE 'shut_[a-z_0-9]+\($' | tr -d '(' | sort -u) \
	$(grep -ohE '^extern const struct shut_strategy shut_[a-z_0-9]+' \
		"$top"/include/*.h | grep -oE 'shut_[a-z_0-9]+$'); do
	count=$((count + 1))
	grep -qE "(^|[^a-z_0-9])$f([^a-z_0-9]|\$)" "$test" ||
		echo "not called by test_contract.c: $f"
done
[ "$count" -gt 50 ] || echo "only $count public functions found"
echo "status 0"
