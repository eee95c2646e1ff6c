/*
 * sim.c - the simulator: many games played through the step API, on
 * several threads, with the same result whatever their number.
 *
 * The work is cut into blocks of SHUT_SIM_BLOCK games.  Threads take the
 * next block from a shared counter, so a slow thread takes fewer; block b
 * always plays from stream b of the seed (the seed's generator jumped b
 * times), so which thread plays it changes nothing.  Each thread keeps the
 * unplayed start of the stream of the block it is at and jumps it forward
 * to the next block it takes: one jump per block in all, some 256 draws'
 * worth of work against thousands of games.
 *
 * Each thread adds into a tally of its own, and the tallies are added up
 * at the end.  They hold integer counts only (128 bits where a sum of
 * squares needs them), so the order of the additions cannot change the
 * result, as it would with floating point.
 *
 * Inside a block the loop allocates nothing: the game is plain data on the
 * thread's stack, a copy for each game of one started by shut_game_init()
 * before the run (which checks the rules once, not every game).
 *
 * Left out on purpose: anything that prints, any clock, and signals; a
 * program shows the progress from done and stops the run through stop.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "shut_error.h"
#include "shut_moves.h"
#include "shut_sim.h"
#include "sim_compiled.h"

/* ---------------------------------------------------------------------
 * Wide counts
 */

static void
wide_add(struct shut_wide *w, uint64_t x)
{
	w->lo += x;
	w->hi += w->lo < x;
}

static void
wide_add_wide(struct shut_wide *w, const struct shut_wide *x)
{
	w->lo += x->lo;
	w->hi += x->hi + (w->lo < x->lo);
}

/* x * y in 128 bits, the product worked in 32-bit parts. */
static struct shut_wide
wide_mul(uint64_t x, uint64_t y)
{
	uint64_t xl = x & 0xffffffffu, xh = x >> 32;
	uint64_t yl = y & 0xffffffffu, yh = y >> 32;
	uint64_t ll = xl * yl, lh = xl * yh, hl = xh * yl, hh = xh * yh;
	uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
	struct shut_wide p;

	p.lo = (ll & 0xffffffffu) | (mid << 32);
	p.hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
	return p;
}

static void
wide_add_square(struct shut_wide *w, uint64_t x)
{
	struct shut_wide sq = wide_mul(x, x);

	wide_add_wide(w, &sq);
}

/*
 * Adds k times x and k times x * x, modulo 2^128 as k additions of them
 * would: what k turns of score x add to the sums.
 */
static void
wide_add_times(struct shut_wide *sum, struct shut_wide *sum2, uint64_t x,
	       uint64_t k)
{
	struct shut_wide p = wide_mul(x, k), sq = wide_mul(x, x), p2;

	wide_add_wide(sum, &p);
	p2 = wide_mul(sq.lo, k);
	p2.hi += sq.hi * k;
	wide_add_wide(sum2, &p2);
}

double
shut_wide_double(const struct shut_wide *w)
{
	if (w == NULL)
		return 0;
	return (double)w->hi * 18446744073709551616.0 + (double)w->lo;
}

/* ---------------------------------------------------------------------
 * Tallies
 */

uint64_t
shut_sim_width(const struct shut_rules *rules)
{
	uint64_t most;

	if (rules == NULL)
		return 1;
	if (rules->score == SHUT_SCORE_DIGITS)
		return 0;
	most = shut_score(rules, shut_rules_start(rules));
	return most / SHUT_SIM_BINS + 1;
}

/* The bin of a score: score / width, or with width 0 its digits. */
static size_t
bin_of(const struct shut_sim_turns *t, uint64_t score)
{
	uint64_t b = 0;

	if (t->width == 0) {
		for (; score > 0; score /= 10)
			b++;
		return (size_t)b;
	}
	b = score / t->width;
	return b < SHUT_SIM_BINS ? (size_t)b : SHUT_SIM_BINS - 1;
}

static void
turns_add(struct shut_sim_turns *to, const struct shut_sim_turns *t)
{
	to->games += t->games;
	to->shut += t->shut;
	to->throws += t->throws;
	wide_add_wide(&to->score, &t->score);
	wide_add_wide(&to->score2, &t->score2);
	for (int i = 0; i < SHUT_SIM_BINS; i++)
		to->bin[i] += t->bin[i];
}

