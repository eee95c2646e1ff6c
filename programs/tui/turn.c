/*
 * turn.c - the full-screen game's loop and people's keys (computer.c has
 * the computers' turns, dice.c a person's count of dice and the faces of
 * real dice).
 *
 * The loop asks the game what it needs (g->need) and who is to act.  A
 * person answers with keys: a dice count, Enter to throw, tiles picked and
 * Enter to shut them, the faces of real dice.  A computer's choice and
 * every random throw are made by shut_game_step(), or for a computer's
 * move by its strategy first, so that the tiles can be shown being shut
 * one after the other before the move is applied.  Every action goes
 * through play_book() (the record and the history) and its events into
 * the log in the front-end layer's words, as in the plain game.
 *
 * A throw of random dice waits for the person to throw (Enter), as one
 * picks up the dice: until then the last move can be taken back (u), as
 * in the plain game a move can until the next throw.  The keys never
 * block: every wait is short, so that a solver finishing on its thread,
 * a resize or Ctrl-C is seen at once.
 */
#define _DEFAULT_SOURCE
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "front.h"
#include "parts.h"
#include "plain/plain.h"
#include "play.h"
#include "tui.h"
#include "util.h"

static struct tui tui_state;
static char turn_text[32768];

static const int turn_paces[] = { 0, 150, 350, 700, 1200, 2000 };
#define TURN_PACES ((int)(sizeof(turn_paces) / sizeof(turn_paces[0])))

int
tui_pace_ms(const struct tui *t)
{
	return turn_paces[t->pace];
}

void
tui_log(struct tui *t, const char *text)
{
	while (*text != '\0') {
		size_t len = strcspn(text, "\n"), n = len;

		/* A line too long is cut between characters. */
		if (n >= TUI_LOG_LEN) {
			n = TUI_LOG_LEN - 1;
			while (n > 0 && ((unsigned char)text[n] & 0xc0) == 0x80)
				n--;
		}
		snprintf(t->log[t->nlog % TUI_LOG], TUI_LOG_LEN, "%.*s", (int)n,
			 text);
		t->nlog++;
		text += len;
		if (*text == '\n')
			text++;
	}
}

void
turn_note(struct tui *t, int bad, const char *text)
{
	snprintf(t->note, sizeof(t->note), "%s", text);
	t->note_bad = bad;
}

/* ---------------------------------------------------------------------
 * Acting and telling
 */

/* The header of a turn in the log, when a new one starts. */
static void
turn_header(struct tui *t)
{
	struct play *p = t->p;
	struct front_text ft;
	char line[256];

	if (p->g.need == SHUT_NEED_NONE ||
	    (t->shown_round == p->g.round && t->shown_seat == p->g.turn))
		return;
	t->shown_round = p->g.round;
	t->shown_seat = p->g.turn;
	front_text_init(&ft, line, sizeof(line));
	front_turn(&ft, &p->g, &p->seats);
	line[strcspn(line, "\n")] = '\0';
	tui_log(t, line);
}

/*
 * Tells the events of an action in the log, g the game after it (p's, or
 * the one a resume retells the turn in: turn_resumed()).
 */
static void
turn_tell_in(void *ctx, const struct shut_game *g, const struct shut_events *ev)
{
	struct tui *t = ctx;
	struct play *p = t->p;
	struct front_text ft;
	int i;

	for (i = 0; i < ev->n; i++) {
		const struct shut_event *e = &ev->ev[i];

		if (e->kind == SHUT_EVENT_THROW || e->kind == SHUT_EVENT_MOVE)
			t->picked = 0;
		front_text_init(&ft, turn_text, sizeof(turn_text));
		front_event(&ft, g, &p->seats, e);
		tui_log(t, turn_text);
		if (e->kind == SHUT_EVENT_TURN_END)
			odds_turn_end(t, p->human[e->seat]);
	}
}

static void
turn_tell(struct tui *t, const struct shut_events *ev)
{
	turn_tell_in(t, &t->p->g, ev);
}

/*
 * Applies and books action made, by a person; tells its events.  Booked
 * with its roller, as a step sets it (a move of seat 0 else).
 */
int
turn_act(struct tui *t, const struct shut_action *made)
{
	static struct shut_events ev;
	struct play *p = t->p;
	struct shut_action a = *made;

	if (a.kind != SHUT_ACT_LEAVE)
		a.seat = p->g.turn;
	if (p->human[p->g.turn] && a.kind != SHUT_ACT_LEAVE)
		odds_weigh(t, &a);
	if (shut_game_act(&p->g, &a, &ev) < 0)
		return TURN_FAIL;
	if (play_book(p, &a) < 0)
		return TURN_FAIL;
	t->note[0] = '\0';
	turn_tell(t, &ev);
	return 0;
}

