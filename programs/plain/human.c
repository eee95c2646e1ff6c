/*
 * human.c - a person at the keyboard: the dice count, the move and, with
 * --dice manual, the faces of real dice, all typed on standard input.
 *
 * Every question is one prompt on one line that names whose turn it is.
 * An answer that is not understood, or a move the rules do not allow, gets
 * one line saying why, in the words of the front-end layer, and the
 * question again.  At any prompt "?" (or "help") gives help, "h" a hint, "t"
 * the standings, "u" takes back what may be taken back, and "q" asks whether
 * the player leaves or the game stops to be resumed.  When the input is
 * not a terminal, each line read is printed after its prompt, so that a
 * scripted game reads like one played by hand.
 *
 * Left out on purpose: line editing and history.  The terminal's own line
 * discipline is enough for answers of a few characters.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <unistd.h>

#include "front.h"
#include "plain/human.h"
#include "util.h"

/* The width at which lists of moves wrap. */
#define HUMAN_WIDTH 72

/* How many legal moves a list shows before it says how many are left. */
#define HUMAN_LIST_MAX 60

/*
 * The longest line read.  A longer one is skipped to its end, a buffer at
 * a time, and refused in one line: memory stays the same whatever comes.
 */
#define HUMAN_LINE_MAX 1024

/* What human_getline() returns for a line longer than HUMAN_LINE_MAX. */
#define HUMAN_TOO_LONG (-2)
/* ... and for one with a NUL byte, which the C strings would cut short. */
#define HUMAN_NOT_TEXT (-3)

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
 * The next byte of input, or EOF at its end or when a signal stopped the
 * game (hi->interrupted set).  On a descriptor the wait for input is
 * pselect() with the stopping signals unblocked only inside it, and the
 * flag checked with them blocked: a signal that arrives just before the
 * wait is seen, not slept through.
 */
static int
human_getc(struct human_input *hi)
{
	int fd = fileno(hi->in);
	sigset_t stops, old;
	fd_set in;
	ssize_t n;
	int rc;

	if (hi->pos < hi->end)
		return (unsigned char)hi->buf[hi->pos++];
	if (fd < 0)
		return getc(hi->in);
	sigemptyset(&stops);
	sigaddset(&stops, SIGINT);
	sigaddset(&stops, SIGTERM);
	sigaddset(&stops, SIGHUP);
	sigprocmask(SIG_BLOCK, &stops, &old);
	if (hi->stop != NULL && *hi->stop) {
		sigprocmask(SIG_SETMASK, &old, NULL);
		hi->interrupted = 1;
		return EOF;
	}
	FD_ZERO(&in);
	FD_SET(fd, &in);
	rc = pselect(fd + 1, &in, NULL, NULL, NULL, &old);
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (rc < 0 || (hi->stop != NULL && *hi->stop)) {
		if (errno == EINTR || (hi->stop != NULL && *hi->stop))
			hi->interrupted = 1;
		return EOF;
	}
	n = read(fd, hi->buf, sizeof(hi->buf));
	if (n <= 0) {
		if (n < 0 && errno == EINTR)
			hi->interrupted = 1;
		return EOF;
	}
	hi->pos = 1;
	hi->end = (size_t)n;
	return (unsigned char)hi->buf[0];
}

/*
 * Reads one line of at most HUMAN_LINE_MAX bytes into hi->line.  Returns
 * its length, HUMAN_TOO_LONG after skipping a longer one to its end (its
 * first bytes kept), HUMAN_NOT_TEXT for one with a NUL byte, or -1 at the
 * end of input (or when Ctrl-C interrupted the read).
 */
static long
human_getline(struct human_input *hi)
{
	size_t len = 0, skipped = 0, nul = 0;
	int c;

	if (hi->line == NULL) {
		hi->line = malloc(HUMAN_LINE_MAX + 1);
		if (hi->line == NULL)
			return -1;
		hi->cap = HUMAN_LINE_MAX + 1;
	}
	errno = 0;
	while ((c = human_getc(hi)) != EOF && c != '\n') {
		nul |= c == '\0';
		if (len < HUMAN_LINE_MAX)
			hi->line[len++] = (char)c;
		else
			skipped = 1;
	}
	hi->line[len] = '\0';
	if (c == EOF && (len == 0 || hi->interrupted))
		return -1;
	return skipped ? HUMAN_TOO_LONG : nul ? HUMAN_NOT_TEXT : (long)len;
}

