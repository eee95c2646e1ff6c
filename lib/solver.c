/*
 * solver.c - perfect play of one turn, for every board of a rule set.
 *
 * THE STATES.  A move only ever shuts tiles, so within a turn the future
 * depends on nothing but the set of tiles still open, a subset of the
 * start set.  The solver squeezes the start set's n tiles into the low n
 * bits of an index (the k-th lowest start tile becomes bit k, as the x86
 * instruction pext would), so the states are exactly the indices 0 to
 * 2^n - 1 with no gaps: index 0 is the shut box and 2^n - 1 the start set.
 * Squeezing keeps the order of tiles, so a move squeezed is still compared
 * the same way by "fewer tiles, then the higher tile".  The value table
 * holds two or three doubles per state, each an array of 2^n (solver.h
 * says which): the objective, and the other objective (expected score or
 * chance of shutting) of the turn played the solver's way, which breaks
 * its ties and is what a hint shows beside it.  That second number is the
 * value of the solver's own play, not the optimum of the other objective:
 * a player following the advice gets exactly it.
 *
 * The first-throw rule needs no second table.  The first throw of a turn is
 * the only throw made with the whole start set open, because every move
 * shuts at least one tile; so the record of index 2^n - 1 simply holds the
 * value under the first-throw rule, and no other state ever looks at it.
 *
 * THE RECURRENCE.  Write V(S) for the value of a turn from open set S
 * (higher is better; the expected score is kept negated).  A shut box and
 * a finished turn are worth what the objective says of the tiles left:
 *
 *   T(S) = -score(S)           expected
 *          [S empty]           shut
 *          [score(S) < T]      beat:T
 *
 * Otherwise the roller picks a dice count d among those the rules allow on
 * S, the dice fall as a class c of throws (a total, or for the rules that
 * read the faces, a total and the faces that matter) with probability
 * P_d(c), and the roller picks the best legal move M:
 *
 *   V(S) = max over d of  sum over c of  P_d(c) * W(S, c)
 *   W(S, c) = max over legal M of V(S \ M),  or T(S) if c is the bust
 *             total or has no legal move.
 *
 * S \ M is a proper subset of S, so its index is smaller: one pass over
 * the indices in increasing order computes every value from values already
 * final.  That is the whole algorithm for a standard turn.  The rest is
 * about doing it for any rules (solver_generic.c, which asks the rules
 * engine for the moves of each class of throws, solver_throws.c), fast
 * (solver_table.c), exactly (solver_exact.c), for the two-player battle,
 * which is not a turn but a game that can cycle (solver_battle.c), and
 * about reading the table back as advice (solver_play.c).
 *
 * TIES.  The maximum decides the value, but which move attains it also
 * matters: it decides the quantities kept beside the value (a slot that
 * ties are broken on), the hint's ranking and the computer's play.  Among
 * the moves whose value is within SHUT_SOLVER_EPSILON (relative) of the
 * best (exactly equal with exact arithmetic), the winner has the best
 * value in the second slot, within the same epsilon; then the fewest
 * tiles; then the higher tile, which on equal counts is the larger mask.
 * Taking the exact maximum first and the epsilon only to form the set of
 * tied moves makes the choice independent of the order moves are found
 * in.  Dice counts tie in the same way and then the fewer dice win.
 *
 * WHAT IS NOT STORED.  The best move of every (state, throw) is not a
 * table: for the-300 it would take gigabytes.  It is recomputed on demand
 * from the value table in time proportional to the moves of that throw
 * (shut_solver_rank_moves()), which is what a player or a hint needs.
 *
 * MEMORY.  Everything the solver keeps lives in one block allocated by
 * shut_solver_new(): this structure, the throw classes, the move lists,
 * the per-thread scratch, the computer's dice counts where the rules leave
 * a choice (one word per state, at most SOLVER_DICE_KEPT_MAX: 64 KiB) and
 * the value table last.  shut_solver_size()
 * lays the block out without allocating it, so a caller can ask first.
 */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "shut_error.h"
#include "shut_game.h"
#include "solver.h"

/* ---------------------------------------------------------------------
 * Objectives
 */

/*
 * Reads a tie's worth, a decimal within [0, 1] ("0.5", "1", ".25",
 * "6.5e-06"), the whole of text; 1 when it is one, -1 when it is one
 * too small to tell from 0 (a double reads 1e-400 as 0).
 */
