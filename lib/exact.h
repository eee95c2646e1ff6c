/*
 * exact.h - what the library's exact arithmetic (GMP) shares:
 * solver_exact.c and eval_exact.c.  Nothing here is public.
 */
#ifndef EXACT_H
#define EXACT_H

#include <gmp.h>

/*
 * The double nearest to q, ties to the even one: the double that a value
 * printed beside its exact rational must be.  (mpq_get_d() truncates
 * towards zero, which is one double off about half the time.)  A q past
 * the largest double gives the largest double.  Never -0.
 */
double shut__exact_nearest(const mpq_t q);

/*
 * Sets q to the decimal a person wrote for d: the shortest decimal (of up
 * to 17 significant digits) that reads back as d.  A tie's worth typed as
 * 0.1 is the double nearest 1/10, and its exact value is 1/10, not that
 * double's binary fraction (3602879701896397/36028797018963968).
 */
void shut__exact_decimal(mpq_t q, double d);

#endif
