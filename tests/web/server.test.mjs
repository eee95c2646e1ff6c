// The life of shutbox serve: a server killed mid-game or stopped brings
// its tables back, room made at the cap on tables, a history that refuses
// a move, the memory of the tables' solvers (--memory-all), connections
// that answer nothing or never read, and the tables of one address.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync, spawn } from 'node:child_process';
import { startServer, stopServer, client, Client, seats, tempDb, history, shutbox, totalsLine, isState, isError, table, join, playOut, verdictLine } from './lib.mjs';

test('a server killed mid-game brings its tables back, seats and all', async () => {
  const db = tempDb('restart');
  let srv = await startServer(db);
  const made = await table(await client(srv.port), 'pub', ['Ann', 'Bob', 'cpu:random']);
  let ann = await join(srv.port, made, 0, made.host);
  let s = await ann.ask({ type: 'roll' }, (m) => isState(m) && m.need === 'move');
  s = await ann.ask({ type: 'move', tiles: [...(function* () { for (let t = 1; t <= 32; t++) if (Math.floor(s.moves[0] / 2 ** (t - 1)) % 2) yield t; })()] },
    (m) => isState(m) && m.need !== 'move');
  const before = s;
  await stopServer(srv, 'SIGKILL');
  srv = await startServer(db);
  try {
    assert.match(srv.out(), /1 unfinished table brought back/);
    // Ann was at the table before (away now); Bob has not come yet.
    const w = await join(srv.port, made, -1);
    assert.deepEqual(w.last('state').seats.map((x) => [x.online, x.joined]), [[false, true], [false, false], [false, false]]);
    w.close();
    ann = await join(srv.port, made, 0, made.host);
    const bob = await join(srv.port, made, 1);
    const back = ann.last('state');
    assert.equal(back.open, before.open);
    assert.deepEqual(back.seats.map((x) => x.total), before.seats.map((x) => x.total));
    assert.equal(back.turn, before.turn);
    assert.equal(back.need, before.need);
    // What happened is told again: the lines before the kill, then the
    // table's coming back.
    assert.deepEqual(back.log.slice(0, -1), before.log, back.log.join('|'));
    assert.equal(back.log.at(-1), 'The server started again; the game goes on');
    const end = await playOut([{ seat: 0, c: ann }, { seat: 1, c: bob }], bob);
    assert.equal(end.need, 'none');
    assert.match(history(db), totalsLine('Ann', 'Bob', 'cpu:random'));
    ann.close();
    bob.close();
  } finally {
    await stopServer(srv);
  }
});

// A crash between the record of a game's last action and the record of
// its end leaves a game whose actions end it but which the history holds
// unfinished, without results.  That is made here by hand, in the history
// itself: the server that starts again finishes it, its results recorded,
// and brings its table back finished, as any game that ended lately.
test('a game that ended before its end was recorded is finished as the server starts again', async () => {
  const db = tempDb('ended');
  let srv = await startServer(db, ['--pace', '0']);
  const made = await table(await client(srv.port), 'classic', ['cpu:optimal', 'cpu:random']);
  const w = await join(srv.port, made, -1);
  const end = w.last('state').need === 'none' ? w.last('state') : await w.next((m) => isState(m) && m.need === 'none', 60000);
  w.close();
  await stopServer(srv);
  const finished = history(db);
  assert.match(finished, totalsLine('cpu:optimal', 'cpu:random'));
  const recorded = () => execFileSync('sqlite3', [db, `SELECT finished FROM games WHERE id = ${made.table}; SELECT count(*) FROM results WHERE game = ${made.table};`], { encoding: 'utf8' });
  assert.equal(recorded(), '1\n2\n');
  execFileSync('sqlite3', [db, `UPDATE games SET finished = 0 WHERE id = ${made.table}; DELETE FROM results WHERE game = ${made.table};`]);
  assert.equal(recorded(), '0\n0\n', 'the history as a crash leaves it');
  srv = await startServer(db, ['--pace', '0']);
  try {
    assert.doesNotMatch(srv.out(), /brought back/);
    const c = await client(srv.port);
    const back = await c.ask({ type: 'join', table: made.table, seat: '', host: '' }, (m) => isState(m) || m.type === 'no-table');
    assert.equal(back.need, 'none', JSON.stringify(back).slice(0, 200));
    assert.equal(back.words.verdict, end.words.verdict);
    // Its game over, the log ends with the result, not the restart.
    assert.ok(!back.log.some((l) => /started again/.test(l)), back.log.join('|'));
    c.close();
    assert.equal(recorded(), '1\n2\n');
    assert.equal(history(db), finished);
    assert.match(end.words.verdict, verdictLine);
  } finally {
    await stopServer(srv);
  }
});

