/*
 * dice.c - a seeded generator and the dice that use it.
 *
 * The generator is xoshiro256** by Blackman and Vigna: 256 bits of state,
 * a period of 2^256 - 1, and output good enough for any dice game at a few
 * nanoseconds a draw.  Its state must not be all zero, and nearby seeds
 * must not give nearby streams, so the four words are filled by splitmix64
 * run from the seed: a bijective mix of a Weyl sequence whose consecutive
 * outputs are never all zero.
 *
 * Faces are drawn without bias.  A raw 64-bit draw reduced modulo n favours
 * the low remainders whenever n does not divide 2^64, so the draws below
 * 2^64 mod n (the surplus that the even split leaves over) are rejected and
 * drawn again; the accepted range is then a whole number of copies of
 * 0..n-1.  At most half the draws are rejected (for n just above 2^63), and
 * for a die of 100 faces one draw in about 10^17.
 *
 * Jumping: shut_rng_jump() moves the state 2^128 draws ahead, as if
 * shut_rng_next() had been called that many times, by the jump polynomial
 * Blackman and Vigna publish with the generator.  Streams that start a
 * jump apart never overlap in practice (each would need 2^128 draws to
 * reach the next), so a simulation can give each block of games its own
 * stream from one seed, whatever thread plays the block.
 *
 * Left out on purpose: the long jump (2^192), and any seeding from the
 * clock, which belongs to the programs.
 */
#include "shut_dice.h"
#include "shut_error.h"
#include "rng.h"

/*
 * One step of splitmix64: advances the Weyl sequence *x by the golden
 * ratio and scrambles it, so that consecutive seeds fill the state with
 * unrelated words.
 */
