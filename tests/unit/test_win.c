/*
 * test_win.c - one round played to win: the published answer, the
 * recursion against an expectimax of the test's own, the chances against
 * seeded games of the computer player "perfect", and the sanity cases.
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
#include "unit.h"
#include "win.h"

#define LEN(a) (sizeof(a) / sizeof((a)[0]))

static struct shut_round *
round_of(const char *spec, int players)
{
	struct shut_rules r;
	struct shut_round *rd = NULL;
	int rc;

	rules_of(&r, spec);
	rc = shut_round_new(&rd, &r, players, NULL);
	if (rc != 0)
		fail_msg("%s, %d players: %s", spec, players,
			 shut_strerror(rc));
	return rd;
}

/*
 * Yale CPSC 474 (2019), the assignment on Shut the Box: two players, one
 * round, a shut box wins at once, the second player must otherwise score
 * less, a tie counts half, one die once the open tiles add up to 6 or
 * less.  The first player's expected share of wins is 0.502810.
 */
static void
the_published_two_player_answer_is_reproduced(void **state)
{
	struct shut_round *rd =
	    round_of("classic fewer-dice=low-sum fewer-dice-forced=yes", 2);
	double p = shut_round_chance(rd, 0);

	(void)state;
	if (fabs(p - 0.502810) >= 5e-7)
		fail_msg("first player's share %.9f, published 0.502810", p);
	shut_round_free(rd);
}

/* The shares of all seats add up to one win. */
static void
the_chances_add_up_to_one(void **state)
{
	static const char *const specs[] = {
		"classic",
		"classic fewer-dice=never",
		"classic shut=zero",
		"pub",
		"thai",
		"cards",
		"classic score=count",
	};

	(void)state;
	for (size_t i = 0; i < LEN(specs); i++)
		for (int n = 1; n <= (i == 0 ? 5 : 3); n++) {
			struct shut_round *rd = round_of(specs[i], n);
			double sum = 0.0;

			for (int j = 0; j < n; j++) {
				double p = shut_round_chance(rd, j);

				assert_true(p >= 0.0 && p <= 1.0);
				sum += p;
			}
			if (n > 1 && fabs(sum - 1.0) > 1e-12)
				fail_msg("%s, %d players: the chances add up "
					 "to %.17g",
					 specs[i], n, sum);
			assert_true(isnan(shut_round_chance(rd, n)));
			shut_round_free(rd);
		}
}

/*
 * An expectimax of its own, over every ordered throw of faces: the best
 * expectation of u from the open tiles.
 */
struct brute {
	const struct shut_rules *r;
	const double *u;
	uint32_t start;
	double memo[1 << 12];
	int have[1 << 12];
};

static double brute_value(struct brute *b, uint32_t open);

static double
brute_throw(struct brute *b, uint32_t open, const struct shut_throw *t)
{
	uint32_t moves[512];
	long n = shut_moves(b->r, open, t, open == b->start, moves, 512);
	double best = b->u[shut_score(b->r, open)];

	assert_true(n >= 0 && n <= 512);
	for (long k = 0; k < n; k++) {
		double v = brute_value(b, open & ~moves[k]);

		best = k == 0 || v > best ? v : best;
	}
	return best;
}

static double
brute_value(struct brute *b, uint32_t open)
{
	double best = -INFINITY;
	unsigned choices;

	if (b->have[open])
		return b->memo[open];
	if (open == 0) {
		best = b->u[0];
	} else {
		choices = shut_dice_choices(b->r, open);
		for (int d = 1; d <= b->r->dice; d++) {
			struct shut_throw t = { .n = d };
			double sum = 0.0, count = 0.0;
			int k;

			if (!(choices & (1u << d)))
				continue;
			for (k = 0; k < d; k++)
				t.face[k] = 1;
			do {
				sum += brute_throw(b, open, &t);
				count += 1.0;
				for (k = d - 1;
				     k >= 0 && t.face[k] == b->r->faces; k--)
					t.face[k] = 1;
				if (k >= 0)
					t.face[k]++;
			} while (k >= 0);
			best = sum / count > best ? sum / count : best;
		}
	}
	b->have[open] = 1;
	b->memo[open] = best;
	return best;
}

static double
brute(const struct shut_rules *r, const double *u)
{
	static struct brute b;

	memset(&b, 0, sizeof(b));
	b.r = r;
	b.u = u;
	b.start = shut_rules_start(r);
	return brute_value(&b, b.start);
}

/*
 * Two players: the second's chance after the first scored x is its best
 * chance of scoring less (half at x, all of it at a shut box under
 * shut=win), and the first's best chance is the best expectation of one
 * less that (1 at a shut box under shut=win); worked out by brute force.
 */
