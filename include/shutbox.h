/*
 * shutbox.h - the shutbox library: Shut the Box, every traditional way.
 *
 * The library is the rules engine (shut_rules.h, shut_moves.h), the dice
 * (shut_dice.h), the game as a step function (shut_game.h), the solver
 * of perfect play (shut_solver.h), strategies as data with their exact
 * evaluation (shut_policy.h), the simulator (shut_sim.h) and play to win
 * the game (shut_win.h).  Programs include this header and nothing from
 * lib/.
 */
#ifndef SHUTBOX_H
#define SHUTBOX_H

#define SHUT_VERSION "0.1.0"

#include "shut_dice.h"
#include "shut_error.h"
#include "shut_game.h"
#include "shut_moves.h"
#include "shut_policy.h"
#include "shut_rules.h"
#include "shut_sim.h"
#include "shut_solver.h"
#include "shut_win.h"

#endif
