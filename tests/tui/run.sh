#!/bin/sh
# run.sh SHUTBOX - the full-screen game played in a real terminal.
#
# tmux runs shutbox in a terminal of a given size; the tests send keys as
# a person would and read the screen as a person would.  Each test is a
# function; a failure shows the screen it did not expect.
set -u
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
TUI_DIR=$(mktemp -d)
# Run as "shutbox", found on the PATH, as a person who installed it runs
# it: the commands it names to go on with a game name it so.
mkdir "$TUI_DIR/bin"
ln -s "$bin" "$TUI_DIR/bin/shutbox"
PATH="$TUI_DIR/bin:$PATH"
export PATH
bin=shutbox
. "$here/lib.sh"
. "$here/resume.sh"
. "$here/layout.sh"
trap 'tui_stop; rm -rf "$TUI_DIR"' EXIT INT TERM
pass=0
fail=0

# Setup, a game against the computer with bad picks, a hint, a take-back,
# played to its end; the terminal as it was; the setup remembered.
t_game() {
	tui_start 80 24 "$bin" play --db "$TUI_DIR/h.db" --seed 3 || return 1
	tui_wait "a new game" || return 1
	tui_wait "computer: optimal" || return 1
	tui_keys c
	tui_wait " 3. < computer: optimal >" || return 1
	tui_keys Enter
	tui_wait "press Enter to throw" || return 1
	# Nothing to take back yet: the keys do not offer it.
	tui_lacks "u undo" "undo at the game's first throw" || return 1
	# A tile's key before the throw says to throw (it did nothing).
	tui_keys 3
	tui_wait "throw first: press Enter to throw" || return 1
	tui_keys + + +
	# The odds of the turn, shown all game long.
	tui_keys o
	tui_wait "chance to shut" || return 1
	tui_keys Enter
	tui_wait "pick the tiles to shut" || return 1
	# Thrown, the note of the key before is gone.
	tui_lacks "throw first" "the note of a key before the throw stayed" ||
		return 1
	tui_keys Enter
	tui_wait "pick the tiles first" || return 1
	# A tile that takes the sum over the throw (3 5 = 8) is refused as
	# it is picked; a pick under it, when Enter is pressed.
	tui_keys 9
	tui_wait "9 not picked: more than the throw of 8" || return 1
	tui_wait "picked nothing" || return 1
	tui_keys 5 4
	tui_wait "4 not picked: 4+5 = 9, more than the throw of 8" || return 1
	tui_wait "picked 5 = 5" || return 1
	tui_keys Enter
	tui_wait "5 does not add up to 8" || return 1
	tui_keys BSpace
	tui_wait "picked nothing" || return 1
	# Home and End take the cursor to the first and the last open tile.
	tui_keys End Space
	tui_wait "9 not picked: more than the throw of 8" || return 1
	tui_keys Home Space
	tui_wait "picked 1 = 1" || return 1
	tui_keys BSpace
	tui_wait "picked nothing" || return 1
	tui_pick_best || return 1
	tui_wait "shut   $move" || return 1
	tui_wait "u undo the last move" || return 1
	tui_keys u
	tui_wait "taken back: $move" || return 1
	tui_wait "pick the tiles to shut" || return 1
	tui_play_best || return 1
	# Enter typed as the window shows (for the last turn; at once here)
	# is let go; past its first second, Enter leaves (below).
	tui_keys Enter
	sleep 1.5
	tui_lacks "EXIT=" "the game-over window closed by an Enter typed as it showed" ||
		return 1
	tui_wait "The game is over" || return 1
	# The game over has no odds of a turn to show.
	tui_lacks "chance to shut" "the odds of the last turn, the game over" ||
		return 1
	# The last screen names a winner: its window ("You win", "cpu wins",
	# "share the win") and the players' panel ("wins").
	tui_has "win" \
		"no winner on the game's last screen" || return 1
	tui_keys Enter
	tui_wait "EXIT=0" || return 1
	# The result stays in the terminal once the screen is gone (a key
	# typed twice to skip the last turn closed it unseen).
	tui_has "^Game 1 is over\.$" "no result left in the terminal" ||
		return 1
	tui_has "^Final totals:" "no result left in the terminal" || return 1
	tui_has "wins with\|share the win" "no result left in the terminal" ||
		return 1
	tui_stty_same || return 1
	# The setup is remembered; the game is in the history screen.
	tui_start 80 24 "$bin" play --db "$TUI_DIR/h.db" || return 1
	tui_wait " 3. < computer: optimal >" || return 1
	tui_keys H
	tui_wait "History: the games played" || return 1
	tui_wait "won by" || return 1
	tui_keys Enter
	tui_wait "replay of a game" || return 1
	tui_wait "Game 1, started" || return 1
	tui_keys q q
	tui_wait "a new game" || return 1
	tui_keys S
	tui_wait "Stats: every player" || return 1
	tui_wait "streak: the longest" || return 1
	tui_keys q q
	tui_wait "EXIT=0" || return 1
}

