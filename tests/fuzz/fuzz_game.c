/*
 * fuzz_game.c - libFuzzer target for the plain game read from arbitrary
 * input: a whole "shutbox play --plain" with its standard input the bytes
 * given (moves, faces, commands, nonsense, a line too long), no history.
 *
 * The first byte chooses the preset, the second whether the dice are typed
 * by hand, who plays, and whether the first line of the input is the list
 * of players (read as --players is); the rest is the input.  The solver
 * behind a hint may take 1 MiB, so that a hint on a big box is refused at
 * once.  Nothing may crash, leak or loop: the game ends, or stops when the
 * input ends.  Whatever it prints, its error lines included, must hold no
 * control character but the line ends and no byte that is not UTF-8: what
 * was typed is echoed escaped, and a name holding one is refused.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <getopt.h>

#include "cmd.h"
#include "shown.h"
#include "shutbox.h"
#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The longest list of players taken from the input. */
#define PLAYERS_MAX 300

static void
check_line(const char *line)
{
	shown_check(line, strlen(line));
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char spec[64], players[PLAYERS_MAX + 1], *argv[14], *out = NULL;
	const char *rest;
	size_t rest_len, outlen = 0;
	FILE *in, *saved_in = stdin, *saved_out = stdout, *o;
	int argc = 0;

	util_report_to = check_line;
	if (size < 3)
		return 0;
	snprintf(spec, sizeof(spec), "%s",
		 shut_preset_at(data[0] % shut_preset_count())->name);
	snprintf(players, sizeof(players), "%s",
		 data[1] & 2 ? "You,cpu:fewest" : "Ann,Bob");
	rest = (const char *)data + 2;
	rest_len = size - 2;
	if (data[1] & 4) {
		const char *nl = memchr(rest, '\n', rest_len);
		size_t n = nl ? (size_t)(nl - rest) : rest_len;

		/* A NUL would end the argument: not a list any shell gives. */
		if (n > PLAYERS_MAX || memchr(rest, '\0', n) != NULL)
			return 0;
		memcpy(players, rest, n);
		players[n] = '\0';
		rest += nl ? n + 1 : n;
		rest_len -= nl ? n + 1 : n;
	}
	if (rest_len == 0)
		return 0;
	in = fmemopen((void *)rest, rest_len, "r");
	o = open_memstream(&out, &outlen);
	if (in == NULL || o == NULL) {
		if (in != NULL)
			fclose(in);
		if (o != NULL)
			fclose(o);
		free(out);
		return 0;
	}
	argv[argc++] = "play";
	argv[argc++] = "--plain";
	argv[argc++] = "--no-history";
	argv[argc++] = "--seed";
	argv[argc++] = "7";
	argv[argc++] = "--rules";
	argv[argc++] = spec;
	/* Hints solve small boxes only: each input stays fast. */
	argv[argc++] = "--memory";
	argv[argc++] = "1";
	argv[argc++] = "--players";
	argv[argc++] = players;
	if (data[1] & 1) {
		argv[argc++] = "--dice";
		argv[argc++] = "manual";
	}
	argv[argc] = NULL;
	stdin = in;
	stdout = o;
	optind = 0;
	cmd_play_entry.exec(argc, argv);
	stdin = saved_in;
	stdout = saved_out;
	fclose(in);
	fclose(o);
	shown_check(out, outlen);
	free(out);
	return 0;
}
