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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* A size in MiB, rounded up, for messages. */
static unsigned long long
solve_mib(size_t bytes)
{
	return ((unsigned long long)bytes + (1u << 20) - 1) >> 20;
}

/* Explains why the solver found the rule set too big, and returns 2. */
static int
solve_too_big(const struct shut_rules *rules, const struct shut_objective *obj,
	      unsigned flags, size_t max_bytes)
{
	struct shut_solver_options opt = { flags, 0, SIZE_MAX };
	int n = shut_tiles_count(shut_rules_start(rules));
	size_t need;

	if ((flags & SHUT_SOLVER_EXACT) && n > SHUT_SOLVER_EXACT_TILES_MAX)
		return util_error("--exact works on boards of up to %d tiles "
				  "(this one has %d)",
				  SHUT_SOLVER_EXACT_TILES_MAX, n);
	if (n > SHUT_SOLVER_TILES_MAX)
		return util_error("boards of more than %d tiles are too big "
				  "to solve (this one has %d)",
				  SHUT_SOLVER_TILES_MAX, n);
	if (shut_solver_size(rules, obj, &opt, &need) < 0) {
		if (rules->mode == SHUT_MODE_BATTLE)
			return util_error("a battle on %d tiles is too big to "
					  "solve",
					  n);
		return util_error("the dice have too many different throws "
				  "to solve (the rule reads the faces)");
	}
	return util_error(
	    "the table of this board needs %llu MiB, more than "
	    "the limit of %llu MiB",
	    solve_mib(need),
	    solve_mib(max_bytes ? max_bytes : SHUT_SOLVER_BYTES_DEFAULT));
}

int
solve_new(struct shut_solver **sp, const struct shut_rules *rules,
	  const struct shut_objective *obj, unsigned flags, size_t max_bytes)
{
	struct shut_solver_options opt = { flags, 0, max_bytes };
	int rc = shut_solver_new(sp, rules, obj, &opt);

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

/* Every state, one per line: open tiles, then the value. */
static void
solve_print_table(const struct solve *sv)
{
	uint32_t start = shut_rules_start(&sv->rules), open = 0;
	char tiles[UTIL_MOVE_LEN], a[SOLVE_EXACT_LEN], b[SOLVE_EXACT_LEN];

	/* In increasing order of the squeezed index: the shut box first. */
	for (;;) {
		struct shut_position pos = { open, 0, 1 };

		util_tiles_format(open, tiles, sizeof(tiles));
		solve_text(sv, &pos, a, sizeof(a));
		if (sv->battle) {
			pos.opener = 1;
			solve_text(sv, &pos, b, sizeof(b));
			printf("%s %s %s\n", tiles, a, b);
		} else {
			printf("%s %s\n", tiles, a);
		}
		if (open == start)
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
 * The table of every position, streamed row by row after the rest of the
 * object, so that its memory is the solver's table alone however many
 * positions there are (2^20 rows for twenty tiles).
 */
static int
solve_json_table(const struct solve *sv, json_t *o)
{
	uint32_t start = shut_rules_start(&sv->rules), open = 0;
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
	if (rc != 0)
		return util_fail("cannot write the output: %s",
				 ferror(stdout) ? strerror(errno)
						: "out of memory");
	return CMD_EXIT_OK;
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
		rc = util_json_print(o);
	json_decref(o);
	return rc;
}

/* Reads --memory: a whole number of MiB. */
static int
solve_memory(const char *text, size_t *bytes)
{
	char *end;
	unsigned long long mib;

	errno = 0;
	mib = strtoull(text, &end, 10);

	if (*text < '0' || *text > '9' || *end != '\0' || mib == 0)
		return util_error("bad --memory: %s: a whole number of MiB",
				  util_shown(text));
	if (errno == ERANGE || mib > (unsigned long long)(SIZE_MAX >> 20))
		return util_error(
		    "bad --memory: %s: more than this machine can "
		    "address (at most %llu MiB)",
		    util_shown(text), (unsigned long long)(SIZE_MAX >> 20));
	*bytes = (size_t)mib << 20;
	return CMD_EXIT_OK;
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
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *spec = "classic", *objective = "expected",
		   *open_text = NULL;
	struct solve sv;
	struct shut_position pos = { 0, 0, 1 };
	char buf[SOLVE_EXACT_LEN];
	size_t max_bytes = 0;
	int help = 0, rc, c;

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
				  argv[optind]);
	if ((rc = solve_objective(objective, &sv.obj)))
		return rc;
	if (util_rules(spec, &sv.rules) < 0)
		return CMD_EXIT_USAGE;
	sv.battle = sv.rules.mode == SHUT_MODE_BATTLE;
	if (sv.opener && !sv.battle)
		return util_error("solve: --opener is for a battle "
				  "(mode=battle)");
	pos.open = shut_rules_start(&sv.rules);
	if (open_text != NULL &&
	    (rc = util_open(&sv.rules, open_text, 1, &pos.open)))
		return rc;
	pos.opener = sv.opener;
	if (sv.battle &&
	    (pos.open == 0 ||
	     (sv.opener && pos.open == shut_rules_start(&sv.rules))))
		return util_error("solve: the battle is over with those tiles "
				  "open");
	rc = solve_new(&sv.s, &sv.rules, &sv.obj,
		       sv.exact ? SHUT_SOLVER_EXACT : 0, max_bytes);
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
	.usage = "[--rules SPEC] [--objective expected|shut|beat:T] "
		 "[--open LIST] [--opener] [--exact] [--json] [--table] "
		 "[--memory MIB]",
	.help = "the value of a turn under perfect play",
	.options =
	    "  --rules SPEC       the rule set (default: classic)\n"
	    "  --objective OBJ    expected: the lowest expected score "
	    "(default);\n"
	    "                     shut: the best chance of shutting the box;\n"
	    "                     beat:T: the best chance of scoring less "
	    "than T\n"
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
	    "\n"
	    "Prints the value alone: the expected score, or a probability.  "
	    "For a battle\n"
	    "(mode=battle) it is the Shutter's chance of winning when both "
	    "sides play\n"
	    "their best, to a tolerance of 1e-12; --table then prints it "
	    "with the Shutter\n"
	    "to throw and with the Opener to throw.  See docs/solver.md.\n",
	.exec = solve_exec,
};