/* One step of the driver (a throw, or a computer's choice), booked. */
int
turn_step(struct tui *t)
{
	static struct shut_events ev;
	struct play *p = t->p;
	struct shut_action a;
	int rc;

	rc = shut_game_step(&p->g, p->player, &p->dice, &a, &ev);
	if (rc < 0) {
		snprintf(t->note, sizeof(t->note), "the game failed: %s",
			 shut_strerror(rc));
		return TURN_FAIL;
	}
	if (play_book(p, &a) < 0)
		return TURN_FAIL;
	turn_tell(t, &ev);
	return 0;
}

/* ---------------------------------------------------------------------
 * Keys that work at every prompt
 */

static const char turn_help_keys[] =
    "Keys\n"
    "  1-9, 0, a-z  pick the tile whose key is under it\n"
    "  arrows, space  move along the tiles, pick the one under the cursor\n"
    "  Home, End    the cursor to the first or the last open tile\n"
    "  mouse        click a tile to pick it\n"
    "  Enter        shut the tiles picked; throw the dice\n"
    "  Backspace    unpick every tile\n"
    "  h            the choices ranked (chance to shut, expected score, "
    "and the chance to win where it can be worked out)\n"
    "  o            show or hide the odds of the turn\n"
    "  u            take back your move until the next throw\n"
    "  + -          computer turns faster or slower; any key skips one\n"
    "  ?            this help       q  stop or leave\n";

/*
 * Says on the screen, while the game is played, that it is not kept and
 * why: the history could not be opened (p->unkept, or the setup screen's
 * reason), or there is none (--no-history), or it failed during the game
 * (said in the log).
 */
static void
turn_unkept(struct tui *t)
{
	const char *why =
	    t->p->unkept[0] != '\0' ? t->p->unkept : setup_history_why();

	if (t->p->store != NULL || t->unkept[0] != '\0')
		return;
	if (t->p->id > 0) {
		snprintf(t->unkept, sizeof(t->unkept),
			 "this game is no longer recorded: the history failed "
			 "(see the log)");
		t->unkept_bad = 1;
	} else if (why[0] != '\0') {
		snprintf(t->unkept, sizeof(t->unkept),
			 "this game is not kept: %s", why);
		t->unkept_bad = 1;
	} else {
		snprintf(t->unkept, sizeof(t->unkept),
			 "this game is not kept (no history)");
	}
}

/* The undo key, for a line of keys, when there is something to undo. */
const char *
turn_undo_key(const struct tui *t)
{
	return play_can_take_back(t->p) ? TUI_KEY_UNDO "  " : "";
}

/* Redraws with the panels brought up to date. */
void
turn_draw(struct tui *t)
{
	turn_unkept(t);
	odds_panels(t);
	board_draw(t);
}

static void
turn_help(struct tui *t)
{
	struct front_text ft;

	front_text_init(&ft, turn_text, sizeof(turn_text));
	front_rules(&ft, &t->p->g.rules, t->p->nseats);
	front_printf(&ft, "\n%s", turn_help_keys);
	if (t->p->manual)
		front_printf(&ft, "\nReal dice: at each throw type the faces "
				  "thrown (3 5, or 35) and Enter; u takes "
				  "back the last throw typed until the next "
				  "is, a computer's too.\n");
	tui_window(t, "The rules of this game", turn_text,
		   "any key: back to the game");
}

/*
 * q: stop and keep the game, or the person to play leaves it for good.
 * Returns TURN_STOP, 1 when the player left, 0 to go on.
 */
