/*
 * sim.c - "shutbox sim": how good a way of playing is, by playing it many
 * times.
 *
 * With --strategy, single turns played by one strategy: the shut rate and
 * the mean score with their 95% intervals, the mean number of throws, and
 * the distribution of the score, beside the exact values where the
 * library's evaluator can work them out.  With --players, whole games of
 * the rule set's match format between several strategies: each seat's
 * share of the wins, its mean total and, with a stake, the money it wins a
 * game.
 *
 * The games are played by the library's simulator (shut_sim.h), which
 * gives the same result for a seed whatever the number of threads.  The
 * solvers of the computer players are made once, before any game, and
 * shared read-only by the threads (perfect's solution too, each thread
 * playing it with turn solvers of its own).  Ctrl-C (or SIGTERM) stops the run:
 * the games played so far are reported, and the output says the run stopped.
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "sim.h"
#include "solve.h"
#include "util.h"

/* The most games a run takes: 10^15, some days at full speed. */
#define SIM_GAMES_MAX 1000000000000000ULL

/* The most threads, and the largest board whose exact values are shown. */
#define SIM_THREADS_MAX	  64
#define SIM_EXACT_TILES	  20
#define SIM_GAMES_DEFAULT 100000

/* The longest perfect's solution may take (by the estimate), in s. */
#define SIM_WIN_SECONDS 600.0

/* The progress bar: shown after this many seconds, this wide. */
#define SIM_BAR_AFTER 0.5
#define SIM_BAR_WIDTH 30

/* ---------------------------------------------------------------------
 * Statistics
 */

void
sim_share(uint64_t k, uint64_t n, struct sim_ci *ci)
{
	sim_share_of(n ? (double)k / (double)n : NAN, n, ci);
}

void
sim_share_of(double p, uint64_t n, struct sim_ci *ci)
{
	double z2, den, mid, half;

	if (n == 0) {
		ci->mean = ci->lo = ci->hi = NAN;
		return;
	}
	z2 = SIM_Z * SIM_Z;
	den = 1 + z2 / (double)n;
	mid = (p + z2 / (2 * (double)n)) / den;
	half =
	    SIM_Z *
	    sqrt(p * (1 - p) / (double)n + z2 / (4.0 * (double)n * (double)n)) /
	    den;
	/*
	 * The interval holds the share seen; rounding must not put an end
	 * past it (0 seen in 3 gave a low end of 5.6e-17).
	 */
	ci->mean = p;
	ci->lo = mid - half > p ? p : mid - half < 0 ? 0 : mid - half;
	ci->hi = mid + half < p ? p : mid + half > 1 ? 1 : mid + half;
}

static long double
sim_wide_ld(const struct shut_wide *w)
{
	return (long double)w->hi * 18446744073709551616.0L +
	       (long double)w->lo;
}

void
sim_mean(const struct shut_wide *sum, const struct shut_wide *sum2, uint64_t n,
	 double least, struct sim_ci *ci)
{
	long double s, s2, var;
	double half;

	if (n == 0) {
		ci->mean = ci->lo = ci->hi = NAN;
		return;
	}
	s = sim_wide_ld(sum);
	s2 = sim_wide_ld(sum2);
	ci->mean = (double)(s / (long double)n);
	if (n < 2) { /* no spread to measure: no interval */
		ci->lo = ci->hi = NAN;
		return;
	}
	var = (s2 - s * s / (long double)n) / (long double)(n - 1);
	half = SIM_Z * sqrt((double)(var > 0 ? var : 0) / (double)n);
	ci->lo = ci->mean - half < least ? least : ci->mean - half;
	ci->hi = ci->mean + half;
}

/* ---------------------------------------------------------------------
 * The histogram's rows
 */

/* The scores of bin b: a range of width, or (width 0) of b digits. */
static void
sim_bin_range(const struct shut_sim_turns *t, int b, uint64_t *lo, uint64_t *hi)
{
	if (t->width > 0) {
		*lo = (uint64_t)b * t->width;
		*hi = *lo + t->width - 1;
		return;
	}
	*lo = b > 0 ? 1 : 0;
	for (int i = 1; i < b; i++)
		*lo *= 10;
	*hi = b == 0 ? 0 : b >= 20 ? UINT64_MAX : *lo * 10 - 1;
}