static int
parse_tie(const char *text, double *w)
{
	const char *p = text, *nonzero, *mark;
	char *end;
	double v;
	int digits = 0;

	/*
	 * A decimal, with an exponent as %g writes it: no sign in front,
	 * space, hexadecimal, "inf" or "nan".
	 */
	if (!(*p >= '0' && *p <= '9') && *p != '.')
		return 0;
	for (; *p != '\0' && strchr("0123456789.eE+-", *p) != NULL; p++)
		digits += *p >= '0' && *p <= '9';
	if (*p != '\0' || digits == 0 || p - text > 40)
		return 0;
	v = strtod(text, &end);
	if (*end != '\0' || !(v >= 0.0 && v <= 1.0))
		return 0;
	/* Too small for a double: it would count as 0. */
	nonzero = strpbrk(text, "123456789");
	mark = strpbrk(text, "eE");
	if (v == 0.0 && nonzero != NULL && (mark == NULL || nonzero < mark))
		return -1;
	*w = v;
	return 1;
}

int
shut_objective_parse(struct shut_objective *obj, const char *text, char *why,
		     size_t whylen)
{
	const char *p;
	const char *msg = ": the objective is expected, shut or beat:T with T "
			  "a whole number (beat:T:W: a tie worth W, within 0 "
			  "and 1)";
	uint64_t t = 0;
	double w = 0.0;
	int tie = 0;

	if (obj == NULL || text == NULL)
		return SHUT_EINVAL;
	memset(obj, 0, sizeof(*obj));
	if (strcmp(text, "expected") == 0) {
		obj->kind = SHUT_OBJECTIVE_EXPECTED;
		obj->target = 0;
		return 0;
	}
	if (strcmp(text, "shut") == 0) {
		obj->kind = SHUT_OBJECTIVE_SHUT;
		obj->target = 0;
		return 0;
	}
	if (strncmp(text, "beat:", 5) == 0 && text[5] != '\0') {
		for (p = text + 5; *p >= '0' && *p <= '9'; p++) {
			unsigned digit = (unsigned)(*p - '0');

			if (t > (UINT64_MAX - digit) / 10)
				break;
			t = t * 10 + digit;
		}
		if (*p >= '0' && *p <= '9')
			msg = ": T is too large (a score is at most "
			      "18446744073709551615)";
		else if (*p == ':' && (tie = parse_tie(p + 1, &w)) < 0)
			msg = ": W is too small to tell from 0 (a double's "
			      "least is about 4.9e-324)";
		else if (*p == '\0' || (*p == ':' && tie)) {
			obj->kind = SHUT_OBJECTIVE_BEAT;
			obj->target = t;
			obj->tie = *p == ':' ? w : 0.0;
			return 0;
		}
	}
	if (why != NULL && whylen > 0) {
		size_t i = 0;

		for (p = text; *p != '\0' && i + 1 < whylen && i < 40; p++)
			why[i++] = *p;
		for (p = msg; *p != '\0' && i + 1 < whylen; p++)
			why[i++] = *p;
		why[i] = '\0';
	}
	return SHUT_EVALUE;
}

/* Writes a number in decimal; the length as snprintf() gives it. */
static int
print_u64(uint64_t v, char *buf, size_t len)
{
	char tmp[24];
	int n = 0, i;

	do {
		tmp[n++] = (char)('0' + (int)(v % 10));
		v /= 10;
	} while (v != 0);
	for (i = 0; i < n; i++)
		if ((size_t)i + 1 < len)
			buf[i] = tmp[n - 1 - i];
	if (len > 0)
		buf[(size_t)n < len ? (size_t)n : len - 1] = '\0';
	return n;
}

/* Copies text like snprintf("%s"). */
static int
print_str(const char *text, char *buf, size_t len)
{
	size_t n = strlen(text);

	if (len > 0) {
		size_t k = n < len ? n : len - 1;

		memcpy(buf, text, k);
		buf[k] = '\0';
	}
	return (int)n;
}