static void
two_players_agree_with_brute_force(void **state)
{
	static const char *const specs[] = {
		"classic tiles=1-6",
		"classic tiles=1-7 shut=zero",
		"classic tiles=1-8 fewer-dice=low-sum fewer-dice-forced=yes",
		"classic tiles=1-6 score=count",
	};

	(void)state;
	for (size_t i = 0; i < LEN(specs); i++) {
		struct shut_rules r;
		struct shut_round *rd = round_of(specs[i], 2);
		size_t m;
		double u0[64], u1[64], want;
		int win;

		rules_of(&r, specs[i]);
		win = r.shut == SHUT_SHUT_WIN;
		m = (size_t)shut_score(&r, shut_rules_start(&r)) + 1;
		for (size_t b = 0; b < m; b++) {
			for (size_t x = 0; x < m; x++)
				u1[x] = x < b ? 1.0 : x == b ? 0.5 : 0.0;
			if (win)
				u1[0] = 1.0;
			u0[b] = 1.0 - brute(&r, u1);
		}
		if (win)
			u0[0] = 1.0;
		want = brute(&r, u0);
		if (fabs(shut_round_chance(rd, 0) - want) > 1e-12)
			fail_msg("%s: first seat %.17g, brute force %.17g",
				 specs[i], shut_round_chance(rd, 0), want);
		shut_round_free(rd);
	}
}

/* The last seat plays beat:T with a tie worth its share. */
static void
the_last_seat_plays_beat_with_its_tie_weight(void **state)
{
	struct shut_round *rd = round_of("classic", 3);
	struct shut_objective o;

	(void)state;
	for (uint64_t b = 1; b <= 45; b++)
		for (int c = 1; c <= 2; c++) {
			assert_int_equal(shut_round_utility(rd, 2, b, c, &o),
					 0);
			assert_int_equal(o.kind, SHUT_OBJECTIVE_UTILITY);
			for (size_t x = 0; x < o.scores; x++) {
				double want = x < b    ? 1.0
					      : x == b ? 1.0 / (c + 1)
						       : 0.0;

				assert_true(o.utility[x] == want);
			}
		}
	/* A shut box has ended the game under shut=win. */
	assert_int_equal(shut_round_utility(rd, 2, 0, 1, &o), SHUT_EINVAL);
	assert_int_equal(shut_round_utility(rd, 2, 46, 1, &o), SHUT_EINVAL);
	assert_int_equal(shut_round_utility(rd, 1, 5, 2, &o), SHUT_EINVAL);
	shut_round_free(rd);
}

/* A seeded generator's games, played to their end. */
static void
play(struct shut_game *g, const struct shut_player *players,
     const struct shut_dice *dice)
{
	long steps = 0;

	while (g->need != SHUT_NEED_NONE) {
		int rc = shut_game_step(g, players, dice, NULL, NULL);

		if (rc < 0)
			fail_msg("step failed: %s", shut_strerror(rc));
		if (++steps > 100000)
			fail_msg("a game that does not end");
	}
}

/*
 * Each seat's share of the wins in seeded games between perfect players
 * against the round's chance, within 4 standard errors: the figures that
 * have no published value (the chances of classic and of
 * classic fewer-dice=never) and more seats.
 */
static void
the_chances_match_seeded_games(void **state)
{
	static const struct {
		const char *spec;
		int players;
		int games;
	} cases[] = {
		{ "classic", 2, 20000 },
		{ "classic fewer-dice=never", 2, 20000 },
		{ "classic fewer-dice=low-sum fewer-dice-forced=yes", 2,
		  20000 },
		{ "classic", 4, 8000 },
		{ "classic shut=zero", 3, 8000 },
	};

	(void)state;
	for (size_t i = 0; i < LEN(cases); i++) {
		struct shut_rules r;
		struct shut_perfect *p = NULL;
		struct shut_player players[SHUT_SEATS_MAX];
		struct shut_rng rng;
		struct shut_dice dice;
		double share[SHUT_SEATS_MAX] = { 0 },
		       sq[SHUT_SEATS_MAX] = { 0 };
		const int n = cases[i].players, games = cases[i].games;

		rules_of(&r, cases[i].spec);
		assert_int_equal(shut_perfect_new(&p, &r, n, NULL), 0);
		for (int j = 0; j < n; j++) {
			players[j].strategy = &shut_win_perfect;
			players[j].ctx = p;
		}
		shut_rng_seed(&rng, 474 + i);
		shut_dice_rng(&dice, &rng);
		for (int k = 0; k < games; k++) {
			struct shut_game g;

			assert_int_equal(shut_game_init(&g, &r, n), 0);
			play(&g, players, &dice);
			for (int j = 0; j < n; j++) {
				double w =
				    g.seat[j].winner ? 1.0 / g.nwinners : 0.0;

				share[j] += w;
				sq[j] += w * w;
			}
		}
		for (int j = 0; j < n; j++) {
			double mean = share[j] / games;
			double var = sq[j] / games - mean * mean;
			double se = sqrt(var / games);
			double want =
			    shut_round_chance(shut_perfect_round(p), j);

			if (fabs(mean - want) > 4 * se)
				fail_msg("%s, seat %d of %d: %.5f in %d games "
					 "(se %.5f), solved %.5f",
					 cases[i].spec, j + 1, n, mean, games,
					 se, want);
		}
		shut_perfect_free(p);
	}
}

