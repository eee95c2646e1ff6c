/*
 * play.h - a game being played: its seats, its dice, its record.
 *
 * struct play is what every front end that plays a game shares: the
 * library's game, a struct shut_player per seat, the dice, the names as
 * the front-end layer shows them, and the record of the game (its actions
 * in memory, and in the history database when there is one).  play.c sets
 * it up from the command line or from a stored game to resume; a front end
 * (plain/ for lines of text) drives it, and books every action it makes
 * with play_book(), which commits it to the history at once.
 */
#ifndef PLAY_H
#define PLAY_H

#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "front.h"
#include "plain/human.h"
#include "shutbox.h"
#include "store/store.h"
#include "think.h"

/*
 * The longest player name in characters, before a number is added to tell
 * twins apart, and the most bytes such a name takes (UTF-8 characters take
 * up to four).
 */
#define PLAY_NAME_MAX	40
#define PLAY_NAME_BYTES (4 * PLAY_NAME_MAX)

struct play {
	struct shut_game g;
	struct shut_player player[SHUT_SEATS_MAX];
	struct shut_rng rng[SHUT_SEATS_MAX]; /* for computer seats */
	char name[SHUT_SEATS_MAX][PLAY_NAME_BYTES + 16];
	/* As --players gave them, before twins are numbered ("" resumed). */
	char given[SHUT_SEATS_MAX][PLAY_NAME_BYTES + 1];
	char strategy[SHUT_SEATS_MAX][32]; /* "" for a person */
	int human[SHUT_SEATS_MAX];
	int nseats, nhumans;
	struct front_seats seats;
	struct shut_rng dice_rng;
	struct shut_dice dice;
	int manual; /* dice thrown by hand */
	struct human_input input;
	const char *spec;
	char spec_buf[512]; /* the spec of a resumed game */
	struct shut_rules rules;
	struct shut_solver *solver[2]; /* expected and shut, made when needed */
	struct shut_perfect *perfect;  /* cpu:perfect's, made when needed */
	int perfect_tried;	       /* the hint tried to make it */
	size_t max_bytes;	       /* --memory, 0 for the library's limit */
	/*
	 * Set before the seats are: the solvers of computer seats are not
	 * made at once but left to the front end (wants[which] is set, and
	 * the seat's ctx is NULL until play_adopt() gives it the solver).
	 */
	int lazy;
	int wants[2];
	struct think think[2]; /* the solvers being made (play_think()) */
	int wants_perfect;     /* a cpu:perfect seat waits for p->perfect */
	struct think think_perfect; /* p->perfect being made */
	int hints_early; /* make the hints' solver before it is asked */
	/*
	 * Why a hint has no chance to win is said under the first hint
	 * alone where hint_why_once is set (the plain game's log), not
	 * under every one (a panel).
	 */
	int hint_why_once, hint_why_said;
	/* A line the front end shows first, as why cpu plays fewest. */
	char notice[256];
	/*
	 * And one more: a person named as a strategy ("perfect"), or the
	 * first person whose name is given twice, numbered on its second
	 * seat ("Ann (2)", play_name_seats()); or "".
	 */
	char named[2 * PLAY_NAME_BYTES + 96];
	uint64_t seed;

	/* The record: every action so far, and where it is stored. */
	struct shut_action *action;
	size_t nactions, cap;
	struct store *store; /* NULL: no history */
	const char *db;	     /* the --db given, or NULL: the default */
	char unkept[512];    /* why the history could not be opened, or "" */
	int64_t id;	     /* the game's id in the history */
	int resumed;
	const char *front; /* that records the game: NULL for play */
	int again; /* the game over, a new one asked for (the full screen) */
	int marked_over; /* its end written to the history (play_mark_over) */
};

/*
 * Writes to the history that the game is over, with its results, once:
 * as soon as it is, before any question of the game-over screen, so that
 * a game killed there is counted as the one over it is.  A history that
 * fails is a warning.
 */
