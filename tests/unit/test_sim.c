/*
 * test_sim.c - the simulator: reproducible, exact in its counts, and in
 * agreement with the exact evaluation of every strategy.
 *
 * The agreement check plays 20,000 turns of each strategy on several
 * presets with fixed seeds and compares the shut rate and the mean score
 * with the evaluator's exact values (shut_policy.h).  A 95% interval
 * misses the true value one time in twenty by design, so the check is
 * two-sided: no estimate may be more than 4.5 standard errors off (a
 * chance of about 7 in a million each, when all is well), and at least
 * 85% of them must fall within their 95% interval (about 95% do when the
 * simulator is right; fewer than 85% of 128 is a chance of some 1 in
 * 10,000).  A simulator that drew biased dice, or played another
 * strategy than the one evaluated, fails it: the last test shows that it
 * tells fewest from thai-wiki (0.4 points apart in mean score).  It runs
 * twice: on the compiled player (every strategy but random, which draws)
 * and on the step API for all (SHUT_SIM_STEP).
 */
#include <math.h>
#include <setjmp.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shutbox.h"

#define LEN(a) (sizeof(a) / sizeof((a)[0]))
#define TURNS  20000

static const char *const presets[] = {
	"classic", "missionary", "lone-one",  "thai",
	"cards",   "3-to-go",	 "unlucky-7", "odds",
};

/* Every strategy with a policy: the table's and the solver's two. */
static const struct shut_strategy *
strategy(size_t i)
{
	if (i < shut_strategy_count())
		return shut_strategy_at(i);
	return i == shut_strategy_count() ? &shut_solver_optimal
					  : &shut_solver_shut;
}

static void
parse(struct shut_rules *r, const char *spec)
{
	assert_int_equal(shut_rules_parse(r, spec, NULL, 0), 0);
}

/* The player of strategy st under r, with its solver when it needs one. */
static struct shut_solver *
player(const struct shut_rules *r, const struct shut_strategy *st,
       struct shut_player *pl)
{
	struct shut_objective obj = { .kind = SHUT_OBJECTIVE_EXPECTED };
	struct shut_solver *s = NULL;

	pl->strategy = st;
	pl->ctx = NULL;
	if (st == &shut_solver_optimal || st == &shut_solver_shut) {
		if (st == &shut_solver_shut)
			obj.kind = SHUT_OBJECTIVE_SHUT;
		assert_int_equal(shut_solver_new(&s, r, &obj, NULL), 0);
		pl->ctx = s;
	}
	return s;
}

/* With flags: SHUT_SIM_STEP, or 0 for the compiled player where it can. */
static struct shut_sim_turns *
turns_flags(const struct shut_rules *r, const struct shut_player *pl,
	    uint64_t n, uint64_t seed, int threads, unsigned flags)
{
	struct shut_sim sim = { .rules = r,
				.players = pl,
				.nseats = 1,
				.games = n,
				.seed = seed,
				.threads = threads,
				.flags = flags };
	struct shut_sim_turns *t = malloc(sizeof(*t));

	assert_non_null(t);
	assert_int_equal(shut_sim_turns(&sim, t), 0);
	assert_true(t->games == n);
	return t;
}

static struct shut_sim_turns *
turns(const struct shut_rules *r, const struct shut_player *pl, uint64_t n,
      uint64_t seed, int threads)
{
	return turns_flags(r, pl, n, seed, threads, 0);
}

/* ---------------------------------------------------------------------
 * Agreement with the exact values
 */

struct score {
	int checked, inside, worst_i;
	double worst;
};

/* Counts one estimate against its exact value and standard error. */
static void
compare(struct score *sc, int i, double est, double se, double exact)
{
	double z = se > 0 ? fabs(est - exact) / se : est == exact ? 0 : 99;

	sc->checked++;
	sc->inside += z <= 1.959963984540054;
	if (z > sc->worst) {
		sc->worst = z;
		sc->worst_i = i;
	}
}

/*
 * Simulates strategy st on rules r and compares the shut rate and mean
 * score with those of the strategy evaluated as `as`.
 */
