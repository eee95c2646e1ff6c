/*
 * solve.c - "shutbox solve": the value of a turn under perfect play.
 *
 * The command is a thin reader of the library's solver (shut_solver.h):
 * it solves the rule set for the objective and prints the value of one
 * position (the start, or --open), or of every position with --table.
 * The helpers at the top (solve.h) are shared with "shutbox hint" and the
 * play command's computer players, so that every command refuses an
 * unsolvable rule set with the same reason.
 *
 * Numbers are printed with 12 significant digits, the precision the
 * solver promises in double precision; --exact prints the rationals.
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "cmd.h"
#include "solve.h"
#include "util.h"

/* The longest exact value: a 12-tile board's rationals stay far below. */
#define SOLVE_EXACT_LEN 4096

/* ---------------------------------------------------------------------
 * Shared helpers
 */

int
solve_objective(const char *text, struct shut_objective *obj)
{
	char why[160];

	if (shut_objective_parse(obj, text, why, sizeof(why)) < 0)
		return util_error("bad --objective: %s", why);
	return CMD_EXIT_OK;
}

int
solve_battle_check(const char *cmd, const struct shut_rules *rules,
		   const char *objective, uint32_t open, int opener)
{
	if (objective != NULL)
		return util_error("%s: --objective is not for a battle: its "
				  "value is the Shutter's chance of winning",
				  cmd);
	if (open == 0)
		return util_error("%s: the battle is over with every tile "
				  "shut: the Shutter has won",
				  cmd);
	if (opener && open == shut_rules_start(rules))
		return util_error("%s: the battle is over with every tile "
				  "open and the Opener to throw: the Opener "
				  "has won (--open names the tiles open)",
				  cmd);
	return CMD_EXIT_OK;
}

/* A size in MiB, rounded up, for messages. */
static unsigned long long
solve_mib(size_t bytes)
{
	return ((unsigned long long)bytes + (1u << 20) - 1) >> 20;
}

int
solve_fits(const struct shut_rules *rules, const struct shut_objective *obj,
	   unsigned flags, size_t max_bytes, const char *limit, char *why,
	   size_t whylen)
{
	struct shut_solver_options opt = { .flags = flags,
					   .max_bytes = SIZE_MAX };
	int n = shut_tiles_count(shut_rules_start(rules));
	size_t need, most = max_bytes ? max_bytes : SHUT_SOLVER_BYTES_DEFAULT;

	if ((flags & SHUT_SOLVER_EXACT) && n > SHUT_SOLVER_EXACT_TILES_MAX)
		snprintf(why, whylen,
			 "--exact works on boards of up to %d tiles (this one "
			 "has %d)",
			 SHUT_SOLVER_EXACT_TILES_MAX, n);
	else if (n > SHUT_SOLVER_TILES_MAX)
		snprintf(why, whylen,
			 "boards of more than %d tiles are too big to solve "
			 "(this one has %d)",
			 SHUT_SOLVER_TILES_MAX, n);
	else if (shut_solver_size(rules, obj, &opt, &need) < 0 &&
		 rules->mode == SHUT_MODE_BATTLE)
		snprintf(why, whylen,
			 "a battle on %d tiles is too big to solve", n);
	else if (shut_solver_size(rules, obj, &opt, &need) < 0)
		snprintf(why, whylen,
			 "the dice have too many different throws to solve "
			 "(the rule reads the faces)");
	else if (need > most)
		snprintf(why, whylen,
			 "the table of this board needs %llu MiB, more than "
			 "the limit of %llu MiB (%s)",
			 solve_mib(need), solve_mib(most), limit);
	else
		return 0;
	return -1;
}

/* Explains why the solver found the rule set too big, and returns 2. */
static int
solve_too_big(const struct shut_rules *rules, const struct shut_objective *obj,
	      unsigned flags, size_t max_bytes)
{
	char why[256];

	if (solve_fits(rules, obj, flags, max_bytes, "--memory", why,
		       sizeof(why)) == 0)
		snprintf(why, sizeof(why), "%s", shut_strerror(SHUT_ETOOBIG));
	return util_error("%s", why);
}

