/*
 * test_dice.c - the seeded generator and the dice.
 *
 * Known answers come from two places: the published first outputs of
 * splitmix64 from seed 0 and of xoshiro256** from the state {1, 2, 3, 4}
 * (the first three of which are worked by hand below), and a second,
 * deliberately plain writing of both algorithms in this file, which the
 * library's streams must match word for word.  Uniformity is a chi-square
 * test on a fixed seed against the critical value at p = 0.001, so the test
 * is deterministic and a biased reduction fails it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "shutbox.h"

#define LEN(a) (sizeof(a) / sizeof((a)[0]))

/* ------------------------------------------------------------------ */
/* A second writing of the algorithms, to check the library against */

/*
 * splitmix64's k-th output (from 1) for a seed: the Weyl sequence is seed
 * plus k times the golden-ratio constant, computed directly rather than by
 * stepping.
 */
static uint64_t
ref_splitmix(uint64_t seed, uint64_t k)
{
	uint64_t z = seed + k * 0x9e3779b97f4a7c15u;

	z ^= z >> 30;
	z *= 0xbf58476d1ce4e5b9u;
	z ^= z >> 27;
	z *= 0x94d049bb133111ebu;
	z ^= z >> 31;
	return z;
}

struct ref_xoshiro {
	uint64_t a, b, c, d;
};

static void
ref_seed(struct ref_xoshiro *x, uint64_t seed)
{
	x->a = ref_splitmix(seed, 1);
	x->b = ref_splitmix(seed, 2);
	x->c = ref_splitmix(seed, 3);
	x->d = ref_splitmix(seed, 4);
}

static uint64_t
ref_next(struct ref_xoshiro *x)
{
	uint64_t m = x->b * 5;
	uint64_t out = ((m << 7) | (m >> 57)) * 9;
	uint64_t a = x->a, b = x->b, c = x->c, d = x->d;

	/* The update, written as new values from the old ones. */
	uint64_t c1 = c ^ a;
	uint64_t d1 = d ^ b;
	uint64_t b1 = b ^ c1;
	uint64_t a1 = a ^ d1;

	x->a = a1;
	x->b = b1;
	x->c = c1 ^ (b << 17);
	x->d = (d1 << 45) | (d1 >> 19);
	return out;
}

/* ------------------------------------------------------------------ */
/* Known answers */

/*
 * The state of seed 0 is the first four outputs of splitmix64 from 0, as
 * published with the algorithm.
 */
static void
seed_0_fills_the_state_with_splitmix64_from_0(void **state)
{
	static const uint64_t want[4] = {
		0xe220a8397b1dcdafu,
		0x6e789e6aa1b965f4u,
		0x06c45d188009454fu,
		0xf88bb8a8724c81ecu,
	};
	struct shut_rng rng;

	(void)state;
	shut_rng_seed(&rng, 0);
	for (int i = 0; i < 4; i++) {
		assert_int_equal(rng.s[i], want[i]);
		assert_int_equal(rng.s[i], ref_splitmix(0, (uint64_t)i + 1));
	}
}

/*
 * From the state {1, 2, 3, 4}.  By hand: the first output is
 * rotl(2 * 5, 7) * 9 = 1280 * 9 = 11520; the update leaves s[1] = 2 ^ 2 =
 * 0, so the second is 0; then s[1] = 262149 and the third is
 * rotl(262149 * 5, 7) * 9 = 1509978240.
 */
static void
xoshiro_from_1_2_3_4_gives_the_published_outputs(void **state)
{
	static const uint64_t want[] = {
		11520u,
		0u,
		1509978240u,
		1215971899390074240u,
		1216172134540287360u,
		607988272756665600u,
	};
	struct shut_rng rng = { { 1, 2, 3, 4 } };
	struct ref_xoshiro ref = { 1, 2, 3, 4 };

	(void)state;
	for (size_t i = 0; i < LEN(want); i++) {
		assert_int_equal(ref_next(&ref), want[i]);
		assert_int_equal(shut_rng_next(&rng), want[i]);
	}
}

/*
 * The first outputs of seed 0, as this implementation gives them, and the
 * first 10,000 of several seeds against the second writing above.
 */
static void
seed_0_gives_known_first_outputs(void **state)
{
	static const uint64_t want[] = {
		0x99ec5f36cb75f2b4u, 0xbf6e1f784956452au, 0x1a5f849d4933e6e0u,
		0x6aa594f1262d2d2cu, 0xbba5ad4a1f842e59u, 0xffef8375d9ebcacau,
	};
	static const uint64_t seeds[] = {
		0, 1, 2, 42, 0xffffffffffffffffu, 0x9e3779b97f4a7c15u
	};
	struct shut_rng rng;

	(void)state;
	shut_rng_seed(&rng, 0);
	for (size_t i = 0; i < LEN(want); i++)
		assert_int_equal(shut_rng_next(&rng), want[i]);

	for (size_t k = 0; k < LEN(seeds); k++) {
		struct ref_xoshiro ref;

		shut_rng_seed(&rng, seeds[k]);
		ref_seed(&ref, seeds[k]);
		for (int i = 0; i < 10000; i++)
			assert_int_equal(shut_rng_next(&rng), ref_next(&ref));
	}
}

