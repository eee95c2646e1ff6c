# Every bad spec, list, throw or option: one line on standard error that
# starts "shutbox: ", exit status 2, nothing else.  A tile that can never
# be shut is only a warning.
while read -r args; do
	printf '$ shutbox %s\n' "$args"
	eval "shutbox $args" </dev/null
	echo "status $?"
done <<'TABLE'
moves --rules 'tiles=0-9' --throw 1,1
moves --rules 'tiles=1-33' --throw 1,1
moves --rules 'classic dice=9d6' --throw 1,1
moves --rules 'dice=2d1' --throw 1,1
moves --rules 'colour=red' --throw 1,1
moves --rules 'tiles' --throw 1,1
moves --rules 'golf classic' --throw 1,1
moves --rules 'nosuch' --throw 1,1
moves --rules 'start=10' --throw 1,1
moves --rules 'start=1-9,10' --throw 1,1
moves --rules 'start=1-9,10,12' --throw 1,1
moves --rules 'first-throw=9 start=1-8' --throw 1,1
moves --rules 'rounds=until-shut shut=zero' --throw 1,1
moves --rules 'tiles=1-32 score=digits' --throw 1,1
moves --rules 'move=up-to-0' --throw 1,1
moves --rules 'fewer-dice=sometimes' --throw 1,1
moves --rules 'tiles=1-13' --open 13 --throw 6,6
moves --rules 'tiles=1-24' --throw 6,6
moves --open 0,3 --throw 5,1
moves --open 10 --throw 5,1
moves --open 3-x --throw 5,1
moves --throw 7,1
moves --throw 0,1
moves --rules 2012 --throw 21
moves --throw 1,2,3
moves --throw 1,1,1,1,1,1,1,1,1
moves --throw a,b
moves --throw 3+5
moves --throw ''
moves --throw 5
moves --throw 1,,1
moves --throw 1,1,
moves --throw ' ,1'
moves --throw 10
moves --throw 99999999999999
moves --throw 123456789012345678901234567890
moves --open 1,,2 --throw 1,1
moves --rules 'lone-one' --open 1,2 --throw 1
moves
moves --throw
moves --first=1 --throw 1,1
moves --bogus
moves -x
play --p
moves --throw 1,1 extra
moves --help extra
moves --throw 1,1 -h extra
variants nosuch
variants classic travel
variants --bogus
variants -h extra
variants --help classic
play --rules nosuch
play --players ''
play --players 'Ann,,Bob'
play --players 'cpu:genius'
play --players 'Ann,cpu:optimla'
solve --policy fewst
solve --policy perfect
solve --p 2
solve --rules CLASSIC
solve --objective beat:99999999999999999999
solve --objective beat:1:1e-400
solve --objective beat:1:2
play --rules battle --players Ann
play --rules battle --players Ann,Bob,Cy
play --seed x
play --seed -1
play --seed +1
play --seed ' 1'
play --seed ''
play --seed 18446744073709551616
play --players 'Ann,Abcdefghijklmnopqrstuvwxyzabcdefghijklmno,Bob'
play --players "Ann,$(printf 'x%.0s' $(seq 200))y,Bob"
play --players 'cpu:fewest,cpu:genius'
play --dice loaded
play --dice
play extra
play --help extra
frobnicate
solv
--frobnicate
help frobnicate
help stat
help moves extra
--help extra
-h extra
--help moves
--version extra
-V extra
--version=1
--help=x
solve --rules clasic
solve --rules 'classic tile=1-12'
solve --rules 'tiles=1-9 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx=3'
solve --memory 17592186044416
solve --open ''
solve --open 9,9
solve --rules 'lucky-7 tiles=1-6'
solve --open '9, 9 '
solve --open '1 3'
hint --open 1-5,3 --throw 3,4
hint --rules 'classic tiles=1-22' --memory 1
hint --memory 0
solve --players 2 --rules 'classic tiles=1-22' --memory 1
solve --open ' '
solve --memory 0
solve --memory 99999999999999999999999
variants clasic
variants the300
moves --throw "$(printf '1,%.0s' $(seq 100))7"
moves --open "$(printf '1,%.0s' $(seq 40))" --throw 3,4
solve "--$(printf 'x%.0s' $(seq 100))=1"
help "$(printf 'x%.0s' $(seq 100))"
solve --rules "$(printf '\033]0;title\007')"
moves --throw "$(printf '\302\233x')"
play --plain --players "$(printf 'Ann\302\233')"
play --plain --seed 1 --rules 'rounds=until-shut first-throw=1 move=up-to-1' --players You
solve --rules 'tiles=2-2 dice=2d2 move=one-tile shut=zero until=10'
solve --rules 'tournament until=1000001'
play --plain --seed 1 --rules 'rounds=until-shut first-throw=1 move=up-to-1 dice=3d6 tiles=1-18' --players You
play --plain --seed 1 --rules 'battle tiles=2-9 dice=2d8 fewer-dice-forced=yes first-throw=4 bust=4' --players Ann,Bob
solve --rules 'tournament eliminate=1000001'
TABLE
# A mistyped option gets the nearest, as a mistyped command does.
shutbox play --dcie manual
echo "status $?"
shutbox hint --thorw 3,4
echo "status $?"