# Real dice: the faces typed, a typed throw taken back.
t_manual() {
	tui_start 80 24 "$bin" play --no-history --dice manual \
		--players You || return 1
	tui_wait "type the faces" || return 1
	tui_keys 3 Space 5 Enter
	tui_wait "throw 8" || return 1
	tui_keys u
	tui_wait "taken back: the throw 3 5 = 8" || return 1
	tui_wait "type the faces" || return 1
	# A digit no die shows is refused as it is typed, and what was refused
	# goes once typing goes on.
	tui_keys 9
	tui_wait "a face must be between 1 and 6, not 9" || return 1
	tui_keys 3
	tui_gone "not 9" || return 1
	tui_wait "faces: 3_" || return 1
	tui_keys BSpace
	# A face more than the dice is refused as it is typed, saying what
	# Enter takes.
	tui_keys 3 5 6
	tui_wait "6 not typed: 2 dice show 2 faces; Enter takes 3 5 = 8" ||
		return 1
	tui_wait "faces: 35_" || return 1
	tui_keys BSpace BSpace 2 Space 4 Enter
	tui_wait "throw 6" || return 1
	tui_keys q k
	tui_wait "EXIT=1" || return 1
	# One die has one face to type.
	tui_start 80 24 "$bin" play --no-history --dice manual \
		--rules "'classic dice=1d6'" --players You || return 1
	tui_wait "You threw 1 die: type the face (1-6), then press Enter" || return 1
	tui_keys 4 5
	tui_wait "5 not typed: 1 die shows 1 face; Enter takes 4" || return 1
	# The help says how real dice are typed.
	tui_keys '?'
	tui_wait "The rules of this game" || return 1
	tui_keys End
	tui_wait "Real dice: at each throw type the faces" || return 1
	tui_keys Escape
	tui_gone "Real dice: at each throw" || return 1
	tui_keys q k
	tui_wait "EXIT=1" || return 1
	# A throw typed wrong that ended the turn is taken back, as is a
	# computer's with the move it made of it.
	tui_start 80 24 "$bin" play --no-history --dice manual \
		--rules unlucky-7 --players cpu,Ann || return 1
	tui_wait "cpu:optimal threw 2 dice" || return 1
	tui_keys 6 Space 6 Enter
	tui_wait "shut   5+7" || return 1
	# Its move shown, the faces asked again (a key sooner hurries the
	# computer on).
	tui_wait "Enter done  Bksp correct  digits: faces  u undo" || return 1
	tui_keys u
	tui_wait "taken back: the throw 6 6 = 12 and" || return 1
	tui_wait "cpu:optimal's move 5+7" || return 1
	tui_keys 3 Space 4 Enter
	tui_wait "Ann threw 2 dice" || return 1
	tui_keys u
	tui_wait "taken back: the throw 3 4 = 7" || return 1
	tui_wait "cpu:optimal threw 2 dice" || return 1
	# One that ended the game, from the window of the result.
	tui_keys 3 Space 4 Enter
	tui_wait "Ann threw 2 dice" || return 1
	tui_keys 3 Space 4 Enter
	tui_wait "u: take back the throw" || return 1
	tui_keys u
	tui_gone "u: take back the throw" || return 1
	tui_wait "Ann threw 2 dice" || return 1
	tui_keys q k
	tui_wait "EXIT=1" || return 1
	# At the least size the bar of keys keeps u undo (it went first), and
	# the faces' Enter done.
	tui_start 60 20 "$bin" play --no-history --dice manual \
		--players Ann,Bob || return 1
	tui_wait "type the faces" || return 1
	tui_keys 3 Space 4 Enter
	tui_wait "Enter shut  Bksp clear  u undo  ? help  q quit" || return 1
	tui_keys 7 Enter
	tui_wait "Enter done  Bksp correct  u undo  ? help  q quit" || return 1
	tui_keys q k
	tui_wait "EXIT=1" || return 1
	# A big box at 60x20 keeps a line of the log (it had none: nothing
	# said what a computer shut), and a take-back is said once: in the
	# log, or in the note where the log does not show it.
	tui_start 60 20 "$bin" play --no-history --dice manual \
		--rules "'classic tiles=1-20'" --players Ann,cpu || return 1
	tui_wait "type the faces" || return 1
	tui_keys 3 Space 4 Enter
	tui_wait "pick the tiles" || return 1
	tui_wait "throw  3 4 = 7" || return 1
	tui_keys 7 Enter
	tui_wait "Enter done  Bksp correct  u undo" || return 1
	tui_keys u
	tui_wait "taken back: 7" || return 1
	# Once: the log's line shows it, so the note does not say it again.
	[ "$(tui_screen | grep -c "taken back: 7")" = 1 ] || {
		echo "the take-back is not said once" >&2
		tui_screen >&2
		return 1
	}
	tui_keys q k
	tui_wait "EXIT=1" || return 1
	# A prompt too wide goes without its Enter, which the keys say, so
	# that what to type is not cut ("type the faces (1-6), then Ent").
	tui_start 60 20 "$bin" play --no-history --dice manual \
		--players "'Grandma Josephine,Bob'" || return 1
	tui_wait "type the faces" || return 1
	tui_has "^ Grandma Josephine threw 2 dice: type the faces (1-6) *\$" \
		"the prompt is cut" || return 1
	tui_keys q k
	tui_wait "EXIT=1" || return 1
	# The dice count's prompt goes without its "(Enter: 2)" there too.
	tui_start 60 20 "$bin" play --no-history --dice manual \
		--rules "'classic tiles=1-3'" --players Ann,cpu || return 1
	tui_wait "throw 1 or 2 dice: type their faces" || return 1
	tui_has "^ Ann: throw 1 or 2 dice: type their faces, or how many *\$" \
		"the prompt is cut" || return 1
	tui_keys q k
	tui_wait "EXIT=1" || return 1
	# The window of the result offers every key whole (it was cut at
	# "any other key:").
	tui_start 60 20 "$bin" play --no-history --dice manual \
		--rules unlucky-7 --players You,cpu || return 1
	tui_wait "type the faces" || return 1
	tui_keys 3 Space 4 Enter
	tui_wait "cpu:optimal threw 2 dice" || return 1
	tui_keys 3 Space 4 Enter
	tui_wait "u: take back the throw   n: a new game" || return 1
	tui_has "n: a new game   Enter: leave *│\$" \
		"the window's keys are cut" || return 1
	# With real dice a face typed late does not leave (any other key
	# did, the game's result gone); Enter does.
	sleep 1.1
	tui_keys 4
	sleep 0.5
	tui_has "u: take back the throw" "a face typed left the result" ||
		return 1
	tui_keys Enter
	tui_wait "EXIT=0"
}

# A click on a tile picks it.
t_mouse() {
	tui_start 80 24 "$bin" play --no-history --seed 7 --players You,cpu \
		|| return 1
	tui_wait "press Enter to throw" || return 1
	tui_keys Enter
	tui_wait "pick the tiles to shut" || return 1
	# A press of the first button on column 7, row 4 (tile 2), X10 style.
	tui_keys -l "$(printf '\033[M %s%s\033[M#%s%s' "'" '$' "'" '$')"
	tui_wait "picked 2 = 2" || return 1
	tui_keys q k
	tui_wait "EXIT=1"
}

# The plain game on a terminal: prompts, a move, a line too long, a stop.
t_plain() {
	tui_start 80 24 "$bin" play --plain --db "$TUI_DIR/p.db" --seed 3 \
		--players You,cpu:fewest || return 1
	tui_wait "You: shut?" || return 1
	tui_keys 9 Enter
	tui_wait "does not add up to" || return 1
	tui_keys -l "$(printf '%02000d' 0)"
	tui_keys Enter
	tui_wait "too long" || return 1
	tui_wait "You: shut?" || return 1
	tui_keys q Enter
	tui_wait "stop" || return 1
	tui_keys s Enter
	tui_wait "Game 1 is kept" || return 1
	tui_wait "EXIT=0" || return 1
	tui_stty_same
}

# A terminal the database does not know gets the plain game, and is told
# why (it was refused the game, where TERM=dumb had the plain one).
t_term() {
	tui_start 100 24 TERM=xterm-nonesuch "$bin" play --db "$TUI_DIR/t.db" \
		--seed 3 || return 1
	tui_wait "the terminal 'xterm-nonesuch' is not in the terminal database, so the plain game is played" || return 1
	tui_wait "You: shut?" || return 1
	tui_keys q Enter
	tui_wait "k to stop and keep" || return 1
	tui_keys k Enter
	tui_wait "Game 1 is kept" || return 1
	tui_wait "EXIT=0" || return 1
	# shutbox alone too, as on any terminal (it said "no command given").
	tui_start 100 24 TERM=xterm-nonesuch SHUTBOX_DB="$TUI_DIR/t.db" \
		"$bin" || return 1
	tui_wait "so the plain game is played" || return 1
	tui_wait "shut?" || return 1
	tui_keys q Enter
	tui_wait "k to stop and keep" || return 1
	tui_keys k Enter
	tui_wait "EXIT=0" || return 1
}

