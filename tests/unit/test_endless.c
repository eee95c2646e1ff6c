/*
 * test_endless.c - no rule set the library accepts makes an endless game.
 *
 * The property: for rule sets drawn at random, either shut_rules_check()
 * refuses the set, or a game of computer players playing at random ends
 * within a bound of actions.  Random players choose every legal move and
 * dice count with some probability, so a game that can end does.  It is
 * checked twice: on rule sets leaning on what can make a game endless
 * (until-shut, until and eliminate with shut=zero, first-throw with both
 * miss rules, a bust number, one-tile moves, few faces), where the solver
 * also judges each refusal; and on rule sets drawn from the whole public
 * key table, battles included.  Then the known endless sets are refused by
 * name, and the game's counters are seen to stop at their limit.
 */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "shutbox.h"

#define SETS		  20000
#define TABLE_SETS	  5000
#define TABLE_ACTIONS_MAX 200000L
#define ACTIONS_MAX	  2000000L

static uint64_t draw_state = 0x9e3779b97f4a7c15u;

static unsigned
draw(unsigned n)
{
	draw_state = draw_state * 6364136223846793005u + 1442695040888963407u;
	return (unsigned)((draw_state >> 33) % n);
}

/* A rule set leaning on what can make a game endless. */
static void
draw_rules(struct shut_rules *r)
{
	char why[256];
	uint32_t start;
	int t;

	shut_rules_parse(r, "classic", why, sizeof(why));
	r->tile_lo = 1 + (int)draw(3);
	r->tile_hi = r->tile_lo + (int)draw(10);
	r->start = draw(3) ? SHUT_START_ALL : SHUT_START_LIST;
	r->start_list = shut_rules_tiles(r) &
			(uint32_t)(draw(1u << 16) | draw(1u << 16) << 16);
	r->start_list |= SHUT_TILE(r->tile_hi);
	start = shut_rules_start(r);
	r->dice = 1 + (int)draw(3);
	r->faces = 2 + (int)draw(7);
	r->fewer = (enum shut_fewer)draw(5);
	r->fewer_forced = (int)draw(2);
	r->move = (enum shut_move)draw(4);
	r->move_max = r->move == SHUT_MOVE_UP_TO ? 1 + (int)draw(3) : 0;
	r->first_throw = 0;
	if (draw(2)) {
		t = r->tile_lo + (int)draw(11);
		if (start & SHUT_TILE(t))
			r->first_throw = t;
	}
	r->first_miss = (enum shut_first_miss)draw(2);
	r->bust = draw(3) ? 0 : 2 + (int)draw(20);
	r->score = SHUT_SCORE_SUM;
	r->shut = (enum shut_shut)draw(2);
	r->rounds = draw(2) ? 0 : 1 + (int)draw(3);
	if (r->rounds == 0)
		r->shut = SHUT_SHUT_WIN;
	r->until = draw(2) ? 0 : 1 + (long)draw(60);
	r->eliminate = draw(3) ? 0 : 1 + (long)draw(60);
	r->stake = 0;
	r->mode = SHUT_MODE_STANDARD;
	switch (draw(4)) {
	case 0:
		/* A first throw that may never take its tile. */
		r->rounds = 0;
		r->shut = SHUT_SHUT_WIN;
		r->move = SHUT_MOVE_UP_TO;
		r->move_max = 1;
		r->first_throw = r->tile_lo;
		r->start = SHUT_START_ALL;
		break;
	case 1:
		/* A tiny box one tile at a time, maybe surely shut. */
		r->tile_hi = r->tile_lo + (int)draw(2);
		r->start = SHUT_START_ALL;
		r->move = SHUT_MOVE_ONE_TILE;
		r->faces = 2 + (int)draw(2);
		r->shut = SHUT_SHUT_ZERO;
		if (r->rounds == 0)
			r->rounds = 1;
		if (!r->until && !r->eliminate)
			r->until = 1 + (long)draw(60);
		break;
	default:
		break;
	}
}