/*
 * One player under shut=win: nobody to beat, the win is a shut box, and
 * perfect plays exactly as the solver's "shut" does (both break ties on
 * the expected score).
 */
static void
one_player_plays_shut(void **state)
{
	struct shut_rules r;
	struct shut_round *rd = round_of("classic", 1);
	struct shut_objective o, so = { .kind = SHUT_OBJECTIVE_SHUT };
	struct shut_solver *a, *b;
	uint32_t start, open;

	(void)state;
	rules_of(&r, "classic");
	assert_int_equal(shut_round_utility(rd, 0, 0, 0, &o), 0);
	assert_int_equal(shut_solver_new(&a, &r, &o, NULL), 0);
	assert_int_equal(shut_solver_new(&b, &r, &so, NULL), 0);
	start = shut_rules_start(&r);
	open = start;
	do {
		struct shut_position pos = { open, 0, 0 };
		struct shut_choice dx, dy;
		long da = shut_solver_rank_dice(a, &pos, &dx, 1);
		long db = shut_solver_rank_dice(b, &pos, &dy, 1);

		/* The dice count, and the move of one die where allowed. */
		assert_int_equal(da, db);
		if (da > 0)
			assert_int_equal(dx.dice, dy.dice);
		for (int f = 1; f <= 6; f++) {
			struct shut_throw t = { .n = 1, .face = { f } };
			struct shut_choice x, y;
			long na = shut_solver_rank_moves(a, &pos, &t, &x, 1);
			long nb = shut_solver_rank_moves(b, &pos, &t, &y, 1);

			assert_int_equal(na, nb);
			if (na > 0)
				assert_int_equal(x.move, y.move);
		}
		for (int f1 = 1; f1 <= 6; f1++)
			for (int f2 = 1; f2 <= 6; f2++) {
				struct shut_throw t = { .n = 2,
							.face = { f1, f2 } };
				struct shut_choice x, y;
				long na =
				    shut_solver_rank_moves(a, &pos, &t, &x, 1);
				long nb =
				    shut_solver_rank_moves(b, &pos, &t, &y, 1);

				assert_int_equal(na, nb);
				if (na > 0)
					assert_int_equal(x.move, y.move);
			}
		open = (open - 1) & start;
	} while (open != start && open != 0);
	shut_solver_free(a);
	shut_solver_free(b);
	shut_round_free(rd);
}

static void
rule_sets_that_are_not_one_round_are_refused(void **state)
{
	static const char *const specs[] = { "five-rounds", "final-player",
					     "tournament", "lucky-7",
					     "battle" };
	struct shut_round *rd = NULL;
	struct shut_rules r;

	(void)state;
	for (size_t i = 0; i < LEN(specs); i++) {
		rules_of(&r, specs[i]);
		assert_int_equal(shut_round_new(&rd, &r, 2, NULL), SHUT_EMODE);
		assert_null(rd);
	}
	rules_of(&r, "classic");
	assert_int_equal(shut_round_new(&rd, &r, 0, NULL), SHUT_EPLAYERS);
	assert_int_equal(shut_round_new(&rd, &r, SHUT_SEATS_MAX + 1, NULL),
			 SHUT_EPLAYERS);
	/* 4096 different scores (digital's 512 are solved by level). */
	rules_of(&r, "full-house score=digits");
	assert_int_equal(shut_round_new(&rd, &r, 2, NULL), SHUT_ETOOBIG);
}

/* With a stake, the money of the seats adds up to no gain overall. */
static void
the_money_of_a_stake_adds_up(void **state)
{
	struct shut_round *rd = round_of("pub", 4);
	double sum = 0.0;

	(void)state;
	for (int j = 0; j < 4; j++) {
		double m = shut_round_money(rd, j);
		double c = shut_round_chance(rd, j);

		/* Shares split to the cent: at most the chance's. */
		assert_true(m <= c * 400 - 100 + 1e-9);
		assert_true(m >= c * 400 - 100 - 1.0);
		sum += m;
	}
	assert_true(sum <= 1e-9 && sum > -1.0);
	shut_round_free(rd);
}

/*
 * The distribution of a turn's score, followed forward from the solver's
 * play, has the solver's expected score and chance of shutting, from the
 * start and from other open tiles, under the objectives and ties.
 */
