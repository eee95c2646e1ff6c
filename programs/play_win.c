/*
 * play_win.c - the game's player to win: the cpu:perfect seats, and the
 * chance of winning the game that a hint shows beside each choice.
 *
 * One struct shut_perfect serves every cpu:perfect seat of a game and the
 * hints (p->perfect), made for the rules and the number of seats: the
 * round's solution for a single round, the match's for a match.
 */
#include <math.h>
#include <stdio.h>

#include "analyse.h"
#include "play.h"
#include "solve.h"
#include "util.h"

int
play_perfect_check(const struct shut_rules *rules, int nseats, size_t max_bytes,
		   const char *limit, char *why, size_t whylen)
{
	const struct shut_solver_options opt = { .max_bytes = max_bytes };
	int rc = shut_perfect_check(rules, nseats, &opt);

	if (rc < 0)
		snprintf(why, whylen, "%s",
			 solve_win_why(rules, nseats, rc, limit));
	return rc;
}

/*
 * Where cpu:perfect will not play to win exactly, as far as is known
 * before it is made (shut_perfect_plan()), the game says so at its start.
 */
static void
play_perfect_notice(struct play *p)
{
	char how[sizeof(p->notice) - 1];
	int kind = p->perfect != NULL ? shut_perfect_kind(p->perfect)
				      : shut_perfect_plan(&p->rules, p->nseats);

	if (p->notice[0] == '\0' &&
	    solve_win_how(kind, "cpu:perfect", how, sizeof(how)) != NULL)
		snprintf(p->notice, sizeof(p->notice), "%s.", how);
}

/*
 * Seat i plays to win (cpu:perfect): every such seat shares one struct
 * shut_perfect, made for the rules and the number of seats.
 */
int
play_perfect_seat(struct play *p, int i)
{
	struct shut_solver_options opt = { .max_bytes = p->max_bytes };
	int rc = 0;

	/* Made on a thread while the game begins; refused here at once. */
	if (p->lazy && p->perfect == NULL &&
	    (rc = shut_perfect_check(&p->rules, p->nseats, &opt)) == 0) {
		play_perfect_notice(p);
		p->player[i].strategy = &shut_win_perfect;
		p->player[i].ctx = NULL;
		p->wants_perfect = 1;
		return 0;
	}
	if (p->perfect == NULL && rc == 0)
		rc = shut_perfect_new(
		    &p->perfect, &p->rules, p->nseats,
		    &(struct shut_solver_options){ .max_bytes = p->max_bytes });
	if (rc == SHUT_ENOMEM)
		return util_fail("out of memory");
	if (rc < 0)
		return util_error(
		    "bad --players: cpu:perfect: %s",
		    solve_win_why(&p->rules, p->nseats, rc, "--memory"));
	p->player[i].strategy = &shut_win_perfect;
	p->player[i].ctx = p->perfect;
	play_perfect_notice(p);
	return 0;
}

/*
 * The player to win, for the hint of a person at the table: the one of the
 * cpu:perfect seats, or the hints' own (play_hint_wants_perfect()): made
 * on a thread from the start where hints are shown early, so that no
 * screen and no table's lock waits for it, else on first use; NULL while
 * it is not there.  One being made is waited for with wait.
 */
static struct shut_perfect *
play_hint_perfect(struct play *p, int wait)
{
	/*
	 * Being made on its thread (for the seats, or for the hints of a
	 * front end that shows them early): the plain game's hint, asked
	 * for, waits for it; the full screen's and the browser table's
	 * (hints_early) show the chances once it is ready; the analysis at
	 * the end waits.
	 */
	if (p->perfect == NULL && p->think_perfect.started)
		play_perfect_ready(p, wait);
	if (p->perfect != NULL || p->perfect_tried || p->wants_perfect ||
	    (p->lazy && p->hints_early) || !play_hint_wants_perfect(p))
		return p->perfect;
	p->perfect_tried = 1;
	if (shut_perfect_new(
		&p->perfect, &p->rules, p->nseats,
		&(struct shut_solver_options){ .max_bytes = p->max_bytes }) < 0)
		p->perfect = NULL;
	return p->perfect;
}

int
play_analyse(struct play *p, FILE *f, int cols)
{
	static struct analysis a;
	struct analyse_names names;
	int rc = 0;

	analysis_init(&a);
	a.max_bytes = p->max_bytes;
	/* The solvers the game made already are not made again. */
	for (int which = 0; which < 2; which++)
		if (play_ready(p, which, 0))
			analysis_lend(&a, p->solver[which]);
	names.n = p->nseats;
	for (int i = 0; i < p->nseats; i++) {
		names.name[i] = p->name[i];
		names.person[i] = p->human[i];
	}
	/*
	 * Where the hint ranked by the chance of winning, exactly, the
	 * analysis weighs by it too: the hint's best is never a mistake.
	 */
	if ((a.perfect = play_hint_win(p)) != NULL) {
		char line[512];
		struct front_text t;

		front_text_init(&t, line, sizeof(line));
		front_weighed_by_win(&t, NULL);
		util_put_wrapped(f, line, cols);
	}
	if (analysis_run(&a, &p->rules, p->nseats, p->human, p->action,
			 p->nactions) < 0) {
		fprintf(f, "No analysis: %s.\n", a.why);
		rc = -1;
	} else {
		analyse_text(f, &a, &names, cols);
	}
	analysis_release(&a);
	return rc;
}