void play_mark_over(struct play *p);

/* Set by SIGINT: the game stops, kept for --resume. */
extern volatile sig_atomic_t play_interrupted;

/*
 * Books action a, just applied to p->g: appends it to the record and
 * commits it to the history.  A history that fails is reported once and
 * dropped (the game goes on, unrecorded).  Returns 0, or -1 when memory
 * ran out.
 */
int play_book(struct play *p, const struct shut_action *a);

/*
 * Takes back the last move made by a person while no throw has followed it
 * (and any dice count chosen since), or, with dice typed by hand, the last
 * throw typed until another is (with a computer's move of it, and the
 * count of dice chosen for it, asked again), the one that ended the game
 * too (the history counts it unfinished again).
 * The game is replayed from the rest of the record.
 * Writes what was taken back, or why nothing can be, to buf; returns 1
 * when something was taken back, else 0.
 */
int play_take_back(struct play *p, char *buf, size_t len);

/* Whether play_take_back() would take something back now. */
int play_can_take_back(const struct play *p);

/*
 * What play_take_back() would take back now, for a key's words: "throw"
 * (with dice typed, its count and a computer's move of it), "move", or
 * NULL for nothing.
 */
const char *play_take_back_what(const struct play *p);

/*
 * Takes back the count of dice a person chose, where the rules left a
 * choice, while its dice are still to be typed (--dice manual): the count
 * is asked again.  Returns 1 when it did, else 0.
 */
int play_take_back_count(struct play *p);

/* Whether play_take_back_count() would take a count back now. */
int play_can_take_back_count(const struct play *p);

/*
 * Sets p up as the stored game sg had it: its rules, seed, dice and seats,
 * and a new game with no action applied yet.  Returns 0, or an exit status
 * after one line on standard error.
 */
int play_setup_stored(struct play *p, const struct store_game *sg);

/*
 * The objective of solver which (0: the lowest expected score, 1: the
 * most likely to shut; a battle has only 0) in *obj; returns which as it
 * applies.
 */
int play_objective(const struct shut_rules *rules, int which,
		   struct shut_objective *obj);

/*
 * Takes solver s, made for objective which, as p->solver[which], and gives
 * it to every computer seat waiting for it.
 */
void play_adopt(struct play *p, int which, struct shut_solver *s);

/*
 * Starts making, each on a thread of its own, the solvers that the
 * computer seats wait for (p->wants) and, with people at the table and
 * p->hints_early, the one their hints need, so that the game's first
 * prompt never waits for a solve.
 */
void play_think(struct play *p);

/*
 * Whether solver which (as play_objective() numbers them) is ready: one
 * being made that is done is handed to the game (play_adopt()).  With
 * wait, waits for it first.  Returns 1 when p->solver[which] is there.
 */
int play_ready(struct play *p, int which, int wait);

/* About how long a solver of p's rules takes to make, in seconds. */
double play_seconds(const struct play *p);

/*
 * Whether the seat can play now: a person or a computer that needs no
 * solver, or one whose solver is ready (waited for, with wait).
 */
int play_seat_ready(struct play *p, int seat, int wait);

/*
 * Sets up seat i for a player named name: "cpu:STRATEGY" is the computer
 * (its solver, under p->lazy, left to play_think()), anything else a
 * person.  Returns 0, or an exit status after one line on standard error.
 */
int play_seat(struct play *p, int i, const char *name);

/*
 * Names the p->nseats seats as shown[i] shows them, at most
 * PLAY_NAME_BYTES bytes each; a name shown again is numbered from its
 * second seat on ("cpu:fewest (2)") so that every seat can be told apart.
 * A person's name given twice is said in p->named, unless it says
 * something already.
 */
void play_name_seats(struct play *p, const char *const *shown);

/* Points p->seats at the names of the seats, as the front end shows them. */
void play_front_seats(struct play *p);

