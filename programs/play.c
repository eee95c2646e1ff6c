/*
 * play.c - "shutbox play": a game set up, recorded and resumed.
 *
 * This file sets up a struct play (play.h) from the command line, or from
 * a stored game to resume, and books each action the front end makes in
 * the game's record: in memory, and in the history database, committed at
 * once, so that a game killed at any moment loses nothing already played.
 * The front end that plays it is the plain game of plain/ (lines of text).
 *
 * The dice are a seeded generator (the seed is printed first, so that a
 * game can be replayed with --seed) or, with --dice manual, real dice whose
 * faces are typed in.  A computer seat playing "random" draws from its own
 * generator, seeded from the game's seed and its seat, so that its choices
 * do not change the dice.  Resuming replays the record: the dice generator
 * rolls again each throw it made, and each random computer makes again each
 * choice it made, so that the game goes on exactly where it stopped, with
 * the same next throw.
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "hint.h"
#include "plain/plain.h"
#include "play.h"
#include "solve.h"
#include "tui/tui.h"
#include "util.h"

volatile sig_atomic_t play_interrupted;

/* ---------------------------------------------------------------------
 * Setting up: players, seed, dice
 */

int
play_objective(const struct shut_rules *rules, int which,
	       struct shut_objective *obj)
{
	if (rules->mode == SHUT_MODE_BATTLE)
		which = 0;
	obj->kind = which ? SHUT_OBJECTIVE_SHUT : SHUT_OBJECTIVE_EXPECTED;
	obj->target = 0;
	return which;
}

/*
 * The solver for cpu:optimal (which 0: the lowest expected score) or
 * cpu:shut (which 1: the most likely to shut the box), made on first use
 * and kept for the game.  A battle has one solver for every seat.  On
 * failure the reason is printed and the exit status returned.
 */
static int
play_solver(struct play *p, int which, struct shut_solver **sp)
{
	struct shut_objective obj;
	int rc;

	which = play_objective(&p->rules, which, &obj);
	/* One being made on its thread is waited for, not made again. */
	if (p->solver[which] == NULL && p->think[which].started)
		play_ready(p, which, 1);
	if (p->solver[which] == NULL) {
		rc = solve_new(&p->solver[which], &p->rules, &obj, 0,
			       p->max_bytes, 0);
		if (rc != 0)
			return rc;
	}
	*sp = p->solver[which];
	return 0;
}

/*
 * Sets up seat i for a player named name: "cpu:STRATEGY" is the computer,
 * anything else a person.
 */
int
play_seat(struct play *p, int i, const char *name)
{
	const struct shut_strategy *s;
	struct shut_solver *solver;
	int rc;

	if (strncmp(name, "cpu:", 4) != 0) {
		p->human[i] = 1;
		p->nhumans++;
		p->player[i].strategy = &human_strategy;
		p->player[i].ctx = &p->input;
		p->strategy[i][0] = '\0';
		return 0;
	}
	snprintf(p->strategy[i], sizeof(p->strategy[i]), "%.31s", name + 4);
	if (strcmp(name + 4, shut_solver_optimal.name) == 0 ||
	    strcmp(name + 4, shut_solver_shut.name) == 0) {
		int which = strcmp(name + 4, shut_solver_shut.name) == 0;
		struct shut_objective obj;
		size_t bytes;

		p->player[i].strategy =
		    which ? &shut_solver_shut : &shut_solver_optimal;
		which = play_objective(&p->rules, which, &obj);
		/* Made later, off the input thread, when it can be made. */
		struct shut_solver_options opt = { .max_bytes = p->max_bytes };

		if (p->lazy && p->solver[which] == NULL &&
		    shut_solver_size(&p->rules, &obj, &opt, &bytes) == 0) {
			p->player[i].ctx = NULL;
			p->wants[which] = 1;
			return 0;
		}
		if ((rc = play_solver(p, which, &solver)) != 0)
			return rc;
		p->player[i].ctx = solver;
		return 0;
	}
	if (strcmp(name + 4, shut_win_perfect.name) == 0)
		return play_perfect_seat(p, i);
	s = shut_strategy_find(name + 4);
	if (s == NULL)
		return policy_unknown("--players", "cpu:", name + 4, 1);
	play_seed_rng(p, i);
	p->player[i].strategy = s;
	p->player[i].ctx = &p->rng[i];
	return 0;
}