/*
 * A spec of every key of the public table, each value drawn from what the
 * key takes: its words, its range, a list of tiles within the tiles drawn.
 * Numbers are drawn from the low end of their range (up to NUMBER_SPAN
 * past the minimum) or near the tiles drawn, where they make a difference
 * (a first-throw tile, a bust total), and so that a game of them can be
 * played out.  Boxes span up to 10 tiles (one in four up to 32) and half
 * start at 1 to 4; half the dice are 1 to 3: small rule sets, where the
 * rules most often leave a game no way to end.
 */
#define NUMBER_SPAN 40

static void
draw_spec(char *spec, size_t len)
{
	size_t i, used = 0;
	int lo = 1, hi = 9, t, span;

	for (i = 0; i < shut_rule_key_count(); i++) {
		const struct shut_rule_key *k = shut_rule_key_at(i);
		long words = 0, n;
		char v[160];
		size_t vlen = 0;

		while (k->words != NULL && k->words[words] != NULL)
			words++;
		switch (k->kind) {
		case SHUT_KEY_TILES:
			lo = (int)k->min +
			     (int)draw(
				 draw(2) ? 4 : (unsigned)(k->max - k->min + 1));
			span = draw(4) ? 10 : (int)k->max;
			n = k->max - lo + 1 < span ? k->max - lo + 1 : span;
			hi = lo + (int)draw((unsigned)n);
			snprintf(v, sizeof(v), "%d-%d", lo, hi);
			break;
		case SHUT_KEY_START:
			if (draw(2)) {
				snprintf(v, sizeof(v), "%s",
					 k->words[draw((unsigned)words)]);
				break;
			}
			vlen = (size_t)snprintf(v, sizeof(v), "%d", hi);
			for (t = lo; t < hi; t++)
				if (draw(2))
					vlen += (size_t)snprintf(
					    v + vlen, sizeof(v) - vlen, ",%d",
					    t);
			break;
		case SHUT_KEY_DICE:
			snprintf(v, sizeof(v), "%ldd%u",
				 k->min + (long)draw(
					      draw(2) ? 3
						      : (unsigned)(k->max -
								   k->min + 1)),
				 2 + draw(draw(4) ? 11 : SHUT_FACES_MAX - 1));
			break;
		case SHUT_KEY_MOVE:
			n = (long)draw((unsigned)words);
			if (n == 1)
				snprintf(v, sizeof(v), "up-to-%ld",
					 k->min + (long)draw(4));
			else
				snprintf(v, sizeof(v), "%s", k->words[n]);
			break;
		case SHUT_KEY_WORD:
			snprintf(v, sizeof(v), "%s",
				 k->words[draw((unsigned)words)]);
			break;
		case SHUT_KEY_NUMBER:
		case SHUT_KEY_MONEY:
			n = k->max - k->min < NUMBER_SPAN ? k->max - k->min
							  : NUMBER_SPAN;
			n = k->min + (long)draw((unsigned)n + 1);
			/* Or near the tiles, where a tile or a total is. */
			if (draw(2))
				n = lo - 2 +
				    (long)draw((unsigned)(hi - lo + 5));
			if (n < k->min || n > k->max || draw(3) == 0)
				snprintf(v, sizeof(v), "%s", k->zero);
			else
				snprintf(v, sizeof(v), "%ld", n);
			break;
		}
		used += (size_t)snprintf(spec + used, len - used, "%s%s=%s",
					 i ? " " : "", k->name, v);
		assert_true(used < len);
	}
}

/*
 * Plays game g of nseats random players until it ends or bound actions
 * are taken; the actions it took.
 */