/*
 * Prints the prompt and reads one line into hi->line, without its line end
 * and surrounding blanks; a line too long, or with a NUL byte, is refused
 * and the prompt asked again.  At the end of input it finishes the prompt's
 * line and returns SHUT_EINPUT.
 */
static int
human_read(struct human_input *hi, const char *prompt)
{
	long len;
	char *s;

	for (;;) {
		fputs(prompt, stdout);
		fflush(stdout);
		len = human_getline(hi);
		if (len != HUMAN_TOO_LONG && len != HUMAN_NOT_TEXT)
			break;
		if (hi->echo)
			printf("%s\n", util_shown(hi->line));
		if (len == HUMAN_NOT_TEXT)
			printf("  not text: a line with a NUL byte is "
			       "skipped\n");
		else
			printf("  too long: a line of more than %d bytes is "
			       "skipped\n",
			       HUMAN_LINE_MAX);
	}
	if (len < 0) {
		putchar('\n');
		return SHUT_EINPUT;
	}
	while (len > 0 && strchr(" \t\r\n", hi->line[len - 1]) != NULL)
		hi->line[--len] = '\0';
	s = hi->line + strspn(hi->line, " \t");
	memmove(hi->line, s, strlen(s) + 1);
	if (hi->echo) {
		util_print_escaped(stdout, hi->line);
		putchar('\n');
	}
	/* The word for ?, as hint and quit are for h and q. */
	if (strcmp(hi->line, "help") == 0)
		snprintf(hi->line, 2, "?");
	return 0;
}

int
human_ask(struct human_input *hi, const char *prompt)
{
	return human_read(hi, prompt);
}

/* Prints a line of the front-end layer's text after the indent. */
static void
human_say(const char *indent, const struct front_text *t)
{
	printf("%s%s\n", indent, t->buf);
}

/*
 * Asks whether the player to move leaves or the game stops, after a "q":
 * a person may leave; a computer, whose dice are typed, is not asked to.
 * Returns SHUT_EINPUT (stop, keep the game), HUMAN_LEAVE, or 0 to go on.
 */
static int
human_quit(struct human_input *hi)
{
	char prompt[256], leave[128] = "";
	int rc;

	if (hi->person)
		snprintf(leave, sizeof(leave), " l for %s to leave it,",
			 hi->who ? hi->who : "this player");
	snprintf(prompt, sizeof(prompt),
		 "  Quit: k to stop %s,%s Enter to play on: ",
		 hi->kept == NULL || hi->kept(hi->ctx)
		     ? "and keep the game for later"
		     : "here (this game has no history: it is not kept)",
		 leave);
	for (;;) {
		if ((rc = human_read(hi, prompt)) < 0)
			return rc;
		if (hi->line[0] == '\0')
			return 0;
		/* k as in the full-screen game; s and q as before. */
		if (strcmp(hi->line, "k") == 0 || strcmp(hi->line, "s") == 0 ||
		    strcmp(hi->line, "q") == 0) {
			hi->quit = 1;
			return SHUT_EINPUT;
		}
		if (strcmp(hi->line, "l") == 0 && hi->person)
			return HUMAN_LEAVE;
		printf("  type k,%s or just Enter\n", hi->person ? " l," : "");
	}
}

/*
 * Answers the keys every prompt knows: h, t, u and q.  Returns 1 when the
 * line was one of them and is answered, 0 when it was not, or a negative
 * code for the game (stop, leave, take back).
 */
