/*
 * known.c - whether the terminal database knows a terminal.
 *
 * Apart from screen.c: <term.h> defines a macro for every capability
 * (lines, columns, bell...), names the rest of the screen must keep.
 */
#include <unistd.h>

#include "parts.h"
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
