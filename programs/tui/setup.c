/*
 * setup.c - the setup screen: a preset or any rule key, and the players.
 *
 * The screen holds a rule set and a list of seats.  The rule set starts
 * from a preset (left and right go through the presets, each with its
 * one-line description); any key can then be changed in a form generated
 * from the library's key table, each key with its help and bounds, and a
 * value is taken only when shut_rules_set() takes it, so that a bad value
 * cannot be entered.  The seats are people by name and computers at a
 * strength.  What is played is remembered in the history as the spec and
 * players that --rules and --players would take, and offered next time.
 */
#define _DEFAULT_SOURCE
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "front.h"
#include "parts.h"
#include "play.h"
#include "solve.h"
#include "store/store.h"
#include "tui.h"
#include "util.h"

#define SETUP_SEATS 16

/*
 * The buffer a name is typed into: longer than a name may be, so that one
 * typed too long is refused with its length rather than cut.
 */
#define SETUP_TYPED (PLAY_NAME_BYTES + 64)

/*
 * The computer's strengths, weakest first (by their expected score on
 * classic, docs/strategies.md): optimal (the lowest expected score) is the
 * default; perfect plays for the chance of winning the game, where it can
 * be worked out.
 */
static const char *const setup_strengths[] = {
	"lowest",    "most", "random",	"highest", "fewest",
	"thai-wiki", "shut", "optimal", "perfect",
};
#define SETUP_OPTIMAL 7
#define SETUP_STRENGTHS                                                        \
	((int)(sizeof(setup_strengths) / sizeof(setup_strengths[0])))

struct setup_seat {
	char name[PLAY_NAME_BYTES + 1];
	int strength; /* -1: a person */
};

struct setup {
	struct shut_rules rules;
	size_t preset;
	struct setup_seat seat[SETUP_SEATS];
	int nseats;
	int row;	    /* 0: the rules; 1 + i: seat i */
	int64_t unfinished; /* the latest unfinished game, or 0 */
	int history;	    /* games are to be kept */
	int manual;	    /* real dice, their faces typed */
	size_t max_bytes;   /* --memory, for the computers' solvers */
	char note[256];
	int bad;
};

static char setup_text[16384];

/* Why the history could not be opened, or "". */
static char setup_unkept[512];

const char *
setup_history_why(void)
{
	return setup_unkept;
}

static void
setup_note(struct setup *s, int bad, const char *text)
{
	snprintf(s->note, sizeof(s->note), "%.*s", (int)sizeof(s->note) - 1,
		 text);
	s->bad = bad;
}

/* Starts the rules from preset i. */
static void
setup_preset(struct setup *s, size_t i)
{
	char why[256];

	s->preset = i;
	shut_rules_parse(&s->rules, shut_preset_at(i)->name, why, sizeof(why));
}

/*
 * Whether the len bytes at *name can be a person's name as the game takes
 * it (play_name_check(), as --players reads it: *name and *len are
 * trimmed), without a comma, which would split the list of players, and
 * not starting with cpu, which names the computer.  0, or -1 with the
 * reason in why.
 */
static int
setup_name_ok(const char **name, size_t *len, char *why, size_t whylen)
{
	if (play_name_check(name, len, why, whylen) < 0)
		return -1;
	if (memchr(*name, ',', *len) != NULL) {
		snprintf(why, whylen, "a name cannot have a comma");
		return -1;
	}
	if (play_name_is_cpu(*name, *len)) {
		snprintf(why, whylen, "%s", PLAY_NAME_CPU_WHY);
		return -1;
	}
	return 0;
}

/*
 * Reads a remembered list of players; 0, or -1 when it does not fit, with
 * the reason in why: a setup the game would refuse is not offered.
 */
