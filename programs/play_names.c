/*
 * play_names.c - the players of a game as --players and the setup screen
 * name them: each name checked, a person or a computer, what "cpu" means
 * for the rules, and twins numbered so that every seat can be told apart.
 */
#include <stdio.h>
#include <string.h>

#include "play.h"
#include "solve.h"
#include "util.h"

/* The number of characters in len bytes of UTF-8: bytes that start one. */
static size_t
play_chars(const char *s, size_t len)
{
	size_t i, n = 0;

	for (i = 0; i < len; i++)
		n += ((unsigned char)s[i] & 0xc0) != 0x80;
	return n;
}

/*
 * The number of bytes of the first n characters of the len bytes of UTF-8
 * text at s, at most 4 * n (text that is not UTF-8 is cut there).
 */
static int
play_prefix(const char *s, size_t len, size_t n)
{
	size_t i = 0, max = 4 * n < len ? 4 * n : len;

	while (s[i] != '\0' && n > 0 && i < max) {
		i++;
		while (i < max && ((unsigned char)s[i] & 0xc0) == 0x80)
			i++;
		n--;
	}
	return (int)i;
}

/*
 * The longest the default computer may take to work out its play: past
 * it, "cpu" plays fewest, and the game says so.
 */
#define PLAY_CPU_SECONDS 3.0

/*
 * What "cpu" means: the perfect player where the solver can take the
 * rules in memory and within a few seconds, the fewest-tiles player
 * otherwise (said in p->notice).
 */
static const char *
play_default_cpu(struct play *p)
{
	struct shut_objective obj = { .kind = SHUT_OBJECTIVE_EXPECTED };
	double seconds;
	size_t bytes;

	struct shut_solver_options opt = { .max_bytes = p->max_bytes };

	if (shut_solver_size(&p->rules, &obj, &opt, &bytes) != 0) {
		snprintf(p->notice, sizeof(p->notice),
			 "cpu plays fewest: this box is too big to work out "
			 "the best play");
		return "cpu:fewest";
	}
	seconds = solve_seconds(&p->rules, &obj, 0);
	if (seconds <= PLAY_CPU_SECONDS)
		return "cpu:optimal";
	snprintf(p->notice, sizeof(p->notice),
		 "cpu plays fewest: working out the best play for this box "
		 "would take about %.0f s (cpu:optimal waits for it)",
		 seconds);
	return "cpu:fewest";
}

int
play_name_check(const char **name, size_t *len, char *why, size_t whylen)
{
	*len = util_trim(name, *len);
	if (*len == 0) {
		snprintf(why, whylen, "an empty name");
		return -1;
	}
	if (front_check_name(*name, *len, why, whylen) < 0)
		return -1;
	if (*len > PLAY_NAME_BYTES || play_chars(*name, *len) > PLAY_NAME_MAX) {
		snprintf(why, whylen,
			 "a name is at most %d characters, not %zu",
			 PLAY_NAME_MAX, play_chars(*name, *len));
		return -1;
	}
	return 0;
}

/*
 * A person given a strategy's name alone, as it is typed after "cpu:"
 * ("perfect"): said in p->named, in case a computer was meant (the first
 * such person).
 */
static void
play_person_notice(struct play *p, char (*shown)[PLAY_NAME_BYTES + 1])
{
	for (int i = 0; i < p->nseats && p->named[0] == '\0'; i++)
		if (p->human[i] && policy_is_computer(shown[i]))
			snprintf(p->named, sizeof(p->named),
				 "%.31s is a person here; the computer that "
				 "plays %.31s is cpu:%.31s",
				 shown[i], shown[i], shown[i]);
}

/*
 * Reads --players: names separated by commas, trimmed, each of at most
 * PLAY_NAME_MAX characters.  A name shown again ("cpu" and "cpu:fewest"
 * are both shown as cpu:fewest) is numbered ("cpu:fewest (2)") so that
 * every seat can be told apart (play_name_seats()).
 */
int
play_players(struct play *p, const char *text)
{
	char shown[SHUT_SEATS_MAX][PLAY_NAME_BYTES + 1], why[128];
	const char *s = text, *names[SHUT_SEATS_MAX];
	int i, n = 0, rc;

	if (text[strspn(text, " \t")] == '\0')
		return util_error("bad --players: no names");
	for (;;) {
		size_t len = strcspn(s, ","), nlen = len;
		const char *name = s;

		if (n == SHUT_SEATS_MAX)
			return util_error("bad --players: more than %d players",
					  SHUT_SEATS_MAX);
		if (play_name_check(&name, &nlen, why, sizeof(why)) < 0) {
			if (nlen == 0)
				return util_error("bad --players: %s", why);
			return util_error(
			    "bad --players: %.*s%s: %s",
			    play_prefix(name, nlen, 20), name,
			    play_chars(name, nlen) > 20 ? "..." : "", why);
		}
		/* A person's, read so, that reads as a computer's. */
		if (play_name_is_cpu(name, nlen) && strncmp(name, "cpu:", 4) &&
		    !(nlen == 3 && strncmp(name, "cpu", 3) == 0))
			return util_error("bad --players: %.*s: %s (a computer "
					  "is cpu:NAME, in lower case)",
					  (int)nlen, name, PLAY_NAME_CPU_WHY);
		snprintf(shown[n], sizeof(shown[n]), "%.*s", (int)nlen, name);
		n++;
		s += len;
		if (*s == '\0')
			break;
		s++;
	}
	p->nseats = n;
	for (i = 0; i < n; i++) {
		if (strcmp(shown[i], "cpu") == 0)
			snprintf(shown[i], sizeof(shown[i]), "%s",
				 play_default_cpu(p));
		if ((rc = play_seat(p, i, shown[i])) != 0)
			return rc;
		names[i] = shown[i];
		_Static_assert(sizeof(p->given[i]) == sizeof(shown[i]),
			       "a name given as shown");
		memcpy(p->given[i], shown[i], sizeof(p->given[i]));
	}
	/* A person named as a computer first: the likelier slip. */
	p->named[0] = '\0';
	play_person_notice(p, shown);
	play_name_seats(p, names);
	return 0;
}

int
play_players_same(const struct play *p, const char *list, int *same)
{
	static struct play q;
	int rc;

	/* Read as a new game reads it, without making a solver. */
	memset(&q, 0, sizeof(q));
	q.rules = p->rules;
	q.lazy = 1;
	q.max_bytes = p->max_bytes;
	if ((rc = play_players(&q, list)) != 0)
		return rc;
	*same = q.nseats == p->nseats;
	for (int i = 0; *same && i < q.nseats; i++)
		*same = strcmp(q.name[i], p->name[i]) == 0;
	return 0;
}

void
play_name_seats(struct play *p, const char *const *shown)
{
	int i, j, twin;

	for (i = 0; i < p->nseats; i++) {
		for (twin = 1, j = 0; j < i; j++)
			twin += strcmp(shown[j], shown[i]) == 0;
		if (twin > 1)
			snprintf(p->name[i], sizeof(p->name[i]), "%.*s (%d)",
				 PLAY_NAME_BYTES, shown[i], twin);
		else
			snprintf(p->name[i], sizeof(p->name[i]), "%.*s",
				 PLAY_NAME_BYTES, shown[i]);
		/* Computers of one strength are twins; people, a slip? */
		if (twin == 2 && p->human[i] && p->named[0] == '\0')
			snprintf(p->named, sizeof(p->named),
				 "%.*s is named more than once: the others "
				 "are numbered, as %s",
				 PLAY_NAME_BYTES, shown[i], p->name[i]);
	}
}
