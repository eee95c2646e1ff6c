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

#endif