# The setup screen chooses real dice (D) and says so, and remembers it;
# --dice on the command line has the last word.
t_setup_dice() {
	tui_start 80 24 "$bin" play --db "$TUI_DIR/d.db" || return 1
	tui_wait "Dice     thrown by shutbox (D: real dice)" || return 1
	tui_keys D
	tui_wait "Dice     real, their faces typed (D: thrown by shutbox)" ||
		return 1
	tui_keys Enter
	tui_wait "You threw 2 dice: type the faces" || return 1
	tui_keys q k
	tui_wait "EXIT=" || return 1
	tui_start 80 24 "$bin" play --db "$TUI_DIR/d.db" || return 1
	tui_wait "Dice     real, their faces typed" || return 1
	tui_keys q
	tui_wait "EXIT=0" || return 1
	tui_start 80 24 "$bin" play --db "$TUI_DIR/d.db" --dice random ||
		return 1
	tui_wait "Dice     thrown by shutbox" || return 1
	tui_keys q
	tui_wait "EXIT=0"
}

# The setup screen at the smallest size says all its keys, shorter (they
# were cut: "H: history  S:").
t_setup_small() {
	tui_start 60 20 "$bin" play --no-history || return 1
	tui_wait "a new game" || return 1
	tui_wait "up/down a line  left/right preset, strength  Enter play" ||
		return 1
	tui_wait "r rules  e edit rule  a add person  c add computer  ? help" ||
		return 1
	tui_wait "n rename  d remove  [ ] move  H history  S stats  q leave" ||
		return 1
	# ?: the keys, and what each strength plays for (it did nothing).
	tui_keys ?
	tui_wait "The setup's keys" || return 1
	tui_wait "resume the game left unfinished" || return 1
	tui_keys Down Down Down Down Down Down Down Down Down Down \
		Down Down Down Down Down Down Down Down Down Down
	tui_wait "perfect    perfect play for the best chance of" ||
		return 1
	tui_keys Escape
	tui_wait "a new game" || return 1
	# The form of the rules says a long note on two lines, cut between
	# words (its warning lost "with 2d6" at the screen's edge).
	tui_keys e
	tui_wait "The rules, key by key" || return 1
	# A key's help on two lines where it is long (it was cut: "NdS (2d6
	# is two six-side").
	tui_keys Down Down
	tui_wait "six-sided dice)" || return 1
	tui_keys Up Up
	tui_wait "the numbers on the box" || return 1
	tui_keys Enter C-u 1 - 2 0 Enter
	tui_wait "tiles is now 1-20; warning: tiles 13-20 can never be shut" ||
		return 1
	tui_has "^ with 2d6 *\$" \
		"the note is not on two lines cut between words" || return 1
	tui_keys Escape
	tui_wait "a new game" || return 1
	# More players than there is room for scroll, the one chosen in
	# sight (the twelfth was off the screen, its name typed over the
	# eighth).
	tui_keys c c c c c c c c c c
	tui_wait "Players  (5 more above, 0 below)" || return 1
	tui_wait "12. < computer: optimal >" || return 1
	tui_keys Up Up Up Up Up Up Up Up Up Up Up
	tui_wait "Players  (0 more above, 5 below)" || return 1
	tui_wait "1. You (a person)" || return 1
	# A name too long for the line shows its end, where typing is (its
	# start stayed, and what was typed went past the edge).
	tui_keys a
	tui_wait "The new player's name:" || return 1
	tui_keys -l "Grandma Josephine the Magnificent of York"
	tui_wait "the Magnificent of York_" || return 1
	tui_keys Escape
	tui_gone "The new player's name:" || return 1
	# Esc on the setup itself leaves nothing (it quit at once): q does.
	tui_keys Escape
	sleep 1
	tui_lacks "EXIT=" "Esc left the setup screen" || return 1
	tui_keys q
	tui_wait "EXIT=0" || return 1
}

# More players than the panel's lines: the one to play is shown, with
# how many come before and after (the panel ended at the 19th of 25, and
# the last to play was never seen).
t_many() {
	players=$(printf 'cpu:random,%.0s' $(seq 24))Ann
	tui_start 100 30 "$bin" play --no-history --seed 1 --rules classic \
		--players "$players" || return 1
	tui_wait "and 6 more" 5 || return 1
	tui_keys + + + + +
	tui_wait "Ann: press Enter to throw" 120 || return 1
	tui_wait "> Ann" || return 1
	tui_wait "more above" || return 1
	tui_keys q k
	tui_wait "EXIT=" || return 1
}

# Twins cut short in the players panel keep their numbers: at the end of
# a game of 16 where most did not play, "cpu:optimal (" alone was left of
# each, and the winner could not be told.  The heading "total" takes the
# state's columns where the totals are narrower: the names keep four
# more ("...ptimal (5)   0 wins", where it was "...ptim (5)     0 wins").
t_twins() {
	players=Ann$(printf ',cpu:optimal%.0s' $(seq 15))
	tui_start 100 30 "$bin" play --no-history --seed 1 \
		--players "$players" || return 1
	tui_wait "press Enter to throw" 5 || return 1
	tui_keys q l + + + + +
	tui_over_wait 60 || return 1
	tui_wait "ptimal (5)   0 wins" || return 1
	tui_wait "ptimal (15)  0 did not play" || return 1
	tui_keys Enter
	tui_wait "EXIT=" || return 1
}