static int
turn_quit(struct tui *t)
{
	struct play *p = t->p;
	int who = p->g.turn, k;
	static char command[UTIL_RESUME_MAX], text[UTIL_RESUME_MAX + 512];
	struct front_text ft;

	front_text_init(&ft, text, sizeof(text));
	if (p->store != NULL) {
		/* The way to go on, as the line play prints at the end. */
		util_resume_command(command, sizeof(command), p->db, p->id);
		front_printf(&ft, "k   stop here and keep the game, to go on "
				  "later\n    (");
		front_escaped(&ft, command, strlen(command), 0);
		front_printf(&ft, ")\n");
	} else {
		front_printf(&ft, "k   stop here (this game has no history: it "
				  "is not kept)\n");
	}
	if (p->human[who])
		front_printf(&ft, "l   leave the game for good (%s)\n",
			     p->name[who]);
	front_printf(&ft, "Esc go on playing");
	/* The keys of the window's lines, no more: l is a person's own. */
	k = tui_window(t, "Leave the game?", text,
		       p->human[who] ? "k, l or Esc" : "k or Esc");
	/* s as in the plain game. */
	if (k == 'k' || k == 's' || k == 'y' || k == SCREEN_STOP)
		return TURN_STOP;
	if (k == 'l' && p->human[who]) {
		struct shut_action a = { .kind = SHUT_ACT_LEAVE, .seat = who };

		return turn_act(t, &a) < 0 ? TURN_FAIL : 1;
	}
	return 0;
}

/*
 * The keys every prompt shares.  Returns 1 when the key was one of them
 * (and done), TURN_STOP or TURN_FAIL to end, 2 when the game changed
 * (a take-back, a player leaving), else 0.
 */
int
turn_common(struct tui *t, int k)
{
	char what[256];
	int rc;

	switch (k) {
	case SCREEN_STOP:
		return TURN_STOP;
	case SCREEN_NONE:
	case SCREEN_K(KEY_RESIZE):
		return 1;
	case 'h':
		t->hint = 1;
		t->popup_top = 0;
		do {
			turn_draw(t);
			k = screen_key(250);
			odds_poll(t);
		} while (k == SCREEN_NONE || k == SCREEN_K(KEY_RESIZE) ||
			 screen_scroll(k, &t->popup_top, t->popup_most));
		t->hint = 0;
		t->popup_title[0] = '\0';
		t->popup_top = 0;
		return k == SCREEN_STOP ? TURN_STOP : 1;
	case 'o':
		t->odds = !t->odds;
		return 1;
	case '?':
		turn_help(t);
		return 1;
	case '+':
		if (t->pace > 0)
			t->pace--;
		return 1;
	case '-':
		if (t->pace < TURN_PACES - 1)
			t->pace++;
		return 1;
	case 'u':
		rc = play_take_back(t->p, what, sizeof(what));
		/* Said where the log is out of sight too (a small screen). */
		turn_note(t, !rc, what);
		if (rc) {
			t->picked = 0;
			odds_taken_back(t);
			tui_log(t, what);
		}
		return rc ? 2 : 1;
	case 'q':
		rc = turn_quit(t);
		return rc == 0 ? 1 : rc == 1 ? 2 : rc;
	default:
		return 0;
	}
}

/* Waits for a key; the common ones are done.  Returns the key or <0. */
int
turn_key(struct tui *t, int *changed)
{
	int k, rc;

	for (;;) {
		turn_draw(t);
		k = screen_key(250);
		odds_poll(t);
		rc = turn_common(t, k);
		if (rc < 0)
			return rc;
		if (rc == 2) {
			*changed = 1;
			return 0;
		}
		if (rc == 0)
			return k;
	}
}

int
turn_enter(int k)
{
	return k == '\r' || k == '\n' || k == SCREEN_K(KEY_ENTER);
}

/* ---------------------------------------------------------------------
 * A person's turn
 */

/* A person throws random dice: Enter (or space) throws. */
static int
turn_throw(struct tui *t)
{
	int k, changed = 0, row, col, tile;

	snprintf(t->status, sizeof(t->status),
		 "%s: press Enter to throw %s%d %s", t->p->name[t->p->g.turn],
		 t->p->g.ndice == 1 ? "" : "the ", t->p->g.ndice,
		 t->p->g.ndice == 1 ? "die" : "dice");
	snprintf(t->keys, sizeof(t->keys),
		 "Enter throw  h hint  o odds  %s? help  q quit",
		 play_can_take_back(t->p) ? TUI_KEY_UNDO " the last move  "
					  : "");
	for (;;) {
		k = turn_key(t, &changed);
		if (k < 0 || changed)
			return k;
		/* Thrown, a note of a key before is moot. */
		if (turn_enter(k) || k == ' ') {
			t->note[0] = '\0';
			return turn_step(t);
		}
		/* A tile's key or click, or another key, says so (it did
		 * nothing, unsaid); Esc, the way out of a window, is let be. */
		if (k == SCREEN_K(KEY_MOUSE))
			tile = screen_mouse(&row, &col) == 0
				   ? board_tile_at(t, row, col)
				   : 0;
		else
			tile = tui_key_tile(t, k);
		if (tile != 0)
			turn_note(t, 1, "throw first: press Enter to throw");
		else if (k != SCREEN_K(KEY_MOUSE) && k != 27)
			turn_note(t, 1,
				  "that key does nothing here: ? shows the "
				  "keys");
	}
}

