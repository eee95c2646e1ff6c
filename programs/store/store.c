/*
 * store.c - the history of games, in an SQLite database.
 *
 * A game's record is a row of games (its rules in full, seed, dice, start
 * time), a row of seats per player (name, person or computer and its
 * strategy), and a row of actions per action, in order, with its time.
 * Each action is committed when it is appended: with WAL and
 * synchronous=NORMAL, a commit survives the process being killed at any
 * moment (only a power cut may lose the last few, which the operating
 * system had not yet written).  When a game ends, its result is written to
 * the results table, a row per seat, worked out by replaying the actions
 * through the library.
 *
 * The schema is versioned by PRAGMA user_version.  migrations[] holds the
 * SQL that takes a database from each version to the next; opening a
 * database runs the steps it lacks, in one transaction each.  A database
 * of a newer version than this program knows is refused, untouched.
 *
 * This file opens the history, brings its schema up to date, and writes
 * games and their results; store_read.c reads them back.  These two files
 * alone include sqlite3.h; db.h holds what they share.
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "store/db.h"
#include "store/place.h"
#include "store/store.h"

/* ---------------------------------------------------------------------
 * The schema, version by version
 */

static int store_recount(struct store *s, char *why, size_t whylen);

/*
 * A step of the schema: its SQL, then what it works out in C, in the same
 * transaction (NULL for nothing more).
 */
static const struct migration {
	const char *sql;
	int (*work)(struct store *s, char *why, size_t whylen);
} migrations[] = {
	/* 0 -> 1: games, seats and actions. */
	{ .sql = "CREATE TABLE games ("
		 " id INTEGER PRIMARY KEY,"
		 " spec TEXT NOT NULL,"
		 " seed TEXT NOT NULL,"
		 " manual_dice INTEGER NOT NULL,"
		 " started INTEGER NOT NULL,"
		 " finished INTEGER NOT NULL DEFAULT 0);"
		 "CREATE TABLE seats ("
		 " game INTEGER NOT NULL REFERENCES games(id),"
		 " seat INTEGER NOT NULL,"
		 " name TEXT NOT NULL,"
		 " person INTEGER NOT NULL,"
		 " strategy TEXT NOT NULL,"
		 " PRIMARY KEY (game, seat));"
		 "CREATE TABLE actions ("
		 " game INTEGER NOT NULL REFERENCES games(id),"
		 " n INTEGER NOT NULL,"
		 " kind INTEGER NOT NULL,"
		 " seat INTEGER NOT NULL,"
		 " dice INTEGER NOT NULL,"
		 " faces TEXT NOT NULL,"
		 " move INTEGER NOT NULL,"
		 " time INTEGER NOT NULL,"
		 " PRIMARY KEY (game, n));" },
	/*
	 * 1 -> 2: the result of each finished game, a row per seat (worked
	 * out for the games already finished by the step to 5).
	 */
	{ .sql = "CREATE TABLE results ("
		 " game INTEGER NOT NULL REFERENCES games(id),"
		 " seat INTEGER NOT NULL,"
		 " total INTEGER NOT NULL,"
		 " winner INTEGER NOT NULL,"
		 " rank INTEGER NOT NULL,"
		 " cents INTEGER NOT NULL,"
		 " turns INTEGER NOT NULL,"
		 " shuts INTEGER NOT NULL,"
		 " best INTEGER NOT NULL,"
		 " scored INTEGER NOT NULL,"
		 " PRIMARY KEY (game, seat));"
		 "CREATE INDEX games_unfinished ON games(finished, id);" },
	/* 2 -> 3: what the player set last, such as the last setup. */
	{ .sql = "CREATE TABLE settings ("
		 " key TEXT PRIMARY KEY,"
		 " value TEXT NOT NULL);" },
	/*
	 * 3 -> 4: the front end that made each game, "play" or "serve".  A
	 * table of the server is known before by the seats it kept.
	 */
	{ .sql = "ALTER TABLE games ADD COLUMN front TEXT NOT NULL DEFAULT "
		 "'play';"
		 "UPDATE games SET front = 'serve'"
		 " WHERE 'serve.table.' || id IN (SELECT key FROM settings);" },
	/*
	 * 4 -> 5: the results of every finished game worked out again, since
	 * a turn a player left before it was scored was counted as a turn
	 * (of score 0, the best) until then.
	 */
	{ .sql = "", .work = store_recount },
	/*
	 * 5 -> 6: whether a computer played on for a seat, its table's host
	 * having handed it over, from the seats each table of the server
	 * kept in the settings.
	 */
	{ .sql = "ALTER TABLE seats ADD COLUMN handed INTEGER NOT NULL "
		 "DEFAULT 0;"
		 "UPDATE seats SET handed = 1 WHERE EXISTS (SELECT 1 FROM "
		 "settings WHERE key = 'serve.table.' || seats.game AND "
		 "CASE WHEN json_valid(value) THEN json_extract(value, "
		 "'$.replaced[' || seats.seat || ']') END = 1);" },
	/*
	 * 6 -> 7: whether the table's host dropped a seat's player (the
	 * history said "left"), from the seats each table of the server kept
	 * in the settings.
	 */
	{ .sql = "ALTER TABLE seats ADD COLUMN dropped INTEGER NOT NULL "
		 "DEFAULT 0;"
		 "UPDATE seats SET dropped = 1 WHERE EXISTS (SELECT 1 FROM "
		 "settings WHERE key = 'serve.table.' || seats.game AND "
		 "CASE WHEN json_valid(value) THEN json_extract(value, "
		 "'$.dropped[' || seats.seat || ']') END = 1);" },
};