// A server stopped just after a game ended brings its table back as it
// was: the result on every page and another game one tap away for the
// host.  A game that ended longer ago than --idle is left in the history.
test('a table whose game ended lately comes back finished, its next game a tap away', async () => {
  const db = tempDb('ended-lately');
  let srv = await startServer(db, ['--pace', '0']);
  const made = await table(await client(srv.port), 'pub', ['Ann', 'Bob'], true);
  let ann = await join(srv.port, made, 0, made.host);
  let bob = await join(srv.port, made, 1);
  const end = await playOut([{ seat: 0, c: ann }, { seat: 1, c: bob }], ann);
  assert.equal(end.need, 'none');
  const old = await table(await client(srv.port), 'classic', ['cpu:random', 'cpu:random']);
  const w = await join(srv.port, old, -1);
  if (w.last('state').need !== 'none') await w.next((m) => isState(m) && m.need === 'none', 60000);
  [ann, bob, w].forEach((c) => c.close());
  await stopServer(srv);
  const finished = history(db);
  // The second game ended an hour ago, past the default --idle of 30 min.
  execFileSync('sqlite3', [db, `UPDATE actions SET time = time - 3600000 WHERE game = ${old.table};`]);
  srv = await startServer(db, ['--pace', '0']);
  try {
    assert.doesNotMatch(srv.out(), /brought back/);
    ann = await join(srv.port, made, 0, made.host);
    bob = await join(srv.port, made, 1);
    const back = ann.last('state');
    assert.equal(back.need, 'none');
    assert.equal(back.words.verdict, end.words.verdict);
    assert.deepEqual(back.seats.map((x) => x.total), end.seats.map((x) => x.total));
    const c = await client(srv.port);
    const gone = await c.ask({ type: 'join', table: old.table, seat: '', host: '' }, (m) => isState(m) || m.type === 'no-table');
    assert.equal(gone.type, 'no-table', JSON.stringify(gone).slice(0, 200));
    c.close();
    const toBob = bob.next((m) => m.type === 'moved');
    const moved = await ann.ask({ type: 'again' }, (m) => m.type === 'moved' || isError(m));
    assert.equal(moved.type, 'moved', moved.error);
    assert.equal((await toBob).table, moved.table);
    assert.match(history(db), new RegExp(`^\\s+${moved.table}\\s.*pub`, 'm'));
    assert.doesNotMatch(finished, new RegExp(`^\\s+${moved.table}\\s`, 'm'));
    [ann, bob].forEach((x) => x.close());
    // Its next game begun, the finished table is not brought back again
    // (its host would begin a second one); the next game is.
    await stopServer(srv);
    srv = await startServer(db, ['--pace', '0']);
    assert.match(srv.out(), /1 unfinished table brought back/);
    const c2 = await client(srv.port);
    const left = await c2.ask({ type: 'join', table: made.table, seat: '', host: '' }, (m) => isState(m) || m.type === 'no-table');
    assert.equal(left.type, 'no-table', JSON.stringify(left).slice(0, 200));
    const next = await c2.ask({ type: 'join', table: moved.table, seat: '', host: '' }, (m) => isState(m) || m.type === 'no-table');
    assert.equal(next.type, 'state');
    c2.close();
  } finally {
    await stopServer(srv);
  }
});