static void
the_scores_have_the_solver_s_mean(void **state)
{
	static const char *const specs[] = { "classic", "thai", "full-house",
					     "classic first-throw=3 bust=7",
					     "classic score=count" };
	static const char *const objs[] = { "expected", "shut", "beat:12" };

	(void)state;
	for (size_t i = 0; i < LEN(specs); i++)
		for (size_t k = 0; k < LEN(objs); k++) {
			struct shut_rules r;
			struct shut_objective o;
			struct shut_solver *s = NULL;
			uint32_t start, opens[3];
			double dist[128];

			rules_of(&r, specs[i]);
			assert_int_equal(
			    shut_objective_parse(&o, objs[k], NULL, 0), 0);
			assert_int_equal(shut_solver_new(&s, &r, &o, NULL), 0);
			start = shut_rules_start(&r);
			opens[0] = start;
			opens[1] = start & 0x5a;
			opens[2] = start & ~1u;
			for (int j = 0; j < 3; j++) {
				struct shut_position pos = { opens[j], 0, 0 };
				struct shut_value v;
				double mean = 0.0, total = 0.0;

				assert_int_equal(
				    shut_solver_scores(s, opens[j], dist, 128),
				    0);
				for (size_t x = 0; x < 128; x++) {
					mean += (double)x * dist[x];
					total += dist[x];
				}
				shut_solver_value(s, &pos, &v);
				if (fabs(mean - v.expected) > 1e-9 ||
				    fabs(dist[0] - v.shut) > 1e-12 ||
				    fabs(total - 1.0) > 1e-12)
					fail_msg("%s %s at %#x: mean %.15g, "
						 "expected %.15g; shut %.15g "
						 "against %.15g",
						 specs[i], objs[k],
						 (unsigned)opens[j], mean,
						 v.expected, dist[0], v.shut);
			}
			shut_solver_free(s);
		}
}

/*
 * Head to head, two players, one round, exactly: the distribution of
 * optimal's score gives the chance of a perfect second seat against an
 * optimal first, and of optimal against optimal.  The second seat sees the
 * first's score, so perfect there is the best reply to anything: it cannot gain
 * less than nothing.  Seeded games of perfect against optimal must agree
 * with the exact chance, within 4 standard errors.
 */
static double
share1(int win, size_t x, size_t y)
{
	if (win && x == 0)
		return 0.0;
	if (win && y == 0)
		return 1.0;
	return y < x ? 1.0 : y == x ? 0.5 : 0.0;
}

static void
perfect_beats_optimal_head_to_head_as_computed(void **state)
{
	static const char *const specs[] = { "classic", "missionary" };

	(void)state;
	for (size_t i = 0; i < LEN(specs); i++) {
		struct shut_rules r;
		struct shut_round *rd = round_of(specs[i], 2);
		struct shut_objective e = { .kind = SHUT_OBJECTIVE_EXPECTED };
		struct shut_solver *se = NULL;
		struct shut_perfect *p = NULL;
		struct shut_player players[2];
		struct shut_rng rng;
		struct shut_dice dice;
		double po[64], oo = 0.0, op = 0.0, sum = 0.0, sq = 0.0;
		double mean, se1;
		size_t m;
		int win;
		const int games = 20000;

		rules_of(&r, specs[i]);
		win = r.shut == SHUT_SHUT_WIN;
		m = (size_t)shut_score(&r, shut_rules_start(&r)) + 1;
		assert_int_equal(shut_solver_new(&se, &r, &e, NULL), 0);
		assert_int_equal(
		    shut_solver_scores(se, shut_rules_start(&r), po, m), 0);
		/* Seat 2's chance: optimal, and perfect, after optimal. */
		for (size_t x = 0; x < m; x++) {
			double s1 = 0.0;

			for (size_t y = 0; y < m; y++)
				s1 += po[y] * share1(win, x, y);
			oo += po[x] * s1;
			if (!(win && x == 0))
				op += po[x] *
				      shut_round_state_chance(rd, 1, x, 1);
		}
		assert_true(op >= oo - 1e-12);
		/* Games: seat 1 optimal, seat 2 perfect. */
		assert_int_equal(shut_perfect_new(&p, &r, 2, NULL), 0);
		players[0].strategy = &shut_solver_optimal;
		players[0].ctx = se;
		players[1].strategy = &shut_win_perfect;
		players[1].ctx = p;
		shut_rng_seed(&rng, 2024 + i);
		shut_dice_rng(&dice, &rng);
		for (int k = 0; k < games; k++) {
			struct shut_game g;
			double w;

			assert_int_equal(shut_game_init(&g, &r, 2), 0);
			play(&g, players, &dice);
			w = g.seat[1].winner ? 1.0 / g.nwinners : 0.0;
			sum += w;
			sq += w * w;
		}
		mean = sum / games;
		se1 = sqrt((sq / games - mean * mean) / games);
		if (fabs(mean - op) > 4 * se1)
			fail_msg("%s: perfect won %.5f against optimal in %d "
				 "games (se %.5f), computed %.5f",
				 specs[i], mean, games, se1, op);
		shut_perfect_free(p);
		shut_solver_free(se);
		shut_round_free(rd);
	}
}

