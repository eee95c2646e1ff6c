/*
 * odds.c - what the solver tells a person: hints, odds, the cost of a turn.
 *
 * The solvers are made on threads of their own (think.c); odds_poll()
 * hands each one to the game once it is ready (play_adopt()), and until
 * then the hint window and the odds panel say that the odds are being
 * worked out and for how long, so that the screen never waits for them.
 * A person's choices are weighed against the hint's best as they are made
 * (by the chance of winning where the hint ranks by it, else by the lowest
 * expected score), and the turn's cost is told when it ends.
 */
#define _DEFAULT_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front.h"
#include "parts.h"
#include "play.h"
#include "solve.h"
#include "util.h"

/* Gives the game every solver that is ready. */
void
odds_poll(struct tui *t)
{
	play_ready(t->p, 0, 0);
	play_ready(t->p, 1, 0);
}

/* The solver of hints, or NULL with why in buf. */
static struct shut_solver *
odds_solver(struct tui *t, char *buf, size_t len)
{
	if (t->p->solver[0] != NULL)
		return t->p->solver[0];
	struct think *th = &t->p->think[0];

	if (th->started && think_poll(th, NULL) == THINK_BUSY)
		snprintf(buf, len, "working out the odds %c %d%%, %.1f s",
			 think_spinner(th), think_percent(th),
			 think_seconds(th));
	else {
		char why[112]; /* within the 128 of buf, with "no odds: " */

		play_no_odds(t->p, why, sizeof(why));
		snprintf(buf, len, "no odds: %s", why);
	}
	return NULL;
}

/* The hint window and the odds panel, from the solver when it is ready. */
void
odds_panels(struct tui *t)
{
	struct shut_game *g = &t->p->g;
	struct shut_choice c[1];
	struct front_text ft;
	char why[128];
	long n;

	if (t->hint) {
		snprintf(t->popup_title, sizeof(t->popup_title), "%s",
			 g->need != SHUT_NEED_THROW
			     ? "Hint: the choices, best first"
			 : play_dice_chosen(g)
			     ? "Hint: the dice chosen, their odds"
			     : "Hint: the dice to throw, their odds");
		snprintf(t->popup_keys, sizeof(t->popup_keys),
			 "any key: back to the game");
		if (odds_solver(t, why, sizeof(why)) == NULL) {
			snprintf(t->popup, sizeof(t->popup), "%s", why);
		} else {
			front_text_init(&ft, t->popup, sizeof(t->popup));
			play_hint_lines(t->p, &ft, "", 12);
		}
	}
	if (!t->odds)
		return;
	if (odds_solver(t, why, sizeof(why)) == NULL) {
		snprintf(t->odds_text, sizeof(t->odds_text), "%s", why);
		return;
	}
	front_text_init(&ft, t->odds_text, sizeof(t->odds_text));
	if (g->need == SHUT_NEED_MOVE || g->need == SHUT_NEED_DICE) {
		n = play_rank(t->p, c, 1);
	} else {
		struct shut_position pos;

		shut_position_of_game(&pos, g);
		n = shut_solver_value(t->p->solver[0], &pos, &c[0].v) == 0;
	}
	if (n <= 0) {
		front_printf(&ft, "-");
		return;
	}
	if (g->rules.mode == SHUT_MODE_BATTLE) {
		front_printf(&ft, "chance to win   ");
		front_sig3(&ft, 100 * front_battle_chance(g, c[0].v.value));
		front_printf(&ft, "%%");
		return;
	}
	front_printf(&ft, "chance to shut  ");
	front_sig3(&ft, 100 * c[0].v.shut);
	front_printf(&ft, "%%\nexpected score  ");
	front_sig3(&ft, c[0].v.expected);
}

/*
 * Weighs a person's choice against the hint's best (play_hint_rank()):
 * what it cost is added to the turn's cost, in the chance of winning the
 * game where the hint ranks by it, else in expected score against perfect
 * play (the lowest expected score).
 */