#define STORE_VERSION ((int)(sizeof(migrations) / sizeof(migrations[0])))

/* ---------------------------------------------------------------------
 * Helpers
 */

int
store_fail(const struct store *s, char *why, size_t whylen, const char *what)
{
	const char *msg = s->db ? sqlite3_errmsg(s->db) : "cannot open";
	int code = s->db ? sqlite3_errcode(s->db) : SQLITE_CANTOPEN;
	const char *todo = "";

	switch (code & 0xff) {
	case SQLITE_BUSY:
	case SQLITE_LOCKED:
		todo = " (another shutbox is using it: wait, or choose another "
		       "file with --db)";
		break;
	case SQLITE_CORRUPT:
		todo = " (the file is damaged: move it away to start a new "
		       "history, or choose another file with --db)";
		break;
	case SQLITE_NOTADB:
		/* Another file named by mistake, as often as a damaged one. */
		todo = " (it is not a history of shutbox, or it is damaged: "
		       "choose another file with --db, or move it away to "
		       "start a new history)";
		break;
	case SQLITE_READONLY:
	case SQLITE_PERM:
	case SQLITE_CANTOPEN:
		todo = " (check the file's permissions, or choose another "
		       "file with --db)";
		break;
	case SQLITE_FULL:
		todo = " (the disk is full)";
		break;
	}
	snprintf(why, whylen, "history %s: %s: %s%s", s->path, what, msg, todo);
	return -1;
}

static int
store_exec(struct store *s, const char *sql, char *why, size_t whylen,
	   const char *what)
{
	if (sqlite3_exec(s->db, sql, NULL, NULL, NULL) != SQLITE_OK)
		return store_fail(s, why, whylen, what);
	return 0;
}

/*
 * The write-ahead log.  Two programs opening a new history at once (a game
 * that makes it, and history asking of it) both turn it to WAL, and one
 * of them is told it is locked at once, its busy timeout not waited
 * (each holds the read lock the other's change needs): asked again, for
 * up to 2 s, where the game was played without history.
 */
static int
store_wal(struct store *s, char *why, size_t whylen)
{
	struct timespec t0, t;
	int rc;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	/* A lock held for long waits the busy timeout once, and fails. */
	while ((rc = sqlite3_exec(s->db, "PRAGMA journal_mode=WAL", NULL, NULL,
				  NULL)) != SQLITE_OK &&
	       (rc & 0xff) == SQLITE_BUSY) {
		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((t.tv_sec - t0.tv_sec) * 1000 +
			(t.tv_nsec - t0.tv_nsec) / 1000000 >=
		    2000)
			break;
		usleep(20000);
	}
	if (rc != SQLITE_OK)
		return store_fail(s, why, whylen, "cannot open it");
	return 0;
}

