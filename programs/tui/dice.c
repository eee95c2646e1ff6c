/*
 * dice.c - how many dice a person throws, and the faces of real dice, on
 * the full screen.
 *
 * Where the rules leave a choice of how many dice, random dice are thrown
 * as soon as a digit names a count (Enter: the most).  Real dice are typed
 * as the plain game reads its line: digits typed whole, then Enter; a lone
 * count is the count (the faces of that many are asked next), anything
 * else is the faces, whose number is the count; Enter alone, the most.
 * The faces of a count known are typed the same way.  A digit that no die
 * shows, or a face more than the dice, is refused as it is typed; Esc (or
 * Backspace with nothing typed) goes back to the count, taking back a
 * count chosen (play_take_back_count()).
 */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front.h"
#include "parts.h"
#include "play.h"

/* dice_faces(): back to the count, from faces typed at it. */
#define DICE_RECOUNT 3

/* Asks how many dice, of counts (choices, whose most Enter takes). */
static void
dice_ask(struct tui *t, const char *counts, int most)
{
	snprintf(t->status, sizeof(t->status),
		 t->p->manual ? "%s: throw %s dice: type their faces, or how "
				"many (Enter: %d)"
			      : "%s: you may throw %s dice now: type how many "
				"(Enter: %d)",
		 t->p->name[t->p->g.turn], counts, most);
	snprintf(t->keys, sizeof(t->keys),
		 "%s  Enter: %d  h hint  o odds  %s? help  q quit",
		 t->p->manual ? "digits: a count or the faces"
			      : "digit: throw that many",
		 most, turn_undo_key(t));
}

/* A count of dice d chosen: random dice are thrown at once. */
static int
dice_chosen(struct tui *t, int d)
{
	struct shut_action a = { .kind = SHUT_ACT_DICE, .dice = d };
	int rc = turn_act(t, &a);

	/* Counted, random dice are thrown at once, as the plain game throws
	 * them; real ones are typed. */
	if (rc == 0 && !t->p->manual && t->p->g.need == SHUT_NEED_THROW) {
		t->status[0] = '\0'; /* asked no more */
		rc = turn_step(t);
	}
	return rc;
}

int
dice_count(struct tui *t)
{
	struct shut_game *g = &t->p->g;
	unsigned choices = shut_game_dice_choices(g);
	int most = front_counts_most(choices), d, k, changed = 0;
	struct front_text ft;
	char counts[64], why[160];

	front_text_init(&ft, counts, sizeof(counts));
	front_counts(&ft, choices);
	for (;;) {
		dice_ask(t, counts, most);
		k = turn_key(t, &changed);
		if (k < 0 || changed)
			return k;
		/* Real dice: a count or the faces, typed whole. */
		if (t->p->manual && k >= '1' && k <= '9') {
			if ((k = dice_faces(t, choices, k)) != DICE_RECOUNT)
				return k;
			continue;
		}
		d = turn_enter(k) ? most : k - '0';
		if (d >= 1 && d <= SHUT_DICE_MAX && (choices & (1u << d)))
			return dice_chosen(t, d);
		front_text_init(&ft, why, sizeof(why));
		front_printf(&ft, "type how many dice %s (%s)%s",
			     t->p->manual ? "were thrown" : "to throw", counts,
			     t->p->manual ? ", or their faces" : "");
		turn_note(t, 1, why);
	}
}

/*
 * Whether digit k typed after the faces of real dice typed so far would be
 * a face more than the most dice thrown, n (dice of 9 faces or fewer,
 * whose every digit is a face): refused at once, saying what Enter takes.
 */
static int
dice_face_over(struct tui *t, int n, int k)
{
	const struct shut_game *g = &t->p->g;
	struct shut_throw th;
	struct front_text ft;
	char text[64], why[256];

	if (g->rules.faces >= 10 ||
	    front_parse_throw(t->faces, g->rules.faces, 1, &th, why,
			      sizeof(why)) < 0 ||
	    th.n < n || k < '0' || k > '9')
		return 0;
	front_text_init(&ft, text, sizeof(text));
	front_throw(&ft, &th);
	snprintf(why, sizeof(why),
		 "%c not typed: %d %s %d %s; Enter takes %s, Bksp "
		 "corrects",
		 k, n, n == 1 ? "die shows" : "dice show", n,
		 n == 1 ? "face" : "faces", text);
	turn_note(t, 1, why);
	return 1;
}

/*
 * The faces typed, th, of as many dice as a count allowed (choices) or of
 * the dice thrown (choices 0): their count chosen first where it was not,
 * then the throw.  0, what turn_act() returns, or 1 with why in the note
 * when they are not.
 */
static int
dice_thrown(struct tui *t, unsigned choices, const struct shut_throw *th)
{
	struct shut_action d = { .kind = SHUT_ACT_DICE, .dice = th->n };
	struct shut_action a = { .kind = SHUT_ACT_THROW, .thrown = *th };
	unsigned wanted = choices != 0 ? choices : 1u << t->p->g.ndice;
	struct front_text ft;
	char why[256];
	int rc;

	if (!(wanted & (1u << th->n))) {
		front_text_init(&ft, why, sizeof(why));
		front_dice_typed(&ft, th->n, wanted, t->p->g.rules.faces);
		turn_note(t, 1, why);
		return 1;
	}
	if (choices != 0 && (rc = turn_act(t, &d)) != 0)
		return rc;
	t->faces[0] = '\0';
	return turn_act(t, &a);
}

/*
 * The count the digits typed are at Enter (choices: the counts allowed, 0
 * where the count is known): a lone digit that is a count allowed, as the
 * plain game takes it; else 0, the faces.
 */
