/*
 * test_solver_rank.c - the solver's rankings of moves and dice counts.
 *
 * Bad throws are refused; the dice count and the move ranked first play
 * exactly the solved values, and every ranking is in order of the
 * objective; and whole rankings, cut short or not, follow the reference
 * definition (every rank chosen again among the moves left) on boards and
 * objectives full of ties, battles' included.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shutbox.h"
#include "solver.h"
#include "unit.h"
#include "unit_solver.h"

#define LEN(a) (sizeof(a) / sizeof((a)[0]))

/* ------------------------------------------------------------------ */
/* Rankings */

static void
bad_throws_are_refused_by_the_ranking(void **state)
{
	struct shut_solver *s = solve("classic", "expected", 0);
	struct shut_position pos = { 0x1ff, 0, 0 };
	struct shut_throw t = { 2, { 7, 1 } };
	struct shut_choice c;

	(void)state;
	assert_int_equal(shut_solver_rank_moves(s, &pos, &t, &c, 1),
			 SHUT_ETHROW);
	/* One die while 7, 8 and 9 are open. */
	t.n = 1;
	t.face[0] = 3;
	assert_int_equal(shut_solver_rank_moves(s, &pos, &t, &c, 1),
			 SHUT_EDICE);
	/* The shut box has nothing to rank. */
	pos.open = 0;
	assert_int_equal(shut_solver_rank_moves(s, &pos, &t, &c, 1), 0);
	assert_int_equal(shut_solver_rank_dice(s, &pos, &c, 1), 0);
	shut_solver_free(s);
}

/* The value of a turn that ends with the tiles of open left. */
static double
end_value(const char *objective, const struct shut_rules *r, uint32_t open)
{
	uint64_t score = shut_score(r, open);

	if (strcmp(objective, "expected") == 0)
		return (double)score;
	if (strcmp(objective, "shut") == 0)
		return open == 0;
	return score < strtoull(objective + 5, NULL, 10);
}

/*
 * The value of every state is the average, over the throws of the dice
 * count ranked first, of the value after the move ranked first (or of
 * the end of the turn): the ranking plays exactly the solved game.  And
 * every ranking is in order of the objective.
 */
static void
the_rankings_play_the_solved_values(void **state)
{
	static const char *const objectives[] = { "expected", "shut",
						  "beat:9" };

	(void)state;
	for (size_t k = 0; k < LEN(objectives); k++) {
		struct shut_solver *s = solve("classic", objectives[k], 0);
		struct shut_rules r;

		rules_of(&r, "classic");
		for (uint32_t open = 1; open < 512; open++) {
			struct shut_position pos = { open, 0, 0 };
			struct shut_value here = value_at(s, open);
			struct shut_choice dice[3], ranked[64];
			double sum = 0;
			long nd = shut_solver_rank_dice(s, &pos, dice, 3);
			int d;

			assert_true(nd >= 1);
			d = dice[0].dice;
			assert_agree(dice[0].v.value, here.value, "dice", open);
			for (long i = 1; i < nd; i++)
				if (objectives[k][0] == 'e')
					assert_true(dice[i].v.value >=
						    dice[0].v.value - 1e-9);
				else
					assert_true(dice[i].v.value <=
						    dice[0].v.value + 1e-9);
			for (int a = 1; a <= 6; a++)
				for (int b = 1; b <= (d == 2 ? 6 : 1); b++) {
					struct shut_throw t = { d, { a, b } };
					long n = shut_solver_rank_moves(
					    s, &pos, &t, ranked, LEN(ranked));
					double w = d == 2 ? 1.0 / 36 : 1.0 / 6;

					assert_true(n >= 0 && n <= 64);
					if (n == 0) {
						sum +=
						    w * end_value(objectives[k],
								  &r, open);
						continue;
					}
					sum += w * ranked[0].v.value;
					for (long i = 1; i < n; i++)
						if (objectives[k][0] == 'e')
							assert_true(
							    ranked[i].v.value >=
							    ranked[i - 1]
								    .v.value -
								1e-9);
						else
							assert_true(
							    ranked[i].v.value <=
							    ranked[i - 1]
								    .v.value +
								1e-9);
				}
			assert_agree(sum, here.value, objectives[k], open);
		}
		shut_solver_free(s);
	}
}

/* ------------------------------------------------------------------ */
/* Whole rankings against the definition */

/*
 * The ranking as it was first written, kept as the reference: every rank
 * makes the solver's choice again among the moves not yet ranked (looked
 * up in the list of those ranked), in three passes over all the moves.
 * Cubic in the moves, and the definition the fast ranking must follow
 * exactly.
 */
struct ref_cand {
	uint32_t move;
	uint32_t next;
	double k0, k1;
	int dice;
};