int
store_prepare(struct store *s, const char *sql, sqlite3_stmt **st, char *why,
	      size_t whylen)
{
	if (sqlite3_prepare_v2(s->db, sql, -1, st, NULL) != SQLITE_OK)
		return store_fail(s, why, whylen, "cannot read it");
	return 0;
}

/* Runs a statement that returns no rows, and finalizes it. */
static int
store_done(struct store *s, sqlite3_stmt *st, char *why, size_t whylen,
	   const char *what)
{
	int rc = sqlite3_step(st);

	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return store_fail(s, why, whylen, what);
	return 0;
}

/* Reads the file's schema version into *version. */
static int
store_read_version(struct store *s, int *version, char *why, size_t whylen)
{
	sqlite3_stmt *st;

	if (store_prepare(s, "PRAGMA user_version", &st, why, whylen) < 0)
		return -1;
	if (sqlite3_step(st) != SQLITE_ROW) {
		sqlite3_finalize(st);
		return store_fail(s, why, whylen, "cannot read it");
	}
	*version = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return 0;
}

/* Refuses a version this shutbox cannot read or write. */
static int
store_known_version(const struct store *s, int version, char *why,
		    size_t whylen)
{
	if (version < 0) {
		snprintf(why, whylen,
			 "history %s: not a shutbox history (schema %d)",
			 s->path, version);
		return -1;
	}
	if (version > STORE_VERSION) {
		snprintf(why, whylen,
			 "history %s: made by a newer shutbox (schema %d, this "
			 "one knows %d): update shutbox, or choose another "
			 "file with --db",
			 s->path, version, STORE_VERSION);
		return -1;
	}
	return 0;
}

/*
 * Brings the schema up to STORE_VERSION, a step per transaction.  Each
 * step reads the version again inside its transaction: another process
 * that opened the same old file may have made the step while this one
 * waited for the lock.
 */
static int
store_migrate(struct store *s, char *why, size_t whylen)
{
	const struct migration *m;
	char sql[64];
	int version, now;

	if (store_read_version(s, &version, why, whylen) < 0)
		return -1;
	if (store_known_version(s, version, why, whylen) < 0)
		return -1;
	while (version < STORE_VERSION) {
		if (store_exec(s, "BEGIN IMMEDIATE", why, whylen,
			       "cannot update it") < 0)
			return -1;
		if (store_read_version(s, &now, why, whylen) < 0 ||
		    store_known_version(s, now, why, whylen) < 0) {
			sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
			return -1;
		}
		if (now > version) {
			/* Made meanwhile: nothing to do here. */
			sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL);
			version = now;
			continue;
		}
		snprintf(sql, sizeof(sql), "PRAGMA user_version = %d",
			 version + 1);
		m = &migrations[version];
		if (store_exec(s, m->sql, why, whylen, "cannot update it") <
			0 ||
		    (m->work != NULL && m->work(s, why, whylen) < 0) ||
		    store_exec(s, sql, why, whylen, "cannot update it") < 0 ||
		    store_exec(s, "COMMIT", why, whylen, "cannot update it") <
			0) {
			sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
			return -1;
		}
		version++;
	}
	s->version = STORE_VERSION;
	return 0;
}

long
store_ids(struct store *s, sqlite3_stmt *st, int64_t **ids, char *why,
	  size_t whylen)
{
	int64_t *list = NULL, *grown;
	size_t n = 0, size = 0;
	int rc;

	*ids = NULL;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (n == size) {
			size = size ? 2 * size : 64;
			grown = realloc(list, size * sizeof(*list));
			if (grown == NULL)
				break;
			list = grown;
		}
		list[n++] = sqlite3_column_int64(st, 0);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		free(list);
		if (rc == SQLITE_ROW) {
			snprintf(why, whylen, "history: out of memory");
			return -1;
		}
		return store_fail(s, why, whylen, "cannot read it");
	}
	*ids = list;
	return (long)n;
}

