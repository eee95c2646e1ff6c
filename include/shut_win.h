/*
 * shut_win.h - playing to win: the chance of winning the game, not the
 * turn's score.
 *
 * A player who plays for the lowest expected score (the solver's
 * "expected") does not play for the win: the lowest total at the table
 * wins, a shut box may win at once, the last player must beat the best
 * score so far, and ties are shared.  Here each turn is played for the
 * utility objective of shut_solver.h, u(score) being the chance of
 * winning the game when the turn ends with that score, every later player
 * playing to win too.
 *
 * One round (struct shut_round): a rule set of a single round (rounds=1,
 * no until, no eliminate), any number of players, who throw in seat order
 * and each see the scores already made.  The state before a seat plays is
 * the lowest score so far and how many seats made it (none before seat
 * 0); a shared win counts as a share (1/k of a win among k), and under
 * shut=win a shut box wins at once.  shut_round_new() works backwards from
 * the last seat: for every seat and state it solves the turn for the
 * utility, and follows the policy forward to the distribution of the
 * seat's score, which gives the earlier seats' utilities.  Cost: a turn
 * solve and a walk of the policy for each seat and state, about
 * players^2 / 2 times the scores; classic with four players in some
 * tenths of a second.  Under first-miss=lose the state also counts the
 * seats that lost (a seat that misses its first throw is out; the last
 * seat left wins at once), N times the states.  Scores past
 * SHUT_WIN_SCORES_MAX (score=digits) are told apart by the scores a turn
 * can end with, some hundreds (the subsets of the start set), since only
 * their order matters in a round: the solver's utility by level.
 *
 * Seats count from 0.  The round keeps, per seat and state, the utility
 * table (what shut_round_utility() hands out) and the chances; its memory
 * is one malloc() the caller frees with shut_round_free().
 *
 * Each solution here (round, match, race, many) takes the options of its
 * turn solvers; their progress, when given, counts its turn solves (the
 * turn solvers keep none): total set first to the solves to come (exact
 * for a round and a match but under shut=zero, where it is an upper
 * bound; the least for a race; a rough count for many), done counted up
 * as each is made, kept below total, and set to total once they are
 * made, whether they worked or not.  Its stop, set, ends the work before
 * the next turn solve, with SHUT_ESTOPPED.
 */
#ifndef SHUT_WIN_H
#define SHUT_WIN_H

#include <stddef.h>
#include <stdint.h>

#include "shut_game.h"
#include "shut_rules.h"
#include "shut_solver.h"

/* The largest score a round or a match is solved for, plus one. */
#define SHUT_WIN_SCORES_MAX 1024

/*
 * The shape of a game under rules, as the solutions that play to win
 * take it (shut_win_shape()): a single round (rounds=1, without until or
 * eliminate), rounds until a box is shut (rounds=until-shut, without
 * until or eliminate), or a match (rounds=N, until, eliminate); a
 * negative error (SHUT_EINVAL) for no rules.
 */
enum shut_win_shape { SHUT_WIN_ROUND, SHUT_WIN_RACE, SHUT_WIN_MATCH };

int shut_win_shape(const struct shut_rules *rules);

struct shut_round;

/*
 * shut_round_new() solves one round for players seats (1 to
 * SHUT_SEATS_MAX) and stores it in *rp.  opt is passed to the turn solver
 * (its flags and below are ignored; NULL for the defaults).  It returns 0,
 * SHUT_EPLAYERS, SHUT_EMODE for a rule set that is not a single round of
 * the standard game, SHUT_ETOOBIG for more than SHUT_WIN_SCORES_MAX
 * different scores or tables past the options' limit, an error of
 * shut_solver_new(), or SHUT_ENOMEM.
 */
int shut_round_new(struct shut_round **rp, const struct shut_rules *rules,
		   int players, const struct shut_solver_options *opt);

/* shut_round_free() frees a round; NULL is allowed. */
void shut_round_free(struct shut_round *r);

/* The number of seats, and the rules, of a round. */
int shut_round_players(const struct shut_round *r);
const struct shut_rules *shut_round_rules(const struct shut_round *r);

/*
 * shut_round_chance() is seat's chance of winning from the start (a share
 * of a shared win counting as that share) when every seat plays to win;
 * the chances of all seats add up to 1.  shut_round_money() is the
 * seat's expected money per game in cents under stake=A, its share of
 * the pot less its stake (a shared pot splits to the cent, the odd cents
 * going to nobody, as the game does), when every seat plays to win; 0
 * without a stake.  NaN for a seat out of range.
 */
double shut_round_chance(const struct shut_round *r, int seat);
double shut_round_money(const struct shut_round *r, int seat);