void
odds_weigh(struct tui *t, const struct shut_action *a)
{
	struct shut_game *g = &t->p->g;
	static struct shut_choice c[256];
	static double win[256];
	long n, i;

	if (t->p->solver[0] == NULL || g->rules.mode == SHUT_MODE_BATTLE)
		return;
	if (t->ended > 0) {
		t->nweighed = 0;
		t->since = 0;
		t->ended = 0;
	}
	if (t->nweighed == TUI_WEIGHED)
		return;
	n = play_hint_rank(t->p, c, win, 256);
	for (i = 0; i < n && i < 256; i++)
		if ((a->kind == SHUT_ACT_MOVE && c[i].move == a->move) ||
		    (a->kind == SHUT_ACT_DICE && c[i].dice == a->dice)) {
			struct tui_weighed *w = &t->weighed[t->nweighed];

			/* By the chance to win, where the hint ranks by it. */
			if (!isnan(win[0]) && isnan(win[i]))
				return;
			w->at = t->p->nactions;
			w->to_win = !isnan(win[0]);
			w->cost = w->to_win ? win[0] - win[i]
					    : c[i].v.value - c[0].v.value;
			t->nweighed++;
			return;
		}
}

void
odds_taken_back(struct tui *t)
{
	while (t->nweighed > 0 &&
	       t->weighed[t->nweighed - 1].at >= t->p->nactions)
		t->nweighed--;
	/* The move that ended the turn taken back: the turn goes on. */
	if (t->ended > t->p->nactions)
		t->ended = 0;
}

/*
 * One measure of a turn's cost (perfect play "to win" or ""), in unit,
 * told when a choice was weighed by it.
 */
static void
odds_tell(struct tui *t, int costed, double cost, double none,
	  const char *to_win, const char *unit)
{
	const char *since = t->since ? " since the game was resumed" : "";
	struct front_text ft;
	char line[256];

	if (costed == 0)
		return;
	front_text_init(&ft, line, sizeof(line));
	if (cost < none) {
		front_printf(&ft,
			     "  Perfect play%s could not have done better this "
			     "turn%s.",
			     to_win, since);
	} else {
		/* To three figures, as the analysis gives a cost. */
		front_printf(&ft,
			     "  Against perfect play%s, this turn's "
			     "choices%s cost ",
			     to_win, since);
		front_sig3(&ft, cost);
		front_printf(&ft, " %s.", unit);
	}
	tui_log(t, line);
}

void
odds_turn_end(struct tui *t, int person)
{
	/* [1]: by the chance of winning, [0]: by expected score. */
	double cost[2] = { 0, 0 };
	int costed[2] = { 0, 0 };

	for (int i = 0; i < t->nweighed; i++) {
		cost[t->weighed[i].to_win] += t->weighed[i].cost;
		costed[t->weighed[i].to_win]++;
	}
	if (person) {
		odds_tell(t, costed[1], 100 * cost[1], 1e-10, " to win",
			  "percentage points of the chance to win the game");
		odds_tell(t, costed[0], cost[0], 1e-9, "",
			  "points of expected score");
	}
	t->ended = t->p->nactions;
}

/*
 * The line that ends an analysis cut short, into note: with the command
 * that shows it whole where the game is kept (escaped, as util.h asks;
 * left out where it does not fit whole, a path of thousands of bytes).
 */
static void
odds_cut_note(const struct play *p, char *note, size_t notelen)
{
	static char cmd[UTIL_RESUME_MAX];
	struct front_text ft;

	front_text_init(&ft, note, notelen);
	front_printf(&ft, "... (cut short here: ");
	if (p->store != NULL) {
		util_game_command(cmd, sizeof(cmd), "analyse", p->db, p->id);
		front_escaped(&ft, cmd, strlen(cmd), 0);
		front_printf(&ft, " shows it whole)\n");
	}
	if (p->store == NULL || ft.cut)
		snprintf(note, notelen, "... (cut short here)\n");
}

void
odds_analysis(struct tui *t)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (f == NULL) {
		tui_window(t, "The analysis of your play", "out of memory",
			   "any key: back");
		return;
	}
	/* As the plain game's a shows it, as analyse prints it. */
	snprintf(t->status, sizeof(t->status), "working out the analysis...");
	board_draw(t);
	refresh();
	play_analyse(t->p, f, 0);
	t->status[0] = '\0';
	if (fclose(f) != 0 || text == NULL)
		tui_window(t, "The analysis of your play", "out of memory",
			   "any key: back");
	else {
		/* Longer than the window holds: cut at a line, and said,
		 * with the command that shows it whole where it is kept. */
		if (len >= sizeof(t->popup)) {
			char note[2048];

			odds_cut_note(t->p, note, sizeof(note));
			text[sizeof(t->popup) - strlen(note) - 1] = '\0';
			if (strrchr(text, '\n') != NULL)
				strrchr(text, '\n')[1] = '\0';
			strcat(text, note);
		}
		tui_window(t, "The analysis of your play", text,
			   "any other key: back");
	}
	free(text);
}
