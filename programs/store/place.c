/*
 * place.c - where the history lives: its default file, and its folders;
 * and which of its games a shutbox is playing.
 *
 * The default file's folders are the program's to make; a file named by
 * --db or SHUTBOX_DB is made only in a folder that is there.
 *
 * A game being played is claimed by a lock on one byte of a file beside
 * the history (PATH-playing, empty: the byte at the game's id), which the
 * system lets go when the process ends however it ends, killed too; so a
 * second shutbox does not go on with a game another is playing, where
 * the two would write the same actions.  The lock is of the descriptor
 * (an open file description lock), not of the process: a server's tables
 * each hold their own, and one table's let go (its descriptor closed)
 * leaves the others' held, where a process's lock would go with any
 * descriptor of the file closed.  (Where the system has no such locks,
 * the process's are taken.)  The history's own file is not locked so:
 * SQLite's locks of it are the process's, which a descriptor of ours
 * closed would drop, and which ours would conflict with.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "store/place.h"

/*
 * The default file: $SHUTBOX_DB, $XDG_DATA_HOME/shutbox, ~/.local/share;
 * *own is set for the last two, whose folders are the program's to make.
 */
int
store_default_path(char *buf, size_t len, int *own, char *why, size_t whylen)
{
	const char *env = getenv("SHUTBOX_DB");
	const char *xdg = getenv("XDG_DATA_HOME");
	const char *home = getenv("HOME");
	int n;

	*own = env == NULL || env[0] == '\0';
	if (!*own)
		n = snprintf(buf, len, "%s", env);
	else if (xdg != NULL && xdg[0] == '/')
		n = snprintf(buf, len, "%s/shutbox/history.db", xdg);
	else if (home != NULL && home[0] != '\0')
		n = snprintf(buf, len, "%s/.local/share/shutbox/history.db",
			     home);
	else {
		snprintf(why, whylen,
			 "history: no HOME to keep it in; choose "
			 "a file with --db or SHUTBOX_DB");
		return -1;
	}
	if (n < 0 || (size_t)n >= len) {
		snprintf(why, whylen,
			 "history: the path of the database is "
			 "too long");
		return -1;
	}
	return 0;
}

/*
 * Whether the folder that holds path is missing: then it says so in why.
 * A history named by --db or SHUTBOX_DB is made only in a folder that
 * is there, so that a path mistyped is not a new, empty history.
 */
int
store_folder_missing(const char *path, char *why, size_t whylen)
{
	char dir[4096];
	char *slash;
	struct stat st;

	snprintf(dir, sizeof(dir), "%s", path);
	if ((slash = strrchr(dir, '/')) == NULL || slash == dir)
		return 0;
	*slash = '\0';
	if (stat(dir, &st) == 0 || (errno != ENOENT && errno != ENOTDIR))
		return 0;
	snprintf(why, whylen,
		 "history %s: cannot make it: there is no folder %s", path,
		 dir);
	return 1;
}

/* Makes the folders of path, as mkdir -p does; errors are sqlite's. */
void
store_mkdirs(const char *path)
{
	char dir[4096];
	size_t i;

	snprintf(dir, sizeof(dir), "%s", path);
	for (i = 1; dir[i] != '\0'; i++) {
		if (dir[i] != '/')
			continue;
		dir[i] = '\0';
		mkdir(dir, 0700);
		dir[i] = '/';
	}
}

/* Whether path names a folder (a history is a file). */
int
store_is_folder(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Sets *lk to game id's byte in the file of the games played, to write. */
static void
claim_byte(struct flock *lk, int64_t id)
{
	memset(lk, 0, sizeof(*lk));
	lk->l_type = F_WRLCK;
	lk->l_whence = SEEK_SET;
	lk->l_start = (off_t)id;
	lk->l_len = 1;
}

int
store_claim(int *fd, const char *path, int64_t id)
{
	struct flock lk;
	char file[4200];

	if (*fd < 0) {
		snprintf(file, sizeof(file), "%s-playing", path);
		*fd = open(file, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
		/* Where there can be no such file, nothing is claimed. */
		if (*fd < 0)
			return 0;
	}
	claim_byte(&lk, id);
	if (fcntl(*fd, F_OFD_SETLK, &lk) == 0)
		return 0;
	/* A system without such locks: the process's, as before. */
	if (errno == EINVAL && fcntl(*fd, F_SETLK, &lk) == 0)
		return 0;
	return errno == EACCES || errno == EAGAIN ? 1 : 0;
}

int
store_claimed(int own, const char *path, int64_t id)
{
	struct flock lk;
	char file[4200];
	int fd = own, held;

	if (fd < 0) {
		snprintf(file, sizeof(file), "%s-playing", path);
		fd = open(file, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			return 0;
	}
	claim_byte(&lk, id);
	held = (fcntl(fd, F_OFD_GETLK, &lk) == 0 ||
		(errno == EINVAL && fcntl(fd, F_GETLK, &lk) == 0)) &&
	       lk.l_type != F_UNLCK;
	if (fd != own)
		close(fd);
	return held;
}