/* A match of one round is the round, by the other code. */
static void
a_match_of_one_round_is_the_round(void **state)
{
	static const char *const specs[] = {
		"classic",
		"classic shut=zero",
		"classic fewer-dice=low-sum fewer-dice-forced=yes",
	};

	(void)state;
	for (size_t i = 0; i < LEN(specs); i++) {
		struct shut_rules r;
		struct shut_round *rd = round_of(specs[i], 2);
		struct shut_match *m = NULL;

		rules_of(&r, specs[i]);
		assert_int_equal(shut_match_new(&m, &r, NULL), 0);
		for (int j = 0; j < 2; j++)
			if (fabs(shut_match_chance(m, j) -
				 shut_round_chance(rd, j)) > 1e-12)
				fail_msg("%s seat %d: match %.17g, round "
					 "%.17g",
					 specs[i], j, shut_match_chance(m, j),
					 shut_round_chance(rd, j));
		shut_match_free(m);
		shut_round_free(rd);
	}
}

/*
 * A match's turn solves, counted before it is solved (for the estimate
 * of its time) and as it is: the same under rounds=N and under shut=win;
 * under shut=zero, where a pair of states is iterated, within a tenth on
 * these (an upper bound, a quarter over on some other boards).
 */
static void
a_match_s_turn_solves_are_counted_before(void **state)
{
	static const struct {
		const char *spec;
		int exact;
	} cases[] = {
		{ "classic rounds=3", 1 },
		{ "five-rounds", 1 },
		{ "classic tiles=1-6 rounds=4 first-miss=lose first-throw=2",
		  1 },
		{ "classic until=30", 1 },
		{ "classic eliminate=25 until=40", 1 },
		{ "classic shut=zero until=30", 0 },
		{ "classic tiles=1-8 shut=zero eliminate=20", 0 },
		{ "classic move=up-to-2 shut=zero eliminate=25", 0 },
	};

	(void)state;
	for (size_t i = 0; i < LEN(cases); i++) {
		struct shut_rules r;
		struct shut_match *m = NULL;
		double before, made;

		rules_of(&r, cases[i].spec);
		before = shut_match_solves(&r);
		assert_int_equal(shut_match_new(&m, &r, NULL), 0);
		made = shut__match_solved(m);
		shut_match_free(m);
		if (cases[i].exact ? before != made
				   : fabs(before - made) > 0.1 * made)
			fail_msg("%s: %.0f turn solves counted before, %.0f "
				 "made",
				 cases[i].spec, before, made);
	}
}

/*
 * The progress of a solution made of many turn solves counts them (its
 * turn solvers kept theirs in it, a table's states each): a round's, a
 * match's as counted before, a race's at least three passes a seat (it
 * said two, and stalled below its end).  Counted up, done stays below
 * total until the end; a total past counting is kept at 2^53.
 */
static void
the_progress_of_a_solution_counts_its_turn_solves(void **state)
{
	struct shut_progress pr;
	struct shut_solver_options opt = { .progress = &pr };
	struct shut_rules r;
	struct shut_round *rd = NULL;
	struct shut_match *m = NULL;
	struct shut_race *race = NULL;

	(void)state;
	memset(&pr, 0, sizeof(pr));
	/* Seat 1's state; seat 2's with nobody before it, and after each
	 * score of seat 1's but a shut box, which won: 1 + 1 + 45. */
	atomic_store(&pr.done, 0);
	atomic_store(&pr.total, 0);
	rules_of(&r, "classic");
	assert_int_equal(shut_round_new(&rd, &r, 2, &opt), 0);
	assert_int_equal(atomic_load(&pr.total), 47);
	assert_int_equal(atomic_load(&pr.done), 47);
	shut_round_free(rd);
	atomic_store(&pr.done, 0);
	atomic_store(&pr.total, 0);
	rules_of(&r, "classic rounds=3");
	assert_int_equal(shut_match_new(&m, &r, &opt), 0);
	assert_true(atomic_load(&pr.total) == shut_match_solves(&r));
	shut_match_free(m);
	atomic_store(&pr.done, 0);
	atomic_store(&pr.total, 0);
	rules_of(&r, "classic rounds=until-shut");
	assert_int_equal(shut_race_new(&race, &r, 3, &opt), 0);
	assert_int_equal(atomic_load(&pr.total), 9);
	shut_race_free(race);
	rules_of(&r, "classic rounds=until-shut first-throw=9 first-miss=lose");
	assert_int_equal(shut_race_new(&race, &r, 4, &opt), 0);
	assert_int_equal(atomic_load(&pr.total), 3 * (4 * 8 - 4));
	shut_race_free(race);
	/* The steps, below the total until the end. */
	atomic_store(&pr.done, 0);
	win_progress_total(&pr, 3.0);
	win_progress_step(&pr);
	win_progress_step(&pr);
	win_progress_step(&pr);
	win_progress_step(&pr);
	assert_int_equal(atomic_load(&pr.done), 2);
	win_progress_end(&pr);
	assert_int_equal(atomic_load(&pr.done), 3);
	win_progress_total(&pr, 1e300);
	assert_true(atomic_load(&pr.total) == 1ull << 53);
	win_progress_total(&pr, NAN);
	assert_true(atomic_load(&pr.total) == 1ull << 53);
	win_progress_total(&pr, 0.0);
	assert_int_equal(atomic_load(&pr.total), 1);
}