struct shut_perfect *
play_hint_win(struct play *p)
{
	struct shut_perfect *perfect = play_hint_perfect(p, 1);

	return perfect != NULL &&
		       shut_perfect_kind(perfect) == SHUT_PERFECT_EXACT
		   ? perfect
		   : NULL;
}

int
play_hint_wants_perfect(const struct play *p)
{
	struct shut_objective obj = { .kind = SHUT_OBJECTIVE_EXPECTED };
	double states;

	if (p->nseats < 2 || p->nhumans == 0)
		return 0;
	/*
	 * A match's solution is made only for a cpu:perfect seat; until a
	 * shut box, a turn solve a seat, or 2^N N with a miss that loses.
	 */
	if (shut_win_shape(&p->rules) == SHUT_WIN_RACE)
		return p->rules.first_miss != SHUT_FIRST_MISS_LOSE ||
		       p->nseats <= 6;
	if (shut_win_shape(&p->rules) != SHUT_WIN_ROUND)
		return 0;
	states =
	    (double)p->nseats * p->nseats / 2.0 *
	    (double)(shut_score(&p->rules, shut_rules_start(&p->rules)) + 1);
	return solve_seconds(&p->rules, &obj, 0) * states * 10 <= 1.0;
}

/*
 * With the dice counted and not yet thrown, the n choices c (and win)
 * ranked come down to the count chosen: nothing else is a choice now.
 */
static long
play_hint_chosen(const struct shut_game *g, struct shut_choice *c, double *win,
		 long n, size_t cap)
{
	if (g->need != SHUT_NEED_THROW)
		return n;
	for (long i = 0; i < n && (size_t)i < cap; i++)
		if (c[i].dice == g->ndice) {
			c[0] = c[i];
			win[0] = win[i];
			return 1;
		}
	return n;
}

long
play_hint_rank(struct play *p, struct shut_choice *c, double *win, size_t cap)
{
	const struct shut_game *g = &p->g;
	struct shut_perfect *perfect = play_hint_perfect(p, !p->hints_early);
	const struct shut_solver *s;
	struct shut_position pos;
	long n = -1;

	/*
	 * Only an exact solution gives the game's chance: the approximation's
	 * values are those of a match of two against the leader, and a
	 * perfect that plays the expected score has none.  Its turn solver
	 * keeps the third slot, so each choice has its odds too.
	 */
	if (perfect != NULL &&
	    shut_perfect_kind(perfect) == SHUT_PERFECT_EXACT &&
	    shut_perfect_solver(perfect, g, &s) == 0) {
		shut_position_of_game(&pos, g);
		n = g->need == SHUT_NEED_MOVE
			? shut_solver_rank_moves(s, &pos, &g->last_throw, c,
						 cap)
			: shut_solver_rank_dice(s, &pos, c, cap);
		for (long i = 0; i < n && (size_t)i < cap; i++)
			win[i] = c[i].v.value;
	}
	if (n > 0)
		return play_hint_chosen(g, c, win, n, cap);
	n = play_rank(p, c, cap);
	for (long i = 0; i < n && (size_t)i < cap; i++)
		win[i] = NAN;
	return play_hint_chosen(g, c, win, n, cap);
}

int
play_hint_pending(struct play *p)
{
	return p->perfect == NULL && p->think_perfect.started &&
	       think_poll(&p->think_perfect, NULL) == THINK_BUSY;
}

int
play_dice_chosen(const struct shut_game *g)
{
	unsigned choices = shut_game_dice_choices(g);

	return (choices & (choices - 1)) != 0;
}

/* Whether a seat is cpu:perfect (which says at the start if it failed). */
static int
play_has_perfect(const struct play *p)
{
	for (int i = 0; i < p->nseats; i++)
		if (strcmp(p->strategy[i], shut_win_perfect.name) == 0)
			return 1;
	return 0;
}

