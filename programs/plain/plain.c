/*
 * plain.c - the game in plain lines of text: a thin driver.
 *
 * The loop makes one step at a time through shut_game_step(), books the
 * action it made (play_book() commits it to the history), and prints the
 * step's events in the front-end layer's words.  Before a throw it shows
 * whose turn it is and the box; a person's own move is not repeated, a
 * computer's is.  It never decides anything the rules decide, and never
 * compares boards: the events say what happened.
 *
 * A person's "u" takes back, and "q" leaves or stops; Ctrl-C and the end
 * of input stop the game, which is kept for --resume since every action
 * was committed as it was made.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "analyse.h"
#include "plain/plain.h"
#include "play.h"
#include "util.h"

/* The tiles shown in a row, when the box has too many for one. */
#define PLAIN_ROW 16

/* Room for the longest text of one event: the standings of 64 seats. */
#define PLAIN_TEXT 32768

static char plain_buf[PLAIN_TEXT];

/* Prints text line by line, each after indent. */
static void
plain_say(const char *indent, const char *text)
{
	while (*text != '\0') {
		size_t len = strcspn(text, "\n");

		if (len > 0)
			printf("%s%.*s\n", indent, (int)len, text);
		else
			putchar('\n');
		text += len;
		if (*text == '\n')
			text++;
	}
}

/* The standings, each line after indent. */
static void
plain_standings_at(const struct play *p, const struct shut_game *g,
		   const char *indent)
{
	struct front_text t;

	front_text_init(&t, plain_buf, sizeof(plain_buf));
	front_standings(&t, g, &p->seats, "Standings:");
	plain_say(indent, t.buf);
}

void
plain_standings(void *ctx, const struct shut_game *g)
{
	plain_standings_at(ctx, g, "");
}

void
plain_standings_asked(void *ctx, const struct shut_game *g)
{
	plain_standings_at(ctx, g, "  ");
}

/*
 * The game about to be played (or replayed): the rules in words, and the
 * players; how to play when people are at the table.
 */
static void
plain_describe(const struct play *p, int replay)
{
	const struct shut_rules *r = &p->g.rules;
	const char *spec = p->spec;
	const struct shut_preset *preset;
	struct front_text t;
	int i;

	if (spec == NULL || spec[strspn(spec, " \t")] == '\0')
		spec = "classic";
	preset = shut_preset_find(spec);
	printf("rules: ");
	util_print_escaped(stdout, spec);
	if (preset != NULL)
		printf(" (%s)", preset->help);
	putchar('\n');
	front_text_init(&t, plain_buf, sizeof(plain_buf));
	front_rules(&t, r, p->nseats);
	plain_say("", t.buf);
	printf("players:");
	for (i = 0; i < p->nseats; i++) {
		printf("%s %s", i ? "," : "", p->name[i]);
		if (r->mode == SHUT_MODE_BATTLE)
			printf(" (%s)", i == 0 ? "the Shutter" : "the Opener");
	}
	putchar('\n');
	if (p->notice[0] != '\0' && !replay)
		printf("%s\n", p->notice);
	if (p->named[0] != '\0' && !replay)
		printf("%s\n", p->named);
	if (p->nhumans > 0 && !replay)
		/* With random dice a move is final: the next throw follows. */
		printf("Type the tiles to shut like 3+5%s; ? lists the legal "
		       "moves, h gives a hint,\nt the standings, %sq quits.\n",
		       r->tile_hi < 10 ? " or 35" : " or 3 12",
		       p->manual ? "u takes back, " : "");
}

/* Prints a box of open tiles: open ones as numbers, shut ones as dashes. */
static void
plain_tiles(const struct play *p, uint32_t open)
{
	const struct shut_rules *r = &p->g.rules;
	int w = r->tile_hi >= 10 ? 2 : 1;
	int t;

	printf("  tiles ");
	for (t = r->tile_lo; t <= r->tile_hi; t++) {
		/* A long box takes two rows, to fit 80 columns. */
		if (t - r->tile_lo == PLAIN_ROW &&
		    r->tile_hi - r->tile_lo >= 24)
			printf("\n        ");
		if (open & SHUT_TILE(t))
			printf(" %*d", w, t);
		else
			printf(" %*s", w, "-");
	}
	putchar('\n');
}