void
play_seed_rng(struct play *p, int i)
{
	shut_rng_seed(&p->rng[i], p->seed + 1 + (uint64_t)i);
}

int
play_seeded(const struct play *p)
{
	if (!p->manual)
		return 1;
	for (int i = 0; i < p->nseats; i++) {
		const struct shut_policy *pol =
		    p->player[i].strategy != NULL
			? p->player[i].strategy->policy
			: NULL;

		if (p->player[i].ctx == &p->rng[i] && pol != NULL &&
		    (pol->dice == SHUT_DICE_RULE_RANDOM ||
		     pol->move == SHUT_MOVE_RULE_RANDOM))
			return 1;
	}
	return 0;
}

int
play_no_odds(const struct play *p, char *buf, size_t len)
{
	struct shut_objective obj;

	/* In solve's words: the memory limit names --memory. */
	play_objective(&p->rules, 0, &obj);
	if (solve_fits(&p->rules, &obj, 0, p->max_bytes, "--memory", buf, len) <
	    0)
		return 1;
	snprintf(buf, len, "the odds could not be worked out");
	return 0;
}

/*
 * The hint key, for a person at the table: the choices best first, each
 * with its chance to shut the box as a percentage and its expected score,
 * as the front-end layer writes them.  The full precision is shutbox
 * hint's.
 */
long
play_rank(struct play *p, struct shut_choice *c, size_t cap)
{
	const struct shut_game *g = &p->g;
	struct shut_solver *solver;
	struct shut_position pos;
	char why[256];

	/* A table that cannot be made is not tried (its refusal said at
	 * every hint): the hint says why (play_no_odds()). */
	if (p->solver[0] == NULL && !p->think[0].started &&
	    play_no_odds(p, why, sizeof(why)))
		return -1;
	if (play_solver(p, 0, &solver) != 0)
		return -1;
	shut_position_of_game(&pos, g);
	if (g->need == SHUT_NEED_MOVE)
		return shut_solver_rank_moves(solver, &pos, &g->last_throw, c,
					      cap);
	return shut_solver_rank_dice(solver, &pos, c, cap);
}

void
play_hint(void *ctx, const struct shut_game *g)
{
	struct play *p = ctx;
	struct front_text t;
	char text[2048];

	(void)g; /* the game is p's */
	if (!play_ready(p, 0, 0) && p->think[0].started &&
	    play_seconds(p) > 0.5) {
		printf("  working out the odds...\n");
		fflush(stdout);
	}
	front_text_init(&t, text, sizeof(text));
	play_hint_lines(p, &t, "  ", 8);
	printf("%s", text);
}

void
play_adopt(struct play *p, int which, struct shut_solver *s)
{
	const struct shut_strategy *want =
	    which ? &shut_solver_shut : &shut_solver_optimal;
	int i;

	p->solver[which] = s;
	p->wants[which] = 0;
	for (i = 0; i < p->nseats; i++)
		if (p->player[i].ctx == NULL && !p->human[i] &&
		    (p->player[i].strategy == want ||
		     (p->rules.mode == SHUT_MODE_BATTLE &&
		      (p->player[i].strategy == &shut_solver_optimal ||
		       p->player[i].strategy == &shut_solver_shut))))
			p->player[i].ctx = s;
}

