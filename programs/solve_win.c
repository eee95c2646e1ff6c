/*
 * solve_win.c - solve --players N: each seat's chance of winning when
 * every seat plays to win (shut_win.h).
 *
 * Kept apart from solve.c, whose output it does not touch: solve reads
 * --players and hands the rules here.  The text is one line per seat,
 * its chance of winning (a shared win counting as its share) and, with a
 * stake, its expected money per game; --json the same as one object.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "cmd.h"
#include "solve.h"
#include "util.h"

int
solve_players(const char *text, int *players)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(text, &end, 10);
	if (*text < '0' || *text > '9' || *end != '\0' || errno == ERANGE ||
	    n < 1 || n > SHUT_SEATS_MAX)
		return util_error("bad --players: %s: a number of players "
				  "from 2 to %d",
				  util_shown(text), SHUT_SEATS_MAX);
	if (n == 1)
		return util_error("bad --players: 1: a game of one player has "
				  "nobody to beat (its chance to shut the "
				  "box: solve --objective shut)");
	*players = (int)n;
	return CMD_EXIT_OK;
}

/*
 * The states of a round that are solved: before seat j, the lowest score
 * so far (M + 1 of them) and how many made it (1 to j; none before seat
 * 0), and under first-miss=lose how many lost before (0 to j, the rest
 * of the j).  Some N (N - 1) / 2 (M + 1).
 */
static double
solve_win_round_states(const struct shut_rules *r, int players, double m)
{
	int lose = r->first_miss == SHUT_FIRST_MISS_LOSE;
	double n = 0;

	for (int j = 0; j < players; j++)
		for (int l = 0; l <= (lose ? j : 0); l++)
			n += 1 + (j - l) * m;
	return n;
}

