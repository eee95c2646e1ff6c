# layout.sh - the terminal tests of the full screen's layout at its sizes:
# too small a window (t_resize), a box of many tiles (t_big), the smallest
# screen's status and help (t_small_pick, t_small_help), and the title line
# cut where it is too long (t_title).  Sourced by run.sh, whose $bin,
# $TUI_DIR and lib.sh's tui_* they use.

# Too small a window says so; made bigger, the board is drawn at once.
t_resize() {
	# Seeded: a throw with one move has it picked already.
	tui_start 50 15 "$bin" play --no-history --players You,cpu --seed 3 ||
		return 1
	tui_wait "shutbox needs at least 60x20" || return 1
	tui_tmux resize-window -t t -x 100 -y 30
	tui_wait "Players" || return 1
	tui_tmux resize-window -t t -x 80 -y 24
	tui_keys Enter
	tui_wait "pick the tiles to shut" || return 1
	# At the smallest size the key bar keeps how to get help and quit,
	# and the players' panel the names whole where they fit.
	tui_tmux resize-window -t t -x 60 -y 20
	tui_wait "h hint  ? help  q quit" || return 1
	tui_wait " cpu:optimal " || return 1
	# Too small, the board is not shown, and keys do not play blind (a
	# pick and Enter shut tiles); q stops at once, as the screen says.
	tui_tmux resize-window -t t -x 40 -y 15
	tui_wait "Make it bigger, or press q to stop." || return 1
	# Narrower still, what to do is wrapped, not cut ("...press q to").
	tui_tmux resize-window -t t -x 30 -y 10
	tui_poll 10 tui_line "stop." || return 1
	tui_tmux resize-window -t t -x 40 -y 15
	tui_wait "Make it bigger, or press q to stop." || return 1
	tui_keys 1 2 3 4 5 6 Enter Enter
	# Read, every one, while the window is too small (a resize comes
	# before keys still waiting).
	tui_poll 10 tui_drained || return 1
	tui_tmux resize-window -t t -x 80 -y 24
	tui_wait "pick the tiles to shut" || return 1
	tui_wait "picked nothing" || return 1
	tui_tmux resize-window -t t -x 40 -y 15
	tui_wait "Make it bigger, or press q to stop." || return 1
	tui_keys q
	tui_wait "not kept (no history)" || return 1
	tui_wait "EXIT=1" || return 1
}

# A box of 32 tiles wraps in rows; no colour with NO_COLOR.
t_big() {
	tui_start 100 40 env NO_COLOR=1 "$bin" play --no-history --seed 2 \
		--rules "'tiles=1-32 dice=6d6'" --players You,cpu:fewest \
		|| return 1
	tui_wait "press Enter to throw" || return 1
	tui_screen | grep -q "│32│" || return 1
	tui_screen -e | grep -q "$(printf '\033')\[3[0-7]m" && return 1
	# No odds: the board is past every limit, and the odds say why.
	tui_keys o
	tui_wait "no odds: boards of more than" || return 1
	tui_wait "tiles are too big to solve" || return 1
	tui_keys Enter
	tui_wait "keys under tiles pick" || return 1
	tui_keys q k
	tui_wait "EXIT=1" || return 1
	# Past the memory limit, the odds name --memory.
	tui_start 100 32 "$bin" play --no-history --rules "'classic tiles=1-16'" \
		--memory 1 --players Ann || return 1
	tui_keys o
	tui_wait "1 MiB (--memory)" || return 1
	tui_keys q k
	tui_wait "EXIT=" || return 1
	# A tile no throw reaches is warned about on the screen, not only on
	# standard error under it.
	tui_start 100 32 "$bin" play --no-history --rules "'classic tiles=1-13'" \
		--players Ann || return 1
	tui_wait "warning: tile 13 can never be shut with 2d6" || return 1
	tui_keys q k
	tui_wait "EXIT=1" || return 1
	# At 60x20 a box of 32 tiles says the dice in a line where drawn
	# ones have no room (they were drawn over the rows at the foot).
	tui_start 60 20 "$bin" play --no-history --seed 2 \
		--rules "'classic tiles=1-32 dice=4d8'" --players You,cpu || return 1
	tui_wait "press Enter to throw" || return 1
	tui_keys Enter
	tui_wait "You threw 23: pick the tiles to shut" || return 1
	tui_has "^ dice  8 3 6 6 = 23 *\$" "the dice not said in a line" ||
		return 1
	tui_lacks "┌─────┐" "dice drawn with no room for them" || return 1
	tui_has "^ throw 23   picked nothing = 0" "the pick under the dice" ||
		return 1
	tui_keys q k
	tui_wait "EXIT=1"
}