/*
 * A solution whose progress is asked to stop ends before its next turn
 * solve, SHUT_ESTOPPED and nothing made: a round, a match, a race, a
 * match of more, and the player to win itself; a table's solve at its
 * next number of open tiles, on one thread and on two (which stop
 * together, or it would hang).  Not asked, each is made.
 */
static void
a_solution_asked_to_stop_makes_nothing(void **state)
{
	struct shut_progress pr;
	struct shut_solver_options opt = { .progress = &pr };
	struct shut_rules r;
	struct shut_round *rd = NULL;
	struct shut_match *m = NULL;
	struct shut_race *race = NULL;
	struct shut_many *many = NULL;
	struct shut_perfect *pf = NULL;
	struct shut_solver *s = NULL;
	const struct shut_objective o = { .kind = SHUT_OBJECTIVE_EXPECTED };

	(void)state;
	memset(&pr, 0, sizeof(pr));
	atomic_store(&pr.stop, 1);
	rules_of(&r, "classic");
	assert_int_equal(shut_round_new(&rd, &r, 2, &opt), SHUT_ESTOPPED);
	assert_null(rd);
	assert_int_equal(shut_perfect_new(&pf, &r, 2, &opt), SHUT_ESTOPPED);
	assert_null(pf);
	rules_of(&r, "classic rounds=3");
	assert_int_equal(shut_match_new(&m, &r, &opt), SHUT_ESTOPPED);
	assert_null(m);
	assert_int_equal(
	    shut_many_new(&many, &r, 3, SHUT_MANY_STATES_DEFAULT, &opt),
	    SHUT_ESTOPPED);
	assert_null(many);
	rules_of(&r, "classic rounds=until-shut");
	assert_int_equal(shut_race_new(&race, &r, 3, &opt), SHUT_ESTOPPED);
	assert_null(race);
	rules_of(&r, "tiles=1-16 dice=3d6");
	for (int threads = 1; threads <= 2; threads++) {
		opt.threads = threads;
		assert_int_equal(shut_solver_new(&s, &r, &o, &opt),
				 SHUT_ESTOPPED);
		assert_null(s);
	}
	assert_string_equal(shut_strerror(SHUT_ESTOPPED),
			    "stopped by its caller");
	/* Not asked: made. */
	memset(&pr, 0, sizeof(pr));
	assert_int_equal(shut_solver_new(&s, &r, &o, &opt), 0);
	shut_solver_free(s);
	rules_of(&r, "classic rounds=3");
	assert_int_equal(shut_match_new(&m, &r, &opt), 0);
	shut_match_free(m);
}

/*
 * How perfect will play, said before it is made (shut_perfect_plan()), is
 * how it plays once made (shut_perfect_kind()), but for a match of more
 * whose rough count of states is within the bound and its states past
 * it, played by the approximation.
 */
static void
the_plan_of_perfect_is_how_it_plays(void **state)
{
	static const struct {
		const char *spec;
		int players, plan, kind;
	} cases[] = {
		{ "classic", 2, SHUT_PERFECT_EXACT, SHUT_PERFECT_EXACT },
		{ "classic", 4, SHUT_PERFECT_EXACT, SHUT_PERFECT_EXACT },
		{ "the-300", 2, SHUT_PERFECT_EXPECTED, SHUT_PERFECT_EXPECTED },
		{ "five-rounds", 3, SHUT_PERFECT_APPROX, SHUT_PERFECT_APPROX },
		{ "five-rounds", 2, SHUT_PERFECT_EXACT, SHUT_PERFECT_EXACT },
		{ "classic tiles=1-5 rounds=2", 3, SHUT_PERFECT_EXACT,
		  SHUT_PERFECT_EXACT },
		/* 7,106 states, a rough count of 4 x 4,096 at most. */
		{ "classic tiles=1-6 rounds=2", 3, SHUT_PERFECT_EXACT,
		  SHUT_PERFECT_APPROX },
		{ "digital rounds=2", 2, SHUT_PERFECT_EXPECTED,
		  SHUT_PERFECT_EXPECTED },
		{ "classic rounds=until-shut", 3, SHUT_PERFECT_EXACT,
		  SHUT_PERFECT_EXACT },
		{ "five-rounds", 1, SHUT_PERFECT_NONE, SHUT_PERFECT_NONE },
	};

	(void)state;
	for (size_t i = 0; i < LEN(cases); i++) {
		struct shut_rules r;
		struct shut_perfect *p = NULL;
		int plan, rc;

		rules_of(&r, cases[i].spec);
		plan = shut_perfect_plan(&r, cases[i].players);
		rc = shut_perfect_new(&p, &r, cases[i].players, NULL);
		assert_int_equal(rc < 0, cases[i].kind == SHUT_PERFECT_NONE);
		if (plan != cases[i].plan ||
		    shut_perfect_kind(p) != cases[i].kind)
			fail_msg("%s, %d players: plan %d, made %d, want %d "
				 "and %d",
				 cases[i].spec, cases[i].players, plan,
				 shut_perfect_kind(p), cases[i].plan,
				 cases[i].kind);
		shut_perfect_free(p);
	}
}

