/*
 * fuzz_game.c - libFuzzer target for the plain game read from arbitrary
 * input: a whole "shutbox play --plain" with its standard input the bytes
 * given (moves, faces, commands, nonsense, a line too long), no history.
 *
 * The first byte chooses the preset, the second whether the dice are typed
 * by hand and who plays; the rest is the input.  The solver behind a hint
 * may take 1 MiB, so that a hint on a big box is refused at once.  Nothing may
 * crash, leak or loop: the game ends, or stops when the input ends.  Its output
 * goes to /dev/null.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <getopt.h>

#include "cmd.h"
#include "shutbox.h"
#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
quiet(const char *line)
{
	(void)line;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int once;
	char spec[64], *argv[14];
	FILE *in, *saved = stdin;
	int argc = 0;

	if (!once) {
		if (freopen("/dev/null", "w", stdout) == NULL)
			return 0;
		once = 1;
	}
	util_report_to = quiet;
	if (size < 3)
		return 0;
	snprintf(spec, sizeof(spec), "%s",
		 shut_preset_at(data[0] % shut_preset_count())->name);
	in = fmemopen((void *)(data + 2), size - 2, "r");
	if (in == NULL)
		return 0;
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
	argv[argc++] = data[1] & 2 ? "You,cpu:fewest" : "Ann,Bob";
	if (data[1] & 1) {
		argv[argc++] = "--dice";
		argv[argc++] = "manual";
	}
	argv[argc] = NULL;
	stdin = in;
	optind = 0;
	cmd_play_entry.exec(argc, argv);
	stdin = saved;
	fclose(in);
	return 0;
}
