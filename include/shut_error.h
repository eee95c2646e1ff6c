/*
 * shut_error.h - error codes of the shutbox library.
 *
 * Every library call that can fail returns 0 (or a count) on success and one
 * of the negative SHUT_E* codes below on failure.  The library never prints,
 * exits or aborts; shut_strerror() names a code for the program to print.
 * Calls that parse text also fill a caller's buffer with a one-line reason
 * that names the offending item.
 *
 * Bad arguments are checked at the entry of every public call, at the cost
 * of a branch: a null pointer where an object is needed (a buffer may be
 * NULL only with a length of 0), an enum or count out of range, a
 * strategy, dice or callback that is missing.  A call that returns a code
 * returns SHUT_EINVAL for them (or the more precise code its header names,
 * such as SHUT_EPLAYERS for a number of seats); a call that returns a value
 * returns its neutral value (0, NULL, no tiles, no dice counts); a call
 * that returns nothing does nothing.  The callbacks the library hands out
 * (its strategies, the dice of shut_dice_rng()) follow the same rule.
 * What the caller filled in by hand inside a struct (a throw, a rule set)
 * is the caller's to check with shut_throw_check() and shut_rules_check():
 * a call given one that fails its check may answer anything, but never
 * reads or writes outside what it was given nor overflows.  What cannot be
 * seen at the entry is undefined: a pointer that is not NULL but invalid,
 * an array shorter than its count, a game or solver changed by hand.
 * docs/internals/contract.md has the details; tests/unit/test_contract.c
 * calls every public function with every kind of bad argument.
 */
#ifndef SHUT_ERROR_H
#define SHUT_ERROR_H

#define SHUT_EINVAL	-1  /* a bad argument (a null pointer, a count) */
#define SHUT_ESYNTAX	-2  /* a spec item that is not key=value */
#define SHUT_EKEY	-3  /* an unknown key in a spec */
#define SHUT_EPRESET	-4  /* an unknown preset, or a preset not first */
#define SHUT_EVALUE	-5  /* a value malformed or out of range */
#define SHUT_ESTART	-6  /* a start set outside the tiles, or empty */
#define SHUT_EFIRST	-7  /* first-throw names a tile not in the start set */
#define SHUT_EUNTILSHUT -8  /* rounds=until-shut with shut=zero */
#define SHUT_EBATTLE	-9  /* battle with other than two players */
#define SHUT_EDIGITS	-10 /* digits scoring that overflows 64 bits */
#define SHUT_ENOMEM	-11 /* out of memory */
#define SHUT_ETOOBIG	-12 /* a table that would not fit in memory */
#define SHUT_ETHROW	-13 /* a throw with a face out of range */
#define SHUT_EILLEGAL	-14 /* a move that the rules do not allow */
#define SHUT_ESTATE	-15 /* a call that the game does not expect now */
#define SHUT_EPLAYERS	-16 /* a number of players out of range */
#define SHUT_EMODE	-17 /* a rule set the call cannot handle */
#define SHUT_ETILES	-18 /* a tile list malformed or outside the tiles */
#define SHUT_EDICE	-19 /* a dice count the rules do not allow now */
#define SHUT_EINPUT	-20 /* input ended or failed (used by players) */
#define SHUT_EENDLESS	-21 /* a rule set whose game could never end */
#define SHUT_ESTOPPED	-22 /* a solve its caller stopped (shut_progress) */

/*
 * shut_strerror() returns a short, constant description of an error code,
 * "unknown error" for a code it does not know.
 */
const char *shut_strerror(int code);

#endif
