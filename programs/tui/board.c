/*
 * board.c - the board drawn: tiles, dice, seats, the log, the panels.
 *
 * board_draw() draws the whole screen from the game and the screen's
 * state, every time: a screen this small costs nothing to redraw, and a
 * redraw from the state alone cannot drift from it.  The layout follows
 * the window's size: the tiles in as many rows as they need, lids three
 * lines high when there is room and one line high when there is not, the
 * seats in a panel on the right, the log of what happened filling the rest.
 *
 * An open tile is a raised lid with its number; a shut tile is a flat lid
 * with none, so the two differ in shape as well as colour and read the
 * same with NO_COLOR or on a monochrome terminal.  A tile that cannot be
 * part of any legal move of the throw is dim; a picked tile is in reverse.
 */
#define _DEFAULT_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "front.h"
#include "parts.h"
#include "play.h"

/* Where the parts of the board are, for this window. */
struct layout {
	int left_w;	      /* columns left of the seats' panel */
	int panel_x, panel_w; /* the seats' panel */
	int tiles_y, per_row; /* the tiles */
	int tile_h;	      /* 4: lids, 2: one line each (with keys) */
	int dice_y, dice_h;   /* the dice: 5 rows drawn, or 1 of text */
	int pick_y;	      /* the line of the pick */
	int log_y, log_h;     /* the log */
	int bottom;	      /* the first row under the log and the panel */
};

static int
board_ntiles(const struct tui *t)
{
	const struct shut_rules *r = &t->p->g.rules;

	return r->tile_hi - r->tile_lo + 1;
}

static void
board_layout(const struct tui *t, struct layout *l)
{
	int n = board_ntiles(t), rows, fixed;

	l->panel_w = COLS >= 100 ? 36 : COLS >= 80 ? 32 : 26;
	l->panel_x = COLS - l->panel_w;
	l->left_w = l->panel_x - 1;
	l->tiles_y = 2;
	/* Rows of equal length: 12 tiles in 2 rows of 6, not 9 and 3. */
	l->per_row = (l->left_w - 1) / 5;
	if (l->per_row < 1)
		l->per_row = 1;
	rows = (n + l->per_row - 1) / l->per_row;
	l->per_row = (n + rows - 1) / rows;
	/* Title, tiles, dice (5), the pick, 3 lines at the bottom, a log. */
	fixed = 2 + 5 + 1 + 3 + 3;
	l->tile_h = rows * 4 + fixed <= LINES ? 4 : 2;
	l->dice_y = l->tiles_y + rows * l->tile_h;
	/* Dice drawn where they fit above the pick and the foot's 3 rows
	 * (a box of 25 to 32 tiles at 60x20 says them in a line). */
	l->dice_h = l->dice_y + 5 + 1 + 3 <= LINES ? 5 : 1;
	l->pick_y = l->dice_y + l->dice_h;
	l->log_y = l->pick_y + 2;
	/* A note of two rows takes the log's last (screen_note()). */
	l->bottom = LINES - 2 - (t->note[0] ? screen_note_rows(t->note) : 1);
	/* Its last line at least, where the screen is short (a big box at
	 * 60x20): the blank above it goes. */
	if (l->bottom - l->log_y < 1)
		l->log_y = l->pick_y + 1;
	l->log_h = l->bottom - l->log_y;
}

int
tui_tile_key(int n)
{
	static const char letters[] = "abcdefgijklmnprstvwxyz";

	if (n >= 1 && n <= 9)
		return '0' + n;
	if (n == 10)
		return '0';
	if (n >= 11 && n - 11 < (int)sizeof(letters) - 1)
		return letters[n - 11];
	return 0;
}

int
tui_key_tile(const struct tui *t, int key)
{
	const struct shut_rules *r = &t->p->g.rules;
	int n;

	for (n = r->tile_lo; n <= r->tile_hi; n++)
		if (tui_tile_key(n) == key)
			return n;
	return 0;
}