/* The next tile of the roller's board from tile n, in direction dir. */
static int
turn_next(const struct tui *t, int n, int dir)
{
	const struct shut_game *g = &t->p->g;
	uint32_t board = shut_game_board(g);
	int lo = g->rules.tile_lo, hi = g->rules.tile_hi, i;

	for (i = lo; i <= hi; i++) {
		n += dir;
		if (n > hi)
			n = lo;
		if (n < lo)
			n = hi;
		if (board & SHUT_TILE(n))
			return n;
	}
	return 0;
}

/*
 * Picks tile n, or unpicks it.  A tile that would take the sum of those
 * picked over the throw is refused at once, with the reason: no move of
 * any rule adds up to more than the throw.
 */
static void
turn_toggle(struct tui *t, int n)
{
	const struct shut_game *g = &t->p->g;
	int total = shut_throw_total(&g->last_throw);
	struct front_text ft;
	char num[32], text[256];
	uint32_t with, base;

	if (n == 0)
		return;
	/*
	 * The only move, picked for the person, who picks it too: the pick
	 * is then theirs, from nothing (typing its tiles picked it away).
	 */
	base = t->prepicked ? 0 : t->picked;
	t->cursor = n;
	with = base | SHUT_TILE(n);
	if (!(shut_game_board(g) & SHUT_TILE(n))) {
		snprintf(num, sizeof(num), "tile %d is %s", n,
			 shut_game_opener(g, g->turn) ? "open" : "shut");
		turn_note(t, 1, num);
		return;
	}
	if (with != base && shut_tiles_sum(with) > total) {
		front_text_init(&ft, text, sizeof(text));
		front_printf(&ft, "%d not picked: ", n);
		if (base != 0) {
			front_move(&ft, with);
			front_printf(&ft, " = %d, ", shut_tiles_sum(with));
		}
		front_printf(&ft, "more than the throw of %d", total);
		turn_note(t, 1, text);
		return;
	}
	t->picked = base ^ SHUT_TILE(n);
	t->prepicked = 0;
	t->note[0] = '\0';
}

/* Enter: the tiles picked are shut, or why not is said. */
static int
turn_confirm(struct tui *t)
{
	struct shut_game *g = &t->p->g;
	struct shut_action a = { .kind = SHUT_ACT_MOVE, .move = t->picked };
	struct front_text ft;
	struct shut_why why;
	char text[256];

	if (t->picked == 0) {
		turn_note(t, 1, "pick the tiles first");
		return 0;
	}
	if (shut_game_why(g, t->picked, &why) != SHUT_WHY_OK) {
		front_text_init(&ft, text, sizeof(text));
		front_why(&ft, &g->rules, &g->last_throw,
			  shut_game_opener(g, g->turn), t->picked, &why);
		turn_note(t, 1, text);
		return 0;
	}
	return turn_act(t, &a) < 0 ? TURN_FAIL : 1;
}

