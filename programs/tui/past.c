/*
 * past.c - the history and stats screens.
 *
 * These screens show, in a pager, exactly what "shutbox history" and
 * "shutbox stats" write: the list of past games (one picked with the arrow
 * keys and Enter shows its replay, told turn by turn as it was played) and
 * every player's figures.  The commands' output is caught in a temporary
 * file while the screen is not being drawn, so that there is one way of
 * telling a past game, not two.  R on a game of the list, or in its
 * replay, resumes it when it is unfinished and no other shutbox plays it.
 */
#define _DEFAULT_SOURCE
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "front.h"
#include "parts.h"
#include "play.h"
#include "store/store.h"

#define PAST_LINES 20000

struct pager {
	char *text;
	char *line[PAST_LINES];
	int n;
	/* Its first lines are a table (the stats'): scrolled sideways, its
	 * first column kept; the lines after it, and every other page's, are
	 * wrapped at the screen's width. */
	int table;
};

/* What a page of the history needs beyond its lines. */
struct past_view {
	struct store *st;
	const char *db; /* the --db given, or NULL */
	int64_t game;	/* the game a replay tells, 0 for a list */
	int open;	/* that game is one to resume: R is offered */
	int resume;	/* R asked to resume the game returned */
	int at;		/* the line of the game picked in the list, or 0 */
	char note[512]; /* why R did not, shown until the next key */
};

/* Runs command e with args, catching what it writes; 0, or -1. */
static int
past_capture(const struct cmd_entry *e, int argc, char **argv, struct pager *pg)
{
	FILE *tmp = tmpfile();
	int saved_out, saved_err, rc = -1;
	long size;
	char *s;

	memset(pg, 0, sizeof(*pg));
	if (tmp == NULL)
		return -1;
	fflush(stdout);
	fflush(stderr);
	saved_out = dup(STDOUT_FILENO);
	saved_err = dup(STDERR_FILENO);
	if (saved_out >= 0 && saved_err >= 0 &&
	    dup2(fileno(tmp), STDOUT_FILENO) >= 0 &&
	    dup2(fileno(tmp), STDERR_FILENO) >= 0) {
		optind = 1;
		e->exec(argc, argv);
		fflush(stdout);
		fflush(stderr);
		rc = 0;
	}
	if (saved_out >= 0) {
		dup2(saved_out, STDOUT_FILENO);
		close(saved_out);
	}
	if (saved_err >= 0) {
		dup2(saved_err, STDERR_FILENO);
		close(saved_err);
	}
	if (rc < 0 || fseek(tmp, 0, SEEK_END) != 0 || (size = ftell(tmp)) < 0 ||
	    fseek(tmp, 0, SEEK_SET) != 0 ||
	    (pg->text = malloc((size_t)size + 1)) == NULL) {
		fclose(tmp);
		return -1;
	}
	size = (long)fread(pg->text, 1, (size_t)size, tmp);
	pg->text[size] = '\0';
	fclose(tmp);
	for (s = pg->text; *s != '\0' && pg->n < PAST_LINES;) {
		pg->line[pg->n++] = s;
		s += strcspn(s, "\n");
		if (*s == '\n')
			*s++ = '\0';
	}
	return 0;
}

/*
 * The game a line of the list names, or 0: its number comes first, within
 * the 6 columns it is written in; the lines under it (the players, the
 * pot) are indented by 8, and a name may begin with digits.
 */
static int64_t
past_game_of(const char *line)
{
	char *end;
	long long id;

	if (strspn(line, " ") >= 8)
		return 0;
	id = strtoll(line, &end, 10);
	return end != line && end[0] == ' ' && end[1] == ' ' && id > 0 ? id : 0;
}

/* The widest line of the pager's table, in columns. */
static int
past_width(const struct pager *pg)
{
	int most = 0;

	for (int i = 0; i < pg->table; i++)
		if (front_columns(pg->line[i], SIZE_MAX) > most)
			most = front_columns(pg->line[i], SIZE_MAX);
	return most;
}

/*
 * A row of a page: bytes from..from+len of a line, written from column x
 * of the page.  A line of the history wider than the screen goes on in
 * rows under it, indented past its own indent, so that who won and how
 * to go on are read without scrolling sideways; the stats' table keeps a
 * row a line, and scrolls.
 */
struct past_row {
	int line, from, len, x;
};

