/*
 * exact.c - the nearest double to an exact rational, and the decimal
 * that a double was written as.
 *
 * mpq_get_d() gives d, q truncated towards zero, so q lies between d and
 * the next double away from zero.  Which of the two is nearer is decided
 * by comparing q, exactly, with their midpoint, which is a rational too:
 * no extra precision is guessed at.  At the midpoint itself the even
 * double wins (the one whose last bit is 0), as in IEEE 754's rounding.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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

/*
 * The digits of d in "%.*e", read whatever the locale's decimal point:
 * every digit before the 'e' into digits, the exponent after it.
 */
static void
exact_digits(const char *text, char *digits, long *exp)
{
	size_t n = 0;

	for (; *text != '\0' && *text != 'e'; text++)
		if (*text >= '0' && *text <= '9')
			digits[n++] = *text;
	digits[n] = '\0';
	*exp = *text == 'e' ? strtol(text + 1, NULL, 10) : 0;
}

void
shut__exact_decimal(mpq_t q, double d)
{
	char text[64], digits[32];
	long exp;
	int p;
	mpz_t ten;

	if (!isfinite(d) || d == 0) {
		mpq_set_d(q, isfinite(d) ? 0 : d);
		return;
	}
	for (p = 1; p < 17; p++) {
		snprintf(text, sizeof(text), "%.*e", p - 1, d);
		if (strtod(text, NULL) == d)
			break;
	}
	snprintf(text, sizeof(text), "%.*e", p - 1, d);
	exact_digits(text, digits, &exp);
	/* d = digits x 10^(exp - (p - 1)) */
	exp -= p - 1;
	mpz_set_str(mpq_numref(q), digits, 10);
	mpz_set_ui(mpq_denref(q), 1);
	mpz_init(ten);
	mpz_ui_pow_ui(ten, 10, (unsigned long)labs(exp));
	if (exp >= 0)
		mpz_mul(mpq_numref(q), mpq_numref(q), ten);
	else
		mpz_set(mpq_denref(q), ten);
	mpz_clear(ten);
	mpq_canonicalize(q);
	if (d < 0)
		mpq_neg(q, q);
}
