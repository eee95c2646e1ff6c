/*
 * policy.c - "shutbox solve --policy NAME" and "--distribution": what a
 * way of playing is worth.
 *
 * A thin reader of the library's evaluator (shut_policy.h): it evaluates
 * the named strategy under the rule set and prints its chance of shutting
 * the box and its expected score from one board (the start set, or
 * --open), or the distribution of the turn's score as a histogram.
 * Numbers have 12 significant digits as elsewhere in solve; --exact
 * prints the rationals, --json one object.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "cmd.h"
#include "solve.h"
#include "util.h"

/* The widest bar of the histogram, in characters. */
#define POLICY_BAR 50

/* Boards of up to this many tiles are evaluated in well under a second. */
#define POLICY_QUIET_TILES 16

/* The strategy of that name: the solver's two, or one of the table. */
const struct shut_strategy *
policy_find(const char *name)
{
	if (strcmp(name, shut_solver_optimal.name) == 0)
		return &shut_solver_optimal;
	if (strcmp(name, shut_solver_shut.name) == 0)
		return &shut_solver_shut;
	return shut_strategy_find(name);
}

int
policy_is_computer(const char *name)
{
	return policy_find(name) != NULL ||
	       strcmp(name, shut_win_perfect.name) == 0;
}

/*
 * Every strategy's name, the solver's two and, with perfect, the player
 * to win, into names (at least POLICY_NAMES_MAX); returns how many.
 */
static size_t
policy_all(const char **names, int perfect)
{
	size_t n = 0;

	for (size_t i = 0;
	     i < shut_strategy_count() && n < POLICY_NAMES_MAX - 3; i++)
		names[n++] = shut_strategy_at(i)->name;
	names[n++] = shut_solver_optimal.name;
	names[n++] = shut_solver_shut.name;
	if (perfect)
		names[n++] = shut_win_perfect.name;
	return n;
}

void
policy_names(char *buf, size_t len, int perfect)
{
	const char *names[POLICY_NAMES_MAX];
	size_t n = policy_all(names, perfect), used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n && used < len; i++) {
		int k = snprintf(buf + used, len - used, "%s%s", i ? ", " : "",
				 names[i]);

		used += k > 0 ? (size_t)k : 0;
	}
}

int
policy_unknown(const char *opt, const char *prefix, const char *name,
	       int perfect)
{
	const char *names[POLICY_NAMES_MAX];
	const char *near =
	    shut_name_nearest(name, names, policy_all(names, perfect));
	char list[512];

	if (near != NULL)
		return util_error("bad %s: %s%s: no such strategy (did you "
				  "mean %s%s?)",
				  opt, prefix, util_shown(name), prefix, near);
	policy_names(list, sizeof(list), perfect);
	return util_error("bad %s: %s%s: no such strategy (there are %s)", opt,
			  prefix, util_shown(name), list);
}

/*
 * An exact value as text, allocated (NULL when memory ran out): "p/q", a
 * whole number written as one but in JSON.
 */
static char *
policy_exact(const struct solve_policy *p, const struct shut_eval *e,
	     uint32_t open, int what, long dist)
{
	int n = dist >= 0
		    ? shut_eval_distribution_exact(e, (size_t)dist, NULL, 0)
		    : shut_eval_exact(e, open, what, NULL, 0);
	char *buf;
	size_t len;

	if (n < 0 || (buf = malloc((size_t)n + 1)) == NULL)
		return NULL;
	if (dist >= 0)
		shut_eval_distribution_exact(e, (size_t)dist, buf,
					     (size_t)n + 1);
	else
		shut_eval_exact(e, open, what, buf, (size_t)n + 1);
	len = strlen(buf);
	if (!p->json && len > 2 && strcmp(buf + len - 2, "/1") == 0)
		buf[len - 2] = '\0';
	return buf;
}