/*
 * shut_round_utility() writes to *obj the utility objective of seat when
 * the lowest score so far is lowest, made by tied seats (tied 0: nobody
 * has played, lowest ignored): obj->utility[x] is the seat's chance of
 * winning when its turn scores x.  The table belongs to the round.  It
 * returns 0, or SHUT_EINVAL for a seat, tied or lowest out of range
 * (tied > seat, lowest past the largest score, lowest 0 under shut=win).
 * shut_round_state_chance() is that seat's chance of winning from the
 * start of its turn in that state, NaN when out of range.
 */
int shut_round_utility(const struct shut_round *r, int seat, uint64_t lowest,
		       int tied, struct shut_objective *obj);
double shut_round_state_chance(const struct shut_round *r, int seat,
			       uint64_t lowest, int tied);

/*
 * The state of a round before a seat throws, in full: under
 * first-miss=lose, also how many seats before it lost outright (a seat
 * that misses its first throw is out; the last seat left wins at once).
 * shut_round_state_of() finds it for a game of a single round waiting for
 * a dice count, a throw or a move (0, SHUT_EINVAL, or SHUT_ESTATE when
 * the game is not in a turn); shut_round_objective() writes that seat's
 * objective, its utility and the worth of a miss (0, SHUT_EINVAL out of
 * range); shut_round_value() is its chance of winning there (NaN out of
 * range).  The calls above are these with lost 0.
 */
struct shut_round_state {
	int seat;
	uint64_t lowest;
	int tied;
	int lost;
};

int shut_round_state_of(const struct shut_game *g, struct shut_round_state *st);
int shut_round_objective(const struct shut_round *r,
			 const struct shut_round_state *st,
			 struct shut_objective *obj);
double shut_round_value(const struct shut_round *r,
			const struct shut_round_state *st);

/*
 * shut_round_index() numbers the states of the round from 0 to
 * shut_round_states() - 1 (for a table kept by state): -1 for one out of
 * range.
 */
long shut_round_index(const struct shut_round *r,
		      const struct shut_round_state *st);
size_t shut_round_states(const struct shut_round *r);

/*
 * shut_round_state_of_game() finds the seat to play and its state in a
 * game of a single round that waits for a dice count, a throw or a move:
 * the lowest score of the seats before it that are still in, and how many.
 * It returns 0, or SHUT_ESTATE when the game is not in a turn.
 */
int shut_round_state_of_game(const struct shut_game *g, int *seat,
			     uint64_t *lowest, int *tied);

/*
 * Two players, whole matches (struct shut_match): rounds=N, until=T,
 * eliminate=T or both (the match goes on below the lower), shut=win or
 * zero, first-miss=end or lose (a miss gives the other the match).  The
 * state at a turn is
 * (both totals, the round, who throws); the chances of the two seats add
 * up to one, so each turn's utility is one less the other seat's chance
 * after it, and one turn solve (the value alone) per state gives the
 * exact chance of winning under play to win on both sides.  Under
 * rounds=N only the difference of the totals and the round matter
 * (states: about N^2 M for scores up to M); under until and eliminate
 * the totals below T matter and the round does not (about T (T + M)
 * states); under shut=zero a round where both seats score 0 comes back
 * to its state, and such a pair of states is solved by iteration to a
 * fixed point (to 1e-14).  A single round is a match of one round (the
 * same chances as shut_round's for two, by other code: a test).  Refused
 * (SHUT_EMODE): rounds=until-shut (struct shut_race), a battle;
 * SHUT_ETOOBIG past SHUT_WIN_SCORES_MAX for a score, a total or the
 * memory limit.
 *
 * shut_match_chance() is seat's chance of winning the match from its
 * start (NaN out of range).  shut_match_utility() writes the utility of
 * the roller of game g at the start of its turn to u (scores entries, the
 * largest score + 1 as shut_match_scores() gives it): u[x] is its chance
 * of winning the match when its turn scores x.  It returns 0, SHUT_ESTATE
 * when g is not in a turn or is in a state the match does not know.
 *
 * shut_match_solves() is how many turn solves shut_match_new() makes for
 * rules, found at once without solving: exact under rounds=N, and under
 * until and eliminate with shut=win; with shut=zero, whose pairs of states
 * are iterated, 4 passes a pair, an upper bound (3.2 to 4 measured, 3.8
 * to 4 on the presets); 0 for rules that are no match of two.
 */
struct shut_match;

int shut_match_new(struct shut_match **mp, const struct shut_rules *rules,
		   const struct shut_solver_options *opt);
void shut_match_free(struct shut_match *m);
double shut_match_chance(const struct shut_match *m, int seat);
size_t shut_match_scores(const struct shut_match *m);
int shut_match_utility(const struct shut_match *m, const struct shut_game *g,
		       double *u);
