# resume.sh - the terminal tests of keeping a game and resuming it: a game
# killed, stopped by a signal or by its terminal hanging up, or not kept
# (no history); the setup screen's offer while another shutbox plays,
# keeps or finishes it (t_busy), and R on the history screen
# (t_past_resume).  Sourced by run.sh, whose $bin, $TUI_DIR and lib.sh's
# tui_* they use.

# being_played DB: waits (10 s at most) until the history DB lists a game
# as being played by another shutbox.
being_played() {
	i=0
	while ! "$bin" history --db "$1" 2>/dev/null | grep -q 'being played' &&
		[ $i -lt 200 ]; do
		sleep 0.05
		i=$((i + 1))
	done
}

# A game another shutbox is playing now is not offered to be resumed on
# the setup screen (R was offered, and the program ended at its refusal);
# once that one stops, it is.
t_busy() {
	db="$TUI_DIR/busy.db"
	(echo 3+5; sleep 20) | "$bin" play --plain --db "$db" --players You \
		--seed 3 >/dev/null 2>&1 &
	busy=$!
	being_played "$db"
	tui_start 100 30 "$bin" play --db "$db" || return 1
	tui_wait "a new game" || return 1
	tui_lacks "R resumes it" "a game being played offered to resume" ||
		return 1
	tui_keys q
	tui_wait "EXIT=0" || return 1
	kill "$busy" 2>/dev/null
	wait "$busy" 2>/dev/null
	tui_start 100 30 "$bin" play --db "$db" || return 1
	tui_wait "Game 1 is not finished: R resumes it" || return 1
	# Another shutbox takes it up while the screen offers it: the offer
	# goes (the screen asks again each second), and R says why and the
	# setup screen stays (the program ended at the refusal).
	(sleep 20) | "$bin" play --plain --db "$db" --resume 1 \
		>/dev/null 2>&1 &
	busy=$!
	being_played "$db"
	tui_gone "R resumes it" || return 1
	tui_keys R
	tui_wait "game 1 is being played by another shutbox now" || return 1
	# That one stops (the game kept): offered again (it was not, until
	# the screen was opened again).
	kill "$busy" 2>/dev/null
	wait "$busy" 2>/dev/null
	tui_wait "Game 1 is not finished: R resumes it" || return 1
	# Another finishes it (its one player leaves): the offer goes, and R
	# says that there is no game to resume (it did nothing).
	printf 'q\nl\n' | "$bin" play --plain --db "$db" --resume 1 \
		>/dev/null 2>&1 || return 1
	tui_gone "R resumes it" || return 1
	tui_keys R
	tui_wait "no game to resume: none is left unfinished" || return 1
	tui_keys q
	tui_wait "EXIT=0" || return 1
}

# R on the history screen resumes the game picked, an older one than the
# setup screen offers, from the list or its replay; a game over, or one
# another shutbox plays, is refused in a line and the list stays; the
# replay of a game over does not offer R.  Back from a replay, the list
# keeps the game picked.
t_past_resume() {
	db="$TUI_DIR/past.db"
	for who in Ann Bob; do
		printf '6 1\n7\nq\nk\n' | "$bin" play --plain --db "$db" \
			--players "$who" --dice manual >/dev/null 2>&1 || return 1
	done
	printf 'q\nl\n' | "$bin" play --plain --db "$db" --players Cy \
		--seed 3 >/dev/null 2>&1 || return 1
	tui_start 100 30 "$bin" play --db "$db" || return 1
	tui_wait "Game 2 is not finished: R resumes it" || return 1
	tui_keys H
	tui_wait "History: the games played" || return 1
	tui_keys R
	# The way to its replay is Enter here (it named a shell command).
	tui_wait "game 3 is over: Enter shows its replay" || return 1
	tui_keys Enter
	tui_wait "Game 3, started" || return 1
	tui_lacks "R: resume" "R offered in the replay of a game over" ||
		return 1
	tui_keys q
	tui_wait "History: the games played" || return 1
	(sleep 20) | "$bin" play --plain --db "$db" --resume 2 \
		>/dev/null 2>&1 &
	busy=$!
	being_played "$db"
	tui_keys Down R
	tui_wait "game 2 is being played by another shutbox now" || return 1
	# Its replay offers R (the other may stop), which says why not yet.
	tui_keys Enter
	tui_wait "Game 2, started" || return 1
	tui_wait "R: resume" || return 1
	tui_keys R
	tui_wait "game 2 is being played by another shutbox now" || return 1
	tui_keys q
	kill "$busy" 2>/dev/null
	wait "$busy" 2>/dev/null
	tui_keys Down Enter
	tui_wait "Game 1, started" || return 1
	tui_keys q
	tui_wait "History: the games played" || return 1
	tui_keys R
	tui_wait "Ann to play" || return 1
	# The log tells the turn so far: its throw and its move.
	tui_wait "throw  6 1 = 7" || return 1
	tui_wait "shut   7" || return 1
	tui_keys q
	tui_wait "k, l or Esc" || return 1
	tui_keys k
	tui_wait "EXIT=0" || return 1
	"$bin" history --db "$db" | grep -q 'Ann 0; unfinished' || return 1
	# From the replay of an unfinished game.
	tui_start 100 30 "$bin" play --db "$db" || return 1
	tui_wait "R resumes it" || return 1
	tui_keys H
	tui_wait "History: the games played" || return 1
	tui_keys Down Enter
	tui_wait "Game 2, started" || return 1
	tui_wait "R: resume" || return 1
	tui_keys R
	tui_wait "Bob to play" || return 1
	tui_keys q
	tui_wait "k, l or Esc" || return 1
	tui_keys k
	tui_wait "EXIT=0" || return 1
}