/* ---------------------------------------------------------------------
 * How long a solve takes, and its progress
 */

/*
 * The work of the table solver, counted as its kernel does it: every move
 * offered to every state that holds it (a move m of the start set's n
 * tiles is offered to the 2^(n - |m|) states that hold it, once for its
 * total), and every state finished over the totals of each dice count.
 * The sums of the subsets of each size come from one pass over the tiles.
 */
static void
solve_work(const struct shut_rules *r, double *moves, double *finish)
{
	static double count[SHUT_TILES_MAX + 1][SHUT_TILES_MAX * 33 / 2 + 1];
	uint32_t start = shut_rules_start(r);
	int n = 0, t, k, sum, most = r->dice * r->faces, kmax, d, maxsum = 0;

	memset(count, 0, sizeof(count));
	count[0][0] = 1;
	for (t = 1; t <= SHUT_TILES_MAX; t++) {
		if (!(start & SHUT_TILE(t)))
			continue;
		n++;
		maxsum += t;
		for (k = n - 1; k >= 0; k--)
			for (sum = maxsum - t; sum >= 0; sum--)
				count[k + 1][sum + t] += count[k][sum];
	}
	kmax = r->move == SHUT_MOVE_UP_TO	  ? r->move_max
	       : r->move == SHUT_MOVE_ONE_TILE	  ? 1
	       : r->move == SHUT_MOVE_DICE_OR_SUM ? r->dice
						  : n;
	*moves = 0;
	for (k = 1; k <= n && k <= kmax; k++)
		for (sum = 1; sum <= maxsum && sum <= most; sum++)
			*moves += count[k][sum] * ldexp(1.0, n - k);
	*finish = 0;
	for (d = 1; d <= r->dice; d++)
		*finish += (double)(d * r->faces - d + 1);
	*finish *= ldexp(1.0, n);
}

double
solve_seconds(const struct shut_rules *r, const struct shut_objective *obj,
	      unsigned flags)
{
	double moves, finish, cpu;

	solve_work(r, &moves, &finish);
	/*
	 * Nanoseconds of CPU per move offered and per total finished,
	 * measured on tiles 1-16 to 1-19 with 8d100 and on The 300
	 * (docs/internals/solver.md, Progress, cost and part of a board);
	 * beat:T keeps a third slot and settles more ties; the value alone
	 * takes 0.55 of the time, whatever the objective.
	 */
	cpu = 2.7e-9 * moves + 0.4e-9 * finish;
	if (flags & SHUT_SOLVER_VALUE)
		cpu *= 0.55;
	else if (obj->kind == SHUT_OBJECTIVE_BEAT)
		cpu *= 1.8;
	if (r->mode == SHUT_MODE_BATTLE)
		cpu *= 20;
	if (flags & SHUT_SOLVER_EXACT)
		cpu *= 1000;
	return cpu / solve_cores();
}

/* The processors that a solve uses. */
int
solve_cores(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > 8 ? 8 : (int)n;
}

/* A piece of work watched: solve_watch(). */
struct solve_watched {
	int (*fn)(void *);
	void *arg;
	int rc;
	atomic_int finished;
};

static void *
solve_watched_main(void *arg)
{
	struct solve_watched *w = arg;

	w->rc = w->fn(w->arg);
	atomic_store(&w->finished, 1);
	return NULL;
}

