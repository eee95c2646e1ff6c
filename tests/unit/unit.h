/*
 * unit.h - what the unit tests share: a rule set from its spec, or the
 * test fails naming the spec and why it was refused.  Include after
 * cmocka.h and the library's headers.
 */
#ifndef UNIT_H
#define UNIT_H

static inline void
rules_of(struct shut_rules *r, const char *spec)
{
	char why[256] = "";

	if (shut_rules_parse(r, spec, why, sizeof(why)) != 0)
		fail_msg("spec \"%s\" refused: %s", spec, why);
}

#endif