struct ref_ranker {
	const struct shut_solver *s;
	uint32_t open, index;
	int opener;
	const struct shut_choice *done;
	size_t ndone;
	int pass, have;
	struct ref_cand ref0, ref1, best;
};

static int
ref_tied(const struct shut_solver *s, const struct ref_cand *a,
	 const struct ref_cand *b, int k)
{
	double x = k ? a->k1 : a->k0, y = k ? b->k1 : b->k0;

	if (s->exact != NULL && a->dice == 0)
		return shut__exact_cmp(s, a->next, b->next, k) == 0;
	if (shut__within(x, y, SHUT_SOLVER_EPSILON))
		return 1;
	return s->battle && fabs(x - y) <= 2 * s->tolerance;
}

static int
ref_better(const struct shut_solver *s, const struct ref_cand *a,
	   const struct ref_cand *b, int k)
{
	if (s->exact != NULL && a->dice == 0)
		return shut__exact_cmp(s, a->next, b->next, k) > 0;
	return k ? a->k1 > b->k1 : a->k0 > b->k0;
}

static void
ref_consider(struct ref_ranker *rk, const struct ref_cand *c)
{
	const struct shut_solver *s = rk->s;

	switch (rk->pass) {
	case 0:
		if (!rk->have || ref_better(s, c, &rk->ref0, 0))
			rk->ref0 = *c;
		break;
	case 1:
		if (!ref_tied(s, c, &rk->ref0, 0))
			return;
		if (!rk->have || ref_better(s, c, &rk->ref1, 1))
			rk->ref1 = *c;
		break;
	case 2:
		if (!ref_tied(s, c, &rk->ref0, 0) ||
		    !ref_tied(s, c, &rk->ref1, 1))
			return;
		if (!rk->have || shut__prefer(c->move, rk->best.move))
			rk->best = *c;
		break;
	}
	rk->have = 1;
}

static int
ref_visit(void *ctx, uint32_t move)
{
	struct ref_ranker *rk = ctx;
	const struct shut_solver *s = rk->s;
	struct ref_cand c;

	for (size_t i = 0; i < rk->ndone; i++)
		if (rk->done[i].move == move)
			return 0;
	memset(&c, 0, sizeof(c));
	c.move = move;
	if (s->battle) {
		double v = shut__battle_after(s, rk->open, rk->opener, move);

		c.k0 = rk->opener ? -v : v;
	} else {
		c.next = rk->index - shut__squeeze(s, move);
		c.k0 = *shut__slot(s, c.next, 0);
		c.k1 = *shut__slot(s, c.next, 1);
	}
	ref_consider(rk, &c);
	return 0;
}

/* The reference ranking of a position the game can reach. */
static long
ref_rank_moves(const struct shut_solver *s, const struct shut_position *pos,
	       const struct shut_throw *t, struct shut_choice *out, size_t cap)
{
	struct ref_ranker rk;
	uint32_t board;
	int first;
	long count;

	memset(&rk, 0, sizeof(rk));
	rk.s = s;
	rk.open = pos->open;
	rk.index = shut__squeeze(s, pos->open);
	rk.opener = s->battle && pos->opener;
	board = rk.opener ? s->start & ~pos->open : pos->open;
	first = s->battle ? pos->first : pos->open == s->start;
	count = shut_moves_each(&s->rules, board, t, first, NULL, NULL);
	rk.done = out;
	for (size_t i = 0; i < cap && i < (size_t)count; i++) {
		double rec[SOLVER_SLOTS_MAX] = { 0, 0, 0 };

		rk.ndone = i;
		for (rk.pass = 0; rk.pass < 3; rk.pass++) {
			rk.have = 0;
			shut_moves_each(&s->rules, board, t, first, ref_visit,
					&rk);
		}
		out[i].move = rk.best.move;
		out[i].dice = 0;
		if (s->battle) {
			out[i].v.value = rk.opener ? -rk.best.k0 : rk.best.k0;
			out[i].v.expected = 0.0;
			out[i].v.shut = 0.0;
		} else {
			shut__get(s, rk.best.next, rec);
			shut__record_value(s, rec, &out[i].v);
		}
	}
	return count;
}

#define RANK_MAX 512

