/*
 * place.h - where the history lives (place.c), for store.c.
 */
#ifndef STORE_PLACE_H
#define STORE_PLACE_H

#include <stddef.h>
#include <stdint.h>

/*
 * The default file into buf: $SHUTBOX_DB, $XDG_DATA_HOME/shutbox, or
 * ~/.local/share/shutbox; *own is set for the last two, whose folders
 * are the program's to make.  -1 with the reason in why.
 */
int store_default_path(char *buf, size_t len, int *own, char *why,
		       size_t whylen);

/* Whether path names a folder (a history is a file). */
int store_is_folder(const char *path);

/*
 * Whether the folder that holds path is missing: then 1, with why saying
 * so.  A history named by --db or SHUTBOX_DB is made only in a folder
 * that is there, so that a path mistyped is not a new, empty history.
 */
int store_folder_missing(const char *path, char *why, size_t whylen);

/* Makes the folders of path, as mkdir -p does; errors are SQLite's. */
void store_mkdirs(const char *path);

/*
 * Claims game id of the history at path by descriptor *fd, until the
 * process ends or *fd is closed (-1 at first: the file beside the history
 * is opened then).  1 when another holds it (another process, or another
 * descriptor of this one); 0 when claimed, or where no claim can be made
 * (no file can be made beside the history: a read-only folder), which
 * does not stop a game.
 */
int store_claim(int *fd, const char *path, int64_t id);

/*
 * Whether game id of the history at path is claimed (store_claim()) other
 * than by descriptor own (-1: none; the file is opened and closed then,
 * which lets go of no claim): 1 or 0, 0 too where it cannot be told.
 */
int store_claimed(int own, const char *path, int64_t id);

#endif
