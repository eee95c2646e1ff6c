/*
 * test_win_rules.c - playing to win under the rules the first solutions
 * refused: first-miss=lose, rounds=until-shut, until with eliminate, and
 * exact matches of more than two players.  Each against an expectimax of
 * the test's own over the whole game (played through the public game
 * API, every ordered throw), against other code where two solutions
 * apply, and against seeded games of perfect players within four
 * standard errors.
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

#define LEN(a) (sizeof(a) / sizeof((a)[0]))

/* ---------------------------------------------------------------------
 * An expectimax of the whole game, through shut_game_act(): every seat
 * takes the choice best for itself (two seats: their chances add up to
 * one, so how a tie is broken does not matter), every ordered throw
 * counted.  Memo at the throws, by the state of the game.
 */

#define GAME_SEATS 2
#define MEMO_BITS  20

struct memo_key {
	long round;
	int turn, first, ndice;
	uint32_t open;
	uint64_t total[GAME_SEATS];
	int out[GAME_SEATS], lost[GAME_SEATS];
};

struct memo {
	struct memo_key key[1 << MEMO_BITS];
	double v[1 << MEMO_BITS][GAME_SEATS];
	unsigned char used[1 << MEMO_BITS];
};

static struct memo *memo;

static void
key_of(const struct shut_game *g, struct memo_key *k)
{
	memset(k, 0, sizeof(*k));
	k->round = g->round;
	k->turn = g->turn;
	k->first = g->first;
	k->ndice = g->ndice;
	k->open = g->open;
	for (int i = 0; i < g->nseats; i++) {
		k->total[i] = g->seat[i].total;
		k->out[i] = g->seat[i].out;
		k->lost[i] = g->seat[i].lost;
	}
}

static size_t
memo_slot(const struct memo_key *k)
{
	const unsigned char *p = (const unsigned char *)k;
	uint64_t h = 1469598103934665603u;
	size_t i;

	for (size_t b = 0; b < sizeof(*k); b++)
		h = (h ^ p[b]) * 1099511628211u;
	i = (size_t)(h >> 20) & ((1u << MEMO_BITS) - 1);
	while (memo->used[i] && memcmp(&memo->key[i], k, sizeof(*k)) != 0)
		i = (i + 1) & ((1u << MEMO_BITS) - 1);
	return i;
}

static void game_value(const struct shut_game *g, double *v);

static void
act_value(const struct shut_game *g, const struct shut_action *a, double *v)
{
	struct shut_game h = *g;

	if (shut_game_act(&h, a, NULL) < 0)
		fail_msg("the brute force's action was refused");
	game_value(&h, v);
}

/* The best of the roller's choices (dice counts or moves). */
static void
best_choice(const struct shut_game *g, double *v)
{
	struct shut_action a = { .kind = SHUT_ACT_DICE };
	uint32_t moves[512];
	long n;
	int have = 0;

	if (g->need == SHUT_NEED_DICE) {
		unsigned choices = shut_game_dice_choices(g);

		for (int d = 1; d <= SHUT_DICE_MAX; d++) {
			double w[GAME_SEATS];

			if (!(choices & (1u << d)))
				continue;
			a.dice = d;
			act_value(g, &a, w);
			if (!have || w[g->turn] > v[g->turn])
				memcpy(v, w, sizeof(w));
			have = 1;
		}
		return;
	}
	n = shut_moves(&g->rules, g->open, &g->last_throw, g->first, moves,
		       512);
	assert_true(n > 0 && n <= 512);
	a.kind = SHUT_ACT_MOVE;
	for (long k = 0; k < n; k++) {
		double w[GAME_SEATS];

		a.move = moves[k];
		act_value(g, &a, w);
		if (!have || w[g->turn] > v[g->turn])
			memcpy(v, w, sizeof(w));
		have = 1;
	}
}