/* ------------------------------------------------------------------ */
/* Streams and ranges */

static void
the_same_seed_gives_the_same_throws(void **state)
{
	struct shut_rng a, b;

	(void)state;
	shut_rng_seed(&a, 2012);
	shut_rng_seed(&b, 2012);
	for (int i = 0; i < 10000; i++) {
		struct shut_throw ta, tb;

		shut_rng_throw(&a, 1 + i % SHUT_DICE_MAX, 6, &ta);
		shut_rng_throw(&b, 1 + i % SHUT_DICE_MAX, 6, &tb);
		assert_int_equal(ta.n, tb.n);
		assert_memory_equal(ta.face, tb.face,
				    (size_t)ta.n * sizeof(ta.face[0]));
	}
}

/*
 * Neighbouring seeds give unrelated streams: no two of the first 1000
 * seeds share a first output, and seeds 1 and 2 differ at each of the
 * first 1000 places.
 */
static void
different_seeds_give_different_streams(void **state)
{
	static uint64_t first[1000];
	struct shut_rng a, b;

	(void)state;
	for (uint64_t s = 0; s < LEN(first); s++) {
		shut_rng_seed(&a, s);
		first[s] = shut_rng_next(&a);
		for (uint64_t r = 0; r < s; r++)
			assert_true(first[r] != first[s]);
	}
	shut_rng_seed(&a, 1);
	shut_rng_seed(&b, 2);
	for (int i = 0; i < 1000; i++)
		assert_true(shut_rng_next(&a) != shut_rng_next(&b));
}

static void
below_stays_in_range(void **state)
{
	static const uint64_t ns[] = {
		1,
		2,
		3,
		6,
		7,
		20,
		100,
		1000000007u,
		UINT64_C(1) << 32,
		(UINT64_C(1) << 63) + 1,
		UINT64_C(0xc000000000000000),
		0xfffffffffffffffeu,
		0xffffffffffffffffu,
	};
	struct shut_rng rng;

	(void)state;
	shut_rng_seed(&rng, 7);
	for (size_t k = 0; k < LEN(ns); k++)
		for (int i = 0; i < 10000; i++)
			assert_true(shut_rng_below(&rng, ns[k]) < ns[k]);
	for (int i = 0; i < 1000; i++)
		assert_int_equal(shut_rng_below(&rng, 1), 0);
	assert_int_equal(shut_rng_below(&rng, 0), 0);
}

/*
 * Both ends of a huge range are reached: for n = 2^63 + 1 the draws cover
 * the low quarter and the high quarter.
 */
static void
below_a_huge_n_reaches_both_ends(void **state)
{
	const uint64_t n = (UINT64_C(1) << 63) + 1;
	struct shut_rng rng;
	int low = 0, high = 0;

	(void)state;
	shut_rng_seed(&rng, 11);
	for (int i = 0; i < 1000; i++) {
		uint64_t x = shut_rng_below(&rng, n);

		low += x < (UINT64_C(1) << 61);
		high += x > (UINT64_C(3) << 61);
	}
	assert_true(low > 0);
	assert_true(high > 0);
}

/* ------------------------------------------------------------------ */
/* Uniformity */

/* The chi-square statistic of counts[0..k-1] against an even spread. */
static double
chi_square(const long *counts, int k, long draws)
{
	double expect = (double)draws / k, stat = 0;

	for (int i = 0; i < k; i++) {
		double d = (double)counts[i] - expect;

		stat += d * d / expect;
	}
	return stat;
}

/*
 * 600,000 faces of a die, thrown one at a time and eight at a time, with a
 * fixed seed.  The critical values of the chi-square distribution at
 * p = 0.001: df = 5 is 20.515, df = 19 is 43.820, df = 99 is 148.230.
 */
