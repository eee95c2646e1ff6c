/*
 * fuzz_args.c - libFuzzer target for the readers of command-line values:
 * --open (a tile list against a box), --objective, --throw, --memory,
 * --players (the memory's selector with bit 6 set), a game number and
 * --policy.
 *
 * The first byte chooses the reader, the second the preset whose box and
 * dice a list or a throw is read against; the rest is the text.  Nothing
 * may crash or write past a buffer; what is accepted must be within its
 * bounds: open tiles within the box, a throw of 1 to SHUT_DICE_MAX faces
 * within the dice, an objective that prints and parses back the same, a
 * positive game number, a memory size of at least 1 MiB, a strategy of
 * that very name that has a policy.  The messages of
 * refusals are kept from the terminal (util_report_to), and checked: what
 * they quote of the text is escaped, so they hold no control character and
 * no byte that is not UTF-8.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "shown.h"
#include "solve.h"
#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check_line(const char *line)
{
	shown_check(line, strlen(line));
}

static void
check_objective(const char *text)
{
	struct shut_objective obj, again;
	char buf[64];

	if (solve_objective(text, &obj) != 0)
		return;
	if (shut_objective_print(&obj, buf, sizeof(buf)) <= 0 ||
	    shut_objective_parse(&again, buf, NULL, 0) != 0 ||
	    again.kind != obj.kind || again.target != obj.target ||
	    again.tie != obj.tie || !(obj.tie >= 0.0 && obj.tie <= 1.0))
		__builtin_trap();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct shut_preset *p;
	struct shut_rules r;
	struct shut_throw th;
	const struct shut_strategy *st;
	uint32_t open;
	int64_t id;
	size_t bytes;
	int players;
	char why[256], *text;

	util_report_to = check_line;
	if (size < 2)
		return 0;
	p = shut_preset_at(data[1] % shut_preset_count());
	if (p == NULL || shut_rules_parse(&r, p->spec, NULL, 0) < 0)
		return 0;
	text = malloc(size - 1);
	if (text == NULL)
		return 0;
	memcpy(text, data + 2, size - 2);
	text[size - 2] = '\0';
	switch (data[0] % 6) {
	case 0:
		if (util_open(&r, text, data[0] & 8, &open) == 0 &&
		    (open & ~shut_rules_tiles(&r)) != 0)
			__builtin_trap();
		break;
	case 1:
		check_objective(text);
		break;
	case 2:
		/* As --throw reads it against a full box (util_throw_arg()),
		 * or as the game's prompt reads faces. */
		if ((data[0] & 16
			 ? util_throw_arg(&r, shut_rules_start(&r),
					  shut_rules_start(&r), text, &th)
			 : util_parse_throw(text, r.faces, data[0] & 8, &th,
					    why, sizeof(why))) == 0) {
			if (th.n < 1 || th.n > SHUT_DICE_MAX)
				__builtin_trap();
			for (int i = 0; i < th.n; i++)
				if (th.face[i] < 1 || th.face[i] > r.faces)
					__builtin_trap();
		}
		break;
	case 3:
		if (util_game_id("id", text, &id) == 0 && id < 1)
			__builtin_trap();
		break;
	case 5:
		if (policy_strategy(text, &st) == 0 &&
		    (st == NULL || st->policy == NULL ||
		     strcmp(st->name, text) != 0))
			__builtin_trap();
		break;
	default:
		if (data[0] & 0x40) {
			if (solve_players(text, &players) == 0 &&
			    (players < 1 || players > SHUT_SEATS_MAX))
				__builtin_trap();
		} else if (solve_memory(text, &bytes) == 0 &&
			   bytes < (1u << 20)) {
			__builtin_trap();
		}
		break;
	}
	free(text);
	return 0;
}