# The help at the smallest screen the game takes: its long lines wrapped
# under their column, not cut in a word, and the rest reached by up and
# down (its last lines were cut off).
# At 60 columns what to pick is told whole, without ", then press Enter"
# (the keys below say it), rather than cut ("pick tile 6, or tiles 2 and
# 4, to shut, then").
t_small_pick() {
	tui_start 60 20 "$bin" play --no-history --seed 3 --rules thai \
		--players You,cpu:optimal || return 1
	tui_wait "press Enter to throw" 5 || return 1
	tui_keys Enter
	tui_wait "You threw 8: pick one tile to shut: 3, 5 or 8" || return 1
	tui_lacks "or 8, then" "the status cut rather than shortened" ||
		return 1
	tui_keys q k
	tui_wait "EXIT=" || return 1
}

t_small_help() {
	tui_start 60 20 "$bin" play --no-history --seed 3 --rules classic \
		--players You,cpu:optimal || return 1
	tui_wait "press Enter to throw" 5 || return 1
	tui_keys ?
	tui_wait "up/down, PgUp/PgDn: more" || return 1
	tui_wait "│                  under the cursor" || return 1
	tui_lacks "stop or leave" "the help's last line, before it is scrolled to" ||
		return 1
	tui_keys Down Down Down Down Down Down Down Down Down Down \
		Down Down Down Down Down Down Down Down Down Down
	tui_wait "this help       q  stop or leave" || return 1
	# Home and End go to its ends, PgUp and PgDn a page (here more than
	# the rows it scrolls).
	tui_keys Home
	tui_wait "tiles 1-9, dice 2d6" || return 1
	tui_lacks "stop or leave" "the help's end after Home" || return 1
	tui_keys End
	tui_wait "this help       q  stop or leave" || return 1
	tui_lacks "tiles 1-9, dice 2d6" "the help's start after End" || return 1
	tui_keys PPage
	tui_wait "tiles 1-9, dice 2d6" || return 1
	tui_keys NPage
	tui_wait "this help       q  stop or leave" || return 1
	tui_keys x
	tui_gone "The rules of this game" || return 1
	tui_keys q k
	tui_wait "EXIT=" || return 1
}

# At 60x20 a window taller than the screen whose keys take two rows of
# its foot (the result of a game of 34) pages by the rows it shows: the
# last row of a page is the first of the next (PgDn skipped a row, paging
# as for a foot of one row).
t_small_page() {
	players=cpu
	for i in $(seq 2 34); do players="$players,cpu"; done
	tui_start 60 20 "$bin" play --no-history --seed 3 \
		--rules "'classic tiles=1-3'" --players "$players" || return 1
	tui_keys + + + + + + + +
	tui_over_wait 60 || return 1
	tui_has "any other key:" "the result's keys" || return 1
	tui_has "^│ *leave *│\$" "the keys on a second row" || return 1
	last=$(tui_screen | sed -n 16p)
	tui_keys NPage
	tui_gone "Final totals:" || return 1
	[ "$(tui_screen | sed -n 2p)" = "$last" ] || {
		echo "not the row last shown first: $last" >&2
		tui_screen >&2
		return 1
	}
	tui_keys q
	tui_wait "EXIT=" || return 1
}