/* The ranking of one throw, whole and cut short, against the reference. */
static void
check_ranking(const struct shut_solver *s, const struct shut_position *pos,
	      const struct shut_throw *t, const char *what)
{
	static struct shut_choice got[RANK_MAX], want[RANK_MAX];
	long n = shut_solver_rank_moves(s, pos, t, got, RANK_MAX);
	long m;

	if (n < 0)
		return;
	assert_true(n <= RANK_MAX);
	m = ref_rank_moves(s, pos, t, want, RANK_MAX);
	assert_int_equal(n, m);
	for (long i = 0; i < n; i++)
		if (got[i].move != want[i].move || got[i].dice != 0 ||
		    memcmp(&got[i].v, &want[i].v, sizeof(got[i].v)) != 0)
			fail_msg("%s: open %#x, %s, first %d, throw of %d "
				 "(%d, %d, ...): rank %ld is %#x, want %#x",
				 what, (unsigned)pos->open,
				 pos->opener ? "Opener" : "Shutter", pos->first,
				 t->n, t->face[0], t->face[1], i + 1,
				 (unsigned)got[i].move, (unsigned)want[i].move);
	for (size_t cap = 1; cap <= 3 && cap < (size_t)n; cap++) {
		struct shut_choice few[3];

		assert_int_equal(shut_solver_rank_moves(s, pos, t, few, cap),
				 n);
		for (size_t i = 0; i < cap; i++)
			assert_true(few[i].move == want[i].move &&
				    memcmp(&few[i].v, &want[i].v,
					   sizeof(few[i].v)) == 0);
	}
}

/* Every throw of d dice, one per multiset of faces. */
static void
check_throws(const struct shut_solver *s, const struct shut_position *pos,
	     int d, const char *what)
{
	struct shut_throw t;

	memset(&t, 0, sizeof(t));
	t.n = d;
	for (int i = 0; i < d; i++)
		t.face[i] = 1;
	for (;;) {
		int i = d - 1;

		check_ranking(s, pos, &t, what);
		while (i >= 0 && t.face[i] == s->rules.faces)
			i--;
		if (i < 0)
			break;
		t.face[i]++;
		for (int j = i + 1; j < d; j++)
			t.face[j] = t.face[i];
	}
}

/*
 * The fast ranking (sorted once, each rank chosen among the run tied with
 * the best) gives exactly the reference's order and values, on boards and
 * objectives full of ties: exact ties with exact values, ties within the
 * epsilon, beat:T's many moves worth 1, a battle's ties within its
 * tolerance, for both of its players.
 */
static void
rankings_follow_the_reference(void **state)
{
	static const struct {
		const char *spec, *objective;
		unsigned flags;
		int step;
	} cases[] = {
		{ "classic", "expected", 0, 1 },
		{ "classic", "shut", 0, 1 },
		{ "classic", "beat:9", 0, 1 },
		{ "classic", "shut", SHUT_SOLVER_EXACT, 1 },
		{ "full-house", "beat:20", SHUT_SOLVER_EXACT, 13 },
		{ "thai", "shut", 0, 1 },
		{ "classic tiles=1-12 dice=3d6 move=up-to-3", "beat:15", 0, 7 },
		{ "classic tiles=1-14 dice=4d6", "expected", 0, 97 },
		{ "classic tiles=1-14 dice=4d6", "beat:30", 0, 101 },
		{ "battle", "expected", 0, 1 },
		{ "battle tiles=1-8 first-throw=8 dice=3d6", "expected", 0, 3 },
	};

	(void)state;
	for (size_t k = 0; k < LEN(cases); k++) {
		struct shut_solver *s =
		    solve(cases[k].spec, cases[k].objective, cases[k].flags);
		uint32_t states = UINT32_C(1) << s->n;

		for (uint32_t i = 1; i < states; i += (uint32_t)cases[k].step)
			for (int r = 0; r < (s->battle ? 2 : 1); r++)
				for (int f = 0; f < (s->battle ? 2 : 1); f++) {
					struct shut_position pos = {
						shut__spread(s, i), r, f
					};
					uint32_t board =
					    r ? s->start & ~pos.open : pos.open;
					unsigned choices =
					    shut_dice_choices(&s->rules, board);

					if (s->battle &&
					    !shut__battle_possible(s, i, r, f))
						continue;
					for (int d = 1; d <= s->rules.dice; d++)
						if (choices & (1u << d))
							check_throws(
							    s, &pos, d,
							    cases[k].spec);
				}
		shut_solver_free(s);
	}
}

/* Throws with hundreds of moves, ranked whole. */
static void
long_rankings_follow_the_reference(void **state)
{
	struct shut_solver *s =
	    solve("classic tiles=1-16 dice=5d6", "expected", 0);
	struct shut_position pos = { 0xffff, 0, 0 };
	struct shut_throw t = { 5, { 6, 6, 6, 6, 6 } };
	struct shut_choice c[1];

	(void)state;
	assert_true(shut_solver_rank_moves(s, &pos, &t, c, 1) > 200);
	check_ranking(s, &pos, &t, "16 tiles, five 6s");
	pos.open = 0xfff7;
	t.face[4] = 3;
	check_ranking(s, &pos, &t, "15 tiles, 6,6,6,6,3");
	shut_solver_free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(bad_throws_are_refused_by_the_ranking),
		cmocka_unit_test(the_rankings_play_the_solved_values),
		cmocka_unit_test(rankings_follow_the_reference),
		cmocka_unit_test(long_rankings_follow_the_reference),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
