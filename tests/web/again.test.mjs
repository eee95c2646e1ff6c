// Another game with the same players, over the protocol: every page at
// the table goes on to it, at its seats, and a page late with an old link
// too; a player who left, or whom the host dropped, has no seat there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { startServer, stopServer, client, tempDb, history, isState, isError, stateOf, table, join, playOut } from './lib.mjs';

// The game over, the host starts another with the same players: every
// page at the table goes on to it, at its seats; only the host may, and
// only once the game is over, and once.
test('another game with the same players: every page goes on to it', async () => {
  const db = tempDb('again');
  const srv = await startServer(db);
  try {
    const maker = await client(srv.port);
    const made = await table(maker, 'pub', ['Ann', 'Bob', 'cpu:fewest'], true);
    const ann = await join(srv.port, made, 0, made.host);
    const bob = await join(srv.port, made, 1);
    const watcher = await join(srv.port, made, -1);
    assert.match((await ann.ask({ type: 'again' }, isError)).error, /^the game is not over$/);
    await playOut([{ seat: 0, c: ann }, { seat: 1, c: bob }], ann);
    assert.match((await bob.ask({ type: 'again' }, isError)).error, /^only the table's host may start another game$/);
    const toBob = bob.next((m) => m.type === 'moved');
    const toWatcher = watcher.next((m) => m.type === 'moved');
    const moved = await ann.ask({ type: 'again' }, (m) => m.type === 'moved' || isError(m));
    assert.equal(moved.type, 'moved', moved.error);
    assert.ok(moved.table > made.table);
    assert.match(moved.host, /^[0-9a-f]{32}$/);
    assert.deepEqual(moved.seats.map((x) => [x.name, x.person]), [['Ann', true], ['Bob', true], ['cpu:fewest', false]]);
    assert.equal(moved.seat, moved.seats[0].token);
    const b = await toBob;
    assert.equal(b.table, moved.table);
    assert.equal(b.seat, moved.seats[1].token);
    assert.equal(b.host, '');
    assert.equal(b.seats, undefined);
    assert.deepEqual([(await toWatcher).seat, (await toWatcher).host], ['', '']);
    // Once: asked again, the game already started.
    assert.match((await ann.ask({ type: 'again' }, isError)).error, new RegExp(`^the next game is already at table ${moved.table}$`));
    // The old table says where the game went on; a page that comes to
    // watch it late is sent on to watch the next (it stayed on the game
    // over, whose page said it would go on by itself).
    const toMaker = maker.next((m) => m.type === 'moved');
    const old = await maker.ask({ type: 'join', table: made.table, seat: '', host: '' }, isState);
    assert.ok(old.log.includes(`The host started another game with the same players at table ${moved.table}`), old.log.join('|'));
    assert.deepEqual([(await toMaker).table, (await toMaker).seat, (await toMaker).host], [moved.table, '', '']);
    // A page that comes late with Bob's old link goes on too: it is sent
    // on, to Bob's seat there (it was left at the old game's end).
    const late = await client(srv.port);
    const lateMoved = late.next((m) => m.type === 'moved');
    await late.ask({ type: 'join', table: made.table, seat: made.seats[1].token, host: '' }, isState);
    assert.deepEqual(await lateMoved, b);
    late.close();
    const lateHost = await client(srv.port);
    const hostMoved = lateHost.next((m) => m.type === 'moved');
    await lateHost.ask({ type: 'join', table: made.table, seat: '', host: made.host }, isState);
    const hm = await hostMoved;
    assert.deepEqual([hm.table, hm.seat, hm.host], [moved.table, '', moved.host]);
    assert.deepEqual(hm.seats, moved.seats);
    lateHost.close();
    // The pages join it as they were told: the same seats, rules, hints.
    const s = await bob.ask({ type: 'join', table: b.table, seat: b.seat, host: '' }, stateOf(b.table));
    assert.equal(s.you, 1);
    assert.equal(s.hints, true);
    assert.equal(s.words.name, 'pub');
    const a = await ann.ask({ type: 'join', table: moved.table, seat: moved.seat, host: moved.host }, stateOf(moved.table));
    assert.deepEqual([a.you, a.host], [0, true]);
    const end = await playOut([{ seat: 0, c: ann }, { seat: 1, c: bob }], ann);
    assert.equal(end.need, 'none');
    assert.match(history(db), new RegExp(`^\\s+${moved.table}\\s.*pub`, 'm'));
    [maker, ann, bob, watcher].forEach((c) => c.close());
  } finally {
    await stopServer(srv);
  }
});

// A player who left, and one the host dropped whose page is gone, have no
// seat at the next game (they were seated again, "not joined yet", and it
// stopped at their turn); a page of theirs goes on to watch it, and the
// old table says without whom (one dropped whose page watches plays
// again: protocol.test.mjs).  A battle keeps its two: it cannot be played
// by one.
test('another game leaves out the players who left or were dropped', async () => {
  const srv = await startServer(tempDb('again-left'));
  try {
    const maker = await client(srv.port);
    const made = await table(maker, 'classic', ['Ann', 'Bob', 'Cat', 'cpu:fewest']);
    const ann = await join(srv.port, made, 0, made.host);
    const bob = await join(srv.port, made, 1);
    const cat = await join(srv.port, made, 2);
    await cat.ask({ type: 'leave', seat: 2 }, (m) => isState(m) && m.seats[2].left);
    await ann.ask({ type: 'drop', seat: 1 }, (m) => isState(m) && m.seats[1].left);
    bob.close();
    await playOut([{ seat: 0, c: ann }], ann);
    const toCat = cat.next((m) => m.type === 'moved');
    const moved = await ann.ask({ type: 'again' }, (m) => m.type === 'moved' || isError(m));
    assert.equal(moved.type, 'moved', moved.error);
    assert.deepEqual(moved.seats.map((x) => [x.name, x.person]), [['Ann', true], ['cpu:fewest', false]]);
    assert.equal(moved.seat, moved.seats[0].token);
    assert.deepEqual([(await toCat).table, (await toCat).seat], [moved.table, '']);
    // Bob's old link, opened late, watches the next game.
    const late = await client(srv.port);
    const lateMoved = late.next((m) => m.type === 'moved');
    await late.ask({ type: 'join', table: made.table, seat: made.seats[1].token, host: '' }, (m) => isState(m) || isError(m));
    assert.deepEqual([(await lateMoved).table, (await lateMoved).seat], [moved.table, '']);
    late.close();
    const old = await maker.ask({ type: 'join', table: made.table, seat: '', host: '' }, isState);
    assert.ok(old.log.includes(`The host started another game with the same players at table ${moved.table}, without Bob and Cat, who left the game`), old.log.join('|'));
    // The game goes on with those left, the host's page at its seat; its
    // log says without whom too.
    const a = await ann.ask({ type: 'join', table: moved.table, seat: moved.seat, host: moved.host }, stateOf(moved.table));
    assert.deepEqual(a.seats.map((x) => x.name), ['Ann', 'cpu:fewest']);
    assert.ok(a.log.includes(`The same players as at table ${made.table}, without Bob and Cat, who left the game`), a.log.join('|'));
    // The host alone left beside a computer means them both again.
    // (A client of its own: the maker's, late to the old table, was moved.)
    const other = await client(srv.port);
    const solo = await table(other, 'classic', ['Ann', 'cpu:fewest']);
    const sAnn = await join(srv.port, solo, 0, solo.host);
    await sAnn.ask({ type: 'leave', seat: 0 }, (m) => isState(m) && m.need === 'none');
    const soloAgain = await sAnn.ask({ type: 'again' }, (m) => m.type === 'moved' || isError(m));
    assert.deepEqual(soloAgain.seats.map((x) => x.name), ['Ann', 'cpu:fewest']);
    sAnn.close();

    const duel = await table(other, 'battle', ['Ann', 'Bob']);
    const dAnn = await join(srv.port, duel, 0, duel.host);
    const dBob = await join(srv.port, duel, 1);
    await dBob.ask({ type: 'leave', seat: 1 }, (m) => isState(m) && m.need === 'none');
    const again = await dAnn.ask({ type: 'again' }, (m) => m.type === 'moved' || isError(m));
    assert.deepEqual(again.seats.map((x) => x.name), ['Ann', 'Bob']);
    [maker, other, ann, cat, dAnn, dBob].forEach((c) => c.close());
  } finally {
    await stopServer(srv);
  }
});

// A player the host dropped whose page connected again (a reload, a
// connection lost) gives the seat's old token as "former": the server
// knows the page as theirs, as it knew the one it told, and at the next
// game the seat is theirs again. A former token of no seat gives nothing,
// and one not a token refuses the join.
test('a dropped player whose page came back plays again at the next game', async () => {
  const srv = await startServer(tempDb('again-former'));
  try {
    const maker = await client(srv.port);
    const made = await table(maker, 'classic', ['Ann', 'Bob', 'Cy', 'cpu:fewest']);
    const ann = await join(srv.port, made, 0, made.host);
    const bob = await join(srv.port, made, 1);
    const cy = await join(srv.port, made, 2);
    await ann.ask({ type: 'drop', seat: 1 }, (m) => isState(m) && m.seats[1].left);
    await ann.ask({ type: 'drop', seat: 2 }, (m) => isState(m) && m.seats[2].left);
    [bob, cy].forEach((c) => c.close());
    const back = await client(srv.port);
    assert.match((await back.ask({ type: 'join', table: made.table, seat: '', host: '', former: 'xyz' }, isError)).error, /^former: not a token/);
    const w = await back.ask({ type: 'join', table: made.table, seat: '', host: '', former: `${'3'.repeat(32)},${made.seats[1].token}` }, isState);
    assert.deepEqual(w.yours, []);
    // Cy's page came back without its old token: he has no seat.
    const cyBack = await client(srv.port);
    await cyBack.ask({ type: 'join', table: made.table, seat: '', host: '' }, isState);
    await playOut([{ seat: 0, c: ann }], ann);
    const toBob = back.next((m) => m.type === 'moved');
    const toCy = cyBack.next((m) => m.type === 'moved');
    const moved = await ann.ask({ type: 'again' }, (m) => m.type === 'moved' || isError(m));
    assert.equal(moved.type, 'moved', moved.error);
    assert.deepEqual(moved.seats.map((x) => [x.name, x.person]), [['Ann', true], ['Bob', true], ['cpu:fewest', false]]);
    assert.equal((await toBob).seat, moved.seats[1].token);
    assert.equal((await toCy).seat, '');
    const b = await back.ask({ type: 'join', table: moved.table, seat: moved.seats[1].token, host: '' }, stateOf(moved.table));
    assert.deepEqual(b.yours, [1]);
    [maker, ann, back, cyBack].forEach((c) => c.close());
  } finally {
    await stopServer(srv);
  }
});

// A game whose end the history refused (here a trigger refuses it) is
// brought back by a server started again, its end recorded now and its
// next game begun: the host
// cannot begin a second, and a page late at the old table goes on to the
// next at its seat, as before the restart (a second next game could be
// begun, and the pages went nowhere).
test('a restart keeps the next game of a game whose end was not recorded', async () => {
  const db = tempDb('again-unfinished');
  let srv = await startServer(db);
  try {
    const maker = await client(srv.port);
    const made = await table(maker, 'pub', ['Ann', 'Bob'], true);
    const ann = await join(srv.port, made, 0, made.host);
    const bob = await join(srv.port, made, 1);
    execFileSync('sqlite3', [db, 'CREATE TRIGGER refuse_end BEFORE UPDATE OF finished ON games '
      + "WHEN NEW.finished = 1 BEGIN SELECT RAISE(ABORT, 'refused'); END;"]);
    await playOut([{ seat: 0, c: ann }, { seat: 1, c: bob }], ann);
    const moved = await ann.ask({ type: 'again' }, (m) => m.type === 'moved' || isError(m));
    assert.equal(moved.type, 'moved', moved.error);
    [maker, ann, bob].forEach((c) => c.close());
    await stopServer(srv, 'SIGKILL');
    execFileSync('sqlite3', [db, 'DROP TRIGGER refuse_end;']);
    srv = await startServer(db);
    const host = await client(srv.port);
    const toHost = host.next((m) => m.type === 'moved');
    const old = await host.ask({ type: 'join', table: made.table, seat: made.seats[0].token, host: made.host }, stateOf(made.table));
    assert.equal(old.need, 'none');
    assert.deepEqual([(await toHost).table, (await toHost).seat, (await toHost).host], [moved.table, moved.seat, moved.host]);
    assert.match((await host.ask({ type: 'again' }, isError)).error, new RegExp(`^the next game is already at table ${moved.table}$`));
    const late = await client(srv.port);
    const toBob = late.next((m) => m.type === 'moved');
    await late.ask({ type: 'join', table: made.table, seat: made.seats[1].token, host: '' }, stateOf(made.table));
    assert.deepEqual([(await toBob).table, (await toBob).seat], [moved.table, moved.seats[1].token]);
    [host, late].forEach((c) => c.close());
  } finally {
    await stopServer(srv);
  }
});