int
solve_watch(int (*fn)(void *), void *arg, struct shut_progress *progress)
{
	struct solve_watched w = { .fn = fn, .arg = arg };
	struct timespec nap = { 0, 200 * 1000 * 1000 };
	time_t began = time(NULL);
	pthread_t th;

	if (pthread_create(&th, NULL, solve_watched_main, &w) != 0)
		return fn(arg);
	while (!atomic_load(&w.finished)) {
		unsigned long long done = atomic_load(&progress->done);
		unsigned long long total = atomic_load(&progress->total);

		if (total > 0 && done > 0)
			fprintf(stderr, "\r%3.0f%% done, %lld s so far  ",
				100.0 * (double)done / (double)total,
				(long long)(time(NULL) - began));
		nanosleep(&nap, NULL);
	}
	pthread_join(th, NULL);
	fprintf(stderr, "\r\033[K");
	return w.rc;
}

struct solve_job {
	struct shut_solver *s;
	const struct shut_rules *rules;
	const struct shut_objective *obj;
	struct shut_solver_options opt;
	struct shut_progress progress;
};

static int
solve_job_run(void *arg)
{
	struct solve_job *j = arg;

	return shut_solver_new(&j->s, j->rules, j->obj, &j->opt);
}

/*
 * Makes the solver on a thread of its own while this one shows, on
 * standard error (a terminal), how far it has got.
 */
static int
solve_showing(struct shut_solver **sp, struct solve_job *j, double seconds)
{
	int rc;

	j->opt.progress = &j->progress;
	fprintf(stderr, "shutbox: working out the table: about %.0f s\n",
		seconds);
	rc = solve_watch(solve_job_run, j, &j->progress);
	*sp = j->s;
	return rc;
}

int
solve_new(struct shut_solver **sp, const struct shut_rules *rules,
	  const struct shut_objective *obj, unsigned flags, size_t max_bytes,
	  uint32_t below)
{
	struct solve_job j = { .rules = rules, .obj = obj };
	struct shut_rules part = *rules;
	double seconds;
	int rc;

	j.opt.flags = flags;
	j.opt.max_bytes = max_bytes;
	j.opt.below = below;
	/* The cost of the part solved: the turn on its tiles. */
	if (below != 0 && rules->mode != SHUT_MODE_BATTLE) {
		part.start = SHUT_START_LIST;
		part.start_list = below;
	}
	seconds = solve_seconds(&part, obj, flags);

	/* A long solve on a terminal says how long, and shows how far. */
	if (seconds > 1.0 && isatty(STDERR_FILENO) && util_report_to == NULL)
		rc = solve_showing(sp, &j, seconds);
	else
		rc = shut_solver_new(sp, rules, obj, &j.opt);

	switch (rc) {
	case 0:
		/* A battle stopped short of its tolerance says so. */
		if (shut_solver_tolerance(*sp) > SHUT_SOLVER_EPSILON)
			util_warning("the battle's values are known to within "
				     "%.3g only",
				     shut_solver_tolerance(*sp));
		return CMD_EXIT_OK;
	case SHUT_ETOOBIG:
		return solve_too_big(rules, obj, flags, max_bytes);
	case SHUT_EMODE:
		return util_error("--exact is not available for a battle: its "
				  "values are computed to a tolerance");
	case SHUT_ENOMEM:
		util_error("out of memory");
		return CMD_EXIT_FAIL;
	default:
		return util_error("cannot solve: %s", shut_strerror(rc));
	}
}

void
solve_number(double v, char *buf, size_t len)
{
	if (isnan(v))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.12g", v + 0.0);
}

/* ---------------------------------------------------------------------
 * The command
 */

struct solve {
	struct shut_rules rules;
	struct shut_objective obj;
	struct shut_solver *s;
	uint32_t below; /* --table lists this board and those under it */
	int battle, exact, json, table, opener;
};

/* The value at a position as text: the rational, or the number. */
static void
solve_text(const struct solve *sv, const struct shut_position *pos, char *buf,
	   size_t len)
{
	struct shut_value v;

	if (sv->exact) {
		size_t n;

		shut_solver_exact(sv->s, pos, SHUT_EXACT_VALUE, buf, len);
		/* A whole number is written as one: 13, not 13/1. */
		n = strlen(buf);
		if (n > 2 && strcmp(buf + n - 2, "/1") == 0)
			buf[n - 2] = '\0';
		return;
	}
	shut_solver_value(sv->s, pos, &v);
	solve_number(v.value, buf, len);
}