static double
sim_exact_in(const struct sim *s, uint64_t lo, uint64_t hi)
{
	double p = 0;

	for (long i = 0; s->exact && i < s->ndist; i++)
		if (s->dist[i].score >= lo && s->dist[i].score <= hi)
			p += s->dist[i].prob;
	return p;
}

/* The first and last bins with a turn or an exact probability. */
static void
sim_used(const struct sim *s, int *first, int *last)
{
	*first = SHUT_SIM_BINS;
	*last = -1;
	for (int b = 0; b < SHUT_SIM_BINS; b++) {
		uint64_t lo, hi;

		if (s->turns->width == 0 && b > 20)
			break;
		sim_bin_range(s->turns, b, &lo, &hi);
		if (s->turns->bin[b] == 0 && sim_exact_in(s, lo, hi) <= 0)
			continue;
		*first = b < *first ? b : *first;
		*last = b;
	}
}

int
sim_rows(const struct sim *s, int max, struct sim_row *rows)
{
	static const int nice[] = { 1, 2, 5 };
	uint64_t most = shut_score(&s->rules, shut_rules_start(&s->rules));
	int first, last, group, scale = 1, i = 0, n = 0;

	sim_used(s, &first, &last);
	if (last < 0)
		return 0;
	/* Groups start at a multiple of the group: round labels. */
	for (;;) {
		group = nice[i] * scale;
		if (last / group - first / group + 1 <= max)
			break;
		if (++i == 3) {
			i = 0;
			scale *= 10;
		}
	}
	for (int b = first / group * group; b <= last; b += group, n++) {
		uint64_t lo, hi;

		memset(&rows[n], 0, sizeof(rows[n]));
		for (int k = b; k < b + group && k < SHUT_SIM_BINS; k++) {
			sim_bin_range(s->turns, k, &lo, &hi);
			rows[n].lo = k == b ? lo : rows[n].lo;
			rows[n].hi = hi < most ? hi : most;
			rows[n].count += s->turns->bin[k];
		}
		rows[n].exact = sim_exact_in(s, rows[n].lo, rows[n].hi);
	}
	return n;
}

/* ---------------------------------------------------------------------
 * Arguments
 */

int
sim_number(const char *opt, const char *text, uint64_t min, uint64_t max,
	   uint64_t *v)
{
	unsigned long long n;
	char *end, most[32];

	/* Said as play says its seed's: 2^64 - 1 rather than its digits. */
	if (max == UINT64_MAX)
		snprintf(most, sizeof(most), "2^64 - 1");
	else
		snprintf(most, sizeof(most), "%llu", (unsigned long long)max);
	errno = 0;
	n = strtoull(text, &end, 10);
	if (*text < '0' || *text > '9' || *end != '\0' || errno == ERANGE ||
	    n > max || n < min)
		return util_error("bad %s: %s: a whole number from %llu to %s",
				  opt, util_shown(text),
				  (unsigned long long)min, most);
	*v = n;
	return CMD_EXIT_OK;
}

/* A thread's own perfect player: the shared solution, solvers of its own. */
static int
sim_perfect_copy(void *ctx, void **mine)
{
	struct shut_perfect *p = NULL;
	int rc = shut_perfect_copy(&p, ctx);

	*mine = p;
	return rc;
}

static void
sim_perfect_drop(void *mine)
{
	shut_perfect_free(mine);
}

/*
 * perfect's solution, refused at once where it cannot be had, or not in
 * SIM_WIN_SECONDS (by the estimate); 0 or an error of shut_perfect_new(),
 * or 1 after a line said why.
 */
static int
sim_perfect_new(struct sim *s)
{
	struct shut_solver_options opt = { .max_bytes = s->max_bytes };
	double secs;
	int rc = shut_perfect_check(&s->rules, s->nseats, &opt);

	if (rc < 0)
		return rc;
	secs = solve_win_seconds(&s->rules, s->nseats, 1, s->max_bytes);
	if (secs > SIM_WIN_SECONDS) {
		util_error("bad --players: perfect: working out how to play "
			   "these rules to win would take some %.0f s (an "
			   "estimate)",
			   secs);
		return 1;
	}
	/* A long one on a terminal says how long first, as solve does. */
	if (secs > 1.0 && isatty(STDERR_FILENO) && util_report_to == NULL)
		fprintf(stderr,
			"shutbox: perfect: working out how to play these "
			"rules to win: about %.0f s\n",
			secs);
	return shut_perfect_new(&s->perfect, &s->rules, s->nseats, &opt);
}