/*
 * Adds to t the turns a compiled player played: count[i] turns ended the
 * i-th way of ends[], with throws throws in all.
 */
static void
turns_add_counts(struct shut_sim_turns *t, const struct simc_end *ends,
		 size_t n, const uint64_t *count, uint64_t throws)
{
	t->throws += throws;
	for (size_t i = 0; i < n; i++) {
		uint64_t k = count[i];

		if (k == 0)
			continue;
		t->games += k;
		t->shut += ends[i].shut ? k : 0;
		wide_add_times(&t->score, &t->score2, ends[i].score, k);
		t->bin[bin_of(t, ends[i].score)] += k;
	}
}

static void
match_add(struct shut_sim_match *to, const struct shut_sim_match *m)
{
	to->games += m->games;
	to->turns += m->turns;
	for (int i = 0; i < m->nseats; i++) {
		struct shut_sim_seat *a = &to->seat[i];
		const struct shut_sim_seat *b = &m->seat[i];

		for (int k = 0; k <= SHUT_SEATS_MAX; k++)
			a->won[k] += b->won[k];
		wide_add_wide(&a->total, &b->total);
		wide_add_wide(&a->total2, &b->total2);
		wide_add_wide(&a->cents, &b->cents);
		wide_add_wide(&a->cents2, &b->cents2);
	}
}

/* ---------------------------------------------------------------------
 * One game
 */

/*
 * Plays game g to its end; returns 0 or the first error, and adds the
 * throws made to *throws.
 */
static int
play_out(struct shut_game *g, const struct shut_player *players,
	 const struct shut_dice *dice, uint64_t *throws)
{
	struct shut_action done;

	while (g->need != SHUT_NEED_NONE) {
		int rc = shut_game_step(g, players, dice, &done, NULL);

		if (rc < 0)
			return rc;
		*throws += done.kind == SHUT_ACT_THROW;
	}
	return 0;
}

static int
one_turn(const struct shut_game *start, const struct shut_player *players,
	 const struct shut_dice *dice, struct shut_sim_turns *t)
{
	struct shut_game g = *start;
	uint64_t score;
	int rc;

	if ((rc = play_out(&g, players, dice, &t->throws)) < 0)
		return rc;
	score = g.seat[0].last_score;
	t->games++;
	t->shut += g.seat[0].shut_count > 0;
	wide_add(&t->score, score);
	wide_add_square(&t->score2, score);
	t->bin[bin_of(t, score)]++;
	return 0;
}

static int
one_match(const struct shut_game *start, const struct shut_player *players,
	  const struct shut_dice *dice, struct shut_sim_match *m)
{
	struct shut_game g = *start;
	uint64_t throws = 0;
	int64_t pot;
	int rc;

	if ((rc = play_out(&g, players, dice, &throws)) < 0)
		return rc;
	pot = shut_game_pot(&g);
	m->games++;
	m->turns += (uint64_t)g.turns_played;
	for (int i = 0; i < m->nseats; i++) {
		struct shut_sim_seat *s = &m->seat[i];
		uint64_t cents = 0;

		if (g.seat[i].winner && g.nwinners > 0) {
			s->won[g.nwinners]++;
			cents = (uint64_t)(pot / g.nwinners);
		} else if (g.nwinners == 0) {
			cents = (uint64_t)g.rules.stake; /* the stake back */
		}
		wide_add(&s->total, g.seat[i].total);
		wide_add_square(&s->total2, g.seat[i].total);
		wide_add(&s->cents, cents);
		wide_add_square(&s->cents2, cents);
	}
	return 0;
}

/* ---------------------------------------------------------------------
 * Threads and blocks
 */

struct run {
	const struct shut_sim *sim;
	struct shut_rules rules;     /* as played: one turn, or as given */
	struct shut_game start;	     /* every game starts as a copy of it */
	int turns;		     /* single turns, else whole games */
	struct shut__simc *simc;     /* the compiled player, or NULL */
	const struct simc_end *ends; /* its ways of ending a turn */
	size_t nends;
	uint64_t blocks;
	atomic_ullong next; /* the next block to take */
	atomic_int error;   /* the first error of a player, or 0 */
};

struct worker {
	struct run *run;
	pthread_t th;
	int started;
	struct shut_sim_turns *turns;
	struct shut_sim_match *match;
	uint64_t *count, throws;    /* a compiled player's turns, by end */
	void *mine[SHUT_SEATS_MAX]; /* the seats' contexts of its own */
};

