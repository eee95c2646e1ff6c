# Control characters never reach the terminal.  A name holding one, or
# bytes that are not UTF-8, is refused in one line that says where; all
# that is echoed back (a bad rule item, a word or a move typed, a name read
# back from the history) shows them escaped, as \x1b.  So this output holds
# no control character but the line ends.
names() {
	printf '$ shutbox play --players %s\n' "$1"
	shutbox play --plain --no-history --seed 1 --players "$2" \
		</dev/null >out 2>err
	st=$?
	cat err
	sed -n '/^players/p' out
	echo "status $st"
}
names 'Ann<ESC>]0;title<BEL>' "$(printf 'Ann\033]0;title\007')"
names 'Ann<LF>Bob' "$(printf 'Ann\nBob')"
names 'Bob,<CR>Ann' "$(printf 'Bob,\rAnn')"
names 'Ann<DEL>' "$(printf 'Ann\177')"
names 'Zoë<U+009B>' "$(printf 'Zo\303\253\302\233')"
names 'Ann<FF>' "$(printf 'Ann\377')"
names 'Ann<C0 AF>, an overlong /' "$(printf 'Ann\300\257')"
names 'Ann<ED A0 80>, a surrogate' "$(printf 'Ann\355\240\200')"
names 'Zoë,李,Ann<E2 82>' "$(printf 'Zo\303\253,\346\235\216,Ann\342\202')"
names 'Zoë,李' "$(printf 'Zo\303\253,\346\235\216')"

# A rule word, a value or a preset holding ESC is quoted escaped.
for spec in 'classic <ESC>[2Jcolour=red' 'classic first-miss=<ESC>[2J' \
	'<ESC>[2Jclassic' 'classic tiles=1-<CSI>9'; do
	printf '$ shutbox solve --rules %s\n' "$spec"
	shutbox solve --rules "$(printf '%s' "$spec" |
		sed "s/<ESC>/$(printf '\033')/; s/<CSI>/$(printf '\302\233')/")"
	echo "status $?"
done

# What a person types is echoed, and quoted when it is refused, escaped:
# a move, a dice count, the faces of real dice, a quit answer.  A line of
# more than 1024 bytes is skipped in one line, and so is one with a NUL
# byte (read as an empty line, before).
echo '$ shutbox play --plain (moves typed with ESC, BEL, CR, and a long line)'
{
	printf '\033[31m7\n3\007\n7\r\n\033\n'
	head -c 5000 /dev/zero | tr '\0' '\033'
	printf '\n7\nq\n\033\ns\n'
} | shutbox play --plain --no-history --seed 4 --players You
echo "status $?"
echo '$ shutbox play --plain --dice manual (a line with a NUL byte)'
printf '\000\377 7\n6 1\nq\nl\n' |
	shutbox play --plain --no-history --dice manual --players You 2>&1 |
	sed -n '/Round/,$p' | head -6
echo '$ shutbox play --plain --dice manual (dice typed with ESC)'
printf '6\033[D5\n6 5\n\033\n1\n' |
	shutbox play --plain --no-history --dice manual 2>&1 \
		--rules 'classic fewer-dice=any-time' --players You |
	sed -n '/Round/,$p' | head -10

# A name read back from the history (written there by another program) is
# shown escaped by history, by its replay and by a resumed game.
echo '$ shutbox play --players Ann --seed 2 (then Ann renamed in the database)'
printf 'q\ns\n' | shutbox play --plain --seed 2 --players Ann >/dev/null 2>&1
sqlite3 "$SHUTBOX_DB" \
	"UPDATE seats SET name = 'Ann' || char(27) || ']0;title' || char(7)"
echo '$ shutbox history'
shutbox history | sed '1s/  [0-9][0-9-]* [0-9:]*  /  DATE  /'
echo "status $?"
echo '$ shutbox history 1'
shutbox history 1 | sed '1d; /^players/q'
echo "status $?"
echo '$ shutbox play --plain --resume'
printf 'q\ns\n' | shutbox play --plain --resume 2>&1 | grep -i 'ann'
echo "status $?"
# A game without a history offers to stop, not to keep it.
printf 'q\nk\n' | shutbox play --no-history --players Ann --seed 1 2>&1 |
	grep -E 'Quit|not kept'