static long
play_out(struct shut_game *g, const struct shut_rules *r, int nseats,
	 uint64_t seed, long bound)
{
	struct shut_player players[4];
	struct shut_rng rng[4], dice_rng;
	struct shut_dice dice;
	long n = 0;
	int i;

	assert_int_equal(shut_game_init(g, r, nseats), 0);
	shut_rng_seed(&dice_rng, seed);
	shut_dice_rng(&dice, &dice_rng);
	for (i = 0; i < nseats; i++) {
		shut_rng_seed(&rng[i], seed + 1 + (uint64_t)i);
		players[i].strategy = shut_strategy_find("random");
		players[i].ctx = &rng[i];
	}
	while (g->need != SHUT_NEED_NONE && n < bound) {
		assert_true(shut_game_step(g, players, &dice, NULL, NULL) >= 0);
		n++;
	}
	return n;
}

/*
 * The best chance of shutting the box in one turn under r played as one
 * round, from the solver: an independent judge of the search in the
 * library's check.  -1 when the solver's table would not fit in memory,
 * unless must: then the test fails.
 */
static double
best_shut(const struct shut_rules *r, int must)
{
	struct shut_objective obj = { .kind = SHUT_OBJECTIVE_SHUT };
	struct shut_position pos = { 0, 0, 1 };
	struct shut_rules one = *r;
	struct shut_solver *s;
	struct shut_value v;
	int rc;

	one.rounds = 1;
	one.until = one.eliminate = 0;
	one.shut = SHUT_SHUT_WIN;
	rc = shut_solver_new(&s, &one, &obj, NULL);
	if (rc == SHUT_ETOOBIG && !must)
		return -1;
	assert_int_equal(rc, 0);
	pos.open = shut_rules_start(&one);
	assert_int_equal(shut_solver_value(s, &pos, &v), 0);
	shut_solver_free(s);
	return v.shut;
}

static void
random_rule_sets_are_refused_or_end(void **state)
{
	static struct shut_game g;
	char spec[512];
	int i, refused = 0, played = 0, judged = 0;

	(void)state;
	for (i = 0; i < SETS; i++) {
		struct shut_rules r;
		int rc, until_shut, by_total, loses;
		double p;
		long n;

		draw_rules(&r);
		rc = shut_rules_check(&r, NULL, 0);
		if (rc != 0 && rc != SHUT_EENDLESS && rc != SHUT_EUNTILSHUT) {
			refused++;
			continue;
		}
		shut_rules_print(&r, spec, sizeof(spec));
		/*
		 * The solver judges the check where no loss can end the game:
		 * until-shut is refused exactly when the box can never be
		 * shut; until and eliminate with shut=zero exactly when it
		 * can be shut every time.
		 */
		until_shut = r.rounds == 0 && !r.until && !r.eliminate;
		by_total = r.until || r.eliminate;
		loses = r.first_throw && r.first_miss == SHUT_FIRST_MISS_LOSE;
		if (!loses &&
		    (until_shut || (by_total && r.shut == SHUT_SHUT_ZERO))) {
			p = best_shut(&r, 1);
			judged++;
			if (until_shut && (rc != 0) != (p == 0))
				fail_msg("set %d: check %d, chance to shut %g: "
					 "%s",
					 i, rc, p, spec);
			if (!until_shut && (rc != 0) != (p > 1 - 1e-12))
				fail_msg("set %d: check %d, chance to shut %g: "
					 "%s",
					 i, rc, p, spec);
		}
		if (rc != 0) {
			refused++;
			continue;
		}
		/* A game that can end, ends (unless its chance is tiny). */
		if (until_shut && best_shut(&r, 1) < 1e-3)
			continue;
		n = play_out(&g, &r, 1 + (int)draw(3), (uint64_t)i,
			     ACTIONS_MAX);
		played++;
		if (n >= ACTIONS_MAX)
			fail_msg("set %d did not end in %ld actions: %s", i,
				 ACTIONS_MAX, spec);
	}
	print_message("%d sets refused, %d played, %d judged by the "
		      "solver\n",
		      refused, played, judged);
	/* Every outcome must be common, or the draw tests too little. */
	assert_true(refused > SETS / 20);
	assert_true(played > SETS / 2);
	assert_true(judged > SETS / 10);
}

/* ---------------------------------------------------------------------
 * Whether a battle can still end, by brute force
 */