/* The top-left corner of tile n. */
static void
board_tile_yx(const struct tui *t, const struct layout *l, int n, int *y,
	      int *x)
{
	int i = n - t->p->g.rules.tile_lo;

	*y = l->tiles_y + (i / l->per_row) * l->tile_h;
	*x = 1 + (i % l->per_row) * 5;
}

int
board_tile_at(const struct tui *t, int row, int col)
{
	const struct shut_rules *r = &t->p->g.rules;
	struct layout l;
	int n, y, x;

	board_layout(t, &l);
	for (n = r->tile_lo; n <= r->tile_hi; n++) {
		board_tile_yx(t, &l, n, &y, &x);
		if (row >= y && row < y + l.tile_h && col >= x && col < x + 4)
			return n;
	}
	return 0;
}

/* The tiles of some legal move of the throw now, or 0. */
static int
board_or(void *ctx, uint32_t move)
{
	*(uint32_t *)ctx |= move;
	return 0;
}

static uint32_t
board_playable(const struct tui *t)
{
	const struct shut_game *g = &t->p->g;
	uint32_t any = 0;

	if (g->need != SHUT_NEED_MOVE)
		return 0;
	shut_moves_each(&g->rules, shut_game_board(g), &g->last_throw, g->first,
			board_or, &any);
	return any;
}

/* One tile: a raised lid when open, a flat one when shut. */
static void
board_tile(const struct tui *t, const struct layout *l, int n,
	   uint32_t playable)
{
	const struct shut_game *g = &t->p->g;
	uint32_t bit = SHUT_TILE(n);
	int open = (g->open & bit) != 0;
	int picked = ((t->picked | t->showing) & bit) != 0;
	/* The Opener of a battle picks among shut tiles: they are its board. */
	int mine = (shut_game_board(g) & bit) != 0;
	attr_t a = screen_pair(PAIR_OPEN) | A_BOLD;
	char num[8];
	int y, x;

	board_tile_yx(t, l, n, &y, &x);
	snprintf(num, sizeof(num), "%2d", n);
	if (!open)
		a = screen_pair(PAIR_SHUT);
	if (g->need == SHUT_NEED_MOVE && mine && !(playable & bit) && !picked)
		a = A_DIM;
	if (picked)
		a = screen_pair(PAIR_PICKED) | A_REVERSE | A_BOLD;
	attron(a);
	if (l->tile_h == 4 && open) {
		mvaddch(y, x, ACS_ULCORNER);
		mvhline(y, x + 1, ACS_HLINE, 2);
		mvaddch(y, x + 3, ACS_URCORNER);
		mvaddch(y + 1, x, ACS_VLINE);
		mvaddstr(y + 1, x + 1, num);
		mvaddch(y + 1, x + 3, ACS_VLINE);
		mvaddch(y + 2, x, ACS_LLCORNER);
		mvhline(y + 2, x + 1, ACS_HLINE, 2);
		mvaddch(y + 2, x + 3, ACS_LRCORNER);
	} else if (l->tile_h == 4) {
		mvhline(y + 2, x, ACS_HLINE, 4);
	} else if (open) {
		mvprintw(y, x, "[%s]", num);
	} else {
		mvhline(y, x, ACS_HLINE, 4);
	}
	attroff(a);
	/* The key that picks it, under it; the cursor's in brackets. */
	a = n == t->cursor && g->need == SHUT_NEED_MOVE ? A_REVERSE : A_DIM;
	attron(a);
	mvprintw(y + l->tile_h - 1, x + 1, "%c%c", tui_tile_key(n),
		 n == t->cursor && g->need == SHUT_NEED_MOVE ? '<' : ' ');
	attroff(a);
}

/* The pips of a d6 face on a 3 x 3 grid, a bit per place, row by row. */
static const unsigned board_pips[7] = {
	0, 0x010, 0x101, 0x111, 0x145, 0x155, 0x16d,
};