/*
 * Opens the history db (NULL: the default) and starts the game's record in
 * it, p->id its id.  A history that cannot be opened is warned about on
 * standard error, and p->store left NULL: the game goes on unrecorded.
 */
void play_store_begin(struct play *p, const char *db);

/*
 * Checks the values given with --resume (NULL: not given) before the
 * history is opened: 0, their rules into r and seed into v, or an exit
 * status after one line on standard error.
 */
int play_resume_values(const char *spec, const char *seed, const char *dice,
		       struct shut_rules *r, uint64_t *v);

/*
 * Whether the options given with --resume agree with the game resumed into
 * p: the rules and seed as play_resume_values() read them, the players and
 * dice as given (each NULL when not given).  0, or an exit status after
 * one line on standard error naming the first that does not (a resumed
 * game keeps its rules, players, seed and dice).
 */
int play_resume_agrees(const struct play *p, const struct shut_rules *rules,
		       const char *players, const uint64_t *seed,
		       const char *dice);

/*
 * Whether the len bytes at *name can be a person's name, as --players
 * reads one: trimmed of blanks (*name and *len are moved), not empty,
 * shown as it is (front_check_name()), of at most PLAY_NAME_MAX
 * characters.  0, or -1 with the reason in why.
 */
int play_name_check(const char **name, size_t *len, char *why, size_t whylen);

/*
 * Whether the len bytes at name would read as a computer's name, which a
 * person's may not be: cpu, or cpu: and a strategy, in any case (the
 * history and the stats would count the person as the computer).
 * --players reads cpu and cpu:NAME, in lower case, as computers.
 */
static inline int
play_name_is_cpu(const char *name, size_t len)
{
	return (len == 3 && strncasecmp(name, "cpu", 3) == 0) ||
	       (len >= 4 && strncasecmp(name, "cpu:", 4) == 0);
}

/* Why a person's name may not be one play_name_is_cpu() says is one. */
#define PLAY_NAME_CPU_WHY                                                      \
	"a person's name cannot be \"cpu\" or start with \"cpu:\""

/*
 * Reads --players into p's seats (play_names.c): names separated by
 * commas, each checked; a person named as a strategy alone is said in
 * p->named.  Returns 0, or an exit status after one line.
 */
int play_players(struct play *p, const char *text);

/*
 * Whether list, read as --players reads it for a new game under p's
 * rules, names p's seats as they are named (*same): 0, or the exit status
 * of a list --players refuses, after its line.
 */
int play_players_same(const struct play *p, const char *list, int *same);

/* Reads --seed into *seed: 0, or an exit status after one line. */
int play_seed(uint64_t *seed, const char *text);

/* Seeds the generator of computer seat i from the game's seed, as it was
 * when the game began (a resume and a take-back draw again from there). */
void play_seed_rng(struct play *p, int i);

/*
 * Whether the game's seed decides anything, so that a front end shows it
 * at the start: the dice are thrown by the generator, or some computer
 * seat chooses at random (with --dice manual, cpu:random still does).
 */
int play_seeded(const struct play *p);

/*
 * Replays the stored actions of sg into p->g (set up by
 * play_setup_stored(), with p->dice ready): each random throw and each
 * random computer's choice is made again and must agree with the record.
 * With told, told(ctx, events) hears each action's events as it is
 * replayed (the browser table tells them again).  Returns 0, or an exit
 * status after one line on standard error.
 */
int play_replay(struct play *p, const struct store_game *sg,
		void (*told)(void *ctx, const struct shut_events *ev),
		void *ctx);

/*
 * Loads the game to resume from the history db (id_text, or the latest
 * unfinished game when NULL; play_store.c), sets p up for it and replays
 * it.  Returns 0, or an exit status after one line on standard error; or,
 * with busy, when another shutbox plays the game or has finished it,
 * CMD_EXIT_FAIL with why in busy (busylen bytes) and nothing said.
 */