static void
check_one(struct score *sc, int i, const struct shut_rules *r,
	  const struct shut_strategy *st, const struct shut_strategy *as,
	  uint64_t seed, unsigned flags)
{
	struct shut_eval_options opt = { 0 };
	struct shut_player pl;
	struct shut_solver *s = player(r, st, &pl);
	struct shut_eval *e;
	struct shut_value v;
	struct shut_sim_turns *t = turns_flags(r, &pl, TURNS, seed, 2, flags);
	double n = (double)t->games, p = (double)t->shut / n;
	double mean = shut_wide_double(&t->score) / n;
	double var = (shut_wide_double(&t->score2) - n * mean * mean) / (n - 1);

	if (as == st)
		opt.solver = s;
	assert_int_equal(shut_eval_new(&e, r, as, &opt), 0);
	assert_int_equal(shut_eval_value(e, shut_rules_start(r), &v), 0);
	compare(sc, 2 * i, p, sqrt(v.shut * (1 - v.shut) / n), v.shut);
	compare(sc, 2 * i + 1, mean, sqrt(var / n), v.expected);
	shut_eval_free(e);
	shut_solver_free(s);
	free(t);
}

/* The check on either path of the simulator (flags). */
static void
agreement(unsigned flags)
{
	size_t nst = shut_strategy_count() + 2;
	struct score sc = { 0, 0, -1, 0 };
	int i = 0;

	for (size_t p = 0; p < LEN(presets); p++) {
		struct shut_rules r;

		parse(&r, presets[p]);
		for (size_t k = 0; k < nst; k++, i++)
			check_one(&sc, i, &r, strategy(k), strategy(k),
				  1000 + (uint64_t)i, flags);
	}
	printf("# %s: %d estimates, %d within their 95%% interval; the "
	       "worst %.2f standard errors off (%s, %s, %s)\n",
	       flags & SHUT_SIM_STEP ? "step" : "compiled", sc.checked,
	       sc.inside, sc.worst, presets[sc.worst_i / 2 / nst],
	       strategy((size_t)(sc.worst_i / 2) % nst)->name,
	       sc.worst_i % 2 ? "mean score" : "shut rate");
	assert_true(sc.checked == (int)(2 * LEN(presets) * nst));
	assert_true(sc.worst <= 4.5);
	assert_true(sc.inside >= sc.checked * 85 / 100);
}

/* The compiled player plays every strategy but random. */
static void
every_strategy_agrees_with_its_exact_value_on_several_presets(void **state)
{
	(void)state;
	agreement(0);
}

static void
the_step_path_agrees_with_the_exact_values_too(void **state)
{
	(void)state;
	agreement(SHUT_SIM_STEP);
}

/* The check has the power to tell two strategies apart. */
static void
the_check_tells_fewest_from_thai_wiki(void **state)
{
	struct score sc = { 0, 0, -1, 0 };
	struct shut_rules r;

	(void)state;
	parse(&r, "classic");
	check_one(&sc, 0, &r, shut_strategy_find("thai-wiki"),
		  shut_strategy_find("fewest"), 1, 0);
	assert_true(sc.worst > 4.5);
	memset(&sc, 0, sizeof(sc));
	check_one(&sc, 0, &r, shut_strategy_find("thai-wiki"),
		  shut_strategy_find("fewest"), 1, SHUT_SIM_STEP);
	assert_true(sc.worst > 4.5);
}

/* ---------------------------------------------------------------------
 * Reproducibility
 */

static void
the_threads_do_not_change_the_turns_tally(void **state)
{
	struct shut_rules r;
	struct shut_player pl;
	struct shut_sim_turns *a, *b, *c;
	uint64_t n = 3 * SHUT_SIM_BLOCK + 123;

	(void)state;
	parse(&r, "classic");
	pl.strategy = shut_strategy_find("random");
	pl.ctx = NULL;
	a = turns(&r, &pl, n, 77, 1);
	b = turns(&r, &pl, n, 77, 2);
	c = turns(&r, &pl, n, 77, 5);
	assert_memory_equal(a, b, sizeof(*a));
	assert_memory_equal(a, c, sizeof(*a));
	free(c);
	c = turns(&r, &pl, n, 78, 2);
	assert_true(memcmp(a, c, sizeof(*a)) != 0);
	free(a);
	free(b);
	free(c);
}

static void
match(const struct shut_rules *r, const struct shut_player *pl, int nseats,
      int threads, struct shut_sim_match *m)
{
	struct shut_sim sim = { .rules = r,
				.players = pl,
				.nseats = nseats,
				.games = 2 * SHUT_SIM_BLOCK + 7,
				.seed = 5,
				.threads = threads };

	assert_int_equal(shut_sim_match(&sim, m), 0);
}