double shut_match_solves(const struct shut_rules *rules);

/*
 * Whole matches of any number of players, exact (struct shut_many):
 * rounds=N, until=T, eliminate=T (either or both), shut=win or zero,
 * first-miss=end or lose, 1 to SHUT_MANY_SEATS_MAX players.  The state
 * at a turn is (the round under rounds=N, whose turn, every total, the
 * seats out and lost), its value every seat's chance of winning; one turn
 * solve and a walk of the policy per state (lib/win_many.c).  The states
 * grow as the totals to the power of the players, so max_states (0: the
 * default) bounds them: SHUT_ETOOBIG past it, as past
 * SHUT_WIN_SCORES_MAX for a score.  SHUT_EMODE for a battle or
 * rounds=until-shut.  shut_many_chance() is a seat's chance from the
 * start (NaN out of range), shut_many_states() the states solved.
 * shut_many_utility() writes the utility of the roller of g to u
 * (shut_many_scores() entries) and the worth of its miss to *miss: 0, or
 * SHUT_ESTATE when g is not in a turn or in a state the match never
 * solved (a seat that left, say).
 */
#define SHUT_MANY_SEATS_MAX	 8
#define SHUT_MANY_STATES_DEFAULT ((size_t)1 << 22)

struct shut_many;

int shut_many_new(struct shut_many **mp, const struct shut_rules *rules,
		  int players, size_t max_states,
		  const struct shut_solver_options *opt);
void shut_many_free(struct shut_many *m);
double shut_many_chance(const struct shut_many *m, int seat);
size_t shut_many_states(const struct shut_many *m);
size_t shut_many_scores(const struct shut_many *m);
int shut_many_utility(const struct shut_many *m, const struct shut_game *g,
		      double *u, double *miss);

/*
 * A rough count of the states of an exact match, to leave out at once
 * those far past a bound: (rounds x (M + 1))^(N-1) x rounds x N under
 * rounds=N; under until and eliminate (the lower T) the sum over j < N of
 * T x W^j x L^(N-1-j), j the seats that have thrown in the round (each
 * may be past T by a turn's score: W = T + M), the others still to throw
 * (L = T, or T + M under eliminate, where a seat out keeps its total), a
 * seat that lost counting T more in each under first-miss=lose.  Never
 * fewer than the states solved on the matches tested (docs/win.md), and
 * 1 to 4 times them but for extremes.  0 for a rule set that is no match.
 */
double shut_many_guess(const struct shut_rules *rules, int players);

/*
 * rounds=until-shut (struct shut_race), any number of players: the game
 * goes on until someone shuts the box, who wins; the totals never
 * matter.  The state before a turn is the seats still in (first-miss=lose
 * puts a seat that misses out; the last one left wins at once) and whose
 * turn it is; the roller's utility is 1 for a shut box, 0 for a miss and,
 * for any other score, its chance of winning from the next seat's turn C.
 * The chances go round a cycle and are solved in closed form for given
 * policies, the policies for given chances, until they settle
 * (lib/win_race.c).  Cost: a turn solve per seat and pass, two passes
 * without first-miss=lose (the policy is then the one that shuts most,
 * whatever C); with it, the same for every set of two seats or more, some
 * 2^N N solves, refused past 12 seats (SHUT_ETOOBIG).  Refused
 * (SHUT_EMODE): a rule set other than rounds=until-shut without until or
 * eliminate.
 *
 * shut_race_chance() is seat's chance of winning from the start, NaN out
 * of range.  shut_race_utility() writes the utility of the roller of g
 * now, two entries: u[0] for a shut box (1), u[1] for any other score (a
 * miss is worth 0); 0, or SHUT_ESTATE when g is not in a turn or not of
 * the race's seats.
 */
struct shut_race;

int shut_race_new(struct shut_race **rp, const struct shut_rules *rules,
		  int players, const struct shut_solver_options *opt);
void shut_race_free(struct shut_race *r);
double shut_race_chance(const struct shut_race *r, int seat);
int shut_race_utility(const struct shut_race *r, const struct shut_game *g,
		      double u[2]);

