/*
 * test_sim_compiled.c - the compiled player of the simulator: its tables
 * hold the policy's own choices, it plays the same game as the step API,
 * and its tally does not depend on the threads.
 *
 * The tables are checked against the policy asked directly, not through
 * the game the compiler asks: the ranked rules through
 * shut_policy_dice() and shut_policy_move(), the solver's through
 * shut_solver_rank_dice() and shut_solver_rank_moves(), for every board
 * and every ordered throw of its dice.  The check tells two strategies
 * apart (the tables of fewest are not highest's), so a compiler that
 * chose another move than the policy would fail it.
 *
 * The statistical checks compare the compiled path with the step path
 * (SHUT_SIM_STEP) on 200,000 turns each: the difference of the means and
 * of the shut rates over its standard error must stay within 4.5 (a
 * chance of about 7 in a million each when both are right).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shutbox.h"
#include "sim_compiled.h"

#define LEN(a) (sizeof(a) / sizeof((a)[0]))

static const char *const presets[] = {
	"classic", "lone-one",	"five-rounds", "travel", "3-to-go",
	"3-down",  "unlucky-7", "thai",	       "2012",
};

/* Every strategy but random: the table's and the solver's two. */
static const struct shut_strategy *
strategy(size_t i)
{
	if (i + 1 < shut_strategy_count())
		return shut_strategy_at(i + 1);
	return i + 1 == shut_strategy_count() ? &shut_solver_optimal
					      : &shut_solver_shut;
}

#define NSTRATEGIES (shut_strategy_count() + 1)

static void
parse(struct shut_rules *r, const char *spec)
{
	assert_int_equal(shut_rules_parse(r, spec, NULL, 0), 0);
	/* Single turns, as the simulator plays them. */
	r->rounds = 1;
	r->until = 0;
	r->eliminate = 0;
	r->stake = 0;
}

static struct shut_solver *
player(const struct shut_rules *r, const struct shut_strategy *st,
       struct shut_player *pl)
{
	struct shut_objective obj = { .kind = SHUT_OBJECTIVE_EXPECTED };
	struct shut_solver *s = NULL;

	pl->strategy = st;
	pl->ctx = NULL;
	if (st->policy->dice == SHUT_DICE_RULE_SOLVER) {
		obj.kind = st->policy->objective;
		assert_int_equal(shut_solver_new(&s, r, &obj, NULL), 0);
		pl->ctx = s;
	}
	return s;
}

/* ---------------------------------------------------------------------
 * The tables against the policy
 */

/* The dice count the policy throws at board open. */
static int
policy_dice(const struct shut_rules *r, const struct shut_player *pl,
	    uint32_t open)
{
	const struct shut_policy *p = pl->strategy->policy;
	struct shut_position pos = { .open = open };
	struct shut_choice c;

	if (p->dice != SHUT_DICE_RULE_SOLVER)
		return shut_policy_dice(p, shut_dice_choices(r, open));
	assert_true(shut_solver_rank_dice(pl->ctx, &pos, &c, 1) > 0);
	return c.dice;
}

/* Where throw t leads from open under the policy: as shut__simc_next(). */
static uint32_t
policy_next(const struct shut_rules *r, const struct shut_player *pl,
	    uint32_t open, const struct shut_throw *t)
{
	const struct shut_policy *p = pl->strategy->policy;
	int first = open == shut_rules_start(r);
	struct shut_position pos = { .open = open };
	struct shut_choice c;
	uint32_t move = 0;
	long n;

	if (r->bust && shut_throw_total(t) == r->bust)
		return open;
	if (p->move == SHUT_MOVE_RULE_RANK) {
		n = shut_policy_move(p, r, open, t, first, &move);
		assert_true(n == 0 || n == SHUT_EILLEGAL);
		return n == 0 ? open & ~move : open;
	}
	n = shut_solver_rank_moves(pl->ctx, &pos, t, &c, 1);
	assert_true(n >= 0);
	return n > 0 ? open & ~c.move : open;
}

/*
 * Compares the tables of the player of st on r with the policy of `as`
 * (the same strategy, or another to show the check can fail); returns the
 * entries that differ.
 */
static long
differences(const struct shut_rules *r, const struct shut_strategy *st,
	    const struct shut_strategy *as)
{
	struct shut_player pl, pa;
	struct shut_solver *s = player(r, st, &pl), *sa = player(r, as, &pa);
	struct shut__simc *c;
	struct shut_game g;
	uint32_t start = shut_rules_start(r);
	long diff = 0, checked = 0;

	assert_int_equal(shut_game_init(&g, r, 1), 0);
	assert_int_equal(shut__simc_new(&c, &g, &pl), 0);
	for (uint32_t open = start; open != 0; open = (open - 1) & start) {
		int d = shut__simc_dice(c, open), x = 1;

		if (d != policy_dice(r, &pa, open)) {
			diff++;
			continue;
		}
		for (int i = 0; i < d; i++)
			x *= r->faces;
		/* Every ordered throw, each face of each die. */
		for (int o = 0; o < x; o++) {
			struct shut_throw t = { .n = d };
			uint32_t next;

			for (int i = 0, v = o; i < d; i++, v /= r->faces)
				t.face[i] = v % r->faces + 1;
			assert_int_equal(shut__simc_next(c, open, &t, &next),
					 0);
			diff += next != policy_next(r, &pa, open, &t);
			checked++;
		}
	}
	assert_true(checked > 0);
	shut__simc_free(c);
	shut_solver_free(s);
	shut_solver_free(sa);
	return diff;
}