int play_resume(struct play *p, const char *db, const char *id_text, char *busy,
		size_t busylen);

/* The line that says game id is being played by another shutbox now. */
void play_busy_line(char *buf, size_t len, int64_t id);
/* The line that says game id is a table of shutbox serve's. */
void play_table_line(char *buf, size_t len, int64_t id);
/*
 * Tells the turn under way in p's record so far, for a resumed game whose
 * log starts at the resume: tell gets each of its actions' events, with
 * the game as it was after that action, to tell as a replay does.
 * Returns the number of actions told (0: the turn has not begun), or -1
 * for a record that does not replay (none, once play_replay() took it).
 */
int play_turn_so_far(const struct play *p,
		     void (*tell)(void *ctx, const struct shut_game *g,
				  const struct shut_events *ev),
		     void *ctx);

/* The line that says game id of history db is over, and how to see it. */
void play_over_line(char *buf, size_t len, const char *db, int64_t id);
/*
 * Whether game id of history st (opened from db, NULL for the default)
 * can be resumed: 1 now; 0 not now, another shutbox playing it; -1 not
 * here (a table of shutbox serve's, or not read); -2 over, with the
 * command that shows it (play_over_line()); why in buf but for 1.  It
 * is not claimed: play_resume() claims it, and says so if another took
 * it meanwhile.
 */
struct store;
int play_resumable(struct store *st, const char *db, int64_t id, char *why,
		   size_t len);

/* Sets up p->dice: the seeded generator, or the faces typed in. */
void play_dice(struct play *p);

/* Frees what p holds: its solvers, input, history and record. */
void play_release(struct play *p);

/*
 * Lets go of the solvers and the player to win, made or being made, and
 * of the computer seats' hold on them: for a game that is over, which
 * asks them nothing more (a server keeps a finished table a while).
 */
void play_let_go(struct play *p);

/*
 * Whether the rules let the player choose the dice count about to be
 * thrown (a hint says "chosen"), or gave none ("throw").
 */
int play_dice_chosen(const struct shut_game *g);

/* The time now, in milliseconds since the epoch, as the history keeps it. */
int64_t play_now(void);

/*
 * The solver's ranking of the choices the game needs now (a move or a dice
 * count), best first: writes up to cap of them to c and returns how many
 * there are, or -1 when the rules cannot be solved (play_no_odds() says
 * why).
 */
long play_rank(struct play *p, struct shut_choice *c, size_t cap);

/*
 * Why the hints' solver cannot be had, in solve's words, into buf ("the
 * table of this board needs 16385 MiB, more than the limit of 1024 MiB
 * (--memory)"): 1, or 0 with "the odds could not be worked out" where the
 * size is not the reason (memory ran out, say).
 */
int play_no_odds(const struct play *p, char *buf, size_t len);

/* The solver's ranking of the choices now, for a person at the table. */
void play_hint(void *ctx, const struct shut_game *g);

/*
 * Seat i plays to win (cpu:perfect, play_win.c): it shares p->perfect,
 * made for the rules and the seats on first use, or under p->lazy on a
 * thread by play_think() (the rules checked at once, the seat's ctx NULL
 * until play_seat_ready() hands it the player).  On failure the reason is
 * printed and the exit status returned.
 */
int play_perfect_seat(struct play *p, int i);

/*
 * Whether nseats can play rules to win (cpu:perfect), found at once by
 * shut_perfect_check(), without solving: 0, or its error with the reason
 * in why, in the words every front end gives it, the memory limit named
 * in the words limit gives.
 */
int play_perfect_check(const struct shut_rules *rules, int nseats,
		       size_t max_bytes, const char *limit, char *why,
		       size_t whylen);

/*
 * Whether p->perfect, made on its thread, is ready: taken and handed to
 * the cpu:perfect seats when it is done (waited for, with wait).  Should
 * it fail (memory), those seats play cpu:optimal instead, and p->notice
 * says so.  Returns 1 when p->perfect is there.
 */