struct walk {
	const struct shut_game *g;
	uint32_t start;
	int n;
	int tile[SHUT_TILES_MAX];
	unsigned char *seen;
	long *queue;
	long head, tail;
	int ended;
};

static long
walk_position(const struct walk *w, uint32_t open, int opener, int first)
{
	long i = 0;
	int k;

	for (k = 0; k < w->n; k++)
		if (open & SHUT_TILE(w->tile[k]))
			i |= 1L << k;
	return i << 2 | (long)opener << 1 | first;
}

static void
walk_to(struct walk *w, uint32_t open, int opener, int first)
{
	long p = walk_position(w, open, opener, first);

	if (!w->seen[p]) {
		w->seen[p] = 1;
		w->queue[w->tail++] = p;
	}
}

/* Every throw of d dice from face lo on, for one position. */
static void
walk_throws(struct walk *w, struct shut_throw *t, int i, int lo, uint32_t open,
	    int opener, int first)
{
	const struct shut_rules *r = &w->g->rules;
	uint32_t board = opener ? w->start & ~open : open;
	uint32_t moves[4096];
	long k, n;
	int f;

	if (i < t->n) {
		for (f = lo; f <= r->faces; f++) {
			t->face[i] = f;
			walk_throws(w, t, i + 1, f, open, opener, first);
		}
		return;
	}
	if (r->bust && shut_throw_total(t) == r->bust) {
		walk_to(w, open, !opener, 1);
		return;
	}
	n = shut_moves(r, board, t, first, moves, 4096);
	assert_true(n <= 4096);
	if (n == 0 && first && r->first_throw &&
	    r->first_miss == SHUT_FIRST_MISS_LOSE)
		w->ended = 1;
	else if (n == 0)
		walk_to(w, open, !opener, 1);
	for (k = 0; k < n; k++) {
		uint32_t next = opener ? open | moves[k] : open & ~moves[k];

		if (next == (opener ? w->start : 0))
			w->ended = 1;
		else
			walk_to(w, next, opener, 0);
	}
}

/*
 * Whether battle g can still end, with any play and any dice: a search
 * over every position it can come to, every throw of the dice looked at
 * (independent of the judgement of endless.c, which looks at one throw
 * per class).  -1 when the box or the throws are too many to search.
 */
static int
battle_can_end(const struct shut_game *g)
{
	struct walk w = {
		g, shut_rules_start(&g->rules), 0, { 0 }, NULL, NULL, 0, 0, 0
	};
	const struct shut_rules *r = &g->rules;
	long throws = 1;
	int t, d;

	for (t = 1; t <= SHUT_TILES_MAX; t++)
		if (w.start & SHUT_TILE(t))
			w.tile[w.n++] = t;
	for (d = 0; d < r->dice; d++)
		throws = throws * (r->faces + d) / (d + 1);
	if (w.n > 14 || throws > 2000)
		return -1;
	w.seen = calloc((size_t)4 << w.n, 1);
	w.queue = malloc(sizeof(long) * ((size_t)4 << w.n));
	assert_non_null(w.seen);
	assert_non_null(w.queue);
	walk_to(&w, g->open, g->turn, g->first);
	while (w.head < w.tail && !w.ended) {
		long p = w.queue[w.head++];
		uint32_t open = 0, board;
		int opener = (int)(p >> 1) & 1;
		unsigned choices;

		for (t = 0; t < w.n; t++)
			if ((p >> 2) & (1L << t))
				open |= SHUT_TILE(w.tile[t]);
		board = opener ? w.start & ~open : open;
		choices = shut_dice_choices(r, board);
		for (d = 1; d <= r->dice; d++) {
			struct shut_throw th = { .n = d };

			if (choices & (1u << d))
				walk_throws(&w, &th, 0, 1, open, opener,
					    (int)p & 1);
		}
	}
	free(w.seen);
	free(w.queue);
	return w.ended;
}

