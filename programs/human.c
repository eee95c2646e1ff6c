/*
 * human.c - a person at the keyboard: the dice count, the move and, with
 * --dice manual, the faces of real dice, all typed on standard input.
 *
 * Every question is one prompt on one line.  An answer that is not
 * understood, or a move the rules do not allow, gets one line saying why
 * (and, for a move, the list of legal ones) and the question again; "?"
 * gives help, "q" gives up the game.  When the input is not a terminal,
 * each line read is printed after its prompt, so that a scripted game reads
 * like one played by hand.
 *
 * Left out on purpose: line editing and history.  The terminal's own line
 * discipline is enough for answers of a few characters.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "human.h"
#include "util.h"

/* The width at which lists of moves wrap. */
#define HUMAN_WIDTH 72

/* How many legal moves a list shows before it says how many are left. */
#define HUMAN_LIST_MAX 60

/* Reads from in, echoing each line when in is not a terminal. */
void
human_input_init(struct human_input *hi, FILE *in)
{
	memset(hi, 0, sizeof(*hi));
	hi->in = in;
	hi->echo = !isatty(fileno(in));
}

/* Frees the line buffer; the stream is the caller's. */
void
human_input_release(struct human_input *hi)
{
	free(hi->line);
	hi->line = NULL;
	hi->cap = 0;
}

/*
 * Prints the prompt and reads one line into hi->line, without its line end
 * and surrounding blanks.  At the end of input it finishes the prompt's
 * line and returns SHUT_EINPUT; "q" or "quit" sets hi->quit and does the
 * same.
 */
static int
human_read(struct human_input *hi, const char *prompt)
{
	ssize_t len;
	char *s;

	fputs(prompt, stdout);
	fflush(stdout);
	len = getline(&hi->line, &hi->cap, hi->in);
	if (len < 0) {
		putchar('\n');
		return SHUT_EINPUT;
	}
	while (len > 0 && strchr(" \t\r\n", hi->line[len - 1]) != NULL)
		hi->line[--len] = '\0';
	s = hi->line + strspn(hi->line, " \t");
	memmove(hi->line, s, strlen(s) + 1);
	if (hi->echo)
		printf("%s\n", hi->line);
	if (strcmp(hi->line, "q") == 0 || strcmp(hi->line, "quit") == 0) {
		hi->quit = 1;
		return SHUT_EINPUT;
	}
	return 0;
}

/*
 * Lists the legal moves, wrapped at HUMAN_WIDTH, at most HUMAN_LIST_MAX of
 * them and then how many more there are.
 */
void
human_list_moves(const uint32_t *moves, long n, const char *indent)
{
	char buf[UTIL_MOVE_LEN];
	size_t col;
	long i, shown = n > HUMAN_LIST_MAX ? HUMAN_LIST_MAX : n;

	col = (size_t)printf("%slegal moves:", indent);
	for (i = 0; i < shown; i++) {
		size_t len;

		util_move_format(moves[i], buf, sizeof(buf));
		len = strlen(buf) + 2;
		if (col + len > HUMAN_WIDTH) {
			printf("%s\n%s ", i > 0 ? "," : "", indent);
			col = strlen(indent) + 1;
		} else if (i > 0) {
			putchar(',');
			col++;
		}
		printf(" %s", buf);
		col += len - 1;
	}
	if (n >= SHUT_STEP_MOVES_MAX)
		printf(", and more");
	else if (shown < n)
		printf(", and %ld more", n - shown);
	putchar('\n');
}

/* ---------------------------------------------------------------------
 * Why a move is not legal
 */

/* Writes the tiles of a mask as "3", "3 and 5" or "3, 5 and 7". */
static void
human_and_list(uint32_t tiles, char *buf, size_t len)
{
	size_t used = 0;
	int t, left = shut_tiles_count(tiles);

	buf[0] = '\0';
	for (t = 1; t <= SHUT_TILES_MAX && used < len; t++) {
		int n;

		if (!(tiles & SHUT_TILE(t)))
			continue;
		left--;
		n = snprintf(buf + used, len - used, "%d%s", t,
			     left > 1	 ? ", "
			     : left == 1 ? " and "
					 : "");
		if (n < 0)
			break;
		used += (size_t)n;
	}
}

/*
 * Explains why the move rule does not allow move for throw t, in the words
 * of the rule: what the tiles must add up to, or which tiles the faces
 * allow.
 */