static int
stopped(const struct run *r)
{
	return (r->sim->stop != NULL && atomic_load(r->sim->stop)) ||
	       atomic_load(&r->error) != 0;
}

/* Plays block b from its stream rng; returns 0 or a player's error. */
static int
play_block(struct worker *w, uint64_t b, struct shut_rng *rng)
{
	const struct shut_sim *sim = w->run->sim;
	struct shut_player players[SHUT_SEATS_MAX];
	struct shut_dice dice;
	uint64_t first = b * SHUT_SIM_BLOCK, n = sim->games - first, i;
	int rc = 0;

	if (n > SHUT_SIM_BLOCK)
		n = SHUT_SIM_BLOCK;
	if (w->run->simc != NULL) {
		shut__simc_play(w->run->simc, rng, n, w->count, &w->throws);
		if (sim->done != NULL)
			atomic_fetch_add(sim->done, (unsigned long long)n);
		return 0;
	}
	for (int k = 0; k < sim->nseats; k++) {
		players[k] = sim->players[k];
		if (w->mine[k] != NULL)
			players[k].ctx = w->mine[k];
		else if (players[k].ctx == NULL)
			players[k].ctx = rng;
	}
	shut_dice_rng(&dice, rng);
	for (i = 0; i < n && rc == 0 && !stopped(w->run); i++)
		rc = w->run->turns
			 ? one_turn(&w->run->start, players, &dice, w->turns)
			 : one_match(&w->run->start, players, &dice, w->match);
	if (sim->done != NULL)
		atomic_fetch_add(sim->done, (unsigned long long)i);
	return rc;
}

static void
run_fail(struct run *r, int rc)
{
	int none = 0;

	atomic_compare_exchange_strong(&r->error, &none, rc);
}

/*
 * The seats' contexts of the thread's own (struct shut_sim_own), made
 * before its first block and dropped after its last; 0 or copy()'s error.
 */
static int
own_make(struct worker *w)
{
	const struct shut_sim *sim = w->run->sim;

	for (int k = 0; sim->own != NULL && k < sim->nseats; k++) {
		int rc;

		if (sim->own[k].copy == NULL)
			continue;
		rc = sim->own[k].copy(sim->players[k].ctx, &w->mine[k]);
		if (rc < 0)
			return rc;
	}
	return 0;
}

static void
own_drop(struct worker *w)
{
	const struct shut_sim *sim = w->run->sim;

	for (int k = 0; sim->own != NULL && k < sim->nseats; k++) {
		if (w->mine[k] != NULL && sim->own[k].drop != NULL)
			sim->own[k].drop(w->mine[k]);
		w->mine[k] = NULL;
	}
}

static void *
worker_main(void *arg)
{
	struct worker *w = arg;
	struct run *r = w->run;
	struct shut_rng at, rng;
	uint64_t pos = 0, b;
	int rc;

	if ((rc = own_make(w)) < 0)
		run_fail(r, rc);
	shut_rng_seed(&at, r->sim->seed);
	while (!stopped(r) && (b = atomic_fetch_add(&r->next, 1)) < r->blocks) {
		for (; pos < b; pos++)
			shut_rng_jump(&at);
		rng = at;
		if ((rc = play_block(w, b, &rng)) < 0)
			run_fail(r, rc);
	}
	own_drop(w);
	return NULL;
}