/* One die at (y, x): pips for a d6, its number otherwise. */
static void
board_die(int y, int x, int face, int faces, attr_t a)
{
	const char *pip = screen_utf8() ? "\u25cf" : "o";
	int r, c;

	attron(a);
	mvaddch(y, x, ACS_ULCORNER);
	mvhline(y, x + 1, ACS_HLINE, 5);
	mvaddch(y, x + 6, ACS_URCORNER);
	for (r = 1; r <= 3; r++) {
		mvaddch(y + r, x, ACS_VLINE);
		mvhline(y + r, x + 1, ' ', 5);
		mvaddch(y + r, x + 6, ACS_VLINE);
	}
	mvaddch(y + 4, x, ACS_LLCORNER);
	mvhline(y + 4, x + 1, ACS_HLINE, 5);
	mvaddch(y + 4, x + 6, ACS_LRCORNER);
	attroff(a);
	if (faces != 6 || face < 1 || face > 6) {
		mvprintw(y + 2, x + 2, "%3d", face);
		return;
	}
	attron(screen_pair(PAIR_PIP) | A_BOLD);
	for (r = 0; r < 3; r++)
		for (c = 0; c < 3; c++)
			if (board_pips[face] & (1u << (8 - (r * 3 + c))))
				mvaddstr(y + 1 + r, x + 1 + 2 * c, pip);
	attroff(screen_pair(PAIR_PIP) | A_BOLD);
}

/* The dice of the throw to play, or the last throw, dim. */
static void
board_dice(const struct tui *t, const struct layout *l)
{
	const struct shut_game *g = &t->p->g;
	const struct shut_throw *th = &g->last_throw;
	attr_t a = g->need == SHUT_NEED_MOVE ? A_BOLD : A_DIM;
	char text[256];
	struct front_text ft;
	int i;

	/* A line of text: in the middle of where dice are drawn. */
	int y = l->dice_y + l->dice_h / 2;

	if (t->faces[0] != '\0') {
		snprintf(text, sizeof(text), "faces: %s_", t->faces);
		screen_text(y, 1, l->left_w - 1, text);
		return;
	}
	if (th->n == 0)
		return;
	if (th->n * 8 <= l->left_w && l->dice_h == 5) {
		for (i = 0; i < th->n; i++)
			board_die(l->dice_y, 1 + 8 * i, th->face[i],
				  g->rules.faces, a);
		return;
	}
	front_text_init(&ft, text, sizeof(text));
	front_printf(&ft, "dice  ");
	front_throw(&ft, th);
	attron(a);
	screen_text(y, 1, l->left_w - 1, text);
	attroff(a);
}

/*
 * The pick against the throw: "throw 8   picked 3+5 = 8"; without the sum
 * where the status names the tiles (thai: a tile is a die's or the
 * total).
 */
static void
board_pick(const struct tui *t, const struct layout *l)
{
	const struct shut_game *g = &t->p->g;
	char text[256], move[FRONT_MOVE_LEN];
	struct front_text ft;
	int sum = 0, n, named;

	if (g->need != SHUT_NEED_MOVE)
		return;
	/* Whether the status's words name the tiles: then no sum. */
	front_text_init(&ft, move, sizeof(move));
	named = front_pick(&ft, g);
	for (n = 1; n <= SHUT_TILES_MAX; n++)
		if (t->picked & SHUT_TILE(n))
			sum += n;
	front_text_init(&ft, move, sizeof(move));
	front_move(&ft, t->picked);
	/* A computer picks nothing by hand: its move is shown going down. */
	if (!t->p->human[g->turn])
		snprintf(text, sizeof(text), "throw %d",
			 shut_throw_total(&g->last_throw));
	else if (named)
		snprintf(text, sizeof(text), "throw %d   picked %s",
			 shut_throw_total(&g->last_throw),
			 t->picked ? move : "nothing");
	else
		snprintf(text, sizeof(text), "throw %d   picked %s = %d",
			 shut_throw_total(&g->last_throw),
			 t->picked ? move : "nothing", sum);
	attron(A_BOLD);
	screen_text(l->pick_y, 1, l->left_w - 1, text);
	attroff(A_BOLD);
}

