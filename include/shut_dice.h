/*
 * shut_dice.h - the dice: a seeded generator, and dice from outside.
 *
 * The library never takes randomness from rand() or the clock: every random
 * choice draws from a struct shut_rng that the caller seeds.  The generator
 * is xoshiro256** (Blackman and Vigna), its state filled from the seed by
 * splitmix64, so one 64-bit seed gives one reproducible stream.  Faces are
 * drawn without bias by rejection: a draw that would favour low faces is
 * thrown away and drawn again.
 *
 * Where the dice are real (a person typing the throw of a wooden box), a
 * struct shut_dice carries a callback that fills in the throw instead.
 */
#ifndef SHUT_DICE_H
#define SHUT_DICE_H

#include <stdint.h>

#include "shut_moves.h"

struct shut_rng {
	uint64_t s[4];
};

/* shut_rng_seed() sets the generator to the stream of that seed. */
void shut_rng_seed(struct shut_rng *rng, uint64_t seed);

/* The next 64 random bits. */
uint64_t shut_rng_next(struct shut_rng *rng);

/*
 * shut_rng_jump() moves the generator 2^128 draws ahead in its stream, as
 * that many calls of shut_rng_next() would: the start of a new stream that
 * the old one will never reach.  Jumping k times from a seed gives stream
 * k of that seed.
 */
void shut_rng_jump(struct shut_rng *rng);

/* A uniform number in 0..n-1, n >= 1, by rejection. */
uint64_t shut_rng_below(struct shut_rng *rng, uint64_t n);

/* shut_rng_throw() throws n dice of that many faces into *t. */
void shut_rng_throw(struct shut_rng *rng, int n, int faces,
		    struct shut_throw *t);

/*
 * A source of throws.  roll() fills *t with n dice of that many faces and
 * returns 0, or returns a negative SHUT_E* code (SHUT_EINPUT when a person's
 * input ended), which the game passes on.  shut_dice_rng() makes a source
 * that throws with the generator rng, which must outlive it.
 */
struct shut_dice {
	int (*roll)(void *ctx, int n, int faces, struct shut_throw *t);
	void *ctx;
};

void shut_dice_rng(struct shut_dice *dice, struct shut_rng *rng);

#endif