static void
the_threads_do_not_change_the_match_tally(void **state)
{
	static struct shut_sim_match a, b;
	struct shut_player pl[3];
	struct shut_rules r;
	uint64_t won = 0;

	(void)state;
	parse(&r, "pub");
	for (int i = 0; i < 3; i++) {
		pl[i].strategy = shut_strategy_at((size_t)i);
		pl[i].ctx = NULL;
	}
	match(&r, pl, 3, 1, &a);
	match(&r, pl, 3, 2, &b);
	assert_memory_equal(&a, &b, sizeof(a));
	/* Every game has its winners, and the pot goes to them whole. */
	for (int i = 0; i < 3; i++)
		for (int k = 1; k <= 3; k++)
			won += a.seat[i].won[k] * 6 / (uint64_t)k;
	assert_true(won == a.games * 6);
}

/*
 * A seat of each thread's own (struct shut_sim_own): the player to win,
 * whose solvers are made as it plays, copied once a thread.  The copies
 * made and dropped are counted.
 */
static atomic_int copies, drops;

static int
perfect_copy(void *ctx, void **mine)
{
	struct shut_perfect *p = NULL;
	int rc = shut_perfect_copy(&p, ctx);

	atomic_fetch_add(&copies, 1);
	*mine = p;
	return rc;
}

static void
perfect_drop(void *mine)
{
	atomic_fetch_add(&drops, 1);
	shut_perfect_free(mine);
}

static int
copy_fails(void *ctx, void **mine)
{
	(void)ctx;
	*mine = NULL;
	return SHUT_ENOMEM;
}

/*
 * Two perfect seats, one round of classic: the same tally on one thread
 * and on three, each thread with its own copy, and each seat's share of
 * the wins within 4.5 standard errors of its exact chance (a shared win
 * counted as its share).
 */
static void
perfect_seats_play_on_threads_of_their_own(void **state)
{
	static struct shut_sim_match a, b;
	static const struct shut_sim_own own[2] = {
		{ .copy = perfect_copy, .drop = perfect_drop },
		{ .copy = perfect_copy, .drop = perfect_drop },
	};
	struct shut_perfect *p = NULL;
	struct shut_player pl[2];
	struct shut_rules r;
	struct shut_sim sim = { .rules = &r,
				.players = pl,
				.nseats = 2,
				.games = 10 * SHUT_SIM_BLOCK,
				.seed = 9,
				.threads = 1,
				.own = own };

	(void)state;
	parse(&r, "classic");
	assert_int_equal(shut_perfect_new(&p, &r, 2, NULL), 0);
	for (int i = 0; i < 2; i++)
		pl[i] = (struct shut_player){ &shut_win_perfect, p };
	assert_int_equal(shut_sim_match(&sim, &a), 0);
	assert_int_equal(atomic_load(&copies), 2);
	sim.threads = 3;
	assert_int_equal(shut_sim_match(&sim, &b), 0);
	assert_int_equal(atomic_load(&copies), 8);
	assert_int_equal(atomic_load(&drops), 8);
	assert_memory_equal(&a, &b, sizeof(a));
	for (int i = 0; i < 2; i++) {
		double n = (double)a.games;
		double won =
		    (double)a.seat[i].won[1] + (double)a.seat[i].won[2] / 2;
		double exact = shut_perfect_chance(p, i);
		double se = sqrt(exact * (1 - exact) / n);

		assert_true(fabs(won / n - exact) < 4.5 * se);
	}
	/* A copy that fails ends the run with its error. */
	sim.own = (const struct shut_sim_own[2]){ { .copy = copy_fails } };
	assert_int_equal(shut_sim_match(&sim, &b), SHUT_ENOMEM);
	shut_perfect_free(p);
}

/* ---------------------------------------------------------------------
 * Counts
 */

/*
 * The sum of squares is exact past 64 bits: digits scoring on tiles 1-12
 * gives scores near 1.2e14, whose squares pass 2^64.  One game a seed.
 */