/* ---------------------------------------------------------------------
 * Opening and closing
 */

/* A new struct store for path (NULL: the default file), not yet open. */

static struct store *
store_new(const char *path, char *why, size_t whylen)
{
	struct store *s = calloc(1, sizeof(*s));

	if (s == NULL) {
		snprintf(why, whylen, "history: out of memory");
		return NULL;
	}
	s->claims = -1;
	if (path != NULL)
		snprintf(s->path, sizeof(s->path), "%s", path);
	else if (store_default_path(s->path, sizeof(s->path), &s->own_folder,
				    why, whylen) < 0) {
		free(s);
		return NULL;
	}
	if (store_is_folder(s->path)) {
		snprintf(why, whylen,
			 "history %s: cannot open it: it is a folder, not a "
			 "file (choose a file with --db)",
			 s->path);
		free(s);
		return NULL;
	}
	return s;
}

/*
 * Whether there is no file at s's path: then it says so in why, in the
 * words store.h gives.  A path that cannot be looked at (a folder not to
 * be searched) is not missing: opening it says what is wrong.
 */
static int
store_missing(const struct store *s, char *why, size_t whylen)
{
	if (access(s->path, F_OK) == 0 || (errno != ENOENT && errno != ENOTDIR))
		return 0;
	snprintf(why, whylen, "no history at %s", s->path);
	return 1;
}

/*
 * Opens the history at path for reading and writing, bringing it up to
 * date: made first, with its folders, when create is set; else, when
 * there is no file, nothing is made and 1 returned.
 */
static int
store_connect(struct store **sp, const char *path, int create, char *why,
	      size_t whylen)
{
	struct store *s;
	int flags = SQLITE_OPEN_READWRITE;
	int persist;

	*sp = NULL;
	if ((s = store_new(path, why, whylen)) == NULL)
		return -1;
	if (create) {
		if (s->own_folder)
			store_mkdirs(s->path);
		else if (store_folder_missing(s->path, why, whylen)) {
			store_close(s);
			return -1;
		}
		flags |= SQLITE_OPEN_CREATE;
	} else if (store_missing(s, why, whylen)) {
		store_close(s);
		return 1;
	}
	if (sqlite3_open_v2(s->path, &s->db, flags, NULL) != SQLITE_OK) {
		store_fail(s, why, whylen, "cannot open it");
		store_close(s);
		return -1;
	}
	sqlite3_busy_timeout(s->db, 2000);
	/*
	 * The write-ahead log is kept, emptied, when the last connection
	 * closes, rather than made anew by each game: a game of computers
	 * then costs about a third less.
	 */
	persist = 1;
	sqlite3_file_control(s->db, "main", SQLITE_FCNTL_PERSIST_WAL, &persist);
	if (store_wal(s, why, whylen) < 0 ||
	    store_exec(s, "PRAGMA synchronous=NORMAL", why, whylen,
		       "cannot open it") < 0 ||
	    store_exec(s, "PRAGMA journal_size_limit=0", why, whylen,
		       "cannot open it") < 0 ||
	    store_exec(s, "PRAGMA foreign_keys=ON", why, whylen,
		       "cannot open it") < 0 ||
	    store_migrate(s, why, whylen) < 0) {
		store_close(s);
		return -1;
	}
	*sp = s;
	return 0;
}

int
store_open(struct store **sp, const char *path, char *why, size_t whylen)
{
	return store_connect(sp, path, 1, why, whylen);
}

int
store_open_existing(struct store **sp, const char *path, char *why,
		    size_t whylen)
{
	return store_connect(sp, path, 0, why, whylen);
}

/*
 * The oldest version a list or stats read as they are: the results were
 * worked out again at the step to 5; what 6 and 7 add (seats handed to the
 * computer, players dropped by a table's host) reads as none before them.
 */
#define STORE_LISTING_MIN 5

/*
 * A history this user may only read (its file, or its folder where the
 * write-ahead log would go) cannot be opened to write: it is opened to
 * read, when it needs no bringing up to date past what reading needs
 * (STORE_LISTING_MIN).  Else the first reason stands.
 */