/* Adds a row to *rows (of *cap); 0, or -1 out of memory. */
static int
past_row_add(struct past_row **rows, int *n, int *cap, struct past_row r)
{
	if (*n == *cap) {
		int more = *cap * 2 + 64;
		struct past_row *to = realloc(*rows, (size_t)more * sizeof(r));

		if (to == NULL)
			return -1;
		*rows = to;
		*cap = more;
	}
	(*rows)[(*n)++] = r;
	return 0;
}

/*
 * The bytes of text's row of room columns, the rest going on in rows of
 * next: where the rest after a clause ("; ", ": ") within the row fits a
 * row whole, cut there at the first such (the command to go on with a
 * game is not broken in two); else at a blank (front_wrap()).
 */
static size_t
past_wrap(const char *text, int room, int next)
{
	size_t fits = front_wrap(text, room);

	if (text[fits] == '\0')
		return fits;
	for (size_t i = 0; i + 1 < fits; i++)
		if ((text[i] == ';' || text[i] == ':') && text[i + 1] == ' ' &&
		    front_columns(text + i + 2, SIZE_MAX) <= next)
			return i + 1;
	return fits;
}

/*
 * The rows of the pager at cols columns, its lines wrapped at blanks when
 * wrap is set; in *rows (the caller frees).  Returns how many, or -1.
 */
static int
past_layout(const struct pager *pg, int cols, struct past_row **rows)
{
	int n = 0, cap = 0;

	*rows = NULL;
	for (int i = 0; i < pg->n; i++) {
		const char *s = pg->line[i], *p = s;
		int indent = (int)strspn(s, " ") + 2, first = 1;

		if (indent > cols / 2)
			indent = cols / 2;
		do {
			int room = first ? cols : cols - indent;
			size_t cut = i >= pg->table && room > 0 && *p != '\0'
					 ? past_wrap(p, room, cols - indent)
					 : strlen(p);
			struct past_row r = { i, (int)(p - s), (int)cut,
					      first ? 0 : indent };

			if (past_row_add(rows, &n, &cap, r) < 0) {
				free(*rows);
				*rows = NULL;
				return -1;
			}
			for (p += cut; *p == ' '; p++)
				;
			first = 0;
		} while (*p != '\0');
	}
	return n;
}

/* The first row of line i (rows after it when it has none). */
static int
past_row_of(const struct past_row *row, int n, int i)
{
	int r = 0;

	while (r < n && row[r].line < i)
		r++;
	return r;
}

/* Line text from column left on (a line shorter than that: nothing). */
static const char *
past_from(const char *text, int left)
{
	int used;
	size_t skip = front_fit(text, left, &used);

	return text + skip;
}

/*
 * The key bar of a page: pick for a list of games, wide to scroll, game
 * for the replay of one.
 */
static const char *
past_keys(int pick, int wide, int game)
{
	if (pick)
		return wide ? "up/down: a game  Enter: its replay  R: resume  "
			      "left/right: scroll  q: back"
			    : "up/down: a game  Enter: its replay  R: resume  "
			      "q: back";
	if (game)
		return wide ? "up/down, PgUp/PgDn, left/right: scroll  "
			      "R: resume  q: back"
			    : "up/down, PgUp/PgDn: scroll  R: resume  q: back";
	return wide ? "up/down, PgUp/PgDn, left/right: scroll  q: back"
		    : "up/down, PgUp/PgDn: scroll  q: back";
}

/*
 * The foot of a page: why R did not resume, or else its keys (a table
 * wider than the screen scrolls sideways too).
 */
static void
past_bar(const struct past_view *v, int pick, int wide)
{
	if (v->note[0] != '\0') {
		attron(screen_pair(PAIR_BAD) | A_BOLD);
		screen_text(LINES - 1, 1, COLS - 2, v->note);
		attroff(screen_pair(PAIR_BAD) | A_BOLD);
		return;
	}
	attron(A_DIM);
	board_keys(past_keys(pick, wide, v->game > 0 && v->open), COLS - 2);
	attroff(A_DIM);
}

/*
 * Keeps the game picked in the list on the page (its line and the one of
 * its players under it): its first row, when it takes more than there are.
 */
static int
past_keep(const struct past_row *row, int n, int at, int top, int rows)
{
	int first = past_row_of(row, n, at),
	    last = past_row_of(row, n, at + 2) - 1;

	if (last >= top + rows)
		top = last + 1 - rows;
	return first < top ? first : top;
}

/*
 * The columns of the first column of the table of pg (its heading's first
 * word and the blanks after it: "player           "), 0 where it would
 * take more than half the screen or there is none.
 */
