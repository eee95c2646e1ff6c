/*
 * tui.c - how fast the full-screen game answers a person.
 *
 * Runs shutbox on a pseudo-terminal of 80x24, as a terminal emulator
 * would, and times two things from outside the process:
 *
 *   the first screen: from fork() to the moment the screen holds the
 *   marker text (the setup screen's title, or the game's first prompt),
 *   over a history database given on the command line; the first prompt
 *   of the-300, whose solver takes seconds, and of a tournament against
 *   cpu:perfect, whose match takes 1.7 s to solve: both made on threads;
 *
 *   a key: from the write() of a tile's key at the pick prompt of classic
 *   to the first byte of the redrawn screen, the key toggling the tile on
 *   and off, many times.
 *
 * It prints the median and the worst of each, in milliseconds, with the
 * CPU time the child used.
 *
 * usage: tui SHUTBOX DB
 */
#define _GNU_SOURCE /* memmem */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define RUNS 20
#define KEYS 200

static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void
die(const char *what)
{
	fprintf(stderr, "bench/tui: %s: %s\n", what, strerror(errno));
	exit(1);
}

/* Starts argv on a new pseudo-terminal; its master in *fd. */
static pid_t
spawn(char *const argv[], int *fd)
{
	struct winsize ws = { 24, 80, 0, 0 };
	int m = posix_openpt(O_RDWR | O_NOCTTY);
	pid_t pid;

	if (m < 0 || grantpt(m) < 0 || unlockpt(m) < 0)
		die("posix_openpt");
	pid = fork();
	if (pid < 0)
		die("fork");
	if (pid == 0) {
		int s;

		setsid();
		s = open(ptsname(m), O_RDWR);
		if (s < 0)
			_exit(127);
		ioctl(s, TIOCSWINSZ, &ws);
		dup2(s, 0);
		dup2(s, 1);
		dup2(s, 2);
		close(m);
		setenv("TERM", "xterm-256color", 1);
		setenv("LANG", "C.UTF-8", 1);
		execv(argv[0], argv);
		_exit(127);
	}
	*fd = m;
	return pid;
}

/* Reads until the output so far holds mark; 0, or -1 after 10 s. */
static int
wait_for(int fd, const char *mark)
{
	static char buf[1 << 16];
	size_t len = 0;
	double end = now_ms() + 10000;

	while (now_ms() < end) {
		struct pollfd p = { fd, POLLIN, 0 };
		ssize_t n;

		if (poll(&p, 1, 100) <= 0)
			continue;
		if (len + 4096 >= sizeof(buf)) {
			memmove(buf, buf + len / 2, len - len / 2);
			len -= len / 2;
		}
		n = read(fd, buf + len, 4096);
		if (n <= 0)
			return -1;
		len += (size_t)n;
		buf[len] = '\0';
		if (memmem(buf, len, mark, strlen(mark)) != NULL)
			return 0;
	}
	return -1;
}

/* Reads what is there, waiting ms for more each time. */
static void
drain(int fd, int ms)
{
	char buf[4096];
	struct pollfd p = { fd, POLLIN, 0 };

	while (poll(&p, 1, ms) > 0 && read(fd, buf, sizeof(buf)) > 0)
		;
}

static void
finish(pid_t pid, int fd, double *cpu_ms)
{
	struct rusage ru;
	int st;

	kill(pid, SIGKILL);
	wait4(pid, &st, 0, &ru);
	close(fd);
	*cpu_ms += (double)ru.ru_utime.tv_sec * 1e3 +
		   (double)ru.ru_utime.tv_usec / 1e3 +
		   (double)ru.ru_stime.tv_sec * 1e3 +
		   (double)ru.ru_stime.tv_usec / 1e3;
}

static int
cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void
report(const char *what, double *t, int n, double cpu_ms)
{
	qsort(t, (size_t)n, sizeof(*t), cmp);
	printf("%-34s median %6.2f ms  worst %6.2f ms  cpu %6.2f ms each\n",
	       what, t[n / 2], t[n - 1], cpu_ms / n);
}

/* The first screen of argv, RUNS times. */
static void
first_screen(const char *what, char *const argv[], const char *mark)
{
	double t[RUNS], cpu = 0;
	int i, fd;

	for (i = 0; i < RUNS; i++) {
		double t0 = now_ms();
		pid_t pid = spawn(argv, &fd);

		if (wait_for(fd, mark) < 0) {
			fprintf(stderr, "bench/tui: no '%s' on the screen\n",
				mark);
			exit(1);
		}
		t[i] = now_ms() - t0;
		finish(pid, fd, &cpu);
	}
	report(what, t, RUNS, cpu);
}

/* A tile's key at the pick prompt of classic, KEYS times. */
static void
keys(char *const argv[])
{
	double t[KEYS], cpu = 0;
	int i, fd;
	pid_t pid = spawn(argv, &fd);

	if (wait_for(fd, "to throw") < 0 || write(fd, "\r", 1) != 1 ||
	    wait_for(fd, "pick the tiles") < 0) {
		fprintf(stderr, "bench/tui: the game did not start\n");
		exit(1);
	}
	drain(fd, 50);
	for (i = 0; i < KEYS; i++) {
		struct pollfd p = { fd, POLLIN, 0 };
		double t0 = now_ms();
		char buf[4096];

		if (write(fd, "1", 1) != 1)
			die("write");
		if (poll(&p, 1, 5000) <= 0 || read(fd, buf, sizeof(buf)) <= 0) {
			fprintf(stderr, "bench/tui: no answer to a key\n");
			exit(1);
		}
		t[i] = now_ms() - t0;
		drain(fd, 5);
	}
	finish(pid, fd, &cpu);
	report("a key at the pick prompt", t, KEYS, cpu / KEYS * KEYS);
}

int
main(int argc, char **argv)
{
	char db[4096];

	if (argc != 3) {
		fprintf(stderr, "usage: tui SHUTBOX DB\n");
		return 2;
	}
	snprintf(db, sizeof(db), "--db=%s", argv[2]);
	{
		char *setup[] = { argv[1], "play", db, NULL };
		char *game[] = { argv[1],   "play",   db,  "--players",
				 "You,cpu", "--seed", "1", NULL };
		char *play[] = { argv[1],     "play", "--no-history",
				 "--players", "You",  "--seed",
				 "1",	      NULL };

		first_screen("the setup screen (history present)", setup,
			     "a new game");
		char *big[] = { argv[1],   "play",    "--no-history",
				"--rules", "the-300", "--players",
				"You,cpu", "--seed",  "1",
				NULL };

		char *win[] = {
			argv[1],      "play",	   "--no-history",    "--rules",
			"tournament", "--players", "You,cpu:perfect", "--seed",
			"1",	      NULL
		};

		first_screen("a game's first prompt (classic)", game,
			     "to throw");
		/* The computer's solver is made on a thread meanwhile. */
		first_screen("a game's first prompt (the-300)", big,
			     "to throw");
		/* And the solution of the player to win (1.7 s). */
		first_screen("first prompt (tournament, perfect)", win,
			     "to throw");
		keys(play);
	}
	return 0;
}
