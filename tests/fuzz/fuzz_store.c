/*
 * fuzz_store.c - libFuzzer target for the history read back from a file
 * that may be damaged or hostile: the bytes are written as the database
 * file, then opened, listed, and every game loaded and replayed, and the
 * results walked, as "shutbox history" and "stats" do.
 *
 * Each step either works or gives one line of reason; nothing may crash or
 * leak.  A first-version database from the tests is a good seed.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "shutbox.h"
#include "store/store.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
each_result(void *ctx, const struct store_result *r)
{
	(void)ctx;
	return r->name == NULL || r->spec == NULL;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[64], wal[80], shm[80];
	static struct shut_game g;
	struct store_game sg;
	struct shut_rules r;
	struct store *st;
	int64_t *ids = NULL;
	char why[512];
	FILE *f;
	long n, i;

	if (path[0] == '\0')
		snprintf(path, sizeof(path), "/tmp/fuzz-store-%ld.db",
			 (long)getpid());
	snprintf(wal, sizeof(wal), "%s-wal", path);
	snprintf(shm, sizeof(shm), "%s-shm", path);
	f = fopen(path, "wb");
	if (f == NULL)
		return 0;
	if (fwrite(data, 1, size, f) != size) {
		fclose(f);
		return 0;
	}
	fclose(f);
	if (store_open(&st, path, why, sizeof(why)) < 0)
		goto out;
	n = store_games(st, 0, &ids, why, sizeof(why));
	for (i = 0; i < n && i < 50; i++) {
		if (store_load(st, ids[i], &sg, why, sizeof(why)) < 0)
			continue;
		if (shut_rules_parse(&r, sg.spec, NULL, 0) == 0)
			shut_game_replay(&g, &r, sg.nseats, sg.action,
					 sg.nactions, NULL);
		store_game_release(&sg);
	}
	free(ids);
	store_results(st, each_result, NULL, why, sizeof(why));
	store_close(st);
out:
	unlink(path);
	unlink(wal);
	unlink(shm);
	return 0;
}