int
shut_objective_print(const struct shut_objective *obj, char *buf, size_t len)
{
	int n;

	if (obj == NULL || (buf == NULL && len > 0))
		return SHUT_EINVAL;
	switch (obj->kind) {
	case SHUT_OBJECTIVE_EXPECTED:
		return print_str("expected", buf, len);
	case SHUT_OBJECTIVE_SHUT:
		return print_str("shut", buf, len);
	case SHUT_OBJECTIVE_BEAT:
		if (obj->tie != 0.0)
			return snprintf(buf, len, "beat:%llu:%.17g",
					(unsigned long long)obj->target,
					obj->tie);
		n = print_str("beat:", buf, len);
		return n + print_u64(obj->target, len > 5 ? buf + 5 : NULL,
				     len > 5 ? len - 5 : 0);
	case SHUT_OBJECTIVE_UTILITY:
		return print_str("utility", buf, len);
	}
	return SHUT_EINVAL;
}

/* ---------------------------------------------------------------------
 * Bits and values shared by every part of the solver
 */

int
shut__popcount(uint32_t m)
{
	m = m - ((m >> 1) & 0x55555555u);
	m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
	m = (m + (m >> 4)) & 0x0f0f0f0fu;
	return (int)((m * 0x01010101u) >> 24);
}

/* The score of a rule other than the sum's (shut__score()). */
uint64_t
shut__score_other(const struct shut_solver *s, uint32_t index)
{
	if (s->rules.score == SHUT_SCORE_COUNT)
		return (uint64_t)shut__popcount(index);
	return shut_score(&s->rules, shut__spread(s, index));
}

/* How many slots the records of an objective have (solver.h). */
static int
slots_of(const struct shut_objective *obj)
{
	return obj->kind == SHUT_OBJECTIVE_BEAT ||
		       obj->kind == SHUT_OBJECTIVE_UTILITY
		   ? 3
		   : 2;
}

/*
 * Whether the rows of the fast path may settle ties of whole totals as
 * they scan (solver_table.c), where there are many: under beat:T every
 * state already under T is worth 1 whatever is played.
 */
static int
tie_rows(const struct shut_objective *obj, unsigned flags)
{
	if (flags & SHUT__SOLVER_TIES_PLAIN)
		return 0;
	if (flags & SHUT__SOLVER_TIES_EXACT)
		return 1;
	return obj->kind == SHUT_OBJECTIVE_BEAT ||
	       obj->kind == SHUT_OBJECTIVE_UTILITY;
}

/*
 * Whether a class of throws with no legal move is a miss that loses (the
 * first throw, a first-throw rule with first-miss=lose, and not the bust
 * total, which ends the turn as any bust does).
 */
int
shut__missed(const struct shut_solver *s, const struct shut__class *c,
	     int first)
{
	return first && s->rules.first_throw != 0 &&
	       s->rules.first_miss == SHUT_FIRST_MISS_LOSE &&
	       !(s->rules.bust != 0 && c->total == s->rules.bust);
}

/*
 * The entry of a table of n for a score: the score itself (the last entry
 * past the table), or with levels the last level at or below it.
 */
size_t
shut__entry(const struct shut_solver *s, uint64_t score, size_t n)
{
	size_t lo = 0, hi;

	if (s->levels == NULL)
		return score < n ? (size_t)score : n - 1;
	hi = s->objective.scores < n ? s->objective.scores : n;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->levels[mid] <= score)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/* A probability held to [0, 1]. */
static double
clamp01(double p)
{
	return p < 0.0 ? 0.0 : p > 1.0 ? 1.0 : p;
}

/* The public values of a record. */
void
shut__record_value(const struct shut_solver *s, const double *r,
		   struct shut_value *v)
{
	switch (s->objective.kind) {
	case SHUT_OBJECTIVE_EXPECTED:
		v->expected = -r[0];
		v->value = v->expected;
		v->shut = r[1];
		break;
	case SHUT_OBJECTIVE_SHUT:
		v->shut = r[0];
		v->value = v->shut;
		v->expected = -r[1];
		break;
	case SHUT_OBJECTIVE_BEAT:
	case SHUT_OBJECTIVE_UTILITY:
		v->value = r[0];
		v->expected = -r[1];
		v->shut = r[2];
		break;
	}
	/*
	 * Zero is zero: no "-0" from a negated expected score, whichever
	 * field it was copied to.  A probability summed in double precision
	 * can pass 1 (or 0) by a rounding: it is held to [0, 1].
	 */
	v->value += 0.0;
	v->expected += 0.0;
	v->shut = clamp01(v->shut) + 0.0;
	if (s->objective.kind != SHUT_OBJECTIVE_EXPECTED &&
	    s->objective.kind != SHUT_OBJECTIVE_UTILITY)
		v->value = clamp01(v->value) + 0.0;
	/* A lean solver of beat:T or a utility has no slot 2. */
	if (s->width == 2 && (s->objective.kind == SHUT_OBJECTIVE_BEAT ||
			      s->objective.kind == SHUT_OBJECTIVE_UTILITY))
		v->shut = NAN;
	/* A value-only solver knows the others only where they are it. */
	if (s->width == 1) {
		if (s->objective.kind != SHUT_OBJECTIVE_EXPECTED)
			v->expected = NAN;
		if (s->objective.kind != SHUT_OBJECTIVE_SHUT)
			v->shut = NAN;
	}
}

