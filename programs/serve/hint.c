/*
 * hint.c - the hint of a table of "shutbox serve": the choices best first
 * for the seat to play, as the plain game and the full screen rank them
 * (play_hint_rank()), worked out on a thread of its own, and sent both as
 * the shared layer's lines and as data: each choice's label and figures,
 * so that the page lays them out without reading the words.
 */
#include <math.h>
#include <stdio.h>

#include <jansson.h>

#include "serve/serve.h"
#include "util.h"

/* The ranking of a hint, worked out on a thread of its own. */
struct hint_rank {
	struct play *p;
	struct shut_choice *c;
	double *win;
	size_t cap;
	long n;
};

static void *
hint_rank_main(void *arg)
{
	struct hint_rank *r = arg;

	r->n = play_hint_rank(r->p, r->c, r->win, r->cap);
	return NULL;
}

/* play_hint_rank() apart (serve_apart()); -1 when no thread could be had. */
static int
hint_rank_apart(struct play *p, struct shut_choice *c, double *win, size_t cap,
		long *n)
{
	struct hint_rank r = { p, c, win, cap, -1 };

	if (serve_apart(hint_rank_main, &r) < 0)
		return -1;
	*n = r.n;
	return 0;
}

/* Choice c as data: its label and its figures, each a value and words. */
static json_t *
hint_choice(const struct play *p, const struct shut_choice *c, double win)
{
	struct front_figure f[FRONT_FIGURES_MAX];
	char label[FRONT_MOVE_LEN + 16];
	int n = front_choice_parts(&p->g, c, win, label, sizeof(label), f);
	json_t *figures = json_array(), *o;
	int bad = figures == NULL;

	for (int i = 0; i < n && figures != NULL; i++)
		util_json_append(figures,
				 json_pack("{s:s, s:s}", "value", f[i].value,
					   "words", f[i].words),
				 &bad);
	o = json_pack("{s:s, s:o*}", "choice", label, "figures", figures);
	if (bad) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* The hint message of the n choices c (and win) ranked at table t. */
static json_t *
hint_message(struct table *t, const struct shut_choice *c, const double *win,
	     long n)
{
	struct play *p = &t->p;
	json_t *choices = json_array(), *o;
	struct front_text ft;
	char text[4096], why[512];
	int bad = choices == NULL, pending;

	front_text_init(&ft, text, sizeof(text));
	/* The note as the text says, asked once (the two could differ). */
	pending = play_hint_write(p, &ft, "", c, win, n, n);
	for (long i = 0; i < n && !bad; i++)
		util_json_append(choices, hint_choice(p, &c[i], win[i]), &bad);
	/* Or why there is no chance to win, which the text says too. */
	if (!pending &&
	    !(n > 0 && isnan(win[0]) && play_hint_why(p, why, sizeof(why))))
		why[0] = '\0';
	o = json_pack("{s:s, s:s, s:o*, s:s*, s:b}", "type", "hint", "text",
		      text, "choices", choices, "note",
		      pending	       ? PLAY_HINT_PENDING
		      : why[0] != '\0' ? why
				       : NULL,
		      "again", pending);
	if (bad) {
		json_decref(o);
		return NULL;
	}
	return o;
}

json_t *
table_hint(struct table *t, char *why, size_t whylen)
{
	struct play *p = &t->p;
	struct shut_choice c[TABLE_HINT_CHOICES];
	double win[TABLE_HINT_CHOICES];
	json_t *o;
	long n;

	if (!t->hints) {
		snprintf(why, whylen, "this table gives no hints");
		return NULL;
	}
	if (p->g.need != SHUT_NEED_MOVE && p->g.need != SHUT_NEED_DICE) {
		snprintf(why, whylen, "no choice to make now");
		return NULL;
	}
	/* Not an error: a hint with no choices yet, and a note why. */
	if (!play_ready(p, 0, 0) && p->think[0].started) {
		o = json_pack("{s:s, s:s, s:[], s:s, s:b}", "type", "hint",
			      "text", "", "choices", "note",
			      "The odds are still being worked out", "again",
			      1);
		if (o == NULL)
			snprintf(why, whylen, "no hint now: out of memory");
		return o;
	}
	if (hint_rank_apart(p, c, win, TABLE_HINT_CHOICES, &n) < 0) {
		snprintf(why, whylen, "no hint now: no thread to work it out");
		return NULL;
	}
	if (n <= 0) {
		snprintf(why, whylen, "no hint here");
		return NULL;
	}
	if (n > TABLE_HINT_CHOICES)
		n = TABLE_HINT_CHOICES;
	if ((o = hint_message(t, c, win, n)) == NULL)
		snprintf(why, whylen, "no hint now: out of memory");
	return o;
}