/* The average over every ordered throw of the dice. */
static void
all_throws(const struct shut_game *g, double *v)
{
	struct shut_action a = { .kind = SHUT_ACT_THROW };
	double count = 0.0;
	int k;

	memset(v, 0, GAME_SEATS * sizeof(double));
	a.thrown.n = g->ndice;
	for (k = 0; k < g->ndice; k++)
		a.thrown.face[k] = 1;
	do {
		double w[GAME_SEATS];

		act_value(g, &a, w);
		for (int i = 0; i < GAME_SEATS; i++)
			v[i] += w[i];
		count += 1.0;
		for (k = g->ndice - 1;
		     k >= 0 && a.thrown.face[k] == g->rules.faces; k--)
			a.thrown.face[k] = 1;
		if (k >= 0)
			a.thrown.face[k]++;
	} while (k >= 0);
	for (int i = 0; i < GAME_SEATS; i++)
		v[i] /= count;
}

static void
game_value(const struct shut_game *g, double *v)
{
	struct memo_key k;
	size_t slot;

	if (g->need == SHUT_NEED_NONE) {
		for (int i = 0; i < GAME_SEATS; i++)
			v[i] = g->seat[i].winner ? 1.0 / g->nwinners : 0.0;
		return;
	}
	if (g->need != SHUT_NEED_THROW) {
		best_choice(g, v);
		return;
	}
	key_of(g, &k);
	slot = memo_slot(&k);
	if (memo->used[slot]) {
		memcpy(v, memo->v[slot], GAME_SEATS * sizeof(double));
		return;
	}
	all_throws(g, v);
	slot = memo_slot(&k);
	memo->used[slot] = 1;
	memo->key[slot] = k;
	memcpy(memo->v[slot], v, GAME_SEATS * sizeof(double));
}

/* The first seat's chance of winning the game by brute force. */
static double
brute_game(const struct shut_rules *r)
{
	struct shut_game g;
	double v[GAME_SEATS];

	memset(memo, 0, sizeof(*memo));
	assert_int_equal(shut_game_init(&g, r, GAME_SEATS), 0);
	game_value(&g, v);
	return v[0];
}

/*
 * Two players, tiny boards: the round, the match and the exact match of
 * any number of players all give the brute force's chance, to 1e-12,
 * under first-miss=lose (a miss loses the game), until with eliminate,
 * and the plain matches.  (shut=zero with until or eliminate can come
 * back to a state, which an expectimax cannot follow: those are checked
 * against the other solutions and seeded games below.)
 */
static void
two_players_agree_with_the_whole_game_brute_force(void **state)
{
	static const char *const specs[] = {
		"classic tiles=1-4 first-throw=2 first-miss=lose",
		"classic tiles=1-5 first-throw=3 first-miss=lose bust=7",
		"classic tiles=1-4 first-throw=2 first-miss=lose shut=zero "
		"rounds=2",
		"classic tiles=1-4 until=9 eliminate=12",
		"classic tiles=1-4 until=12 eliminate=9",
		"classic tiles=1-4 first-throw=3 first-miss=lose eliminate=9",
		"classic tiles=1-4 rounds=3",
		"classic tiles=1-4 score=digits",
		"classic tiles=1-5 score=digits shut=zero first-throw=2 "
		"first-miss=lose",
	};

	(void)state;
	memo = malloc(sizeof(*memo));
	assert_non_null(memo);
	for (size_t i = 0; i < LEN(specs); i++) {
		struct shut_rules r;
		struct shut_perfect *p = NULL;
		struct shut_many *m = NULL;
		double want, got, many;

		rules_of(&r, specs[i]);
		want = brute_game(&r);
		assert_int_equal(shut_perfect_new(&p, &r, 2, NULL), 0);
		assert_int_equal(shut_perfect_kind(p), SHUT_PERFECT_EXACT);
		got = shut_perfect_chance(p, 0);
		shut_perfect_free(p);
		if (fabs(got - want) > 1e-12)
			fail_msg("%s: solved %.15f, brute force %.15f",
				 specs[i], got, want);
		/* Scores past the tables: a single round only. */
		if (r.score == SHUT_SCORE_DIGITS) {
			assert_int_equal(shut_many_new(&m, &r, 2, 0, NULL),
					 SHUT_ETOOBIG);
			continue;
		}
		assert_int_equal(shut_many_new(&m, &r, 2, 0, NULL), 0);
		many = shut_many_chance(m, 0);
		shut_many_free(m);
		if (fabs(many - want) > 1e-12)
			fail_msg("%s: exact match of any number %.15f, brute "
				 "force %.15f",
				 specs[i], many, want);
	}
	free(memo);
}

