/*
 * tui.h - the full-screen game: a box on the table, in a terminal.
 *
 * The full-screen game is a front end like the plain game of plain/: it
 * plays a struct play (play.h), books every action with play_book() so
 * that the history holds the same record, and tells every event in the
 * front-end layer's words.  What it adds is the screen: the tiles drawn as
 * lids, the dice as faces, every seat's total, tiles picked with keys or
 * the mouse, hints and odds worked out off the input thread, computer
 * turns at a pace a person can follow, a setup screen generated from the
 * library's key table, and the history and stats screens.
 *
 * The parts, each in its own file:
 *   screen.c  the terminal: opening, closing on every path, keys, colours
 *   board.c   drawing the board: tiles, dice, seats, the log, panels
 *   turn.c    the game loop: people's keys and computers' turns
 *   odds.c    hints, odds and the cost of a turn, from the solver
 *   setup.c   the setup screen: preset, rule keys, players
 *   setup_help.c  its key bar and help, and its windows of text
 *   past.c    the history and stats screens
 *   known.c   whether the terminal can show the full screen
 */
#ifndef TUI_H
#define TUI_H

#include <stddef.h>
#include <stdint.h>

struct play;

/* What tui_run() returns: as plain_run() (PLAIN_OVER, _KEPT, _FAIL). */

/*
 * Whether a person is at a terminal: standard input and output are
 * terminals, and TERM names one that is not dumb (known to the terminal
 * database or not: the game is what is asked for there).
 */
int tui_terminal(void);

/*
 * Whether the full-screen game can be had: tui_terminal(), and the
 * terminal database knows the terminal.
 */
int tui_wanted(void);

/*
 * Says on standard error why a terminal gets the plain game, where the
 * reason is not plain to see: a terminal the database does not know.
 */
void tui_say_plain(void);

/*
 * A setup as the setup screen makes it: the rule set's spec and the
 * players, as --rules and --players take them.
 */
struct tui_setup {
	char spec[512];
	char players[4096]; /* 16 names of up to 160 bytes, and commas */
	char resume[32];    /* set instead: the game to resume, by its id */
	char note[256];	    /* a line the screen shows first (then let go) */
	/* Real dice, their faces typed (--dice manual): 1, 0, or -1 for
	 * the setup remembered in the history. */
	int manual;
};

/*
 * Shows the setup screen, starting from *s when its spec is set (the
 * game just over), else from the setup remembered in the history db (when
 * there is one) or from the defaults.  Returns 0 when a
 * game is to be played as *s says, 2 when the unfinished game s->resume is
 * to be resumed, 1 when the person left, -1 when the screen could not be
 * had (said in one line).  Its computers are checked against the rules
 * with max_bytes (--memory) as the game will check them.
 */
int tui_setup(struct tui_setup *s, const char *db, int history,
	      size_t max_bytes);

/*
 * Plays p on the full screen until the game is over or stops.  The
 * terminal is restored before it returns, whatever happened.
 */
int tui_run(struct play *p);

#endif
