/*
 * setup_help.c - the setup screen's words: its key bar, as wide as the
 * screen, and typing's, its help (?), each key at length and what each
 * computer plays for, and the window of text over the screen that shows
 * them; how many keys of the rules are out of sight.
 */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <string.h>

#include "front.h"
#include "parts.h"
#include "solve.h"
#include "tui.h"

static const char setup_keys_wide[] =
    "up/down: a line  left/right: the preset or the strength  Enter: play\n"
    "r: the rules in words  e: change a rule  a: add a person  c: add a "
    "computer\n"
    "n: rename  d: remove  [ ]: move  H: history  S: stats  ?: help  q: "
    "leave";

/* The same in the 58 columns of the narrowest screen. */
static const char setup_keys_narrow[] =
    "up/down a line  left/right preset, strength  Enter play\n"
    "r rules  e edit rule  a add person  c add computer  ? help\n"
    "n rename  d remove  [ ] move  H history  S stats  q leave";

const char *
setup_keys_text(void)
{
	return COLS - 2 >= 75 ? setup_keys_wide : setup_keys_narrow;
}

void
setup_window(const char *title, const char *text)
{
	int k, top = 0, most;

	do {
		most = screen_popup(title, text, "any key: back", top);
		refresh();
		do
			k = screen_key(250);
		while (k == SCREEN_NONE);
	} while (k == SCREEN_K(KEY_RESIZE) || screen_scroll(k, &top, most));
}

/* The keys at length, for ?. */
static const char setup_help_keys[] =
    "up, down     choose a line\n"
    "left, right  the preset, or the strength of a computer\n"
    "Enter        play\n"
    "r            the rules in words\n"
    "D            real dice (their faces typed at each throw), or dice "
    "thrown by shutbox\n"
    "e            change a rule\n"
    "a, c         add a person, add a computer\n"
    "n, d         rename, remove the player chosen\n"
    "[, ]         move the player chosen up, down\n"
    "H, S         the history (R there resumes a game left unfinished), "
    "the stats\n"
    "R            resume the game left unfinished last, if any\n"
    "q            leave\n"
    "\n"
    "A computer plays one of these strengths, weakest first (a new one "
    "plays optimal):";

/* What a computer of that strength plays for, in the library's words. */
static const char *
setup_strength_help(const char *name)
{
	const struct shut_strategy *st;

	if (strcmp(name, shut_win_perfect.name) == 0)
		return shut_win_perfect.help;
	st = policy_find(name);
	return st != NULL ? st->help : "";
}

void
setup_help(const char *const *strengths, int n)
{
	static char text[16384];
	struct front_text ft;

	front_text_init(&ft, text, sizeof(text));
	front_printf(&ft, "%s", setup_help_keys);
	for (int i = 0; i < n; i++)
		front_printf(&ft, "\n  %-10s %s", strengths[i],
			     setup_strength_help(strengths[i]));
	setup_window("The setup's keys", text);
}

/* The keys of typing a name or a value, not of the setup's lines. */
static const char setup_typing[] =
    "Enter: done  Backspace, Ctrl-U: delete  Esc: as it was";

const char *
setup_typing_text(void)
{
	return setup_typing;
}

void
setup_typing_keys(void)
{
	move(LINES - 1, 0);
	clrtoeol();
	attron(A_DIM);
	board_keys(setup_typing, COLS - 2);
	attroff(A_DIM);
	refresh();
}

void
setup_keys_more(size_t above, size_t below)
{
	char line[64];

	if (above == 0 && below == 0)
		return;
	if (above != 0 && below != 0)
		snprintf(line, sizeof(line), "(%zu more above, %zu below)",
			 above, below);
	else
		snprintf(line, sizeof(line), "(%zu more %s)",
			 above != 0 ? above : below,
			 above != 0 ? "above" : "below");
	attron(A_DIM);
	screen_text(1, 1, COLS - 2, line);
	attroff(A_DIM);
}
