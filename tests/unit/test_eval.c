/*
 * test_eval.c - the exact evaluation of a strategy, checked.
 *
 * The reference is a brute force that shares nothing with lib/eval*.c: it
 * plays one-seat, one-round games through the game engine itself
 * (shut_game_dice/throw/move) with the strategy's own dice() and move()
 * callbacks, throws every ordered tuple of faces, and (random) averages
 * over every allowed dice count and every legal move that
 * shut_game_moves() lists.  Memoised on the open tiles, it gives the
 * distribution of the score from every board the turn can reach, which
 * the evaluator's distribution, expected score and chance of shutting
 * must match on small boxes under many rule sets, for every strategy.
 * Besides: a hand computation, optimal's values against the solver's,
 * and the exact rationals against the doubles.
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
#include <gmp.h>

#include "eval.h"
#include "shutbox.h"
#include "unit.h"

#define LEN(a) (sizeof(a) / sizeof((a)[0]))
#define EPS    1e-12
#define SCORES 64 /* the scores of the small boxes below are less */

static int
close_to(double a, double b)
{
	return fabs(a - b) <= EPS * (1 + fabs(a) + fabs(b));
}

/* ---------------------------------------------------------------------
 * The brute force
 */

struct brute {
	const struct shut_strategy *st;
	void *ctx;
	int random;
	double memo[1 << 8][SCORES];
	char seen[1 << 8];
};

static void play(struct brute *b, const struct shut_game *g, double w,
		 double *out);

/* The distribution from a game waiting for its dice, memoised. */
static void
from_dice(struct brute *b, const struct shut_game *g, double w, double *out)
{
	unsigned choices = shut_game_dice_choices(g);
	double *m = b->memo[g->open];

	if (!b->seen[g->open] || g->first) {
		double here[SCORES] = { 0 };
		int nd = 0, d;

		for (d = 1; d <= SHUT_DICE_MAX; d++)
			nd += (choices >> d) & 1;
		if (b->random) {
			for (d = 1; d <= SHUT_DICE_MAX; d++) {
				struct shut_game c = *g;

				if (!(choices & (1u << d)))
					continue;
				assert_true(shut_game_dice(&c, d) >= 0);
				play(b, &c, 1.0 / nd, here);
			}
		} else {
			struct shut_game c = *g;

			d = b->st->dice(b->ctx, g, choices);
			assert_true(shut_game_dice(&c, d) >= 0);
			play(b, &c, 1.0, here);
		}
		if (g->first) {
			for (int s = 0; s < SCORES; s++)
				out[s] += w * here[s];
			return;
		}
		memcpy(m, here, sizeof(here));
		b->seen[g->open] = 1;
	}
	for (int s = 0; s < SCORES; s++)
		out[s] += w * m[s];
}

static void
from_throw(struct brute *b, const struct shut_game *g, double w, double *out)
{
	struct shut_throw t = { g->ndice, { 0 } };
	long n = 1;

	for (int i = 0; i < t.n; i++) {
		t.face[i] = 1;
		n *= g->rules.faces;
	}
	for (;;) {
		struct shut_game c = *g;
		int i;

		assert_true(shut_game_throw(&c, &t) >= 0);
		play(b, &c, w / (double)n, out);
		for (i = 0; i < t.n && t.face[i] == g->rules.faces; i++)
			t.face[i] = 1;
		if (i == t.n)
			break;
		t.face[i]++;
	}
}

static void
from_move(struct brute *b, const struct shut_game *g, double w, double *out)
{
	uint32_t moves[64];
	long n = shut_game_moves(g, moves, LEN(moves));

	assert_true(n > 0 && n <= (long)LEN(moves));
	if (!b->random) {
		struct shut_game c = *g;
		uint32_t m = 0;

		assert_int_equal(b->st->move(b->ctx, g, &m), 0);
		assert_true(shut_game_move(&c, m) >= 0);
		play(b, &c, w, out);
		return;
	}
	for (long i = 0; i < n; i++) {
		struct shut_game c = *g;

		assert_true(shut_game_move(&c, moves[i]) >= 0);
		play(b, &c, w / (double)n, out);
	}
}

