# shutbox solve --players: each seat's chance of winning one round when
# every seat plays to win.

# The published answer (Yale CPSC 474, 2019): two players, a shut box wins
# at once, a tie counts half, one die once the open tiles add up to 6 or
# less; the first player's share is 0.502810.
shutbox solve --players 2 --rules 'classic fewer-dice=low-sum fewer-dice-forced=yes'
# The same for classic, and with two dice always.
shutbox solve --players 2
shutbox solve --players 2 --rules 'classic fewer-dice=never'
# More seats, a tie shared under shut=zero; one player is refused (nobody
# to beat).
shutbox solve --players 4
shutbox solve --players 3 --rules 'classic shut=zero'
shutbox solve --players 1
# A stake: the money of each seat per game.
shutbox solve --players 4 --rules pub
shutbox solve --players 2 --rules pub --json
echo "status $?"

# The last of two players facing 20 plays beat:20:0.5: a tie is half a
# win (more than beat:20, less than beat:21); printed back as given.
shutbox solve --objective beat:20
shutbox solve --objective beat:20:0.5
shutbox solve --objective beat:21
shutbox solve --objective beat:20:0.5 --json | grep objective
shutbox hint --open 1-4,7 --throw 4,3 --objective beat:8:0.5
shutbox solve --objective beat:20:2
echo "status $?"

# Two players, whole matches: five rounds; three rounds with a stake.
shutbox solve --players 2 --rules five-rounds
shutbox solve --players 2 --rules 'classic rounds=3 stake=2' --json
echo "status $?"

# A first throw that misses loses (2-to-go, 3-to-go): one round, a match.
shutbox solve --players 2 --rules 2-to-go
shutbox solve --players 3 --rules 3-to-go
shutbox solve --players 2 --rules '2-to-go rounds=3'
# Until someone shuts the box: lucky-7 is 6/11 for the first of two.
shutbox solve --players 2 --rules lucky-7
shutbox solve --players 3 --rules 'lucky-7 stake=1'
shutbox solve --players 3 --rules '3-to-go rounds=until-shut'
# until and eliminate together: the lower ends the match.
shutbox solve --players 2 --rules 'final-player until=30'
# Scores past 1023 (digits): a round, told apart by the scores a turn
# can end with.
shutbox solve --players 3 --rules digital
# An exact match of three, small enough.
shutbox solve --players 3 --rules 'classic tiles=1-5 rounds=2'
echo "status $?"

# Refused: a match of three too big, scores too large, until-shut with a
# miss that loses past 12 players, one player's match, a battle, other
# options, bad numbers.
shutbox solve --players 3 --rules five-rounds
echo "status $?"
# Refused at once: a seat that has thrown in the round may be past T by a
# turn's score, which the rough count once left out (it worked for
# minutes, then gave up).
shutbox solve --players 4 --rules 'classic until=5'
echo "status $?"
shutbox solve --players 3 --rules 'digital rounds=2'
shutbox solve --players 2 --rules 'full-house score=digits'
shutbox solve --players 13 --rules '3-to-go rounds=until-shut'
shutbox solve --players 1 --rules tournament
shutbox solve --players 3 --rules the-300
shutbox solve --players 2 --rules battle
shutbox solve --players 2 --objective shut
shutbox solve --players 2 --table
shutbox solve --players 0
shutbox solve --players 65
shutbox solve --players two
echo "status $?"