static void
human_explain_rule(const struct shut_game *g, uint32_t move, const char *verb,
		   char *why, size_t len)
{
	const struct shut_rules *r = &g->rules;
	const struct shut_throw *t = &g->last_throw;
	int total = shut_throw_total(t);
	int count = shut_tiles_count(move);
	char text[UTIL_MOVE_LEN], sum[64], either[64];
	const char *sep;
	int i, j, distinct = 1;

	/* The faces as "3+5" and as "3 or 5", and whether they differ. */
	sum[0] = '\0';
	either[0] = '\0';
	for (i = 0; i < t->n; i++) {
		for (j = 0; j < i; j++)
			if (t->face[j] == t->face[i])
				distinct = 0;
		snprintf(text, sizeof(text), "%s%d", i ? "+" : "", t->face[i]);
		strncat(sum, text, sizeof(sum) - strlen(sum) - 1);
		sep = i == 0 ? "" : i == t->n - 1 ? " or " : ", ";
		snprintf(text, sizeof(text), "%s%d", sep, t->face[i]);
		strncat(either, text, sizeof(either) - strlen(either) - 1);
	}
	util_move_format(move, text, sizeof(text));
	if (r->move == SHUT_MOVE_UP_TO && count > r->move_max) {
		snprintf(why, len, "%s at most %d %s at a time", verb,
			 r->move_max, r->move_max == 1 ? "tile" : "tiles");
		return;
	}
	switch (r->move) {
	case SHUT_MOVE_ANY:
	case SHUT_MOVE_UP_TO:
		if (shut_tiles_sum(move) != total) {
			snprintf(why, len, "%s does not add up to %d", text,
				 total);
			return;
		}
		break;
	case SHUT_MOVE_DICE_OR_SUM:
		if (t->n == 1)
			snprintf(why, len, "with one die, %s only the tile %d",
				 verb, total);
		else if (distinct)
			snprintf(why, len,
				 "%s the total, %d, or one tile per die, %s",
				 verb, total, sum);
		else
			snprintf(why, len,
				 "%s the total, %d (one tile per die needs "
				 "different faces)",
				 verb, total);
		return;
	case SHUT_MOVE_ONE_TILE:
		if (count > 1) {
			snprintf(why, len, "%s one tile only", verb);
			return;
		}
		snprintf(why, len,
			 "%s is neither a die (%s) nor the total (%d)", text,
			 either, total);
		return;
	}
	snprintf(why, len, "%s is not a legal move", text);
}

/* Explains in one line why the rules do not allow move now. */
static void
human_explain(const struct shut_game *g, uint32_t move, char *why, size_t len)
{
	const struct shut_rules *r = &g->rules;
	uint32_t board = shut_game_board(g);
	int opener = r->mode == SHUT_MODE_BATTLE && g->turn == 1;
	const char *verb = opener ? "open" : "shut";
	char text[UTIL_MOVE_LEN];

	if (move & ~board) {
		uint32_t gone = move & ~board;

		human_and_list(gone, text, sizeof(text));
		snprintf(why, len, "%s %s already %s", text,
			 shut_tiles_count(gone) == 1 ? "is" : "are",
			 opener ? "open" : "shut");
		return;
	}
	if (!shut_move_legal(r, board, &g->last_throw, 0, move)) {
		human_explain_rule(g, move, verb, why, len);
		return;
	}
	if (g->first && r->first_throw && !(move & SHUT_TILE(r->first_throw))) {
		snprintf(why, len, "the first throw must %s %d", verb,
			 r->first_throw);
		return;
	}
	util_move_format(move, text, sizeof(text));
	snprintf(why, len, "%s is not a legal move", text);
}

/* ---------------------------------------------------------------------
 * The strategy of a person, and dice thrown by hand
 */

/*
 * Answers "h" (or "hint") with the hint callback's ranking, and says so
 * when there is none.  Returns 1 when the line was a request for a hint.
 */
static int
human_hint(struct human_input *hi, const struct shut_game *g)
{
	if (strcmp(hi->line, "h") != 0 && strcmp(hi->line, "hint") != 0)
		return 0;
	if (hi->hint == NULL)
		printf("  no hints in this game\n");
	else
		hi->hint(hi->hint_ctx, g);
	return 1;
}

