/*
 * cmd.h - the commands of the shutbox program.
 *
 * Each command is one file whose entry struct below is its whole interface:
 * a name, the arguments it takes, one line of help, its options described
 * for --help, and the function that runs it.  shutbox.c keeps the table of
 * entries; adding a command is one line there and one file here.
 *
 * exec() gets the command's own arguments, argv[0] being the command name,
 * and returns the exit status of the program: CMD_EXIT_OK; CMD_EXIT_FAIL
 * when it could not finish (a game whose input ended, memory that ran out);
 * CMD_EXIT_USAGE for any bad argument.  Either failure is reported first in
 * one line on standard error.
 */
#ifndef CMD_H
#define CMD_H

#define CMD_EXIT_OK    0
#define CMD_EXIT_FAIL  1
#define CMD_EXIT_USAGE 2

struct cmd_entry {
	const char *name;
	const char *usage;   /* the arguments, after "shutbox NAME" */
	const char *help;    /* one line, for shutbox --help */
	const char *options; /* the options, one per line, or NULL */
	int (*exec)(int argc, char **argv);
};

extern const struct cmd_entry cmd_variants_entry;
extern const struct cmd_entry cmd_moves_entry;
extern const struct cmd_entry cmd_play_entry;
extern const struct cmd_entry cmd_solve_entry;
extern const struct cmd_entry cmd_hint_entry;
extern const struct cmd_entry cmd_history_entry;
extern const struct cmd_entry cmd_stats_entry;
extern const struct cmd_entry cmd_analyse_entry;
extern const struct cmd_entry cmd_serve_entry;
extern const struct cmd_entry cmd_sim_entry;

#endif