/*
 * The exact match of any number of players is other code than the round
 * and the match of two: they agree where both apply (every seat, 1e-12).
 */
static void
the_exact_match_agrees_with_the_round_and_the_match(void **state)
{
	static const struct {
		const char *spec;
		int players;
	} cases[] = {
		{ "classic", 2 },
		{ "classic tiles=1-7 shut=zero until=20", 2 },
		{ "classic tiles=1-7 shut=zero eliminate=15 until=12", 2 },
		{ "classic tiles=1-7 first-throw=2 first-miss=lose rounds=2",
		  2 },
		{ "classic tiles=1-7", 3 },
		{ "classic tiles=1-7 shut=zero", 3 },
		{ "classic tiles=1-7 first-throw=2 first-miss=lose", 3 },
		{ "classic tiles=1-6 first-throw=3 first-miss=lose shut=zero",
		  4 },
	};

	(void)state;
	for (size_t i = 0; i < LEN(cases); i++) {
		const int n = cases[i].players;
		struct shut_rules r;
		struct shut_many *m = NULL;
		struct shut_round *rd = NULL;
		struct shut_match *mt = NULL;

		rules_of(&r, cases[i].spec);
		assert_int_equal(shut_many_new(&m, &r, n, 0, NULL), 0);
		if (r.rounds == 1 && !r.until && !r.eliminate)
			assert_int_equal(shut_round_new(&rd, &r, n, NULL), 0);
		else
			assert_int_equal(shut_match_new(&mt, &r, NULL), 0);
		for (int j = 0; j < n; j++) {
			double want = rd != NULL ? shut_round_chance(rd, j)
						 : shut_match_chance(mt, j);
			double got = shut_many_chance(m, j);

			if (fabs(got - want) > 1e-12)
				fail_msg("%s, %d players, seat %d: %.15f, the "
					 "other solution %.15f",
					 cases[i].spec, n, j + 1, got, want);
		}
		shut_many_free(m);
		shut_round_free(rd);
		shut_match_free(mt);
	}
}

/*
 * The rough count of a match's states, by which a match is refused at
 * once or its time told, is never fewer than the states solved, and some
 * 1 to 4 times them: it once counted only totals under T, where a seat
 * that has thrown in the round may be past T by a turn's score (30 to
 * 900 times too few), and then left out the totals of the seats out under
 * eliminate and of those that lost (half as many, with four players).
 */
static void
the_rough_count_is_near_the_states_solved(void **state)
{
	static const struct {
		const char *spec;
		int players;
	} cases[] = {
		{ "classic tiles=1-4 until=5", 3 },
		{ "classic tiles=1-4 until=8", 3 },
		{ "classic tiles=1-4 until=3", 4 },
		{ "classic tiles=1-5 until=4", 4 },
		{ "classic tiles=1-4 eliminate=6", 3 },
		{ "classic tiles=1-4 until=6 eliminate=8", 3 },
		{ "classic tiles=1-4 shut=zero until=6", 3 },
		{ "classic tiles=1-4 rounds=2", 3 },
		{ "classic tiles=1-5 rounds=2", 3 },
		{ "classic tiles=1-4 shut=zero eliminate=6", 4 },
		{ "classic tiles=1-4 until=8 eliminate=6", 4 },
		{ "classic tiles=1-4 shut=zero first-throw=2 first-miss=lose "
		  "until=4",
		  4 },
		{ "classic tiles=1-4 first-throw=2 first-miss=lose eliminate=5",
		  3 },
	};

	(void)state;
	for (size_t i = 0; i < LEN(cases); i++) {
		struct shut_rules r;
		struct shut_many *m = NULL;
		double guess, states;

		rules_of(&r, cases[i].spec);
		assert_int_equal(
		    shut_many_new(&m, &r, cases[i].players, 0, NULL), 0);
		guess = shut_many_guess(&r, cases[i].players);
		states = (double)shut_many_states(m);
		if (guess < states || guess > 4.0 * states)
			fail_msg("%s, %d players: a rough count of %.0f, "
				 "%.0f states solved",
				 cases[i].spec, cases[i].players, guess,
				 states);
		shut_many_free(m);
	}
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
		if (++steps > 1000000)
			fail_msg("a game that does not end");
	}
}