static int
setup_players(struct setup *s, const char *text, char *why, size_t whylen)
{
	char reason[256];
	int n = 0, i;

	while (*text != '\0' && n < SETUP_SEATS) {
		size_t len = strcspn(text, ","), nlen = len;
		struct setup_seat *st = &s->seat[n++];
		const char *name = text;

		st->strength = -1;
		if (nlen == 3 && strncmp(name, "cpu", 3) == 0)
			st->strength = SETUP_OPTIMAL;
		if (nlen > 4 && strncmp(name, "cpu:", 4) == 0)
			for (i = 0; i < SETUP_STRENGTHS; i++)
				if (nlen - 4 == strlen(setup_strengths[i]) &&
				    strncmp(name + 4, setup_strengths[i],
					    nlen - 4) == 0)
					st->strength = i;
		if (st->strength < 0 &&
		    setup_name_ok(&name, &nlen, reason, sizeof(reason)) < 0) {
			snprintf(why, whylen, "player %d: %s", n, reason);
			return -1;
		}
		snprintf(st->name, sizeof(st->name), "%.*s", (int)nlen, name);
		text += len + (text[len] == ',');
	}
	s->nseats = n;
	if (n == 0)
		snprintf(why, whylen, "no players");
	return n > 0 ? 0 : -1;
}

/*
 * The setup of the game just over (in from, when its spec is set), or the
 * one remembered, or the classic game against the computer: a setup that
 * cannot be played is said in the note and let go.
 */
static void
setup_load(struct setup *s, struct store *st, const struct tui_setup *from)
{
	char spec[512] = "", players[sizeof(((struct tui_setup *)0)->players)];
	char why[512], line[600];
	size_t i;

	memset(s, 0, sizeof(*s));
	setup_preset(s, 0);
	players[0] = '\0';
	s->manual = from->manual > 0;
	if (from->manual < 0 && st != NULL &&
	    store_setting_get(st, "setup.dice", line, sizeof(line), why,
			      sizeof(why)) == 0)
		s->manual = strcmp(line, "manual") == 0;
	if (from->spec[0] != '\0') {
		snprintf(spec, sizeof(spec), "%s", from->spec);
		snprintf(players, sizeof(players), "%s", from->players);
	} else if (st == NULL ||
		   store_setting_get(st, "setup.rules", spec, sizeof(spec), why,
				     sizeof(why)) != 0 ||
		   store_setting_get(st, "setup.players", players,
				     sizeof(players), why, sizeof(why)) != 0)
		goto defaults;
	if (shut_rules_parse(&s->rules, spec, why, sizeof(why)) < 0 ||
	    setup_players(s, players, why, sizeof(why)) < 0) {
		snprintf(line, sizeof(line), "the setup %s is not used: %s",
			 from->spec[0] ? "of the game over" : "remembered",
			 why);
		setup_note(s, 1, line);
		goto defaults;
	}
	for (i = 0; i < shut_preset_count(); i++)
		if (strncmp(spec, shut_preset_at(i)->name,
			    strlen(shut_preset_at(i)->name)) == 0)
			s->preset = i;
	return;
defaults:
	setup_preset(s, 0);
	setup_players(s, "You,cpu:optimal", why, sizeof(why));
}

/* Whether the rules are exactly the preset chosen's. */
static int
setup_is_chosen(const struct setup *s)
{
	struct shut_rules r;

	return shut_rules_parse(&r, shut_preset_at(s->preset)->spec, NULL, 0) ==
		   0 &&
	       shut_rules_equal(&r, &s->rules);
}

/*
 * The spec of the rules: the preset chosen when they are its rules, else
 * the preset nearest and the keys that differ.
 */
static void
setup_spec(const struct setup *s, char *buf, size_t len)
{
	struct front_text ft;

	front_text_init(&ft, buf, len);
	if (setup_is_chosen(s)) {
		front_printf(&ft, "%s", shut_preset_at(s->preset)->name);
		return;
	}
	front_rules_name(&ft, &s->rules);
}

/*
 * What the rules are, in a line or two: the help of the preset they are
 * (the one chosen first: golf is classic's rules under its own words),
 * else their sentences (front_rules()) run together, so that rules edited
 * away from the preset are never described as the preset.
 */
