/*
 * parts.h - what the files of the full-screen game share.
 *
 * struct tui is the screen's state of a game being played: what the
 * person has picked, the panels shown, the lines of the log, the pace of
 * computer turns.  The game itself is the struct play it points to; the
 * screen never keeps a copy of the game's state, it draws from it.
 */
#ifndef TUI_PARTS_H
#define TUI_PARTS_H

#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "shutbox.h"
#include "think.h"

struct play;

/* The smallest screen the game is drawn on. */
#define TUI_MIN_ROWS 20
#define TUI_MIN_COLS 60

/* Lines of the log kept (the screen shows the last ones that fit). */
#define TUI_LOG	    64
#define TUI_LOG_LEN 640
/* The most choices of one turn weighed (a turn of 32 tiles makes fewer). */
#define TUI_WEIGHED 128
/*
 * The last words of the status at a move, left out where the screen is too
 * narrow for them (the keys below say Enter too).
 */
#define TUI_STATUS_ENTER ", then press Enter"
/*
 * The game-over window takes no Enter (nor space) for its first second:
 * Enter, the key of every turn, typed just as it showed, closed it and
 * left the program.
 */
#define TUI_OVER_GUARD_MS 1000

/* ---------------------------------------------------------------------
 * screen.c: the terminal
 */

/* Colour pairs; with no colour, attributes alone tell things apart. */
enum screen_pair {
	PAIR_OPEN = 1,
	PAIR_PICKED,
	PAIR_SHUT,
	PAIR_TITLE,
	PAIR_PIP,
	PAIR_BAD,
	PAIR_GOOD,
	PAIR_PANEL
};

/*
 * A function key as screen_key() returns it (KEY_UP, KEY_RESIZE...): above
 * every character, since curses gives some keys codes that characters
 * such as U+0104 also have.
 */
#define SCREEN_K(key) (0x110000 + (key))

/* A key read with no key pressed in the time given. */
#define SCREEN_NONE (-1)
/* Ctrl-C, SIGTERM or SIGHUP arrived: the game is to stop, kept. */
#define SCREEN_STOP (-2)

/* Whether the terminal database has an entry for terminal term. */
int screen_known(const char *term);

/*
 * Opens the full screen: the locale, curses, colours unless NO_COLOR is
 * set or the terminal has none, the mouse, and handlers that stop the
 * game on SIGINT, SIGTERM and SIGHUP and restore the terminal on a crash.
 * Returns 0, or -1 when the terminal cannot be had (said in one line).
 */
int screen_open(void);

/* Gives the terminal back as it was; safe to call more than once. */
void screen_close(void);

/* Whether colours are in use, and whether the locale writes UTF-8. */
int screen_color(void);
int screen_utf8(void);

/*
 * The mark of a text cut short, one column wide: an ellipsis, or "~"
 * where the locale does not write UTF-8.
 */
const char *screen_more(void);

/*
 * The next key within ms milliseconds (-1: wait), as a character or a
 * SCREEN_K(KEY_*) code: SCREEN_NONE when none came, SCREEN_STOP when the
 * game is to stop.  A mouse click is SCREEN_K(KEY_MOUSE), its place in
 * screen_mouse().
 */
int screen_key(int ms);

/* Where the last KEY_MOUSE clicked: 0, or -1 when it was not a click. */
int screen_mouse(int *row, int *col);

/* Forgets the keys typed and not yet read (a skip typed twice). */
void screen_forget_keys(void);

/* An attribute of a colour pair, or A_NORMAL when colours are off. */
attr_t screen_pair(enum screen_pair pair);

/*
 * When the screen is smaller than rows x cols, says how big it must be
 * and returns 1; else 0.
 */
int screen_too_small(int rows, int cols);

/*
 * Whether the screen is TUI_MIN_ROWS x TUI_MIN_COLS at least.  Until it
 * is, screen_key() gives no key but a resize, and q as SCREEN_STOP, and a
 * computer's turn waits.
 */
int screen_fits(void);

/*
 * A line of answer at row y: a refusal in red and bold, else in green.
 * One too long for the screen takes the row above too, cut between words
 * (screen_note_rows(): 0 for no text, 1 or 2).
 */