void
play_think(struct play *p)
{
	struct shut_objective obj;
	int w;

	for (w = 0; w < 2; w++) {
		if (play_objective(&p->rules, w, &obj) != w ||
		    p->solver[w] != NULL || p->think[w].started)
			continue;
		if (p->wants[w] || (w == 0 && p->nhumans > 0 && p->hints_early))
			think_start(&p->think[w], &p->rules, &obj,
				    p->max_bytes);
	}
	/* A front end that shows hints early has the chances made early. */
	if (p->hints_early && p->perfect == NULL && !p->perfect_tried &&
	    play_hint_wants_perfect(p)) {
		p->perfect_tried = 1;
		p->wants_perfect = 1;
	}
	if (p->wants_perfect && p->perfect == NULL &&
	    !p->think_perfect.started &&
	    think_start_perfect(&p->think_perfect, &p->rules, p->nseats,
				p->max_bytes) < 0)
		play_perfect_ready(p, 0); /* cpu:optimal, said in a notice */
}

int
play_ready(struct play *p, int which, int wait)
{
	struct shut_solver *s;

	if (p->solver[which] == NULL && p->think[which].started &&
	    (wait || think_poll(&p->think[which], NULL) != THINK_BUSY)) {
		s = think_take(&p->think[which]);
		if (s != NULL)
			play_adopt(p, which, s);
	}
	return p->solver[which] != NULL;
}

double
play_seconds(const struct play *p)
{
	struct shut_objective obj;

	play_objective(&p->rules, 0, &obj);
	return solve_seconds(&p->rules, &obj, 0);
}

int
play_seat_ready(struct play *p, int seat, int wait)
{
	const struct shut_player *pl = &p->player[seat];
	struct shut_objective obj;
	int which;

	if (p->human[seat] || pl->ctx != NULL)
		return 1;
	/* A player to win that failed to be made leaves cpu:optimal. */
	if (pl->strategy == &shut_win_perfect &&
	    (play_perfect_ready(p, wait) || pl->strategy == &shut_win_perfect))
		return pl->ctx != NULL;
	if (pl->strategy != &shut_solver_optimal &&
	    pl->strategy != &shut_solver_shut)
		return 1;
	which =
	    play_objective(&p->rules, pl->strategy == &shut_solver_shut, &obj);
	play_ready(p, which, wait);
	return pl->ctx != NULL;
}

void
play_let_go(struct play *p)
{
	for (int i = 0; i < p->nseats; i++) {
		const void *c = p->player[i].ctx;

		if (!p->human[i] && c != NULL &&
		    (c == p->solver[0] || c == p->solver[1] || c == p->perfect))
			p->player[i].ctx = NULL;
	}
	think_drop(&p->think[0]);
	think_drop(&p->think[1]);
	think_drop(&p->think_perfect);
	shut_solver_free(p->solver[0]);
	shut_solver_free(p->solver[1]);
	p->solver[0] = p->solver[1] = NULL;
	shut_perfect_free(p->perfect);
	p->perfect = NULL;
	p->wants[0] = p->wants[1] = p->wants_perfect = 0;
}

void
play_release(struct play *p)
{
	play_let_go(p);
	human_input_release(&p->input);
	store_close(p->store);
	p->store = NULL;
	free(p->action);
	p->action = NULL;
	p->nactions = p->cap = 0;
}

/* The names of the seats as the front-end layer shows them. */
void
play_front_seats(struct play *p)
{
	int i;

	p->seats.n = p->nseats;
	for (i = 0; i < p->nseats; i++) {
		p->seats.name[i] = p->name[i];
		p->seats.person[i] = p->human[i];
	}
}

/*
 * Reads --seed: a decimal number of up to 64 bits, 0 to 2^64 - 1, digits
 * only (no sign, no blanks).
 */
int
play_seed(uint64_t *seed, const char *text)
{
	char *end;
	unsigned long long v;

	if (text[0] == '\0')
		return util_error("bad --seed: no number");
	errno = 0;
	v = strspn(text, "0123456789") == strlen(text)
		? strtoull(text, &end, 10)
		: ULLONG_MAX;
	if (strspn(text, "0123456789") != strlen(text) || errno == ERANGE ||
	    v > UINT64_MAX)
		return util_error("bad --seed: %s: a whole number from 0 to "
				  "2^64 - 1",
				  util_shown(text));
	*seed = (uint64_t)v;
	return 0;
}