static void
setup_about(const struct setup *s, char *buf, size_t len)
{
	struct front_text ft;
	struct shut_rules r;
	char why[256];

	for (size_t n = 0; n <= shut_preset_count(); n++) {
		size_t i = n == 0 ? s->preset : n - 1;
		const struct shut_preset *pr = shut_preset_at(i);

		if (shut_rules_parse(&r, pr->name, why, sizeof(why)) == 0 &&
		    shut_rules_equal(&r, &s->rules)) {
			snprintf(buf, len, "%s", pr->help);
			return;
		}
	}
	char lines[900];
	size_t used = 0;

	front_text_init(&ft, lines, sizeof(lines));
	front_rules(&ft, &s->rules, s->nseats);
	/* Its lines run together as sentences: "tiles 1-9, dice 2d6. Shut" */
	buf[0] = '\0';
	for (const char *c = lines; *c != '\0' && used + 3 < len; c++) {
		if (*c != '\n') {
			buf[used++] = *c;
		} else if (c[1] != '\0') {
			if (used > 0 && !strchr(".:;!?", buf[used - 1]))
				buf[used++] = '.';
			buf[used++] = ' ';
		}
		buf[used] = '\0';
	}
}

/* What ends a description cut to two lines. */
#define SETUP_ABOUT_MORE " ... (r: the rules in words)"

/*
 * Cuts about, where it takes more than two lines of cols columns, at a
 * blank of its second line, with SETUP_ABOUT_MORE after it.
 */
static void
setup_about_cut(char *about, int cols)
{
	int more = (int)strlen(SETUP_ABOUT_MORE);
	size_t first, second;
	char *p;

	if (cols <= more + 10)
		return;
	first = front_wrap(about, cols);
	p = about + first;
	while (*p == ' ')
		p++;
	if (*p == '\0' || front_columns(p, SIZE_MAX) <= cols)
		return;
	second = front_wrap(p, cols - more);
	while (second > 0 && p[second - 1] == ' ')
		second--;
	snprintf(p + second, strlen(p + second) + 1, "%s", SETUP_ABOUT_MORE);
}

static void
setup_players_text(const struct setup *s, char *buf, size_t len)
{
	struct front_text t;

	front_text_init(&t, buf, len);
	for (int i = 0; i < s->nseats; i++)
		front_printf(&t, "%s%s%s", i ? "," : "",
			     s->seat[i].strength >= 0 ? "cpu:" : "",
			     s->seat[i].strength >= 0
				 ? setup_strengths[s->seat[i].strength]
				 : s->seat[i].name);
}

/* ---------------------------------------------------------------------
 * Drawing
 */

static void
setup_draw(const struct setup *s, const char *title, const char *keys)
{
	char line[1024], spec[512], about[900];
	int y = 2, i, room, from, below;

	erase();
	if (screen_too_small(TUI_MIN_ROWS, TUI_MIN_COLS))
		return;
	attron(screen_pair(PAIR_TITLE) | A_REVERSE);
	mvhline(0, 0, ' ', COLS);
	screen_text(0, 1, COLS - 2, title);
	attroff(screen_pair(PAIR_TITLE) | A_REVERSE);
	setup_spec(s, spec, sizeof(spec));
	snprintf(line, sizeof(line), "Rules    < %s >", spec);
	if (s->row == 0)
		attron(A_REVERSE | A_BOLD);
	screen_text(y++, 1, COLS - 2, line);
	attroff(A_REVERSE | A_BOLD);
	attron(A_DIM);
	/* In two lines at most, cut between words, and said to be cut. */
	setup_about(s, about, sizeof(about));
	setup_about_cut(about, COLS - 11);
	y += screen_wrapped(y, 10, COLS - 11, 2, about);
	attroff(A_DIM);
	snprintf(line, sizeof(line), "Dice     %s (D: %s)",
		 s->manual ? "real, their faces typed" : "thrown by shutbox",
		 s->manual ? "thrown by shutbox" : "real dice");
	screen_text(y++, 1, COLS - 2, line);
	y++;
	if (setup_unkept[0] != '\0') {
		snprintf(line, sizeof(line), "games are not kept: %s",
			 setup_unkept);
		attron(screen_pair(PAIR_BAD) | A_BOLD);
		y += screen_wrapped(y, 1, COLS - 2, 3, line);
		attroff(screen_pair(PAIR_BAD) | A_BOLD);
		y++;
	}
	if (s->unfinished > 0) {
		snprintf(line, sizeof(line),
			 "Game %" PRId64 " is not finished: R resumes it",
			 s->unfinished);
		attron(screen_pair(PAIR_GOOD) | A_BOLD);
		screen_text(y++, 1, COLS - 2, line);
		attroff(screen_pair(PAIR_GOOD) | A_BOLD);
		y++;
	}
	/*
	 * Above the line a name is typed on (screen_ask()) and the note; more
	 * than there is room for scroll, the one chosen in sight.
	 */
	room = LINES - 5 - (y + 1);
	from = s->row - 1 >= room ? s->row - room : 0;
	below = s->nseats - from - room;
	if (from > 0 || below > 0)
		snprintf(line, sizeof(line),
			 "Players  (%d more above, %d below)", from,
			 below > 0 ? below : 0);
	else
		snprintf(line, sizeof(line), "Players");
	screen_text(y++, 1, COLS - 2, line);
	for (i = from; i < s->nseats && y < LINES - 5; i++) {
		const struct setup_seat *st = &s->seat[i];

		if (st->strength >= 0)
			snprintf(line, sizeof(line), "  %2d. < computer: %s >",
				 i + 1, setup_strengths[st->strength]);
		else
			snprintf(line, sizeof(line), "  %2d. %s (a person)",
				 i + 1, st->name);
		if (s->row == i + 1)
			attron(A_REVERSE | A_BOLD);
		screen_text(y++, 1, COLS - 2, line);
		attroff(A_REVERSE | A_BOLD);
	}
	screen_note(LINES - 4, s->note, s->bad);
	attron(A_DIM);
	for (i = 0, y = LINES - 3; *keys != '\0' && y < LINES; y++) {
		size_t len = strcspn(keys, "\n");

		snprintf(line, sizeof(line), "%.*s", (int)len, keys);
		screen_text(y, 1, COLS - 2, line);
		keys += len + (keys[len] == '\n');
	}
	attroff(A_DIM);
}