/* A person picks the tiles of a move. */
static int
turn_move(struct tui *t)
{
	struct shut_game *g = &t->p->g;
	int opener = shut_game_opener(g, g->turn), k, row, col, changed = 0;
	uint32_t only;
	char move[FRONT_MOVE_LEN];
	struct front_text ft;

	t->picked = 0;
	t->prepicked = 0;
	t->cursor = turn_next(t, g->rules.tile_lo - 1, 1);
	if (shut_game_moves(g, &only, 1) == 1) {
		t->picked = only;
		t->prepicked = 1;
		front_text_init(&ft, move, sizeof(move));
		front_move(&ft, only);
		snprintf(t->note, sizeof(t->note),
			 "the only move is %s: Enter %s it", move,
			 opener ? "opens" : "shuts");
		t->note_bad = 0;
	}
	front_text_init(&ft, move, sizeof(move));
	front_pick(&ft, g);
	snprintf(t->status, sizeof(t->status),
		 "%s threw %d: %s" TUI_STATUS_ENTER, t->p->name[g->turn],
		 shut_throw_total(&g->last_throw), move);
	snprintf(t->keys, sizeof(t->keys),
		 "%s pick  Enter %s  Bksp clear  h hint  o odds  %s? help  "
		 "q quit",
		 g->rules.tile_hi > 9 ? "keys under tiles" : "1-9",
		 opener ? "open" : "shut", turn_undo_key(t));
	for (;;) {
		k = turn_key(t, &changed);
		if (k < 0 || changed)
			return k;
		if (turn_enter(k)) {
			int rc = turn_confirm(t);

			if (rc != 0)
				return rc < 0 ? rc : 0;
		} else if (k == SCREEN_K(KEY_LEFT) || k == SCREEN_K(KEY_UP)) {
			t->cursor = turn_next(t, t->cursor, -1);
		} else if (k == SCREEN_K(KEY_RIGHT) ||
			   k == SCREEN_K(KEY_DOWN)) {
			t->cursor = turn_next(t, t->cursor, 1);
		} else if (k == SCREEN_K(KEY_HOME)) {
			t->cursor = turn_next(t, g->rules.tile_lo - 1, 1);
		} else if (k == SCREEN_K(KEY_END)) {
			t->cursor = turn_next(t, g->rules.tile_hi + 1, -1);
		} else if (k == ' ') {
			turn_toggle(t, t->cursor);
		} else if (k == SCREEN_K(KEY_BACKSPACE) || k == 127 || k == 8) {
			t->picked = 0;
			t->prepicked = 0;
		} else if (k == SCREEN_K(KEY_MOUSE)) {
			if (screen_mouse(&row, &col) == 0)
				turn_toggle(t, board_tile_at(t, row, col));
		} else if (tui_key_tile(t, k) != 0) {
			turn_toggle(t, tui_key_tile(t, k));
		} else {
			turn_note(t, 1,
				  "that key does nothing here: ? "
				  "shows the keys");
		}
	}
}

/* ---------------------------------------------------------------------
 * The game
 */

/* A person with one dice count allowed throws that many. */
static int
turn_only_count(struct tui *t, unsigned choices)
{
	struct shut_action a = { .kind = SHUT_ACT_DICE };

	while (!(choices & (1u << a.dice)))
		a.dice++;
	return turn_act(t, &a);
}

static int
turn_loop(struct tui *t)
{
	struct play *p = t->p;
	struct shut_game *g = &p->g;
	struct front_text ft;
	unsigned choices;
	int rc, k, analysable, guard;
	const char *undo;
	char keys[256];

again:
	while (g->need != SHUT_NEED_NONE) {
		odds_poll(t);
		turn_header(t);
		if (p->human[g->turn])
			t->skip = 0;
		choices =
		    g->need == SHUT_NEED_DICE ? shut_game_dice_choices(g) : 0;
		if (g->need == SHUT_NEED_THROW && p->manual)
			rc = dice_faces(t, 0, '\0');
		else if (!p->human[g->turn])
			rc = turn_computer(t);
		else if (g->need == SHUT_NEED_DICE && (choices & (choices - 1)))
			rc = dice_count(t);
		else if (g->need == SHUT_NEED_DICE)
			rc = turn_only_count(t, choices);
		else if (g->need == SHUT_NEED_THROW)
			rc = turn_throw(t);
		else
			rc = turn_move(t);
		if (rc == TURN_STOP)
			return PLAIN_KEPT;
		if (rc < 0)
			return PLAIN_FAIL;
	}
	/* Counted as over before the window: a game killed there too (u, with
	 * real dice typed wrong, counts it unfinished again). */
	undo = play_take_back_what(p);
	play_mark_over(p);
	front_text_init(&ft, turn_text, sizeof(turn_text));
	front_result(&ft, g, &p->seats);
	t->status[0] = t->keys[0] = '\0';
	/* A key typed to skip the last turn does not close the result, nor
	 * one typed just as it shows (Enter, to throw or to skip a turn). */
	screen_forget_keys();
	analysable = play_analysable(p);
	/* Guarded when it first shows, not when the analysis closes. */
	for (guard = TUI_OVER_GUARD_MS;; guard = 0) {
		/* With real dice, a face typed late does not leave: Enter,
		 * q or Esc does. */
		snprintf(keys, sizeof(keys), "%s%s%s%sn: a new game   %s",
			 undo ? "u: take back the " : "", undo ? undo : "",
			 undo ? "   " : "",
			 analysable ? "a: the analysis   " : "",
			 p->manual ? "Enter: leave" : "any other key: leave");
		k = tui_window_guarded(t, "The game is over", turn_text, keys,
				       guard);
		if (k == 'a' && analysable)
			odds_analysis(t);
		else if (!p->manual || k < 0 || turn_enter(k) || k == 'q' ||
			 k == 'Q' || k == 27 || k == 'n' || k == 'N' ||
			 (undo && k == 'u'))
			break;
	}
	if (undo && k == 'u') {
		play_take_back(p, keys, sizeof(keys));
		/* As u at a prompt does (turn_common()). */
		t->picked = 0;
		odds_taken_back(t);
		tui_log(t, keys);
		goto again;
	}
	play_mark_over(p);
	p->again = k == 'n' || k == 'N';
	return PLAIN_OVER;
}