/*
 * Seeded games of perfect players against its chances from the start,
 * every seat within four standard errors; p's seats all play it.
 */
static void
check_games(const char *spec, const struct shut_rules *r, int n,
	    struct shut_perfect *p, int games, unsigned seed)
{
	struct shut_player players[SHUT_SEATS_MAX];
	struct shut_rng rng;
	struct shut_dice dice;
	double share[SHUT_SEATS_MAX] = { 0 }, sq[SHUT_SEATS_MAX] = { 0 };

	for (int j = 0; j < n; j++) {
		players[j].strategy = &shut_win_perfect;
		players[j].ctx = p;
	}
	shut_rng_seed(&rng, seed);
	shut_dice_rng(&dice, &rng);
	for (int k = 0; k < games; k++) {
		struct shut_game g;

		assert_int_equal(shut_game_init(&g, r, n), 0);
		play(&g, players, &dice);
		for (int j = 0; j < n; j++) {
			double w = g.seat[j].winner ? 1.0 / g.nwinners : 0.0;

			share[j] += w;
			sq[j] += w * w;
		}
	}
	for (int j = 0; j < n; j++) {
		double mean = share[j] / games;
		double se = sqrt((sq[j] / games - mean * mean) / games);
		double want = shut_perfect_chance(p, j);

		if (!(fabs(mean - want) <= 4 * se + 1e-12))
			fail_msg("%s, seat %d of %d: %.5f in %d games (se "
				 "%.5f), solved %.5f",
				 spec, j + 1, n, mean, games, se, want);
	}
}

/*
 * Exact matches of three and four players, first-miss=lose rounds of
 * three, and until-shut (with and without a miss that loses) against
 * seeded games of perfect players.
 */
static void
the_new_solutions_match_seeded_games(void **state)
{
	static const struct {
		const char *spec;
		int players;
		int games;
	} cases[] = {
		{ "classic tiles=1-5 rounds=2", 3, 3000 },
		{ "classic tiles=1-5 shut=zero rounds=2", 3, 3000 },
		{ "classic tiles=1-4 shut=zero until=10", 3, 3000 },
		{ "classic tiles=1-4 shut=zero eliminate=10", 3, 3000 },
		{ "classic tiles=1-4 first-throw=2 first-miss=lose "
		  "eliminate=8",
		  3, 3000 },
		{ "classic tiles=1-4 shut=zero until=6 eliminate=8", 4, 2000 },
		{ "3-to-go", 3, 6000 },
		{ "2-to-go", 4, 6000 },
		{ "lucky-7", 3, 6000 },
		{ "digital", 3, 6000 },
		{ "classic rounds=until-shut", 2, 3000 },
		{ "3-to-go rounds=until-shut", 3, 3000 },
		{ "classic tiles=1-6 first-throw=1 first-miss=lose "
		  "rounds=until-shut fewer-dice=any-time",
		  3, 3000 },
	};

	(void)state;
	for (size_t i = 0; i < LEN(cases); i++) {
		struct shut_rules r;
		struct shut_perfect *p = NULL;

		rules_of(&r, cases[i].spec);
		assert_int_equal(shut_perfect_new_exact(&p, &r,
							cases[i].players, NULL,
							(size_t)1 << 20),
				 0);
		assert_int_equal(shut_perfect_kind(p), SHUT_PERFECT_EXACT);
		check_games(cases[i].spec, &r, cases[i].players, p,
			    cases[i].games, 1100 + (unsigned)i);
		shut_perfect_free(p);
	}
}

/*
 * Until-shut without a miss that loses: every seat plays for a shut box,
 * so with p the chance of shutting of the solver's "shut", seat j wins
 * with p (1 - p)^j / (1 - (1 - p)^N).
 */
