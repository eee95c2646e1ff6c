/*
 * screen.c - the terminal of the full-screen game.
 *
 * Everything that touches the terminal as a device is here: curses opened
 * and closed, keys and mouse clicks, colours, and the promise that the
 * terminal is given back as it was on every way out.  A normal way out
 * calls screen_close().  Ctrl-C, SIGTERM and SIGHUP only raise a flag
 * (play_interrupted, as in the plain game): the game sees it at its next
 * key, keeps what was played and closes the screen itself; a terminal
 * gone without a SIGHUP raises it too (screen_gone()).  A crash
 * (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT) cannot run curses safely, so
 * its handler puts back the terminal modes saved before curses started,
 * with tcsetattr() (safe in a handler), leaves the alternate screen, and
 * dies of the same signal.
 */
#define _DEFAULT_SOURCE
#define _XOPEN_SOURCE 700
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "parts.h"
#include "play.h"

static struct termios screen_saved;
static int screen_have_saved;
static int screen_is_open;
static int screen_colors;
static int screen_is_utf8;
static MEVENT screen_last_mouse;
static int screen_mouse_ok;

/* What leaves the alternate screen, shows the cursor, ends mouse reports. */
static const char screen_reset[] =
    "\033[?1000l\033[?1002l\033[?1006l\033[?25h\033[?1049l\r\n";

static void
screen_on_stop(int sig)
{
	(void)sig;
	play_interrupted = 1;
}

static void
screen_on_crash(int sig)
{
	ssize_t w;

	if (screen_have_saved)
		tcsetattr(STDIN_FILENO, TCSANOW, &screen_saved);
	w = write(STDOUT_FILENO, screen_reset, sizeof(screen_reset) - 1);
	(void)w;
	signal(sig, SIG_DFL);
	raise(sig);
}

static void
screen_catch(int sig, void (*fn)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = fn;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

static void
screen_at_exit(void)
{
	screen_close();
}

static void
screen_colours(void)
{
	const char *no = getenv("NO_COLOR");

	screen_colors = 0;
	if ((no != NULL && no[0] != '\0') || !has_colors())
		return;
	if (start_color() == ERR)
		return;
	use_default_colors();
	init_pair(PAIR_OPEN, COLOR_YELLOW, -1);
	init_pair(PAIR_PICKED, COLOR_BLACK, COLOR_YELLOW);
	init_pair(PAIR_SHUT, COLOR_BLUE, -1);
	init_pair(PAIR_TITLE, COLOR_BLACK, COLOR_CYAN);
	init_pair(PAIR_PIP, COLOR_RED, -1);
	init_pair(PAIR_BAD, COLOR_RED, -1);
	init_pair(PAIR_GOOD, COLOR_GREEN, -1);
	init_pair(PAIR_PANEL, COLOR_CYAN, -1);
	screen_colors = 1;
}

int
screen_open(void)
{
	static int registered;
	const char *cs;

	if (screen_is_open)
		return 0;
	setlocale(LC_ALL, "");
	cs = nl_langinfo(CODESET);
	screen_is_utf8 = cs != NULL && strcmp(cs, "UTF-8") == 0;
	if (tcgetattr(STDIN_FILENO, &screen_saved) == 0)
		screen_have_saved = 1;
	screen_catch(SIGINT, screen_on_stop);
	screen_catch(SIGTERM, screen_on_stop);
	screen_catch(SIGHUP, screen_on_stop);
	screen_catch(SIGSEGV, screen_on_crash);
	screen_catch(SIGBUS, screen_on_crash);
	screen_catch(SIGFPE, screen_on_crash);
	screen_catch(SIGILL, screen_on_crash);
	screen_catch(SIGABRT, screen_on_crash);
	if (!registered) {
		atexit(screen_at_exit);
		registered = 1;
	}
	if (newterm(NULL, stdout, stdin) == NULL) {
		fprintf(stderr, "shutbox: this terminal cannot show the full "
				"screen game; try --plain\n");
		return -1;
	}
	screen_is_open = 1;
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	curs_set(0);
	set_escdelay(25);
	screen_colours();
	screen_mouse_ok =
	    mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED, NULL) != 0;
	mouseinterval(0);
	return 0;
}

void
screen_close(void)
{
	if (!screen_is_open)
		return;
	screen_is_open = 0;
	mousemask(0, NULL);
	curs_set(1);
	endwin();
	if (screen_have_saved)
		tcsetattr(STDIN_FILENO, TCSANOW, &screen_saved);
	fflush(stdout);
}