static int
human_keys(struct human_input *hi, const struct shut_game *g)
{
	const char *l = hi->line;

	if (strcmp(l, "h") == 0 || strcmp(l, "hint") == 0) {
		if (hi->hint == NULL)
			printf("  no hints in this game\n");
		else
			hi->hint(hi->ctx, g);
		return 1;
	}
	if (strcmp(l, "t") == 0) {
		if (hi->standings != NULL)
			hi->standings(hi->ctx, g);
		return 1;
	}
	if (strcmp(l, "u") == 0 || strcmp(l, "undo") == 0)
		return HUMAN_UNDO;
	if (strcmp(l, "q") == 0 || strcmp(l, "quit") == 0) {
		int rc = human_quit(hi);

		return rc < 0 ? rc : 1;
	}
	return 0;
}

/* The legal moves of the throw, offered to a list being printed. */
struct human_list {
	uint32_t moves[HUMAN_LIST_MAX];
	long n;
};

static int
human_keep(void *ctx, uint32_t move)
{
	struct human_list *l = ctx;

	if (l->n < HUMAN_LIST_MAX)
		l->moves[l->n] = move;
	l->n++;
	return 0;
}

/*
 * Lists the legal moves, wrapped at HUMAN_WIDTH: the first HUMAN_LIST_MAX
 * in canonical order when there are no more than that, else some of them
 * and how many more there are.
 */