/*
 * What is said of seat i of g after its total, into buf: " wins", or the
 * layer's note (" out", " did not play"...), or "".
 */
static const char *
board_state(const struct shut_game *g, const struct front_seats *s, int i,
	    char *buf, size_t len)
{
	const char *note = front_seat_note(g, s, i);
	int wins = front_seat_wins(g, i);

	snprintf(buf, len, "%s%s", wins || note[0] ? " " : "",
		 wins ? "wins" : note);
	return buf;
}

/*
 * A name too wide for width columns whose last word is short beside them
 * (Sr, Jr, III) cut before it ("Bartholomew... Sr"), padded: 1, or 0
 * when it has no such word.
 */
static int
board_name_end(struct front_text *ft, const char *name, int width)
{
	const char *last = strrchr(name, ' ');
	const char *more = screen_more();
	int tw, used;
	size_t head;

	if (last == NULL || last == name || last[1] == '\0' ||
	    (tw = front_columns(last, SIZE_MAX)) > width / 3)
		return 0;
	head = front_fit(name, width - tw - 1, &used);
	while (head > 0 && name[head - 1] == ' ') {
		head--;
		used--;
	}
	front_printf(ft, "%.*s%s%s%*s", (int)head, name, more, last,
		     width - used - 1 - tw, "");
	return 1;
}

/*
 * Writes name cut at width columns and padded with blanks to width.  A
 * twin's number (" (12)", play_name_seats()) is kept whole where the name
 * is cut, so that twins cut short are still told apart; so is a short
 * last word (Sr, Jr: board_name_end()).
 */
static void
board_name(char *buf, size_t len, const char *name, int width)
{
	struct front_text ft;
	const char *twin = strrchr(name, '(');
	size_t n = strlen(name), base;
	int tw;

	front_text_init(&ft, buf, len);
	if (front_columns(name, n) > width && twin != NULL && twin > name &&
	    twin[-1] == ' ' && name[n - 1] == ')' &&
	    strspn(twin + 1, "0123456789") == n - (size_t)(twin - name) - 2 &&
	    (tw = front_columns(twin - 1, SIZE_MAX)) < width) {
		char cut[PLAY_NAME_BYTES + 16];

		base = (size_t)(twin - 1 - name);
		snprintf(cut, sizeof(cut), "%.*s", (int)base, name);
		front_pad(&ft, cut, width - tw);
		front_printf(&ft, "%s", twin - 1);
		return;
	}
	if (front_columns(name, n) > width && board_name_end(&ft, name, width))
		return;
	front_pad(&ft, name, width);
}

/*
 * The name who shortened to room columns (8 or more) into buf, as the
 * panel cuts it (a twin's number, a short last word kept), else cut and
 * marked so; no blanks after it.
 */
static void
board_name_short(char *buf, size_t len, const char *who, int room)
{
	struct front_text ft;
	size_t head, n;
	int used;

	board_name(buf, len, who, room);
	for (n = strlen(buf); n > 0 && buf[n - 1] == ' '; n--)
		buf[n - 1] = '\0';
	if (strncmp(buf, who, n) == 0) {
		head = front_fit(who, room - 1, &used);
		front_text_init(&ft, buf, len);
		front_printf(&ft, "%.*s%s", (int)head, who, screen_more());
	}
}

/*
 * A status still too wide for cols columns that begins with the name who
 * (a long one at 60 columns) with that name shortened
 * (board_name_short()), so that what to do is read whole; else status as
 * it is.  The text is in a static buffer.
 */