int
screen_color(void)
{
	return screen_colors;
}

int
screen_utf8(void)
{
	return screen_is_utf8;
}

const char *
screen_more(void)
{
	return screen_is_utf8 ? "\u2026" : "~";
}

attr_t
screen_pair(enum screen_pair pair)
{
	return screen_colors ? COLOR_PAIR(pair) : A_NORMAL;
}

/*
 * Whether the terminal is gone (its window closed, the connection lost):
 * a read then fails at once, every time.  Its SIGHUP usually says so
 * first, but not to a game started by another program (make play) that
 * kept it; without this test the game would ask for keys for ever.
 */
static int
screen_gone(void)
{
	struct pollfd p = { .fd = STDIN_FILENO, .events = POLLIN };

	return poll(&p, 1, 0) == 1 &&
	       (p.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0;
}

int
screen_key(int ms)
{
	wint_t ch;
	int rc;

	if (play_interrupted)
		return SCREEN_STOP;
	timeout(ms);
	rc = get_wch(&ch);
	if (play_interrupted)
		return SCREEN_STOP;
	if (rc == ERR && screen_gone()) {
		play_interrupted = 1; /* kept for --resume, as on SIGHUP */
		return SCREEN_STOP;
	}
	if (rc == ERR)
		return SCREEN_NONE;
	if (rc == KEY_CODE_YES && ch == KEY_MOUSE &&
	    getmouse(&screen_last_mouse) != OK)
		screen_last_mouse.bstate = 0;
	/*
	 * A window too small shows only how big it must be: a key would act
	 * on a board no one sees.  q stops, as that says; the rest wait.
	 */
	if (!screen_fits()) {
		if (rc == KEY_CODE_YES && ch == KEY_RESIZE)
			return SCREEN_K(KEY_RESIZE);
		if (rc == OK && (ch == 'q' || ch == 'Q'))
			return SCREEN_STOP;
		return SCREEN_NONE;
	}
	/* A key apart from the characters, some of which share its code. */
	if (rc == KEY_CODE_YES)
		return SCREEN_K((int)ch);
	return (int)ch;
}

void
screen_forget_keys(void)
{
	flushinp();
}

int
screen_mouse(int *row, int *col)
{
	if (!screen_mouse_ok ||
	    !(screen_last_mouse.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED)))
		return -1;
	*row = screen_last_mouse.y;
	*col = screen_last_mouse.x;
	return 0;
}

int
screen_fits(void)
{
	return LINES >= TUI_MIN_ROWS && COLS >= TUI_MIN_COLS;
}

int
screen_too_small(int rows, int cols)
{
	char line[128];
	int y;

	if (LINES >= rows && COLS >= cols)
		return 0;
	erase();
	/* Each sentence wrapped, so that a narrow window shows it whole. */
	snprintf(line, sizeof(line), "The window is %dx%d;", COLS, LINES);
	y = screen_wrapped(0, 0, COLS, LINES, line);
	snprintf(line, sizeof(line), "shutbox needs at least %dx%d.", cols,
		 rows);
	y += screen_wrapped(y, 0, COLS, LINES - y, line);
	screen_wrapped(y, 0, COLS, LINES - y,
		       "Make it bigger, or press q to stop.");
	refresh();
	return 1;
}

void
screen_text(int y, int x, int width, const char *text)
{
	int used;

	if (y < 0 || y >= LINES || x < 0 || x >= COLS || width <= 0)
		return;
	if (x + width > COLS)
		width = COLS - x;
	/* Cut by columns: a wide character (日) takes two. */
	mvaddnstr(y, x, text, (int)front_fit(text, width, &used));
}

/*
 * Where the pieces of line s (of len bytes) after its first begin: under
 * its second column, past the first two blanks after its first word
 * ("  h            the choices"), else under its first; at most half of
 * cols.
 */
static int
screen_indent(const char *s, size_t len, int cols)
{
	size_t n = 0, at;

	while (n < len && s[n] == ' ')
		n++;
	for (at = n; at + 1 < len; at++)
		if (s[at] == ' ' && s[at + 1] == ' ') {
			while (at < len && s[at] == ' ')
				at++;
			if (at < len)
				n = at;
			break;
		}
	n = (size_t)front_columns(s, n);
	return n < (size_t)cols / 2 ? (int)n : cols / 2;
}

/*
 * The text's lines wrapped at cols columns, each piece written at row
 * y + (its row - top) when that is one of rows rows (nothing written
 * when x < 0); a line's pieces after its first are indented as it is.
 * Returns the rows of the whole text.
 */
