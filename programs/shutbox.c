/*
 * shutbox.c - the shutbox command: Shut the Box, every traditional way.
 *
 * main() finds the command named by the first argument in the table below
 * and runs it with the rest.  Each command lives in its own file and is
 * known here only by its entry (cmd.h), so adding one is one line in the
 * table.  The top level itself knows three things: --help (and "help",
 * "help COMMAND"), --version, and how to refuse what it does not know.
 */
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "tui/tui.h"
#include "util.h"

static const struct cmd_entry *const shutbox_commands[] = {
	&cmd_variants_entry, &cmd_moves_entry, &cmd_play_entry,
	&cmd_solve_entry,    &cmd_hint_entry,  &cmd_sim_entry,
	&cmd_history_entry,  &cmd_stats_entry, &cmd_analyse_entry,
	&cmd_serve_entry,
};

#define SHUTBOX_NCOMMANDS                                                      \
	(sizeof(shutbox_commands) / sizeof(shutbox_commands[0]))

/* The entry of the command of that name, or NULL. */
static const struct cmd_entry *
shutbox_find(const char *name)
{
	size_t i;

	for (i = 0; i < SHUTBOX_NCOMMANDS; i++)
		if (strcmp(shutbox_commands[i]->name, name) == 0)
			return shutbox_commands[i];
	return NULL;
}

/*
 * Refuses name, no command, for what (as "unknown command"), naming the
 * command nearest to it when one is (a slip: "did you mean solve?").
 */
static int
shutbox_unknown(const char *what, const char *name)
{
	const char *names[SHUTBOX_NCOMMANDS], *near;

	for (size_t i = 0; i < SHUTBOX_NCOMMANDS; i++)
		names[i] = shutbox_commands[i]->name;
	near = shut_name_nearest(name, names, SHUTBOX_NCOMMANDS);
	if (near != NULL)
		return util_error("%s '%s' (did you mean %s?)", what,
				  util_shown(name), near);
	return util_error("%s '%s' (see shutbox --help)", what,
			  util_shown(name));
}

/* Prints the top-level usage and every command with its line of help. */
static void
shutbox_usage(FILE *f)
{
	size_t i;

	fprintf(f, "usage: shutbox COMMAND [ARGS...]\n"
		   "       shutbox --help | --version\n"
		   "Shut the Box, every traditional way.\n"
		   "\n"
		   "commands:\n");
	for (i = 0; i < SHUTBOX_NCOMMANDS; i++)
		fprintf(f, "  %-10s%s\n", shutbox_commands[i]->name,
			shutbox_commands[i]->help);
	fprintf(f, "  %-10s%s\n", "help", "show this help, or a command's");
	fprintf(f, "\n"
		   "Run 'shutbox COMMAND --help' for a command's options.  The "
		   "whole manual is\n"
		   "docs/shutbox.1: 'man ./docs/shutbox.1' at the top of the "
		   "source.\n");
}

/* "shutbox help [COMMAND]": the top-level help or a command's usage. */
static int
shutbox_help(int argc, char **argv)
{
	const struct cmd_entry *e;

	/* "help --help" (or -h, or "help help") is the top-level help too. */
	if (argc < 2 || (argc == 2 && (strcmp(argv[1], "--help") == 0 ||
				       strcmp(argv[1], "-h") == 0 ||
				       strcmp(argv[1], "help") == 0))) {
		shutbox_usage(stdout);
		return CMD_EXIT_OK;
	}
	if (argc > 2)
		return util_error("help: unexpected argument '%s'",
				  util_shown(argv[2]));
	e = shutbox_find(argv[1]);
	if (e == NULL)
		return shutbox_unknown("help: unknown command", argv[1]);
	util_usage(e, stdout);
	return CMD_EXIT_OK;
}

/*
 * Runs a command, then makes sure its output reached standard output: a
 * full disk is a failure, said in one line, never a silent success.
 */
static int
shutbox_written(const char *name, int rc)
{
	/* A command that failed has said why already, in one line. */
	if ((fflush(stdout) != 0 || ferror(stdout)) && rc == 0)
		return util_output_error(name);
	return rc;
}

/*
 * A reader that stops reading ("shutbox solve --table | head") ends
 * shutbox as it ends any filter: quietly, by SIGPIPE, at the next write.
 * The signal is set to its default even when the parent left it ignored
 * or blocked, so that a closed pipe is never a stream of failed writes
 * and their messages.
 */
static void
shutbox_sigpipe(void)
{
	sigset_t set;

	signal(SIGPIPE, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, SIGPIPE);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
}

static int
shutbox_run(const struct cmd_entry *e, int argc, char **argv)
{
	return shutbox_written(e->name, e->exec(argc, argv));
}

/*
 * Runs the command named by the first argument.  Options before a command
 * are the top level's own: --help and --version, nothing else, and they
 * take no value and no argument after them ("help" takes a command).
 */
int
main(int argc, char **argv)
{
	const struct cmd_entry *e;
	const char *name;
	int help;

	shutbox_sigpipe();
	util_set_self(argv[0]);
	/* Characters read as the terminal does: a name's width in columns. */
	setlocale(LC_CTYPE, "");
	/* On a terminal, shutbox alone is the game (the plain one where the
	 * terminal database does not know it, which play says). */
	if (argc < 2 && tui_terminal()) {
		static char play[] = "play";
		static char *args[] = { play, NULL };

		return shutbox_run(&cmd_play_entry, 1, args);
	}
	if (argc < 2)
		return util_error("no command given; try 'shutbox --help'");
	name = argv[1];
	if (strcmp(name, "help") == 0)
		return shutbox_written("help",
				       shutbox_help(argc - 1, argv + 1));
	help = strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0;
	if (help || strcmp(name, "--version") == 0 || strcmp(name, "-V") == 0) {
		if (argc > 2)
			return util_error("unexpected argument '%s'",
					  util_shown(argv[2]));
		if (help)
			return shutbox_written("", shutbox_help(1, argv + 1));
		printf("shutbox %s\n", SHUT_VERSION);
		return shutbox_written("", CMD_EXIT_OK);
	}
	if (name[0] == '-') {
		const char *eq = strchr(name, '=');
		const char *opt =
		    util_shown_n(name, eq ? (size_t)(eq - name) : strlen(name));

		if (eq != NULL && (strncmp(name, "--help=", 7) == 0 ||
				   strncmp(name, "--version=", 10) == 0))
			return util_error("option %s takes no argument", opt);
		return util_error("unknown option %s (see shutbox --help)",
				  opt);
	}
	e = shutbox_find(name);
	if (e == NULL)
		return shutbox_unknown("unknown command", name);
	return shutbox_run(e, argc - 1, argv + 1);
}