void screen_note(int y, const char *text, int bad);
int screen_note_rows(const char *text);

/*
 * A line of text typed at the bottom of the screen (five rows up), after
 * prompt, into buf of len bytes (which holds the value now, to be
 * edited).  Backspace takes back a character, Ctrl-U the whole line, as
 * in a terminal.  Returns 1 for Enter, 0 for Esc, SCREEN_STOP.
 */
int screen_ask(const char *prompt, char *buf, size_t len);

/* Writes text at (y, x), cut at width columns. */
void screen_text(int y, int x, int width, const char *text);

/*
 * Writes text from (y, x) on at most rows lines of width columns, broken
 * at blanks where it can be; returns the lines written.
 */
int screen_wrapped(int y, int x, int width, int rows, const char *text);

/*
 * Draws a framed window of lines of text in the middle of the screen,
 * with a title and a last line of keys: a line wider than the screen is
 * wrapped at blanks, and the text is shown from its row top on where it
 * is taller than the screen ("more" on the frame above or below).
 * Returns the most top may be (0 when it all fits).
 */
int screen_popup(const char *title, const char *text, const char *keys,
		 int top);

/*
 * Key k scrolls a window of screen_popup() (up and down a line, PgUp and
 * PgDn a page, Home and End to its ends, where it is taller than the
 * screen: most > 0), its first row shown *top: 1 when it did, 0 when k is
 * the window's to act on.
 */
int screen_scroll(int k, int *top, int most);

/* ---------------------------------------------------------------------
 * The screen of a game
 */

struct tui {
	struct play *p;
	uint32_t picked;  /* the tiles picked for the move */
	int prepicked;	  /* picked is the only move, picked for the person */
	int cursor;	  /* the tile under the cursor */
	uint32_t showing; /* a computer's move, shown tile by tile */
	char faces[64];	  /* the faces of real dice being typed */
	int hint, odds, help; /* panels shown */
	int pace;	      /* index into the table of paces */
	int skip;	      /* the computer's turn shown at once */
	int stop;	      /* the game is to stop, kept */
	char status[256];     /* what to do now */
	char keys[256];	      /* the keys that work now */
	char odds_text[512];  /* the odds panel */
	long shown_round;     /* the turn whose header is in the log */
	int shown_seat;
	char note[256]; /* the last answer: an error, a take-back */
	int note_bad;	/* the note is a refusal */
	char log[TUI_LOG][TUI_LOG_LEN];
	int nlog;	      /* lines ever logged */
	char popup_title[64]; /* a window over the board, when set */
	char popup[32768];
	char popup_keys[160];
	int popup_top;	  /* its first row shown, scrolled with up and down */
	int popup_most;	  /* the most popup_top may be: 0 when it all shows */
	char unkept[600]; /* that the game is not kept, and why, or "" */
	int unkept_bad;	  /* not by choice: the history failed */
	/*
	 * The person's choices of the turn weighed against the hint's best,
	 * each at the index its action takes in the record, so that a choice
	 * taken back goes with it (odds_taken_back()): its cost in the chance
	 * of winning where the hint ranks by it (to_win), else in expected
	 * score.  since: the turn began before the game was resumed, so that
	 * its choices before are not among them.
	 */
	struct tui_weighed {
		size_t at;
		double cost;
		int to_win;
	} weighed[TUI_WEIGHED];
	int nweighed;
	int since;
	/*
	 * The record's length when the turn of those weighed ended, 0 while
	 * it goes on: they are let go with the next turn's first choice, not
	 * at the end, since a move that ended it may still be taken back.
	 */
	size_t ended;
};

/* The pace of computer turns, in milliseconds per step. */
int tui_pace_ms(const struct tui *t);

/* The item of the bar of keys that takes back, kept where others go. */
#define TUI_KEY_UNDO "u undo"