/*
 * Asks how many dice to throw.  An empty line takes the default, the most
 * dice allowed (all of them, where fewer is a choice and not a rule).
 */
static int
human_dice(void *ctx, const struct shut_game *g, unsigned choices)
{
	struct human_input *hi = ctx;
	char counts[64], prompt[128];
	int d, most = 0, rc;

	for (d = 1; d <= SHUT_DICE_MAX; d++)
		if (choices & (1u << d))
			most = d;
	util_counts_format(choices, counts, sizeof(counts));
	snprintf(prompt, sizeof(prompt), "  Throw %s dice? [%d] ", counts,
		 most);
	for (;;) {
		char *end;
		long v;

		if ((rc = human_read(hi, prompt)) < 0)
			return rc;
		if (hi->line[0] == '\0')
			return most;
		if (human_hint(hi, g))
			continue;
		v = strtol(hi->line, &end, 10);
		if (*end == '\0' && end != hi->line && v >= 1 &&
		    v <= SHUT_DICE_MAX && (choices & (1u << v)))
			return (int)v;
		if (strcmp(hi->line, "?") != 0)
			printf("  '%s' is not a choice here; ", hi->line);
		else
			printf("  ");
		printf("type %s, or just Enter for %d\n", counts, most);
	}
}

/*
 * Asks for a move until the answer is a legal one, and returns its index
 * in moves[].  "?" lists the legal moves; an illegal move is explained and
 * the legal moves listed.
 */
static int
human_move(void *ctx, const struct shut_game *g, const uint32_t *moves, long n)
{
	struct human_input *hi = ctx;
	int opener = g->rules.mode == SHUT_MODE_BATTLE && g->turn == 1;
	const char *verb = opener ? "open" : "shut";
	char prompt[16], why[400];
	uint32_t move;
	long i;
	int rc;

	snprintf(prompt, sizeof(prompt), "  %s?  ", verb);
	for (;;) {
		if ((rc = human_read(hi, prompt)) < 0)
			return rc;
		if (hi->line[0] == '\0' || strcmp(hi->line, "?") == 0) {
			if (hi->line[0] == '\0')
				printf("  type the tiles to %s, like 3+5; "
				       "q quits\n",
				       verb);
			human_list_moves(moves, n, "  ");
			continue;
		}
		if (human_hint(hi, g))
			continue;
		if (util_parse_move(&g->rules, hi->line, &move, why,
				    sizeof(why)) < 0) {
			printf("  %s\n", why);
			continue;
		}
		for (i = 0; i < n; i++)
			if (moves[i] == move)
				return (int)i;
		if (n >= SHUT_STEP_MOVES_MAX &&
		    shut_move_legal(&g->rules, shut_game_board(g),
				    &g->last_throw, g->first, move)) {
			printf("  that move is legal, but only the first %d "
			       "can be chosen here\n",
			       SHUT_STEP_MOVES_MAX);
		} else {
			human_explain(g, move, why, sizeof(why));
			printf("  %s\n", why);
		}
		human_list_moves(moves, n, "  ");
	}
}

const struct shut_strategy human_strategy = {
	.name = "person",
	.help = "a person typing the choices",
	.dice = human_dice,
	.move = human_move,
};

/*
 * Asks for the faces of n dice thrown by hand until a line gives exactly n
 * faces between 1 and faces.
 */
int
human_roll(void *ctx, int n, int faces, struct shut_throw *t)
{
	struct human_input *hi = ctx;
	char prompt[64], why[128];
	int rc;

	snprintf(prompt, sizeof(prompt), "  Throw %d %s: ", n,
		 n == 1 ? "die" : "dice");
	for (;;) {
		if ((rc = human_read(hi, prompt)) < 0)
			return rc;
		if (hi->line[0] == '\0' || strcmp(hi->line, "?") == 0) {
			printf("  type the %s of the %s thrown, like %s\n",
			       n == 1 ? "face" : "faces",
			       n == 1 ? "die" : "dice",
			       n == 1	? "5"
			       : n == 2 ? "3 5"
					: "3 5 1");
			continue;
		}
		if (util_parse_throw(hi->line, faces, 1, t, why, sizeof(why)) <
		    0) {
			printf("  %s\n", why);
			continue;
		}
		if (t->n != n) {
			printf("  that is %d %s; type %d\n", t->n,
			       t->n == 1 ? "die" : "dice", n);
			continue;
		}
		return 0;
	}
}