# SIGKILL in the middle of a turn, then --resume: the same board and dice.
t_kill() {
	tui_start 80 24 "$bin" play --db "$TUI_DIR/k.db" --seed 11 \
		--players You,cpu || return 1
	tui_wait "press Enter to throw" || return 1
	tui_keys Enter
	tui_wait "pick the tiles to shut" || return 1
	tui_screen | head -12 >"$TUI_DIR/before.txt"
	thrown=$(tui_screen | grep -o 'throw  [0-9 ]*= [0-9]*' | head -1)
	[ -n "$thrown" ] || return 1
	pkill -KILL -f "^$bin play --db $TUI_DIR/k.db" || return 1
	tui_wait "EXIT=137" || return 1
	tui_start 80 24 "$bin" play --db "$TUI_DIR/k.db" --resume || return 1
	tui_wait "Resuming game 1" || return 1
	tui_screen | head -12 >"$TUI_DIR/after.txt"
	diff "$TUI_DIR/before.txt" "$TUI_DIR/after.txt" >&2 || return 1
	# The log tells the turn's throw again, as the plain game does.
	tui_wait "$thrown" || return 1
	# The way to go on names the history given.
	tui_keys q
	tui_wait "(shutbox play --db $TUI_DIR/k.db --resume 1)" || return 1
	tui_keys k
	tui_wait "Game 1 is kept. To go on: shutbox play --db $TUI_DIR/k.db" ||
		return 1
	tui_wait "EXIT=0" || return 1
	tui_stty_same || return 1
	# The setup screen offers the unfinished game, and R resumes it as
	# it is, whatever the command line gave for a new game (a seed).
	tui_start 80 24 "$bin" play --db "$TUI_DIR/k.db" --seed 5 || return 1
	tui_wait "Game 1 is not finished: R resumes it" || return 1
	tui_keys R
	tui_wait "Resuming game 1" || return 1
	tui_screen | head -12 >"$TUI_DIR/after.txt"
	diff "$TUI_DIR/before.txt" "$TUI_DIR/after.txt" >&2 || return 1
	tui_keys q k
	tui_wait "EXIT=0" || return 1
	# The default history (here by SHUTBOX_DB): the history screen's way
	# to go on names no --db, and fits.
	tui_start 80 24 SHUTBOX_DB="$TUI_DIR/k.db" "$bin" play || return 1
	tui_wait "Game 1 is not finished" || return 1
	tui_keys H
	tui_wait "unfinished: shutbox play --resume 1" || return 1
	tui_keys q q
	tui_wait "EXIT=0"
}

# Ctrl-C, SIGTERM and SIGHUP keep the game; a crash gives the terminal
# back as it was.
t_signals() {
	for how in C-c TERM HUP SEGV; do
		rm -f "$TUI_DIR/s.db"
		tui_start 80 24 "$bin" play --db "$TUI_DIR/s.db" --seed 5 \
			--players You,cpu || return 1
		tui_wait "press Enter to throw" || return 1
		tui_keys Enter
		tui_wait "pick the tiles to shut" || return 1
		if [ "$how" = C-c ]; then
			tui_keys C-c
		else
			pkill -"$how" -f "^$bin play --db $TUI_DIR/s.db" || return 1
		fi
		case $how in
		SEGV) tui_wait "EXIT=139" || return 1 ;;
		*)
			tui_wait "Game 1 is kept" || return 1
			tui_wait "EXIT=0" || return 1
			;;
		esac
		tui_stty_same || {
			echo "after $how" >&2
			return 1
		}
	done
}

# A terminal gone without a SIGHUP to the game (started by another
# program, here in a session of its own): the game does not ask for keys
# for ever, it stops and keeps what was played.
t_hangup() {
	tui_start 80 24 setsid -w "$bin" play --db "$TUI_DIR/g.db" --seed 5 \
		--players You,cpu || return 1
	tui_wait "press Enter to throw" || return 1
	tui_keys Enter
	tui_wait "pick the tiles to shut" || return 1
	tui_stop
	i=0
	while pgrep -f "^$bin play --db $TUI_DIR/g.db" >/dev/null; do
		i=$((i + 1))
		if [ $i -ge 100 ]; then
			echo "the game still runs, its terminal gone" >&2
			pkill -KILL -f "^$bin play --db $TUI_DIR/g.db"
			return 1
		fi
		sleep 0.05
	done
	tui_start 80 24 "$bin" play --db "$TUI_DIR/g.db" --resume || return 1
	tui_wait "Resuming game 1" || return 1
	tui_wait "pick the tiles to shut" || return 1
	tui_keys q k
	tui_wait "EXIT=0"
}

# A history that cannot be opened: the setup screen and the game say that
# the game is not kept, and why.
t_unkept() {
	: >"$TUI_DIR/file"
	tui_start 100 30 "$bin" play --db "$TUI_DIR/file/h.db" --seed 3 \
		|| return 1
	tui_wait "a new game" || return 1
	tui_wait "games are not kept: history $TUI_DIR/file/h.db" || return 1
	tui_keys Enter
	tui_wait "press Enter to throw" || return 1
	tui_wait "this game is not kept: history $TUI_DIR/file/h.db" \
		|| return 1
	tui_keys Enter
	tui_wait "pick the tiles to shut" || return 1
	tui_wait "this game is not kept: history" || return 1
	# Too long for the line under the board: it says where to look.
	tui_tmux resize-window -t t -x 60 -y 24
	tui_wait "this game is not kept: the history failed (see the" ||
		return 1
	tui_keys q k
	tui_wait "EXIT=1"
}