# At 60x20 long names that differ in a short last word keep it in the
# players panel ("Bartholomew Fitz" twice), and the prompt shortens the
# name, not what to type ("...Sr: throw 1 or 2 dice:").
t_long_names() {
	tui_start 60 20 "$bin" play --no-history --dice manual \
		--rules "'classic tiles=1-3'" --players \
		"'Bartholomew Fitzgerald-Worthington Sr,Bartholomew Fitzgerald-Worthington Jr'" ||
		return 1
	tui_wait "type their faces" || return 1
	tui_has "Bartholomew… Sr" "the panel's first name without its Sr" ||
		return 1
	tui_has "Bartholomew… Jr" "the panel's second name without its Jr" ||
		return 1
	tui_has ": throw 1 or 2 dice: type their faces, or how many *\$" \
		"the prompt cut, the name whole" || return 1
	tui_keys q k
	tui_wait "EXIT=" || return 1
	# Twins' names shortened keep the number that tells them apart.
	tui_start 60 20 "$bin" play --no-history --dice manual \
		--rules "'classic tiles=1-3'" --players \
		"'Bartholomew Fitzgerald-Worthington,Bartholomew Fitzgerald-Worthington'" ||
		return 1
	tui_wait "type their faces" || return 1
	tui_keys 6 5 Enter
	tui_wait "(2): throw 1 or 2 dice: type their faces" || return 1
	tui_keys q k
	tui_wait "EXIT=" || return 1
	# The title shortens a name too long for it as the panel does, so
	# that "to play" stays (it was cut off).  Without UTF-8, every text
	# cut short is marked alike, in one column: the names and the
	# title's rules (the title said "...").
	rules="'classic rounds=3 eliminate=45 fewer-dice=low-sum'"
	tui_start 60 20 env LC_ALL=C "$bin" play --no-history --rules \
		"$rules" --players "'Bartholomew Fitzgerald-Worthington Sr,Ann'" ||
		return 1
	tui_wait "Bartholomew~ Sr" || return 1
	tui_has "^ round 1, out at 45  Bartholomew Fitzgerald-Wort~ Sr to play\$" \
		"the title's name shortened" || return 1
	tui_keys q k
	tui_wait "EXIT=" || return 1
	tui_start 60 20 env LC_ALL=C "$bin" play --no-history --rules \
		"$rules" --players Ann,Bob || return 1
	tui_wait "Ann to play" || return 1
	tui_has "^ classic rounds=3 eliminat~  round 1" \
		"the title's rules cut with the same mark" || return 1
	tui_keys q k
	tui_wait "EXIT=" || return 1
}

# tui_line TEXT: a line of the screen is TEXT, whole.
tui_line() {
	tui_screen | grep -qxF -- "$1"
}

# A title line too long for the screen drops "shutbox", then cuts the
# rules, and keeps the round and who is to play (they were cut off at 80
# columns); a number of rounds beside a total that puts players out is not
# said (it said "round 4 of 3": the total ends the game), and is warned of.
# A computer's last move: the status says the game is over, not that the
# computer is playing, and a key goes on to the result.
t_title() {
	tui_start 80 24 "$bin" play --no-history --seed 3 \
		--rules "'classic rounds=3 eliminate=30 shut=zero stake=1'" \
		--players Alexandrina,Bartholomew-the-Great,cpu:perfect || return 1
	now="  round 1, out at 30  Alexandrina to play"
	tui_poll 10 tui_line \
		" classic rounds=3 eliminate=30 shut=ze$(printf '\342\200\246')$now" ||
		return 1
	tui_wait "warning: rounds=3 ends nothing here:" || return 1
	tui_tmux resize-window -t t -x 89 -y 24
	tui_poll 10 tui_line \
		" classic rounds=3 eliminate=30 shut=zero stake=1$now" || return 1
	tui_tmux resize-window -t t -x 98 -y 24
	tui_poll 10 tui_line \
		" shutbox  classic rounds=3 eliminate=30 shut=zero stake=1$now" ||
		return 1
	tui_keys q k
	tui_wait "EXIT=" || return 1
	tui_start 80 24 "$bin" play --no-history --seed 3 --rules classic \
		--players cpu:fewest || return 1
	tui_wait "cpu:fewest is playing" 5 || return 1
	# A game not kept is said once, under the board, not in the log too.
	[ "$(tui_screen | grep -c 'not kept (no history)')" = 1 ] || {
		echo "not kept said twice"
		return 1
	}
	tui_wait "the result follows (any key: now)" 60 || return 1
	tui_wait "The game is over" || return 1
	tui_lacks "is playing" "a computer playing after the game's end" ||
		return 1
	tui_keys q
	tui_wait "n: a new game   any other key: leave" || return 1
	tui_keys x
	tui_wait "EXIT=" || return 1
}
