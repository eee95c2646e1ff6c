/*
 * unit_moves.h - what the tests of the move generator share: tile lists and
 * throws written as text, the canonical order written the plain way, and a
 * callback that counts the moves it is given.  Include after cmocka.h and
 * shutbox.h.
 */
#ifndef UNIT_MOVES_H
#define UNIT_MOVES_H

/*
 * A list of numbers in the text's own notation: "9+1", "1,3-9", "2, 3, 5".
 * Any character other than a digit or '-' separates; "a-b" is a range.
 * Each number n sets bit (n - 1 + shift), so the same reader gives tile
 * masks (shift 0) and dice-count masks (shift 1: bit d for d dice).
 */
static inline uint32_t
numbers_of(const char *s, int shift)
{
	uint32_t mask = 0;

	while (*s) {
		char *end;
		long lo, hi;

		if (*s < '0' || *s > '9') {
			s++;
			continue;
		}
		lo = strtol(s, &end, 10);
		hi = lo;
		if (*end == '-')
			hi = strtol(end + 1, &end, 10);
		for (long n = lo; n <= hi; n++)
			mask |= UINT32_C(1) << (n - 1 + shift);
		s = end;
	}
	return mask;
}

static inline uint32_t
tiles_of(const char *s)
{
	return numbers_of(s, 0);
}

static inline void
throw_of(struct shut_throw *t, const char *s)
{
	memset(t, 0, sizeof(*t));
	while (*s) {
		char *end;

		if (*s < '0' || *s > '9') {
			s++;
			continue;
		}
		assert_true(t->n < SHUT_DICE_MAX);
		t->face[t->n++] = (int)strtol(s, &end, 10);
		s = end;
	}
}

/*
 * The canonical order written the plain way, to check shut_move_cmp()
 * against: fewer tiles first, then the sorted lists of tiles compared
 * lexicographically.
 */
static inline int
ref_cmp(uint32_t a, uint32_t b)
{
	int ta[32], tb[32], na = 0, nb = 0;

	for (int t = 1; t <= 32; t++) {
		if (a & SHUT_TILE(t))
			ta[na++] = t;
		if (b & SHUT_TILE(t))
			tb[nb++] = t;
	}
	if (na != nb)
		return na < nb ? -1 : 1;
	for (int i = 0; i < na; i++)
		if (ta[i] != tb[i])
			return ta[i] < tb[i] ? -1 : 1;
	return 0;
}

/* Counts calls, and stops after `stop` of them when stop > 0. */
struct counter {
	long calls;
	long stop;
};

static inline int
count_move(void *ctx, uint32_t move)
{
	struct counter *c = ctx;

	(void)move;
	c->calls++;
	return c->stop > 0 && c->calls >= c->stop;
}

#endif
