# lib.sh - driving the full-screen game in a real terminal, for the tests.
#
# Each test runs shutbox in a tmux session of its own (its own socket,
# killed by a trap), sends keys and reads the screen with capture-pane.

TUI_SOCK="shutbox-test-$$"
tui_n=0

tui_tmux() {
	tmux -L "$TUI_SOCK" -f /dev/null "$@"
}

# tui_start COLS ROWS COMMAND...: the command in a fresh terminal.
tui_start() {
	cols=$1 rows=$2
	shift 2
	tui_kill
	rm -f "$TUI_DIR/stty.before" "$TUI_DIR/stty.after"
	# A socket of its own: a server being killed may linger on the last.
	tui_n=$((tui_n + 1))
	TUI_SOCK="shutbox-test-$$-$tui_n"
	tui_tmux new-session -d -s t -x "$cols" -y "$rows" \
		"stty -a >$TUI_DIR/stty.before 2>&1; env LANG=C.UTF-8 TERM=screen-256color $*; rc=\$?; stty -a >$TUI_DIR/stty.after 2>&1; echo \"EXIT=\$rc\"; sleep 600"
	tui_tmux set-option -t t remain-on-exit on >/dev/null
	tui_pid=$(tui_tmux display -p -t t '#{pane_pid}')
}

# The pane's processes are killed first: a game whose terminal vanished
# with the server could go on using the processor (one built with
# AddressSanitizer did) through the tests after it.
tui_kill() {
	if [ -n "${tui_pid:-}" ]; then
		kill -s KILL -- "-$tui_pid" 2>/dev/null
		tui_pid=
	fi
	tui_tmux kill-server 2>/dev/null
}

tui_stop() {
	tui_kill || true
}

tui_screen() {
	tui_tmux capture-pane -t t -p "$@"
}

tui_keys() {
	tui_tmux send-keys -t t "$@"
}

# tui_keys_redrawn KEY...: sends the keys, then waits (5 s at most) until
# the screen is drawn anew, so that a look after it sees what they did: a
# key sent again on a screen not yet drawn again would act twice.
tui_keys_redrawn() {
	_redrawn_before=$(tui_screen)
	tui_keys "$@"
	_redrawn_n=0
	while [ "$(tui_screen)" = "$_redrawn_before" ] &&
		[ $_redrawn_n -lt 100 ]; do
		sleep 0.05
		_redrawn_n=$((_redrawn_n + 1))
	done
}

# tui_over_wait [SECONDS]: waits for the game-over window, then past the
# second in which it lets Enter go (typed for the last turn).
tui_over_wait() {
	tui_wait "The game is over" "${1:-10}" || return 1
	sleep 1.1
}