int
store_open_listing(struct store **sp, const char *path, char *why,
		   size_t whylen)
{
	int rc = store_connect(sp, path, 0, why, whylen);
	char other[512];
	struct store *s;

	if (rc >= 0 || store_open_read(&s, path, other, sizeof(other)) != 0)
		return rc;
	if (s->version < STORE_LISTING_MIN) {
		store_close(s);
		return rc;
	}
	*sp = s;
	return 0;
}

/*
 * Opened read-only, a history is never brought up to date: any version
 * from the first keeps the games, seats and actions that reading needs.
 */
/* Whether the history at path has a write-ahead log that is not empty. */
static int
store_has_log(const char *path)
{
	char wal[sizeof(((struct store *)0)->path) + 8];
	struct stat st;

	snprintf(wal, sizeof(wal), "%s-wal", path);
	return stat(wal, &st) == 0 && st.st_size > 0;
}

/*
 * Opens s's file read-only; with immutable, as a file nobody writes
 * (SQLite's URI parameter), which reads a write-ahead-log history whose
 * log and index are not there and cannot be made (a copied file in a
 * folder this user may only read).  The path is written as a URI.
 */
static int
store_read_db(struct store *s, int immutable)
{
	static const char keep[] = "abcdefghijklmnopqrstuvwxyz"
				   "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/-._~";
	char uri[3 * sizeof(s->path) + 32];
	size_t n = 0;

	if (!immutable)
		return sqlite3_open_v2(s->path, &s->db, SQLITE_OPEN_READONLY,
				       NULL);
	/* An absolute path after "file://": "file://x/" would name a host. */
	n = (size_t)snprintf(uri, sizeof(uri), "%s",
			     s->path[0] == '/' ? "file://" : "file:");
	for (const char *c = s->path; *c != '\0' && n + 4 < sizeof(uri); c++)
		n += (size_t)(strchr(keep, *c) != NULL
				  ? snprintf(uri + n, sizeof(uri) - n, "%c", *c)
				  : snprintf(uri + n, sizeof(uri) - n, "%%%02X",
					     (unsigned char)*c));
	snprintf(uri + n, sizeof(uri) - n, "?immutable=1");
	return sqlite3_open_v2(uri, &s->db,
			       SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL);
}

/*
 * The version of the file opened read-only, or -1 with why (as "cannot
 * open it": a file that is not a database, or is damaged, fails at this
 * first read, and is not taken for a history with no games) and SQLite's
 * code of the failure.
 */
static int
store_read_first(struct store *s, int *code, char *why, size_t whylen)
{
	int version;

	sqlite3_busy_timeout(s->db, 2000);
	if (store_read_version(s, &version, why, whylen) < 0) {
		*code = sqlite3_errcode(s->db);
		store_fail(s, why, whylen, "cannot open it");
		return -1;
	}
	return version;
}

int
store_open_read(struct store **sp, const char *path, char *why, size_t whylen)
{
	struct store *s;
	int version = -1, code = SQLITE_OK;

	*sp = NULL;
	if ((s = store_new(path, why, whylen)) == NULL)
		return -1;
	if (store_missing(s, why, whylen)) {
		store_close(s);
		return 1;
	}
	/*
	 * Once as it is; once more as immutable, where it cannot be read so
	 * and has no log to read beside it (immutable would not read one).
	 */
	for (int immutable = 0; immutable < 2 && version < 0; immutable++) {
		if (immutable &&
		    ((code != SQLITE_READONLY && code != SQLITE_CANTOPEN) ||
		     store_has_log(s->path)))
			break;
		sqlite3_close(s->db);
		s->db = NULL;
		if (store_read_db(s, immutable) != SQLITE_OK) {
			store_fail(s, why, whylen, "cannot open it");
			store_close(s);
			return -1;
		}
		version = store_read_first(s, &code, why, whylen);
	}
	if (version < 0) {
		store_close(s);
		return -1;
	}
	if (version < 1 || version > STORE_VERSION) {
		snprintf(why, whylen,
			 version < 1 ? "history %s: no games yet"
				     : "history %s: made by a newer shutbox: "
				       "update shutbox, or choose another file "
				       "with --db",
			 s->path);
		store_close(s);
		return -1;
	}
	s->version = version;
	*sp = s;
	return 0;
}