static const char *
board_status_who(const char *status, const char *who, int cols)
{
	static char line[1024];
	const size_t wn = strlen(who);
	struct front_text ft;
	size_t len;
	int room;

	if (front_columns(status, SIZE_MAX) <= cols || wn == 0 ||
	    strncmp(status, who, wn) != 0)
		return status;
	room = cols - front_columns(status + wn, SIZE_MAX);
	if (room < 8 || room >= front_columns(who, wn))
		return status;
	board_name_short(line, sizeof(line), who, room);
	len = strlen(line);
	front_text_init(&ft, line + len, sizeof(line) - len);
	front_printf(&ft, "%s", status + wn);
	return line;
}

/*
 * The status line in cols columns.  Too wide, it goes without its last
 * words (TUI_STATUS_ENTER, or what Enter does in brackets: "(Enter: 2)"),
 * which the keys below say too, so that what to pick is not cut instead.
 */
static void
board_status(const char *status, const char *who, int cols)
{
	static const char tail[] = TUI_STATUS_ENTER;
	const size_t n = strlen(status), tn = sizeof(tail) - 1;
	const char *enter = strstr(status, " (Enter: ");
	char cut[512];

	if (front_columns(status, n) > cols && n > tn && n < sizeof(cut) &&
	    strcmp(status + n - tn, tail) == 0) {
		snprintf(cut, sizeof(cut), "%.*s", (int)(n - tn), status);
		status = cut;
	} else if (front_columns(status, n) > cols && enter != NULL &&
		   n < sizeof(cut) && status[n - 1] == ')' &&
		   strchr(enter + 2, '(') == NULL) {
		snprintf(cut, sizeof(cut), "%.*s", (int)(enter - status),
			 status);
		status = cut;
	}
	screen_text(LINES - 2, 1, cols, board_status_who(status, who, cols));
}

/*
 * Which seats of g the panel shows in rows lines: from the first, shown
 * of them.  Where they are more than the lines, the seat to play is among
 * them (a line above says how many come before, one below how many
 * after).
 */
static void
board_seats_shown(const struct shut_game *g, int rows, int *from, int *shown)
{
	const int turn = g->need != SHUT_NEED_NONE ? g->turn : 0;

	*from = 0;
	*shown = g->nseats;
	if (g->nseats <= rows)
		return;
	*shown = rows > 1 ? rows - 1 : 0; /* a line for those after */
	if (turn < *shown || rows < 3)
		return;
	*shown = rows - 2; /* and one for those before */
	*from = turn - *shown / 2;
	if (*from + *shown >= g->nseats) {
		*shown = rows - 1; /* the last: no line after */
		*from = g->nseats - *shown;
	}
}

/*
 * Every seat with its total, the one to play marked, the pot.  The names
 * take the room there is: the totals take as many columns as the largest
 * needs, and the state after them (wins, out...) takes room only once a
 * seat has one; the heading "total" takes those of the state too where
 * the totals are narrower than it (it kept five columns for them, which a
 * name then went without).
 */