# tui_drained: the program has read every key sent (the input queue of
# the pane's terminal is empty: FIONREAD, 0x541B on Linux).
tui_drained() {
	[ "$(perl -e 'open(my $f, "<", $ARGV[0]) or die;
		my $n = pack("L", 0); ioctl($f, 0x541B, $n) or die;
		print unpack("L", $n)' \
		"$(tui_tmux display -p -t t '#{pane_tty}')")" = 0 ]
}

# tui_poll SECONDS COMMAND...: runs COMMAND every 50 ms until it succeeds
# (0) or SECONDS have gone by (1).
tui_poll() {
	i=0
	limit=$(($1 * 20))
	shift
	while [ $i -lt $limit ]; do
		if "$@"; then
			return 0
		fi
		sleep 0.05
		i=$((i + 1))
	done
	return 1
}

# tui_shows TEXT: the screen shows TEXT, on one line or on two that the
# terminal wrapped (the shell's line about a killed command wraps
# "EXIT=137" where the length of the paths puts it).
tui_shows() {
	tui_screen -J | grep -qF -- "$1"
}

# tui_ended: the pane's command has ended, by what tmux says of the pane.
tui_ended() {
	[ "$(tui_tmux display -p -t t '#{pane_dead}' 2>/dev/null)" = 1 ]
}

# tui_wait TEXT [SECONDS]: waits until the screen shows TEXT.
tui_wait() {
	tui_poll "${2:-10}" tui_shows "$1" && return 0
	echo "timed out waiting for: $1" >&2
	tui_screen >&2
	return 1
}

# tui_dead [SECONDS]: waits until the pane's command has ended (an
# interrupt that stops the pane's shell as well leaves no "EXIT=" line,
# and tmux does not always draw its own).
tui_dead() {
	tui_poll "${1:-10}" tui_ended && return 0
	echo "timed out waiting for the pane's command to end" >&2
	tui_screen >&2
	return 1
}

# tui_stty_same: the terminal's modes after the program as before it (the
# shell writes them once the program has ended: waited for).
tui_stty_same() {
	i=0
	while [ ! -s "$TUI_DIR/stty.after" ] && [ $i -lt 100 ]; do
		sleep 0.05
		i=$((i + 1))
	done
	diff "$TUI_DIR/stty.before" "$TUI_DIR/stty.after" >&2
}

# tui_has PATTERN WHY: fails, saying WHY and showing the screen, unless
# the screen shows PATTERN (a grep basic regular expression) now: a line
# as a whole, with ^ and $.
tui_has() {
	if ! tui_screen | grep -q -- "$1"; then
		echo "$2" >&2
		tui_screen >&2
		return 1
	fi
}

# tui_lacks PATTERN WHY: fails, saying WHY and showing the screen, when
# the screen shows PATTERN (a grep basic regular expression) now.
tui_lacks() {
	if tui_screen | grep -q -- "$1"; then
		echo "$2" >&2
		tui_screen >&2
		return 1
	fi
}

# tui_gone TEXT: waits until the screen no longer shows TEXT.
tui_gone() {
	tui_poll 10 tui_lost "$1" && return 0
	echo "still on the screen: $1" >&2
	return 1
}

# tui_lost TEXT: the screen does not show TEXT (not joining wrapped lines).
tui_lost() {
	! tui_screen | grep -qF -- "$1"
}

# tui_pick_best: asks the hint, picks its best move key by key (in $move)
# and shuts it.
tui_pick_best() {
	tui_keys h
	# The first choice, not the window's title ("best first"), which
	# shows while the odds are still being worked out.
	tui_wait "│ best " 20 || return 1
	move=$(tui_screen | sed -n 's/.*best \([0-9+]*\) .*/\1/p' | head -1)
	tui_keys Escape
	tui_gone "Hint: the choices" || return 1
	# The only move is picked already.
	if ! tui_screen | grep -qF "picked $move "; then
		for tile in $(echo "$move" | tr '+' ' '); do
			tui_keys "$tile"
		done
	fi
	tui_wait "picked $move " || return 1
	tui_keys Enter
	# Shut: the pick is gone from the screen before anything else.
	tui_gone "picked $move " || return 1
}

# tui_count_best: asks the hint at a choice of how many dice, and types
# its best count, which throws: this player's question is gone (the next
# player may be asked a count too).
tui_count_best() {
	who=$(tui_screen |
		sed -n 's/^ \(.*\): you may throw .*/\1/p' | tail -1)
	tui_keys h
	tui_wait "│ best " 20 || return 1
	count=$(tui_screen | sed -n 's/.*best \([0-9]\) di.*/\1/p' | head -1)
	tui_keys Escape
	tui_gone "Hint: the dice" || return 1
	tui_keys "$count"
	tui_gone "$who: you may throw" || return 1
}

# tui_best_until PATTERN: the person throws and plays the hint's best
# until the screen matches PATTERN (a grep pattern); fails after 60 steps.
tui_best_until() {
	n=0
	while ! tui_screen | grep -q "$1"; do
		n=$((n + 1))
		if [ $n -gt 60 ]; then
			echo "never on the screen: $1" >&2
			tui_screen >&2
			return 1
		fi
		case "$(tui_screen)" in
		*"pick the tiles to shut"*) tui_pick_best || return 1 ;;
		*"press Enter to throw"*) tui_keys_redrawn Enter ;;
		*"type how many"*) tui_count_best || return 1 ;;
		esac
		sleep 0.2
	done
}

# tui_play_best: while a person is to pick tiles, asks the hint and plays
# its best move; Enter throws.  Ends when the game is over.
tui_play_best() {
	n=0
	while [ $n -lt 400 ]; do
		n=$((n + 1))
		s=$(tui_screen)
		case "$s" in
		*"The game is over"*) return 0 ;;
		*"press Enter to throw"* | *"type how many"*)
			# Once: a second Enter on a screen not yet drawn again
			# could close the window of a game that ended.
			tui_keys_redrawn Enter
			;;
		*"pick the tiles to shut"*) tui_pick_best || return 1 ;;
		esac
		sleep 0.1
	done
	echo "the game did not end" >&2
	return 1
}