static void
play(struct brute *b, const struct shut_game *g, double w, double *out)
{
	switch (g->need) {
	case SHUT_NEED_NONE:
		assert_true(g->seat[0].total < SCORES);
		out[g->seat[0].total] += w;
		break;
	case SHUT_NEED_DICE:
		from_dice(b, g, w, out);
		break;
	case SHUT_NEED_THROW:
		from_throw(b, g, w, out);
		break;
	case SHUT_NEED_MOVE:
		from_move(b, g, w, out);
		break;
	}
}

/* ---------------------------------------------------------------------
 * Against the brute force
 */

static const char *const small[] = {
	"classic tiles=1-5",
	"classic tiles=1-6 fewer-dice=any-time",
	"classic tiles=1-6 move=dice-or-sum",
	"classic tiles=1-6 move=one-tile",
	"classic tiles=1-6 move=up-to-2 bust=7 shut=zero",
	"classic tiles=1-6 first-throw=3 score=count",
	"classic tiles=1-7 dice=3d4 fewer-dice=low-sum start=odd",
	"classic tiles=2-7 dice=2d3 fewer-dice=high-shut",
};

/* The strategies with a policy, and the ctx each plays with. */
static size_t
strategies(const struct shut_strategy **out, size_t cap)
{
	size_t n = 0;

	for (size_t i = 0; i < shut_strategy_count() && n < cap; i++)
		out[n++] = shut_strategy_at(i);
	assert_true(n + 2 <= cap);
	out[n++] = &shut_solver_optimal;
	out[n++] = &shut_solver_shut;
	return n;
}

static void
check_against_brute(const struct shut_rules *r, const struct shut_strategy *st,
		    struct shut_solver *s)
{
	static struct brute b;
	struct shut_eval *e;
	struct shut_game g;
	struct shut_score_prob dist[SCORES];
	double ref[SCORES] = { 0 }, got[SCORES] = { 0 };
	uint32_t start = shut_rules_start(r);
	long n;

	memset(&b, 0, sizeof(b));
	b.st = st;
	b.ctx = st->policy->move == SHUT_MOVE_RULE_SOLVER ? s : NULL;
	b.random = st->policy->move == SHUT_MOVE_RULE_RANDOM;
	assert_int_equal(shut_game_init(&g, r, 1), 0);
	play(&b, &g, 1.0, ref);

	assert_int_equal(shut_eval_new(&e, r, st, NULL), 0);
	n = shut_eval_distribution(e, dist, LEN(dist));
	assert_true(n > 0 && n <= (long)LEN(dist));
	for (long i = 0; i < n; i++) {
		assert_true(dist[i].prob > 0);
		assert_true(i == 0 || dist[i].score > dist[i - 1].score);
		got[dist[i].score] = dist[i].prob;
	}
	for (int k = 0; k < SCORES; k++)
		if (!close_to(ref[k], got[k]))
			fail_msg("%s: P(score %d) = %.15g, brute force %.15g",
				 st->name, k, got[k], ref[k]);

	/* Every board the brute force saw, and the start. */
	b.seen[start] = 1;
	memcpy(b.memo[start], ref, sizeof(ref));
	for (uint32_t open = 0; open < LEN(b.seen); open++) {
		struct shut_value v;
		double mean = 0;

		if (!b.seen[open])
			continue;
		for (int k = 0; k < SCORES; k++)
			mean += k * b.memo[open][k];
		assert_int_equal(shut_eval_value(e, open, &v), 0);
		if (!close_to(v.expected, mean) ||
		    !close_to(v.shut, b.memo[open][0]))
			fail_msg("%s at %#x: %.15g %.15g, brute force %.15g "
				 "%.15g",
				 st->name, open, v.expected, v.shut, mean,
				 b.memo[open][0]);
	}
	shut_eval_free(e);
}