/*
 * The property over the whole key table.  A game that can end may still
 * take long at random.  Under rounds=until-shut the best play may shut the
 * box once in thousands of turns (tiles 26 to 31 under move=one-tile, each
 * shut only by a total of five dice); such a game, past the bound, is
 * judged by the solver instead (up to 16 tiles, and where its table fits
 * in memory): its chance of shutting in a turn must be above 0, and small.
 * A battle is a random walk between the Shutter and the Opener, long on a
 * large box; past the bound, a search over every position it can still
 * come to must find an end (or be too large to make).
 */
static void
rule_sets_drawn_from_the_key_table_are_refused_or_end(void **state)
{
	static struct shut_game g;
	char spec[1024], why[256];
	int i, refused = 0, endless = 0, played = 0, slow = 0;
	long n, most = 0;

	(void)state;
	for (i = 0; i < TABLE_SETS; i++) {
		struct shut_rules r;
		int rc, seats, tiles;
		double p;

		draw_spec(spec, sizeof(spec));
		rc = shut_rules_parse(&r, spec, why, sizeof(why));
		if (rc != 0) {
			refused++;
			endless += rc == SHUT_EENDLESS || rc == SHUT_EUNTILSHUT;
			continue;
		}
		seats = r.mode == SHUT_MODE_BATTLE ? 2 : 1 + (int)draw(4);
		n = play_out(&g, &r, seats, (uint64_t)i, TABLE_ACTIONS_MAX);
		played++;
		if (n < TABLE_ACTIONS_MAX) {
			most = n > most ? n : most;
			continue;
		}
		tiles = shut_tiles_count(shut_rules_start(&r));
		if (r.mode == SHUT_MODE_BATTLE
			? battle_can_end(&g) != 0
			: r.rounds == 0 && tiles <= 16 &&
			      (p = best_shut(&r, 0)) != 0 && p < 1e-3) {
			slow++;
			continue;
		}
		fail_msg("set %d (%d seats) did not end in %ld actions: %s", i,
			 seats, TABLE_ACTIONS_MAX, spec);
	}
	print_message("%d sets refused (%d as endless), %d played, %d of "
		      "them slow to end, the others in %ld actions at most\n",
		      refused, endless, played, slow, most);
	assert_true(played > TABLE_SETS / 4);
	assert_true(endless > TABLE_SETS / 50);
	assert_true(slow < played / 100);
}

static void
known_endless_sets_are_refused(void **state)
{
	static const struct {
		const char *spec;
		int code;
	} sets[] = {
		{ "rounds=until-shut first-throw=1 move=up-to-1",
		  SHUT_EUNTILSHUT },
		{ "tiles=2-2 dice=2d2 move=one-tile shut=zero until=10",
		  SHUT_EENDLESS },
		{ "tiles=2-2 dice=2d2 move=one-tile shut=zero eliminate=10",
		  SHUT_EENDLESS },
		{ "lucky-7 bust=7", SHUT_EUNTILSHUT },
		/* A box of more than 16 tiles. */
		{ "rounds=until-shut first-throw=1 move=up-to-1 dice=3d6 "
		  "tiles=1-18",
		  SHUT_EUNTILSHUT },
		/* The first throw never misses (2 busts): nobody ever loses. */
		{ "rounds=until-shut tiles=1-3 dice=2d2 fewer-dice-forced=yes "
		  "first-throw=3 first-miss=lose bust=2",
		  SHUT_EUNTILSHUT },
		/* Tiles 4 to 7 need fewer dice, which a sum of 22 never gets.
		 */
		{ "rounds=until-shut tiles=1-21 dice=8d3 fewer-dice=low-sum "
		  "move=one-tile",
		  SHUT_EUNTILSHUT },
		/* With 4 shut and 2, 3 open, the Opener is forced to one die.
		 */
		{ "battle tiles=2-9 dice=2d8 fewer-dice-forced=yes "
		  "first-throw=4 "
		  "bust=4",
		  SHUT_EENDLESS },
		{ "classic until=1000001", SHUT_EVALUE },
		{ "classic eliminate=1000001", SHUT_EVALUE },
	};
	static const char *const fine[] = {
		"rounds=until-shut first-throw=1 move=up-to-1 first-miss=lose",
		"tiles=2-2 dice=2d2 move=one-tile shut=win until=10",
		"tiles=2-2 dice=2d2 move=dice-or-sum shut=zero until=10",
		"classic until=1000000",
		"rounds=until-shut tiles=1-3 dice=2d2 fewer-dice-forced=yes "
		"first-throw=3 first-miss=lose bust=3",
		"the-300 rounds=until-shut",
		"rounds=until-shut tiles=1-32 dice=8d6 fewer-dice=low-sum",
		"rounds=until-shut tiles=3-26 dice=5d7 fewer-dice=lone-one "
		"fewer-dice-forced=yes move=dice-or-sum first-throw=7",
		"rounds=until-shut tiles=3-25 dice=7d24 fewer-dice-forced=yes "
		"bust=22",
		"battle first-throw=3",
		"battle tiles=2-9 dice=2d8 fewer-dice-forced=yes first-throw=4",
	};
	struct shut_rules r;
	char why[256];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(sets) / sizeof(sets[0]); i++) {
		int rc = shut_rules_parse(&r, sets[i].spec, why, sizeof(why));

		if (rc != sets[i].code)
			fail_msg("'%s' gave %d, not %d: %s", sets[i].spec, rc,
				 sets[i].code, why);
	}
	for (i = 0; i < sizeof(fine) / sizeof(fine[0]); i++)
		if (shut_rules_parse(&r, fine[i], why, sizeof(why)) != 0)
			fail_msg("'%s' refused: %s", fine[i], why);
}