/* The slots of state i, gathered; 0 past the width. */
void
shut__get(const struct shut_solver *s, uint32_t i, double out[SOLVER_SLOTS_MAX])
{
	for (int k = 0; k < SOLVER_SLOTS_MAX; k++)
		out[k] = k < s->width ? *shut__slot(s, i, k) : 0.0;
}

void
shut__put(struct shut_solver *s, uint32_t i, const double in[SOLVER_SLOTS_MAX])
{
	for (int k = 0; k < s->width; k++)
		*shut__slot(s, i, k) = in[k];
	if (shut__settled(s, i))
		*shut__slot(s, i, 0) = s->settle;
}

/* ---------------------------------------------------------------------
 * The block: what goes where
 */

struct layout {
	int n, width, threads, tie_rows;
	uint32_t below;
	size_t classes, multisets; /* entries of the class region */
	size_t high;		   /* entries of the high lists */
	size_t off_classes, off_prob, off_low, off_lowoff, off_cut, off_high;
	size_t off_work;
	size_t off_boff, off_bmoves, off_bcache;
	size_t dice_kept, off_dice;
	size_t off_exact, off_utility, off_table, total;
};

/* Rounds up to a multiple of 64 bytes, a cache line. */
static size_t
align64(size_t n)
{
	return (n + 63) & ~(size_t)63;
}

static int
default_threads(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	if (n < 1)
		return 1;
	return n > 8 ? 8 : (int)n;
}

/*
 * Adds n items of size bytes to the layout at *off, failing on overflow or
 * on passing the limit.
 */
static int
lay(size_t *total, size_t *off, size_t n, size_t size, size_t limit)
{
	if (size != 0 && n > (limit - *total) / size)
		return SHUT_ETOOBIG;
	*off = *total;
	*total = align64(*total + n * size);
	if (*total > limit)
		return SHUT_ETOOBIG;
	return 0;
}

/* Whether an objective can be solved for: its kind, tie and table. */
static int
objective_valid(const struct shut_objective *obj)
{
	if (obj == NULL)
		return 0;
	switch (obj->kind) {
	case SHUT_OBJECTIVE_EXPECTED:
	case SHUT_OBJECTIVE_SHUT:
		return 1;
	case SHUT_OBJECTIVE_BEAT:
		return obj->tie >= 0.0 && obj->tie <= 1.0;
	case SHUT_OBJECTIVE_UTILITY:
		if (obj->utility == NULL || obj->scores == 0 ||
		    obj->scores > SHUT_UTILITY_SCORES_MAX)
			return 0;
		for (size_t i = 0; i < obj->scores; i++)
			if (obj->utility[i] - obj->utility[i] != 0.0 ||
			    (obj->levels && i > 0 &&
			     obj->levels[i] <= obj->levels[i - 1]))
				return 0;
		return obj->miss == NULL || *obj->miss - *obj->miss == 0.0;
	}
	return 0;
}