static void
board_seats(const struct tui *t, const struct layout *l)
{
	const struct play *p = t->p;
	const struct shut_game *g = &p->g;
	int y = 2, i, w = l->panel_w - 2, numw = 1, statew = 0, namew, from,
	    shown, battle = g->rules.mode == SHUT_MODE_BATTLE;
	char line[512], name[PLAY_NAME_BYTES + 64], money[32], state[32];
	struct front_text ft;

	for (i = 0; i < g->nseats; i++) {
		int n = snprintf(money, sizeof(money), "%llu",
				 (unsigned long long)g->seat[i].total);
		int sw = (int)strlen(
		    board_state(g, &p->seats, i, state, sizeof(state)));

		if (n > numw)
			numw = n;
		if (sw > statew)
			statew = sw;
	}
	/* The heading's five columns, of the totals' and the state's. */
	if (numw + statew < 5)
		numw = 5 - statew;
	/* A battle's totals say nothing: its sides are said (the note). */
	if (battle)
		numw = 0;
	namew = w - 3 - numw - statew;
	if (namew < 1)
		namew = 1;
	attron(screen_pair(PAIR_PANEL) | A_BOLD);
	/* Narrower totals: "total" whole, over the state's columns too. */
	snprintf(line, sizeof(line), "%-*s %*s", namew + 2, "Players", numw,
		 battle ? "" : "total");
	screen_text(y++, l->panel_x, w, line);
	attroff(screen_pair(PAIR_PANEL) | A_BOLD);
	board_seats_shown(g, LINES - 7 - y, &from, &shown);
	if (from > 0)
		mvprintw(y++, l->panel_x, "  %d more above", from);
	for (i = from; i < from + shown; i++, y++) {
		const struct shut_seat *s = &g->seat[i];
		int mine = i == g->turn && g->need != SHUT_NEED_NONE;

		board_name(name, sizeof(name), p->name[i], namew);
		if (battle)
			snprintf(
			    line, sizeof(line), "%c %s%s", mine ? '>' : ' ',
			    name,
			    board_state(g, &p->seats, i, state, sizeof(state)));
		else
			snprintf(
			    line, sizeof(line), "%c %s %*llu%s",
			    mine ? '>' : ' ', name, numw,
			    (unsigned long long)s->total,
			    board_state(g, &p->seats, i, state, sizeof(state)));
		if (mine)
			attron(A_BOLD | A_REVERSE);
		if (s->out && !s->winner)
			attron(A_DIM);
		screen_text(y, l->panel_x, w, line);
		attroff(A_BOLD | A_REVERSE | A_DIM);
	}
	if (i < g->nseats)
		mvprintw(y++, l->panel_x, "  and %d more", g->nseats - i);
	front_text_init(&ft, money, sizeof(money));
	if (front_pot(&ft, g)) {
		snprintf(line, sizeof(line), "Pot %s", money);
		screen_text(++y, l->panel_x, w, line);
		y++;
	}
	/* A game over has no turn to give the odds of. */
	if (t->odds && g->need != SHUT_NEED_NONE) {
		y++;
		attron(screen_pair(PAIR_PANEL) | A_BOLD);
		screen_text(y++, l->panel_x, w, "Odds of this turn");
		attroff(screen_pair(PAIR_PANEL) | A_BOLD);
		/* Each line wrapped to the panel: a reason may be long. */
		for (const char *s = t->odds_text; *s != '\0' && y < l->bottom;
		     y++) {
			size_t len = strcspn(s, "\n");

			snprintf(line, sizeof(line), "%.*s", (int)len, s);
			len = front_wrap(line, w);
			line[len] = '\0';
			screen_text(y, l->panel_x, w, line);
			s += len;
			s += strspn(s, " ");
			s += *s == '\n';
		}
	}
}

/*
 * Splits a line of the log into rows of at most w characters, at a blank
 * where there is one (a row after the first is indented by two): writes
 * where each row starts and its length in bytes, returns the rows.
 */
static int
board_wrap(const char *line, int w, const char **start, int *len, int max)
{
	int n = 0;

	while (n < max) {
		int cut = (int)front_wrap(line, n ? w - 2 : w);

		start[n] = line;
		len[n++] = cut;
		line += cut;
		while (*line == ' ')
			line++;
		if (*line == '\0')
			break;
	}
	return n;
}

/*
 * The rows a line of the log may take: at least 6 columns a row (w is 8 or
 * more, less the indent), so at least 3 characters.
 */
#define BOARD_LOG_ROWS (TUI_LOG_LEN / 3 + 2)

/*
 * The last lines of the log that fit, long ones wrapped.  Returns whether
 * a line the same as text is shown whole among them.
 */
