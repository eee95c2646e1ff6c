/*
 * throws.c - the throws of d dice, counted by total and listed by
 * multiset of faces (throws.h).
 */
#include <string.h>

#include "throws.h"

void
shut__throws_totals(int d, int faces,
		    uint64_t count[SHUT_DICE_MAX * SHUT_FACES_MAX + 1])
{
	uint64_t next[SHUT_DICE_MAX * SHUT_FACES_MAX + 1];

	memset(count, 0, sizeof(next));
	count[0] = 1;
	for (int k = 1; k <= d; k++) {
		memset(next, 0, sizeof(next));
		for (int t = 0; t <= (k - 1) * faces; t++)
			for (int f = 1; f <= faces && count[t]; f++)
				next[t + f] += count[t];
		memcpy(count, next, sizeof(next));
	}
}

void
shut__throw_of_total(int d, int faces, int total, struct shut_throw *t)
{
	memset(t, 0, sizeof(*t));
	t->n = d;
	for (int i = 0; i < d; i++) {
		int rest = d - 1 - i;
		int f = total - rest;

		if (f > faces)
			f = faces;
		t->face[i] = f;
		total -= f;
	}
}

/* The number of orders of a multiset whose faces do not decrease. */
static uint64_t
orders(const struct shut_throw *t)
{
	uint64_t count = 1;
	int run = 1;

	/* d! / (m1! m2! ...), built one die at a time: i / run each. */
	for (int i = 1; i <= t->n; i++) {
		run = i > 1 && t->face[i - 1] == t->face[i - 2] ? run + 1 : 1;
		count = count * (uint64_t)i / (uint64_t)run;
	}
	return count;
}

int
shut__multisets_each(int d, int faces, shut__multiset_fn fn, void *ctx)
{
	struct shut_throw t;

	memset(&t, 0, sizeof(t));
	t.n = d;
	for (int i = 0; i < d; i++)
		t.face[i] = 1;
	for (;;) {
		int rc = fn(ctx, &t, orders(&t)), i = d - 1;

		if (rc != 0)
			return rc;
		/* The next multiset: raise the last face that can rise. */
		while (i >= 0 && t.face[i] == faces)
			i--;
		if (i < 0)
			return 0;
		t.face[i]++;
		for (int j = i + 1; j < d; j++)
			t.face[j] = t.face[i];
	}
}