/*
 * rounds=N by brute force over the totals themselves (not their
 * difference): seat 0's chance at a round's start, seat 1's after seat 0
 * scored, each the best expectation of one less the other's chance.
 */
struct match_brute {
	struct shut_rules r;
	long n, m;
	double v0[4][64][64], v1[4][64][64];
};

static double
match_end(long a, long b)
{
	return a > b ? 1.0 : a == b ? 0.5 : 0.0;
}

static void
match_brute_fill(struct match_brute *mb)
{
	double u[64];
	int win = mb->r.shut == SHUT_SHUT_WIN;

	for (long r = mb->n; r >= 1; r--) {
		for (long a = 0; a <= r * (mb->m - 1); a++)
			for (long b = 0; b <= (r - 1) * (mb->m - 1); b++) {
				for (long y = 0; y < mb->m; y++)
					u[y] =
					    r == mb->n
						? match_end(a, b + y)
						: 1.0 - mb->v0[r + 1][a][b + y];
				if (win)
					u[0] = 1.0;
				mb->v1[r][a][b] = brute(&mb->r, u);
			}
		for (long a = 0; a <= (r - 1) * (mb->m - 1); a++)
			for (long b = 0; b <= (r - 1) * (mb->m - 1); b++) {
				for (long x = 0; x < mb->m; x++)
					u[x] = 1.0 - mb->v1[r][a + x][b];
				if (win)
					u[0] = 1.0;
				mb->v0[r][a][b] = brute(&mb->r, u);
			}
	}
}

static void
matches_of_rounds_agree_with_brute_force(void **state)
{
	static const char *const specs[] = {
		"classic tiles=1-4 shut=zero rounds=3",
		"classic tiles=1-4 rounds=3",
		"classic tiles=1-5 dice=1d6 shut=zero rounds=2",
	};
	static struct match_brute mb;

	(void)state;
	for (size_t i = 0; i < LEN(specs); i++) {
		struct shut_match *m = NULL;

		memset(&mb, 0, sizeof(mb));
		rules_of(&mb.r, specs[i]);
		mb.n = mb.r.rounds;
		mb.m = (long)shut_score(&mb.r, shut_rules_start(&mb.r)) + 1;
		match_brute_fill(&mb);
		assert_int_equal(shut_match_new(&m, &mb.r, NULL), 0);
		if (fabs(shut_match_chance(m, 0) - mb.v0[1][0][0]) > 1e-12)
			fail_msg("%s: %.17g, brute force %.17g", specs[i],
				 shut_match_chance(m, 0), mb.v0[1][0][0]);
		shut_match_free(m);
	}
}

/*
 * Whole matches of two perfect players: seat 1's share of the wins in
 * seeded games against the match's chance, within 4 standard errors.
 */
static void
match_chances_match_seeded_games(void **state)
{
	static const char *const specs[] = {
		"classic tiles=1-6 shut=zero rounds=3",
		"classic tiles=1-6 rounds=3",
		"classic tiles=1-6 shut=zero until=25",
		"classic tiles=1-6 shut=zero eliminate=20",
		"classic tiles=1-6 eliminate=20",
	};

	(void)state;
	for (size_t i = 0; i < LEN(specs); i++) {
		struct shut_rules r;
		struct shut_perfect *p = NULL;
		struct shut_player players[2];
		struct shut_rng rng;
		struct shut_dice dice;
		double share = 0.0, sq = 0.0, mean, se, want;
		const int games = 2000;

		rules_of(&r, specs[i]);
		assert_int_equal(shut_perfect_new(&p, &r, 2, NULL), 0);
		assert_null(shut_perfect_round(p));
		players[0].strategy = players[1].strategy = &shut_win_perfect;
		players[0].ctx = players[1].ctx = p;
		shut_rng_seed(&rng, 2019 + i);
		shut_dice_rng(&dice, &rng);
		for (int k = 0; k < games; k++) {
			struct shut_game g;
			double w;

			assert_int_equal(shut_game_init(&g, &r, 2), 0);
			play(&g, players, &dice);
			w = g.seat[1].winner ? 1.0 / g.nwinners : 0.0;
			share += w;
			sq += w * w;
		}
		mean = share / games;
		se = sqrt((sq / games - mean * mean) / games);
		want = shut_perfect_chance(p, 1);
		if (fabs(mean - want) > 4 * se)
			fail_msg("%s: seat 2 won %.5f of %d games (se %.5f), "
				 "solved %.5f",
				 specs[i], mean, games, se, want);
		shut_perfect_free(p);
	}
}