static int
plan(const struct shut_rules *rules, const struct shut_objective *obj,
     const struct shut_solver_options *opt, struct layout *l)
{
	size_t limit =
	    opt && opt->max_bytes ? opt->max_bytes : SHUT_SOLVER_BYTES_DEFAULT;
	unsigned flags = opt ? opt->flags : 0;
	int battle = rules->mode == SHUT_MODE_BATTLE;
	uint32_t start, below;
	size_t states, low = 0, lowoff = 0, cut = 0, high = 0, work = 0;
	size_t boff = 0, bmoves = 0, bcache = 0;
	long classes;
	int rc;

	memset(l, 0, sizeof(*l));
	rc = shut_rules_check(rules, NULL, 0);
	if (rc < 0)
		return rc;
	if (!objective_valid(obj))
		return SHUT_EINVAL;
	start = shut_rules_start(rules);
	below = opt && opt->below && !battle ? opt->below : start;
	if (below & ~start)
		return SHUT_ETILES;
	l->below = below;
	l->n = shut__popcount(below);
	if (l->n > SHUT_SOLVER_TILES_MAX)
		return SHUT_ETOOBIG;
	if ((flags & SHUT_SOLVER_EXACT) &&
	    (battle || (obj->kind == SHUT_OBJECTIVE_UTILITY && obj->miss)))
		return SHUT_EMODE;
	if ((flags & SHUT_SOLVER_EXACT) && l->n > SHUT_SOLVER_EXACT_TILES_MAX)
		return SHUT_ETOOBIG;
	if (battle && l->n > SHUT_SOLVER_BATTLE_TILES_MAX)
		return SHUT_ETOOBIG;
	states = (size_t)1 << l->n;
	l->width = battle ? shut__battle_width(rules) : slots_of(obj);
	/*
	 * Lean: no probability of shutting beside a utility's value; but
	 * for exact values, whose records keep every slot whatever the
	 * width, so that leaving one out would save nothing.
	 */
	if ((flags & SHUT_SOLVER_LEAN) && !battle &&
	    !(flags & SHUT_SOLVER_EXACT) && l->width > 2)
		l->width = 2;
	/* The value alone: slot 0, which no tie changes. */
	if ((flags & SHUT_SOLVER_VALUE) && !battle &&
	    !(flags & SHUT_SOLVER_EXACT))
		l->width = 1;
	l->tie_rows = l->width > 1 && tie_rows(obj, flags);
	l->threads = opt && opt->threads > 0 ? opt->threads : default_threads();
	if (l->n < 14 || (flags & SHUT_SOLVER_EXACT) || battle)
		l->threads = 1;

	classes = shut__throws_count(rules, &l->multisets);
	if (classes < 0)
		return (int)classes;
	l->classes = (size_t)classes;
	if (!battle && !(flags & SHUT_SOLVER_EXACT) &&
	    (rules->move == SHUT_MOVE_ANY || rules->move == SHUT_MOVE_UP_TO))
		shut__table_aux(rules, below, l->threads,
				shut__table_arrays(l->width, l->tie_rows), &low,
				&lowoff, &cut, &high, &work);
	l->high = high;
	/* The computer's dice counts, where the rules leave a choice. */
	if (!battle && l->width > 1 && rules->dice > 1 &&
	    rules->fewer != SHUT_FEWER_NEVER)
		l->dice_kept = states < SOLVER_DICE_KEPT_MAX
				   ? states
				   : SOLVER_DICE_KEPT_MAX;
	if (battle &&
	    (rc = shut__battle_count(rules, &boff, &bmoves, &bcache)) < 0)
		return rc;

	l->total = align64(sizeof(struct shut_solver));
	if ((rc = lay(&l->total, &l->off_classes,
		      l->multisets > l->classes ? l->multisets : l->classes,
		      sizeof(struct shut__class), limit)) < 0 ||
	    (rc = lay(&l->total, &l->off_prob,
		      (SHUT_DICE_MAX + 1) * (SOLVER_TOTAL_MAX + 1),
		      sizeof(double), limit)) < 0 ||
	    (rc = lay(&l->total, &l->off_low, low, sizeof(struct shut__low),
		      limit)) < 0 ||
	    (rc = lay(&l->total, &l->off_lowoff, lowoff, sizeof(uint32_t),
		      limit)) < 0 ||
	    (rc = lay(&l->total, &l->off_cut, cut, sizeof(uint16_t), limit)) <
		0 ||
	    (rc = lay(&l->total, &l->off_high, high, sizeof(struct shut__high),
		      limit)) < 0 ||
	    (rc = lay(&l->total, &l->off_work, work, 1, limit)) < 0 ||
	    (rc = lay(&l->total, &l->off_boff, boff, sizeof(uint32_t), limit)) <
		0 ||
	    (rc = lay(&l->total, &l->off_bmoves, bmoves, sizeof(uint32_t),
		      limit)) < 0 ||
	    (rc = lay(&l->total, &l->off_bcache, bcache, 1, limit)) < 0 ||
	    (rc = lay(&l->total, &l->off_dice, l->dice_kept,
		      sizeof(atomic_uint_least32_t), limit)) < 0 ||
	    (rc = lay(&l->total, &l->off_exact,
		      flags & SHUT_SOLVER_EXACT ? states : 0,
		      shut__exact_bytes(l->n) / states, limit)) < 0 ||
	    (rc = lay(&l->total, &l->off_utility,
		      obj->kind == SHUT_OBJECTIVE_UTILITY ? obj->scores : 0,
		      sizeof(double) + sizeof(uint64_t), limit)) < 0 ||
	    (rc = lay(&l->total, &l->off_table, states,
		      (size_t)l->width * sizeof(double), limit)) < 0)
		return rc;
	return 0;
}