/* What the loop has shown of the turn being played. */
struct plain_shown {
	int turn;   /* the turn's header */
	int tiles;  /* the box before the next throw */
	int replay; /* a record replayed: people's moves are told too */
	int again;  /* taken back: a throw to move on is shown again */
};

/* Prints the events of a step, as the layer tells them. */
static void
plain_events(struct play *p, const struct shut_events *ev,
	     struct plain_shown *shown)
{
	struct front_text t;
	int i;

	for (i = 0; i < ev->n; i++) {
		const struct shut_event *e = &ev->ev[i];
		int flush = e->kind == SHUT_EVENT_ROUND_END ||
			    e->kind == SHUT_EVENT_GAME_END;

		if (e->kind == SHUT_EVENT_MOVE && p->human[e->seat] &&
		    !shown->replay)
			continue;
		if (e->kind == SHUT_EVENT_THROW)
			shown->tiles = 0;
		if (e->kind == SHUT_EVENT_TURN_END ||
		    e->kind == SHUT_EVENT_LOSE || e->kind == SHUT_EVENT_LEAVE)
			shown->turn = shown->tiles = 0;
		front_text_init(&t, plain_buf, sizeof(plain_buf));
		front_event(&t, &p->g, &p->seats, e);
		plain_say(flush ? "" : "  ", t.buf);
	}
}

/* A move taken back: the box and the throw to move on again. */
static void
plain_undone(const struct play *p)
{
	struct front_text t;

	plain_tiles(p, p->g.open);
	front_text_init(&t, plain_buf, sizeof(plain_buf));
	front_printf(&t, "throw  ");
	front_throw(&t, &p->g.last_throw);
	printf("  %s\n", plain_buf);
}

static void plain_analysis(struct play *p);

/*
 * The game over, with dice typed for what ended it (play_can_take_back()):
 * asks whether to take that back, beside the analysis plain_over()
 * offers, in one question.  Returns 1 when it was.
 */
static int
plain_over_undo(struct play *p)
{
	int a = play_analysable(p);
	char what[256];

	if (!play_can_take_back(p))
		return 0;
	/* Counted as over first, a game killed at the question too (u
	 * counts it unfinished again). */
	play_mark_over(p);
	p->input.over_asked = 1;
	for (;;) {
		snprintf(what, sizeof(what),
			 "\nGame over: u takes back the last %s%s, Enter "
			 "ends: ",
			 play_take_back_what(p),
			 a ? ", a shows the analysis" : "");
		if (human_ask(&p->input, what) != 0)
			break;
		if (strcmp(p->input.line, "u") == 0) {
			play_take_back(p, what, sizeof(what));
			printf("  %s\n", what);
			p->input.over_asked = 0;
			return 1;
		}
		/* Read, the throw may still be taken back: asked again. */
		if (a && strcmp(p->input.line, "a") == 0) {
			plain_analysis(p);
			a = 0;
			continue;
		}
		if (p->input.line[0] == '\0' || strcmp(p->input.line, "q") == 0)
			return 0;
		printf("  type u%s, or just Enter\n", a ? " or a" : "");
	}
	return 0;
}

/* Whose turn it is, and the box before a throw, unless already shown. */
static void
plain_turn(struct play *p, struct plain_shown *shown)
{
	const struct shut_game *g = &p->g;

	if (!shown->turn) {
		struct front_text t;

		front_text_init(&t, plain_buf, sizeof(plain_buf));
		front_turn(&t, g, &p->seats);
		printf("\n%s", plain_buf);
		shown->turn = 1;
	}
	if (shown->again && g->need == SHUT_NEED_MOVE)
		plain_undone(p);
	shown->again = 0;
	if (g->need != SHUT_NEED_MOVE && !shown->tiles) {
		plain_tiles(p, p->g.open);
		shown->tiles = 1;
	}
}