# The form of rule keys: a value typed over the one there, cleared with
# Ctrl-U first as in a terminal; what a key takes; a preset's own words.
t_rules() {
	tui_start 80 24 "$bin" play --no-history --seed 3 || return 1
	tui_wait "a new game" || return 1
	# Golf, classic's rules, in its own words (it showed classic's).
	tui_keys Right
	tui_wait "< golf >" || return 1
	tui_wait "the classic game: you score the sum of the tiles left open" ||
		return 1
	tui_keys Left
	tui_wait "< classic >" || return 1
	tui_keys e
	tui_wait "The rules, key by key: classic" || return 1
	tui_keys Enter
	tui_wait "tiles 1-9_" || return 1
	# The bar says typing's keys meanwhile (it said the form's).
	tui_has "Enter: done  Backspace, Ctrl-U: delete  Esc: as it was" \
		"the form's keys while a value is typed" || return 1
	tui_keys C-u
	tui_wait "tiles _" || return 1
	# A value refused says why and stays typed, to be put right (it was
	# thrown away, the field closed).
	tui_keys 0-40 Enter
	tui_wait "tiles=0-40:" || return 1
	tui_wait "tiles 0-40_" || return 1
	# A tile no throw shuts is said here, where the game would say it
	# only once the screen is gone.
	tui_keys C-u 1-13 Enter
	tui_wait "tiles is now 1-13; warning: tile 13 can never be shut with 2d6" ||
		return 1
	tui_keys Enter C-u 1-12 Enter
	tui_wait "tiles is now 1-12" || return 1
	tui_lacks "warning" "a warning stayed" || return 1
	tui_keys Escape
	tui_wait "a new game" || return 1
	# The form's note goes with the next key (it stayed under the name
	# asked for a new player).
	tui_keys a
	tui_wait "The new player's name:" || return 1
	tui_lacks "tiles is now" "the form's note stayed" || return 1
	tui_keys Escape
	tui_gone "The new player's name:" || return 1
	# A name left empty adds no one, and says so (it said nothing).
	tui_keys a
	tui_wait "The new player's name:" || return 1
	tui_keys Enter
	tui_wait "no name typed: nothing changed" || return 1
	# Classic on 1-12 is full-house, described as full-house; on 1-11 it
	# is no preset, and its own rules say what it is.
	tui_wait "< full-house >" || return 1
	tui_lacks "7, 8 and 9 are shut" "full-house described as classic" ||
		return 1
	# Left and right step from the preset shown (they stepped from
	# classic's place, to battle and golf).
	tui_keys Left
	tui_wait "< cards >" || return 1
	tui_keys Right
	tui_wait "< full-house >" || return 1
	tui_keys e Enter C-u 1-11 Enter Escape
	tui_wait "< classic tiles=1-11 >" || return 1
	tui_wait "tiles 1-11, dice 2d6" || return 1
	# What a key takes, as the rules read it: up-to-K named once, and
	# the stake in units, not cents (it said "from 1 to 1000000000").
	tui_keys e Down Down Down Down Down
	tui_wait "takes: any up-to-K dice-or-sum one-tile" || return 1
	tui_lacks "or up-to-K" "up-to-K named twice" || return 1
	tui_keys Down Down Down Down Down Down Down Down Down
	tui_wait "from 0.01 to 10000000, or none" || return 1
	tui_keys Escape
	tui_wait "a new game" || return 1
	# A box whose computer's table passes the memory says by how much,
	# as the command line does (it said "table too big for memory").
	tui_keys e Up Up Up Up Up Up Up Up Up Up Up Up Up Up Enter C-u 1-30 \
		Enter Escape Enter
	tui_wait "player 2: optimal: the table of this board needs" || return 1
	tui_keys q
	tui_wait "EXIT=0" || return 1
	# At 60 columns a spec too long for the form's title is left to the
	# keys below, not cut ("...fewer-d").
	tui_start 60 20 "$bin" play --no-history || return 1
	tui_wait "a new game" || return 1
	tui_keys e
	tui_wait "The rules, key by key: classic" || return 1
	# The keys past the screen are said to be there, and the bar keeps
	# Esc: done (it was cut off at 60 columns).
	tui_has "^ (5 more below) *\$" "the keys below unsaid" || return 1
	tui_has "Esc: done *\$" "Esc: done cut off" || return 1
	for k in Down Right Down Down Right Down Right Down Right Down Right; do
		tui_keys_redrawn "$k"
	done
	tui_has "^ The rules, key by key *\$" "the title with its spec cut" ||
		return 1
	tui_has "^ fewer-dice-forced  yes" "the key set" || return 1
	tui_keys Escape
	tui_wait "fewer-dice=low-sum" || return 1
	tui_keys q
	tui_wait "EXIT=0" || return 1
}

# Every preset played to its end by computers on the full screen; pub's
# pot is shown while it is played, and not once it is paid out.
t_presets() {
	for preset in $("$bin" variants | cut -d' ' -f1); do
		tui_start 100 30 "$bin" play --no-history --seed 1 \
			--rules "$preset" --players cpu:fewest,cpu:random \
			|| return 1
		if [ "$preset" = pub ]; then
			tui_wait "Pot 2" || return 1
		fi
		# A battle's sides, not its totals, which say nothing.
		if [ "$preset" = battle ]; then
			tui_wait "Shutter" || return 1
			tui_lacks "Players  *total" "a battle's totals shown" ||
				return 1
		fi
		tui_keys + + + + +
		tui_over_wait 60 || {
			echo "preset $preset" >&2
			return 1
		}
		tui_lacks "Pot " \
			"preset $preset: the pot is shown once paid out" ||
			return 1
		tui_keys Enter
		tui_wait "EXIT=0" || return 1
	done
}

# cpu:perfect in a tournament: its match takes 1.7 s of CPU to solve, on a
# thread while the game begins.  A person first gets the first prompt
# within a second; a perfect seat first says on the status line that it
# is working out how to play to win, then plays.  Built for AddressSanitizer
# (make asan, at -O1) the solve takes about 40 s of CPU, and more on a
# loaded machine: the wait for the seat's play is long for that.
t_perfect() {
	tui_start 80 24 "$bin" play --no-history --seed 1 --rules tournament \
		--players You,cpu:perfect || return 1
	tui_wait "press Enter to throw" 1 || return 1
	tui_keys q k
	tui_wait "EXIT=1" || return 1
	tui_start 80 24 "$bin" play --no-history --seed 1 --rules tournament \
		--players cpu:perfect,You || return 1
	tui_wait "cpu:perfect is working out how to play to win" 2 || return 1
	tui_keys + + + + +
	tui_wait "You: press Enter to throw" 300 || return 1
	tui_keys q k
	tui_wait "EXIT=1" || return 1
}

# A turn played by the hint's best is told as costing nothing, measured
# as the hint ranks: by the chance to win the game where the hint ranks so
# (a round of two), by the expected score where there is no one to beat.
# It was always measured by the expected score, so that a player who
# followed a hint that ranked by the chance to win was told that the turn
# cost points.
t_cost() {
	for players in You,cpu:optimal You; do
		tui_start 100 30 "$bin" play --no-history --seed 3 \
			--rules classic --players "$players" || return 1
		tui_wait "press Enter to throw" 5 || return 1
		# Two seats: the chances of winning worked out first, so that
		# every choice is weighed by them (a loaded machine is slow).
		case $players in
		*,*)
			tui_keys Enter
			tui_wait "pick the tiles to shut" || return 1
			tui_keys h
			tui_wait "to win" 60 || return 1
			tui_keys Escape
			tui_gone "Hint: the choices" || return 1
			;;
		esac
		tui_best_until "could not have done\|choices cost" || return 1
		case $players in
		*,*) want="Perfect play to win could not have done better" ;;
		*) want="Perfect play could not have done better" ;;
		esac
		tui_wait "$want this turn." || return 1
		# Alone, the game is over with the turn: q leaves at once.
		tui_keys q k
		tui_wait "EXIT=" || return 1
	done
	# A mistake kept: its cost to three figures, as analyse gives it.
	cost_mistake --no-history || return 1
	tui_best_until "could not have done\|choices cost" || return 1
	tui_wait "this turn's choices cost 11.9 points" || return 1
	tui_keys q
	tui_wait "EXIT=" || return 1
	# A move taken back costs nothing (1+2+4 on the first throw, a 7,
	# cost 11.87 points, taken back, still did).
	cost_mistake --no-history || return 1
	tui_keys u
	tui_wait "taken back: 1+2+4" || return 1
	tui_best_until "could not have done\|choices cost" || return 1
	tui_wait "Perfect play could not have done better this turn." ||
		return 1
	tui_keys q k
	tui_wait "EXIT=" || return 1
	# A turn resumed: the choices before the stop were weighed by none,
	# and the line says so (it said perfect play could not have done
	# better, after 1+2+4).
	cost_mistake --db "$TUI_DIR/cost.db" || return 1
	tui_keys q k
	tui_wait "EXIT=0" || return 1
	cost_resume "$TUI_DIR/cost.db" || return 1
	tui_wait "could not have done better this turn since the" || return 1
	tui_keys q k
	tui_wait "EXIT=" || return 1
	# Resumed at a turn's first question, how many dice: its every
	# choice is weighed, and the line says nothing of a resume.
	tui_start 100 30 "$bin" play --db "$TUI_DIR/cost2.db" --seed 5 \
		--rules "'classic tiles=1-6'" --players Ann,Bob || return 1
	tui_wait "type how many" 5 || return 1
	tui_best_until "could not have done\|choices cost" || return 1
	tui_wait "Bob: you may throw" || return 1
	tui_keys q k
	tui_wait "EXIT=0" || return 1
	cost_resume "$TUI_DIR/cost2.db" || return 1
	tui_lacks "since the" "a turn begun after the resume said it" || return 1
	tui_keys q k
	tui_wait "EXIT=" || return 1
}

