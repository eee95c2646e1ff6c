/*
 * exact.c - the nearest double to an exact rational.
 *
 * mpq_get_d() gives d, q truncated towards zero, so q lies between d and
 * the next double away from zero.  Which of the two is nearer is decided
 * by comparing q, exactly, with their midpoint, which is a rational too:
 * no extra precision is guessed at.  At the midpoint itself the even
 * double wins (the one whose last bit is 0), as in IEEE 754's rounding.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "exact.h"

double
shut__exact_nearest(const mpq_t q)
{
	double d = mpq_get_d(q), next;
	uint64_t bits;
	mpq_t mid, other;
	int side;

	if (mpq_sgn(q) == 0)
		return 0;
	next = nextafter(d, mpq_sgn(q) > 0 ? INFINITY : -INFINITY);
	if (isinf(next))
		return d;
	mpq_inits(mid, other, NULL);
	mpq_set_d(mid, d);
	mpq_set_d(other, next);
	mpq_add(mid, mid, other);
	mpq_div_2exp(mid, mid, 1);
	/* Past the midpoint, away from zero: next is nearer. */
	side = mpq_cmp(q, mid) * mpq_sgn(q);
	mpq_clears(mid, other, NULL);
	if (side == 0) {
		memcpy(&bits, &d, sizeof(bits));
		return bits & 1 ? next : d;
	}
	return side > 0 ? next : d;
}