static void
every_strategy_agrees_with_a_brute_force_through_the_game(void **state)
{
	const struct shut_strategy *st[16];
	size_t nst = strategies(st, LEN(st));

	(void)state;
	for (size_t i = 0; i < LEN(small); i++) {
		struct shut_objective obj[2] = {
			{ .kind = SHUT_OBJECTIVE_EXPECTED },
			{ .kind = SHUT_OBJECTIVE_SHUT }
		};
		struct shut_solver *s[2];
		struct shut_rules r;
		char why[256];

		assert_int_equal(
		    shut_rules_parse(&r, small[i], why, sizeof(why)), 0);
		for (int k = 0; k < 2; k++)
			assert_int_equal(
			    shut_solver_new(&s[k], &r, &obj[k], NULL), 0);
		for (size_t j = 0; j < nst; j++)
			check_against_brute(&r, st[j],
					    st[j] == &shut_solver_shut ? s[1]
								       : s[0]);
		shut_solver_free(s[0]);
		shut_solver_free(s[1]);
	}
}

/* ---------------------------------------------------------------------
 * By hand
 */

/*
 * Tiles 1 and 2, one two-sided die: a 1 shuts tile 1, a 2 tile 2.  After
 * either, the other face shuts the box (1/2) or ends the turn with the
 * other tile open: P(shut) = 1/2, P(score 1) = P(score 2) = 1/4,
 * E = 1/4 + 2/4 = 3/4.  Every strategy plays it alike.
 */
static void
a_box_of_two_tiles_by_hand(void **state)
{
	const struct shut_strategy *st[16];
	size_t nst = strategies(st, LEN(st));
	struct shut_eval_options opt = { .flags = SHUT_EVAL_EXACT };
	static const char *const want[] = { "1/2", "1/4", "1/4" };
	struct shut_rules r;
	char why[256], buf[64];

	(void)state;
	assert_int_equal(shut_rules_parse(&r,
					  "classic tiles=1-2 dice=1d2 "
					  "fewer-dice=never",
					  why, sizeof(why)),
			 0);
	for (size_t j = 0; j < nst; j++) {
		struct shut_score_prob d[3];
		struct shut_eval *e;

		assert_int_equal(shut_eval_new(&e, &r, st[j], &opt), 0);
		shut_eval_exact(e, 3, SHUT_EXACT_SHUT, buf, sizeof(buf));
		assert_string_equal(buf, "1/2");
		shut_eval_exact(e, 3, SHUT_EXACT_EXPECTED, buf, sizeof(buf));
		assert_string_equal(buf, "3/4");
		shut_eval_exact(e, 2, SHUT_EXACT_EXPECTED, buf, sizeof(buf));
		assert_string_equal(buf, "1/1");
		assert_int_equal(shut_eval_distribution(e, d, 3), 3);
		for (int k = 0; k < 3; k++) {
			assert_int_equal(d[k].score, k);
			shut_eval_distribution_exact(e, (size_t)k, buf,
						     sizeof(buf));
			assert_string_equal(buf, want[k]);
		}
		shut_eval_free(e);
	}
}

/* ---------------------------------------------------------------------
 * The solver, and exact against double
 */

static const char *const presets[] = {
	"classic",
	"classic fewer-dice=never",
	"missionary",
	"digital",
	"five-rounds",
	"travel",
	"3-to-go",
	"unlucky-7",
	"odds",
	"cards",
	"classic move=one-tile",
};

/* The value of a fraction "p/q" as a double. */
static double
fraction(const char *text)
{
	mpq_t q;
	double d;

	mpq_init(q);
	assert_int_equal(mpq_set_str(q, text, 10), 0);
	d = mpq_get_d(q);
	mpq_clear(q);
	return d;
}