/* ---------------------------------------------------------------------
 * The form of rule keys
 */

static void
setup_keys_draw(const struct setup *s, size_t at, size_t top)
{
	const struct shut_rule_key *k;
	char value[256], line[1024], spec[512];
	struct front_text ft;
	size_t i;
	int y = 2;

	setup_draw(s, "shutbox: the rules, key by key", "");
	erase();
	attron(screen_pair(PAIR_TITLE) | A_REVERSE);
	mvhline(0, 0, ' ', COLS);
	setup_spec(s, spec, sizeof(spec));
	snprintf(line, sizeof(line), "The rules, key by key: %s", spec);
	/* A spec too long to read whole is read key by key below. */
	screen_text(0, 1, COLS - 2,
		    front_columns(line, SIZE_MAX) <= COLS - 2
			? line
			: "The rules, key by key");
	attroff(screen_pair(PAIR_TITLE) | A_REVERSE);
	for (i = top; (k = shut_rule_key_at(i)) != NULL && y < LINES - 7;
	     i++, y++) {
		shut_rules_key_print(&s->rules, k, value, sizeof(value));
		snprintf(line, sizeof(line), "%-18s %-14s", k->name, value);
		if (i == at)
			attron(A_REVERSE | A_BOLD);
		screen_text(y, 1, COLS - 2, line);
		attroff(A_REVERSE | A_BOLD);
	}
	setup_keys_more(top, shut_rule_key_count() - i);
	k = shut_rule_key_at(at);
	attron(screen_pair(PAIR_PANEL));
	/* On two lines where it is long, cut between words. */
	screen_wrapped(LINES - 7, 1, COLS - 2, 2, k->help);
	attroff(screen_pair(PAIR_PANEL));
	if (k->words != NULL) {
		/* The words of moves name up-to-K themselves. */
		front_text_init(&ft, line, sizeof(line));
		front_printf(&ft, "takes:");
		for (i = 0; k->words[i] != NULL; i++)
			front_printf(&ft, " %s", k->words[i]);
		if (k->kind == SHUT_KEY_START)
			front_printf(&ft, " or a list of tiles");
		/* The row under it is free: the note starts below that. */
		screen_wrapped(LINES - 5, 1, COLS - 2, 2, line);
	} else if (k->kind != SHUT_KEY_START) {
		/* An amount of money is kept in cents, and said in units. */
		front_text_init(&ft, line, sizeof(line));
		front_printf(&ft, "from ");
		if (k->kind == SHUT_KEY_MONEY)
			front_money(&ft, k->min);
		else
			front_printf(&ft, "%ld", k->min);
		/* A bound no game reaches (bust's, INT_MAX) is not said. */
		if (k->kind != SHUT_KEY_MONEY && k->max >= INT_MAX)
			front_printf(&ft, " up");
		else
			front_printf(&ft, " to ");
		if (k->kind == SHUT_KEY_MONEY)
			front_money(&ft, k->max);
		else if (k->max < INT_MAX)
			front_printf(&ft, "%ld", k->max);
		front_printf(&ft, "%s%s", k->zero ? ", or " : "",
			     k->zero ? k->zero : "");
		screen_text(LINES - 5, 1, COLS - 2, line);
	}
	/* Two rows where it is long, cut between words. */
	screen_note(LINES - 3, s->note, s->bad);
	attron(A_DIM);
	board_keys(k->words != NULL ? "up/down: a key  left/right: its words  "
				      "Enter: type a value  Esc: done"
				    : "up/down: a key  Enter: type a value  "
				      "Esc: done",
		   COLS - 2);
	attroff(A_DIM);
}

