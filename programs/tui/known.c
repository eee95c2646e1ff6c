/*
 * known.c - whether the terminal database knows a terminal, and so
 * whether the full screen can be played on this one.
 *
 * Apart from screen.c: <term.h> defines a macro for every capability
 * (lines, columns, bell...), names the rest of the screen must keep.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "parts.h"
#include "tui.h"
#include <term.h>

int
screen_known(const char *term)
{
	int err;

	if (setupterm((char *)term, STDOUT_FILENO, &err) != OK)
		return 0;
	/* Opened only to look: curses sets the terminal up again itself. */
	del_curterm(cur_term);
	return 1;
}

int
tui_terminal(void)
{
	const char *term = getenv("TERM");

	return isatty(STDIN_FILENO) && isatty(STDOUT_FILENO) && term != NULL &&
	       term[0] != '\0' && strcmp(term, "dumb") != 0;
}

int
tui_wanted(void)
{
	return tui_terminal() && screen_known(getenv("TERM"));
}

void
tui_say_plain(void)
{
	const char *term = getenv("TERM");

	if (tui_terminal() && !screen_known(term))
		fprintf(stderr,
			"shutbox: the terminal '%s' is not in the terminal "
			"database, so the plain game is played (set TERM to "
			"one it has, such as xterm-256color, for the full "
			"screen)\n",
			term);
}
