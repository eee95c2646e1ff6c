/*
 * fuzz_store.c - libFuzzer target for the history read back from a file
 * that may be damaged or hostile: the bytes are written as the database
 * file, then read in two ways.  First through the store: opened, listed,
 * every game loaded and replayed, the results walked, the latest
 * unfinished game and the settings read.  Then by the commands that show
 * it: "shutbox history" (the list, and the first game told turn by turn),
 * "shutbox stats" and "shutbox analyse" (the first game, every seat, its
 * solvers held to a small memory limit), in text and in JSON.
 *
 * Each step either works or gives one line of reason; nothing may crash or
 * leak.  What the commands print as text, their error lines included, must
 * hold no control character but the line ends and no byte that is not
 * UTF-8: a name, a spec or a strategy read back is shown escaped.  (JSON
 * escapes what it must itself.)  A first-version database from the tests
 * is a good seed.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <getopt.h>

#include "cmd.h"
#include "shown.h"
#include "shutbox.h"
#include "store/store.h"
#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
each_result(void *ctx, const struct store_result *r)
{
	(void)ctx;
	return r->name == NULL || r->spec == NULL;
}

static void
check_line(const char *line)
{
	shown_check(line, strlen(line));
}

/*
 * Runs a command on the database, with the options in more (NULL-ended,
 * or NULL); its text output is checked.
 */
static void
command_with(const struct cmd_entry *e, const char *path, const char *id,
	     int json, const char *const *more)
{
	char *argv[16], *out = NULL;
	FILE *o, *saved = stdout;
	size_t outlen = 0;
	int argc = 0;

	o = open_memstream(&out, &outlen);
	if (o == NULL)
		return;
	argv[argc++] = (char *)e->name;
	argv[argc++] = "--db";
	argv[argc++] = (char *)path;
	if (json)
		argv[argc++] = "--json";
	if (id != NULL)
		argv[argc++] = (char *)id;
	for (; more != NULL && *more != NULL && argc < 15; more++)
		argv[argc++] = (char *)*more;
	argv[argc] = NULL;
	stdout = o;
	optind = 0;
	e->exec(argc, argv);
	stdout = saved;
	fclose(o);
	if (!json)
		shown_check(out, outlen);
	free(out);
}

static void
command(const struct cmd_entry *e, const char *path, const char *id, int json)
{
	command_with(e, path, id, json, NULL);
}

/* The store's own readers, as the game and the setup screen use them. */
static void
read_store(const char *path, int64_t *first)
{
	static struct shut_game g;
	struct store_game sg;
	struct shut_rules r;
	struct store *st;
	int64_t *ids = NULL, id;
	char why[512], value[1024];
	long n, i;

	*first = 0;
	if (store_open(&st, path, why, sizeof(why)) < 0)
		return;
	n = store_games(st, 0, &ids, why, sizeof(why));
	for (i = 0; i < n && i < 50; i++) {
		if (i == 0)
			*first = ids[0];
		if (store_load(st, ids[i], &sg, why, sizeof(why)) < 0)
			continue;
		if (sg.nseats < 1 || sg.nseats > SHUT_SEATS_MAX ||
		    memchr(sg.spec, '\0', sizeof(sg.spec)) == NULL)
			__builtin_trap();
		if (shut_rules_parse(&r, sg.spec, NULL, 0) == 0)
			shut_game_replay(&g, &r, sg.nseats, sg.action,
					 sg.nactions, NULL);
		store_game_release(&sg);
	}
	free(ids);
	store_results(st, each_result, NULL, why, sizeof(why));
	store_latest_unfinished(st, &id, why, sizeof(why));
	if (store_setting_get(st, "setup.players", value, sizeof(value), why,
			      sizeof(why)) == 0 &&
	    memchr(value, '\0', sizeof(value)) == NULL)
		__builtin_trap();
	store_close(st);
}

/* Removes the database file and any journal beside it. */
static void
remove_db(const char *path)
{
	static const char *const sides[] = { "-wal", "-shm", "-journal" };
	char side[80];
	size_t i;

	for (i = 0; i < sizeof(sides) / sizeof(sides[0]); i++) {
		snprintf(side, sizeof(side), "%s%s", path, sides[i]);
		unlink(side);
	}
	unlink(path);
}

/* Writes the database file anew, alone.  Returns 0 or -1. */
static int
write_db(const char *path, const uint8_t *data, size_t size)
{
	FILE *f;
	int rc = 0;

	remove_db(path);
	f = fopen(path, "wb");
	if (f == NULL)
		return -1;
	if (size > 0 && fwrite(data, 1, size, f) != size)
		rc = -1;
	if (fclose(f) != 0)
		rc = -1;
	return rc;
}

/* Every seat, and solvers of at most 16 MiB: a big box is refused. */
static const char *const analyse_opts[] = { "--all", "--memory", "16", NULL };

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[64];
	char id[32];
	int64_t first;

	util_report_to = check_line;
	if (path[0] == '\0')
		snprintf(path, sizeof(path), "/tmp/fuzz-store-%ld.db",
			 (long)getpid());
	if (write_db(path, data, size) < 0)
		return 0;
	read_store(path, &first);
	/* The commands read the file as it was given, not as opened. */
	if (write_db(path, data, size) < 0)
		return 0;
	snprintf(id, sizeof(id), "%lld", (long long)(first > 0 ? first : 1));
	command(&cmd_history_entry, path, NULL, 0);
	command(&cmd_history_entry, path, id, 0);
	command(&cmd_stats_entry, path, NULL, 0);
	command(&cmd_history_entry, path, NULL, 1);
	command(&cmd_history_entry, path, id, 1);
	command(&cmd_stats_entry, path, NULL, 1);
	command_with(&cmd_analyse_entry, path, id, 0, analyse_opts);
	command_with(&cmd_analyse_entry, path, id, 1, analyse_opts);
	remove_db(path);
	return 0;
}