# cost_mistake ARGS...: Ann alone, seed 5, answers her first throw, a 7,
# with 1+2+4 (11.87 points of expected score worse than 7).
cost_mistake() {
	tui_start 100 30 "$bin" play --seed 5 --rules classic --players Ann \
		"$@" || return 1
	tui_wait "press Enter to throw" 5 || return 1
	tui_keys Enter
	tui_wait "Ann threw 7" || return 1
	tui_keys 1 2 4 Enter
	tui_wait "shut   1+2+4" || return 1
}

# cost_resume DB: the game stopped in DB, resumed and played the hint's way
# to the end of its turn.
cost_resume() {
	tui_start 100 30 "$bin" play --db "$1" --resume || return 1
	tui_wait "Resuming game" 5 || return 1
	tui_best_until "could not have done\|choices cost"
}

# The only move is picked for the person; one who types its tiles anyway
# keeps it picked (typing them unpicked it, one by one, and Enter then
# said "pick the tiles first").  Seed 3: the fourth throw of the turn, a
# 6, leaves 1+5 alone.
t_only() {
	tui_start 100 30 "$bin" play --no-history --seed 3 --rules classic \
		--players You,cpu:optimal || return 1
	tui_wait "press Enter to throw" 5 || return 1
	tui_best_until "the only move is 1+5" || return 1
	tui_wait "picked 1+5 = 6" || return 1
	tui_keys 1
	tui_wait "picked 1 = 1" || return 1
	tui_keys 5
	tui_wait "picked 1+5 = 6" || return 1
	tui_keys Enter
	tui_wait "shut   1+5" || return 1
	tui_keys q k
	tui_wait "EXIT=" || return 1
}

# What to pick says the rules of moves: under thai, one tile, a die's or
# the total (it said "pick the tiles to shut" whatever the rules), and a
# tile picked shows no sum; and a hint before a throw whose count is not a choice says "throw", not
# "chosen".
t_pick() {
	tui_start 100 30 "$bin" play --no-history --seed 3 --rules thai \
		--players You,cpu:optimal || return 1
	tui_wait "press Enter to throw" 5 || return 1
	# No count to choose: the hint's dice are those to throw.
	tui_keys h
	tui_wait "Hint: the dice to throw, their odds" || return 1
	tui_wait "throw 2 dice " || return 1
	tui_keys Escape Enter
	tui_wait "You threw 8: pick one tile to shut: 3, 5 or 8, then" || return 1
	# A tile picked is a die's or the total: no sum beside it.
	tui_keys 5
	tui_wait "throw 8   picked 5" || return 1
	tui_lost "picked 5 =" || return 1
	tui_keys q k
	tui_wait "EXIT=" || return 1
}

# A computer's throw, its move shown going down at the slowest pace, says
# the throw alone (it said "picked nothing = 0" under the dice).
t_cpu_pick() {
	tui_start 100 30 "$bin" play --no-history --seed 3 --rules classic \
		--players cpu:optimal,You || return 1
	tui_keys - - - - -
	tui_wait "throw  3 5 = 8" 5 || return 1
	tui_has "^ throw 8 *\$" \
		"no throw under the computer's dice" || return 1
	tui_lacks "picked" "a pick shown for a computer" || return 1
	tui_keys q k
	tui_wait "EXIT=" || return 1
}

# A name the game would refuse is refused as it is typed, the name kept
# to be put right; a remembered setup with such a name is not used, and
# the program goes on to the setup screen.
t_names() {
	long=BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB
	tui_start 100 30 "$bin" play --db "$TUI_DIR/n.db" --seed 3 || return 1
	tui_wait "a new game" || return 1
	tui_keys a
	tui_wait "The new player's name:" || return 1
	# The keys shown are those of typing, not the setup's (Enter: play).
	tui_wait "Enter: done  Backspace, Ctrl-U: delete  Esc: as it was" ||
		return 1
	tui_lacks "Enter: play" "the setup's keys under a name being typed" ||
		return 1
	tui_keys "$long" Enter
	tui_wait "a name is at most 40 characters, not 45" || return 1
	tui_wait "The new player's name: $long" || return 1
	tui_keys BSpace BSpace BSpace BSpace BSpace Enter
	tui_wait " 3. BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB (a person)" \
		|| return 1
	# Blanks are trimmed as the game trims them: " cpu:x" is refused.
	tui_keys a "  cpu:x" Enter
	tui_wait "a person's name cannot be \"cpu\" or start with \"cpu:\"" ||
		return 1
	# As --players reads it: cpux is a person's name (it was refused).
	tui_keys C-u "cpux" Enter
	tui_wait " 4. cpux (a person)" || return 1
	tui_keys a
	tui_keys C-u "   " Enter
	tui_keys d Enter
	tui_wait "press Enter to throw" || return 1
	tui_keys q k
	tui_wait "EXIT=0" || return 1
	sqlite3 "$TUI_DIR/n.db" "UPDATE settings SET value = 'You,$long' \
		WHERE key = 'setup.players'" || return 1
	tui_start 100 30 "$bin" play --db "$TUI_DIR/n.db" --seed 3 || return 1
	tui_wait "a new game" || return 1
	tui_wait "the setup remembered is not used: player 2: a name is at most 40 characters, not 45" || return 1
	tui_wait " 2. < computer: optimal >" || return 1
	tui_keys Enter
	tui_wait "press Enter to throw" || return 1
	tui_keys q k
	tui_wait "EXIT=0"
}