/* ---------------------------------------------------------------------
 * The command
 */

/* Whether p's game is kept in the history. */
static int
play_kept(void *ctx)
{
	const struct play *p = ctx;

	return p->store != NULL;
}

/* Sets up the dice: the seeded generator, or the faces typed in. */
void
play_dice(struct play *p)
{
	human_input_init(&p->input, stdin);
	p->input.stop = &play_interrupted;
	p->input.hint = play_hint;
	p->input.standings = plain_standings_asked;
	p->input.kept = play_kept;
	p->input.ctx = p;
	p->input.manual = p->manual;
	p->input.game = &p->g;
	if (p->manual) {
		p->dice.roll = human_roll;
		p->dice.ctx = &p->input;
	} else {
		shut_rng_seed(&p->dice_rng, p->seed);
		shut_dice_rng(&p->dice, &p->dice_rng);
	}
}

/*
 * Ctrl-C, SIGTERM and SIGHUP stop the game, kept for --resume: the read in
 * progress ends.
 */
static void
play_on_interrupt(int sig)
{
	(void)sig;
	play_interrupted = 1;
}

static void
play_catch_interrupt(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = play_on_interrupt;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0; /* no SA_RESTART: a read waiting for a line ends */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

/* A new game from the options. */
static int
play_new(struct play *p, const char *players, const char *seed,
	 const char *dice, const char *db, int history)
{
	int rc;

	if (strcmp(dice, "random") != 0 && strcmp(dice, "manual") != 0)
		return util_error("bad --dice: %s: use random or manual",
				  util_shown(dice));
	p->manual = strcmp(dice, "manual") == 0;
	if (seed != NULL && (rc = play_seed(&p->seed, seed)) != 0)
		return rc;
	/* Each game of a run its own (n plays another in the same second). */
	static uint64_t games;

	if (seed == NULL)
		p->seed = ((uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20)) +
			  games++ * UINT64_C(0x9e3779b97f4a7c15);
	if (util_rules(p->spec, &p->rules) < 0)
		return CMD_EXIT_USAGE;
	if ((rc = play_players(p, players)) != 0)
		return rc;
	if (p->rules.mode == SHUT_MODE_BATTLE && p->nseats != 2)
		return util_error("bad --players: battle needs exactly two "
				  "players, not %d",
				  p->nseats);
	rc = shut_game_init(&p->g, &p->rules, p->nseats);
	if (rc < 0)
		return util_error("play: %s", shut_strerror(rc));
	play_front_seats(p);
	play_dice(p);
	if (history)
		play_store_begin(p, db);
	return 0;
}

/* Ends the command: the game over, or kept, or lost. */
static int
play_finish(struct play *p, int rc)
{
	char command[UTIL_RESUME_MAX];

	if (rc == PLAIN_OVER) {
		play_mark_over(p);
		return CMD_EXIT_OK;
	}
	if (rc != PLAIN_KEPT)
		return CMD_EXIT_FAIL;
	if (p->store == NULL)
		return util_fail("the game stopped, and is not kept (no "
				 "history)");
	util_resume_command(command, sizeof(command), p->db, p->id);
	printf("\nGame %" PRId64 " is kept. To go on: ", p->id);
	util_print_escaped(stdout, command);
	printf("\n");
	return CMD_EXIT_OK;
}

/*
 * play --resume with other options: their values checked before the
 * history is opened, then the game resumed, which must agree with them (a
 * resumed game keeps what it was set up with: said, not let go).
 */
static int
play_resumed_as_given(struct play *p, const char *db, const char *id,
		      const char *spec, const char *players, const char *seed,
		      const char *dice)
{
	struct shut_rules r;
	uint64_t v;
	int rc;

	if ((rc = play_resume_values(spec, seed, dice, &r, &v)) != 0)
		return rc;
	if ((rc = play_resume(p, db, id, NULL, 0)) != 0)
		return rc;
	return play_resume_agrees(p, spec != NULL ? &r : NULL, players,
				  seed != NULL ? &v : NULL, dice);
}

/*
 * The players of p as --players takes them: a person's name, a computer
 * as cpu:STRATEGY.
 */
static void
play_players_list(const struct play *p, char *buf, size_t len)
{
	struct front_text t;

	front_text_init(&t, buf, len);
	for (int i = 0; i < p->nseats; i++)
		front_printf(&t, "%s%s%s", i ? "," : "",
			     p->human[i] ? "" : "cpu:",
			     !p->human[i]	      ? p->strategy[i]
			     : p->given[i][0] != '\0' ? p->given[i]
						      : p->name[i]);
}

/*
 * After a game on the full screen, a new one if asked for: the setup
 * screen starts from the rules and players of the game over, with its
 * dice; 1 then, else 0.
 */
static int
play_again(struct play *p, struct tui_setup *setup, const char **dice)
{
	char spec[sizeof(setup->spec)];

	if (!p->again)
		return 0;
	/* p->spec may be setup->spec itself. */
	snprintf(spec, sizeof(spec), "%s", p->spec);
	snprintf(setup->spec, sizeof(setup->spec), "%s", spec);
	play_players_list(p, setup->players, sizeof(setup->players));
	setup->resume[0] = '\0';
	*dice = p->manual ? "manual" : "random";
	setup->manual = p->manual;
	return 1;
}

/*
 * The solvers of a game over, taken from p for the next game (n on the
 * full screen): made for its rules, which the next may play again.  One
 * still being made is let go with p.
 */
static void
play_keep_solvers(struct play *p, struct shut_solver *kept[2])
{
	for (int w = 0; w < 2; w++) {
		play_ready(p, w, 0);
		kept[w] = p->solver[w];
		p->solver[w] = NULL;
	}
}

/*
 * Gives p the solvers kept from the game before that were made for its
 * rules, as if it had made them; frees the others.
 */
static void
play_reuse_solvers(struct play *p, struct shut_solver *kept[2])
{
	struct shut_objective obj;

	for (int w = 0; w < 2; w++) {
		if (kept[w] != NULL && p->solver[w] == NULL &&
		    play_objective(&p->rules, w, &obj) == w &&
		    shut_rules_equal(shut_solver_rules(kept[w]), &p->rules))
			play_adopt(p, w, kept[w]);
		else
			shut_solver_free(kept[w]);
		kept[w] = NULL;
	}
}

int
play_analysable(const struct play *p)
{
	/* A battle's value is the game's, not a turn's. */
	if (p->rules.mode == SHUT_MODE_BATTLE)
		return 0;
	for (size_t i = 0; i < p->nactions; i++)
		if (p->action[i].kind == SHUT_ACT_MOVE &&
		    p->human[p->action[i].seat])
			return 1;
	return 0;
}

/* Lets go of p's game, and sets p up as at the start for another. */
static void
play_reset(struct play *p, size_t max_bytes)
{
	play_release(p);
	memset(p, 0, sizeof(*p));
	p->max_bytes = max_bytes;
	p->spec = "classic";
}

/* Runs "shutbox play". */
static int
play_exec(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "plain", no_argument, NULL, 'p' },
		{ "rules", required_argument, NULL, 'r' },
		{ "players", required_argument, NULL, 'P' },
		{ "seed", required_argument, NULL, 's' },
		{ "dice", required_argument, NULL, 'd' },
		{ "db", required_argument, NULL, 'D' },
		{ "no-history", no_argument, NULL, 'N' },
		{ "resume", optional_argument, NULL, 'R' },
		{ "memory", required_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static struct play game;
	struct play *p = &game;
	const char *players = "You,cpu", *seed = NULL, *db = NULL;
	const char *dice = "random", *resume_id = NULL;
	int help = 0, history = 1, resume = 0, plain = 0, over, rc, c, again;
	size_t max_bytes;
	int chosen = 0;	      /* --rules or --players given */
	int typed_resume = 0; /* --resume given, not chosen on the screen */
	const char *spec = NULL, *seed_given = NULL, *dice_given = NULL;
	const char *players_given = NULL;
	static struct tui_setup setup;
	struct shut_solver *kept[2] = { NULL, NULL };
	char busy[256];

	memset(p, 0, sizeof(*p));
	p->spec = "classic";
	opterr = 0;
	while ((c = getopt_long(argc, argv, UTIL_GETOPT("h"), longopts,
				NULL)) != -1) {
		switch (c) {
		case 'p':
			plain = 1;
			break;
		case 'r':
			p->spec = spec = optarg;
			chosen = 1;
			break;
		case 'P':
			players = players_given = optarg;
			chosen = 1;
			break;
		case 's':
			seed = seed_given = optarg;
			break;
		case 'd':
			dice = dice_given = optarg;
			break;
		case 'D':
			if ((rc = util_db(optarg, &db)) != 0)
				return rc;
			break;
		case 'N':
			history = 0;
			break;
		case 'R':
			resume = 1;
			resume_id = optarg;
			/* "--resume 12" as well as "--resume=12". */
			if (resume_id == NULL && optind < argc &&
			    argv[optind][0] >= '0' && argv[optind][0] <= '9')
				resume_id = argv[optind++];
			break;
		case 'm':
			if ((rc = solve_memory(optarg, &p->max_bytes)) != 0)
				return rc;
			break;
		case 'h':
			help = 1;
			break;
		default:
			return util_option_error(&cmd_play_entry, longopts,
						 argv, c);
		}
	}
	if (help)
		return util_help(&cmd_play_entry, argc, argv);
	if (optind < argc && resume && resume_id == NULL)
		return util_error("bad --resume: %s: not a game number",
				  util_shown(argv[optind]));
	if (optind < argc)
		return util_error("play: unexpected argument '%s'",
				  util_shown(argv[optind]));
	if (resume && !history)
		return util_error("play: --resume needs the history; drop "
				  "--no-history");
	if (!plain && !tui_wanted()) {
		tui_say_plain();
		plain = 1;
	}
	max_bytes = p->max_bytes;
another:
	/* The setup screen, unless the command line says what to play. */
	typed_resume = resume;
	if (!plain && !resume && !chosen) {
		/* The dice as --dice says, else as the setup remembers. */
		if (setup.spec[0] == '\0')
			setup.manual = dice_given != NULL
					   ? strcmp(dice, "manual") == 0
					   : -1;
		rc = tui_setup(&setup, db, history, p->max_bytes);
		if (rc == 2) {
			resume = 1;
			resume_id = setup.resume;
		} else if (rc != 0) {
			shut_solver_free(kept[0]);
			shut_solver_free(kept[1]);
			return rc < 0 ? CMD_EXIT_FAIL : CMD_EXIT_OK;
		}
		p->spec = setup.spec;
		players = setup.players;
		if (rc == 0)
			dice = setup.manual > 0 ? "manual" : "random";
	}
	/* The solvers are made on threads, while the game begins. */
	p->lazy = 1;
	p->db = db;
	busy[0] = '\0';
	if (resume && !typed_resume)
		rc = play_resume(p, db, resume_id, busy, sizeof(busy));
	else if (resume)
		rc =
		    play_resumed_as_given(p, db, resume_id, spec, players_given,
					  seed_given, dice_given);
	else
		rc = play_new(p, players, seed, dice, db, history);
	if (busy[0] != '\0') {
		/* Taken by another since the setup screen offered it: back
		 * to it, the solvers kept still. */
		snprintf(setup.note, sizeof(setup.note), "%s", busy);
		play_reset(p, max_bytes);
		resume = 0;
		goto another;
	}
	play_reuse_solvers(p, kept);
	if (rc == 0) {
		/* The full screen has hints at once; the plain game on demand.
		 */
		p->hints_early = !plain;
		play_think(p);
		play_catch_interrupt();
		rc = plain ? plain_run(p) : tui_run(p);
		over = plain && rc == PLAIN_OVER && play_analysable(p);
		again = rc == PLAIN_OVER && play_again(p, &setup, &dice);
		rc = play_finish(p, rc);
		if (over)
			plain_over(p);
		if (again && rc == CMD_EXIT_OK) {
			/* A new game from the setup screen, as at the start. */
			play_keep_solvers(p, kept);
			play_reset(p, max_bytes);
			resume = chosen = 0;
			seed = NULL;
			goto another;
		}
	}
	play_release(p);
	return rc;
}

const struct cmd_entry cmd_play_entry = {
	.name = "play",
	.usage = "[--plain] [--rules SPEC] [--players LIST] [--seed N] "
		 "[--dice manual] [--db PATH] [--no-history] [--resume [ID]] "
		 "[--memory MIB]",
	.help = "play a game, against the computer or with friends",
	.options =
	    "  --plain          plain lines of text read from standard "
	    "input, not the\n"
	    "                   full-screen game (which needs a terminal: "
	    "pipes always get\n"
	    "                   the plain game)\n"
	    "  --rules SPEC     the rule set, a preset and key=value items "
	    "(default: classic)\n"
	    "  --players LIST   the players in order, separated by commas "
	    "(default:\n"
	    "                   \"You,cpu\"); cpu:NAME is the computer "
	    "playing strategy\n"
	    "                   NAME: optimal (the lowest expected score), "
	    "shut (the most\n"
	    "                   likely to shut the box), random, highest, "
	    "fewest, most,\n"
	    "                   lowest, thai-wiki (docs/strategies.md), "
	    "perfect "
	    "(plays\n"
	    "                   to win the game: docs/win.md); cpu "
	    "is\n"
	    "                   cpu:optimal (cpu:fewest on a box too big to "
	    "solve in\n"
	    "                   memory or in about 3 s); any other name is a "
	    "person at the\n"
	    "                   keyboard\n"
	    "  --seed N         the seed of the dice, to replay a game "
	    "(default: from the\n"
	    "                   clock); the game prints it at the start\n"
	    "  --dice manual    ask for the faces of real dice instead of "
	    "rolling\n"
	    "                   (--dice random is the default)\n"
	    "  --db PATH        the history database (default: $SHUTBOX_DB, "
	    "else\n"
	    "                   $XDG_DATA_HOME/shutbox/history.db, else\n"
	    "                   ~/.local/share/shutbox/history.db)\n"
	    "  --no-history     keep no record of this game\n"
	    "  --resume [ID]    go on with the latest unfinished game, or "
	    "game ID (its\n"
	    "                   rules, players, seed and dice are its own: "
	    "any given\n"
	    "                   must agree)\n"
	    "  --memory MIB     the most memory the computer's solver may take "
	    "(default:\n"
	    "                   the solver's limit, as for solve)\n"
	    "\n"
	    "On a terminal, without --rules and --players, a setup screen "
	    "comes first: a\n"
	    "preset or any rule, the players, the history and the stats; "
	    "the last setup\n"
	    "is remembered.  In the full-screen game, pick tiles by their "
	    "keys, the\n"
	    "arrows and space, or the mouse, and press Enter; ? lists the "
	    "keys.\n"
	    "\n"
	    "Every action is stored as it is made: a game stopped at any "
	    "moment can be\n"
	    "resumed.  In the plain game, at a prompt, type the tiles to shut "
	    "as "
	    "3+5 (or\n"
	    "35 when every tile is below 10); ? lists the legal moves, h "
	    "gives a hint, t\n"
	    "the standings, u takes back a move until the next throw (with "
	    "real dice, the\n"
	    "last throw typed too until the next is, a computer's with its "
	    "move), q asks\n"
	    "whether to stop and keep the game or to leave it.\n"
	    "Ctrl-C or the end of input stops the game and keeps it.  Where "
	    "the rules let\n"
	    "the roller throw fewer dice, the game asks how many; Enter "
	    "throws them all.\n"
	    "When a plain game with people at the table is over, a shows the "
	    "analysis of\n"
	    "their play (as shutbox analyse does, --by win where the hint "
	    "ranked\n"
	    "by the chance to win).\n",
	.exec = play_exec,
};