static void
optimal_and_shut_are_worth_the_solvers_values(void **state)
{
	(void)state;
	for (size_t i = 0; i < LEN(presets); i++) {
		struct shut_objective obj = { .kind = SHUT_OBJECTIVE_EXPECTED };
		struct shut_solver_options so = { .flags = SHUT_SOLVER_EXACT };
		struct shut_eval_options opt = { .flags = SHUT_EVAL_EXACT };
		const struct shut_strategy *st[2] = { &shut_solver_optimal,
						      &shut_solver_shut };
		struct shut_rules r;
		char why[256];

		assert_int_equal(
		    shut_rules_parse(&r, presets[i], why, sizeof(why)), 0);
		for (int k = 0; k < 2; k++) {
			struct shut_solver *s;
			struct shut_eval *e;
			uint32_t start = shut_rules_start(&r);

			obj.kind =
			    k ? SHUT_OBJECTIVE_SHUT : SHUT_OBJECTIVE_EXPECTED;
			assert_int_equal(shut_solver_new(&s, &r, &obj, &so), 0);
			opt.solver = s;
			assert_int_equal(shut_eval_new(&e, &r, st[k], &opt), 0);
			for (uint32_t open = start;;
			     open = (open - 1) & start) {
				char a[512], b[512];

				for (int w = SHUT_EXACT_EXPECTED;
				     w <= SHUT_EXACT_SHUT; w++) {
					shut_solver_exact(
					    s,
					    &(struct shut_position){ open, 0,
								     0 },
					    w, a, sizeof(a));
					shut_eval_exact(e, open, w, b,
							sizeof(b));
					if (strcmp(a, b) != 0)
						fail_msg("%s %s at %#x: %s, "
							 "solver %s",
							 presets[i],
							 st[k]->name, open, b,
							 a);
				}
				if (open == 0)
					break;
			}
			shut_eval_free(e);
			shut_solver_free(s);
		}
	}
}

static void
exact_and_double_agree(void **state)
{
	const struct shut_strategy *st[16];
	size_t nst = strategies(st, LEN(st));

	(void)state;
	for (size_t i = 0; i < LEN(presets); i++) {
		struct shut_rules r;
		char why[256];

		assert_int_equal(
		    shut_rules_parse(&r, presets[i], why, sizeof(why)), 0);
		for (size_t j = 0; j < nst; j++) {
			struct shut_eval_options opt = { .flags =
							     SHUT_EVAL_EXACT };
			uint32_t start = shut_rules_start(&r);
			struct shut_score_prob d[512];
			struct shut_eval *e, *f;
			long n;

			assert_int_equal(shut_eval_new(&e, &r, st[j], &opt), 0);
			assert_int_equal(shut_eval_new(&f, &r, st[j], NULL), 0);
			for (uint32_t open = start;;
			     open = (open - 1) & start) {
				struct shut_value v, w;
				char a[512], b[512];

				/*
				 * The exact evaluator's doubles are its
				 * rationals rounded (test_exact.c), which the
				 * double passes come within a hair of.
				 */
				shut_eval_value(e, open, &v);
				shut_eval_value(f, open, &w);
				assert_true(close_to(v.expected, w.expected) &&
					    close_to(v.shut, w.shut));
				shut_eval_exact(e, open, SHUT_EXACT_EXPECTED, a,
						sizeof(a));
				shut_eval_exact(e, open, SHUT_EXACT_SHUT, b,
						sizeof(b));
				assert_true(close_to(fraction(a), v.expected));
				assert_true(close_to(fraction(b), v.shut));
				if (open == 0)
					break;
			}
			n = shut_eval_distribution(e, d, LEN(d));
			assert_true(n > 0 && n <= (long)LEN(d));
			for (long k = 0; k < n; k++) {
				char a[512];

				shut_eval_distribution_exact(e, (size_t)k, a,
							     sizeof(a));
				assert_true(close_to(fraction(a), d[k].prob));
			}
			shut_eval_free(e);
			shut_eval_free(f);
		}
	}
}

/*
 * The forward pass follows the edges the backward pass kept, or on a box
 * too big for them walks every board again: the two give the same
 * distribution to the last bit.
 */