static int
dice_lone_count(const struct tui *t, unsigned choices)
{
	char *end;
	long v = strtol(t->faces, &end, 10);

	return choices != 0 && *end == '\0' && end == t->faces + 1 && v >= 1 &&
		       v <= SHUT_DICE_MAX && (choices & (1u << v))
		   ? (int)v
		   : 0;
}

/*
 * What Enter makes of the digits typed (choices: the counts allowed, 0
 * where the count is known): a lone count the count, else the faces.  0,
 * what turn_act() returns, or 1 when they are refused, why in the note
 * and what was typed kept to put right.
 */
static int
dice_entered(struct tui *t, unsigned choices)
{
	const struct shut_game *g = &t->p->g;
	struct shut_throw th;
	char why[256];
	int v = dice_lone_count(t, choices);

	if (v > 0) {
		t->faces[0] = '\0';
		return dice_chosen(t, v);
	}
	/* Nothing typed at a count (all of it taken back): the most. */
	if (choices != 0 && t->faces[0] == '\0')
		return dice_chosen(t, front_counts_most(choices));
	if (front_parse_throw(t->faces, g->rules.faces, g->rules.faces < 10,
			      &th, why, sizeof(why)) < 0) {
		turn_note(t, 1, why);
		return 1;
	}
	return dice_thrown(t, choices, &th);
}

/* The status and the keys of the faces asked. */
static void
dice_faces_ask(struct tui *t, unsigned choices, int back)
{
	const struct shut_game *g = &t->p->g;
	char counts[64];
	struct front_text ft;
	int v = dice_lone_count(t, choices);

	/* A lone count typed is what Enter takes as a count: said so, since
	 * it is shown among the faces. */
	if (v > 0)
		snprintf(t->status, sizeof(t->status),
			 "%s: Enter: %d %s, %s asked next; or type the "
			 "other faces",
			 t->p->name[g->turn], v, v == 1 ? "die" : "dice",
			 v == 1 ? "its face" : "their faces");
	else if (choices != 0) {
		front_text_init(&ft, counts, sizeof(counts));
		front_counts(&ft, choices);
		snprintf(t->status, sizeof(t->status),
			 "%s: type the faces of the %s dice thrown "
			 "(1-%d)" TUI_STATUS_ENTER,
			 t->p->name[g->turn], counts, g->rules.faces);
	} else
		snprintf(t->status, sizeof(t->status),
			 "%s threw %d %s: type the %s (1-%d)" TUI_STATUS_ENTER,
			 t->p->name[g->turn], g->ndice,
			 g->ndice == 1 ? "die" : "dice",
			 g->ndice == 1 ? "face" : "faces", g->rules.faces);
	/* The way back first: the bar keeps what fits, in order. */
	snprintf(t->keys, sizeof(t->keys),
		 "%sEnter done  Bksp correct  digits: faces  %s? help  q quit",
		 back ? "Esc count  " : "", turn_undo_key(t));
}

/*
 * Whether key k (with len bytes typed) goes back to the count: Esc, or
 * Backspace with nothing typed, where there is a count to go back to.
 */
static int
dice_back_key(int k, size_t len)
{
	return k == 27 ||
	       ((k == SCREEN_K(KEY_BACKSPACE) || k == 127 || k == 8) &&
		len == 0);
}

/* A key typed into the faces (a digit, a blank, Backspace; + is the
 * pace of the computers, turn_common()). */
static void
dice_type(struct tui *t, int most, int k)
{
	const struct shut_game *g = &t->p->g;
	size_t len = strlen(t->faces);
	struct shut_throw th;
	char why[256];

	/* What was refused goes once typing goes on. */
	if (t->note_bad)
		turn_note(t, 0, "");
	if ((k == SCREEN_K(KEY_BACKSPACE) || k == 127 || k == 8) && len > 0)
		t->faces[len - 1] = '\0';
	else if (k >= '0' && k <= '9' && g->rules.faces < 10 &&
		 front_parse_throw((char[]){ (char)k, '\0' }, g->rules.faces, 1,
				   &th, why, sizeof(why)) < 0)
		/* A digit no die shows, refused as it is typed. */
		turn_note(t, 1, why);
	else if (dice_face_over(t, most, k))
		return;
	else if (((k >= '0' && k <= '9') || k == ' ') &&
		 len + 1 < sizeof(t->faces)) {
		t->faces[len] = (char)k;
		t->faces[len + 1] = '\0';
	}
}

int
dice_faces(struct tui *t, unsigned choices, int first)
{
	struct shut_game *g = &t->p->g;
	int k, changed = 0, most = g->ndice, recount;

	if (choices != 0)
		most = front_counts_most(choices);
	/* A count chosen may be taken back, to be chosen again. */
	recount = choices != 0 || play_can_take_back_count(t->p);
	/* The first digit typed as the rest are: one no die shows is
	 * refused at once. */
	t->faces[0] = '\0';
	if (first != '\0')
		dice_type(t, most, first);
	if (first != '\0' && t->faces[0] == '\0')
		return DICE_RECOUNT; /* refused: the count asked again */
	for (;;) {
		dice_faces_ask(t, choices, recount);
		k = turn_key(t, &changed);
		if (k < 0 || changed) {
			t->faces[0] = '\0';
			return k;
		}
		if (turn_enter(k)) {
			if ((k = dice_entered(t, choices)) != 1)
				return k;
		} else if (recount && dice_back_key(k, strlen(t->faces))) {
			t->faces[0] = '\0';
			/* What was refused goes with the faces. */
			if (t->note_bad)
				turn_note(t, 0, "");
			if (choices != 0)
				return DICE_RECOUNT;
			if (play_take_back_count(t->p)) {
				odds_taken_back(t);
				return 0;
			}
		} else {
			dice_type(t, most, k);
		}
	}
}