static int
screen_pieces(const char *text, size_t tlen, int cols, int y, int x, int top,
	      int rows)
{
	const char *s = text, *end = text + tlen;
	int row = 0;

	while (s < end && cols > 0) {
		size_t len = strcspn(s, "\n");
		int indent, first = 1;
		/* The line alone: a wrap reads to the end of its string. */
		char one[1024];
		const char *p = one, *stop;

		if (len > (size_t)(end - s))
			len = (size_t)(end - s);
		snprintf(one, sizeof(one), "%.*s", (int)len, s);
		stop = one + strlen(one);
		indent = screen_indent(one, strlen(one), cols);
		do {
			int room = first ? cols : cols - indent;
			size_t cut = front_wrap(p, room);
			char line[512];

			if (cut > (size_t)(stop - p))
				cut = (size_t)(stop - p);
			if (x >= 0 && row >= top && row < top + rows) {
				snprintf(line, sizeof(line), "%.*s", (int)cut,
					 p);
				screen_text(y + row - top,
					    x + (first ? 0 : indent), room,
					    line);
			}
			row++;
			p += cut;
			while (p < stop && *p == ' ')
				p++;
			first = 0;
		} while (p < stop);
		s += len;
		if (s < end && *s == '\n')
			s++;
	}
	return row;
}

/*
 * The rows of text of the window drawn last: its keys may take more than
 * a row of its foot where the screen is narrow.
 */
static int screen_popup_rows;

int
screen_scroll(int k, int *top, int most)
{
	/* A page: the window's rows less one kept. */
	int page = screen_popup_rows > 2 ? screen_popup_rows - 1 : 1, to = *top;

	if (most <= 0)
		return 0;
	if (k == SCREEN_K(KEY_UP))
		to--;
	else if (k == SCREEN_K(KEY_DOWN))
		to++;
	else if (k == SCREEN_K(KEY_PPAGE))
		to -= page;
	else if (k == SCREEN_K(KEY_NPAGE))
		to += page;
	else if (k == SCREEN_K(KEY_HOME))
		to = 0;
	else if (k == SCREEN_K(KEY_END))
		to = most;
	else
		return 0;
	*top = to < 0 ? 0 : to > most ? most : to;
	return 1;
}

int
screen_popup(const char *title, const char *text, const char *keys, int top)
{
	int width = front_columns(title, SIZE_MAX) + 4, w, y, x, h, i, rows,
	    total, frows;
	char foot[512];
	const char *s;
	size_t tlen;

	while (*text == '\n')
		text++;
	tlen = strlen(text);
	while (tlen > 0 && text[tlen - 1] == '\n')
		tlen--;
	/* Each line's width in columns (a wide character takes two). */
	for (s = text; s < text + tlen; s += *s == '\n') {
		size_t len = strcspn(s, "\n");

		if (len > (size_t)(text + tlen - s))
			len = (size_t)(text + tlen - s);
		w = front_columns(s, len);
		if (w + 4 > width)
			width = w + 4;
		s += len;
	}
	if (front_columns(keys, SIZE_MAX) + 4 > width)
		width = front_columns(keys, SIZE_MAX) + 4;
	if (width > COLS)
		width = COLS;
	/* Lines past the width are wrapped; rows past the screen scroll. */
	total = screen_pieces(text, tlen, width - 4, 0, -1, 0, 0);
	/* The keys, wrapped too: a key cut at the frame is not offered. */
	snprintf(foot, sizeof(foot), "%s", keys);
	frows = screen_pieces(foot, strlen(foot), width - 4, 0, -1, 0, 0);
	if (total + 3 + frows > LINES) {
		/* Wider for the keys to scroll by, where the screen is (its
		 * lines fit already: the text is as tall). */
		snprintf(foot, sizeof(foot), "up/down, PgUp/PgDn: more  %s",
			 keys);
		if (front_columns(foot, SIZE_MAX) + 4 > width)
			width = front_columns(foot, SIZE_MAX) + 4;
		if (width > COLS)
			width = COLS;
	}
	frows = screen_pieces(foot, strlen(foot), width - 4, 0, -1, 0, 0);
	h = total + 3 + frows;
	if (h > LINES)
		h = LINES;
	rows = h - 3 - frows > 0 ? h - 3 - frows : 0;
	screen_popup_rows = rows;
	if (top > total - rows)
		top = total - rows;
	if (top < 0)
		top = 0;
	y = (LINES - h) / 2;
	x = (COLS - width) / 2;
	attron(screen_pair(PAIR_PANEL));
	for (i = 0; i < h; i++)
		mvhline(y + i, x, ' ', width);
	mvaddch(y, x, ACS_ULCORNER);
	mvhline(y, x + 1, ACS_HLINE, width - 2);
	mvaddch(y, x + width - 1, ACS_URCORNER);
	mvvline(y + 1, x, ACS_VLINE, h - 2);
	mvvline(y + 1, x + width - 1, ACS_VLINE, h - 2);
	mvaddch(y + h - 1, x, ACS_LLCORNER);
	mvhline(y + h - 1, x + 1, ACS_HLINE, width - 2);
	mvaddch(y + h - 1, x + width - 1, ACS_LRCORNER);
	attroff(screen_pair(PAIR_PANEL));
	attron(A_BOLD);
	screen_text(y, x + 2, width - 4, title);
	attroff(A_BOLD);
	screen_pieces(text, tlen, width - 4, y + 1, x + 2, top, rows);
	attron(A_DIM);
	/* What is above or below, on the frame. */
	if (top > 0)
		screen_text(y, x + width - 8, 6, " more ");
	if (top + rows < total)
		screen_text(y + h - 1, x + width - 8, 6, " more ");
	screen_pieces(foot, strlen(foot), width - 4, y + h - 1 - frows, x + 2,
		      0, frows);
	attroff(A_DIM);
	return total - rows > 0 ? total - rows : 0;
}