/*
 * The events of an action of the turn resumed, told as when played, a
 * person's moves too, the box before each throw.
 */
static void
plain_retold(void *ctx, const struct shut_game *g, const struct shut_events *ev)
{
	const struct play *p = ctx;
	struct front_text t;

	for (int i = 0; i < ev->n; i++) {
		if (ev->ev[i].kind == SHUT_EVENT_THROW)
			plain_tiles(p, g->open);
		front_text_init(&t, plain_buf, sizeof(plain_buf));
		front_event(&t, g, &p->seats, &ev->ev[i]);
		plain_say("  ", t.buf);
	}
}

/*
 * Where a resumed game stands: the standings, and the turn under way so
 * far as a replay tells it (a person's moves too), its header then shown.
 */
static void
plain_resumed(struct play *p, struct plain_shown *shown)
{
	struct front_text t;

	printf("Resuming game %" PRId64 " after %zu action%s.\n", p->id,
	       p->nactions, p->nactions == 1 ? "" : "s");
	plain_standings(p, &p->g);
	if (p->g.need == SHUT_NEED_NONE)
		return;
	front_text_init(&t, plain_buf, sizeof(plain_buf));
	front_turn(&t, &p->g, &p->seats);
	printf("\n%s", plain_buf);
	shown->turn = 1;
	/* A record that replayed once does again; else the box and throw. */
	if (play_turn_so_far(p, plain_retold, p) < 0 &&
	    p->g.need == SHUT_NEED_MOVE) {
		plain_tiles(p, p->g.open);
		front_text_init(&t, plain_buf, sizeof(plain_buf));
		front_throw(&t, &p->g.last_throw);
		printf("  throw  %s\n", t.buf);
	}
}

/* The player to move leaves the game: booked and told like any action. */
static int
plain_leave(struct play *p, struct plain_shown *shown)
{
	static struct shut_events ev;
	struct shut_action a = { .kind = SHUT_ACT_LEAVE, .seat = p->g.turn };

	if (shut_game_act(&p->g, &a, &ev) < 0)
		return -1;
	if (play_book(p, &a) < 0) {
		util_fail("out of memory");
		return -1;
	}
	plain_events(p, &ev, shown);
	return 0;
}

