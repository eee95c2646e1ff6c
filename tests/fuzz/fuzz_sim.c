/*
 * fuzz_sim.c - libFuzzer target for the readers of "shutbox sim": a whole
 * number (--games, --seed, --threads) and the list of --players.
 *
 * The first byte chooses the reader and, for a number, its bounds; the
 * second the preset the players sit at; the rest is the text.  Nothing may
 * crash or write past a buffer; a number accepted is within its bounds; a
 * list accepted has 1 to SHUT_SEATS_MAX seats, each with a strategy, two
 * for a battle, and a solver's player has its solver.  Solvers are kept
 * under 1 MiB, so a big box is refused at once instead of solved.  The
 * messages of refusals are checked as the other targets check them.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "shown.h"
#include "sim.h"
#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check_line(const char *line)
{
	shown_check(line, strlen(line));
}

static void
check_players(const struct shut_preset *p, const char *text)
{
	struct sim s;

	memset(&s, 0, sizeof(s));
	s.max_bytes = 1u << 20;
	if (shut_rules_parse(&s.rules, p->spec, NULL, 0) < 0)
		return;
	if (sim_players(&s, text) == 0) {
		if (s.nseats < 1 || s.nseats > SHUT_SEATS_MAX ||
		    (s.rules.mode == SHUT_MODE_BATTLE && s.nseats != 2))
			__builtin_trap();
		for (int i = 0; i < s.nseats; i++) {
			const struct shut_strategy *st = s.player[i].strategy;

			if (st == NULL || s.name[i] == NULL ||
			    ((st == &shut_solver_optimal ||
			      st == &shut_solver_shut) &&
			     s.player[i].ctx == NULL))
				__builtin_trap();
		}
	}
	sim_free(&s);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uint64_t bound[][2] = { { 1, 1000000000000000ULL },
					     { 0, UINT64_MAX },
					     { 1, 64 } };
	const struct shut_preset *p;
	uint64_t v;
	char *text;
	int k;

	util_report_to = check_line;
	if (size < 2)
		return 0;
	p = shut_preset_at(data[1] % shut_preset_count());
	text = malloc(size - 1);
	if (p == NULL || text == NULL) {
		free(text);
		return 0;
	}
	memcpy(text, data + 2, size - 2);
	text[size - 2] = '\0';
	k = data[0] % 4;
	if (k == 3) {
		check_players(p, text);
	} else if (sim_number("--games", text, bound[k][0], bound[k][1], &v) ==
		       0 &&
		   (v < bound[k][0] || v > bound[k][1])) {
		__builtin_trap();
	}
	free(text);
	return 0;
}