static void
check_faces_uniform(int faces, double critical, uint64_t seed)
{
	enum { DRAWS = 600000 };
	long counts[SHUT_FACES_MAX + 1] = { 0 };
	long multi[SHUT_FACES_MAX + 1] = { 0 };
	struct shut_rng rng;
	struct shut_throw t;

	shut_rng_seed(&rng, seed);
	for (int i = 0; i < DRAWS; i++) {
		shut_rng_throw(&rng, 1, faces, &t);
		assert_int_equal(t.n, 1);
		assert_in_range(t.face[0], 1, faces);
		counts[t.face[0] - 1]++;
	}
	for (int i = 0; i < DRAWS / 8; i++) {
		shut_rng_throw(&rng, 8, faces, &t);
		assert_int_equal(t.n, 8);
		for (int j = 0; j < 8; j++) {
			assert_in_range(t.face[j], 1, faces);
			multi[t.face[j] - 1]++;
		}
	}
	if (chi_square(counts, faces, DRAWS) >= critical ||
	    chi_square(multi, faces, DRAWS) >= critical)
		fail_msg("d%d: chi-square %.3f and %.3f, critical %.3f", faces,
			 chi_square(counts, faces, DRAWS),
			 chi_square(multi, faces, DRAWS), critical);
}

static void
the_faces_of_a_d6_are_uniform(void **state)
{
	(void)state;
	check_faces_uniform(6, 20.515, 1);
}

static void
the_faces_of_a_d20_are_uniform(void **state)
{
	(void)state;
	check_faces_uniform(20, 43.820, 2);
}

static void
the_faces_of_a_d100_are_uniform(void **state)
{
	(void)state;
	check_faces_uniform(100, 148.230, 3);
}

/*
 * Where a plain modulo is most biased: for n = 3 * 2^62 it would put half
 * the draws below 2^62 instead of a third.  Three equal bins of 2^62,
 * chi-square with df = 2 at p = 0.001: 13.816.
 */
static void
below_is_unbiased_where_a_modulo_is_not(void **state)
{
	enum { DRAWS = 30000 };
	const uint64_t n = UINT64_C(3) << 62;
	long counts[3] = { 0 };
	struct shut_rng rng;

	(void)state;
	shut_rng_seed(&rng, 5);
	for (int i = 0; i < DRAWS; i++)
		counts[shut_rng_below(&rng, n) >> 62]++;
	assert_true(chi_square(counts, 3, DRAWS) < 13.816);
}

/* ------------------------------------------------------------------ */
/* Dice from a generator */

static void
dice_from_a_generator_throw_its_stream(void **state)
{
	struct shut_rng a, b;
	struct shut_dice dice;

	(void)state;
	shut_rng_seed(&a, 99);
	shut_rng_seed(&b, 99);
	shut_dice_rng(&dice, &a);
	for (int i = 0; i < 1000; i++) {
		struct shut_throw got, want;
		int n = 1 + i % SHUT_DICE_MAX, faces = 2 + i % 99;

		assert_int_equal(dice.roll(dice.ctx, n, faces, &got), 0);
		shut_rng_throw(&b, n, faces, &want);
		assert_int_equal(got.n, n);
		assert_memory_equal(got.face, want.face,
				    (size_t)n * sizeof(got.face[0]));
	}
}

static void
dice_from_a_generator_refuse_a_count_out_of_range(void **state)
{
	struct shut_rng rng;
	struct shut_dice dice;
	struct shut_throw t;

	(void)state;
	shut_rng_seed(&rng, 1);
	shut_dice_rng(&dice, &rng);
	assert_int_equal(dice.roll(dice.ctx, 0, 6, &t), SHUT_EINVAL);
	assert_int_equal(dice.roll(dice.ctx, SHUT_DICE_MAX + 1, 6, &t),
			 SHUT_EINVAL);
	assert_int_equal(dice.roll(dice.ctx, 2, 0, &t), SHUT_EINVAL);
}

/* The first throws of 2d6 from seed 0, by the second writing. */
static void
the_first_throws_of_seed_0_follow_the_stream(void **state)
{
	struct shut_rng rng;
	struct ref_xoshiro ref;

	(void)state;
	shut_rng_seed(&rng, 0);
	ref_seed(&ref, 0);
	for (int i = 0; i < 100; i++) {
		struct shut_throw t;

		shut_rng_throw(&rng, 2, 6, &t);
		/* 2^64 mod 6 is 4: only draws 0..3 would be rejected. */
		for (int j = 0; j < 2; j++) {
			uint64_t x = ref_next(&ref);

			assert_true(x >= 4);
			assert_int_equal(t.face[j], 1 + (int)(x % 6));
		}
	}
}

/* ------------------------------------------------------------------ */
/* The jump */

/*
 * A second way to jump: the step of xoshiro256** is linear over GF(2), a
 * 256 x 256 matrix M whose column j is the step of the state with bit j
 * alone set (the second writing above makes each).  Squaring M 128 times
 * gives M^(2^128), the jump itself, without the published polynomial:
 * the library's jump, which uses that polynomial, must agree with it.
 */
struct gf2 {
	uint64_t col[256][4];
};

