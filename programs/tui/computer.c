/*
 * computer.c - the full-screen game's computer turns: each action of a
 * computer seat at the pace of play, its tiles shown going down one after
 * the other, and the wait for the solver it plays by.  A key skips the
 * rest of the turn (turn.c has the loop and the people's keys).
 */
#define _DEFAULT_SOURCE
#include <stdio.h>

#include "parts.h"
#include "play.h"
#include "tui.h"

/*
 * Waits ms, drawing; a key skips the rest of the turn (q asks to stop,
 * + and - change the pace; the game over, every key goes on to the
 * result).  Returns 0 or TURN_STOP / TURN_FAIL.
 */
static int
turn_pause(struct tui *t, int ms)
{
	int k, rc;

	turn_draw(t);
	while (!t->skip && ms > 0) {
		k = screen_key(ms < 100 ? ms : 100);
		/* Not played on where it cannot be seen. */
		if (screen_fits())
			ms -= 100;
		odds_poll(t);
		if (k == SCREEN_NONE)
			continue;
		if (k == SCREEN_STOP)
			return TURN_STOP;
		/* The game over, any key but a resize shows the result. */
		if (t->p->g.need == SHUT_NEED_NONE &&
		    k != SCREEN_K(KEY_RESIZE)) {
			t->skip = 1;
			continue;
		}
		if (k == 'q' || k == '+' || k == '-' || k == 'o' ||
		    k == SCREEN_K(KEY_RESIZE)) {
			rc = turn_common(t, k);
			if (rc < 0)
				return rc;
			turn_draw(t);
			continue;
		}
		t->skip = 1;
	}
	return 0;
}

/*
 * A computer seat waits for the solver it plays by, or cpu:perfect for its
 * chances of winning (a match's: up to 1.7 s), said on the status line.
 */
static int
turn_wait_solver(struct tui *t)
{
	const struct shut_player *pl = &t->p->player[t->p->g.turn];
	struct think *th = &t->p->think[pl->strategy == &shut_solver_shut &&
					t->p->rules.mode != SHUT_MODE_BATTLE];
	int rc;

	if (pl->strategy == &shut_win_perfect)
		snprintf(t->status, sizeof(t->status),
			 "%s is working out how to play to win %c %.1f s",
			 t->p->name[t->p->g.turn],
			 think_spinner(&t->p->think_perfect),
			 think_seconds(&t->p->think_perfect));
	else
		snprintf(t->status, sizeof(t->status),
			 "%s is working out how to play %c %d%%, %.1f s",
			 t->p->name[t->p->g.turn], think_spinner(th),
			 think_percent(th), think_seconds(th));
	snprintf(t->keys, sizeof(t->keys), "? help  q quit");
	turn_draw(t);
	rc = turn_common(t, screen_key(250));
	odds_poll(t);
	return rc < 0 ? rc : 0;
}

/*
 * After a computer's action that ended the game, shown at the pace of play
 * before the result: the status says the game is over, not who is playing.
 */
static void
turn_computer_done(struct tui *t)
{
	if (t->p->g.need != SHUT_NEED_NONE)
		return;
	snprintf(t->status, sizeof(t->status), "The game is over");
	snprintf(t->keys, sizeof(t->keys), "the result follows (any key: now)");
}

/* One action of a computer seat, or a throw for it, at its pace. */
int
turn_computer(struct tui *t)
{
	struct play *p = t->p;
	struct shut_game *g = &p->g;
	const struct shut_player *pl = &p->player[g->turn];
	struct shut_action a = { .kind = SHUT_ACT_MOVE };
	int n, rc, ms = tui_pace_ms(t);

	if (!play_seat_ready(p, g->turn, 0))
		return turn_wait_solver(t);
	snprintf(t->status, sizeof(t->status), "%s is playing",
		 p->name[g->turn]);
	snprintf(t->keys, sizeof(t->keys),
		 "any key: skip to the end of the turn  + faster  - slower  "
		 "q quit");
	if (g->need != SHUT_NEED_MOVE) {
		if ((rc = turn_step(t)) < 0)
			return rc;
		turn_computer_done(t);
		return turn_pause(t, ms);
	}
	rc = (pl->strategy->move)(pl->ctx, g, &a.move);
	if (rc < 0) {
		snprintf(t->note, sizeof(t->note), "the game failed: %s",
			 shut_strerror(rc));
		return TURN_FAIL;
	}
	/* The tiles go down one after the other. */
	for (n = 1; n <= SHUT_TILES_MAX; n++)
		if (a.move & SHUT_TILE(n)) {
			t->showing |= SHUT_TILE(n);
			if ((rc = turn_pause(t, ms / 2)) < 0)
				return rc;
		}
	t->showing = 0;
	if ((rc = turn_act(t, &a)) < 0)
		return rc;
	turn_computer_done(t);
	return turn_pause(t, ms);
}
