/*
 * util.h - what the commands share: error lines, option errors, and the
 * parsing and printing of rule sets, throws, moves and tile lists.
 *
 * Every error a command reports is one line on standard error starting
 * "shutbox: ", after standard output has been flushed so that the two
 * streams stay in order when they go to the same place.
 */
#ifndef UTIL_H
#define UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <getopt.h>

#include <jansson.h>

#include "cmd.h"
#include "shutbox.h"

/* The longest move or tile list as text: 32 tiles of two digits and '+'. */
#define UTIL_MOVE_LEN 100

/* The option string of getopt_long() for a command with these options. */
#define UTIL_GETOPT(opts) (":" opts)

#if defined(__GNUC__)
#define UTIL_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define UTIL_PRINTF(f, a)
#endif

/*
 * When set, error and warning lines go to this function instead of
 * standard error (the full-screen game shows them on the screen).
 */
extern void (*util_report_to)(const char *line);

/* Prints "shutbox: " and the message on standard error; returns 2. */
int util_error(const char *fmt, ...) UTIL_PRINTF(1, 2);

/* Prints "shutbox: " and the message on standard error; returns 1. */
int util_fail(const char *fmt, ...) UTIL_PRINTF(1, 2);

/* The most characters of a person's input that a message repeats. */
#define UTIL_SHOWN_MAX 60

/*
 * Whether the len bytes at s hold a control character or bytes that are
 * not well-formed UTF-8 (front_unshowable()).
 */
int util_has_control(const char *s, size_t len);

/* Prints s escaped as front_escaped() escapes it (\x1b). */
void util_print_escaped(FILE *f, const char *s);

/*
 * Prints text to f, each line of it longer than cols columns wrapped at
 * its blanks (front_wrap()); cols 0 prints it as it is, for a window that
 * wraps its own lines.
 */
void util_put_wrapped(FILE *f, const char *text, int cols);

/*
 * s as a message may repeat it: escaped, cut after UTIL_SHOWN_MAX
 * characters.  A static buffer, valid until the next call.
 */
const char *util_shown(const char *s);

/*
 * Trims the blanks around the len bytes at *s, moving *s past the leading
 * ones, and returns the length left: names as play, sim and stats read them.
 */
size_t util_trim(const char **s, size_t len);

/* util_shown() of the first len bytes of s. */
const char *util_shown_n(const char *s, size_t len);

/* Prints "shutbox: warning: " and the message on standard error. */
void util_warning(const char *fmt, ...) UTIL_PRINTF(1, 2);

/*
 * Reports what getopt_long() returned for a bad option of command e (an
 * unknown option, or one missing its argument) and returns 2.
 */
int util_option_error(const struct cmd_entry *e, const struct option *longopts,
		      char **argv, int c);

/* Prints the usage and options of command e to f. */
void util_usage(const struct cmd_entry *e, FILE *f);

/*
 * Answers --help once getopt_long() has read every option of command e:
 * prints its usage on standard output and returns 0, or, when an argument
 * is left (--help takes none, and no operand goes with it), refuses that
 * argument and returns 2.
 */
int util_help(const struct cmd_entry *e, int argc, char **argv);

/*
 * Parses spec into *rules.  A bad spec is reported and gives -1; tiles that
 * can never be shut are warned about and accepted.
 */
int util_rules(const char *spec, struct shut_rules *rules);

/*
 * The warning of util_rules() about rules that do not do what they seem
 * to, into buf: front_rules_warning()'s line.  1, or 0 (buf empty) when
 * there is nothing to say.
 */
int util_rules_warning(const struct shut_rules *rules, char *buf, size_t len);

/*
 * Reads --open into *open: a tile list within the box's tiles, or with
 * in_start within the start set.  A bad list is reported; returns 0 or the
 * exit status.
 */
int util_open(const struct shut_rules *rules, const char *text, int in_start,
	      uint32_t *open);

/* Writes "2d6" for the dice of rules into buf. */
void util_dice_format(const struct shut_rules *rules, char *buf, size_t len);

/* Writes the dice counts of a mask (bit d for d dice): "1 or 2", "2 to 8". */
void util_counts_format(unsigned choices, char *buf, size_t len);

/* Writes move as its tiles joined by '+' ("1+2+7"), "nothing" if empty. */
void util_move_format(uint32_t move, char *buf, size_t len);