static void
until_shut_is_the_race_of_shut_boxes(void **state)
{
	static const char *const specs[] = { "lucky-7",
					     "classic rounds=until-shut",
					     "classic rounds=until-shut "
					     "fewer-dice=never tiles=1-6" };

	(void)state;
	for (size_t i = 0; i < LEN(specs); i++) {
		struct shut_rules r;
		struct shut_objective o = { .kind = SHUT_OBJECTIVE_SHUT };
		struct shut_solver *s = NULL;
		struct shut_position pos;
		struct shut_value v;

		rules_of(&r, specs[i]);
		assert_int_equal(shut_solver_new(&s, &r, &o, NULL), 0);
		pos = (struct shut_position){ shut_rules_start(&r), 0, 0 };
		assert_int_equal(shut_solver_value(s, &pos, &v), 0);
		shut_solver_free(s);
		for (int n = 1; n <= 4; n++) {
			struct shut_race *race = NULL;
			double q = 1.0 - v.value;

			assert_int_equal(shut_race_new(&race, &r, n, NULL), 0);
			for (int j = 0; j < n; j++) {
				double want =
				    v.value * pow(q, j) / (1.0 - pow(q, n));

				if (fabs(shut_race_chance(race, j) - want) >
				    1e-12)
					fail_msg("%s, %d players, seat %d: "
						 "%.15f, want %.15f",
						 specs[i], n, j + 1,
						 shut_race_chance(race, j),
						 want);
			}
			shut_race_free(race);
		}
	}
	/* lucky-7: a seven of two dice, 1/6; two players 6/11. */
	{
		struct shut_rules r;
		struct shut_race *race = NULL;

		rules_of(&r, "lucky-7");
		assert_int_equal(shut_race_new(&race, &r, 2, NULL), 0);
		assert_true(fabs(shut_race_chance(race, 0) - 6.0 / 11.0) <
			    1e-14);
		shut_race_free(race);
	}
}

/*
 * A turn's first throw that misses under first-miss=lose: the solver
 * counts it at the utility's miss, and the outcomes keep its chance
 * apart; the chances add up to one with the scores.  Against a turn's
 * expectimax of the test's own.
 */
struct turn_brute {
	const struct shut_rules *r;
	const double *u;
	double miss;
	uint32_t start;
};

static double turn_value(const struct turn_brute *b, uint32_t open);

static double
turn_throw(const struct turn_brute *b, uint32_t open,
	   const struct shut_throw *t)
{
	uint32_t moves[512];
	int first = open == b->start;
	long n = shut_moves(b->r, open, t, first, moves, 512);
	int total = 0;
	double best;

	for (int k = 0; k < t->n; k++)
		total += t->face[k];
	if (n == 0)
		return first && !(b->r->bust && total == b->r->bust)
			   ? b->miss
			   : b->u[shut_score(b->r, open)];
	best = -INFINITY;
	for (long k = 0; k < n; k++) {
		double v = turn_value(b, open & ~moves[k]);

		best = v > best ? v : best;
	}
	return best;
}

static double
turn_value(const struct turn_brute *b, uint32_t open)
{
	unsigned choices;
	double best = -INFINITY;

	if (open == 0)
		return b->u[0];
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
			sum += turn_throw(b, open, &t);
			count += 1.0;
			for (k = d - 1; k >= 0 && t.face[k] == b->r->faces; k--)
				t.face[k] = 1;
			if (k >= 0)
				t.face[k]++;
		} while (k >= 0);
		best = sum / count > best ? sum / count : best;
	}
	return best;
}