/*
 * The perfect seats of a whole game: one solution for the rules and the
 * number of seats, made once before any game and shared read-only; each
 * thread plays it with a copy of its own (shut_perfect_copy()), which
 * keeps the turn solvers it makes.
 */
static int
sim_perfect(struct sim *s)
{
	char how[256];
	int rc = 0;

	for (int i = 0; i < s->nseats; i++) {
		if (s->player[i].strategy != &shut_win_perfect)
			continue;
		if (s->perfect == NULL && (rc = sim_perfect_new(s)) == 0 &&
		    solve_win_how(shut_perfect_kind(s->perfect), "perfect", how,
				  sizeof(how)) != NULL)
			util_warning("%s", how);
		if (rc > 0)
			return CMD_EXIT_USAGE;
		if (rc == SHUT_ENOMEM)
			return util_fail("out of memory");
		if (rc < 0)
			return util_error("bad --players: perfect: %s",
					  solve_win_why(&s->rules, s->nseats,
							rc, "--memory"));
		s->player[i].ctx = s->perfect;
		s->own[i] = (struct shut_sim_own){ .copy = sim_perfect_copy,
						   .drop = sim_perfect_drop };
	}
	return CMD_EXIT_OK;
}

/*
 * Seat i plays the strategy of that name ("cpu:NAME" too); the solver's
 * players share one solver per objective, made here once.  perfect, the
 * player to win, is a seat of a whole game only (sim_perfect()).
 */
static int
sim_seat(struct sim *s, int i, const char *opt, const char *name)
{
	const struct shut_strategy *st;

	if (strncmp(name, "cpu:", 4) == 0)
		name += 4;
	st = policy_find(name);
	if (st == NULL && strcmp(name, shut_win_perfect.name) == 0) {
		if (!s->match)
			return util_error(
			    "bad %s: perfect plays to win a whole game, and a "
			    "turn alone has nobody to beat: use --players "
			    "(or --strategy shut)",
			    opt);
		st = &shut_win_perfect;
	}
	if (st == NULL)
		return policy_unknown(opt, "", name, s->match);
	s->name[i] = st->name;
	s->player[i].strategy = st;
	s->player[i].ctx = NULL; /* the simulator's generator */
	if (st == &shut_solver_optimal || st == &shut_solver_shut) {
		int which = st == &shut_solver_shut;
		struct shut_objective obj = {
			.kind = which ? SHUT_OBJECTIVE_SHUT
				      : SHUT_OBJECTIVE_EXPECTED,
		};
		int rc;

		if (s->solver[which] == NULL &&
		    (rc = solve_new(&s->solver[which], &s->rules, &obj, 0,
				    s->max_bytes, 0)) != 0)
			return rc;
		s->player[i].ctx = s->solver[which];
	}
	return CMD_EXIT_OK;
}

int
sim_players(struct sim *s, const char *text)
{
	const char *p = text;
	char name[64];
	int rc;

	s->nseats = 0;
	if (text[strspn(text, " \t")] == '\0')
		return util_error("bad --players: no names");
	for (;;) {
		size_t len = strcspn(p, ",");
		const char *at = p;
		/* Each name trimmed, as play's --players reads it. */
		size_t n = util_trim(&at, len);

		if (n == 0 || n >= sizeof(name))
			return util_error(
			    "bad --players: %s: %s", util_shown(text),
			    n ? "a name too long" : "an empty name");
		if (s->nseats == SHUT_SEATS_MAX)
			return util_error("bad --players: more than %d seats",
					  SHUT_SEATS_MAX);
		memcpy(name, at, n);
		name[n] = '\0';
		if ((rc = sim_seat(s, s->nseats++, "--players", name)) != 0)
			return rc;
		if (p[len] == '\0')
			break;
		p += len + 1;
	}
	if (s->rules.mode == SHUT_MODE_BATTLE && s->nseats != 2)
		return util_error("bad --players: a battle has two seats, the "
				  "Shutter and the Opener (%d given)",
				  s->nseats);
	return sim_perfect(s);
}