# The setup of c.db remembered as rules $1 and players $2.
setup_remembered() {
	sqlite3 "$TUI_DIR/c.db" "INSERT OR REPLACE INTO settings (key, value) \
		VALUES ('setup.rules', '$1'), ('setup.players', '$2')"
}

# Rules that are no preset are told in their own sentences, in two lines
# at most: cut, they say so, and where the rest is (they stopped in the
# middle of a sentence, "read as one number. The").
t_about() {
	tui_start 80 24 "$bin" play --db "$TUI_DIR/a.db" --seed 3 || return 1
	tui_wait "a new game" || return 1
	tui_keys q
	tui_wait "EXIT=" || return 1
	sqlite3 "$TUI_DIR/a.db" "INSERT OR REPLACE INTO settings (key, value) \
		VALUES ('setup.rules', 'classic score=digits tiles=1-12 \
		rounds=3 fewer-dice=any-time stake=2'), \
		('setup.players', 'You,cpu:optimal')" || return 1
	tui_start 80 24 "$bin" play --db "$TUI_DIR/a.db" --seed 3 || return 1
	tui_wait "tiles 1-12, dice 2d6. Shut open tiles" || return 1
	tui_wait "... (r: the rules in words)" || return 1
	tui_keys r
	tui_wait "The rules in words" || return 1
	tui_keys x q
	tui_wait "EXIT=" || return 1
}

# A setup whose computer cannot play its rules is refused on the setup
# screen, with the reason, not by the game once the screen is gone.
t_computers() {
	tui_start 100 30 "$bin" play --db "$TUI_DIR/c.db" --seed 3 || return 1
	tui_wait "a new game" || return 1
	tui_keys Enter
	tui_wait "press Enter to throw" || return 1
	tui_keys q k
	tui_wait "EXIT=0" || return 1
	setup_remembered battle You,cpu:perfect || return 1
	tui_start 100 30 "$bin" play --db "$TUI_DIR/c.db" --seed 3 || return 1
	tui_wait " 2. < computer: perfect >" || return 1
	# A computer has no name of its own to give.
	tui_keys Down Down n
	tui_wait "a computer is named by its strength" || return 1
	tui_keys Up Up Enter
	tui_wait "player 2: perfect: in a battle, cpu:optimal already plays to" || return 1
	tui_keys Down Down Left Enter
	tui_wait "press Enter to throw" || return 1
	tui_keys q k
	tui_wait "EXIT=0" || return 1
	# With the game's own memory limit.
	setup_remembered the-300 You,cpu:optimal || return 1
	tui_start 100 30 "$bin" play --db "$TUI_DIR/c.db" --memory 8 \
		--seed 3 || return 1
	tui_wait " 2. < computer: optimal >" || return 1
	tui_keys Enter
	tui_wait "player 2: optimal: " || return 1
	tui_keys q
	tui_wait "EXIT=0"
}

# A dice count typed throws that many random dice at once; with real dice
# it asks for their faces.
t_count() {
	tui_start 100 30 "$bin" play --no-history --rules "'classic tiles=1-3'" \
		--players Ann,cpu --seed 5 || return 1
	tui_wait "throw 1 or 2 dice now: type how many" || return 1
	tui_keys 1
	# The count typed throws, as the plain game's does (it asked for
	# Enter again).
	tui_wait "Ann threw 6: pick the tiles to shut" || return 1
	tui_lacks "press Enter to throw" "a count that did not throw" ||
		return 1
	tui_keys q k
	tui_wait "EXIT=" || return 1
	# Real dice: the count typed asks for their faces.
	tui_start 100 30 "$bin" play --no-history --rules "'classic tiles=1-3'" \
		--players Ann,cpu --dice manual || return 1
	tui_wait "throw 1 or 2 dice: type their faces, or how many" || return 1
	# A face that is no count starts the faces, whose number is the
	# count, as the plain game takes them (it was refused, and the faces
	# typed lost).
	tui_keys 5
	tui_wait "Ann: type the faces of the 1 or 2 dice thrown (1-6)" ||
		return 1
	tui_wait "faces: 5_" || return 1
	# At most two: a third is refused as it is typed.
	tui_keys 5 6
	tui_wait "6 not typed: 2 dice show 2 faces; Enter takes 5 5 = 10" ||
		return 1
	tui_keys Enter
	tui_wait "throw  5 5 = 10" || return 1
	tui_wait "cpu:optimal threw" || return 1
	# Taken back, the throw goes with the count its faces said, asked
	# again (it asked for the faces of two dice).
	tui_keys u
	tui_wait "taken back: the throw 5 5 = 10" || return 1
	tui_wait "throw 1 or 2 dice: type their faces, or how many" || return 1
	# Esc, or Bksp with no face left, goes back from the faces to the
	# count (neither did: the faces had no way back).
	tui_keys 4
	tui_wait "faces: 4_" || return 1
	tui_has "Esc count" "the way back to the count unsaid" || return 1
	tui_keys Escape
	tui_wait "throw 1 or 2 dice: type their faces, or how many" || return 1
	tui_keys 4
	tui_wait "faces: 4_" || return 1
	tui_keys BSpace
	tui_gone "faces: 4_" || return 1
	tui_has "type the faces of the 1 or 2 dice" "the faces left" ||
		return 1
	tui_keys BSpace
	tui_wait "throw 1 or 2 dice: type their faces, or how many" || return 1
	# A lone count is the count, once Enter takes it, as in the plain
	# game, and said to be while it is typed (it was shown among the
	# faces, and said to be one); Esc at its faces takes it back, and it
	# is asked again (a count chosen had no way back).
	tui_keys 1
	tui_wait "Ann: Enter: 1 die, its face asked next; or type the other" ||
		return 1
	tui_keys Enter
	tui_wait "Ann threw 1 die: type the face (1-6)" || return 1
	tui_has "Esc count" "the way back to the count unsaid" || return 1
	tui_keys Escape
	tui_wait "throw 1 or 2 dice: type their faces, or how many" || return 1
	# Two faces typed whole are a throw of two dice, 1 1 too (the first
	# 1 was taken at once as a count).
	tui_keys 1 1 Enter
	tui_wait "throw  1 1 = 2" || return 1
	tui_keys q k
	tui_wait "EXIT=" || return 1
	# A choice of 1 or 3 dice: two faces are told the counts there are
	# (it said "type the faces of 3 dice").
	tui_start 100 30 "$bin" play --no-history --dice manual --players Ann \
		--rules "'classic start=1 dice=3d6 fewer-dice=lone-one'" ||
		return 1
	tui_wait "throw 1 or 3 dice: type their faces, or how many" || return 1
	tui_keys 5 5 Enter
	tui_wait "that is 2 faces; type the faces of 1 or 3 dice, like 3 5 2" ||
		return 1
	# Back at the count, what was refused goes (it stayed).
	tui_keys Escape
	tui_gone "that is 2 faces" || return 1
	# A digit no die shows is refused as it is typed, at the count too.
	tui_keys 7
	tui_wait "a face must be between 1 and 6, not 7" || return 1
	tui_lacks "faces: 7" "a face no die shows typed" || return 1
	tui_has "throw 1 or 3 dice: type their faces" "the count left" ||
		return 1
	tui_keys q k
	tui_wait "EXIT=" || return 1
	# A count asks for the faces.
	tui_start 100 30 "$bin" play --no-history --rules "'classic tiles=1-3'" \
		--players Ann,cpu --dice manual || return 1
	tui_wait "throw 1 or 2 dice: type their faces, or how many" || return 1
	tui_keys 1 Enter
	tui_wait "Ann threw 1 die: type the face (1-6), then press Enter" ||
		return 1
	tui_keys q k
	tui_wait "EXIT=" || return 1
}