/* The objective's name for output: a battle has its own. */
static void
solve_objective_name(const struct solve *sv, char *buf, size_t len)
{
	if (sv->battle)
		snprintf(buf, len, "battle");
	else
		shut_objective_print(&sv->obj, buf, len);
}

/*
 * Every state under sv->below (every state, but with --open), one per
 * line: open tiles, then the value.  Stops at the
 * first write that fails (the caller's check of standard output says
 * why): 2^25 lines are not all written to a full disk.
 */
static void
solve_print_table(const struct solve *sv)
{
	uint32_t start = sv->below, open = 0;
	char tiles[UTIL_MOVE_LEN], a[SOLVE_EXACT_LEN], b[SOLVE_EXACT_LEN];

	/* In increasing order of the squeezed index: the shut box first. */
	for (;;) {
		struct shut_position pos = { open, 0, 1 };
		int n;

		util_tiles_format(open, tiles, sizeof(tiles));
		solve_text(sv, &pos, a, sizeof(a));
		if (sv->battle) {
			pos.opener = 1;
			solve_text(sv, &pos, b, sizeof(b));
			n = printf("%s %s %s\n", tiles, a, b);
		} else {
			n = printf("%s %s\n", tiles, a);
		}
		if (n < 0 || open == start)
			break;
		open = ((open | ~start) + 1) & start;
	}
}

/*
 * Writes a JSON value as jansson writes it inside the object: the same
 * bytes as a whole document dumped at once.  Returns 0, or -1 when memory
 * ran out or the output could not be written.
 */
static int
solve_json_value(json_t *v)
{
	char *text;
	int rc;

	if (v == NULL)
		return -1;
	text = json_dumps(v, JSON_ENCODE_ANY | JSON_REAL_PRECISION(17));
	json_decref(v);
	if (text == NULL)
		return -1;
	rc = fputs(text, stdout) == EOF ? -1 : 0;
	free(text);
	return rc;
}

/* One row of the table, indented as a member of the "table" array. */
static int
solve_json_row(const struct solve *sv, uint32_t open, int first)
{
	struct shut_position p = { open, 0, 1 };
	char tiles[UTIL_MOVE_LEN], buf[SOLVE_EXACT_LEN];
	struct shut_value v;

	util_tiles_format(open, tiles, sizeof(tiles));
	shut_solver_value(sv->s, &p, &v);
	if (printf("%s    {\n      \"open\": ", first ? "" : ",\n") < 0 ||
	    solve_json_value(json_string(tiles)) < 0)
		return -1;
	/* A battle's position that cannot occur has no value: no member. */
	if (!isnan(v.value) && (printf(",\n      \"value\": ") < 0 ||
				solve_json_value(json_real(v.value)) < 0))
		return -1;
	if (sv->battle) {
		p.opener = 1;
		shut_solver_value(sv->s, &p, &v);
		if (!isnan(v.value) &&
		    (printf(",\n      \"opener\": ") < 0 ||
		     solve_json_value(json_real(v.value)) < 0))
			return -1;
	} else if (sv->exact) {
		shut_solver_exact(sv->s, &p, SHUT_EXACT_VALUE, buf,
				  sizeof(buf));
		if (printf(",\n      \"exact\": ") < 0 ||
		    solve_json_value(json_string(buf)) < 0)
			return -1;
	}
	return printf("\n    }") < 0 ? -1 : 0;
}

/*
 * The table of every position under sv->below, streamed row by row after
 * the rest of the
 * object, so that its memory is the solver's table alone however many
 * positions there are (2^20 rows for twenty tiles).
 */