static void
a_miss_that_loses_is_worth_the_miss(void **state)
{
	static const char *const specs[] = {
		"classic tiles=1-6 first-throw=2 first-miss=lose",
		"classic tiles=1-6 first-throw=3 first-miss=lose bust=7",
		"classic tiles=1-6 first-throw=1 first-miss=lose "
		"fewer-dice=any-time",
		"classic tiles=1-6 first-throw=2 first-miss=end",
	};
	static const double misses[] = { 0.0, 0.3, -1.0 };

	(void)state;
	for (size_t i = 0; i < LEN(specs); i++)
		for (size_t k = 0; k < LEN(misses); k++) {
			struct shut_rules r;
			double u[22], dist[22], sum, miss;
			struct shut_objective o = { .kind =
							SHUT_OBJECTIVE_UTILITY,
						    .utility = u,
						    .scores = 22,
						    .miss = &misses[k] };
			struct shut_solver *s = NULL;
			struct shut_position pos;
			struct shut_value v;
			struct turn_brute b;
			int lose;

			rules_of(&r, specs[i]);
			lose = r.first_miss == SHUT_FIRST_MISS_LOSE;
			for (int x = 0; x < 22; x++)
				u[x] = x == 0  ? 1.0
				       : x < 8 ? 0.6 - x * 0.05
					       : 0.1;
			b = (struct turn_brute){ &r, u,
						 lose ? misses[k] : u[21],
						 shut_rules_start(&r) };
			assert_int_equal(shut_solver_new(&s, &r, &o, NULL), 0);
			pos = (struct shut_position){ b.start, 0, 0 };
			assert_int_equal(shut_solver_value(s, &pos, &v), 0);
			if (fabs(v.value - turn_value(&b, b.start)) > 1e-12)
				fail_msg("%s, miss %g: %.15f, brute force "
					 "%.15f",
					 specs[i], misses[k], v.value,
					 turn_value(&b, b.start));
			assert_int_equal(
			    shut_solver_outcomes(s, b.start, dist, 22, &miss),
			    0);
			sum = miss;
			for (int x = 0; x < 22; x++)
				sum += dist[x];
			assert_true(fabs(sum - 1.0) < 1e-12);
			assert_true(lose ? miss > 0.0 : miss == 0.0);
			/* The outcomes give the value back. */
			sum = miss * misses[k];
			for (int x = 0; x < 22; x++)
				sum += dist[x] * u[x];
			assert_true(!lose || fabs(sum - v.value) < 1e-12);
			shut_solver_free(s);
		}
	/* Exact values refuse a miss. */
	{
		struct shut_rules r;
		double u[2] = { 1.0, 0.0 }, miss = 0.0;
		struct shut_objective o = { .kind = SHUT_OBJECTIVE_UTILITY,
					    .utility = u,
					    .scores = 2,
					    .miss = &miss };
		struct shut_solver *s = NULL;

		rules_of(&r, "2-to-go tiles=1-6");
		assert_int_equal(
		    shut_solver_new(&s, &r, &o,
				    &(struct shut_solver_options){
					.flags = SHUT_SOLVER_EXACT }),
		    SHUT_EMODE);
	}
}

/*
 * What perfect plays by: exactly where it can, by the approximation for a
 * match of more players past the bound, and for the expected score where
 * scores pass the tables (digits), each playing whole games.
 */
static void
perfect_says_how_it_plays(void **state)
{
	static const struct {
		const char *spec;
		int players;
		size_t bound;
		int kind;
	} cases[] = {
		{ "classic tiles=1-5 rounds=2", 3, 1 << 20,
		  SHUT_PERFECT_EXACT },
		{ "classic tiles=1-5 rounds=2", 3, 0, SHUT_PERFECT_APPROX },
		{ "five-rounds", 3, 4096, SHUT_PERFECT_APPROX },
		{ "digital", 2, 4096, SHUT_PERFECT_EXACT },
		{ "digital shut=zero until=100", 2, 4096,
		  SHUT_PERFECT_EXPECTED },
		{ "digital rounds=3", 3, 4096, SHUT_PERFECT_EXPECTED },
		{ "lucky-7", 5, 4096, SHUT_PERFECT_EXACT },
		{ "the-300", 2, 4096, SHUT_PERFECT_EXPECTED },
	};

	(void)state;
	for (size_t i = 0; i < LEN(cases); i++) {
		struct shut_rules r;
		struct shut_perfect *p = NULL;
		struct shut_player players[8];
		struct shut_rng rng;
		struct shut_dice dice;

		rules_of(&r, cases[i].spec);
		assert_int_equal(shut_perfect_new_exact(&p, &r,
							cases[i].players, NULL,
							cases[i].bound),
				 0);
		if (shut_perfect_kind(p) != cases[i].kind)
			fail_msg("%s, %d players: kind %d, want %d",
				 cases[i].spec, cases[i].players,
				 shut_perfect_kind(p), cases[i].kind);
		assert_true(isnan(shut_perfect_chance(p, 0)) ==
			    (cases[i].kind != SHUT_PERFECT_EXACT));
		for (int j = 0; j < cases[i].players; j++) {
			players[j].strategy = &shut_win_perfect;
			players[j].ctx = p;
		}
		shut_rng_seed(&rng, 77 + (unsigned)i);
		shut_dice_rng(&dice, &rng);
		for (int k = 0; k < 50; k++) {
			struct shut_game g;

			assert_int_equal(
			    shut_game_init(&g, &r, cases[i].players), 0);
			play(&g, players, &dice);
		}
		shut_perfect_free(p);
	}
}