/* Explains an evaluator that could not be made, and returns the status. */
static int
policy_refused(const struct solve_policy *p, int rc)
{
	int n = shut_tiles_count(shut_rules_start(p->rules));

	switch (rc) {
	case SHUT_ETOOBIG:
		if (p->exact && n > SHUT_SOLVER_EXACT_TILES_MAX)
			return util_error("--exact works on boards of up to "
					  "%d tiles (this one has %d)",
					  SHUT_SOLVER_EXACT_TILES_MAX, n);
		return util_error("the evaluation of this board (%d tiles) "
				  "needs more memory than the limit",
				  n);
	case SHUT_ENOMEM:
		return util_fail("out of memory");
	default:
		return util_error("cannot evaluate: %s", shut_strerror(rc));
	}
}

/* ---------------------------------------------------------------------
 * Text
 */

/* The two lines "shut P" and "expected E", as numbers or fractions. */
static int
policy_print_values(const struct solve_policy *p, const struct shut_eval *e)
{
	struct shut_value v;
	char a[64], b[64];
	char *x = NULL, *y = NULL;
	int rc = CMD_EXIT_OK;

	shut_eval_value(e, p->open, &v);
	if (!p->exact) {
		solve_number(v.shut, a, sizeof(a));
		solve_number(v.expected, b, sizeof(b));
		printf("shut %s\nexpected %s\n", a, b);
		return CMD_EXIT_OK;
	}
	x = policy_exact(p, e, p->open, SHUT_EXACT_SHUT, -1);
	y = policy_exact(p, e, p->open, SHUT_EXACT_EXPECTED, -1);
	if (x == NULL || y == NULL)
		rc = util_fail("out of memory");
	else
		printf("shut %s\nexpected %s\n", x, y);
	free(x);
	free(y);
	return rc;
}

/* The width of the widest exact probability of the distribution. */
static int
policy_exact_width(const struct solve_policy *p, const struct shut_eval *e,
		   long n)
{
	int width = 0;

	for (long i = 0; i < n; i++) {
		char *x = policy_exact(p, e, 0, 0, i);
		int w = x ? (int)strlen(x) : 0;

		width = w > width ? w : width;
		free(x);
	}
	return width;
}

/*
 * One line per score: the score, its probability (and the exact one),
 * and a bar as long as the probability, the likeliest score's 50
 * characters; a score too unlikely for one character shows a dot.
 */
static int
policy_print_histogram(const struct solve_policy *p, const struct shut_eval *e,
		       const struct shut_score_prob *d, long n)
{
	double top = 0;
	char bar[POLICY_BAR + 1];
	int width = 5, xw = p->exact ? policy_exact_width(p, e, n) : 0;

	for (long i = 0; i < n; i++) {
		int w =
		    snprintf(NULL, 0, "%llu", (unsigned long long)d[i].score);

		top = d[i].prob > top ? d[i].prob : top;
		width = w > width ? w : width;
	}
	printf("%*s  probability\n", width, "score");
	for (long i = 0; i < n; i++) {
		int len = (int)(d[i].prob / top * POLICY_BAR + 0.5);
		char *x = NULL;

		memset(bar, '#', (size_t)len);
		bar[len] = '\0';
		if (len == 0)
			strcpy(bar, ".");
		if (p->exact && (x = policy_exact(p, e, 0, 0, i)) == NULL)
			return util_fail("out of memory");
		printf("%*llu  %.6f  %*s%s%s\n", width,
		       (unsigned long long)d[i].score, d[i].prob, xw,
		       x ? x : "", x ? "  " : "", bar);
		free(x);
	}
	return CMD_EXIT_OK;
}

/* ---------------------------------------------------------------------
 * JSON
 */

/* The values into the JSON object o, with the fractions when asked. */
static void
policy_json_values(const struct solve_policy *p, const struct shut_eval *e,
		   json_t *o, int *bad)
{
	struct shut_value v;

	shut_eval_value(e, p->open, &v);
	util_json_set(o, "shut", json_real(v.shut), bad);
	util_json_set(o, "expected", json_real(v.expected), bad);
	if (p->exact) {
		char *x = policy_exact(p, e, p->open, SHUT_EXACT_SHUT, -1);
		char *y = policy_exact(p, e, p->open, SHUT_EXACT_EXPECTED, -1);

		util_json_set(o, "exact_shut", x ? json_string(x) : NULL, bad);
		util_json_set(o, "exact_expected", y ? json_string(y) : NULL,
			      bad);
		free(x);
		free(y);
	}
}