/* ---------------------------------------------------------------------
 * The exact values
 */

/*
 * The strategy's exact shut rate, mean and distribution, where its
 * evaluation is cheap (a board of up to SIM_EXACT_TILES tiles); none
 * otherwise, and the simulated values stand alone.
 */
static int
sim_exact(struct sim *s)
{
	const struct shut_strategy *st = s->player[0].strategy;
	struct shut_eval_options opt = { .max_bytes = s->max_bytes };
	struct shut_eval *e;
	long n;

	if (st->policy == NULL ||
	    shut_tiles_count(shut_rules_start(&s->rules)) > SIM_EXACT_TILES)
		return CMD_EXIT_OK;
	if (st == &shut_solver_optimal || st == &shut_solver_shut)
		opt.solver = s->player[0].ctx;
	if (shut_eval_new(&e, &s->rules, st, &opt) < 0)
		return CMD_EXIT_OK;
	n = shut_eval_distribution(e, NULL, 0);
	s->dist = malloc((size_t)(n > 0 ? n : 1) * sizeof(*s->dist));
	if (s->dist == NULL) {
		shut_eval_free(e);
		return util_fail("out of memory");
	}
	s->ndist = shut_eval_distribution(e, s->dist, (size_t)n);
	shut_eval_value(e, shut_rules_start(&s->rules), &s->value);
	s->exact = 1;
	shut_eval_free(e);
	return CMD_EXIT_OK;
}

/* ---------------------------------------------------------------------
 * The run: a thread of its own, a progress bar, Ctrl-C
 */

static atomic_int sim_stop;

static void
sim_on_signal(int sig)
{
	(void)sig;
	atomic_store(&sim_stop, 1);
}

struct sim_job {
	struct sim *s;
	struct shut_sim cfg;
	atomic_ullong done;
	atomic_int finished;
	int rc;
};

static void *
sim_job_main(void *arg)
{
	struct sim_job *j = arg;

	j->rc = j->s->match ? shut_sim_match(&j->cfg, j->s->tally)
			    : shut_sim_turns(&j->cfg, j->s->turns);
	atomic_store(&j->finished, 1);
	return NULL;
}