/*
 * What the rules just changed do not do that they seem to (tiles no throw
 * shuts: front_rules_warning()), said after what was (said), where the
 * game would say it only once the screen is gone.
 */
static void
setup_warned(struct setup *s, const char *said)
{
	char warning[256], line[1024];

	if (!util_rules_warning(&s->rules, warning, sizeof(warning)))
		return;
	snprintf(line, sizeof(line), "%s%swarning: %s", said,
		 said[0] != '\0' ? "; " : "", warning);
	setup_note(s, 0, line);
}

/* Sets key k to value, or says why not; 0 or -1. */
static int
setup_set(struct setup *s, const struct shut_rule_key *k, const char *value)
{
	char why[256], line[1024];

	if (shut_rules_set(&s->rules, k->name, value, why, sizeof(why)) < 0) {
		/* The reason may name the item already. */
		snprintf(line, sizeof(line), "%s=%s: ", k->name, value);
		if (strncmp(why, line, strlen(line)) == 0)
			snprintf(line, sizeof(line), "%s", why);
		else
			snprintf(line, sizeof(line), "%s=%s: %s", k->name,
				 value, why);
		setup_note(s, 1, line);
		return -1;
	}
	snprintf(line, sizeof(line), "%s is now %s", k->name, value);
	setup_note(s, 0, line);
	setup_warned(s, line);
	return 0;
}

/* The next of the key's words after its value now, in direction dir. */
static void
setup_cycle(struct setup *s, const struct shut_rule_key *k, int dir)
{
	char value[256];
	int i, n = 0, at = -1;

	if (k->words == NULL)
		return;
	shut_rules_key_print(&s->rules, k, value, sizeof(value));
	for (n = 0; k->words[n] != NULL; n++)
		if (strcmp(k->words[n], value) == 0)
			at = n;
	/* The first word that the rest of the rules allow. */
	for (i = 1; i <= n; i++) {
		int w =
		    ((at < 0 ? (dir > 0 ? -1 : 0) : at) + dir * i + 2 * n) % n;
		char why[256];

		if (shut_rules_set(&s->rules, k->name, k->words[w], why,
				   sizeof(why)) == 0) {
			s->note[0] = '\0';
			setup_warned(s, "");
			return;
		}
	}
	setup_note(s, 1, "no other word fits the rest of the rules");
}

