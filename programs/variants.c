/*
 * variants.c - "shutbox variants": the presets of the rules engine.
 *
 * Without an argument it lists every preset with its line of help; with a
 * preset's name it prints that preset as a full spec, every key in the
 * order of docs/contract.md, which can be edited and given back to --rules.
 */
#define _DEFAULT_SOURCE
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "cmd.h"
#include "util.h"

/* Prints every preset: its name, two spaces, its help. */
static void
variants_list(void)
{
	size_t i;

	for (i = 0; i < shut_preset_count(); i++) {
		const struct shut_preset *p = shut_preset_at(i);

		printf("%s  %s\n", p->name, p->help);
	}
}

/* Prints one preset as a full spec. */
static int
variants_show(const char *name)
{
	const struct shut_preset *p = shut_preset_find(name);
	struct shut_rules rules;
	char *spec;
	int len;

	if (p == NULL && (p = shut_preset_nearest(name)) != NULL)
		return util_error("unknown preset '%s' (did you mean %s?)",
				  util_shown(name), p->name);
	if (p == NULL)
		return util_error("unknown preset '%s' (see shutbox variants)",
				  util_shown(name));
	if (util_rules(p->spec, &rules) < 0)
		return CMD_EXIT_USAGE;
	len = shut_rules_print(&rules, NULL, 0);
	if (len < 0)
		return util_fail("variants: cannot print %s", name);
	spec = malloc((size_t)len + 1);
	if (spec == NULL)
		return util_fail("out of memory");
	shut_rules_print(&rules, spec, (size_t)len + 1);
	printf("%s\n", spec);
	free(spec);
	return CMD_EXIT_OK;
}

/* Runs "shutbox variants [NAME]". */
static int
variants_exec(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int help = 0, c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, UTIL_GETOPT("h"), longopts,
				NULL)) != -1) {
		switch (c) {
		case 'h':
			help = 1;
			break;
		default:
			return util_option_error(&cmd_variants_entry, longopts,
						 argv, c);
		}
	}
	if (help)
		return util_help(&cmd_variants_entry, argc, argv);
	if (argc - optind > 1)
		return util_error("variants: unexpected argument '%s'",
				  util_shown(argv[optind + 1]));
	if (optind == argc) {
		variants_list();
		return CMD_EXIT_OK;
	}
	return variants_show(argv[optind]);
}

const struct cmd_entry cmd_variants_entry = {
	.name = "variants",
	.usage = "[NAME]",
	.help = "list the rule presets, or print one as a full spec",
	.options = "Without NAME, lists every preset with a line of help.  "
		   "With NAME, prints that\n"
		   "preset as a full spec: every key of a rule set, in order, "
		   "as --rules takes it.\n",
	.exec = variants_exec,
};