static double
sim_clock(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One line of progress on standard error, drawn over the last. */
static void
sim_bar(const struct sim *s, unsigned long long done, double elapsed)
{
	double f = (double)done / (double)s->games;
	int fill = (int)(f * SIM_BAR_WIDTH);
	char bar[SIM_BAR_WIDTH + 1];

	memset(bar, '#', (size_t)fill);
	memset(bar + fill, '.', (size_t)(SIM_BAR_WIDTH - fill));
	bar[SIM_BAR_WIDTH] = '\0';
	fprintf(stderr, "\r[%s] %3.0f%%  %llu %s", bar, 100 * f, done,
		s->match ? "games" : "turns");
	if (done > 0)
		fprintf(stderr, ", %.0f s left  ",
			elapsed * (1 - f) / (f > 0 ? f : 1));
}

/* Runs the job on a thread while this one draws the progress bar. */
static void
sim_showing(struct sim_job *j)
{
	struct timespec nap = { 0, 100 * 1000 * 1000 };
	double began = sim_clock();
	int shown = 0;
	pthread_t th;

	if (pthread_create(&th, NULL, sim_job_main, j) != 0) {
		sim_job_main(j);
		return;
	}
	while (!atomic_load(&j->finished)) {
		double t = sim_clock() - began;

		nanosleep(&nap, NULL);
		if (t >= SIM_BAR_AFTER) {
			sim_bar(j->s, atomic_load(&j->done), t);
			shown = 1;
		}
	}
	pthread_join(th, NULL);
	if (shown)
		fprintf(stderr, "\r\033[K");
}

static int
sim_run(struct sim *s)
{
	struct sim_job j = { .s = s };
	struct sigaction sa, old_int, old_term;
	int rc;

	j.cfg = (struct shut_sim){
		.rules = &s->rules,
		.players = s->player,
		.nseats = s->nseats,
		.games = s->games,
		.seed = s->seed,
		.threads = s->threads,
		.flags = s->step ? SHUT_SIM_STEP : 0,
		.done = &j.done,
		.stop = &sim_stop,
		.own = s->own,
	};
	atomic_init(&j.done, 0);
	atomic_init(&j.finished, 0);
	atomic_store(&sim_stop, 0);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = sim_on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	if (isatty(STDERR_FILENO))
		sim_showing(&j);
	else
		sim_job_main(&j);
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	s->stopped = atomic_load(&sim_stop);
	rc = j.rc;
	if (rc == SHUT_ENOMEM)
		return util_fail("out of memory");
	if (rc < 0)
		return util_fail("sim: a player failed: %s", shut_strerror(rc));
	return CMD_EXIT_OK;
}

/* ---------------------------------------------------------------------
 * The command
 */

/* What the options ask, checked against each other and the rules. */
static int
sim_check(struct sim *s, const char *strategy, const char *players)
{
	if (strategy != NULL && players != NULL)
		return util_error("sim: --strategy plays single turns, "
				  "--players whole games: give one of them");
	s->match = players != NULL;
	if (s->match && s->svg != NULL)
		return util_error(
		    "sim: --svg draws the score of a turn: it goes "
		    "with --strategy, not --players");
	if (!s->match && s->rules.mode == SHUT_MODE_BATTLE)
		return util_error("sim: a battle is played by two seats: use "
				  "--players (mode=battle)");
	return CMD_EXIT_OK;
}

static int
sim_setup(struct sim *s, const char *strategy, const char *players)
{
	int rc;

	if (s->match) {
		if ((rc = sim_players(s, players)) != 0)
			return rc;
		s->tally = malloc(sizeof(*s->tally));
		if (s->tally == NULL)
			return util_fail("out of memory");
		return CMD_EXIT_OK;
	}
	s->nseats = 1;
	if ((rc = sim_seat(s, 0, "--strategy",
			   strategy ? strategy : "optimal")) != 0)
		return rc;
	s->turns = malloc(sizeof(*s->turns));
	if (s->turns == NULL)
		return util_fail("out of memory");
	return sim_exact(s);
}

static int
sim_options(struct sim *s, int argc, char **argv, const char **strategy,
	    const char **players, int *help)
{
	static const struct option longopts[] = {
		{ "rules", required_argument, NULL, 'r' },
		{ "strategy", required_argument, NULL, 'S' },
		{ "players", required_argument, NULL, 'p' },
		{ "games", required_argument, NULL, 'g' },
		{ "seed", required_argument, NULL, 's' },
		{ "threads", required_argument, NULL, 't' },
		{ "json", no_argument, NULL, 'j' },
		{ "svg", required_argument, NULL, 'v' },
		{ "memory", required_argument, NULL, 'm' },
		{ "step", no_argument, NULL, 'P' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	uint64_t v;
	int c, rc = 0;

	opterr = 0;
	while (rc == 0 && (c = getopt_long(argc, argv, UTIL_GETOPT("h"),
					   longopts, NULL)) != -1) {
		switch (c) {
		case 'r':
			s->spec = optarg;
			break;
		case 'S':
			*strategy = optarg;
			break;
		case 'p':
			*players = optarg;
			break;
		case 'g':
			rc = sim_number("--games", optarg, 1, SIM_GAMES_MAX,
					&s->games);
			break;
		case 's':
			rc = sim_number("--seed", optarg, 0, UINT64_MAX,
					&s->seed);
			break;
		case 't':
			rc = sim_number("--threads", optarg, 1, SIM_THREADS_MAX,
					&v);
			s->threads = (int)v;
			break;
		case 'j':
			s->json = 1;
			break;
		case 'v':
			s->svg = optarg;
			break;
		case 'm':
			rc = solve_memory(optarg, &s->max_bytes);
			break;
		case 'P':
			s->step = 1;
			break;
		case 'h':
			*help = 1;
			break;
		default:
			return util_option_error(&cmd_sim_entry, longopts, argv,
						 c);
		}
	}
	return rc;
}

void
sim_free(struct sim *s)
{
	shut_solver_free(s->solver[0]);
	shut_solver_free(s->solver[1]);
	shut_perfect_free(s->perfect);
	free(s->turns);
	free(s->tally);
	free(s->dist);
	sim_svg_close(s);
}

static int
sim_exec(int argc, char **argv)
{
	const char *strategy = NULL, *players = NULL;
	struct sim s;
	int help = 0, rc;

	memset(&s, 0, sizeof(s));
	s.spec = "classic";
	s.games = SIM_GAMES_DEFAULT;
	s.seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20);
	if ((rc = sim_options(&s, argc, argv, &strategy, &players, &help)))
		return rc;
	if (help)
		return util_help(&cmd_sim_entry, argc, argv);
	if (optind < argc)
		return util_error("sim: unexpected argument '%s'",
				  util_shown(argv[optind]));
	if (util_rules(s.spec, &s.rules) < 0)
		return CMD_EXIT_USAGE;
	if ((rc = sim_check(&s, strategy, players)) == 0 &&
	    (s.svg == NULL || (rc = sim_svg_open(&s)) == 0) &&
	    (rc = sim_setup(&s, strategy, players)) == 0 &&
	    (rc = sim_run(&s)) == 0) {
		rc = sim_print(&s);
		if (rc == 0 && s.svg != NULL)
			rc = sim_svg(&s);
	}
	sim_free(&s);
	return rc;
}

const struct cmd_entry cmd_sim_entry = {
	.name = "sim",
	.usage = "[--rules SPEC] [--strategy NAME | --players LIST] "
		 "[--games N] [--seed S] [--threads T] [--json] [--svg FILE] "
		 "[--memory MIB] [--step]",
	.help = "play many games to measure a way of playing",
	.options =
	    "  --rules SPEC       the rule set (default: classic)\n"
	    "  --strategy NAME    single turns played by NAME (default: "
	    "optimal):\n"
	    "                     random, highest, fewest, most, lowest, "
	    "thai-wiki,\n"
	    "                     optimal (lowest expected score), shut "
	    "(likeliest to shut)\n"
	    "  --players LIST     whole games between strategies, as "
	    "\"optimal,fewest\";\n"
	    "                     perfect too: plays for the chance of "
	    "winning the game\n"
	    "  --games N          turns, or games, to play (default: "
	    "100000)\n"
	    "  --seed S           the seed of the dice (default: from the "
	    "clock; printed)\n"
	    "  --threads T        threads to play on (default: every "
	    "processor)\n"
	    "  --json             one JSON object instead of text\n"
	    "  --svg FILE         also draw the score's distribution as an "
	    "SVG chart\n"
	    "  --memory MIB       the largest solver table to build "
	    "(default: 1024)\n"
	    "  --step             play every turn through the game's step "
	    "API, even where\n"
	    "                     the strategy compiles (for comparison)\n"
	    "\n"
	    "Reports the shut rate and mean score with 95% intervals, the "
	    "throws a turn and\n"
	    "the distribution of the score, beside the exact values where "
	    "the board has up\n"
	    "to 20 tiles; with --players, each seat's share of the wins "
	    "(a shared win\n"
	    "split; beside its exact chance where every seat is perfect and "
	    "that is exact),\n"
	    "mean total and money won a game.  The same seed gives the same "
	    "result\n"
	    "whatever the threads: each block of 4096 games has its own "
	    "stream of the\n"
	    "seed.\n"
	    "\n"
	    "On a terminal, a run longer than half a second shows a progress "
	    "bar on\n"
	    "standard error.  Ctrl-C (or SIGTERM) stops the run early: the "
	    "games played so\n"
	    "far are reported, the first line says \"stopped early\", and the "
	    "status is 0.\n"
	    "\n"
	    "With --strategy, every strategy but random is compiled first "
	    "into a table of\n"
	    "its choices on each board (boards of up to 16 tiles, dice of "
	    "up to 4096\n"
	    "throws) and played from it, many times faster; the draws "
	    "differ from the step\n"
	    "API's, so --step gives another sample of the same game.\n",
	.exec = sim_exec,
};