static int
setup_keys(struct setup *s)
{
	size_t at = 0, top = 0, n = shut_rule_key_count();
	const struct shut_rule_key *k;
	char value[256];
	int key, rc;

	s->note[0] = '\0';
	for (;;) {
		size_t rows = LINES > 11 ? (size_t)LINES - 9 : 2;

		if (at < top)
			top = at;
		if (at >= top + rows)
			top = at - rows + 1;
		setup_keys_draw(s, at, top);
		refresh();
		key = screen_key(250);
		k = shut_rule_key_at(at);
		if (key == SCREEN_STOP)
			return key;
		if (key == 27 || key == 'q')
			return 0;
		if (key == SCREEN_K(KEY_UP) && at > 0)
			at--;
		else if (key == SCREEN_K(KEY_DOWN) && at + 1 < n)
			at++;
		else if (key == SCREEN_K(KEY_LEFT) ||
			 key == SCREEN_K(KEY_RIGHT))
			setup_cycle(s, k, key == SCREEN_K(KEY_LEFT) ? -1 : 1);
		else if (key == '\r' || key == '\n' ||
			 key == SCREEN_K(KEY_ENTER)) {
			shut_rules_key_print(&s->rules, k, value,
					     sizeof(value));
			/* A value refused stays typed, to be put right; the
			 * keys are typing's meanwhile. */
			setup_typing_keys();
			while ((rc = screen_ask(k->name, value,
						sizeof(value))) == 1 &&
			       setup_set(s, k, value) < 0) {
				setup_keys_draw(s, at, top);
				setup_typing_keys();
			}
			if (rc == SCREEN_STOP)
				return rc;
		}
	}
}

/* ---------------------------------------------------------------------
 * The screen
 */

/*
 * A person's name typed at the prompt into name (which holds the name
 * now): 0, or -1 when none was given (Esc, or only blanks).  A name the
 * game would not take (setup_name_ok()) is refused at once, the reason in
 * the note, and asked again as it was typed, to be put right.  The name
 * is left trimmed, as the game would trim it.
 */
static int
setup_name(struct setup *s, const char *prompt, char *name, size_t len)
{
	char why[256];
	const char *trimmed;
	size_t n;

	/* Drawn again first: a note of the key before goes. */
	setup_draw(s, "shutbox: a new game", setup_typing_text());
	for (;;) {
		if (screen_ask(prompt, name, len) != 1)
			return -1;
		trimmed = name;
		n = strlen(name);
		if (setup_name_ok(&trimmed, &n, why, sizeof(why)) == 0)
			break;
		if (n == 0) {
			setup_note(s, 0, "no name typed: nothing changed");
			return -1;
		}
		setup_note(s, 1, why);
		setup_draw(s, "shutbox: a new game", setup_typing_text());
	}
	memmove(name, trimmed, n);
	name[n] = '\0';
	s->note[0] = '\0';
	return 0;
}

static void
setup_add(struct setup *s, int person)
{
	struct setup_seat *st;
	char name[SETUP_TYPED] = "";

	if (s->nseats == SETUP_SEATS) {
		setup_note(s, 1, "the table is full");
		return;
	}
	st = &s->seat[s->nseats];
	if (!person) {
		st->strength = SETUP_OPTIMAL;
		s->row = ++s->nseats;
		return;
	}
	if (setup_name(s, "The new player's name:", name, sizeof(name)) < 0)
		return;
	snprintf(st->name, sizeof(st->name), "%.*s", PLAY_NAME_BYTES, name);
	st->strength = -1;
	s->row = ++s->nseats;
}

static void
setup_rename(struct setup *s)
{
	struct setup_seat *st = &s->seat[s->row - 1];
	char name[SETUP_TYPED];

	if (st->strength >= 0) {
		setup_note(s, 1,
			   "a computer is named by its strength: left and "
			   "right change it");
		return;
	}
	snprintf(name, sizeof(name), "%s", st->name);
	if (setup_name(s, "Name:", name, sizeof(name)) < 0)
		return;
	snprintf(st->name, sizeof(st->name), "%.*s", PLAY_NAME_BYTES, name);
}

static void
setup_swap(struct setup *s, int a, int b)
{
	struct setup_seat tmp;

	if (a < 0 || b < 0 || a >= s->nseats || b >= s->nseats)
		return;
	tmp = s->seat[a];
	s->seat[a] = s->seat[b];
	s->seat[b] = tmp;
	s->row = b + 1;
}

/* Left or right on the line in focus. */
static void
setup_turn(struct setup *s, int dir)
{
	size_t n = shut_preset_count(), at = s->preset;
	const struct shut_preset *shown;

	if (s->row == 0) {
		/* From the preset the line shows (rules edited into
		 * full-house are shown so), not the one chosen last. */
		shown =
		    setup_is_chosen(s) ? NULL : front_rules_preset(&s->rules);
		for (size_t i = 0; i < n && shown != NULL; i++)
			if (shut_preset_at(i) == shown)
				at = i;
		setup_preset(s, (at + n + (size_t)(dir + (int)n)) % n);
		s->note[0] = '\0';
		return;
	}
	if (s->seat[s->row - 1].strength >= 0)
		s->seat[s->row - 1].strength =
		    (s->seat[s->row - 1].strength + SETUP_STRENGTHS + dir) %
		    SETUP_STRENGTHS;
}