int play_perfect_ready(struct play *p, int wait);

/* About how long seat's computer waits for what it plays by, in seconds. */
double play_seat_seconds(const struct play *p, int seat);

/*
 * The choices of a hint, best first, as play_rank() gives them, with each
 * one's chance of winning the game in win[] (NaN where it is not known).
 * Where the game's chance is known exactly (a cpu:perfect seat's
 * solution, or for the hint of a single round of two or more seats whose
 * play to win takes well under a second to work out, made on first use),
 * they are the player to win's ranking, best for the win first, each
 * with the turn's odds when played so: the "best" of a hint that shows
 * the chance of winning is the best for it.  With the dice counted and not
 * yet thrown, the one choice is the count chosen.
 */
long play_hint_rank(struct play *p, struct shut_choice *c, double *win,
		    size_t cap);

/* The most choices a hint shows. */
#define PLAY_HINT_MAX 16

/*
 * A hint for the choice at hand in p into t: a line per choice, best first
 * (play_hint_rank()), at most max of them, each lead, then "best" for the
 * first and blanks for the others, then the choice (front_choice()); past
 * max, "and N more" (N > 1: the one more choice takes that line); and while the
 * chances of winning are being worked out (play_hint_pending()), a line that
 * says so.  With nothing to rank, one line that says why.  Returns
 * play_hint_rank()'s number.
 */
long play_hint_lines(struct play *p, struct front_text *t, const char *lead,
		     long max);

/*
 * Why a hint of p shows no chance of winning beside the odds, into buf
 * ("the chance to win is not shown: ..."; cpu:perfect's approximation, as
 * solve_win_how() says it): 1, or 0 (buf empty) when there is nothing to
 * say, the chance being shown or worked out.
 */
int play_hint_why(const struct play *p, char *buf, size_t len);

/*
 * play_hint_lines() of the n choices c (and win) that play_hint_rank()
 * gave, for a caller that ranks them itself.  Returns 1 when it said that
 * the chances of winning are being worked out, else 0 (asked once: they
 * may be done a moment later).
 */
int play_hint_write(struct play *p, struct front_text *t, const char *lead,
		    const struct shut_choice *c, const double *win, long n,
		    long max);

/* What a hint says while the chances of winning are being worked out. */
#define PLAY_HINT_PENDING "the chances of winning: being worked out"

/*
 * Whether the player to win of the hints is being worked out on its
 * thread (a hint then ranks by the expected score, without the chances of
 * winning).
 */
int play_hint_pending(struct play *p);

/*
 * Whether a hint shows the game's chance of winning even without a
 * cpu:perfect seat: a single round of two or more seats, people among
 * them, whose play to win takes well under a second to work out (a turn
 * solve for each seat and state, and a walk of its policy, some ten times
 * a turn solve's work), or a game until a shut box.  The front ends that
 * show hints early (hints_early) have it made on a thread by
 * play_think(); the plain game makes it when a hint is first asked.
 */
int play_hint_wants_perfect(const struct play *p);

/*
 * The player to win by which a hint ranks the choices of p's game, made
 * now if need be (waited for where it is being made): where its chances
 * are exact; else NULL, and the hint ranks by the turn's odds.
 */
struct shut_perfect *play_hint_win(struct play *p);

/*
 * The analysis of the people's play in p's game into f, as analyse
 * prints it: by the chance of winning where the hint ranks by it
 * (play_hint_win()), else by each turn's objective, with the solvers the
 * game made lent to it; its paragraphs wrapped at cols columns (0: not,
 * for a window that wraps them).  Returns 0, or -1 after a line in f that
 * says why there is none.
 */
int play_analyse(struct play *p, FILE *f, int cols);

/*
 * Whether p's game has play to analyse: a person made a move (not all
 * left first), and it is no battle, whose value is the game's, not a
 * turn's.
 */
int play_analysable(const struct play *p);

#endif