# At 80 columns: the stats' columns past the screen scroll sideways; a
# setup refused says why in a player's words.
t_wide() {
	printf '\n' | "$bin" play --plain --db "$TUI_DIR/w.db" --rules pub \
		--players cpu,cpu:fewest --seed 4 >/dev/null || return 1
	tui_start 80 24 "$bin" play --db "$TUI_DIR/w.db" || return 1
	tui_wait "a new game" || return 1
	tui_keys S
	tui_wait "Stats: every player" || return 1
	tui_wait "left/right: scroll" || return 1
	# The column's heading, not the key under the table.
	tui_lacks "^ player .*money" "the money column on an 80-column screen" ||
		return 1
	tui_keys Right
	tui_wait "streak     money" || return 1
	# Scrolled, the names stay in view (they went off the left), and
	# the key under the table, wrapped, does not scroll.
	tui_has "^ player  .*streak     money" "the names scrolled away" ||
		return 1
	tui_has "^ cpu:optimal  " "a player's name scrolled away" || return 1
	tui_has "^ wins and win%: of games with others" "the key scrolled" ||
		return 1
	tui_keys Left
	tui_wait "player  " || return 1
	tui_keys q
	tui_wait "a new game" || return 1
	# Each Right seen drawn before the next look (a Right sent again
	# went past the one looked for).
	i=0
	while ! tui_screen | grep -q "< battle >" && [ $i -lt 40 ]; do
		tui_keys_redrawn Right
		i=$((i + 1))
	done
	tui_keys Down Down
	i=0
	while ! tui_screen | grep -q "computer: perfect" && [ $i -lt 10 ]; do
		tui_keys_redrawn Right
		i=$((i + 1))
	done
	tui_keys Enter
	# Said in a player's words: nothing of solve's options.
	tui_wait "player 2: perfect: in a battle, cpu:optimal already plays to win" ||
		return 1
	tui_lacks "solve" "the refusal names the solver's options" || return 1
	tui_keys q
	tui_wait "EXIT=0" || return 1
	# At 60 columns the history's lines wider than the screen (an
	# unfinished game's command to go on) go on in rows under them, read
	# without scrolling sideways.
	printf 'q\nk\n' | "$bin" play --plain --db "$TUI_DIR/w.db" \
		--players Annabelle,cpu >/dev/null || return 1
	tui_start 60 20 "$bin" play --db "$TUI_DIR/w.db" || return 1
	tui_wait "a new game" || return 1
	tui_keys H
	tui_wait "up/down: a game  Enter: its replay  R: resume  q: back" ||
		return 1
	tui_has "^ *Annabelle 0, cpu:optimal 0; unfinished: shutbox" \
		"the history's line cut at 60 columns" || return 1
	tui_has "[ ]--resume 2 *\$" "the rest of the line not under it" ||
		return 1
	tui_lacks "left/right" "sideways scrolling of the history" || return 1
	# Its replay too, and the game's line is still the one picked.
	tui_keys Enter
	tui_wait "History: the replay" || return 1
	tui_has "[ ]--resume 2 *\$" "the replay's line cut" ||
		return 1
	tui_keys q
	tui_wait "History: the games played" || return 1
	tui_has "[ ]--resume 2 *\$" "back at the list, another place" ||
		return 1
	tui_keys q q
	tui_wait "EXIT=0" || return 1
	# A command to go on that fits a row is not broken in two: the line
	# goes on after its clause.
	tui_start 60 20 SHUTBOX_DB="$TUI_DIR/w.db" "$bin" play || return 1
	tui_wait "a new game" || return 1
	tui_keys H
	tui_wait "History: the games played" || return 1
	tui_has "^ *unfinished: shutbox play --resume 2 *\$" \
		"the command to go on broken in two" || return 1
	tui_keys q q
	tui_wait "EXIT=0" || return 1
	# The odds of the turn go with the game: 6 5 ends it at once.
	tui_start 100 30 "$bin" play --no-history --players You \
		--rules "'classic tiles=1-3'" --seed 2 || return 1
	tui_wait "type how many" || return 1
	tui_keys o
	tui_wait "chance to shut" || return 1
	# Enter at the count throws the two dice.
	tui_keys Enter
	tui_over_wait || return 1
	tui_lacks "Odds of this turn" "the odds of a game over" || return 1
	# A solitaire game's result is its total: no one "wins" it.
	tui_lacks " wins" "a solitaire game won" || return 1
	tui_keys Enter
	tui_wait "EXIT=0"
}

# After a game, n goes to the setup screen with the rules and players of
# the game over (the command line's here), and Enter plays a new game of
# them, kept in the history beside the first; any other key leaves.
t_again() {
	tui_start 100 30 "$bin" play --db "$TUI_DIR/again.db" --seed 2 \
		--players You,cpu:fewest --rules "'classic tiles=1-3'" || return 1
	tui_wait "type how many" 5 || return 1
	tui_keys o
	tui_wait "Odds of this turn" || return 1
	# Enter at the count throws the two dice.
	tui_keys Enter
	tui_wait "n: a new game   any other key: leave" || return 1
	tui_keys n
	tui_wait "shutbox: a new game" || return 1
	tui_wait "Rules    < classic tiles=1-3 >" || return 1
	tui_wait "1. You (a person)" || return 1
	tui_wait "2. < computer: fewest >" || return 1
	tui_keys Enter
	tui_wait "Game 2" || return 1
	tui_wait "rules: classic tiles=1-3" || return 1
	# The odds panel stays as it was shown (it was hidden again).
	tui_wait "Odds of this turn" || return 1
	tui_keys q k
	tui_wait "EXIT=0" || return 1
	"$bin" history --db "$TUI_DIR/again.db" | grep -c "classic tiles=1-3" |
		grep -qx 2 || {
		echo "not two games in the history" >&2
		"$bin" history --db "$TUI_DIR/again.db" >&2
		return 1
	}
}