// What the host did to a seat is kept with the table: a player dropped is
// still said to be so once the server is started again.
test('a player the host dropped is still said to be so after a restart', async () => {
  const db = tempDb('dropped');
  let srv = await startServer(db);
  const made = await table(await client(srv.port), 'pub', ['Ann', 'Bob', 'Cy']);
  const ann = await join(srv.port, made, 0, made.host);
  const s = await ann.ask({ type: 'drop', seat: 2 }, (m) => isState(m) && m.seats[2].left);
  assert.equal(s.seats[2].note, 'dropped by the host');
  await ann.ask({ type: 'replace', seat: 1 }, (m) => isState(m) && m.log.includes('The computer plays for Bob'));
  ann.close();
  await stopServer(srv, 'SIGKILL');
  srv = await startServer(db);
  try {
    const back = await join(srv.port, made, -1);
    const b = back.last('state');
    assert.equal(b.seats[2].note, 'dropped by the host');
    assert.equal(b.seats[1].person, false);
    // The computer that took Bob's seat is told again, which the record
    // of the game does not tell (the line was lost), then the restart.
    assert.deepEqual(b.log.slice(-2), ['The computer plays for Bob', 'The server started again; the game goes on']);
    back.close();
  } finally {
    await stopServer(srv);
  }
});

test('a server started again with room for fewer tables brings back the newest', async () => {
  const db = tempDb('newest');
  let srv = await startServer(db);
  const maker = await client(srv.port);
  const older = await table(maker, 'pub', ['Ann', 'Bob']);
  const newer = await table(maker, 'pub', ['Cy', 'Dee']);
  maker.close();
  await stopServer(srv);
  srv = await startServer(db, ['--max-tables', '1']);
  try {
    assert.match(srv.out(), /1 unfinished table brought back/);
    const c = await client(srv.port);
    const s = await c.ask({ type: 'join', table: newer.table, seat: '', host: '' }, (m) => isState(m) || m.type === 'no-table');
    assert.equal(s.type, 'state', JSON.stringify(s));
    assert.deepEqual(s.seats.map((x) => x.name), ['Cy', 'Dee']);
    const gone = await c.ask({ type: 'join', table: older.table, seat: '', host: '' }, (m) => isState(m) || m.type === 'no-table');
    assert.equal(gone.type, 'no-table');
    c.close();
  } finally {
    await stopServer(srv);
  }
});

// civetweb looks at its stop flag only every 2 s while its listening socket
// and a WebSocket are quiet: the server tells each page that it is
// stopping, which closes its socket, and knocks at its own door.  The
// pages are told at once, and the listening socket closes within some
// 20 ms (without the knock, 2 s after the last connection).  That is what
// is timed, read from the kernel's table of sockets: a look that is no
// connection, and so no knock.  The process itself ends once civetweb has
// joined its thousand threads, which takes CPU: 0.05 s, 0.2 s under
// AddressSanitizer, seconds on a loaded machine, so its exit is only
// bounded loosely.
function listening(port) {
  const at = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  return readFileSync('/proc/net/tcp', 'utf8').split('\n').some((line) => {
    const f = line.trim().split(/\s+/);
    return f[1]?.endsWith(at) && f[3] === '0A';
  });
}

test('SIGTERM stops the server at once, telling every page why, and keeps the game', async () => {
  const db = tempDb('stop');
  let srv = await startServer(db);
  const made = await table(await client(srv.port), 'pub', ['Ann', 'Bob']);
  const ann = await join(srv.port, made, 0, made.host);
  const bob = await join(srv.port, made, 1);
  const closed = [ann, bob].map((c) => new Promise((resolve) =>
    c.ws.addEventListener('close', (e) => resolve({ e, at: performance.now() }))));
  const s = await ann.ask({ type: 'roll' }, (m) => isState(m) && m.need === 'move');
  assert.ok(listening(srv.port), 'no listening socket seen in /proc/net/tcp');
  const start = performance.now();
  const stopped = stopServer(srv);
  while (listening(srv.port) && performance.now() - start < 30000) await new Promise((r) => setTimeout(r, 5));
  const shut = performance.now() - start;
  await stopped;
  const ms = performance.now() - start;
  assert.ok(shut < 1500, `the listening socket closed after ${Math.round(shut)} ms`);
  assert.ok(ms < 30000, `stopped in ${Math.round(ms)} ms`);
  for (const { e, at } of await Promise.all(closed)) {
    assert.ok(at - start < 1500, `a page was told after ${Math.round(at - start)} ms`);
    assert.equal(e.code, 1001);
    assert.equal(e.reason, 'the server is stopping');
  }
  srv = await startServer(db);
  try {
    const back = (await join(srv.port, made, 0, made.host)).last('state');
    assert.equal(back.need, 'move');
    assert.deepEqual(back.throw, s.throw);
    assert.equal(back.turn, s.turn);
  } finally {
    await stopServer(srv);
  }
});

