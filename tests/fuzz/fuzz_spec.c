/*
 * fuzz_spec.c - libFuzzer target for the spec parser.
 *
 * Any input may be refused, but none may crash the parser, and a spec that
 * is accepted must survive a round trip: its full print parses back to an
 * equal rule set, and printing that again gives the same text.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "shut_rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* One input: parse, and on success check the print round trip. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct shut_rules a, b;
	char why[256], first[1024], second[1024];
	char *spec = malloc(size + 1);
	int n;

	if (spec == NULL)
		return 0;
	memcpy(spec, data, size);
	spec[size] = '\0';
	if (shut_rules_parse(&a, spec, why, sizeof(why)) == 0) {
		n = shut_rules_print(&a, first, sizeof(first));
		if (n <= 0 || (size_t)n >= sizeof(first))
			__builtin_trap();
		if (shut_rules_parse(&b, first, why, sizeof(why)) != 0)
			__builtin_trap();
		if (!shut_rules_equal(&a, &b))
			__builtin_trap();
		shut_rules_print(&b, second, sizeof(second));
		if (strcmp(first, second) != 0)
			__builtin_trap();
	}
	free(spec);
	return 0;
}