static void
the_forward_pass_walks_as_it_follows_the_kept_edges(void **state)
{
	const struct shut_strategy *st[16];
	size_t nst = strategies(st, LEN(st));

	(void)state;
	for (size_t i = 0; i < LEN(presets); i++) {
		struct shut_rules r;
		char why[256];

		assert_int_equal(
		    shut_rules_parse(&r, presets[i], why, sizeof(why)), 0);
		for (size_t j = 0; j < nst; j++) {
			struct shut_eval_options walk = {
				.flags = SHUT__EVAL_NOCACHE
			};
			struct shut_score_prob a[512], b[512];
			struct shut_eval *e, *f;
			long n;

			assert_int_equal(shut_eval_new(&e, &r, st[j], NULL), 0);
			assert_int_equal(shut_eval_new(&f, &r, st[j], &walk),
					 0);
			n = shut_eval_distribution(e, a, LEN(a));
			assert_true(n > 0 && n <= (long)LEN(a));
			assert_int_equal(shut_eval_distribution(f, b, LEN(b)),
					 n);
			assert_memory_equal(a, b, (size_t)n * sizeof(a[0]));
			shut_eval_free(e);
			shut_eval_free(f);
		}
	}
}

/* ---------------------------------------------------------------------
 * The policies' moves
 */

struct pick_case {
	const char *strategy, *spec;
	uint32_t board;
	struct shut_throw t;
	uint32_t want;
};

#define T(x) SHUT_TILE(x)

static const struct pick_case picks[] = {
	/* Thai style: the sum, else the higher die, else the lower. */
	{ "thai-wiki", "classic move=one-tile", 511, { 2, { 2, 3 } }, T(5) },
	{ "thai-wiki",
	  "classic move=one-tile",
	  511 & ~T(5),
	  { 2, { 2, 3 } },
	  T(3) },
	{ "thai-wiki",
	  "classic move=one-tile",
	  T(2) | T(9),
	  { 2, { 2, 3 } },
	  T(2) },
	/* Elsewhere: the sum's tile, else the dice's tiles, else fewest. */
	{ "thai-wiki", "classic", 511, { 2, { 3, 5 } }, T(8) },
	{ "thai-wiki", "classic", 511 & ~T(8), { 2, { 3, 5 } }, T(3) | T(5) },
	{ "thai-wiki",
	  "classic",
	  511 & ~T(8) & ~T(5),
	  { 2, { 3, 5 } },
	  T(1) | T(7) },
	{ "fewest", "classic", 511 & ~T(8), { 2, { 3, 5 } }, T(1) | T(7) },
	{ "highest", "classic", 511, { 2, { 3, 5 } }, T(8) },
	{ "most", "classic", 511, { 2, { 4, 6 } }, T(1) | T(2) | T(3) | T(4) },
	{ "most", "classic", 511, { 2, { 2, 6 } }, T(1) | T(2) | T(5) },
	{ "lowest",
	  "classic",
	  511,
	  { 2, { 4, 6 } },
	  T(1) | T(2) | T(3) | T(4) },
	{ "lowest", "classic", 511, { 2, { 3, 4 } }, T(1) | T(2) | T(4) },
};

static void
the_policies_pick_as_their_table_says(void **state)
{
	(void)state;
	for (size_t i = 0; i < LEN(picks); i++) {
		const struct pick_case *c = &picks[i];
		const struct shut_strategy *st =
		    shut_strategy_find(c->strategy);
		struct shut_rules r;
		uint32_t move = 0;
		char why[256];

		assert_non_null(st);
		assert_int_equal(
		    shut_rules_parse(&r, c->spec, why, sizeof(why)), 0);
		assert_int_equal(
		    shut_policy_move(st->policy, &r, c->board, &c->t, 0, &move),
		    0);
		if (move != c->want)
			fail_msg("case %zu: %s chose %#x, not %#x", i,
				 c->strategy, move, c->want);
	}
	assert_int_equal(
	    shut_policy_dice(shut_strategy_find("thai-wiki")->policy,
			     (1u << 1) | (1u << 2)),
	    2);
	assert_int_equal(shut_policy_dice(shut_strategy_find("most")->policy,
					  (1u << 1) | (1u << 2)),
			 1);
}