static int
solve_json_table(const struct solve *sv, json_t *o)
{
	uint32_t start = sv->below, open = 0;
	char *head;
	size_t len;
	int rc = CMD_EXIT_OK;

	head = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER |
				 JSON_REAL_PRECISION(17));
	if (head == NULL)
		return util_fail("out of memory");
	/* The object without its closing "\n}", then the table. */
	len = strlen(head);
	if (len < 2 ||
	    printf("%.*s,\n  \"table\": [\n", (int)(len - 2), head) < 0)
		rc = -1;
	free(head);
	for (; rc == 0; open = ((open | ~start) + 1) & start) {
		if (solve_json_row(sv, open, open == 0) < 0)
			rc = -1;
		if (open == start)
			break;
	}
	if (rc == 0 && printf("\n  ]\n}\n") < 0)
		rc = -1;
	/* A write that failed, or a value that found no memory. */
	return rc == 0 ? CMD_EXIT_OK : util_output_error("solve");
}

/* One position (or the table) as a JSON object. */
static int
solve_print_json(const struct solve *sv, const struct shut_position *pos)
{
	char spec[1024], name[64], tiles[UTIL_MOVE_LEN], buf[SOLVE_EXACT_LEN];
	struct shut_value v;
	json_t *o;
	int bad = 0, rc;

	shut_rules_print(&sv->rules, spec, sizeof(spec));
	solve_objective_name(sv, name, sizeof(name));
	util_tiles_format(pos->open, tiles, sizeof(tiles));
	shut_solver_value(sv->s, pos, &v);
	o = json_object();
	if (o == NULL)
		return util_fail("out of memory");
	util_json_set(o, "rules", json_string(spec), &bad);
	util_json_set(o, "objective", json_string(name), &bad);
	util_json_set(o, "open", json_string(tiles), &bad);
	if (sv->battle) {
		util_json_set(o, "roller",
			      json_string(pos->opener ? "opener" : "shutter"),
			      &bad);
		util_json_set(o, "value", json_real(v.value), &bad);
		util_json_set(o, "tolerance",
			      json_real(shut_solver_tolerance(sv->s)), &bad);
	} else {
		util_json_set(o, "value", json_real(v.value), &bad);
		util_json_set(o, "expected", json_real(v.expected), &bad);
		util_json_set(o, "shut", json_real(v.shut), &bad);
	}
	if (sv->exact) {
		shut_solver_exact(sv->s, pos, SHUT_EXACT_VALUE, buf,
				  sizeof(buf));
		util_json_set(o, "exact", json_string(buf), &bad);
	}
	if (bad)
		rc = util_fail("out of memory");
	else if (sv->table)
		rc = solve_json_table(sv, o);
	else
		rc = util_json_print("solve", o);
	json_decref(o);
	return rc;
}

int
solve_memory(const char *text, size_t *bytes)
{
	char *end;
	unsigned long long mib;

	errno = 0;
	mib = strtoull(text, &end, 10);

	if (*text < '0' || *text > '9' || *end != '\0')
		return util_error("bad --memory: %s: a whole number of MiB",
				  util_shown(text));
	if (mib == 0)
		return util_error("bad --memory: %s: at least 1 MiB",
				  util_shown(text));
	if (errno == ERANGE || mib > (unsigned long long)(SIZE_MAX >> 20))
		return util_error(
		    "bad --memory: %s: more than this machine can "
		    "address (at most %llu MiB)",
		    util_shown(text), (unsigned long long)(SIZE_MAX >> 20));
	*bytes = (size_t)mib << 20;
	return CMD_EXIT_OK;
}

/*
 * solve --policy NAME, solve --distribution: the worth of a strategy
 * (policy.c), with the options that make sense for it.
 */