static void
setup_rules_words(const struct setup *s)
{
	struct front_text ft;

	front_text_init(&ft, setup_text, sizeof(setup_text));
	front_rules(&ft, &s->rules, s->nseats);
	setup_window("The rules in words", setup_text);
}

/*
 * Whether every computer of the setup can play these rules, as the game
 * will ask at its start (play_seat()): perfect where the rules can be
 * played to win, shut and optimal where their solver fits the memory.
 * Says why not, so that the setup is mended here rather than refused
 * by the game once the screen is gone.
 */
static int
setup_computers_ok(struct setup *s)
{
	char line[512], why[256];

	for (int i = 0; i < s->nseats; i++) {
		const int k = s->seat[i].strength;
		struct shut_objective obj;

		if (k < 0)
			continue;
		if (strcmp(setup_strengths[k], "perfect") == 0 &&
		    play_perfect_check(&s->rules, s->nseats, s->max_bytes,
				       "--memory", why, sizeof(why)) < 0) {
			snprintf(line, sizeof(line), "player %d: perfect: %s",
				 i + 1, why);
			setup_note(s, 1, line);
			return 0;
		}
		/* The solver the game will make for it (play_solver()). */
		play_objective(&s->rules,
			       strcmp(setup_strengths[k], "shut") == 0, &obj);
		if ((strcmp(setup_strengths[k], "shut") == 0 ||
		     strcmp(setup_strengths[k], "optimal") == 0) &&
		    solve_fits(&s->rules, &obj, 0, s->max_bytes, "--memory",
			       why, sizeof(why)) < 0) {
			snprintf(line, sizeof(line), "player %d: %s: %s", i + 1,
				 setup_strengths[k], why);
			setup_note(s, 1, line);
			return 0;
		}
	}
	return 1;
}

/* Whether the setup can be played; says why not. */
static int
setup_ok(struct setup *s)
{
	if (s->nseats == 0) {
		setup_note(s, 1, "add a player first (a or c)");
		return 0;
	}
	if (s->rules.mode == SHUT_MODE_BATTLE && s->nseats != 2) {
		setup_note(s, 1, "a battle is played by exactly two players");
		return 0;
	}
	return setup_computers_ok(s);
}

/*
 * The game offered to resume: the latest unfinished, unless another
 * shutbox plays it now (it would be refused).  Asked again while the
 * screen is up, since another shutbox may stop, keep or finish one.
 */
static int64_t
setup_offer(struct setup *s, struct store *st)
{
	char why[512];
	int64_t latest = 0;

	if (st == NULL ||
	    store_latest_unfinished(st, &latest, why, sizeof(why)) != 0)
		latest = 0;
	s->unfinished =
	    latest > 0 && !store_game_playing(st, latest) ? latest : 0;
	return latest;
}

/* R with no game offered: why, latest the latest unfinished (or 0). */
static void
setup_note_busy(struct setup *s, int64_t latest)
{
	char line[128];

	if (latest > 0)
		play_busy_line(line, sizeof(line), latest);
	else
		snprintf(line, sizeof(line), "no game to resume: %s",
			 s->history ? "none is left unfinished"
				    : "--no-history");
	setup_note(s, 1, line);
}