static int
board_log(const struct tui *t, const struct layout *l, const char *text)
{
	int w = l->left_w - 1, y = l->log_y + l->log_h, i, rows, r, seen = 0;
	const char *start[BOARD_LOG_ROWS];
	int len[BOARD_LOG_ROWS];

	if (w < 8)
		return 0;
	for (i = t->nlog - 1; i >= 0 && i >= t->nlog - TUI_LOG && y > l->log_y;
	     i--) {
		rows = board_wrap(t->log[i % TUI_LOG], w, start, len,
				  BOARD_LOG_ROWS);
		if (y - rows >= l->log_y &&
		    strcmp(t->log[i % TUI_LOG], text) == 0)
			seen = 1;
		for (r = rows - 1; r >= 0; r--) {
			char part[TUI_LOG_LEN + 2];

			if (--y < l->log_y)
				return seen;
			snprintf(part, sizeof(part), "%s%.*s", r ? "  " : "",
				 len[r], start[r]);
			screen_text(y, 1, w, part);
		}
	}
	return seen;
}

/*
 * The title line: the rules, the round and who is to play.  Where it is
 * wider than the screen, "shutbox" goes first, then the end of the rules
 * ("classic rounds=3 elim..."), then the rules, so that the round and the
 * player stay.
 */
static void
board_title(const struct tui *t)
{
	const struct play *p = t->p;
	const struct shut_game *g = &p->g;
	const char *more = screen_more();
	char line[512], now[256], round[64];
	int room, used;

	if (g->need == SHUT_NEED_NONE)
		snprintf(now, sizeof(now), "  the game is over");
	else {
		char who[PLAY_NAME_BYTES + 32];
		struct front_text ft;

		front_text_init(&ft, round, sizeof(round));
		front_round(&ft, g);
		snprintf(who, sizeof(who), "%s to play", p->name[g->turn]);
		/* A name too long for the line is shortened as the status's
		 * is, so that "to play" stays; the line is then now without
		 * its first blank. */
		snprintf(now, sizeof(now), "  %s  %s", round,
			 board_status_who(who, p->name[g->turn],
					  COLS + 1 - 4 -
					      front_columns(round, SIZE_MAX)));
	}
	/* The room left for " " and the rules. */
	room = COLS - front_columns(now, SIZE_MAX) - 1;
	if (front_columns(p->spec, SIZE_MAX) + 9 <= room)
		snprintf(line, sizeof(line), " shutbox  %s%s", p->spec, now);
	else if (front_columns(p->spec, SIZE_MAX) <= room)
		snprintf(line, sizeof(line), " %s%s", p->spec, now);
	else if (room >= 8) {
		size_t cut = front_fit(
		    p->spec, room - front_columns(more, SIZE_MAX), &used);

		snprintf(line, sizeof(line), " %.*s%s%s", (int)cut, p->spec,
			 more, now);
	} else
		snprintf(line, sizeof(line), " %s", now + 2);
	attron(screen_pair(PAIR_TITLE) | A_REVERSE);
	mvhline(0, 0, ' ', COLS);
	screen_text(0, 0, COLS, line);
	attroff(screen_pair(PAIR_TITLE) | A_REVERSE);
}

void
board_keys(const char *keys, int width)
{
	const char *item[16], *p = keys;
	char bar[sizeof(((struct tui *)0)->keys)];
	int n = 0, len[16], undo[16], used, keep_end = 2;

	if (width < 1)
		return;
	while (*p != '\0' && n < 16) {
		const char *q = strstr(p, "  ");

		item[n] = p;
		len[n] = q != NULL ? (int)(q - p) : (int)strlen(p);
		undo[n] = strncmp(p, TUI_KEY_UNDO, strlen(TUI_KEY_UNDO)) == 0;
		n++;
		if (q == NULL)
			break;
		p = q + 2;
		while (*p == ' ')
			p++;
	}
	if ((int)strlen(keys) <= width || n <= keep_end + 1) {
		screen_text(LINES - 1, 1, width, keys);
		return;
	}
	/* The last two and undo, then as many of the rest as fit. */
	used = len[n - 2] + 2 + len[n - 1];
	for (int i = 0; i < n - keep_end; i++)
		used += undo[i] ? len[i] + 2 : 0;
	bar[0] = '\0';
	for (int i = 0; i < n - keep_end; i++) {
		if (!undo[i] && used + len[i] + 2 > width)
			continue;
		used += undo[i] ? 0 : len[i] + 2;
		snprintf(bar + strlen(bar), sizeof(bar) - strlen(bar), "%.*s  ",
			 len[i], item[i]);
	}
	snprintf(bar + strlen(bar), sizeof(bar) - strlen(bar), "%.*s  %.*s",
		 len[n - 2], item[n - 2], len[n - 1], item[n - 1]);
	screen_text(LINES - 1, 1, width, bar);
}