/* Errors and warnings while the screen is up go to the log. */
static void
turn_report(const char *line)
{
	char text[1100];

	snprintf(text, sizeof(text), "shutbox: %s", line);
	tui_log(&tui_state, text);
}

/*
 * A game resumed in a turn: its header and what it has done so far (the
 * throws and moves, a person's too) in the log, which goes on from the
 * intro (a record that does not replay again, which play_replay() took,
 * cannot be: the header alone).
 */
static void
turn_resumed(struct tui *t)
{
	struct play *p = t->p;

	/* Its choices before the stop were weighed by none. */
	t->since = p->resumed &&
		   (!p->g.first ||
		    (p->g.need == SHUT_NEED_THROW && play_dice_chosen(&p->g)));
	if (!p->resumed || p->g.need == SHUT_NEED_NONE)
		return;
	turn_header(t);
	play_turn_so_far(p, turn_tell_in, t);
}

/* What the log says first: the game, its seed, its rules, the seats. */
static void
turn_intro(struct tui *t)
{
	struct play *p = t->p;
	const struct shut_preset *preset = shut_preset_find(p->spec);
	struct front_text ft;
	char never[256];
	int i;

	front_text_init(&ft, turn_text, sizeof(turn_text));
	if (p->resumed)
		front_printf(&ft,
			     "Resuming game %" PRId64 " after %zu "
			     "action%s.\n",
			     p->id, p->nactions, p->nactions == 1 ? "" : "s");
	else if (p->store != NULL)
		front_printf(&ft, "Game %" PRId64 "%s\n", p->id,
			     p->manual ? ", with real dice" : "");
	/* The line under the board says it; the log, a failure too. */
	turn_unkept(t);
	if (t->unkept_bad)
		front_printf(&ft, "%s\n", t->unkept);
	if (!p->resumed && play_seeded(p))
		front_printf(&ft, "seed %" PRIu64 "\n", p->seed);
	front_printf(&ft, "rules: %s%s%s%s\nplayers:", p->spec,
		     preset ? " (" : "", preset ? preset->help : "",
		     preset ? ")" : "");
	for (i = 0; i < p->nseats; i++)
		front_printf(&ft, "%s %s", i ? "," : "", p->name[i]);
	if (p->notice[0] != '\0')
		front_printf(&ft, "\n%s", p->notice);
	if (p->named[0] != '\0')
		front_printf(&ft, "\n%s", p->named);
	/* Said on standard error too, before the screen hid it. */
	if (util_rules_warning(&p->rules, never, sizeof(never)))
		front_printf(&ft, "\nwarning: %s", never);
	front_printf(&ft, "\nPress ? for the rules and the keys.");
	tui_log(t, turn_text);
}

int
tui_run(struct play *p)
{
	/* The panel and pace chosen are kept for the next game (n). */
	static int odds, pace = 3;
	struct tui *t = &tui_state;
	int rc;

	memset(t, 0, sizeof(*t));
	t->p = p;
	t->pace = pace;
	t->odds = odds;
	t->shown_round = -1;
	if (screen_open() < 0)
		return PLAIN_FAIL;
	util_report_to = turn_report;
	turn_intro(t);
	turn_resumed(t);
	rc = turn_loop(t);
	odds = t->odds;
	pace = t->pace;
	util_report_to = NULL;
	screen_close();
	if (rc == PLAIN_FAIL)
		util_fail("%s", t->note[0] ? t->note : "the game failed");
	/* The result stays in the terminal once the screen is gone. */
	if (rc == PLAIN_OVER) {
		struct front_text ft;

		front_text_init(&ft, turn_text, sizeof(turn_text));
		/* Which game: another may be played after it (n). */
		if (p->store != NULL)
			front_printf(&ft, "\nGame %" PRId64 " is over.", p->id);
		front_result(&ft, &p->g, &p->seats);
		printf("%s%s", turn_text,
		       turn_text[0] && turn_text[strlen(turn_text) - 1] != '\n'
			   ? "\n"
			   : "");
	}
	return rc;
}