const char *
store_path(const struct store *s)
{
	return s->path;
}

void
store_close(struct store *s)
{
	if (s == NULL)
		return;
	sqlite3_finalize(s->append);
	sqlite3_close(s->db);
	if (s->claims >= 0)
		close(s->claims);
	free(s);
}

void
store_manual_checkpoints(struct store *s)
{
	sqlite3_wal_autocheckpoint(s->db, 0);
}

void
store_checkpoint(struct store *s)
{
	sqlite3_wal_checkpoint_v2(s->db, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL,
				  NULL);
}

/* ---------------------------------------------------------------------
 * Writing a game
 */

int
store_begin(struct store *s, struct store_game *g, char *why, size_t whylen)
{
	sqlite3_stmt *st;
	char seed[32];
	int i;

	if (store_exec(s, "BEGIN IMMEDIATE", why, whylen,
		       "cannot write to it") < 0)
		return -1;
	snprintf(seed, sizeof(seed), "%" PRIu64, g->seed);
	if (store_prepare(s,
			  "INSERT INTO games (spec, seed, manual_dice, "
			  "started, front) VALUES (?, ?, ?, ?, ?)",
			  &st, why, whylen) < 0)
		goto fail;
	sqlite3_bind_text(st, 1, g->spec, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 2, seed, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(st, 3, g->manual_dice);
	sqlite3_bind_int64(st, 4, g->started);
	sqlite3_bind_text(st, 5, g->front[0] ? g->front : "play", -1,
			  SQLITE_TRANSIENT);
	if (store_done(s, st, why, whylen, "cannot write to it") < 0)
		goto fail;
	g->id = sqlite3_last_insert_rowid(s->db);
	for (i = 0; i < g->nseats; i++) {
		if (store_prepare(s,
				  "INSERT INTO seats (game, seat, name, "
				  "person, strategy) VALUES (?, ?, ?, ?, ?)",
				  &st, why, whylen) < 0)
			goto fail;
		sqlite3_bind_int64(st, 1, g->id);
		sqlite3_bind_int(st, 2, i);
		sqlite3_bind_text(st, 3, g->seat[i].name, -1, SQLITE_TRANSIENT);
		sqlite3_bind_int(st, 4, g->seat[i].person);
		sqlite3_bind_text(st, 5, g->seat[i].strategy, -1,
				  SQLITE_TRANSIENT);
		if (store_done(s, st, why, whylen, "cannot write to it") < 0)
			goto fail;
	}
	if (store_exec(s, "COMMIT", why, whylen, "cannot write to it") < 0)
		goto fail;
	return 0;
fail:
	sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
	return -1;
}

/* The faces of a throw as text: "3 5". */
static void
faces_text(const struct shut_throw *t, char *buf, size_t len)
{
	size_t used = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < t->n && i < SHUT_DICE_MAX && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%d",
					 i ? " " : "", t->face[i]);
}

int
store_append(struct store *s, int64_t id, size_t index,
	     const struct shut_action *a, int64_t time_ms, char *why,
	     size_t whylen)
{
	sqlite3_stmt *st;
	char faces[64] = "";
	int rc;

	if (a->kind == SHUT_ACT_THROW)
		faces_text(&a->thrown, faces, sizeof(faces));
	if (s->append == NULL &&
	    store_prepare(s,
			  "INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
			  &s->append, why, whylen) < 0)
		return -1;
	st = s->append;
	sqlite3_bind_int64(st, 1, id);
	sqlite3_bind_int64(st, 2, (int64_t)index);
	sqlite3_bind_int(st, 3, (int)a->kind);
	sqlite3_bind_int(st, 4, a->seat);
	sqlite3_bind_int(st, 5, a->dice);
	sqlite3_bind_text(st, 6, faces, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 7, (int64_t)a->move);
	sqlite3_bind_int64(st, 8, time_ms);
	rc = sqlite3_step(st);
	sqlite3_reset(st);
	/* An action already there: written by another program. */
	if ((rc & 0xff) == SQLITE_CONSTRAINT) {
		snprintf(why, whylen,
			 "history %s: cannot write to it: another program has "
			 "written to the same game",
			 s->path);
		return -1;
	}
	if (rc != SQLITE_DONE)
		return store_fail(s, why, whylen, "cannot write to it");
	return 0;
}