static int
past_frozen(const struct pager *pg)
{
	const char *h = pg->table > 0 ? pg->line[0] : "";
	size_t n = strcspn(h, " ");
	int cols;

	n += strspn(h + n, " ");
	cols = h[n] != '\0' ? front_columns(h, n) : 0;
	return cols <= (COLS - 2) / 2 ? cols : 0;
}

/*
 * A row of a page, as drawn at screen row y, from column left on: a row
 * of the table keeps its first column (the players' names) in view.
 */
static void
past_draw_row(const struct pager *pg, const struct past_row *r, int y, int left)
{
	const char *line = pg->line[r->line];
	char piece[4096];
	int frozen = r->line < pg->table && left > 0 ? past_frozen(pg) : 0;

	/* A line wrapped has nothing past the screen. */
	if (r->line >= pg->table)
		left = 0;

	if (frozen > 0) {
		int used;
		size_t head = front_fit(line, frozen, &used);

		snprintf(piece, sizeof(piece), "%.*s%*s%s", (int)head, line,
			 frozen - used, "", past_from(line + head, left));
		line = piece;
		left = 0;
	} else if (r->from != 0 || line[r->len] != '\0') {
		/* A row that is a whole line is drawn from it, however long. */
		snprintf(piece, sizeof(piece), "%.*s", r->len, line + r->from);
		line = piece;
	}
	screen_text(y, 1 + r->x, COLS - 2 - r->x, past_from(line, left));
}

/*
 * Key k scrolls a page of n rows, rows of them shown from *top and *left
 * (wide: the columns of its widest line); 0 when it is no such key.
 */
static int
past_scroll(int k, int n, int rows, int wide, int *top, int *left)
{
	if (k == SCREEN_K(KEY_RIGHT) && *left + COLS - 2 < wide)
		*left += COLS / 2;
	else if (k == SCREEN_K(KEY_LEFT))
		*left = *left > COLS / 2 ? *left - COLS / 2 : 0;
	else if (k == SCREEN_K(KEY_UP) && *top > 0)
		(*top)--;
	else if (k == SCREEN_K(KEY_DOWN) && *top + rows < n)
		(*top)++;
	else if (k == SCREEN_K(KEY_PPAGE))
		*top = *top > rows ? *top - rows : 0;
	else if (k == SCREEN_K(KEY_NPAGE) && *top + rows < n)
		*top += rows;
	else if (k == SCREEN_K(KEY_HOME))
		*top = 0;
	else if (k == SCREEN_K(KEY_END))
		*top = n > rows ? n - rows : 0;
	else
		return 0;
	return 1;
}

/*
 * Shows a pager, its lines wrapped at the screen's width but those of its
 * table, scrolled sideways; with pick set, Up and Down go from game to
 * game and Enter returns the game picked.  Returns that id, 0 to go back,
 * -1 to stop.  R returns the game to resume with v->resume set: the one
 * picked, or v->game.
 */
static int64_t
past_page(const struct pager *pg, const char *title, int pick,
	  struct past_view *v)
{
	int top = 0, at = -1, k, i, rows, left = 0, n = 0, cols = -1;
	const int wide = past_width(pg);
	struct past_row *row = NULL;
	int64_t ret = -1;