int
shut_solver_size(const struct shut_rules *rules,
		 const struct shut_objective *obj,
		 const struct shut_solver_options *opt, size_t *bytes)
{
	struct layout l;
	int rc;

	if (rules == NULL || bytes == NULL)
		return SHUT_EINVAL;
	rc = plan(rules, obj, opt, &l);
	*bytes = rc < 0 ? 0 : l.total;
	return rc;
}

/* The squeeze and spread tables of the start set. */
static void
board_setup(struct shut_solver *s)
{
	int k = 0;

	for (int t = 1; t <= SHUT_TILES_MAX; t++)
		if (s->below & SHUT_TILE(t))
			s->tile[k++] = t;
	s->n = k;
	for (int byte = 0; byte < 4; byte++) {
		for (uint32_t v = 0; v < 256; v++) {
			uint32_t sq = 0, sp = 0;
			int sum = 0;

			for (int b = 0; b < 8; b++) {
				int bit = byte * 8 + b;

				if (!(v & (1u << b)))
					continue;
				/* Open-mask bit: tile bit + 1. */
				if (s->below & (UINT32_C(1) << bit))
					sq |= UINT32_C(1) << shut__popcount(
						  s->below &
						  ((UINT32_C(1) << bit) - 1));
				if (bit < s->n) {
					sp |= SHUT_TILE(s->tile[bit]);
					sum += s->tile[bit];
				}
			}
			s->squeeze[byte][v] = sq;
			s->spread[byte][v] = sp;
			s->sum8[byte][v] = sum;
		}
	}
}

/*
 * The scores under which a state is worth the same whatever is played
 * (shut__settled()): under T for beat:T (to T when a tie counts whole),
 * the flat start of a utility; by the sum of the tiles alone, and not
 * with levels.
 */
static void
set_settled(struct shut_solver *s)
{
	s->settled = 0;
	s->settle = 0.0;
	if (s->rules.score != SHUT_SCORE_SUM || s->levels != NULL)
		return;
	if (s->objective.kind == SHUT_OBJECTIVE_BEAT) {
		/* At T too when a tie counts whole, but for the largest T. */
		s->settled = s->objective.target +
			     (s->objective.tie == 1.0 &&
				      s->objective.target != UINT64_MAX
				  ? UINT64_C(1)
				  : 0);
		s->settle = 1.0;
	} else if (s->objective.kind == SHUT_OBJECTIVE_UTILITY) {
		s->settled =
		    s->flat == INT_MAX ? UINT64_MAX : (uint64_t)s->flat + 1;
		s->settle = s->objective.utility[0];
	}
}

/* The largest score up to which the utility is u(0) (solver.h). */
static void
set_flat(struct shut_solver *s)
{
	const double *u = s->objective.utility;
	size_t n = s->objective.scores;

	s->flat = 0;
	while ((size_t)s->flat + 1 < n && u[s->flat + 1] == u[0])
		s->flat++;
	if ((size_t)s->flat + 1 == n)
		s->flat = INT_MAX;
	set_settled(s);
}

/*
 * The worth of a lost first throw and the levels, copied (struct
 * shut_objective): the levels after the table.
 */