# n after a game of rules whose solver takes a while: the next game of
# the same rules has its odds at once (the solver was made again, and the
# odds were being worked out for a second or more).
t_again_kept() {
	tui_start 100 30 "$bin" play --no-history --seed 2 --players You \
		--rules the-300 || return 1
	tui_wait "press Enter to throw" 5 || return 1
	tui_keys Enter
	tui_wait "pick the tiles to shut" || return 1
	tui_keys h
	tui_wait "Hint: the choices" || return 1
	tui_wait "expected score" 120 || return 1
	tui_keys Escape
	tui_keys q l
	tui_wait "n: a new game   any other key: leave" || return 1
	tui_keys n
	tui_wait "shutbox: a new game" || return 1
	tui_keys Enter
	tui_wait "press Enter to throw" || return 1
	tui_keys Enter
	tui_wait "pick the tiles to shut" || return 1
	tui_keys h
	tui_wait "Hint: the choices" || return 1
	tui_lacks "working out the odds" "the solver was made again" ||
		return 1
	tui_keys Escape
	tui_keys q l
	tui_wait "n: a new game   any other key: leave" || return 1
	tui_keys q
	tui_wait "EXIT=0" || return 1
}

# The game over, a shows the analysis of the people's play, as the plain
# game's a and analyse do (the full screen had none); a game played by the
# hint's best shows no mistake, weighed as the hint ranked (to win).
t_analysis() {
	tui_start 100 60 "$bin" play --no-history --seed 5 --players You,cpu \
		--rules classic || return 1
	tui_wait "press Enter to throw" 5 || return 1
	tui_best_until "could not have done\|choices cost" || return 1
	tui_wait "Perfect play to win could not have done better" || return 1
	tui_wait "a: the analysis" 60 || return 1
	tui_keys a
	tui_wait "The analysis of your play" 60 || return 1
	tui_wait "Weighed by the chance of winning the game" || return 1
	tui_wait "Round 1: You, playing for the best chance to win" || return 1
	# Its end (the screen is tall enough): no choice of the hint's is a
	# mistake.
	tui_wait "No mistakes: every choice was the best." || return 1
	tui_keys Escape
	tui_wait "The game is over" || return 1
	tui_keys q
	tui_wait "EXIT=0" || return 1
	# The person in the second seat: a move is booked as theirs, so
	# that it can be taken back and the analysis is offered (a move was
	# booked as seat 0's, the computer's: neither was).
	tui_start 100 30 "$bin" play --no-history --seed 5 --players cpu,You \
		--rules classic || return 1
	tui_wait "You: press Enter to throw" 60 || return 1
	tui_keys Enter
	tui_wait "pick the tiles to shut" || return 1
	tui_pick_best || return 1
	tui_keys u
	tui_wait "taken back: $move" || return 1
	tui_best_until "could not have done\|choices cost" || return 1
	tui_wait "a: the analysis" 60 || return 1
	tui_keys q
	tui_wait "EXIT=0" || return 1
	# An analysis longer than the window holds (100 rounds, about 40
	# KB) is cut at a line and says how to see it whole: 99 rounds and
	# the last's first moves typed into the plain game, its last throw
	# here.
	db="$TUI_DIR/long.db"
	(
		for _ in $(seq 99); do printf '1 2\n3\n1 1\n2\n1 1\n'; done
		printf '1 2\n3\n1 1\n2\nq\nk\n'
	) | "$bin" play --plain --db "$db" --players You --dice manual \
		--rules "classic tiles=1-3 rounds=100 fewer-dice=never" \
		>/dev/null 2>&1
	tui_start 100 30 "$bin" play --db "$db" --resume 1 || return 1
	tui_wait "type the faces" || return 1
	tui_keys 1 Space 1 Enter
	tui_wait "a: the analysis" 60 || return 1
	tui_keys a
	tui_wait "Round 1: You, playing for the lowest expected score" ||
		return 1
	tui_keys End
	tui_wait "cut short here: shutbox analyse --db" || return 1
	tui_wait "long.db 1 shows it whole)" || return 1
	# PgUp a page, the window's 26 rows less one: from round 93's second
	# line at the top, to round 90's first, that line now at the foot.
	tui_wait "│ Round 96: You" || return 1
	tui_keys PPage
	tui_wait "│ Round 90: You" || return 1
	tui_lacks "Round 96: You" "round 96 after PgUp" || return 1
	tui_keys Escape
	tui_wait "The game is over" || return 1
	# Killed at the game-over window, the game is counted as over (its
	# end was written when the window closed).
	pkill -KILL -f "^$bin play --db $db" || return 1
	tui_wait "EXIT=137" || return 1
	"$bin" stats --db "$db" | grep -q "^You  *classic.*  1  *0 " || {
		echo "the game killed at its end is not in the stats" >&2
		return 1
	}
}

t_quit() {
	tui_start 80 24 "$bin" play --no-history --seed 3 \
		--players You,cpu:fewest || return 1
	tui_wait "press Enter to throw" || return 1
	tui_keys q
	tui_wait "l   leave the game for good (You)" || return 1
	tui_wait "k, l or Esc" || return 1
	tui_keys Escape
	tui_gone "Leave the game?" || return 1
	tui_start 80 24 "$bin" play --no-history --seed 3 \
		--players cpu:fewest,cpu:random || return 1
	tui_wait "is playing" || return 1
	tui_keys - - q
	tui_wait "Leave the game?" || return 1
	tui_wait "k or Esc" || return 1
	tui_lacks "l   leave\|k, l or Esc" \
		"the window offers l on a computer's turn" || return 1
	tui_keys k
	tui_wait "EXIT=1"
}

# A long solve on a terminal says how long it will take before it starts
# (sim's perfect seats, solve --players); stopped by Ctrl-C at once.
# Some 8 s of solving on the machine that measured it, and what is
# printed is its estimate on this one: a machine eight times faster still
# takes over the second under which nothing is said.
t_estimates() {
	rules="classic tiles=1-12 dice=2d20"
	tui_start 100 30 "$bin" sim --rules "'$rules'" \
		--players perfect,optimal --games 10 || return 1
	tui_wait "shutbox: perfect: working out how to play these rules to win: about" \
		30 || return 1
	# The shell of the pane gets the interrupt too.
	tui_keys C-c
	tui_dead || return 1
	tui_start 100 30 "$bin" solve --rules "'$rules'" --players 2 || return 1
	tui_wait "shutbox: working out each seat's chance: about" 30 || return 1
	# Then how far it has got (it said no more).
	tui_poll 30 tui_progress || {
		echo "solve --players shows no progress" >&2
		tui_screen >&2
		return 1
	}
	tui_keys C-c
	tui_dead || return 1
}

# tui_progress: the screen shows how far a solve has got
# ("41% done, 3 s so far").
tui_progress() {
	tui_screen | grep -q '^ *[0-9]*% done, [0-9]* s so far'
}

for t in ${TUI_TESTS:-t_game t_kill t_signals t_hangup t_mouse t_resize t_big t_manual t_plain t_term t_many t_twins t_setup_dice t_setup_small t_rules t_names t_computers t_unkept t_count t_quit t_again t_again_kept t_analysis t_busy t_past_resume t_wide t_presets t_perfect t_cost t_only t_pick t_cpu_pick t_small_pick t_small_help t_small_page t_long_names t_title t_about t_estimates}; do
	if $t; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAILED: tui/${t#t_}"
	fi
done
tui_stop
echo "tui: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