int
store_claim_game(struct store *s, int64_t id)
{
	return store_claim(&s->claims, s->path, id);
}

int
store_game_playing(struct store *s, int64_t id)
{
	return store_claimed(s->claims, s->path, id);
}

int
store_truncate(struct store *s, int64_t id, size_t n, char *why, size_t whylen)
{
	/* A record cut is not at its end: a finished game is so no more. */
	static const char *const sql[] = {
		"DELETE FROM actions WHERE game = ?1 AND n >= ?2",
		"UPDATE games SET finished = 0 WHERE id = ?1",
		"DELETE FROM results WHERE game = ?1",
	};
	sqlite3_stmt *st;

	if (store_exec(s, "BEGIN IMMEDIATE", why, whylen,
		       "cannot write to it") < 0)
		return -1;
	for (size_t i = 0; i < sizeof(sql) / sizeof(sql[0]); i++) {
		if (store_prepare(s, sql[i], &st, why, whylen) < 0)
			goto rollback;
		sqlite3_bind_int64(st, 1, id);
		if (i == 0)
			sqlite3_bind_int64(st, 2, (int64_t)n);
		if (store_done(s, st, why, whylen, "cannot write to it") < 0)
			goto rollback;
	}
	if (store_exec(s, "COMMIT", why, whylen, "cannot write to it") < 0)
		goto rollback;
	return 0;
rollback:
	sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
	return -1;
}

int
store_setting_get(struct store *s, const char *key, char *buf, size_t len,
		  char *why, size_t whylen)
{
	sqlite3_stmt *st;
	int rc;

	if (store_prepare(s, "SELECT value FROM settings WHERE key = ?", &st,
			  why, whylen) < 0)
		return -1;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		const unsigned char *v = sqlite3_column_text(st, 0);

		snprintf(buf, len, "%s", v != NULL ? (const char *)v : "");
		sqlite3_finalize(st);
		return 0;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return store_fail(s, why, whylen, "cannot read it");
	return 1;
}

int
store_setting_set(struct store *s, const char *key, const char *value,
		  char *why, size_t whylen)
{
	sqlite3_stmt *st;

	if (store_prepare(s, "INSERT OR REPLACE INTO settings VALUES (?, ?)",
			  &st, why, whylen) < 0)
		return -1;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, value, -1, SQLITE_STATIC);
	return store_done(s, st, why, whylen, "cannot write to it");
}

/* Sets column (a flag of the seats) of seat of game id. */
static int
seat_flag(struct store *s, const char *sql, int64_t id, int seat, char *why,
	  size_t whylen)
{
	sqlite3_stmt *st;

	if (store_prepare(s, sql, &st, why, whylen) < 0)
		return -1;
	sqlite3_bind_int64(st, 1, id);
	sqlite3_bind_int(st, 2, seat);
	return store_done(s, st, why, whylen, "cannot write to it");
}

int
store_seat_handed(struct store *s, int64_t id, int seat, char *why,
		  size_t whylen)
{
	return seat_flag(s,
			 "UPDATE seats SET handed = 1 WHERE game = ? AND "
			 "seat = ?",
			 id, seat, why, whylen);
}

int
store_seat_dropped(struct store *s, int64_t id, int seat, char *why,
		   size_t whylen)
{
	return seat_flag(s,
			 "UPDATE seats SET dropped = 1 WHERE game = ? AND "
			 "seat = ?",
			 id, seat, why, whylen);
}