int
tui_setup(struct tui_setup *out, const char *db, int history, size_t max_bytes)
{
	static struct setup s;
	struct store *st = NULL;
	char why[512];
	int k, rc = 1, idle = 0;
	int64_t latest;

	setup_unkept[0] = '\0';
	if (history &&
	    store_open(&st, db, setup_unkept, sizeof(setup_unkept)) < 0)
		st = NULL;
	setup_load(&s, st, out);
	if (out->note[0] != '\0')
		setup_note(&s, 1, out->note);
	out->note[0] = '\0';
	s.history = history;
	s.max_bytes = max_bytes;
	latest = setup_offer(&s, st);
	out->resume[0] = '\0';
	if (screen_open() < 0) {
		store_close(st);
		return -1;
	}
	for (;;) {
		setup_draw(&s, "shutbox: a new game", setup_keys_text());
		refresh();
		k = screen_key(250);
		/* Esc, which closes every window, does not leave the game. */
		if (k == SCREEN_STOP || k == 'q')
			break;
		/* Each second with no key, and at R, the offer asked again. */
		if ((k == SCREEN_NONE && ++idle % 4 == 0) || k == 'R')
			latest = setup_offer(&s, st);
		/*
		 * A note is of the last key, or of the setup remembered: the
		 * next key that does more than move along the lines lets it
		 * go.
		 */
		if (k != SCREEN_NONE && k != SCREEN_K(KEY_RESIZE) &&
		    k != SCREEN_K(KEY_UP) && k != SCREEN_K(KEY_DOWN))
			s.note[0] = '\0';
		if (k == '\r' || k == '\n' || k == SCREEN_K(KEY_ENTER)) {
			if (!setup_ok(&s))
				continue;
			rc = 0;
			break;
		}
		if (k == 'R' && s.unfinished > 0) {
			snprintf(out->resume, sizeof(out->resume), "%" PRId64,
				 s.unfinished);
			rc = 2;
			break;
		}
		if (k == 'R') {
			setup_note_busy(&s, latest);
			continue;
		}
		switch (k) {
		case SCREEN_K(KEY_UP):
			s.row -= s.row > 0;
			break;
		case SCREEN_K(KEY_DOWN):
			s.row += s.row < s.nseats;
			break;
		case SCREEN_K(KEY_LEFT):
		case SCREEN_K(KEY_RIGHT):
			setup_turn(&s, k == SCREEN_K(KEY_LEFT) ? -1 : 1);
			break;
		case 'r':
			setup_rules_words(&s);
			break;
		case 'D':
			s.manual = !s.manual;
			setup_note(&s, 0,
				   s.manual ? "real dice: type their faces at "
					      "each throw"
					    : "the dice are thrown by shutbox");
			break;
		case '?':
			setup_help(setup_strengths, SETUP_STRENGTHS);
			break;
		case 'e':
			if (setup_keys(&s) == SCREEN_STOP)
				goto out;
			break;
		case 'a':
		case 'c':
			setup_add(&s, k == 'a');
			break;
		case 'n':
			if (s.row > 0)
				setup_rename(&s);
			break;
		case 'd':
		case SCREEN_K(KEY_DC):
			if (s.row > 0) {
				memmove(&s.seat[s.row - 1], &s.seat[s.row],
					(size_t)(s.nseats - s.row) *
					    sizeof(s.seat[0]));
				s.nseats--;
				s.row -= s.row > s.nseats;
			}
			break;
		case '[':
			setup_swap(&s, s.row - 1, s.row - 2);
			break;
		case ']':
			setup_swap(&s, s.row - 1, s.row);
			break;
		case 'H':
		case 'S':
			if (st == NULL)
				setup_note(&s, 1,
					   s.history ? "no history: it cannot "
						       "be opened"
						     : "no history: "
						       "--no-history");
			else if ((latest = past_screen(st, db, k == 'S')) > 0) {
				/* R on a game of the history: resumed. */
				snprintf(out->resume, sizeof(out->resume),
					 "%" PRId64, latest);
				rc = 2;
				goto out;
			}
			latest = setup_offer(&s, st);
			break;
		default:
			break;
		}
	}
out:
	screen_close();
	if (rc == 0) {
		setup_spec(&s, out->spec, sizeof(out->spec));
		setup_players_text(&s, out->players, sizeof(out->players));
		out->manual = s.manual;
		if (st != NULL &&
		    (store_setting_set(st, "setup.rules", out->spec, why,
				       sizeof(why)) < 0 ||
		     store_setting_set(st, "setup.players", out->players, why,
				       sizeof(why)) < 0 ||
		     store_setting_set(st, "setup.dice",
				       s.manual ? "manual" : "random", why,
				       sizeof(why)) < 0))
			util_warning("%s; the setup is not remembered", why);
	}
	store_close(st);
	return rc;
}
