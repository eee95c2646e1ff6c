/*
 * moves.c - "shutbox moves": the legal moves of one throw.
 *
 * The moves are collected from shut_moves_each() into an array that grows
 * as needed and sorted into the library's canonical order: a board of 32
 * tiles under eight dice of a hundred faces has tens of millions of moves,
 * and every one is printed.  Nothing is capped.
 */
#define _DEFAULT_SOURCE
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "cmd.h"
#include "front.h"
#include "util.h"

/* The moves found so far, in a growing array. */
struct moves_list {
	uint32_t *move;
	size_t n, cap;
	int nomem;
};

/* The callback of shut_moves_each(): appends a move, growing the array. */
static int
moves_add(void *ctx, uint32_t move)
{
	struct moves_list *l = ctx;

	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 256;
		uint32_t *p = realloc(l->move, cap * sizeof(*p));

		if (p == NULL) {
			l->nomem = 1;
			return 1;
		}
		l->move = p;
		l->cap = cap;
	}
	l->move[l->n++] = move;
	return 0;
}

/*
 * Prints the moves one per line, as "1+2+7".  This printer and the next
 * stop at the first write that fails, and leave it to the caller's check
 * of standard output to say why: tens of millions of moves are not all
 * written to a full disk.
 */
static void
moves_print_text(const struct moves_list *l)
{
	char buf[UTIL_MOVE_LEN];
	size_t i;

	for (i = 0; i < l->n; i++) {
		util_move_format(l->move[i], buf, sizeof(buf));
		if (puts(buf) == EOF)
			return;
	}
}

/*
 * Prints the moves as one JSON array of arrays of tile numbers, written
 * as it goes: numbers need no encoder, and a huge list is never a huge
 * tree in memory.
 */
static void
moves_print_json(const struct moves_list *l)
{
	size_t i;
	int t, n;

	putchar('[');
	for (i = 0; i < l->n; i++) {
		if (fputs(i > 0 ? ",[" : "[", stdout) == EOF)
			return;
		for (t = 1, n = 0; t <= SHUT_TILES_MAX; t++)
			if (l->move[i] & SHUT_TILE(t))
				printf(n++ ? ",%d" : "%d", t);
		putchar(']');
	}
	puts("]");
}

/* Runs "shutbox moves". */
static int
moves_exec(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "rules", required_argument, NULL, 'r' },
		{ "open", required_argument, NULL, 'o' },
		{ "throw", required_argument, NULL, 't' },
		{ "first", no_argument, NULL, 'f' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *spec = "classic", *open_text = NULL, *throw_text = NULL;
	struct moves_list l = { NULL, 0, 0, 0 };
	struct shut_rules rules;
	struct shut_throw t;
	uint32_t open;
	int first = 0, json = 0, help = 0, rc, c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, UTIL_GETOPT("h"), longopts,
				NULL)) != -1) {
		switch (c) {
		case 'r':
			spec = optarg;
			break;
		case 'o':
			open_text = optarg;
			break;
		case 't':
			throw_text = optarg;
			break;
		case 'f':
			first = 1;
			break;
		case 'j':
			json = 1;
			break;
		case 'h':
			help = 1;
			break;
		default:
			return util_option_error(&cmd_moves_entry, longopts,
						 argv, c);
		}
	}
	if (help)
		return util_help(&cmd_moves_entry, argc, argv);
	if (optind < argc)
		return util_error("moves: unexpected argument '%s'",
				  util_shown(argv[optind]));
	if (throw_text == NULL)
		return util_error("moves: --throw is missing "
				  "(see shutbox moves --help)");

	if (util_rules(spec, &rules) < 0)
		return CMD_EXIT_USAGE;
	open = shut_rules_start(&rules);
	if (open_text != NULL && (rc = util_open(&rules, open_text, 0, &open)))
		return rc;
	if ((rc = util_throw_arg(&rules, open, open, throw_text, &t)))
		return rc;

	/*
	 * A throw with the start set open is the turn's first, as for hint:
	 * tiles are only shut, so it is no other (in a battle, the Shutter's,
	 * whose moves these are: a full box later means the Opener has won).
	 */
	if (open == shut_rules_start(&rules))
		first = 1;
	shut_moves_each(&rules, open, &t, first, moves_add, &l);
	if (l.nomem) {
		free(l.move);
		util_error("moves: out of memory after %zu moves", l.n);
		return CMD_EXIT_FAIL;
	}
	util_moves_sort(l.move, l.n);
	if (json)
		moves_print_json(&l);
	else
		moves_print_text(&l);
	/* None: why, in the game's words, where a person reads it. */
	if (l.n == 0 && !json) {
		char why[256];
		struct front_text ft;

		front_text_init(&ft, why, sizeof(why));
		front_no_move(&ft, &rules, 0, first, (int)shut_throw_total(&t));
		fprintf(stderr, "shutbox: no move: %s\n", why);
	}
	free(l.move);
	return CMD_EXIT_OK;
}

const struct cmd_entry cmd_moves_entry = {
	.name = "moves",
	.usage = "[--rules SPEC] [--open LIST] --throw F1,F2[,...] [--first] "
		 "[--json]",
	.help = "list the legal moves of a throw",
	.options =
	    "  --rules SPEC    the rule set, a preset and key=value items "
	    "(default: classic)\n"
	    "  --open LIST     the open tiles, as 1,2,7-9 (default: the "
	    "start set)\n"
	    "  --throw F1,F2   the faces of the dice thrown, as many as "
	    "were thrown\n"
	    "  --first         the throw is the turn's first (first-throw "
	    "applies), as is\n"
	    "                  one with the start set open\n"
	    "  --json          print a JSON array of arrays of tiles\n"
	    "\n"
	    "Prints one move per line, its tiles joined by '+', fewest "
	    "tiles first;\n"
	    "nothing when the throw allows no move (standard error says "
	    "why).\n",
	.exec = moves_exec,
};