void
human_list_moves(const struct shut_game *g, const char *indent)
{
	static struct human_list l;
	char buf[FRONT_MOVE_LEN];
	size_t col;
	long i, shown;

	l.n = 0;
	shut_moves_each(&g->rules, shut_game_board(g), &g->last_throw, g->first,
			human_keep, &l);
	shown = l.n > HUMAN_LIST_MAX ? HUMAN_LIST_MAX : l.n;
	if (l.n <= HUMAN_LIST_MAX)
		util_moves_sort(l.moves, (size_t)shown);
	col = (size_t)printf("%slegal moves:", indent);
	for (i = 0; i < shown; i++) {
		size_t len;

		util_move_format(l.moves[i], buf, sizeof(buf));
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
	if (shown < l.n)
		printf(", and %ld more", l.n - shown);
	putchar('\n');
}

/* Keeps the move offered, for a throw with one legal move. */
static int
human_keep_one(void *ctx, uint32_t move)
{
	*(uint32_t *)ctx = move;
	return 0;
}

/* ---------------------------------------------------------------------
 * The strategy of a person, and dice thrown by hand
 */

/*
 * Asks how many dice to throw.  An empty line takes the default, the most
 * dice allowed (all of them, where fewer is a choice and not a rule).
 * With dice thrown by hand the faces may be typed here at once: their
 * number is the count, and the roll that follows takes them.
 */
static int
human_dice(void *ctx, const struct shut_game *g, unsigned choices)
{
	struct human_input *hi = ctx;
	char counts[64], prompt[256], why[256];
	int most = front_counts_most(choices), rc;

	util_counts_format(choices, counts, sizeof(counts));
	/* With real dice the faces may come at once: the prompt says so. */
	snprintf(prompt, sizeof(prompt), "  %s: throw %s dice%s? [%d] ",
		 hi->who ? hi->who : "you", counts,
		 hi->manual ? ", or type the faces" : "", most);
	for (;;) {
		struct shut_throw t;
		char *end;
		long v;

		hi->typed.n = 0;
		if ((rc = human_read(hi, prompt)) < 0)
			return rc;
		if (hi->line[0] == '\0')
			return most;
		if ((rc = human_keys(hi, g)) != 0) {
			if (rc < 0)
				return rc;
			continue;
		}
		v = strtol(hi->line, &end, 10);
		if (*end == '\0' && end != hi->line && v >= 1 &&
		    v <= SHUT_DICE_MAX && (choices & (1u << v)) &&
		    !(hi->manual && strlen(hi->line) > 1))
			return (int)v;
		if (hi->manual &&
		    util_parse_throw(hi->line, g->rules.faces, 1, &t, why,
				     sizeof(why)) == 0 &&
		    (choices & (1u << t.n))) {
			hi->typed = t;
			return t.n;
		}
		if (strcmp(hi->line, "?") != 0) {
			printf("  '%s' is not a choice here; ",
			       util_shown(hi->line));
		} else {
			printf("  ");
		}
		printf("type %s, or just Enter for %d%s\n", counts, most,
		       hi->manual ? " (or the faces thrown)" : "");
	}
}

/*
 * Asks for a move until the answer is a legal one.  "?" lists the legal
 * moves; an illegal move is explained in the layer's words.
 */
static int
human_move(void *ctx, const struct shut_game *g, uint32_t *move)
{
	struct human_input *hi = ctx;
	int opener = shut_game_opener(g, g->turn);
	const char *act = opener ? "open" : "shut";
	char prompt[256], why[400];
	struct front_text t;
	struct shut_why w;
	uint32_t m, only;
	int rc, one;

	snprintf(prompt, sizeof(prompt), "  %s: %s?  ",
		 hi->who ? hi->who : "you", act);
	/* One move: Enter makes it, as in the full screen. */
	one = shut_moves_each(&g->rules, shut_game_board(g), &g->last_throw,
			      g->first, human_keep_one, &only) == 1;
	if (one) {
		front_text_init(&t, why, sizeof(why));
		front_move(&t, only);
		printf("  the only move is %s: Enter %ss it\n", why, act);
	}
	for (;;) {
		if ((rc = human_read(hi, prompt)) < 0)
			return rc;
		if (hi->line[0] == '\0' && one) {
			*move = only;
			return 0;
		}
		if (hi->line[0] == '\0' || strcmp(hi->line, "?") == 0) {
			if (hi->line[0] == '\0')
				printf("  type the tiles to %s, like 3+5; "
				       "q quits\n",
				       act);
			human_list_moves(g, "  ");
			continue;
		}
		if ((rc = human_keys(hi, g)) != 0) {
			if (rc < 0)
				return rc;
			continue;
		}
		if (util_parse_move(&g->rules, hi->line, &m, why, sizeof(why)) <
		    0) {
			printf("  %s\n", why);
			continue;
		}
		if (shut_game_why(g, m, &w) == SHUT_WHY_OK) {
			*move = m;
			return 0;
		}
		front_text_init(&t, why, sizeof(why));
		front_why(&t, &g->rules, &g->last_throw, opener, m, &w);
		human_say("  ", &t);
		human_list_moves(g, "  ");
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
 * faces between 1 and faces, unless they were typed at the dice count.
 */
int
human_roll(void *ctx, int n, int faces, struct shut_throw *t)
{
	struct human_input *hi = ctx;
	char prompt[256], why[256];
	int rc;

	if (hi->typed.n == n) {
		*t = hi->typed;
		hi->typed.n = 0;
		return 0;
	}
	if (n == 1)
		snprintf(prompt, sizeof(prompt), "  %s: the die thrown? ",
			 hi->who ? hi->who : "you");
	else
		snprintf(prompt, sizeof(prompt), "  %s: the %d dice thrown? ",
			 hi->who ? hi->who : "you", n);
	for (;;) {
		if ((rc = human_read(hi, prompt)) < 0)
			return rc;
		if (hi->line[0] == '\0' || strcmp(hi->line, "?") == 0) {
			printf("  type the %s of the %s thrown, like %s\n",
			       n == 1 ? "face" : "faces",
			       n == 1 ? "die" : "dice",
			       n == 1	? "5"
			       : n == 2 ? "3 5 (or 3+5, 3,5, 35)"
					: "3 5 1");
			continue;
		}
		if ((rc = human_keys(hi, hi->game)) != 0) {
			if (rc < 0)
				return rc;
			continue;
		}
		if (util_parse_throw(hi->line, faces, 1, t, why, sizeof(why)) <
		    0) {
			printf("  %s\n", why);
			continue;
		}
		if (t->n != n) {
			struct front_text ft;

			front_text_init(&ft, why, sizeof(why));
			front_dice_typed(
			    &ft, t->n, 1u << n,
			    hi->game != NULL ? hi->game->rules.faces : 6);
			printf("  %s\n", why);
			continue;
		}
		return 0;
	}
}