/* Writes tiles as a list ("1,3,5-9"), as shut_tiles_print() does. */
void util_tiles_format(uint32_t tiles, char *buf, size_t len);

/*
 * Parses the faces of a throw: numbers separated by commas or spaces, or,
 * when runs is non-zero and faces < 10, digits run together ("35"; a run
 * with a 0 in it, as "10", is one number).  Refuses an empty item between
 * commas.  Checks each face against 1..faces and the count against
 * 1..SHUT_DICE_MAX.  Returns 0, or -1 with a reason in why.
 */
int util_parse_throw(const char *text, int faces, int runs,
		     struct shut_throw *t, char *why, size_t whylen);

/*
 * Reads --throw text into *t for a roller who may change the tiles board
 * (open tiles, shown in a refusal): faces within the rules' dice, as many
 * dice as the fewer-dice rule allows there.  Returns 0, or the exit status
 * after one line.
 */
int util_throw_arg(const struct shut_rules *rules, uint32_t board,
		   uint32_t open, const char *text, struct shut_throw *t);

/*
 * Parses a move as typed: tile numbers separated by '+', commas or spaces,
 * or digits run together ("35") when every tile of the box is below 10 (a
 * run with a 0 in it, as "10", is one number).
 * Checks that each is a tile of the box and is named once.  Returns 0, or
 * -1 with a reason in why.
 */
int util_parse_move(const struct shut_rules *rules, const char *text,
		    uint32_t *move, char *why, size_t whylen);

/* Sorts moves[0..n-1] into the canonical order of shut_move_cmp(). */
void util_moves_sort(uint32_t *moves, size_t n);

/*
 * Reads --db: the path of a history, into *db.  Returns 0, or
 * CMD_EXIT_USAGE after one line for an empty name (SQLite would make a
 * throwaway database of it, which a game would call kept).
 */
int util_db(const char *text, const char **db);

/*
 * The program as it was run (main()'s argv[0]: "shutbox" found on the
 * PATH, "./shutbox" in its folder), for the commands below to name it so
 * that they can be typed as they are shown.  "shutbox" until it is set.
 */
void util_set_self(const char *argv0);

/*
 * The command that goes on with game id (0: the latest unfinished) of the
 * history db, into buf: "shutbox play --resume 3", with "--db PATH" when
 * db is not NULL (a --db given), the program and the path quoted for a
 * shell where they need it.  For a person to read: print it escaped
 * (util_print_escaped()).
 */
void util_resume_command(char *buf, size_t len, const char *db, int64_t id);

/*
 * The command verb ("analyse", "history") of game id of the history db,
 * in the same way: "shutbox analyse --db PATH 3".
 */
void util_game_command(char *buf, size_t len, const char *verb, const char *db,
		       int64_t id);

/*
 * A buffer for util_resume_command(): a path longer than about half of it
 * is cut.  (A path with control characters is shown escaped, and cannot be
 * typed as shown.)
 */
#define UTIL_RESUME_MAX 8192

/*
 * Reads a game number of the history: digits only, from 1.  Returns 0, or
 * CMD_EXIT_USAGE after "shutbox: WHAT TEXT: not a game number".
 */
int util_game_id(const char *what, const char *text, int64_t *id);

/*
 * Reports, in one line, that the output of command name ("" for the top
 * level) could not be written, with the reason in errno; or, when standard
 * output has no error, that memory ran out while it was written.  Returns
 * CMD_EXIT_FAIL.  To be called at once, before errno changes.
 */
int util_output_error(const char *name);

/*
 * Whether what command name printed reached standard output, asked as
 * soon as it is written (before the history is read again or closed,
 * whose calls would overwrite errno): rc when it did or rc is not
 * CMD_EXIT_OK, else util_output_error()'s status.
 */
int util_written(const char *name, int rc);

/*
 * Prints o as indented JSON and a newline on standard output.  Returns
 * CMD_EXIT_OK, or CMD_EXIT_FAIL after one line when o is NULL (memory ran
 * out while it was built) or the output of command name could not be
 * written.
 */
int util_json_print(const char *name, const json_t *o);

/*
 * Sets member key of object o to v, or appends v to array a; a failure
 * (v NULL when memory ran out, or the set itself) sets *bad, so that a
 * document is built with one check at the end.  v is always taken.
 */
void util_json_set(json_t *o, const char *key, json_t *v, int *bad);
void util_json_append(json_t *a, json_t *v, int *bad);

#endif