static uint64_t
splitmix64(uint64_t *x)
{
	uint64_t z;

	*x += UINT64_C(0x9e3779b97f4a7c15);
	z = *x;
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* Fills the state's four words from the seed, in order. */
void
shut_rng_seed(struct shut_rng *rng, uint64_t seed)
{
	uint64_t x = seed;

	if (rng == NULL)
		return;
	for (int i = 0; i < 4; i++)
		rng->s[i] = splitmix64(&x);
}

/* The xoshiro256** step (rng.h). */
uint64_t
shut_rng_next(struct shut_rng *rng)
{
	if (rng == NULL)
		return 0;
	return shut__rng_step(rng);
}

/*
 * The jump: the state after 2^128 steps is a linear function of the state
 * now (the update is linear over GF(2)), namely the characteristic
 * polynomial's x^(2^128) reduced modulo it, evaluated at the step.  Its 256
 * coefficients are the four words below, from the reference code; for
 * each set bit, the current state is xored into the sum, and the state
 * steps once.  After the 256 steps the sum is the jumped state.
 */
void
shut_rng_jump(struct shut_rng *rng)
{
	static const uint64_t jump[4] = { UINT64_C(0x180ec6d33cfd0aba),
					  UINT64_C(0xd5a61266f0c9392c),
					  UINT64_C(0xa9582618e03fc9aa),
					  UINT64_C(0x39abdc4529b1661c) };
	uint64_t s[4] = { 0, 0, 0, 0 };

	if (rng == NULL)
		return;
	for (int i = 0; i < 4; i++)
		for (int b = 0; b < 64; b++) {
			if (jump[i] & (UINT64_C(1) << b))
				for (int k = 0; k < 4; k++)
					s[k] ^= rng->s[k];
			shut_rng_next(rng);
		}
	for (int k = 0; k < 4; k++)
		rng->s[k] = s[k];
}

/*
 * Dice without division.  A die has at most SHUT_FACES_MAX faces, so for
 * each face count n the constants of the draw are worked out by the
 * compiler into a table: the draws to reject (2^64 mod n), and what x mod n
 * needs without a divide.  x is folded into 24-bit parts, x = a0 + a1 2^24
 * + a2 2^48, and y = a0 + a1 (2^24 mod n) + a2 (2^48 mod n), which is x
 * mod n plus a multiple of n and below 2^31; then y mod n is the high
 * word of (m y mod 2^64) n with m = 2^64 / n rounded up (Lemire, Kaser and
 * Kurz, "Faster remainder by direct computation", 2019: exact for every y
 * and n below 2^32).  The draws and the faces are the same as by
 * division, to the bit.
 */
struct reduce {
	uint64_t m, reject;
	uint32_t c24, c48;
};

#define REDUCE(n)                                                              \
	{                                                                      \
		UINT64_MAX / (n) + 1, (UINT64_C(0) - (n)) % (n),               \
		    (uint32_t)((UINT64_C(1) << 24) % (n)),                     \
		    (uint32_t)((UINT64_C(1) << 48) % (n))                      \
	}
#define REDUCE10(b)                                                            \
	REDUCE((b) + 0), REDUCE((b) + 1), REDUCE((b) + 2), REDUCE((b) + 3),    \
	    REDUCE((b) + 4), REDUCE((b) + 5), REDUCE((b) + 6),                 \
	    REDUCE((b) + 7), REDUCE((b) + 8), REDUCE((b) + 9)

static const struct reduce reduce[SHUT_FACES_MAX + 1] = {
	{ 0, 0, 0, 0 }, REDUCE(1),    REDUCE(2),    REDUCE(3),	  REDUCE(4),
	REDUCE(5),	REDUCE(6),    REDUCE(7),    REDUCE(8),	  REDUCE(9),
	REDUCE10(10),	REDUCE10(20), REDUCE10(30), REDUCE10(40), REDUCE10(50),
	REDUCE10(60),	REDUCE10(70), REDUCE10(80), REDUCE10(90), REDUCE(100),
};

/* x mod n for n <= SHUT_FACES_MAX, by the table. */
static inline uint64_t
mod_small(uint64_t x, uint64_t n)
{
	const struct reduce *r = &reduce[n];
	uint64_t y = (x & 0xffffffu) + ((x >> 24) & 0xffffffu) * r->c24 +
		     (x >> 48) * r->c48;
	uint64_t low = r->m * y;

	return ((low >> 32) * n + (((low & 0xffffffffu) * n) >> 32)) >> 32;
}

/*
 * A uniform number below n by rejection.  In unsigned arithmetic -n % n is
 * (2^64 - n) mod n, which is 2^64 mod n: the count of low draws to throw
 * away.  A die's n takes both from the table above, without a divide.
 * n = 0 asks for nothing sensible and gets 0 rather than a division by
 * zero.
 */
uint64_t
shut_rng_below(struct shut_rng *rng, uint64_t n)
{
	uint64_t threshold, x;

	if (n == 0 || rng == NULL)
		return 0;
	if (n <= SHUT_FACES_MAX) {
		threshold = reduce[n].reject;
		do
			x = shut_rng_next(rng);
		while (x < threshold);
		return mod_small(x, n);
	}
	threshold = (0 - n) % n;
	do
		x = shut_rng_next(rng);
	while (x < threshold);
	return x % n;
}

/*
 * n dice of faces faces (1..SHUT_DICE_MAX and 2..SHUT_FACES_MAX), each a
 * draw of shut_rng_below() in order, with the generator's words in
 * registers for the whole throw.  A six-sided die, the dice of nearly
 * every rule set, takes its remainder by a constant, which the compiler
 * turns into a multiplication: the same face as by the table, one
 * reduction fewer.
 */
static void
throw_dice(struct shut_rng *rng, int n, int faces, struct shut_throw *t)
{
	const struct reduce *r = &reduce[faces];
	struct shut_rng s = *rng;
	uint64_t x;

	t->n = n;
	for (int i = 0; i < n; i++) {
		if (faces == 6) {
			do
				x = shut__rng_step(&s);
			while (x < (UINT64_C(0) - 6) % 6);
			t->face[i] = 1 + (int)(x % 6);
			continue;
		}
		do
			x = shut__rng_step(&s);
		while (x < r->reject);
		t->face[i] = 1 + (int)mod_small(x, (uint64_t)faces);
	}
	*rng = s;
}

/*
 * Throws n dice, each face drawn in order from the stream.  The count is
 * clamped to the face array and a face count below 1 treated as 1, so that
 * a bad argument cannot write out of bounds.
 */
void
shut_rng_throw(struct shut_rng *rng, int n, int faces, struct shut_throw *t)
{
	if (rng == NULL || t == NULL)
		return;
	if (n < 0)
		n = 0;
	if (n > SHUT_DICE_MAX)
		n = SHUT_DICE_MAX;
	if (faces < 1)
		faces = 1;
	if (faces > SHUT_FACES_MAX) {
		t->n = n;
		for (int i = 0; i < n; i++)
			t->face[i] =
			    1 + (int)shut_rng_below(rng, (uint64_t)faces);
		return;
	}
	throw_dice(rng, n, faces, t);
}

/*
 * The roll() of dice backed by a generator.  A count or face count that no
 * rule set allows is a bad argument, reported rather than clamped, since
 * the game would otherwise play a throw it did not ask for; so is a missing
 * generator, which would leave *t unwritten.
 */
static int
rng_roll(void *ctx, int n, int faces, struct shut_throw *t)
{
	if (ctx == NULL || n < 1 || n > SHUT_DICE_MAX || faces < 1 || !t)
		return SHUT_EINVAL;
	if (faces > SHUT_FACES_MAX)
		shut_rng_throw(ctx, n, faces, t);
	else
		throw_dice(ctx, n, faces, t);
	return 0;
}

/* Makes dice that throw with rng; rng must outlive them. */
void
shut_dice_rng(struct shut_dice *dice, struct shut_rng *rng)
{
	if (dice == NULL)
		return;
	/* No generator: dice whose every roll is a bad argument. */
	dice->roll = rng != NULL ? rng_roll : NULL;
	dice->ctx = rng;
}