/*
 * A seat that leaves puts the game in a state no solution met: perfect
 * plays on (until-shut: for a shut box; an exact match: the expected
 * score), and the game ends.
 */
static void
perfect_plays_on_when_a_seat_leaves(void **state)
{
	static const char *const specs[] = { "lucky-7",
					     "classic tiles=1-5 rounds=2",
					     "2-to-go tiles=1-6" };

	(void)state;
	for (size_t i = 0; i < LEN(specs); i++) {
		struct shut_rules r;
		struct shut_perfect *p = NULL;
		struct shut_player players[3];
		struct shut_rng rng;
		struct shut_dice dice;
		struct shut_action leave = { .kind = SHUT_ACT_LEAVE,
					     .seat = 1 };

		rules_of(&r, specs[i]);
		assert_int_equal(
		    shut_perfect_new_exact(&p, &r, 3, NULL, (size_t)1 << 20),
		    0);
		for (int j = 0; j < 3; j++) {
			players[j].strategy = &shut_win_perfect;
			players[j].ctx = p;
		}
		shut_rng_seed(&rng, 5 + (unsigned)i);
		shut_dice_rng(&dice, &rng);
		for (int k = 0; k < 20; k++) {
			struct shut_game g;

			assert_int_equal(shut_game_init(&g, &r, 3), 0);
			assert_true(shut_game_act(&g, &leave, NULL) >= 0);
			play(&g, players, &dice);
			assert_false(g.seat[1].winner);
		}
		shut_perfect_free(p);
	}
}

/* Bounds: the states of an exact match, the seats, until-shut's seats. */
static void
what_is_too_big_is_refused(void **state)
{
	struct shut_rules r;
	struct shut_many *m = NULL;
	struct shut_race *race = NULL;

	(void)state;
	rules_of(&r, "classic rounds=2");
	assert_int_equal(shut_many_new(&m, &r, 3, 500, NULL), SHUT_ETOOBIG);
	assert_null(m);
	assert_int_equal(
	    shut_many_new(&m, &r, SHUT_MANY_SEATS_MAX + 1, 0, NULL),
	    SHUT_EPLAYERS);
	rules_of(&r, "digital rounds=2");
	assert_int_equal(shut_many_new(&m, &r, 3, 0, NULL), SHUT_ETOOBIG);
	rules_of(&r, "lucky-7");
	assert_int_equal(shut_many_new(&m, &r, 3, 0, NULL), SHUT_EMODE);
	rules_of(&r, "3-to-go rounds=until-shut");
	assert_int_equal(shut_race_new(&race, &r, 13, NULL), SHUT_ETOOBIG);
	assert_null(race);
	rules_of(&r, "classic");
	assert_int_equal(shut_race_new(&race, &r, 2, NULL), SHUT_EMODE);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
		    two_players_agree_with_the_whole_game_brute_force),
		cmocka_unit_test(
		    the_exact_match_agrees_with_the_round_and_the_match),
		cmocka_unit_test(the_rough_count_is_near_the_states_solved),
		cmocka_unit_test(the_new_solutions_match_seeded_games),
		cmocka_unit_test(until_shut_is_the_race_of_shut_boxes),
		cmocka_unit_test(a_miss_that_loses_is_worth_the_miss),
		cmocka_unit_test(perfect_says_how_it_plays),
		cmocka_unit_test(perfect_plays_on_when_a_seat_leaves),
		cmocka_unit_test(what_is_too_big_is_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
