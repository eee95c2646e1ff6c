/*
 * log.c - the log of a table of "shutbox serve": what happened, in the
 * front-end layer's words, as every page at the table shows it.
 *
 * Its last SERVE_LOG lines are kept, each marked when it heads a turn
 * ("Round 2: Bob", front_turn()), so that the page sets those apart
 * without reading the words; the latest action's lines are kept apart too
 * (the state's events).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "serve/serve.h"

void
table_say(struct table *t, const char *text, int head)
{
	while (*text != '\0') {
		size_t len = strcspn(text, "\n"), cut = len;

		/* Cut between characters: a line must stay UTF-8 in JSON. */
		if (cut >= SERVE_LINE) {
			cut = SERVE_LINE - 1;
			while (cut > 0 &&
			       ((unsigned char)text[cut] & 0xC0) == 0x80)
				cut--;
		}
		if (len > 0) {
			snprintf(t->log[t->log_at], SERVE_LINE, "%.*s",
				 (int)cut, text);
			t->log_head[t->log_at] = (char)(head != 0);
			if (t->nevents < 8)
				snprintf(t->events[t->nevents++], SERVE_LINE,
					 "%.*s", (int)cut, text);
			t->log_at = (t->log_at + 1) % SERVE_LOG;
			t->said++;
			if (t->nlog < SERVE_LOG)
				t->nlog++;
		}
		text += len;
		if (*text == '\n')
			text++;
	}
}

/*
 * The heading of the turn now ("Round 2: Bob", front_turn()), once a turn,
 * so that the log says whose each line is, as the history does.
 */
static void
table_heading(struct table *t)
{
	const struct shut_game *g = &t->p.g;
	struct front_text ft;
	char text[256];

	if (g->need == SHUT_NEED_NONE ||
	    (t->headed && t->head_seat == g->turn &&
	     t->head_turns == g->turns_played))
		return;
	t->headed = 1;
	t->head_seat = g->turn;
	t->head_turns = g->turns_played;
	front_text_init(&ft, text, sizeof(text));
	front_turn(&ft, g, &t->p.seats);
	table_say(t, text, 1);
}

/*
 * Whether the turn now has thrown, from its events: a throw says so; a
 * dice count or a seat leaving after a turn's end begins another turn
 * that has not (a player who leaves before throwing: at the end, the box
 * is that turn's, and the last dice are another's).
 */
static void
table_turn_threw(struct table *t, const struct shut_event *e)
{
	if (e->kind == SHUT_EVENT_THROW) {
		t->threw = 1;
		t->turn_over = 0;
	} else if (e->kind == SHUT_EVENT_TURN_END) {
		t->turn_over = 1;
	} else if ((e->kind == SHUT_EVENT_DICE ||
		    e->kind == SHUT_EVENT_LEAVE) &&
		   t->turn_over) {
		t->threw = 0;
		t->turn_over = 0;
	}
}

/* The events that say how a turn ended (its throw is shown as dice). */
static const unsigned table_end_kinds =
    SHUT_EV(SHUT_EVENT_BUST) | SHUT_EV(SHUT_EVENT_MISS) |
    SHUT_EV(SHUT_EVENT_BLOCKED) | SHUT_EV(SHUT_EVENT_MOVE) |
    SHUT_EV(SHUT_EVENT_SHUT) | SHUT_EV(SHUT_EVENT_REOPEN) |
    SHUT_EV(SHUT_EVENT_TURN_END) | SHUT_EV(SHUT_EVENT_OUT) |
    SHUT_EV(SHUT_EVENT_LOSE) | SHUT_EV(SHUT_EVENT_LEAVE);

/* How a turn ends, gathered from the events of one action. */
struct turn_end {
	char lines[SERVE_ENDED][SERVE_LINE];
	int n, over, seat;
};

/*
 * Event e of an action, its words text: kept in te when it says how the
 * turn ended (up to the turn's end, then what is about its seat: out, or
 * lost).
 */
static void
table_turn_ended(struct turn_end *te, const struct shut_event *e,
		 const char *text)
{
	int len = (int)strcspn(text, "\n");

	if (!(table_end_kinds & SHUT_EV(e->kind)) ||
	    (te->over &&
	     ((e->kind != SHUT_EVENT_OUT && e->kind != SHUT_EVENT_LOSE) ||
	      e->seat != te->seat)))
		return;
	if (e->kind == SHUT_EVENT_TURN_END && !te->over) {
		te->over = 1;
		te->seat = e->seat;
		/* The tiles it scored, which the box, the next player's
		 * now, no longer shows. */
		if (e->tiles != 0 && te->n < SERVE_ENDED) {
			struct front_text ft;
			char *line = te->lines[te->n++];

			front_text_init(&ft, line, SERVE_LINE);
			front_left_open(&ft, e->tiles);
			line[strcspn(line, "\n")] = '\0';
		}
	}
	if (len > 0 && te->n < SERVE_ENDED)
		snprintf(te->lines[te->n++], SERVE_LINE, "%.*s", len, text);
}

void
table_events(struct table *t, const struct shut_events *ev)
{
	struct front_text ft;
	struct turn_end te = { .n = 0 };
	char text[2048];
	int i;

	t->nevents = 0;
	for (i = 0; i < ev->n; i++) {
		table_turn_threw(t, &ev->ev[i]);
		front_text_init(&ft, text, sizeof(text));
		/* The totals and the verdict are the state's result, which
		 * the page shows beside the log: not twice. */
		if (ev->ev[i].kind == SHUT_EVENT_GAME_END)
			front_printf(&ft, "The game is over\n");
		else
			front_event(&ft, &t->p.g, &t->p.seats, &ev->ev[i]);
		table_say(t, text, 0);
		table_turn_ended(&te, &ev->ev[i], text);
	}
	if (te.over) {
		memcpy(t->ended, te.lines, sizeof(t->ended));
		t->nended = te.n;
	}
	table_heading(t);
	t->seq++;
}

void
table_say_computer(struct table *t, int seat)
{
	char text[sizeof(t->p.name[0]) + 64];

	snprintf(text, sizeof(text), "The computer plays for %s\n",
		 t->p.name[seat]);
	table_say(t, text, 0);
}

void
table_opening(struct table *t)
{
	struct front_text ft;
	char text[2048];

	front_text_init(&ft, text, sizeof(text));
	front_printf(&ft, "Table %" PRId64 ": ", t->id);
	front_spec_name(&ft, t->p.spec, &t->p.rules);
	front_printf(&ft, "\n");
	table_say(t, text, 0);
	/* What of the rules does nothing, as the other programs warn. */
	front_text_init(&ft, text, sizeof(text));
	front_printf(&ft, "Note: ");
	if (front_rules_warning(&ft, &t->p.rules) > 0)
		table_say(t, text, 0);
	/*
	 * How a computer plays where it does not as asked (play_seat()),
	 * under the table's line, and again when it is brought back.
	 */
	if (t->p.notice[0] != '\0')
		table_say(t, t->p.notice, 0);
	/* A name given twice (play_name_seats()). */
	if (t->p.named[0] != '\0')
		table_say(t, t->p.named, 0);
	table_heading(t);
}