	/* Back from a replay, the game replayed is the one picked still. */
	if (pick && v->at > 0 && v->at < pg->n)
		at = v->at;
	for (i = 0; pick && i < pg->n && at < 0; i++)
		if (past_game_of(pg->line[i]))
			at = i;
	for (;;) {
		/* Laid out again at a new width, from the line at the top. */
		if (COLS - 2 != cols) {
			int line = top < n ? row[top].line : 0;

			free(row);
			cols = COLS - 2;
			if ((n = past_layout(pg, cols, &row)) < 0)
				break;
			top = past_row_of(row, n, line);
		}
		rows = LINES - 3;
		if (at >= 0)
			top = past_keep(row, n, at, top, rows);
		/* Too small, it says how big it must be; keys wait. */
		if (screen_too_small(TUI_MIN_ROWS, TUI_MIN_COLS)) {
			if (screen_key(250) == SCREEN_STOP)
				break;
			continue;
		}
		erase();
		attron(screen_pair(PAIR_TITLE) | A_REVERSE);
		mvhline(0, 0, ' ', COLS);
		screen_text(0, 1, COLS - 2, title);
		attroff(screen_pair(PAIR_TITLE) | A_REVERSE);
		for (i = 0; i < rows && top + i < n; i++) {
			if (at >= 0 && (row[top + i].line == at ||
					row[top + i].line == at + 1))
				attron(A_REVERSE);
			past_draw_row(pg, &row[top + i], 1 + i, left);
			attroff(A_REVERSE);
		}
		past_bar(v, pick, wide > COLS - 2);
		refresh();
		k = screen_key(250);
		if (k == SCREEN_STOP)
			break;
		if (k != SCREEN_NONE && k != SCREEN_K(KEY_RESIZE))
			v->note[0] = '\0';
		if (k == 'q' || k == 27) {
			ret = 0;
			break;
		}
		if (k == 'R' && (pick ? at >= 0 : v->game > 0 && v->open)) {
			int64_t id =
			    pick ? past_game_of(pg->line[at]) : v->game;
			int rc = play_resumable(v->st, v->db, id, v->note,
						sizeof(v->note));

			if (rc > 0) {
				v->resume = 1;
				ret = id;
				break;
			}
			/* In the list its replay is a key away, not a
			 * command. */
			if (rc == -2 && pick)
				snprintf(v->note, sizeof(v->note),
					 "game %" PRId64
					 " is over: Enter shows its replay",
					 id);
			continue;
		}
		if (pick && at >= 0 &&
		    (k == '\r' || k == '\n' || k == SCREEN_K(KEY_ENTER))) {
			v->at = at;
			ret = past_game_of(pg->line[at]);
			break;
		}
		if (pick && at >= 0 &&
		    (k == SCREEN_K(KEY_UP) || k == SCREEN_K(KEY_DOWN))) {
			int dir = k == SCREEN_K(KEY_UP) ? -1 : 1;

			for (i = at + dir; i >= 0 && i < pg->n; i += dir)
				if (past_game_of(pg->line[i])) {
					at = i;
					break;
				}
			continue;
		}
		past_scroll(k, n, rows, wide, &top, &left);
	}
	free(row);
	return ret;
}

int64_t
past_screen(struct store *st, const char *db, int stats)
{
	char given[4096], id[32], cmd[16];
	char *argv[6];
	struct pager pg, game;
	struct past_view v = { .st = st, .db = db };
	int64_t picked;
	int argc = 1;

	if (st == NULL)
		return 0;
	snprintf(cmd, sizeof(cmd), "%s", stats ? "stats" : "history");
	argv[0] = cmd;
	/*
	 * The history st was opened from: the --db given, or the default
	 * the command finds as play did (so that the way to go on with a
	 * game, which names a --db given, is as short as it can be).
	 */
	if (db != NULL) {
		snprintf(given, sizeof(given), "--db=%s", db);
		argv[argc++] = given;
	}
	argv[argc] = NULL;
	if (past_capture(stats ? &cmd_stats_entry : &cmd_history_entry, argc,
			 argv, &pg) < 0)
		return 0;
	if (pg.n == 0) {
		static char none[] = "No game has been played yet.";

		pg.line[pg.n++] = none;
	}
	/* The stats' table: its lines up to the first blank one; the key
	 * under it one paragraph, its lines joined again, to be wrapped at
	 * the screen's width. */
	while (stats && pg.table < pg.n && pg.line[pg.table][0] != '\0')
		pg.table++;
	while (stats && pg.table + 2 < pg.n) {
		pg.line[pg.table + 2][-1] = ' ';
		memmove(&pg.line[pg.table + 2], &pg.line[pg.table + 3],
			(size_t)(pg.n - pg.table - 3) * sizeof(pg.line[0]));
		pg.n--;
	}
	for (;;) {
		v.game = 0;
		picked = past_page(&pg,
				   stats ? "Stats: every player's figures"
					 : "History: the games played",
				   !stats, &v);
		if (picked <= 0 || v.resume)
			break;
		snprintf(id, sizeof(id), "%" PRId64, picked);
		argv[argc] = id;
		argv[argc + 1] = NULL;
		if (past_capture(&cmd_history_entry, argc + 1, argv, &game) < 0)
			break;
		v.game = picked;
		/* One another plays now may be let go meanwhile: R says. */
		v.open =
		    play_resumable(st, db, picked, v.note, sizeof(v.note)) >= 0;
		v.note[0] = '\0';
		picked =
		    past_page(&game, "History: the replay of a game", 0, &v);
		free(game.text);
		if (picked < 0 || v.resume)
			break;
	}
	free(pg.text);
	return v.resume && picked > 0 ? picked : 0;
}