static void
set_miss(struct shut_solver *s, const struct shut_objective *obj)
{
	s->levels = obj->levels != NULL
			? (uint64_t *)(void *)(s->utility + obj->scores)
			: NULL;
	if (s->levels != NULL)
		memcpy(s->levels, obj->levels, obj->scores * sizeof(uint64_t));
	s->objective.levels = s->levels;
	s->lose = obj->miss != NULL && s->rules.first_throw != 0 &&
		  s->rules.first_miss == SHUT_FIRST_MISS_LOSE;
	s->miss = obj->miss != NULL ? *obj->miss : 0.0;
	s->objective.miss = obj->miss != NULL ? &s->miss : NULL;
}

int
shut_solver_resolve(struct shut_solver *s, const struct shut_objective *obj)
{
	if (s == NULL || !objective_valid(obj))
		return SHUT_EINVAL;
	if (s->objective.kind != SHUT_OBJECTIVE_UTILITY ||
	    obj->kind != SHUT_OBJECTIVE_UTILITY ||
	    obj->scores != s->objective.scores || s->exact != NULL || s->battle)
		return SHUT_EMODE;
	memcpy(s->utility, obj->utility, obj->scores * sizeof(double));
	set_miss(s, obj);
	set_flat(s);
	/* The dice counts kept by the player were the old utility's. */
	for (size_t i = 0; s->dice_kept != NULL && i <= s->dice_mask; i++)
		atomic_store_explicit(&s->dice_kept[i], 0,
				      memory_order_relaxed);
	return shut__table_solve(s);
}

int
shut_solver_new(struct shut_solver **sp, const struct shut_rules *rules,
		const struct shut_objective *obj,
		const struct shut_solver_options *opt)
{
	struct shut_solver *s;
	struct layout l;
	char *block;
	int rc;

	if (sp == NULL || rules == NULL)
		return SHUT_EINVAL;
	*sp = NULL;
	rc = plan(rules, obj, opt, &l);
	if (rc < 0)
		return rc;
	block = shut__block_alloc(l.total);
	if (block == NULL)
		return SHUT_ENOMEM;
	s = (struct shut_solver *)block;
	memset(s, 0, sizeof(*s));
	s->rules = *rules;
	s->objective = *obj;
	if (s->objective.kind != SHUT_OBJECTIVE_BEAT) {
		s->objective.target = 0;
		s->objective.tie = 0.0;
	}
	if (s->objective.kind == SHUT_OBJECTIVE_UTILITY) {
		double *u = (double *)(block + l.off_utility);

		memcpy(u, obj->utility, obj->scores * sizeof(double));
		s->objective.utility = u;
		s->utility = u;
		set_miss(s, obj);
		set_flat(s);
	} else {
		s->objective.utility = NULL;
		s->objective.scores = 0;
		s->objective.miss = NULL;
		s->objective.levels = NULL;
		set_settled(s);
	}
	s->flags = opt ? opt->flags : 0;
	s->threads = l.threads;
	s->battle = rules->mode == SHUT_MODE_BATTLE;
	s->bytes = l.total;
	s->start = shut_rules_start(rules);
	s->below = l.below;
	board_setup(s);
	s->width = l.width;
	s->tie_rows = l.tie_rows;
	s->states = (size_t)1 << l.n;
	s->classes = (struct shut__class *)(block + l.off_classes);
	s->prob = (double *)(block + l.off_prob);
	s->low = (struct shut__low *)(block + l.off_low);
	s->low_off = (uint32_t *)(block + l.off_lowoff);
	s->low_cut = (uint16_t *)(block + l.off_cut);
	s->high = (struct shut__high *)(block + l.off_high);
	s->high_cap = l.threads > 0 ? l.high / (size_t)l.threads : 0;
	s->work = block + l.off_work;
	s->battle_off = (uint32_t *)(block + l.off_boff);
	s->battle_moves = (uint32_t *)(block + l.off_bmoves);
	s->battle_cache = block + l.off_bcache;
	s->exact = s->flags & SHUT_SOLVER_EXACT ? block + l.off_exact : NULL;
	if (l.dice_kept > 0) {
		s->dice_kept = (atomic_uint_least32_t *)(block + l.off_dice);
		s->dice_mask = (uint32_t)(l.dice_kept - 1);
		s->dice_shift = shut__popcount(s->dice_mask);
		for (size_t i = 0; i < l.dice_kept; i++)
			atomic_init(&s->dice_kept[i], 0);
	}
	s->table = (double *)(block + l.off_table);
	s->progress = opt ? opt->progress : NULL;
	if (s->progress != NULL)
		atomic_store(&s->progress->total,
			     (unsigned long long)s->states);
	shut__throws_build(s, s->classes);

	if (s->battle) {
		shut__battle_solve(s);
	} else if (s->exact != NULL) {
		rc = shut__exact_solve(s);
	} else {
		shut__table_lists(s);
		rc = shut__table_solve(s);
	}
	if (rc < 0) {
		free(block);
		return rc;
	}
	if (s->progress != NULL)
		atomic_store(&s->progress->done,
			     atomic_load(&s->progress->total));
	s->progress = NULL; /* the caller's, and only while it is made */
	*sp = s;
	return 0;
}