/* The distribution as a JSON array of {score, probability, exact}. */
static json_t *
policy_json_distribution(const struct solve_policy *p,
			 const struct shut_eval *e,
			 const struct shut_score_prob *d, long n, int *bad)
{
	json_t *a = json_array();

	for (long i = 0; i < n; i++) {
		json_t *row = json_object();

		util_json_set(row, "score",
			      json_integer((json_int_t)d[i].score), bad);
		util_json_set(row, "probability", json_real(d[i].prob), bad);
		if (p->exact) {
			char *x = policy_exact(p, e, 0, 0, i);

			util_json_set(row, "exact", x ? json_string(x) : NULL,
				      bad);
			free(x);
		}
		util_json_append(a, row, bad);
	}
	return a;
}

/* Everything as one JSON object. */
static int
policy_print_json(const struct solve_policy *p, const struct shut_eval *e,
		  const struct shut_score_prob *d, long n)
{
	char spec[1024], tiles[UTIL_MOVE_LEN];
	json_t *o = json_object();
	int bad = 0, rc;

	if (o == NULL)
		return util_fail("out of memory");
	shut_rules_print(p->rules, spec, sizeof(spec));
	util_tiles_format(p->open, tiles, sizeof(tiles));
	util_json_set(o, "rules", json_string(spec), &bad);
	util_json_set(o, "policy", json_string(p->strategy->name), &bad);
	util_json_set(o, "open", json_string(tiles), &bad);
	policy_json_values(p, e, o, &bad);
	if (p->distribution)
		util_json_set(o, "distribution",
			      policy_json_distribution(p, e, d, n, &bad), &bad);
	rc = bad ? util_fail("out of memory") : util_json_print("solve", o);
	json_decref(o);
	return rc;
}

/* ---------------------------------------------------------------------
 * The command's part
 */

int
policy_strategy(const char *name, const struct shut_strategy **st)
{
	*st = policy_find(name);
	if (*st != NULL && (*st)->policy != NULL)
		return CMD_EXIT_OK;
	if (strcmp(name, shut_win_perfect.name) == 0)
		return util_error("bad --policy: perfect plays to win a whole "
				  "game, and a turn alone has nobody to beat: "
				  "use --players N (or --policy shut)");
	return policy_unknown("--policy", "", name, 0);
}

int
policy_solve(const struct solve_policy *p)
{
	struct shut_eval_options opt = {
		.flags = SHUT_EVAL_FROM | (p->exact ? SHUT_EVAL_EXACT : 0),
		.from = p->open,
		.max_bytes = p->max_bytes,
	};
	struct shut_score_prob *d = NULL;
	struct shut_eval *e;
	long n = 0;
	int rc;

	if (p->rules->mode == SHUT_MODE_BATTLE)
		return util_error("solve: --policy and --distribution are for "
				  "a turn, not a battle (mode=battle)");
	/* A big box takes seconds: a terminal is told why it waits. */
	if (shut_tiles_count(shut_rules_start(p->rules)) > POLICY_QUIET_TILES &&
	    isatty(STDERR_FILENO) && util_report_to == NULL)
		fprintf(stderr,
			"shutbox: working out %s on every board: this "
			"may take a while\n",
			p->strategy->name);
	rc = shut_eval_new(&e, p->rules, p->strategy, &opt);
	if (rc < 0)
		return policy_refused(p, rc);
	if (p->distribution) {
		n = shut_eval_distribution(e, NULL, 0);
		d = malloc((size_t)(n > 0 ? n : 1) * sizeof(*d));
		if (d == NULL) {
			shut_eval_free(e);
			return util_fail("out of memory");
		}
		shut_eval_distribution(e, d, (size_t)n);
	}
	if (p->json)
		rc = policy_print_json(p, e, d, n);
	else if ((rc = policy_print_values(p, e)) == 0 && p->distribution)
		rc = putchar('\n') == EOF ? util_output_error("solve")
					  : policy_print_histogram(p, e, d, n);
	free(d);
	shut_eval_free(e);
	return rc;
}