static int
default_threads(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

/* Zeroes a tally for the run. */
static void
tally_init(struct run *r, struct shut_sim_turns *t, struct shut_sim_match *m)
{
	if (t != NULL) {
		memset(t, 0, sizeof(*t));
		t->width = shut_sim_width(&r->rules);
	}
	if (m != NULL) {
		memset(m, 0, sizeof(*m));
		m->nseats = r->sim->nseats;
	}
}

/*
 * Runs the blocks on the threads, the first on this thread, and adds the
 * threads' tallies into the one of the first (which is the caller's).
 */
static int
run_all(struct run *r, struct shut_sim_turns *t, struct shut_sim_match *m)
{
	int n = r->sim->threads > 0 ? r->sim->threads : default_threads();
	struct worker *w;
	int rc;

	if ((uint64_t)n > r->blocks)
		n = r->blocks > 0 ? (int)r->blocks : 1;
	w = calloc((size_t)n, sizeof(*w));
	if (w == NULL)
		return SHUT_ENOMEM;
	rc = 0;
	for (int i = 0; i < n; i++) {
		w[i].run = r;
		w[i].turns = i == 0 ? t : t ? malloc(sizeof(*t)) : NULL;
		w[i].match = i == 0 ? m : m ? malloc(sizeof(*m)) : NULL;
		if (r->simc != NULL)
			w[i].count = calloc(r->nends, sizeof(*w[i].count));
		if ((w[i].turns == NULL && w[i].match == NULL) ||
		    (r->simc != NULL && w[i].count == NULL))
			rc = SHUT_ENOMEM;
		else
			tally_init(r, w[i].turns, w[i].match);
	}
	for (int i = 1; i < n && rc == 0; i++)
		w[i].started =
		    pthread_create(&w[i].th, NULL, worker_main, &w[i]) == 0;
	if (rc == 0)
		worker_main(&w[0]);
	for (int i = 0; i < n; i++) {
		if (i > 0 && w[i].started)
			pthread_join(w[i].th, NULL);
		/* A thread not started leaves its blocks to the others. */
		if (w[i].count != NULL && w[i].turns != NULL)
			turns_add_counts(w[i].turns, r->ends, r->nends,
					 w[i].count, w[i].throws);
		free(w[i].count);
		if (i == 0)
			continue;
		if (w[i].turns != NULL)
			turns_add(t, w[i].turns);
		if (w[i].match != NULL)
			match_add(m, w[i].match);
		free(w[i].turns);
		free(w[i].match);
	}
	free(w);
	return rc < 0 ? rc : atomic_load(&r->error);
}

static int
run_check(const struct shut_sim *sim, const void *out)
{
	if (sim == NULL || out == NULL || sim->rules == NULL ||
	    sim->players == NULL || sim->nseats < 1 ||
	    sim->nseats > SHUT_SEATS_MAX)
		return SHUT_EINVAL;
	for (int i = 0; i < sim->nseats; i++)
		if (sim->players[i].strategy == NULL)
			return SHUT_EINVAL;
	return shut_rules_check(sim->rules, NULL, 0);
}

/* Starts a run of sim's games; 0 or an error of the rules. */
static int
run_init(struct run *r, const struct shut_sim *sim, int turns)
{
	memset(r, 0, sizeof(*r));
	r->sim = sim;
	r->turns = turns;
	r->rules = *sim->rules;
	if (turns) {
		r->rules.rounds = 1;
		r->rules.until = 0;
		r->rules.eliminate = 0;
		r->rules.stake = 0;
	}
	r->blocks =
	    sim->games / SHUT_SIM_BLOCK + (sim->games % SHUT_SIM_BLOCK != 0);
	atomic_init(&r->next, 0);
	atomic_init(&r->error, 0);
	/*
	 * The game is started once, its rules checked once, and copied for
	 * each game: shut_game_init() is the same every time.
	 */
	return shut_game_init(&r->start, &r->rules, sim->nseats);
}

int
shut_sim_turns(const struct shut_sim *sim, struct shut_sim_turns *out)
{
	struct run r;
	int rc;

	if ((rc = run_check(sim, out)) < 0)
		return rc;
	if (sim->nseats != 1)
		return SHUT_EINVAL;
	if (sim->rules->mode == SHUT_MODE_BATTLE)
		return SHUT_EBATTLE;
	if ((rc = run_init(&r, sim, 1)) < 0)
		return rc;
	/* The compiled player where it compiles, else the step API. */
	if (!(sim->flags & SHUT_SIM_STEP)) {
		rc = shut__simc_new(&r.simc, &r.start, sim->players);
		if (rc == SHUT_ENOMEM)
			return rc;
		if (r.simc != NULL)
			r.nends = shut__simc_ends(r.simc, &r.ends);
	}
	tally_init(&r, out, NULL);
	rc = run_all(&r, out, NULL);
	out->compiled = r.simc != NULL;
	shut__simc_free(r.simc);
	return rc;
}

int
shut_sim_match(const struct shut_sim *sim, struct shut_sim_match *out)
{
	struct run r;
	int rc;

	if ((rc = run_check(sim, out)) < 0 || (rc = run_init(&r, sim, 0)) < 0)
		return rc;
	tally_init(&r, NULL, out);
	return run_all(&r, NULL, out);
}