// A server stopped the moment it has printed its address (the tests'
// startServer() waits for no more) stops as cleanly as later: exit 0,
// nothing on standard error.  Its signals were once caught only after
// that, and about one such stop in three killed it outright.
test('a server stopped the moment it has printed its address stops cleanly', async () => {
  for (let i = 0; i < 10; i++) {
    const srv = await startServer(tempDb(`early${i}`));
    assert.equal(await stopServer(srv), 0);
  }
});

// Tables made and left must not keep new ones out for good: at the cap, a
// new table puts away the one nobody has been at for longest (after
// --idle minutes: 0 here), whose game stays in the history, unfinished,
// for the terminal game to go on with, and which is not brought back when
// the server starts again.
test('at the cap, the table nobody has been at for longest is put away for a new one', async () => {
  const db = tempDb('idle');
  let srv = await startServer(db, ['--max-tables', '3', '--idle', '0']);
  const joinOr = (c, made) => c.ask({ type: 'join', table: made.table, seat: '', host: '' }, (m) => isState(m) || m.type === 'no-table');
  try {
    const maker = await client(srv.port);
    const kept = await table(maker, 'pub', ['Ann', 'Bob']);
    const ann = await join(srv.port, kept, 0);
    const left = await table(maker, 'pub', ['Cy', 'Dee']);
    const later = await table(maker, 'pub', ['Eve', 'Fay']);
    // Someone comes to the oldest-made of the two and goes.
    const visitor = await join(srv.port, left, -1);
    visitor.close();
    await new Promise((r) => setTimeout(r, 300));
    // Ann is still at hers: "later" has been alone longest.
    const fourth = await table(maker, 'pub', ['Gus', 'Hal']);
    const c = await client(srv.port);
    assert.equal((await joinOr(c, later)).type, 'no-table');
    assert.equal((await joinOr(c, left)).type, 'state');
    assert.equal((await joinOr(c, kept)).type, 'state');
    assert.equal((await joinOr(c, fourth)).type, 'state');
    assert.match(history(db), new RegExp(`^\\s+${later.table}\\s[^\\n]*\\n\\s+Eve 0, Fay 0; unfinished`, 'm'));
    [maker, ann, c].forEach((x) => x.close());
    await stopServer(srv);
    // The table put away is the terminal game's now: an ordinary
    // unfinished game, that play --resume goes on with.
    assert.doesNotMatch(history(db, String(later.table)), /shutbox serve/);
    const resumed = execFileSync(shutbox, ['play', '--plain', '--db', db, '--resume', String(later.table)],
      { encoding: 'utf8', input: '' });
    assert.match(resumed, new RegExp(`Resuming game ${later.table} after`));
    srv = await startServer(db, ['--max-tables', '3']);
    assert.match(srv.out(), /3 unfinished tables brought back/);
    const d = await client(srv.port);
    assert.equal((await joinOr(d, later)).type, 'no-table');
    // With the default --idle, tables just left are not put away.
    assert.match((await d.ask({ type: 'create', rules: 'pub', seats: seats('A'), hints: false }, isError)).error,
      /as many tables as it can hold; one that nobody has been at for 30 minutes makes room/);
    d.close();
  } finally {
    await stopServer(srv);
  }
});