/*
 * most: the most tiles, ties broken on the higher tile (docs/strategies.md).
 * On a nine-tile box under two dice the canonical order happens to pick
 * the same move as that tie-break wherever moves tie on their count, so
 * the case is a throw of three dice: 4, 5 and 5 make 14 on the board 1, 2,
 * 3, 6, 7, 9, whose longest moves are 1+6+7 and 2+3+9.  The canonical
 * order puts 1+6+7 first; most takes 2+3+9, for its 9.  Checked on the
 * policy, and on the strategy's move() in a game at that board.
 */
static void
most_breaks_a_tie_of_tile_counts_on_the_higher_tile(void **state)
{
	const struct shut_strategy *st = shut_strategy_find("most");
	const struct shut_throw t = { 3, { 4, 5, 5 } };
	const uint32_t board = T(1) | T(2) | T(3) | T(6) | T(7) | T(9);
	const uint32_t want = T(2) | T(3) | T(9), other = T(1) | T(6) | T(7);
	uint32_t moves[16], move = 0;
	struct shut_rules r;
	struct shut_game g;
	int three = 0;
	long n;

	(void)state;
	assert_non_null(st);
	rules_of(&r, "classic start=1-3,6,7,9 dice=3d6 fewer-dice=never");
	/* Only the two, of three tiles each; canonical order: 1+6+7 first. */
	assert_int_equal(shut_game_init(&g, &r, 1), 0);
	if (g.need == SHUT_NEED_DICE)
		assert_true(shut_game_dice(&g, 3) >= 0);
	assert_int_equal(g.need, SHUT_NEED_THROW);
	assert_true(shut_game_throw(&g, &t) >= 0);
	assert_int_equal(shut_game_board(&g), board);
	n = shut_game_moves(&g, moves, LEN(moves));
	assert_true(n > 0 && n <= (long)LEN(moves));
	for (long i = 0; i < n; i++) {
		int c = shut_tiles_count(moves[i]);

		assert_true(c < 3 || moves[i] == want || moves[i] == other);
		three += c == 3;
	}
	assert_int_equal(three, 2);
	assert_true(shut_move_cmp(other, want) < 0);
	/* The policy, and the strategy as a computer player plays it. */
	assert_int_equal(shut_policy_move(st->policy, &r, board, &t, 1, &move),
			 0);
	if (move != want)
		fail_msg("the policy chose %#x, not 2+3+9 (%#x)", move, want);
	move = 0;
	assert_int_equal(st->move(NULL, &g, &move), 0);
	if (move != want)
		fail_msg("the strategy chose %#x, not 2+3+9 (%#x)", move, want);
}

/*
 * From the box shut (SHUT_EVAL_FROM with from 0): the one score 0, for
 * certain; without the flag, 0 is the start set.
 */
static void
from_the_box_shut_the_score_is_zero(void **state)
{
	struct shut_eval_options opt = { .flags = SHUT_EVAL_FROM };
	struct shut_score_prob d[64];
	struct shut_rules r;
	struct shut_eval *e;

	(void)state;
	rules_of(&r, "classic");
	assert_int_equal(
	    shut_eval_new(&e, &r, shut_strategy_find("fewest"), &opt), 0);
	assert_int_equal(shut_eval_distribution(e, d, LEN(d)), 1);
	assert_true(d[0].score == 0 && d[0].prob == 1.0);
	shut_eval_free(e);
	opt.flags = 0;
	assert_int_equal(
	    shut_eval_new(&e, &r, shut_strategy_find("fewest"), &opt), 0);
	assert_true(shut_eval_distribution(e, d, LEN(d)) > 1);
	shut_eval_free(e);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_policies_pick_as_their_table_says),
		cmocka_unit_test(
		    most_breaks_a_tie_of_tile_counts_on_the_higher_tile),
		cmocka_unit_test(a_box_of_two_tiles_by_hand),
		cmocka_unit_test(
		    every_strategy_agrees_with_a_brute_force_through_the_game),
		cmocka_unit_test(optimal_and_shut_are_worth_the_solvers_values),
		cmocka_unit_test(exact_and_double_agree),
		cmocka_unit_test(
		    the_forward_pass_walks_as_it_follows_the_kept_edges),
		cmocka_unit_test(from_the_box_shut_the_score_is_zero),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