int
play_hint_write(struct play *p, struct front_text *t, const char *lead,
		const struct shut_choice *c, const double *win, long n,
		long max)
{
	char how[256];
	long i;

	if (n < 0) {
		play_no_odds(p, how, sizeof(how));
		front_printf(t, "%sno hint: %s\n", lead, how);
		return 0;
	}
	if (n == 0) {
		front_printf(t, "%sno hint here\n", lead);
		return 0;
	}
	for (i = 0; i < n && i < max; i++) {
		/* Dice counted: the one choice left is the count's. */
		front_printf(
		    t, "%s%s ", lead,
		    i > 0 ? "    "
		    : p->g.need == SHUT_NEED_THROW && c[0].dice == p->g.ndice
			? (play_dice_chosen(&p->g) ? "chosen" : "throw")
			: "best");
		front_choice(t, &p->g, &c[i], win[i]);
		front_printf(t, "\n");
	}
	if (n > max)
		front_printf(t, "%s     and %ld more\n", lead, n - max);
	if (isnan(win[0]) && play_hint_pending(p)) {
		front_printf(t, "%s%s\n", lead, PLAY_HINT_PENDING);
		return 1;
	}
	if (!isnan(win[0]) || (p->hint_why_once && p->hint_why_said))
		return 0;
	if (play_hint_why(p, how, sizeof(how))) {
		front_printf(t, "%s(%s.)\n", lead, how);
		p->hint_why_said = 1;
	}
	return 0;
}

int
play_hint_why(const struct play *p, char *buf, size_t len)
{
	char how[256];

	if (p->perfect != NULL &&
	    solve_win_how(shut_perfect_kind(p->perfect), "cpu:perfect", how,
			  sizeof(how)) != NULL) {
		/* Why there is no chance of winning beside the odds. */
		snprintf(buf, len, "the chance to win is not shown: %s", how);
		return 1;
	}
	if (p->perfect == NULL && p->nseats > 1 && p->nhumans > 0 &&
	    !play_hint_wants_perfect(p) && !play_has_perfect(p)) {
		/* Not asked for: said, rather than a column left out. */
		snprintf(buf, len, "%s",
			 shut_win_shape(&p->rules) == SHUT_WIN_ROUND ||
				 shut_win_shape(&p->rules) == SHUT_WIN_RACE
			     ? "the chance to win is not shown: it would "
			       "take too long to work out for these rules"
			     : "the chance to win is not shown: in a match "
			       "it takes seconds to work out, so it is "
			       "worked out only when a cpu:perfect seat "
			       "plays");
		return 1;
	}
	if (len > 0)
		buf[0] = '\0';
	return 0;
}

long
play_hint_lines(struct play *p, struct front_text *t, const char *lead,
		long max)
{
	struct shut_choice c[PLAY_HINT_MAX];
	double win[PLAY_HINT_MAX];
	long n;

	if (max >= PLAY_HINT_MAX)
		max = PLAY_HINT_MAX - 1;
	/* One more ranked: a line "and 1 more" would stand for one line. */
	n = play_hint_rank(p, c, win, (size_t)max + 1);
	play_hint_write(p, t, lead, c, win, n, n == max + 1 ? n : max);
	return n;
}

/*
 * The cpu:perfect seats play by p->perfect, or (it failed) cpu:optimal.
 * Made for the hints alone, a failure leaves them without the chances.
 */
static void
play_perfect_adopt(struct play *p)
{
	int seats = 0;

	for (int i = 0; i < p->nseats; i++) {
		if (p->player[i].strategy != &shut_win_perfect ||
		    p->player[i].ctx != NULL)
			continue;
		seats++;
		if (p->perfect != NULL) {
			p->player[i].ctx = p->perfect;
			continue;
		}
		p->player[i].strategy = &shut_solver_optimal;
		p->wants[0] = 1;
	}
	/* The hints' solver made already is the one they play by. */
	if (p->wants[0] && p->solver[0] != NULL)
		play_adopt(p, 0, p->solver[0]);
	if (p->perfect == NULL && seats > 0) {
		snprintf(p->notice, sizeof(p->notice),
			 "cpu:perfect plays optimal: playing to win could not "
			 "be worked out (%s)",
			 shut_strerror(p->think_perfect.rc));
		play_think(p);
	}
}

int
play_perfect_ready(struct play *p, int wait)
{
	struct think *th = &p->think_perfect;

	if (p->perfect != NULL || !p->wants_perfect)
		return p->perfect != NULL;
	if (th->started) {
		if (!wait && think_poll(th, NULL) == THINK_BUSY)
			return 0;
		p->perfect = think_take_perfect(th);
	} else if (th->state != THINK_FAILED) {
		return 0; /* play_think() has not started it yet */
	}
	p->wants_perfect = 0;
	play_perfect_adopt(p);
	return p->perfect != NULL;
}

double
play_seat_seconds(const struct play *p, int seat)
{
	if (p->player[seat].strategy == &shut_win_perfect)
		return solve_win_seconds(&p->rules, p->nseats, 0, 0);
	return play_seconds(p);
}