static void
the_tables_hold_the_policys_own_choices(void **state)
{
	(void)state;
	for (size_t p = 0; p < LEN(presets); p++) {
		struct shut_rules r;

		parse(&r, presets[p]);
		for (size_t k = 0; k < NSTRATEGIES; k++) {
			long d = differences(&r, strategy(k), strategy(k));

			if (d != 0)
				printf("# %s, %s: %ld entries differ\n",
				       presets[p], strategy(k)->name, d);
			assert_true(d == 0);
		}
	}
}

static void
the_table_check_tells_fewest_from_highest(void **state)
{
	struct shut_rules r;

	(void)state;
	parse(&r, "classic");
	assert_true(differences(&r, shut_strategy_find("fewest"),
				shut_strategy_find("highest")) > 0);
}

/* Throws are told by total where they can be, by faces where not. */
static void
the_key_is_the_total_unless_the_faces_matter(void **state)
{
	static const struct {
		const char *spec, *strategy;
		enum simc_key key;
	} cases[] = {
		{ "classic", "fewest", SIMC_KEY_TOTAL },
		{ "classic", "thai-wiki", SIMC_KEY_FACES },
		{ "thai", "fewest", SIMC_KEY_FACES },
		{ "five-rounds", "highest", SIMC_KEY_FACES },
	};

	(void)state;
	for (size_t i = 0; i < LEN(cases); i++) {
		struct shut_rules r;
		struct shut_player pl = { shut_strategy_find(cases[i].strategy),
					  NULL };
		struct shut__simc *c;
		struct shut_game g;

		parse(&r, cases[i].spec);
		assert_int_equal(shut_game_init(&g, &r, 1), 0);
		assert_int_equal(shut__simc_new(&c, &g, &pl), 0);
		assert_int_equal(shut__simc_key(c), cases[i].key);
		shut__simc_free(c);
	}
}

static void
what_does_not_compile_is_refused(void **state)
{
	struct shut_rules r;
	struct shut_player pl = { shut_strategy_find("random"), NULL };
	struct shut__simc *c = NULL;
	struct shut_game g;

	(void)state;
	parse(&r, "classic");
	assert_int_equal(shut_game_init(&g, &r, 1), 0);
	assert_int_equal(shut__simc_new(&c, &g, &pl), SHUT_EMODE);
	assert_null(c);
	parse(&r, "classic tiles=1-17");
	pl.strategy = shut_strategy_find("fewest");
	assert_int_equal(shut_game_init(&g, &r, 1), 0);
	assert_int_equal(shut__simc_new(&c, &g, &pl), SHUT_EMODE);
	parse(&r, "classic dice=5d6"); /* 6^5 throws pass 12 bits */
	pl.strategy = shut_strategy_find("thai-wiki"); /* all the dice */
	assert_int_equal(shut_game_init(&g, &r, 1), 0);
	assert_int_equal(shut__simc_new(&c, &g, &pl), SHUT_EMODE);
}

/* ---------------------------------------------------------------------
 * The simulator on the compiled path
 */

static struct shut_sim_turns *
turns(const struct shut_rules *r, const struct shut_player *pl, uint64_t n,
      uint64_t seed, int threads, unsigned flags)
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
	assert_true(t->compiled == !(flags & SHUT_SIM_STEP));
	return t;
}

static void
the_threads_do_not_change_the_compiled_tally(void **state)
{
	static const uint64_t sizes[] = { 1, 7, 8, 9,
					  3 * SHUT_SIM_BLOCK + 123 };
	struct shut_rules r;
	struct shut_player pl;
	struct shut_solver *s;

	(void)state;
	parse(&r, "classic");
	s = player(&r, &shut_solver_optimal, &pl);
	for (size_t i = 0; i < LEN(sizes); i++) {
		struct shut_sim_turns *a = turns(&r, &pl, sizes[i], 77, 1, 0);
		struct shut_sim_turns *b = turns(&r, &pl, sizes[i], 77, 2, 0);
		struct shut_sim_turns *c = turns(&r, &pl, sizes[i], 77, 5, 0);
		uint64_t all = 0;

		assert_memory_equal(a, b, sizeof(*a));
		assert_memory_equal(a, c, sizeof(*a));
		for (int k = 0; k < SHUT_SIM_BINS; k++)
			all += a->bin[k];
		assert_true(all == sizes[i] && a->throws >= sizes[i]);
		free(c);
		c = turns(&r, &pl, sizes[i], 78, 2, 0);
		if (sizes[i] > 100)
			assert_true(memcmp(a, c, sizeof(*a)) != 0);
		free(a);
		free(b);
		free(c);
	}
	shut_solver_free(s);
}