/* The ROUND_END among the events of one action, or NULL. */
static const struct shut_event *
round_end_of(const struct shut_events *ev)
{
	int i;

	for (i = 0; i < ev->n; i++)
		if (ev->ev[i].kind == SHUT_EVENT_ROUND_END)
			return &ev->ev[i];
	return NULL;
}

static void
counters_stay_at_their_largest_value_instead_of_wrapping(void **state)
{
	static struct shut_game g;
	static struct shut_events ev;
	struct shut_action a = { .kind = SHUT_ACT_THROW };
	const struct shut_event *e;
	struct shut_rules r;
	char why[256];
	int i;

	(void)state;
	assert_int_equal(
	    shut_rules_parse(&r, "tournament start=9", why, sizeof(why)), 0);
	assert_int_equal(shut_game_init(&g, &r, 2), 0);
	g.round = LONG_MAX;
	g.turns_played = LONG_MAX;
	g.actions = LONG_MAX;
	for (i = 0; i < 2; i++)
		g.seat[i].turns = g.seat[i].shut_count = LONG_MAX;
	/* Seat 0 shuts the box (4 + 5 = 9), seat 1 cannot move (1 + 1). */
	a.thrown = (struct shut_throw){ .n = 2, .face = { 4, 5 } };
	assert_true(shut_game_act(&g, &a, &ev) >= 0);
	assert_true(shut_game_move(&g, SHUT_TILE(9)) >= 0);
	a.thrown = (struct shut_throw){ .n = 2, .face = { 1, 1 } };
	assert_true(shut_game_act(&g, &a, &ev) >= 0);
	assert_non_null(e = round_end_of(&ev));
	assert_int_equal(e->count, INT_MAX);
	assert_true(g.need != SHUT_NEED_NONE);
	assert_true(g.round == LONG_MAX && g.turns_played == LONG_MAX &&
		    g.actions == LONG_MAX);
	for (i = 0; i < 2; i++)
		assert_true(g.seat[i].turns == LONG_MAX &&
			    g.seat[i].shut_count == LONG_MAX);
	assert_int_equal(g.seat[1].total, 9);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(known_endless_sets_are_refused),
		cmocka_unit_test(random_rule_sets_are_refused_or_end),
		cmocka_unit_test(
		    rule_sets_drawn_from_the_key_table_are_refused_or_end),
		cmocka_unit_test(
		    counters_stay_at_their_largest_value_instead_of_wrapping),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
