/*
 * rng.h - the step of the generator, inline, for the loops that draw most.
 *
 * Not public.  shut_rng_next() (dice.c) is this step behind a call; the
 * compiled simulator (sim_compiled.c) draws from it inline, on a copy of
 * the state kept in registers.  Both give the same stream, to the bit.
 */
#ifndef RNG_H
#define RNG_H

#include <stdint.h>

#include "shut_dice.h"

/*
 * The xoshiro256** step: the output scrambles s[1] (multiply, rotate,
 * multiply) before the linear update of the state, so the low bits are as
 * good as the high ones and any of them may be used.
 */
static inline uint64_t
shut__rng_step(struct shut_rng *rng)
{
	uint64_t *s = rng->s, x = s[1] * 5, result, t;

	result = ((x << 7) | (x >> 57)) * 9;
	t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = (s[3] << 45) | (s[3] >> 19);
	return result;
}

#endif