// Each table's game is held while it is played (history says so), by the
// table itself: a table put away lets go of its own game alone (before,
// of every table's), and a table brought back at a restart is held again
// (before, it was not), so that a second server on the same history does
// not bring it back as well, nor one whose game ended lately.
test("each table holds its own game, put away or brought back", async () => {
  const db = tempDb('held');
  const playing = () => Object.fromEntries(JSON.parse(history(db, '--json')).map((g) => [g.id, g.playing]));
  let srv = await startServer(db, ['--max-tables', '2', '--idle', '0']);
  let other = null;
  try {
    const maker = await client(srv.port);
    const a = await table(maker, 'pub', ['Ann', 'Bob']);
    const b = await table(maker, 'pub', ['Cy', 'Dee']);
    const cy = await join(srv.port, b, 0);
    assert.deepEqual(playing(), { [a.table]: true, [b.table]: true });
    // A third table puts away the first, nobody at it.
    const c = await table(maker, 'pub', ['Eve', 'Fay']);
    assert.deepEqual(playing(), { [a.table]: false, [b.table]: true, [c.table]: true });
    [maker, cy].forEach((x) => x.close());
    await stopServer(srv, 'SIGKILL');
    srv = await startServer(db, ['--max-tables', '3', '--pace', '0']);
    assert.match(srv.out(), /2 unfinished tables brought back/);
    assert.deepEqual(playing(), { [a.table]: false, [b.table]: true, [c.table]: true });
    // And a game of two computers, over.
    const e = await table(await client(srv.port), 'classic', ['cpu:random', 'cpu:random']);
    const w = await join(srv.port, e, -1);
    if (w.last('state').need !== 'none') await w.next((m) => isState(m) && m.need === 'none', 60000);
    w.close();
    // A second server on the same history leaves them to the first.
    other = await startServer(db, ['--max-tables', '3']);
    assert.doesNotMatch(other.out(), /brought back/);
    const d = await client(other.port);
    for (const t of [b.table, c.table, e.table]) {
      assert.match(other.err(), new RegExp(`table ${t} is being played by another shutbox: it is not brought back`));
      assert.equal((await d.ask({ type: 'join', table: t, seat: '', host: '' }, (m) => isState(m) || m.type === 'no-table')).type, 'no-table');
    }
    d.close();
  } finally {
    if (other) await stopServer(other, 'SIGKILL');
    await stopServer(srv);
  }
});

// If the history ever refuses a move the server books (here another
// writer has taken its number), everyone at the table is told, not only
// the server's standard error; the game goes on.
test('a move the history refuses is told to everyone at the table', async () => {
  const db = tempDb('refused');
  const srv = await startServer(db);
  try {
    const maker = await client(srv.port);
    const made = await table(maker, 'pub', ['Ann', 'Bob']);
    const ann = await join(srv.port, made, 0);
    const bob = await join(srv.port, made, 1);
    const watcher = await join(srv.port, made, -1);
    assert.equal(ann.last('state').alert, '');
    execFileSync('sqlite3', [db, `INSERT INTO actions VALUES (${made.table}, `
      + `(SELECT count(*) FROM actions WHERE game = ${made.table}), 1, 0, 0, '', 0, 0)`]);
    const told = [bob, watcher].map((c) => c.next((m) => isState(m) && m.alert !== ''));
    const s = await ann.ask({ type: 'roll' }, (m) => isState(m) && m.need === 'move');
    for (const m of [s, ...(await Promise.all(told))]) {
      assert.match(m.alert, /no longer recorded in the history/);
      assert.ok(m.log.some((l) => /no longer recorded/.test(l)), m.log.join('|'));
    }
    // The server's warning comes on another pipe: it may come after.
    for (let n = 0; n < 100 && !/another program/.test(srv.err()); n++) await new Promise((r) => setTimeout(r, 50));
    assert.match(srv.err(), /another program has written to the same game/);
    // The game goes on, and those who join later are told too.
    const late = await join(srv.port, made, -1);
    assert.match(late.last('state').alert, /no longer recorded/);
    [maker, ann, bob, watcher, late].forEach((c) => c.close());
  } finally {
    await stopServer(srv, 'SIGINT');
  }
});