/* The CPU seconds this process has used. */
static double
solve_win_cpu(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
		return 0.0;
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/*
 * The CPU seconds of a turn solve for a utility, timed: with walk, a
 * round's state (the turn solved and its policy walked to its scores, as
 * the round does for each state); without, a match's (the value alone).
 * A seat's utility is a step (its chance to win is the same for any score
 * past the best so far): one at half the scores, and where that was
 * quick, more at a quarter, three quarters and half again, up to 64 or a
 * twentieth of a second, the mean of all but the first (whose caches are
 * cold: twice the others' on classic).  0 where it cannot be timed: scores past
 * a table, a solver past max_bytes (0: the library's limit), or no memory.
 */
static double
solve_win_timed(const struct shut_rules *r, size_t max_bytes, int walk)
{
	struct shut_solver_options opt = { .flags = walk ? SHUT_SOLVER_LEAN
							 : SHUT_SOLVER_VALUE,
					   .threads = 1,
					   .max_bytes = max_bytes };
	size_t m = (size_t)shut_score(r, shut_rules_start(r)) + 1;
	struct shut_objective o = { .kind = SHUT_OBJECTIVE_UTILITY,
				    .scores = m };
	struct shut_solver *s = NULL;
	static const int step[] = { 2, 1, 3 }; /* quarters of the scores */
	double *u, *dist, t0, dt, first = 0.0, t = 0.0;
	int rc = 0, k;

	if (m > SHUT_WIN_SCORES_MAX ||
	    (u = calloc(2 * m, sizeof(double))) == NULL)
		return 0.0;
	dist = u + m;
	o.utility = u;
	for (k = 0; rc == 0 && (k == 0 || (t < 0.05 && k < 64)); k++) {
		for (size_t x = 0; x < m; x++)
			u[x] = 4 * x < step[k % 3] * (m - 1) ? 1.0 : 0.0;
		/* The first solver is made, as the round's is, then solved
		 * again; the making is not timed. */
		if (s == NULL && (rc = shut_solver_new(&s, r, &o, &opt)) < 0)
			break;
		t0 = solve_win_cpu();
		if ((rc = shut_solver_resolve(s, &o)) == 0 && walk)
			rc =
			    shut_solver_scores(s, shut_rules_start(r), dist, m);
		dt = solve_win_cpu() - t0;
		first = k == 0 ? dt : first;
		t += dt;
	}
	shut_solver_free(s);
	free(u);
	if (rc != 0 || k == 0)
		return 0.0;
	return k > 1 ? (t - first) / (k - 1) : t;
}

/*
 * The CPU seconds of a turn solve for a utility: with walk a round's
 * state, without a match's (solve_win_timed()).  Timed where the solve's
 * own estimate is under half a second and measure is set.  Else, for a
 * round's state, some 3 times a solve's estimate (tiles 1-16 and 1-18
 * with 2d6), more for dice of many totals: the walk ranks each throw's
 * moves and, where the rules give a choice, the dice counts, by going
 * through every move, so its cost grows with the totals the dice make,
 * and with the choice of dice counts, in ways a count of moves misses:
 * times (totals / 11)^0.75 (from 2d6 to 2d100 on tiles 1-12), and far
 * more on some boards (tiles 1-16 with 4d6 times 50), which only the
 * timing sees.  For a match's, the estimate of the value alone.
 */
static double
solve_win_turn(const struct shut_rules *r, size_t max_bytes, int measure,
	       int walk)
{
	struct shut_objective expected = { .kind = SHUT_OBJECTIVE_EXPECTED };
	unsigned flags = walk ? SHUT_SOLVER_LEAN : SHUT_SOLVER_VALUE;
	double solve =
	    solve_seconds(r, &expected, walk ? 0 : flags) * solve_cores();
	double totals = (double)(r->dice * r->faces - r->dice + 1), state = 0;
	char why[160];

	if (measure && solve <= 0.5 &&
	    solve_fits(r, &expected, flags, max_bytes, "--memory", why,
		       sizeof(why)) == 0)
		state = solve_win_timed(r, max_bytes, walk);
	if (state > 0)
		return state;
	if (!walk)
		return solve;
	return solve * 3 * (totals > 11 ? pow(totals / 11, 0.75) : 1.0);
}

/*
 * About how many turn solves (and walks of a policy) the solution takes:
 * some N (N - 1) / 2 (M + 1) for a round, 2 N until a shut box, a match
 * of two's (shut_match_solves()), the rough count for more.
 */
static double
solve_win_turns(const struct shut_rules *r, int players)
{
	double m = (double)shut_score(r, shut_rules_start(r)) + 1.0;

	if (shut_win_shape(r) == SHUT_WIN_RACE)
		return 2.0 * players;
	if (shut_win_shape(r) == SHUT_WIN_ROUND)
		return solve_win_round_states(
		    r, players,
		    m > SHUT_WIN_SCORES_MAX ? SHUT_WIN_SCORES_MAX : m);
	/* A match's scores past the tables are refused at once. */
	if (m > SHUT_WIN_SCORES_MAX)
		return 0.0;
	if (players > 2)
		return shut_many_guess(r, players);
	return shut_match_solves(r);
}

/*
 * The seconds the player to win's solution would take for a game of
 * nseats under r, by an estimate, on one processor: for a round, its
 * states solved times the cost of one; until a shut box, a turn solve and
 * its walk a seat; for a match, its turn solves (shut_match_solves())
 * times the cost of one.  A match of more than two is played by the
 * match of two against the leader, when its own states are too many to
 * solve: at most SHUT_PERFECT_MANY_STATES of them, each a turn solve and
 * its walk, are tried first.  One solve where perfect plays for the
 * lowest expected score (shut_perfect_plan()).
 */
double
solve_win_seconds(const struct shut_rules *r, int nseats, int measure,
		  size_t max_bytes)
{
	struct shut_objective obj = { .kind = SHUT_OBJECTIVE_EXPECTED };
	int plan = shut_perfect_plan(r, nseats);
	int match = shut_win_shape(r) == SHUT_WIN_MATCH;
	double t;

	if (plan == SHUT_PERFECT_EXPECTED)
		/* one solve, for the lowest expected score */
		return solve_seconds(r, &obj, 0) * solve_cores();
	/* A match's turn solves are the match of two's, of the value alone. */
	t = solve_win_turns(r, match ? 2 : nseats) *
	    solve_win_turn(r, max_bytes, measure, !match);
	/* The exact match of more first, given up past its bound. */
	if (match && nseats > 2 && plan == SHUT_PERFECT_EXACT)
		t += fmin(shut_many_guess(r, nseats),
			  (double)SHUT_PERFECT_MANY_STATES) *
		     solve_win_turn(r, max_bytes, measure, 1);
	return t;
}

const char *
solve_win_how(int kind, const char *who, char *buf, size_t len)
{
	if (kind == SHUT_PERFECT_EXPECTED)
		snprintf(buf, len,
			 "%s plays these rules for the lowest expected score, "
			 "as optimal does: its chances of winning are out of "
			 "reach",
			 who);
	else if (kind == SHUT_PERFECT_APPROX)
		snprintf(buf, len,
			 "%s plays this match of more than two players by an "
			 "approximation, the match of two against the leader: "
			 "its chances of winning are not exact",
			 who);
	else
		return NULL;
	return buf;
}

/*
 * An exact match of more than two players is solved when its rough count
 * of states is at most SOLVE_MANY_STATES, and given up once it has solved
 * that many; a match whose solution would take more than ten minutes by
 * the same count (a turn solve and a walk of the policy each, half a
 * millisecond on classic) is refused as any other.
 */
#define SOLVE_MANY_STATES ((size_t)500000)

int
solve_win_many_fits(const struct shut_rules *r, int players)
{
	return shut_many_guess(r, players) <= (double)SOLVE_MANY_STATES;
}

const char *
solve_win_why(const struct shut_rules *r, int players, int rc,
	      const char *limit)
{
	/* One per thread: the server's threads ask it for their tables. */
	static _Thread_local char why[160];

	if (rc == SHUT_EMODE && r->mode == SHUT_MODE_BATTLE)
		return "in a battle, cpu:optimal already plays to win";
	if (rc == SHUT_EMODE && players < 2)
		return "a match of one player has nobody to beat";
	if (rc == SHUT_EMODE)
		return "these rules are not played to win";
	if (rc == SHUT_ETOOBIG &&
	    shut_score(r, shut_rules_start(r)) >= SHUT_WIN_SCORES_MAX) {
		snprintf(why, sizeof(why),
			 "scores past %d (these reach %" PRIu64 ") are solved "
			 "for a single round of %d different scores at most",
			 SHUT_WIN_SCORES_MAX - 1,
			 shut_score(r, shut_rules_start(r)),
			 SHUT_WIN_SCORES_MAX);
		return why;
	}
	if (rc == SHUT_ETOOBIG && shut_win_shape(r) == SHUT_WIN_RACE)
		return "until-shut with first-miss=lose is solved for up to "
		       "12 players only (2^N sets of players still in)";
	if (rc == SHUT_ETOOBIG) {
		snprintf(why, sizeof(why), "too big for the memory limit (%s)",
			 limit);
		return why;
	}
	return shut_strerror(rc);
}

/* Why the rules cannot be played to win, in one line; returns 2. */
static int
solve_win_refused(const struct shut_rules *r, int players, int rc)
{
	if (rc == SHUT_ETOOBIG && players > 2 &&
	    shut_score(r, shut_rules_start(r)) < SHUT_WIN_SCORES_MAX &&
	    shut_win_shape(r) == SHUT_WIN_MATCH)
		return shut_many_guess(r, players) > (double)SOLVE_MANY_STATES
			   ? util_error("solve: --players: a match of %d "
					"players has some %.3g states, past "
					"%zu; cpu:perfect plays it by the "
					"match of two against the leader",
					players, shut_many_guess(r, players),
					SOLVE_MANY_STATES)
			   : util_error("solve: --players: a match of %d "
					"players has more than %zu states; "
					"cpu:perfect plays it by the match of "
					"two against the leader",
					players, SOLVE_MANY_STATES);
	if (rc == SHUT_ETOOBIG &&
	    shut_score(r, shut_rules_start(r)) >= SHUT_WIN_SCORES_MAX)
		return util_error("solve: --players: %s; cpu:perfect plays "
				  "the lowest expected score elsewhere",
				  solve_win_why(r, players, rc, "--memory"));
	return util_error("solve: --players: %s%s",
			  solve_win_why(r, players, rc, "--memory"),
			  rc == SHUT_EMODE && r->mode == SHUT_MODE_BATTLE
			      ? ", and solve without --players gives the "
				"chances"
			      : "");
}

/* Each seat's chance of winning and money per game (stake units). */
struct solve_win_seats {
	int n;
	double win[SHUT_SEATS_MAX];
	double money[SHUT_SEATS_MAX];
};

static int
solve_win_text(const struct solve_win_seats *ws, const struct shut_rules *r)
{
	char a[64];

	printf("seat win%s\n", r->stake > 0 ? "              money" : "");
	for (int j = 0; j < ws->n; j++) {
		solve_number(ws->win[j], a, sizeof(a));
		if (r->stake > 0)
			printf("%-4d %-16s %+.6f\n", j + 1, a,
			       ws->money[j] + 0.0);
		else
			printf("%-4d %s\n", j + 1, a);
	}
	return CMD_EXIT_OK;
}

static int
solve_win_json(const struct solve_win_seats *ws, const struct shut_rules *r)
{
	char spec[1024];
	json_t *o, *seats;
	int bad = 0, rc;

	shut_rules_print(r, spec, sizeof(spec));
	o = json_object();
	seats = json_array();
	if (o == NULL || seats == NULL) {
		json_decref(o);
		json_decref(seats);
		return util_fail("out of memory");
	}
	util_json_set(o, "rules", json_string(spec), &bad);
	util_json_set(o, "objective", json_string("win"), &bad);
	util_json_set(o, "players", json_integer(ws->n), &bad);
	for (int j = 0; j < ws->n; j++) {
		json_t *s = json_object();

		if (s == NULL) {
			bad = 1;
			break;
		}
		util_json_set(s, "seat", json_integer(j), &bad);
		util_json_set(s, "win", json_real(ws->win[j]), &bad);
		if (r->stake > 0)
			util_json_set(s, "money", json_real(ws->money[j]),
				      &bad);
		util_json_append(seats, s, &bad);
	}
	util_json_set(o, "seats", seats, &bad);
	rc = bad ? util_fail("out of memory") : util_json_print("solve", o);
	json_decref(o);
	return rc;
}

/*
 * The seats' chances of a whole match of two, or of until-shut: the
 * money of a stake is the share of the pot (one winner, or a tie split
 * evenly) less the stake.
 */
static int
solve_win_other(const struct shut_rules *r, int players,
		const struct shut_solver_options *opt,
		struct solve_win_seats *ws)
{
	struct shut_match *m = NULL;
	struct shut_race *race = NULL;
	struct shut_many *many = NULL;
	int rc;

	if (shut_win_shape(r) == SHUT_WIN_RACE)
		rc = shut_race_new(&race, r, players, opt);
	else if (players == 2)
		rc = shut_match_new(&m, r, opt);
	else if (players == 1)
		rc = SHUT_EMODE;
	else if (shut_many_guess(r, players) > (double)SOLVE_MANY_STATES ||
		 players > SHUT_MANY_SEATS_MAX)
		rc = SHUT_ETOOBIG;
	else
		rc = shut_many_new(&many, r, players, SOLVE_MANY_STATES, opt);
	if (rc < 0)
		return rc;
	ws->n = players;
	for (int j = 0; j < players; j++) {
		ws->win[j] = m != NULL	    ? shut_match_chance(m, j)
			     : many != NULL ? shut_many_chance(many, j)
					    : shut_race_chance(race, j);
		ws->money[j] = players > 1 ? (ws->win[j] * players - 1) *
						 (double)r->stake / 100.0
					   : 0.0;
	}
	shut_match_free(m);
	shut_race_free(race);
	shut_many_free(many);
	return 0;
}

/* The seats' chances of the game, worked out: solve_win_compute(). */
struct solve_win_job {
	const struct shut_rules *r;
	int players;
	struct shut_solver_options opt;
	struct shut_progress progress;
	struct solve_win_seats ws;
};

/* Each seat's chance of winning (and money) of a round or a match. */
static int
solve_win_compute(void *arg)
{
	struct solve_win_job *j = arg;
	struct shut_round *rd = NULL;
	int rc = shut_round_new(&rd, j->r, j->players, &j->opt);

	if (rc == 0) {
		j->ws.n = j->players;
		for (int s = 0; s < j->players; s++) {
			j->ws.win[s] = shut_round_chance(rd, s);
			/* The money of a seat in the stake's units. */
			j->ws.money[s] = shut_round_money(rd, s) / 100.0;
		}
		shut_round_free(rd);
	} else if (rc == SHUT_EMODE && j->r->mode == SHUT_MODE_STANDARD) {
		rc = solve_win_other(j->r, j->players, &j->opt, &j->ws);
	}
	return rc;
}

/* Whether the solution is a match of more than two players. */
static int
solve_win_many(const struct shut_rules *r, int players)
{
	return players > 2 && shut_win_shape(r) == SHUT_WIN_MATCH;
}

int
solve_win(const struct shut_rules *r, int players, int json, size_t max_bytes)
{
	struct shut_objective expected = { .kind = SHUT_OBJECTIVE_EXPECTED };
	struct solve_win_job j = { .r = r,
				   .players = players,
				   .opt = { .max_bytes = max_bytes } };
	double turns = solve_win_turns(r, players);
	double turn = solve_seconds(r, &expected, 0);
	int rc;

	/*
	 * A round's state or a match of two's turn solve: solve_win_turn(),
	 * timed where that is quick.  A state of a match of more than two, on
	 * one processor, some 25 times a solve's CPU and 0.15 ms besides (half
	 * a millisecond on classic, a fifth of one on six tiles: docs/win.md),
	 * and its rough count is 1 to 4 times the states solved.
	 */
	const int many = solve_win_many(r, players);
	const char *what = many ? "states" : "turn solves";
	double each, seconds;
	char why[160];

	/* A turn's own table past --memory: its size, as solve says. */
	if (r->mode == SHUT_MODE_STANDARD &&
	    solve_fits(r, &expected, SHUT_SOLVER_LEAN, max_bytes, "--memory",
		       why, sizeof(why)) < 0)
		return util_error("solve: --players: %s", why);
	/* A battle is refused below, with no state timed for it. */
	if (r->mode != SHUT_MODE_STANDARD)
		each = 0.0;
	else if (!many)
		each = solve_win_turn(r, max_bytes, 1,
				      shut_win_shape(r) != SHUT_WIN_MATCH);
	else
		each = turn * solve_cores() * 25.0 + 0.15e-3;
	seconds = turns * each;
	/* A match too big for its rough count is refused as such, below. */
	if (r->mode == SHUT_MODE_STANDARD && many &&
	    turns > (double)SOLVE_MANY_STATES)
		seconds = 0;
	if (r->mode == SHUT_MODE_STANDARD && seconds > 600.0)
		return util_error("solve: --players: some %.3g %s of about "
				  "%.2g s each: some %.0f minutes, too long "
				  "(over ten)",
				  turns, what, each, seconds / 60.0);
	/* A long one on a terminal says how long first, then how far. */
	if (r->mode == SHUT_MODE_STANDARD && seconds > 1.0 &&
	    isatty(STDERR_FILENO) && util_report_to == NULL) {
		fprintf(stderr,
			"shutbox: working out each seat's chance: %s%.0f s "
			"(some %.3g %s)\n",
			many ? "roughly " : "about ", seconds, turns, what);
		j.opt.progress = &j.progress;
		rc = solve_watch(solve_win_compute, &j, &j.progress);
	} else {
		rc = solve_win_compute(&j);
	}
	if (rc == SHUT_ENOMEM)
		return util_fail("out of memory");
	if (rc < 0)
		return solve_win_refused(r, players, rc);
	return json ? solve_win_json(&j.ws, r) : solve_win_text(&j.ws, r);
}