/* turn.c: what a part of the loop returns besides 0. */
#define TURN_STOP (-1) /* stop, keep the game */
#define TURN_FAIL (-2) /* failed, said in the log or on leaving */
/* Applies and books a person's action made, and tells its events. */
int turn_act(struct tui *t, const struct shut_action *made);
/* One step of the driver (a throw, or a computer's choice), booked. */
int turn_step(struct tui *t);
/* Redraws with the panels brought up to date. */
void turn_draw(struct tui *t);
/*
 * The keys every prompt shares: 1 when k was one of them (and done),
 * TURN_STOP or TURN_FAIL to end, 2 when the game changed, else 0.
 */
int turn_common(struct tui *t, int k);
/* A note under the board, bad (shown as an error) or not. */
void turn_note(struct tui *t, int bad, const char *text);
/* Waits for a key; the common ones are done.  Returns the key, 0 with
 * *changed set when the game changed, or TURN_STOP / TURN_FAIL. */
int turn_key(struct tui *t, int *changed);
/* Whether k is Enter. */
int turn_enter(int k);
/* The undo key and a gap, for a line of keys, or "" when nothing is to
 * take back. */
const char *turn_undo_key(const struct tui *t);
/* computer.c: one action of a computer seat, or a throw for it, at its
 * pace; 0 or TURN_STOP / TURN_FAIL. */
int turn_computer(struct tui *t);
/* dice.c: a person's count of dice, where the rules leave a choice; the
 * faces of real dice (of a count in choices, or of the dice thrown, 0),
 * from digit first typed (or none, '\0'); 0 or what turn_key() gives. */
int dice_count(struct tui *t);
int dice_faces(struct tui *t, unsigned choices, int first);

/* Appends a line (or lines) of narration to the log. */
void tui_log(struct tui *t, const char *text);

/* The key that picks tile n, and the tile a key picks (0: none). */
int tui_tile_key(int n);
int tui_key_tile(const struct tui *t, int key);

/* odds.c: solvers handed over when ready; the hint and odds panels. */
void odds_poll(struct tui *t);
void odds_panels(struct tui *t);
/* Weighs a person's action against perfect play, before it is applied. */
void odds_weigh(struct tui *t, const struct shut_action *a);
/* The choices weighed whose actions were taken back are let go. */
void odds_taken_back(struct tui *t);
/* A turn ended, a person's when person: its cost told, and the next begun. */
void odds_turn_end(struct tui *t, int person);
/* The game over: the analysis of the people's play in a window. */
void odds_analysis(struct tui *t);

/*
 * A window of text over the board until a key other than those that
 * scroll it (up and down where it is taller than the screen); returns
 * the key.
 */
int tui_window(struct tui *t, const char *title, const char *text,
	       const char *keys);
/* The same, letting go of Enter and space typed in its first guard_ms. */
int tui_window_guarded(struct tui *t, const char *title, const char *text,
		       const char *keys, int guard_ms);

/*
 * setup.c: why the setup screen could not open the history it was to
 * keep, or "" (it could, it was not to be kept, or no setup was shown):
 * the game is then not kept either, for the same reason.
 */
const char *setup_history_why(void);

/*
 * setup_help.c: the setup screen's key bar, in words as long as the
 * screen is wide; text in a window over the screen until a key other
 * than those that scroll it; and ?, the keys at length and what each of
 * the n computer strengths plays for.
 */
const char *setup_keys_text(void);
void setup_window(const char *title, const char *text);
/* The keys of typing a name or a value; drawn on the bar of keys. */
const char *setup_typing_text(void);
void setup_typing_keys(void);
/* Over the form of the rules: how many keys are above and below it. */
void setup_keys_more(size_t above, size_t below);
void setup_help(const char *const *strengths, int n);

/*
 * past.c: the history (stats 0) or the stats screen, from history st.
 * Returns the game R asked to resume (unfinished, played by none), or 0.
 */
struct store;
int64_t past_screen(struct store *st, const char *db, int stats);

/* board.c */
void board_draw(struct tui *t);

/*
 * The bar of keys on the last line, its items two blanks apart: where it
 * is wider than width, the items of the middle go first, so that the
 * first (what to do now), the last two (? help, q quit) and u undo (a
 * slip put right) stay; of the rest, those that fit, in order.
 */
void board_keys(const char *keys, int width);
/* The tile drawn at (row, col), or 0. */
int board_tile_at(const struct tui *t, int row, int col);

#endif