/*
 * The tally of a compiled run is its block's counts added up exactly:
 * played here from the seed's own stream (block 0) and summed in 128
 * bits, with scores of 12 digits whose squares pass 2^64.
 */
static void
the_compiled_tally_adds_up_the_counts_exactly(void **state)
{
	struct shut_rules r;
	struct shut_player pl = { shut_strategy_find("fewest"), NULL };
	struct shut__simc *c;
	struct shut_game g;
	struct shut_rng rng;
	const struct simc_end *ends;
	struct shut_sim_turns *t;
	unsigned __int128 sum = 0, sum2 = 0;
	uint64_t *count, throws = 0, shut = 0;
	size_t n;

	(void)state;
	parse(&r, "classic tiles=1-15 start=10-15 score=digits");
	assert_int_equal(shut_game_init(&g, &r, 1), 0);
	assert_int_equal(shut__simc_new(&c, &g, &pl), 0);
	n = shut__simc_ends(c, &ends);
	count = calloc(n, sizeof(*count));
	assert_non_null(count);
	shut_rng_seed(&rng, 42);
	shut__simc_play(c, &rng, SHUT_SIM_BLOCK, count, &throws);
	for (size_t i = 0; i < n; i++) {
		unsigned __int128 x = ends[i].score;

		sum += count[i] * x;
		sum2 += count[i] * x * x;
		shut += ends[i].shut ? count[i] : 0;
	}
	t = turns(&r, &pl, SHUT_SIM_BLOCK, 42, 1, 0);
	assert_true(t->throws == throws && t->shut == shut);
	assert_true(t->score.lo == (uint64_t)sum);
	assert_true(t->score.hi == (uint64_t)(sum >> 64));
	assert_true(t->score2.lo == (uint64_t)sum2);
	assert_true(t->score2.hi == (uint64_t)(sum2 >> 64));
	assert_true(t->score2.hi != 0);
	free(t);
	free(count);
	shut__simc_free(c);
}

/* How far apart two estimates are, in standard errors of the difference. */
static double
apart(double a, double va, double b, double vb)
{
	double se = sqrt(va + vb);

	return se > 0 ? fabs(a - b) / se : a == b ? 0 : 99;
}

static void
mean_var(const struct shut_sim_turns *t, double *mean, double *var)
{
	double n = (double)t->games;

	*mean = shut_wide_double(&t->score) / n;
	*var = (shut_wide_double(&t->score2) / n - *mean * *mean) * n / (n - 1);
}

static void
the_compiled_path_and_the_step_path_agree(void **state)
{
	static const char *const specs[] = { "classic", "3-to-go", "thai",
					     "unlucky-7" };
	static const char *const names[] = { "optimal", "thai-wiki", "most" };
	double worst = 0;

	(void)state;
	for (size_t i = 0; i < LEN(specs); i++)
		for (size_t k = 0; k < LEN(names); k++) {
			const struct shut_strategy *st =
			    k == 0 ? &shut_solver_optimal
				   : shut_strategy_find(names[k]);
			struct shut_rules r;
			struct shut_player pl;
			struct shut_solver *s;
			struct shut_sim_turns *a, *b;
			double ma, va, mb, vb, pa, pb, n, z;

			parse(&r, specs[i]);
			s = player(&r, st, &pl);
			a = turns(&r, &pl, 200000, 11 + i, 2, 0);
			b = turns(&r, &pl, 200000, 1011 + i, 2, SHUT_SIM_STEP);
			mean_var(a, &ma, &va);
			mean_var(b, &mb, &vb);
			n = (double)a->games;
			pa = (double)a->shut / n;
			pb = (double)b->shut / n;
			z = apart(ma, va / n, mb, vb / n);
			worst = z > worst ? z : worst;
			z = apart(pa, pa * (1 - pa) / n, pb, pb * (1 - pb) / n);
			worst = z > worst ? z : worst;
			free(a);
			free(b);
			shut_solver_free(s);
		}
	printf("# compiled against step: the worst %.2f standard errors "
	       "apart\n",
	       worst);
	assert_true(worst <= 4.5);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_tables_hold_the_policys_own_choices),
		cmocka_unit_test(the_table_check_tells_fewest_from_highest),
		cmocka_unit_test(the_key_is_the_total_unless_the_faces_matter),
		cmocka_unit_test(what_does_not_compile_is_refused),
		cmocka_unit_test(the_threads_do_not_change_the_compiled_tally),
		cmocka_unit_test(the_compiled_tally_adds_up_the_counts_exactly),
		cmocka_unit_test(the_compiled_path_and_the_step_path_agree),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
