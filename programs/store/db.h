/*
 * db.h - what the two files of the history share.
 *
 * store.c (opening, the schema, writing) and store_read.c (reading) are
 * the only files that include this header, and so the only ones that
 * include sqlite3.h.  The rest of the program sees struct store through
 * store.h alone, as an opaque handle.
 */
#ifndef STORE_DB_H
#define STORE_DB_H

#include <stddef.h>
#include <stdint.h>

#include <sqlite3.h>

struct store {
	sqlite3 *db;
	sqlite3_stmt *append; /* prepared once: appends are most writes */
	int version;	      /* of the schema: older only when read-only */
	int own_folder;	      /* the default place: its folders are made */
	int claims;	      /* the file of the games played, or -1 */
	char path[4096];
};

/*
 * The one line of an error in why: the file, what went wrong, what to do.
 * Returns -1, for the caller to return.
 */
int store_fail(const struct store *s, char *why, size_t whylen,
	       const char *what);

/* Prepares sql into *st, or fails with the reason. */
int store_prepare(struct store *s, const char *sql, sqlite3_stmt **st,
		  char *why, size_t whylen);

/*
 * Runs st, a prepared query of game ids, and gathers them into a malloc'ed
 * array (*ids, for the caller to free).  st is finalized.  Returns the
 * count, or -1 with the reason in why.
 */
long store_ids(struct store *s, sqlite3_stmt *st, int64_t **ids, char *why,
	       size_t whylen);

#endif