/*
 * shut_perfect_check() says at once what shut_perfect_new() then does:
 * refuses with the same error, or sets to work (and succeeds, here), for
 * rounds and matches, one to four players, refused rules and a memory
 * limit too small.
 */
static void
the_check_agrees_with_making_the_player(void **state)
{
	static const char *const specs[] = {
		"classic",
		"classic shut=zero",
		"classic tiles=1-6 rounds=3",
		"classic tiles=1-6 until=20",
		"classic tiles=1-6 eliminate=15",
		"classic tiles=1-6 until=20 eliminate=15",
		"2-to-go",
		"lucky-7",
		"digital",
		"battle",
		"classic tiles=1-4 rounds=40000",
		"classic tiles=1-30",
	};

	(void)state;
	assert_int_equal(shut_perfect_check(NULL, 2, NULL), SHUT_EINVAL);
	for (size_t i = 0; i < LEN(specs); i++) {
		struct shut_rules r;

		rules_of(&r, specs[i]);
		for (int n = 1; n <= 4; n++) {
			for (int small = 0; small < 2; small++) {
				struct shut_solver_options o = {
					.max_bytes = small ? 4096 : 0,
				};
				struct shut_perfect *p = NULL;
				int check = shut_perfect_check(&r, n, &o);
				int made = shut_perfect_new(&p, &r, n, &o);

				if (check != made)
					fail_msg("%s, %d players%s: check %d, "
						 "new %d",
						 specs[i], n,
						 small ? ", 4 kB" : "", check,
						 made);
				shut_perfect_free(p);
			}
		}
	}
}

/*
 * More than two players in a match: perfect plays the two-player match
 * against the leader; every game of three and four such players ends
 * without an error, eliminations and seats out included.
 */
static void
matches_of_more_players_are_played_to_their_end(void **state)
{
	static const char *const specs[] = {
		"classic tiles=1-6 shut=zero rounds=3",
		"classic tiles=1-6 shut=zero until=25",
		"classic tiles=1-6 shut=zero eliminate=20",
		"classic tiles=1-6 eliminate=12",
	};

	(void)state;
	for (size_t i = 0; i < LEN(specs); i++)
		for (int n = 3; n <= 4; n++) {
			struct shut_rules r;
			struct shut_perfect *p = NULL;
			struct shut_player players[4];
			struct shut_rng rng;
			struct shut_dice dice;

			rules_of(&r, specs[i]);
			assert_int_equal(shut_perfect_new(&p, &r, n, NULL), 0);
			assert_true(isnan(shut_perfect_chance(p, 0)));
			for (int j = 0; j < n; j++) {
				players[j].strategy = &shut_win_perfect;
				players[j].ctx = p;
			}
			shut_rng_seed(&rng, 31 + i);
			shut_dice_rng(&dice, &rng);
			for (int k = 0; k < 300; k++) {
				struct shut_game g;

				assert_int_equal(shut_game_init(&g, &r, n), 0);
				play(&g, players, &dice);
			}
			shut_perfect_free(p);
		}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_published_two_player_answer_is_reproduced),
		cmocka_unit_test(the_chances_add_up_to_one),
		cmocka_unit_test(two_players_agree_with_brute_force),
		cmocka_unit_test(the_last_seat_plays_beat_with_its_tie_weight),
		cmocka_unit_test(the_chances_match_seeded_games),
		cmocka_unit_test(one_player_plays_shut),
		cmocka_unit_test(rule_sets_that_are_not_one_round_are_refused),
		cmocka_unit_test(the_money_of_a_stake_adds_up),
		cmocka_unit_test(the_scores_have_the_solver_s_mean),
		cmocka_unit_test(
		    perfect_beats_optimal_head_to_head_as_computed),
		cmocka_unit_test(a_match_of_one_round_is_the_round),
		cmocka_unit_test(a_match_s_turn_solves_are_counted_before),
		cmocka_unit_test(
		    the_progress_of_a_solution_counts_its_turn_solves),
		cmocka_unit_test(a_solution_asked_to_stop_makes_nothing),
		cmocka_unit_test(the_plan_of_perfect_is_how_it_plays),
		cmocka_unit_test(matches_of_rounds_agree_with_brute_force),
		cmocka_unit_test(match_chances_match_seeded_games),
		cmocka_unit_test(the_check_agrees_with_making_the_player),
		cmocka_unit_test(
		    matches_of_more_players_are_played_to_their_end),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