static void
gf2_apply(const struct gf2 *m, const uint64_t v[4], uint64_t out[4])
{
	uint64_t r[4] = { 0, 0, 0, 0 };

	for (int j = 0; j < 256; j++)
		if (v[j / 64] >> (j % 64) & 1)
			for (int k = 0; k < 4; k++)
				r[k] ^= m->col[j][k];
	for (int k = 0; k < 4; k++)
		out[k] = r[k];
}

static void
gf2_step_matrix(struct gf2 *m)
{
	for (int j = 0; j < 256; j++) {
		uint64_t w[4] = { 0, 0, 0, 0 };
		struct ref_xoshiro x;

		w[j / 64] = UINT64_C(1) << (j % 64);
		x.a = w[0];
		x.b = w[1];
		x.c = w[2];
		x.d = w[3];
		ref_next(&x);
		m->col[j][0] = x.a;
		m->col[j][1] = x.b;
		m->col[j][2] = x.c;
		m->col[j][3] = x.d;
	}
}

static void
the_jump_is_2_to_the_128_steps_by_a_matrix_power(void **state)
{
	static struct gf2 m, sq;
	struct shut_rng rng;
	uint64_t v[4], want[4];

	(void)state;
	gf2_step_matrix(&m);
	for (int i = 0; i < 128; i++) {
		for (int j = 0; j < 256; j++)
			gf2_apply(&m, m.col[j], sq.col[j]);
		m = sq;
	}
	for (uint64_t seed = 0; seed < 4; seed++) {
		shut_rng_seed(&rng, seed);
		for (int k = 0; k < 4; k++)
			v[k] = rng.s[k];
		gf2_apply(&m, v, want);
		shut_rng_jump(&rng);
		for (int k = 0; k < 4; k++)
			assert_true(rng.s[k] == want[k]);
	}
}

/* Jumping and stepping commute: both are powers of the same step. */
static void
a_jump_commutes_with_a_step(void **state)
{
	struct shut_rng a, b;

	(void)state;
	shut_rng_seed(&a, 42);
	b = a;
	shut_rng_next(&a);
	shut_rng_jump(&a);
	shut_rng_jump(&b);
	shut_rng_next(&b);
	for (int k = 0; k < 4; k++)
		assert_true(a.s[k] == b.s[k]);
}

/* A jumped stream starts elsewhere: its first outputs are new. */
static void
a_jumped_stream_differs_from_the_stream(void **state)
{
	struct shut_rng a, b;
	int same = 0;

	(void)state;
	shut_rng_seed(&a, 1);
	b = a;
	shut_rng_jump(&b);
	for (int i = 0; i < 1000; i++)
		same += shut_rng_next(&a) == shut_rng_next(&b);
	assert_int_equal(same, 0);
	shut_rng_jump(NULL);
}

/*
 * A die's draw takes no divide (dice.c): it must give, draw for draw, what
 * the rejection and the remainder by division give, for every face count
 * a die can have.
 */
static void
below_a_die_is_the_division_to_the_bit(void **state)
{
	(void)state;
	for (uint64_t n = 1; n <= SHUT_FACES_MAX + 1; n++) {
		struct shut_rng a, b;

		shut_rng_seed(&a, n);
		shut_rng_seed(&b, n);
		for (int i = 0; i < 20000; i++) {
			uint64_t threshold = (0 - n) % n, x;

			do
				x = shut_rng_next(&b);
			while (x < threshold);
			assert_int_equal(shut_rng_below(&a, n), x % n);
		}
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(seed_0_fills_the_state_with_splitmix64_from_0),
		cmocka_unit_test(
		    xoshiro_from_1_2_3_4_gives_the_published_outputs),
		cmocka_unit_test(seed_0_gives_known_first_outputs),
		cmocka_unit_test(the_same_seed_gives_the_same_throws),
		cmocka_unit_test(different_seeds_give_different_streams),
		cmocka_unit_test(below_stays_in_range),
		cmocka_unit_test(below_a_die_is_the_division_to_the_bit),
		cmocka_unit_test(below_a_huge_n_reaches_both_ends),
		cmocka_unit_test(the_faces_of_a_d6_are_uniform),
		cmocka_unit_test(the_faces_of_a_d20_are_uniform),
		cmocka_unit_test(the_faces_of_a_d100_are_uniform),
		cmocka_unit_test(below_is_unbiased_where_a_modulo_is_not),
		cmocka_unit_test(dice_from_a_generator_throw_its_stream),
		cmocka_unit_test(
		    dice_from_a_generator_refuse_a_count_out_of_range),
		cmocka_unit_test(the_first_throws_of_seed_0_follow_the_stream),
		cmocka_unit_test(
		    the_jump_is_2_to_the_128_steps_by_a_matrix_power),
		cmocka_unit_test(a_jump_commutes_with_a_step),
		cmocka_unit_test(a_jumped_stream_differs_from_the_stream),
	};

	return cmocka_run_group_tests_name("dice", tests, NULL, NULL);
}