static int
solve_policy_exec(struct solve *sv, const char *spec, const char *objective,
		  const char *policy, const char *open_text, size_t max_bytes,
		  int distribution)
{
	struct solve_policy p = {
		.rules = &sv->rules,
		.exact = sv->exact,
		.json = sv->json,
		.distribution = distribution,
		.max_bytes = max_bytes,
	};
	int rc;

	if (objective != NULL || sv->table || sv->opener)
		return util_error("solve: --%s does not go with --policy or "
				  "--distribution",
				  objective   ? "objective"
				  : sv->table ? "table"
					      : "opener");
	if ((rc = policy_strategy(policy ? policy : "optimal", &p.strategy)))
		return rc;
	if (util_rules(spec, &sv->rules) < 0)
		return CMD_EXIT_USAGE;
	p.open = shut_rules_start(&sv->rules);
	if (open_text != NULL &&
	    (rc = util_open(&sv->rules, open_text, 1, &p.open)))
		return rc;
	return policy_solve(&p);
}

static int
solve_exec(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "rules", required_argument, NULL, 'r' },
		{ "objective", required_argument, NULL, 'O' },
		{ "open", required_argument, NULL, 'o' },
		{ "opener", no_argument, NULL, 'p' },
		{ "exact", no_argument, NULL, 'x' },
		{ "json", no_argument, NULL, 'j' },
		{ "table", no_argument, NULL, 't' },
		{ "memory", required_argument, NULL, 'm' },
		{ "policy", required_argument, NULL, 'P' },
		{ "distribution", no_argument, NULL, 'D' },
		{ "players", required_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *spec = "classic", *objective = NULL, *open_text = NULL,
		   *policy = NULL;
	struct solve sv;
	struct shut_position pos = { 0, 0, 1 };
	char buf[SOLVE_EXACT_LEN];
	size_t max_bytes = 0;
	unsigned flags;
	int help = 0, distribution = 0, players = 0, rc, c;

	memset(&sv, 0, sizeof(sv));
	opterr = 0;
	while ((c = getopt_long(argc, argv, UTIL_GETOPT("h"), longopts,
				NULL)) != -1) {
		switch (c) {
		case 'r':
			spec = optarg;
			break;
		case 'O':
			objective = optarg;
			break;
		case 'o':
			open_text = optarg;
			break;
		case 'p':
			sv.opener = 1;
			break;
		case 'x':
			sv.exact = 1;
			break;
		case 'j':
			sv.json = 1;
			break;
		case 't':
			sv.table = 1;
			break;
		case 'm':
			if ((rc = solve_memory(optarg, &max_bytes)))
				return rc;
			break;
		case 'P':
			policy = optarg;
			break;
		case 'D':
			distribution = 1;
			break;
		case 'n':
			if ((rc = solve_players(optarg, &players)))
				return rc;
			break;
		case 'h':
			help = 1;
			break;
		default:
			return util_option_error(&cmd_solve_entry, longopts,
						 argv, c);
		}
	}
	if (help)
		return util_help(&cmd_solve_entry, argc, argv);
	if (optind < argc)
		return util_error("solve: unexpected argument '%s'",
				  util_shown(argv[optind]));
	if (players > 0 && (objective || open_text || sv.opener || sv.exact ||
			    sv.table || policy || distribution))
		return util_error("solve: --players takes --rules, --json and "
				  "--memory only");
	if (policy != NULL || distribution)
		return solve_policy_exec(&sv, spec, objective, policy,
					 open_text, max_bytes, distribution);
	if ((rc = solve_objective(objective ? objective : "expected", &sv.obj)))
		return rc;
	if (util_rules(spec, &sv.rules) < 0)
		return CMD_EXIT_USAGE;
	if (players > 0)
		return solve_win(&sv.rules, players, sv.json, max_bytes);
	sv.battle = sv.rules.mode == SHUT_MODE_BATTLE;
	if (sv.opener && !sv.battle)
		return util_error("solve: --opener is for a battle "
				  "(mode=battle)");
	pos.open = shut_rules_start(&sv.rules);
	if (open_text != NULL &&
	    (rc = util_open(&sv.rules, open_text, 1, &pos.open)))
		return rc;
	pos.opener = sv.opener;
	/* The table from a board: the boards under it, as they are solved. */
	if (sv.battle && sv.table && open_text != NULL)
		return util_error("solve: the table of a battle is whole: "
				  "--open does not go with --table");
	sv.below = sv.battle ? shut_rules_start(&sv.rules) : pos.open;
	if (sv.battle && (rc = solve_battle_check("solve", &sv.rules, objective,
						  pos.open, sv.opener)))
		return rc;
	/*
	 * One position: only the positions below it are solved; and the
	 * value alone when nothing else is printed.
	 */
	flags = sv.exact ? SHUT_SOLVER_EXACT : SHUT_SOLVER_VALUE;
	if (sv.json || sv.table)
		flags &= ~(unsigned)SHUT_SOLVER_VALUE;
	rc = solve_new(&sv.s, &sv.rules, &sv.obj, flags, max_bytes,
		       sv.battle && sv.table ? 0 : pos.open);
	if (rc)
		return rc;

	if (sv.json) {
		rc = solve_print_json(&sv, &pos);
	} else if (sv.table) {
		solve_print_table(&sv);
	} else {
		solve_text(&sv, &pos, buf, sizeof(buf));
		puts(buf);
	}
	shut_solver_free(sv.s);
	/* A failed write of the text is found by the caller's check. */
	return rc;
}