int
plain_run(struct play *p)
{
	static struct shut_events ev;
	struct shut_game *g = &p->g;
	struct plain_shown shown = { 0, 0, 0, 0 };
	struct shut_action a;
	char what[256];
	int rc;

	/* A log: why a hint has no chance to win is said once. */
	p->hint_why_once = 1;
	/* Its number in the history, by which it is resumed or analysed. */
	if (!p->resumed && p->store != NULL)
		printf("game %" PRId64 "%s", p->id,
		       play_seeded(p) ? ", " : "\n");
	if (!p->resumed && play_seeded(p))
		printf("seed %" PRIu64 "\n", p->seed);
	plain_describe(p, 0);
	if (p->resumed)
		plain_resumed(p, &shown);
again:
	while (g->need != SHUT_NEED_NONE) {
		if (play_interrupted)
			return PLAIN_KEPT;
		plain_turn(p, &shown);
		p->input.who = p->name[g->turn];
		p->input.person = p->human[g->turn];
		/*
		 * A computer whose solver is still being made waits for it,
		 * and says so when the wait is long (by the estimate, so that
		 * what is printed does not depend on the machine).
		 */
		if (!play_seat_ready(p, g->turn, 0)) {
			if (play_seat_seconds(p, g->turn) > 0.5) {
				printf("  %s is working out how to play...\n",
				       p->name[g->turn]);
				fflush(stdout);
			}
			play_seat_ready(p, g->turn, 1);
		}
		rc = shut_game_step(g, p->player, &p->dice, &a, &ev);
		if (rc == SHUT_EINPUT)
			return PLAIN_KEPT;
		if (rc == HUMAN_UNDO) {
			int seat = g->turn;
			long round = g->round;

			if (play_take_back(p, what, sizeof(what))) {
				shown.tiles = 0;
				shown.again = 1;
				/* A turn ended, back: its heading again. */
				shown.turn =
				    g->turn == seat && g->round == round;
			} else if (!p->manual)
				/* Here the next throw comes with the move. */
				snprintf(what, sizeof(what),
					 "nothing to take back: here the next "
					 "throw comes as a move is made; with "
					 "--dice manual a move can be taken "
					 "back until the next throw is typed");
			printf("  %s\n", what);
			continue;
		}
		if (rc == HUMAN_LEAVE) {
			if (plain_leave(p, &shown) < 0)
				return PLAIN_FAIL;
			continue;
		}
		if (rc < 0) {
			util_fail("play: %s", shut_strerror(rc));
			return PLAIN_FAIL;
		}
		if (play_book(p, &a) < 0) {
			util_fail("out of memory");
			return PLAIN_FAIL;
		}
		plain_events(p, &ev, &shown);
	}
	/* Real dice typed wrong may have ended it: u takes that back. */
	if (plain_over_undo(p)) {
		shown.tiles = shown.turn = 0;
		goto again;
	}
	return PLAIN_OVER;
}

int
plain_replay(struct play *p, const struct shut_action *a, size_t n)
{
	static struct shut_events ev;
	static char command[UTIL_RESUME_MAX];
	struct plain_shown shown = { 0, 0, 1, 0 };
	size_t i;

	plain_describe(p, 1);
	for (i = 0; i < n && p->g.need != SHUT_NEED_NONE; i++) {
		if (a[i].kind != SHUT_ACT_LEAVE)
			plain_turn(p, &shown);
		if (shut_game_act(&p->g, &a[i], &ev) < 0) {
			util_fail("game %" PRId64 ": action %zu of the record "
				  "does not fit the game",
				  p->id, i + 1);
			return PLAIN_FAIL;
		}
		plain_events(p, &ev, &shown);
	}
	if (p->g.need == SHUT_NEED_NONE)
		return PLAIN_OVER;
	if (p->front != NULL && strcmp(p->front, "serve") == 0) {
		printf("\nThe game stopped here. It is a table in the browser: "
		       "shutbox serve on this history goes on with it.\n");
	} else {
		util_resume_command(command, sizeof(command), p->db, p->id);
		printf("\nThe game stopped here. To go on: ");
		util_print_escaped(stdout, command);
		printf("\n");
	}
	plain_standings(p, &p->g);
	return PLAIN_KEPT;
}

/* ---------------------------------------------------------------------
 * The game-over screen
 */

/* The analysis of the people's play in the game just over. */
static void
plain_analysis(struct play *p)
{
	putchar('\n');
	/* As for a computer's solver: said by the estimate, not the clock. */
	if (!play_ready(p, 0, 0) && play_seconds(p) > 0.5) {
		printf("Working out the analysis...\n");
		fflush(stdout);
	}
	play_analyse(p, stdout, ANALYSE_COLS);
}

void
plain_over(struct play *p)
{
	const char *prompt = "\nGame over: a shows the analysis of your "
			     "play, Enter ends: ";

	/* Asked with the take-back of real dice (plain_over_undo()). */
	if (p->input.over_asked)
		return;
	while (human_ask(&p->input, prompt) == 0) {
		if (strcmp(p->input.line, "a") == 0) {
			plain_analysis(p);
			return;
		}
		/* q, which quits at every other question, ends here too. */
		if (p->input.line[0] == '\0' || strcmp(p->input.line, "q") == 0)
			return;
		printf("  type a, or just Enter\n");
	}
}
