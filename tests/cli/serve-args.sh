# shutbox serve refuses bad arguments and an unusable history in one line,
# before it listens.
shutbox serve --help | head -4
# Each option's words start at one column, on its first line as after (an
# option too long for the column has its words on the lines after it).
shutbox serve --help | awk '
	/^  --/ && NF > 2 { match($0, /^  --[^ ]+( [A-Z:]+)? +/); at[RLENGTH + 1] = 1 }
	/^    +[^ ]/ { match($0, /^ +/); at[RLENGTH + 1] = 1 }
	END { for (c in at) print "words at column", c }'
shutbox serve --listen nonsense
echo status $?
shutbox serve --listen 127.0.0.1:99999
echo status $?
shutbox serve --listen 'host name:80'
echo status $?
shutbox serve --pace fast
echo status $?
shutbox serve --max-tables 0
echo status $?
shutbox serve --idle soon
echo status $?
shutbox serve --gone 1
echo status $?
shutbox serve --clients-per-address 0
echo status $?
shutbox serve --memory-all 0
echo status $?
shutbox serve --web /nonexistent-web-dir
echo status $?
# --url: an address a link can hold, as it is.
shutbox serve --url ftp://example.org/
echo status $?
shutbox serve --url http://
echo status $?
shutbox serve --url http://:8080/
echo status $?
shutbox serve --url 'http://my box:8080/'
echo status $?
shutbox serve --url 'http://example.org/"onload="x'
echo status $?
shutbox serve --url "http://$(printf 'a%.0s' $(seq 200))/"
echo status $?
shutbox serve extra
echo status $?
shutbox serve --colour
echo status $?
# A history that cannot be opened stops it before it listens, as it stops
# history (the timeout only ends a server that would have started).
timeout 10 shutbox serve --listen 127.0.0.1:0 --db /proc/nope/x.db
echo status $?
shutbox serve --memory 0
echo "status $?"
shutbox serve --memory lots
echo "status $?"