const struct cmd_entry cmd_solve_entry = {
	.name = "solve",
	.usage = "[--rules SPEC] [--objective expected|shut|beat:T[:W]] "
		 "[--open LIST] [--opener] [--exact] [--json] [--table] "
		 "[--memory MIB] [--policy NAME] [--distribution] "
		 "[--players N]",
	.help = "the value of a turn under perfect play, or a strategy's",
	.options =
	    "  --rules SPEC       the rule set (default: classic)\n"
	    "  --objective OBJ    expected: the lowest expected score "
	    "(default);\n"
	    "                     shut: the best chance of shutting the box;\n"
	    "                     beat:T: the best chance of scoring less "
	    "than T;\n"
	    "                     beat:T:W: the same, a score of T counting "
	    "W (0 to 1)\n"
	    "  --open LIST        the open tiles, as 1,2,7-9 (default: the "
	    "start set)\n"
	    "  --opener           battle: the Opener is to throw (default: "
	    "the Shutter)\n"
	    "  --exact            exact rationals p/q (boards of up to 12 "
	    "tiles)\n"
	    "  --json             one JSON object: rules, objective, open, "
	    "value, ...\n"
	    "  --table            every state: its open tiles and its value\n"
	    "  --memory MIB       the largest table to build (default: "
	    "1024)\n"
	    "  --policy NAME      the exact worth of a strategy instead: its "
	    "chance to\n"
	    "                     shut and its expected score (optimal, "
	    "shut, random,\n"
	    "                     highest, fewest, most, lowest, thai-wiki)\n"
	    "  --distribution     the exact distribution of the turn's score "
	    "under the\n"
	    "                     policy (default: optimal), as a histogram\n"
	    "  --players N        each seat's chance of winning the game "
	    "(a round,\n"
	    "                     until-shut, a match of two, a small match "
	    "of more) when\n"
	    "                     all play to win; with a stake, its money "
	    "per game\n"
	    "\n"
	    "Prints the value alone: the expected score, or a probability.  "
	    "For a battle\n"
	    "(mode=battle) it is the Shutter's chance of winning when both "
	    "sides play\n"
	    "their best, to a tolerance of 1e-12; --table then prints it "
	    "with the Shutter\n"
	    "to throw and with the Opener to throw.  See docs/solver.md.\n"
	    "\n"
	    "With --policy or --distribution it prints the chance to shut "
	    "and the\n"
	    "expected score of a turn played that way, random averaged over "
	    "its choices;\n"
	    "with --distribution, then each score's probability.  See "
	    "docs/strategies.md.\n",
	.exec = solve_exec,
};