// A finished table is kept until room is needed, but not its solvers: a
// game of the-300 held its 257 MiB after it ended, until the table was
// let go (at the cap of 200 tables).
test('a finished table lets go of its solvers', async () => {
  const srv = await startServer(tempDb('letgo'), ['--pace', '0']);
  const rss = () => Number(readFileSync(`/proc/${srv.proc.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]);
  try {
    const host = await client(srv.port);
    const made = await table(host, 'the-300', ['cpu:optimal', 'cpu:optimal']);
    const w = await join(srv.port, made, -1);
    let most = 0;
    const timer = setInterval(() => { most = Math.max(most, rss()); }, 50);
    const end = w.last('state').need === 'none' ? w.last('state') : await w.next((m) => isState(m) && m.need === 'none', 120000);
    clearInterval(timer);
    assert.match(end.words.verdict, verdictLine);
    await new Promise((r) => setTimeout(r, 300));
    if (!(process.env.SHUTBOX_TEST_SKIP || '').split(/\s+/).includes('memory')) {
      assert.ok(most > 200 * 1024, `the solver was made: ${most} KiB at most`);
      assert.ok(rss() < 100 * 1024, `${rss()} KiB resident after the game, ${most} KiB at most`);
    }
    // The finished table still shows its end to a page that joins.
    const late = await join(srv.port, made, -1);
    assert.equal(late.last('state').need, 'none');
    assert.equal(late.last('state').words.verdict, end.words.verdict);
    [host, w, late].forEach((c) => c.close());
  } finally {
    await stopServer(srv);
  }
});

// The solvers of the games not finished fit in --memory-all together: a
// table past it is refused, with the figures, until a game ends. One
// address could make 20 tables of 512 MiB each, and ten of them the 200
// tables a server holds.
test('the games not finished fit in --memory-all', async () => {
  const db = tempDb('all');
  let srv = await startServer(db, ['--memory-all', '300']);
  try {
    const host = await client(srv.port);
    const a = await table(host, 'the-300', ['Ann', 'Bob']);
    const no = await host.ask({ type: 'create', rules: 'the-300', seats: seats('Cy', 'Di'), hints: false }, (m) => m.type !== 'catalog');
    assert.equal(no.type, 'error');
    assert.match(no.error, /^the server is busy: its games not finished may take 25\d MiB for their computers and hints, and this one 25\d MiB more, past the 300 MiB allowed them together; try again when a game ends, or when a table has had nobody at it for 30 minutes$/);
    await table(host, 'classic', ['Cy', 'Di']);
    // Rules that alone need more, with a computer that plays to win and
    // hints (on the-300 it plays the lowest expected score, with a solver
    // of its own); a board past --memory counts nothing, since no
    // computer can take a seat there.
    const alone = await host.ask({ type: 'create', rules: 'the-300', seats: seats('Cy', 'cpu:perfect'), hints: true }, (m) => m.type !== 'catalog');
    assert.match(alone.error || '', /^these rules need up to 51\d MiB for a computer or hints, more than the 300 MiB the server allows every game not finished together \(its --memory-all\)$/);
    await table(host, 'classic tiles=1-28', ['Cy', 'Di']);
    // The host drops Bob: Ann is left alone, and the game is over.
    const ann = await join(srv.port, a, 0, a.host);
    const end = await ann.ask({ type: 'drop', seat: 1 }, (m) => isState(m) && m.need === 'none');
    // Said as the host's doing: Bob did not leave of his own will.
    assert.equal(end.words.verdict, 'Ann wins: the host dropped everyone else.');
    await table(host, 'the-300', ['Cy', 'Di']);
    [host, ann].forEach((c) => c.close());
    // A table brought back holds its part again.
    await stopServer(srv);
    srv = await startServer(db, ['--memory-all', '300']);
    const again = await client(srv.port);
    const still = await again.ask({ type: 'create', rules: 'the-300', seats: seats('Ed', 'Flo'), hints: false }, (m) => m.type !== 'catalog');
    assert.match(still.error || '', /^the server is busy/);
    again.close();
  } finally {
    await stopServer(srv);
  }
});

// A table that nobody has been at for --idle minutes is put away for the
// memory of a new one, as it is for room at --max-tables: its game stays
// in the history, unfinished, for play --resume.
test('a table nobody is at is put away for memory', async () => {
  const db = tempDb('idle-memory');
  const srv = await startServer(db, ['--memory-all', '300', '--idle', '0']);
  let a;
  try {
    const host = await client(srv.port);
    a = await table(host, 'the-300', ['Ann', 'Bob']);
    const ann = await join(srv.port, a, 0);
    // Ann is at it: it stays, and the next one waits.
    const no = await host.ask({ type: 'create', rules: 'the-300', seats: seats('Cy', 'Di'), hints: false }, (m) => m.type !== 'catalog');
    assert.match(no.error || '', /^the server is busy/);
    // Ann gone (her close answered: the server has let her go), the
    // next one is made; asked again while the server may still be at it.
    const closed = new Promise((r) => ann.ws.once('close', r));
    ann.close();
    await closed;
    let made = null;
    for (let n = 0; n < 50 && !made; n++) {
      const m = await host.ask({ type: 'create', rules: 'the-300', seats: seats('Cy', 'Di'), hints: false }, (x) => x.type !== 'catalog');
      if (m.type === 'created') made = m;
      else {
        assert.match(m.error || '', /^the server is busy/, JSON.stringify(m));
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const b = made;
    assert.ok(b, 'the table nobody is at was not put away');
    assert.notEqual(b.table, a.table);
    const late = await client(srv.port);
    const gone = await late.ask({ type: 'join', table: a.table, seat: a.seats[0].token, host: '' }, (m) => m.type !== 'catalog');
    assert.equal(gone.type, 'no-table', JSON.stringify(gone));
    [host, late].forEach((c) => c.close());
  } finally {
    await stopServer(srv);
  }
  assert.match(history(db), new RegExp(`unfinished: \\S*shutbox play --db \\S+ --resume ${a.table}$`, 'm'));
});

// A connection that answers nothing, not even the server's pings (a phone
// gone out of reach), is closed after --gone seconds and its seat shown
// offline; one that answers the pings stays, however long it says nothing.
// civetweb closed such a connection after 210 s.
test('a connection that answers nothing is let go after --gone', async () => {
  const srv = await startServer(tempDb('gone'), ['--gone', '3']);
  try {
    const host = await client(srv.port);
    const made = await table(host, 'classic', ['Ann', 'Bob']);
    const ann = new Client(srv.port, { autoPong: false });
    await ann.open;
    await ann.ask({ type: 'join', table: made.table, seat: made.seats[0].token, host: '' }, isState);
    const t0 = Date.now();
    const bob = await join(srv.port, made, 1);
    assert.equal(bob.last('state').seats[0].online, true);
    const off = await bob.next((m) => isState(m) && !m.seats[0].online, 15000);
    const took = Date.now() - t0;
    assert.ok(took > 2000 && took < 6000, `Ann was let go after ${took} ms`);
    assert.equal(off.seats[1].online, true);
    if (!ann.closed) await new Promise((r) => ann.ws.once('close', r));
    await new Promise((r) => setTimeout(r, 4000));
    assert.equal(bob.closed, false, 'Bob answered the pings and stays');
    assert.equal(host.closed, false);
    [host, bob].forEach((c) => c.close());
  } finally {
    await stopServer(srv);
  }
});

// Clients that join a table and never read (tests/web/stuck.c: a receive
// buffer of 1 KiB each) hold up their own writers alone: another table's
// computers keep their pace. Each connection's frames were written by the
// thread that made them, and the computers of every table are paced by one
// thread: writing to a socket that took nothing more held it 10 s at a
// time (civetweb's write timeout), and every table with it.
test('clients that never read hold up no other table', async () => {
  const dir = tempDb('stuck').replace(/[^/]*$/, '');
  execFileSync('cc', ['-O1', '-o', `${dir}stuck`, new URL('./stuck.c', import.meta.url).pathname]);
  const srv = await startServer(`${dir}stuck.db`, ['--pace', '0']);
  let stuck;
  try {
    const host = await client(srv.port);
    const cpus = Array.from({ length: 12 }, () => 'cpu:random');
    const a = await table(host, 'tournament until=100000', cpus);
    const b = await table(host, 'tournament until=100000', cpus);
    stuck = spawn(`${dir}stuck`, [String(srv.port), String(a.table), '10', '120'], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise((resolve, reject) => {
      stuck.stdout.once('data', resolve);
      stuck.once('exit', (code) => reject(new Error(`stuck exited ${code}`)));
    });
    const watcher = await join(srv.port, b, -1);
    let last = Date.now(), worst = 0, states = 0;
    watcher.ws.on('message', () => {
      const now = Date.now();
      worst = Math.max(worst, now - last);
      last = now;
      states++;
    });
    await new Promise((r) => setTimeout(r, 35000));
    worst = Math.max(worst, Date.now() - last);
    assert.ok(worst < 5000, `table ${b.table} waited ${worst} ms between two states (${states} in 35 s)`);
    assert.ok(states > 100, `${states} states in 35 s`);
    [host, watcher].forEach((c) => c.close());
  } finally {
    stuck?.kill();
    await stopServer(srv);
  }
});

// One address cannot take every table: past 20 not finished, its next is
// refused with the reason, and what makes room; one of its own that nobody
// has been at for --idle minutes does, put away for it (before, its tables
// left counted until the server was full).
test('one address makes at most 20 tables not finished, or --tables-per-address', async () => {
  const srv = await startServer(tempDb('per-addr'));
  try {
    const c = await client(srv.port);
    for (let i = 0; i < 20; i++) await table(c, 'pub', ['Ann']);
    const e = await c.ask({ type: 'create', rules: 'pub', seats: seats('Ann'), hints: false }, (m) => m.type !== 'catalog');
    assert.equal(e.type, 'error');
    assert.match(e.error, /^this address has made 20 tables that are not finished, and someone has been at each in the last 30 minutes: finish one, or leave one for that long, and it makes room$/);
    c.close();
  } finally {
    await stopServer(srv);
  }
  const srv3 = await startServer(tempDb('per-addr-idle'), ['--tables-per-address', '2', '--idle', '0']);
  try {
    const c = await client(srv3.port);
    const first = await table(c, 'pub', ['Ann']);
    const second = await table(c, 'pub', ['Ann']);
    const watching = await join(srv3.port, second, -1);
    await table(c, 'pub', ['Ann']);
    const gone = await c.ask({ type: 'join', table: first.table, seat: '', host: '' }, (m) => isState(m) || m.type === 'no-table');
    assert.equal(gone.type, 'no-table');
    // The one watched was not put away.
    const still = await c.ask({ type: 'join', table: second.table, seat: '', host: '' }, (m) => isState(m) || m.type === 'no-table');
    assert.equal(still.type, 'state');
    [c, watching].forEach((x) => x.close());
  } finally {
    await stopServer(srv3);
  }
  // Made at once on many connections, the tables being made count too.
  const srv2 = await startServer(tempDb('per-addr-at-once'), ['--tables-per-address', '5']);
  try {
    const cs = await Promise.all(Array.from({ length: 30 }, () => client(srv2.port)));
    const got = await Promise.all(cs.map((c) => c.ask({ type: 'create', rules: 'pub', seats: seats('Ann'), hints: false },
      (m) => m.type === 'created' || isError(m))));
    assert.equal(got.filter((m) => m.type === 'created').length, 5, JSON.stringify(got.filter(isError)[0]));
    assert.ok(got.filter(isError).every((m) => /made 5 tables/.test(m.error)));
    cs.forEach((c) => c.close());
  } finally {
    await stopServer(srv2);
  }
});