void
shut_solver_free(struct shut_solver *s)
{
	if (s == NULL)
		return;
	if (s->exact != NULL)
		shut__exact_free(s);
	free(s);
}

const struct shut_rules *
shut_solver_rules(const struct shut_solver *s)
{
	return s != NULL ? &s->rules : NULL;
}

const struct shut_objective *
shut_solver_objective(const struct shut_solver *s)
{
	return s != NULL ? &s->objective : NULL;
}

size_t
shut_solver_bytes(const struct shut_solver *s)
{
	return s != NULL ? s->bytes : 0;
}

double
shut_solver_tolerance(const struct shut_solver *s)
{
	return s != NULL ? s->tolerance : 0;
}

/* ---------------------------------------------------------------------
 * Positions and values
 */

void
shut_position_of_game(struct shut_position *pos, const struct shut_game *g)
{
	if (pos == NULL)
		return;
	if (g == NULL) {
		memset(pos, 0, sizeof(*pos));
		return;
	}
	pos->open = g->open;
	pos->opener = g->rules.mode == SHUT_MODE_BATTLE && g->turn == 1;
	pos->first = g->first;
}

/*
 * Checks a position and finds its index: the open tiles must be a subset
 * of the start set, and a battle's position must be one that can occur
 * with the game still on (shut__battle_possible()).
 */
static int
position_index(const struct shut_solver *s, const struct shut_position *pos,
	       uint32_t *index)
{
	if (s == NULL || pos == NULL)
		return SHUT_EINVAL;
	if (pos->open & ~s->below)
		return SHUT_ETILES;
	*index = shut__squeeze(s, pos->open);
	if (s->battle && !shut__battle_possible(s, *index, pos->opener != 0,
						pos->first != 0))
		return SHUT_ETILES;
	return 0;
}

int
shut_solver_value(const struct shut_solver *s, const struct shut_position *pos,
		  struct shut_value *v)
{
	uint32_t index;
	int rc;

	if (v == NULL)
		return SHUT_EINVAL;
	rc = position_index(s, pos, &index);
	if (rc < 0) {
		v->value = NAN;
		v->expected = NAN;
		v->shut = NAN;
		return rc;
	}
	if (s->battle) {
		v->value = shut__battle_value(s, index, pos->opener != 0,
					      pos->first != 0);
		v->expected = 0.0;
		v->shut = 0.0;
		return 0;
	}
	{
		double r[SOLVER_SLOTS_MAX];

		shut__get(s, index, r);
		shut__record_value(s, r, v);
	}
	return 0;
}

int
shut_solver_exact(const struct shut_solver *s, const struct shut_position *pos,
		  int what, char *buf, size_t len)
{
	uint32_t index;
	int slot, negate, rc;

	if (buf == NULL && len > 0)
		return SHUT_EINVAL;
	rc = position_index(s, pos, &index);
	if (rc < 0)
		return rc;
	if (s->exact == NULL)
		return SHUT_EMODE;
	switch (what) {
	case SHUT_EXACT_VALUE:
		slot = 0;
		negate = s->objective.kind == SHUT_OBJECTIVE_EXPECTED;
		break;
	case SHUT_EXACT_EXPECTED:
		slot = s->objective.kind == SHUT_OBJECTIVE_EXPECTED ? 0 : 1;
		negate = 1;
		break;
	case SHUT_EXACT_SHUT:
		slot = s->objective.kind == SHUT_OBJECTIVE_EXPECTED ? 1
		       : s->objective.kind == SHUT_OBJECTIVE_SHUT   ? 0
								    : 2;
		negate = 0;
		break;
	default:
		return SHUT_EINVAL;
	}
	return shut__exact_print(s, index, slot, negate, buf, len);
}