/*
 * A computer player that plays to win (the strength "perfect"): struct
 * shut_perfect holds what it plays by for a rule set and a number of
 * players: the round's solution for a single round, the match's for a
 * match of two, and for a match of more the match of two played against
 * the leader.  At each turn it
 * makes the turn solver for its seat's utility in the game's state (kept
 * until the state changes), and plays that solver's dice counts and moves.
 * shut_perfect_new() returns 0 or an error of shut_round_new(); the
 * progress of opt, if any, is its solution's while it is made (the turns
 * it solves later in play are given none);
 * shut_perfect_free() frees it (NULL is allowed).  The strategy's ctx is
 * a struct shut_perfect *; seats of one thread may share one, but it
 * keeps the solvers it makes as it plays, so threads may not.
 *
 * shut_perfect_copy() makes a player that shares from's solution (the
 * round's, match's or race's, read-only) and keeps solvers of its own: one
 * for each thread of a simulation, made in microseconds whatever the
 * solution cost.  It plays exactly as from does (a turn solve gives the
 * same values to the last bit however often it is made).  from must
 * outlive the copy; freeing the copy leaves the solution alone.  It
 * returns 0, SHUT_EINVAL or SHUT_ENOMEM.
 *
 * shut_perfect_solver() gives the turn solver of the roller of g now,
 * whose values are chances of winning the game (for a hint): 0, or an
 * error (SHUT_ESTATE when g is not in a turn).  The solver belongs to p
 * and lasts until the next call on p (or longer).
 */
struct shut_perfect;

int shut_perfect_new(struct shut_perfect **pp, const struct shut_rules *rules,
		     int players, const struct shut_solver_options *opt);

/* The states of an exact match of more than two that perfect solves. */
#define SHUT_PERFECT_MANY_STATES 4096

/*
 * shut_perfect_new_exact() is shut_perfect_new() with the bound on the
 * states of an exact match of more than two players: 0 for the
 * approximation always (shut_perfect_new() takes SHUT_PERFECT_MANY_STATES,
 * a few seconds).
 * shut_perfect_kind() says how p plays: exactly (a round, a match of
 * two, until-shut, or a match of more within the bound), by the
 * approximation (a match of more), or, for scores past
 * SHUT_WIN_SCORES_MAX, for the lowest expected score as "optimal" does.
 */
enum shut_perfect_kind {
	SHUT_PERFECT_NONE,
	SHUT_PERFECT_EXACT,
	SHUT_PERFECT_APPROX,
	SHUT_PERFECT_EXPECTED
};

int shut_perfect_new_exact(struct shut_perfect **pp,
			   const struct shut_rules *rules, int players,
			   const struct shut_solver_options *opt,
			   size_t max_states);
int shut_perfect_kind(const struct shut_perfect *p);
void shut_perfect_free(struct shut_perfect *p);
int shut_perfect_copy(struct shut_perfect **pp,
		      const struct shut_perfect *from);

/*
 * The player to win keeps the turn solves it has made, up to so many
 * bytes; past them it lets them go and makes them again when asked.
 */
#define SHUT_PERFECT_KEEP_BYTES ((size_t)256 << 20)

/*
 * shut_perfect_check() is what shut_perfect_new() would refuse, found at
 * once (in microseconds) without solving: 0 when it would set to work
 * (it may still run out of memory), else its error.  For a program that
 * makes the player on a thread while the game begins, and must refuse
 * bad rules first.
 */
int shut_perfect_check(const struct shut_rules *rules, int players,
		       const struct shut_solver_options *opt);

/*
 * shut_perfect_falls_back() is 1 when the solutions perfect would need for
 * players seats under rules are too much work (the-300: hours), so that
 * shut_perfect_new() makes at once a player of the lowest expected score
 * (SHUT_PERFECT_EXPECTED) without solving; else 0.
 */
int shut_perfect_falls_back(const struct shut_rules *rules, int players);

/*
 * shut_perfect_plan() is how shut_perfect_new() will play for players
 * seats under rules, found at once without solving: SHUT_PERFECT_EXPECTED
 * where it falls back (above, or a match whose scores pass the tables),
 * SHUT_PERFECT_APPROX for a match of more than two whose rough count of
 * states (shut_many_guess()) is past what it solves exactly, else
 * SHUT_PERFECT_EXACT (a match of more within that count may still be
 * played by the approximation, once its states are counted: the count
 * is 1 to 4 times them); SHUT_PERFECT_NONE for what it refuses (a
 * battle, a match of one player) or no rules.
 */
int shut_perfect_plan(const struct shut_rules *rules, int players);
int shut_perfect_solver(struct shut_perfect *p, const struct shut_game *g,
			const struct shut_solver **sp);
const struct shut_round *shut_perfect_round(const struct shut_perfect *p);

/*
 * The chance of seat winning from the start when every seat plays as p
 * does (the round's or the match's), NaN out of range or when p plays a
 * match of more than two by the approximation (docs/win.md: the match of
 * two against the leader, the seat still in with the lowest total).
 */
double shut_perfect_chance(const struct shut_perfect *p, int seat);

extern const struct shut_strategy shut_win_perfect;

#endif