int
store_set_front(struct store *s, int64_t id, const char *front, char *why,
		size_t whylen)
{
	sqlite3_stmt *st;

	if (store_prepare(s, "UPDATE games SET front = ? WHERE id = ?", &st,
			  why, whylen) < 0)
		return -1;
	sqlite3_bind_text(st, 1, front, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, id);
	return store_done(s, st, why, whylen, "cannot write to it");
}

/* ---------------------------------------------------------------------
 * The result of a game
 */

/*
 * Writes the result of game id, a finished game, inside the caller's
 * transaction.  Returns 0, 1 when its record does not replay to its end
 * (nothing written), or -1 with the reason in why.
 */
static int
store_result_rows(struct store *s, int64_t id, char *why, size_t whylen)
{
	static struct shut_game game;
	struct store_figures res[SHUT_SEATS_MAX];
	struct store_game g;
	int order[SHUT_SEATS_MAX], rank[SHUT_SEATS_MAX];
	sqlite3_stmt *st;
	int i, rc = 0;

	if (store_load(s, id, &g, why, whylen) < 0)
		return -1;
	if (store_game_figures(&g, &game, res) < 0) {
		snprintf(why, whylen,
			 "history %s: game %" PRId64 " does not replay to its "
			 "end",
			 s->path, id);
		store_game_release(&g);
		return 1;
	}
	shut_game_standings(&game, order);
	for (i = 0; i < game.nseats; i++)
		rank[order[i]] = i + 1;
	for (i = 0; rc == 0 && i < game.nseats; i++) {
		if (store_prepare(s,
				  "INSERT OR REPLACE INTO results VALUES (?, "
				  "?, ?, ?, ?, ?, ?, ?, ?, ?)",
				  &st, why, whylen) < 0) {
			rc = -1;
			break;
		}
		sqlite3_bind_int64(st, 1, id);
		sqlite3_bind_int(st, 2, i);
		sqlite3_bind_int64(st, 3, (int64_t)game.seat[i].total);
		sqlite3_bind_int(st, 4, game.seat[i].winner);
		sqlite3_bind_int(st, 5, rank[i]);
		sqlite3_bind_int64(st, 6, res[i].cents);
		sqlite3_bind_int64(st, 7, res[i].turns);
		sqlite3_bind_int64(st, 8, game.seat[i].shut_count);
		sqlite3_bind_int64(st, 9, (int64_t)res[i].best);
		sqlite3_bind_int64(st, 10, (int64_t)res[i].scored);
		rc = store_done(s, st, why, whylen, "cannot write to it");
	}
	store_game_release(&g);
	return rc;
}

int
store_finish(struct store *s, int64_t id, char *why, size_t whylen)
{
	sqlite3_stmt *st;

	if (store_exec(s, "BEGIN IMMEDIATE", why, whylen,
		       "cannot write to it") < 0)
		return -1;
	if (store_result_rows(s, id, why, whylen) != 0 ||
	    store_prepare(s, "UPDATE games SET finished = 1 WHERE id = ?", &st,
			  why, whylen) < 0)
		goto rollback;
	sqlite3_bind_int64(st, 1, id);
	if (store_done(s, st, why, whylen, "cannot write to it") < 0 ||
	    store_exec(s, "COMMIT", why, whylen, "cannot write to it") < 0)
		goto rollback;
	return 0;
rollback:
	sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
	return -1;
}

/*
 * The step of the schema to version 5: works out again the result of
 * every finished game, inside the step's transaction.  A game whose
 * record does not replay keeps what it had (none, from a history of
 * version 1): it is listed, and left out of the figures.
 */
static int
store_recount(struct store *s, char *why, size_t whylen)
{
	sqlite3_stmt *st;
	int64_t *ids;
	long n, i;
	int rc = 0;

	if (store_prepare(s,
			  "SELECT id FROM games WHERE finished = 1 ORDER BY id",
			  &st, why, whylen) < 0 ||
	    (n = store_ids(s, st, &ids, why, whylen)) < 0)
		return -1;
	for (i = 0; i < n && rc >= 0; i++)
		rc = store_result_rows(s, ids[i], why, whylen);
	free(ids);
	return rc < 0 ? -1 : 0;
}