int
screen_wrapped(int y, int x, int width, int rows, const char *text)
{
	char line[512];
	int n = 0;

	while (*text != '\0' && n < rows && width > 0) {
		int cut = (int)front_wrap(text, width);

		snprintf(line, sizeof(line), "%.*s", cut, text);
		screen_text(y + n++, x, width, line);
		text += cut;
		while (*text == ' ')
			text++;
	}
	return n;
}

int
screen_note_rows(const char *text)
{
	int width = COLS - 2;

	if (text[0] == '\0')
		return 0;
	return width > 0 && front_columns(text, SIZE_MAX) > width ? 2 : 1;
}

void
screen_note(int y, const char *text, int bad)
{
	attr_t a =
	    bad ? screen_pair(PAIR_BAD) | A_BOLD : screen_pair(PAIR_GOOD);
	int rows = screen_note_rows(text);

	if (rows == 0)
		return;
	/* Past the line, it goes on above it, cut between words. */
	y -= rows - 1;
	move(y, 0);
	clrtoeol();
	attron(a);
	screen_wrapped(y, 1, COLS - 2, rows, text);
	attroff(a);
}

int
screen_ask(const char *prompt, char *buf, size_t len)
{
	char line[512];
	size_t n = strlen(buf);
	int k;

	for (;;) {
		const char *shown = buf;

		/* Too long for the line, its end is shown, where typing is. */
		snprintf(line, sizeof(line), "%s %s_", prompt, shown);
		while (*shown != '\0' &&
		       front_columns(line, SIZE_MAX) > COLS - 2) {
			do
				shown++;
			while (((unsigned char)*shown & 0xc0) == 0x80);
			snprintf(line, sizeof(line), "%s %s%s_", prompt,
				 screen_utf8() ? "\u2026" : "<", shown);
		}
		move(LINES - 5, 0);
		clrtoeol();
		attron(A_BOLD);
		screen_text(LINES - 5, 1, COLS - 2, line);
		attroff(A_BOLD);
		refresh();
		k = screen_key(250);
		if (k == SCREEN_STOP)
			return k;
		if (k == '\r' || k == '\n' || k == SCREEN_K(KEY_ENTER))
			return 1;
		if (k == 27)
			return 0;
		if ((k == SCREEN_K(KEY_BACKSPACE) || k == 127 || k == 8) &&
		    n > 0) {
			while (n > 0 &&
			       ((unsigned char)buf[--n] & 0xc0) == 0x80)
				;
			buf[n] = '\0';
		} else if (k == 'U' - 0x40) {
			n = 0;
			buf[0] = '\0';
		} else if (k >= 0x20 && k != 0x7f && k < 0x110000 &&
			   (k < 0x80 || k >= 0xa0)) {
			char u[8];
			mbstate_t ms;
			size_t w;

			memset(&ms, 0, sizeof(ms));
			w = wcrtomb(u, (wchar_t)k, &ms);
			if (w != (size_t)-1 && n + w < len) {
				memcpy(buf + n, u, w);
				n += w;
				buf[n] = '\0';
			}
		}
	}
}