static void
squares_are_counted_in_128_bits(void **state)
{
	struct shut_rules r;
	struct shut_player pl = { shut_strategy_find("random"), NULL };
	int wide = 0;

	(void)state;
	parse(&r, "classic tiles=1-12 score=digits");
	for (uint64_t seed = 0; seed < 200; seed++) {
		struct shut_sim_turns *t = turns(&r, &pl, 1, seed, 1);
		unsigned __int128 x = t->score.lo, sq = x * x;

		assert_true(t->score.hi == 0);
		assert_true(t->score2.lo == (uint64_t)sq);
		assert_true(t->score2.hi == (uint64_t)(sq >> 64));
		wide += t->score2.hi != 0;
		free(t);
	}
	assert_true(wide > 0);
}

/* The histogram holds every turn, and the shut box scores 0. */
static void
the_histogram_counts_every_turn(void **state)
{
	struct shut_rules r;
	struct shut_player pl = { shut_strategy_find("fewest"), NULL };
	struct shut_sim_turns *t;
	uint64_t all = 0, sum = 0;

	(void)state;
	parse(&r, "classic");
	t = turns(&r, &pl, 10000, 3, 2);
	assert_true(t->width == 1);
	for (int i = 0; i < SHUT_SIM_BINS; i++) {
		all += t->bin[i];
		sum += t->bin[i] * (uint64_t)i;
	}
	assert_true(all == t->games);
	assert_true(t->bin[0] == t->shut);
	assert_true(sum == t->score.lo && t->score.hi == 0);
	assert_true(t->throws >= t->games);
	free(t);
}

/* ---------------------------------------------------------------------
 * Refusals and stops
 */

static int
failing_move(void *ctx, const struct shut_game *g, uint32_t *move)
{
	(void)ctx;
	(void)g;
	(void)move;
	return SHUT_EINPUT;
}

static const struct shut_strategy failing = { .name = "failing",
					      .move = failing_move };

static void
bad_runs_are_refused_and_a_player_error_is_passed_on(void **state)
{
	static struct shut_sim_turns t;
	static struct shut_sim_match m;
	struct shut_rules r, battle;
	struct shut_player pl[2] = { { &failing, NULL }, { &failing, NULL } };
	struct shut_sim sim = {
		.rules = &r, .players = pl, .nseats = 1, .games = 10
	};

	(void)state;
	parse(&r, "classic");
	parse(&battle, "battle");
	assert_int_equal(shut_sim_turns(&sim, &t), SHUT_EINPUT);
	sim.nseats = 2;
	assert_int_equal(shut_sim_turns(&sim, &t), SHUT_EINVAL);
	assert_int_equal(shut_sim_match(&sim, &m), SHUT_EINPUT);
	sim.rules = &battle;
	sim.nseats = 1;
	assert_int_equal(shut_sim_turns(&sim, &t), SHUT_EBATTLE);
	assert_int_equal(shut_sim_match(&sim, &m), SHUT_EBATTLE);
}

static void
a_stop_set_before_the_run_plays_nothing(void **state)
{
	static struct shut_sim_turns t;
	struct shut_rules r;
	struct shut_player pl = { shut_strategy_find("fewest"), NULL };
	atomic_int stop;
	atomic_ullong done;
	struct shut_sim sim = { .rules = &r,
				.players = &pl,
				.nseats = 1,
				.games = 100000,
				.stop = &stop,
				.done = &done };

	(void)state;
	parse(&r, "classic");
	atomic_init(&stop, 1);
	atomic_init(&done, 0);
	assert_int_equal(shut_sim_turns(&sim, &t), 0);
	assert_true(t.games == 0 && atomic_load(&done) == 0);
	atomic_store(&stop, 0);
	assert_int_equal(shut_sim_turns(&sim, &t), 0);
	assert_true(t.games == 100000 && atomic_load(&done) == 100000);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
		    every_strategy_agrees_with_its_exact_value_on_several_presets),
		cmocka_unit_test(
		    the_step_path_agrees_with_the_exact_values_too),
		cmocka_unit_test(the_check_tells_fewest_from_thai_wiki),
		cmocka_unit_test(the_threads_do_not_change_the_turns_tally),
		cmocka_unit_test(the_threads_do_not_change_the_match_tally),
		cmocka_unit_test(perfect_seats_play_on_threads_of_their_own),
		cmocka_unit_test(squares_are_counted_in_128_bits),
		cmocka_unit_test(the_histogram_counts_every_turn),
		cmocka_unit_test(
		    bad_runs_are_refused_and_a_player_error_is_passed_on),
		cmocka_unit_test(a_stop_set_before_the_run_plays_nothing),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