void
board_draw(struct tui *t)
{
	const struct shut_rules *r = &t->p->g.rules;
	uint32_t playable = board_playable(t);
	struct layout l;
	int n, logged;

	erase();
	if (screen_too_small(TUI_MIN_ROWS, TUI_MIN_COLS))
		return;
	board_layout(t, &l);
	board_title(t);
	for (n = r->tile_lo; n <= r->tile_hi; n++)
		board_tile(t, &l, n, playable);
	board_dice(t, &l);
	board_pick(t, &l);
	board_seats(t, &l);
	/* A note the log shows already (a take-back) is not said twice. */
	logged = board_log(t, &l, t->note);
	if (t->note[0] != '\0' && !logged) {
		screen_note(LINES - 3, t->note, t->note_bad);
	} else {
		/* What is not kept, while nothing else is said; why, if too
		 * long for the line, is in the log (turn_unkept()). */
		const char *unkept = t->unkept;

		if (t->unkept_bad &&
		    front_columns(unkept, strlen(unkept)) > COLS - 2)
			unkept = "this game is not kept: the history failed "
				 "(see the log)";
		attron(t->unkept_bad ? screen_pair(PAIR_BAD) | A_BOLD : A_DIM);
		screen_text(LINES - 3, 1, COLS - 2, unkept);
		attroff(screen_pair(PAIR_BAD) | A_BOLD | A_DIM);
	}
	attron(A_BOLD);
	board_status(t->status, t->p->name[t->p->g.turn], COLS - 2);
	attroff(A_BOLD);
	attron(A_DIM);
	board_keys(t->keys, COLS - 2);
	attroff(A_DIM);
	if (t->popup_title[0] != '\0') {
		t->popup_most = screen_popup(t->popup_title, t->popup,
					     t->popup_keys, t->popup_top);
		/* Made bigger, the window may now show more of it. */
		if (t->popup_top > t->popup_most)
			t->popup_top = t->popup_most;
	}
	refresh();
}

/* A window over the board until a key (tui_window(), parts.h). */
int
tui_window(struct tui *t, const char *title, const char *text, const char *keys)
{
	return tui_window_guarded(t, title, text, keys, 0);
}

int
tui_window_guarded(struct tui *t, const char *title, const char *text,
		   const char *keys, int guard_ms)
{
	int64_t until = guard_ms > 0 ? play_now() + guard_ms : 0;
	int k;

	snprintf(t->popup_title, sizeof(t->popup_title), "%s", title);
	snprintf(t->popup, sizeof(t->popup), "%s", text);
	snprintf(t->popup_keys, sizeof(t->popup_keys), "%s", keys);
	t->popup_top = 0;
	/* Enter or space typed for what came before lands here: let go of
	 * (a key that says what it wants, q or a, is taken). */
	do {
		board_draw(t);
		k = screen_key(250);
		if (until != 0 && play_now() < until &&
		    (k == '\n' || k == '\r' || k == ' ' ||
		     k == SCREEN_K(KEY_ENTER)))
			k = SCREEN_NONE;
	} while (k == SCREEN_NONE || k == SCREEN_K(KEY_RESIZE) ||
		 k == SCREEN_K(KEY_MOUSE) ||
		 screen_scroll(k, &t->popup_top, t->popup_most));
	t->popup_title[0] = '\0';
	t->popup_top = 0;
	return k;
}
