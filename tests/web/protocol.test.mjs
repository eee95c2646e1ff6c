// The protocol of shutbox serve without a browser: bad messages of every
// kind, a client acting for a seat not its own, one client holding several
// seats (people passing one phone), many clients at once, the rate limit,
// whole games played, playing to win, and the host's seats.  The server's
// life (restarts, stops, its limits of tables, memory and time) is
// server.test.mjs's; another game with the same players, again.test.mjs's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { execFileSync } from 'node:child_process';
import { startServer, stopServer, client, Client, seats, tempDb, history, playFor, totalsLine, tiles, isState, isError, stateOf, table, join, playOut, shutbox, verdictLine } from './lib.mjs';

test('bad messages get an error naming the problem and change nothing', async () => {
  const db = tempDb('bad');
  const srv = await startServer(db);
  try {
    const host = await client(srv.port);
    const made = await table(host, 'pub', ['Ann', 'Bob']);
    const ann = await join(srv.port, made, 0, made.host);
    const bob = await join(srv.port, made, 1);
    const before = (await bob.ask({ type: 'join', table: made.table, seat: made.seats[1].token, host: '' }, isState)).seq;
    const bad = [
      ['nonsense', /not JSON/],
      ['[1,2]', /not a JSON object/],
      ['{"kind":"roll"}', /no "type" string/],
      ['{"type":"shout"}', /unknown type 'shout'/],
      ['{"type":"roll","extra":1}', /left unpacked: extra/],
      ['{"type":"dice"}', /count/],
      ['{"type":"dice","count":"2"}', /count/],
      ['{"type":"dice","count":2.0}', /count/],
      ['{"type":"dice","count":99}', /from 1 to 8 dice/],
      ['{"type":"dice","count":4294967298}', /from 1 to 8 dice/],
      ['{"type":"replace","seat":4294967297}', /seat: from 0 to 11/],
      ['{"type":"leave","seat":-4294967296}', /seat: from 0 to 11/],
      ['['.repeat(800) + ']'.repeat(800), /nested deeper than 8/],
      ['{"type":"roll","x":' + '{"a":'.repeat(600) + '1' + '}'.repeat(601), /nested deeper than 8/],
      ['{"type":"roll","x":"[[[[[[[[[[[[[[[[[["}', /left unpacked: x/],
      ['{"type":"move","tiles":[3,3]}', /tile 3 twice/],
      ['{"type":"move","tiles":[0]}', /not a tile number/],
      ['{"type":"move","tiles":"3+5"}', /an array of tile numbers/],
      ['{"type":"roll","seq":-1}', /^seq: a state's seq, 0 or more$/],
      ['{"type":"move","tiles":[3],"seq":-2}', /^seq: a state's seq, 0 or more$/],
      ['{"type":"dice","count":2,"seq":"7"}', /^seq: a state's seq, 0 or more$/],
      ['{"type":"roll","seq":1.5}', /^seq: a state's seq, 0 or more$/],
      ['{"type":"roll","type":"roll"}', /duplicate/],
      ['{"type":"join","table":1,"seat":"abc","host":""}', /not a token/],
      ['{"type":"create","rules":"tiles=1-99","seats":[{"name":"A","cpu":""}],"hints":false}', /rules: tiles=1-99/],
      ['{"type":"create","rules":"pub","seats":[],"hints":false}', /1 to 12 seats/],
      ['{"type":"create","rules":"pub","seats":[{"name":"A\\u0007","cpu":""}],"hints":false}', /control character/],
      ['{"type":"create","rules":"pub","seats":[{"name":"\\u202eevil","cpu":""}],"hints":false}', /character 1 is invisible, or turns the text around it \(U\+202E\)/],
      ['{"type":"create","rules":"pub","seats":[{"name":"A","cpu":"genius"}],"hints":false}', /no computer strategy 'genius'/],
      ['{"type":"create","rules":"battle","seats":[{"name":"A","cpu":""}],"hints":false}', /battle needs exactly two/],
      // A solver past the server's --memory (512 MiB), and one past any.
      ['{"type":"create","rules":"tiles=1-25","seats":[{"name":"A","cpu":"optimal"}],"hints":false}',
        /^seat 1: cpu:optimal: the table of this board needs 513 MiB, more than the limit of 512 MiB \(the server's --memory\); a computer playing fewest, most, highest, lowest or random plays any box$/],
      ['{"type":"create","rules":"tiles=1-25","seats":[{"name":"A","cpu":""}],"hints":true}', /^hints: the table of this board needs 513 MiB/],
      ['{"type":"create","rules":"tiles=1-32 dice=8d6","seats":[{"name":"A","cpu":"shut"}],"hints":false}', /^seat 1: cpu:shut: boards of more than 30 tiles are too big to solve/],
      [JSON.stringify({ type: 'create', rules: 'x'.repeat(5000), seats: [], hints: false }), /longer than 4096 bytes/],
    ];
    for (const [text, why] of bad) {
      const e = await bob.ask(text, isError);
      assert.match(e.error, why, text.slice(0, 80));
    }
    // A person named as a computer: history and stats would count it so.
    for (const [name, at] of [['cpu:optimal', 2], ['CPU', 2], ['Cpu:fewest', 2]]) {
      const e = await host.ask({ type: 'create', rules: 'pub', seats: [{ name: 'A', cpu: '' }, { name, cpu: '' }], hints: false }, isError);
      assert.equal(e.error, `seat ${at}: a person's name cannot be "cpu" or start with "cpu:"`);
    }
    // A table that is not there: said so, with its number.
    const none = await bob.ask({ type: 'join', table: 999, seat: '', host: '' }, (m) => m.type === 'no-table');
    assert.equal(none.table, 999);
    assert.match(none.error, /no table 999 on this server/);
    // Acting for another seat, and as a spectator, and as host without it.
    const e1 = await bob.ask({ type: 'roll' }, isError);
    assert.match(e1.error, /it is Ann's turn, not yours/);
    const watcher = await join(srv.port, made, -1);
    assert.match((await watcher.ask({ type: 'roll' }, isError)).error, /spectator cannot play/);
    assert.match((await bob.ask({ type: 'drop', seat: 0 }, isError)).error, /only the table's host/);
    assert.match((await ann.ask({ type: 'move', tiles: [9] }, isError)).error, /the game waits for a throw/);
    // Ann's throw, then a move the rules refuse, in the front-end layer's words.
    const thrown = await ann.ask({ type: 'roll' }, (m) => isState(m) && m.need === 'move');
    const total = thrown.throw.reduce((a, b) => a + b, 0);
    const wrong = total === 12 ? [1] : [total + 1 > 9 ? 1 : total + 1];
    const e2 = await ann.ask({ type: 'move', tiles: wrong }, isError);
    assert.ok(e2.error.length > 10, e2.error);
    assert.doesNotMatch(e2.error, /SHUT_|illegal move$/);
    // Nothing changed for the others, and every client is still there.
    const now = await bob.ask({ type: 'join', table: made.table, seat: made.seats[1].token, host: '' }, isState);
    assert.equal(now.seq, before + 1); // only Ann's throw
    for (const c of [host, ann, bob, watcher]) assert.equal(c.closed, false);
    // A binary frame: refused, the connection kept.
    bob.ws.send(new Uint8Array([1, 2, 3]));
    assert.match((await bob.next(isError)).error, /text messages only/);
    assert.equal(bob.closed, false);
    for (const c of [host, ann, bob, watcher]) c.close();
  } finally {
    await stopServer(srv);
  }
});

// A seeded generator, so that a failure can be run again.
function rng(seed) {
  let x = seed >>> 0;
  return () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x / 2 ** 32; };
}

test('fuzzed frames each get an answer and spoil nothing', async () => {
  const srv = await startServer(tempDb('fuzz'));
  try {
    const maker = await client(srv.port);
    const made = await table(maker, 'pub', ['Ann', 'Bob']);
    const ann = await join(srv.port, made, 0, made.host);
    const before = ann.last('state').seq;
    const valid = [
      '{"type":"roll"}', '{"type":"move","tiles":[3,5]}', '{"type":"dice","count":1}',
      `{"type":"join","table":${made.table},"seat":"","host":""}`, '{"type":"hint"}', '{"type":"leave"}',
      '{"type":"create","rules":"pub","seats":[{"name":"A","cpu":""}],"hints":false}', '{"type":"drop","seat":1}',
    ];
    const rand = rng(12345);
    const pick = (n) => Math.floor(rand() * n);
    const fuzzer = await client(srv.port);
    let answers = 0;
    fuzzer.ws.on('message', () => { answers++; });
    const sent = 140;
    for (let i = 0; i < sent; i++) {
      let m = valid[pick(valid.length)];
      const cut = pick(m.length);
      const kind = pick(4);
      if (kind === 0) m = m.slice(0, cut);
      else if (kind === 1) m = m.slice(0, cut) + String.fromCharCode(pick(128)) + m.slice(cut + 1);
      else if (kind === 2) m = m.slice(0, cut) + m.slice(cut + 1 + pick(5));
      else m = Buffer.from(Array.from({ length: pick(64) }, () => pick(256))).toString('latin1');
      fuzzer.send(m);
      if (i % 35 === 34) await new Promise((r) => setTimeout(r, 1800)); // under the rate limit
    }
    for (let n = 0; n < 100 && answers < sent; n++) await new Promise((r) => setTimeout(r, 50));
    assert.ok(answers >= sent, `${answers} answers to ${sent} frames`);
    assert.equal(ann.closed, false);
    const now = await ann.ask({ type: 'join', table: made.table, seat: made.seats[0].token, host: made.host }, isState);
    assert.equal(now.seq, before); // the fuzzer sat at no seat: nothing changed
    [maker, ann, fuzzer].forEach((c) => c.close());
  } finally {
    await stopServer(srv);
  }
});

test('the caps on connections and tables hold', async () => {
  const srv = await startServer(tempDb('caps'), ['--max-clients', '3', '--max-tables', '2']);
  try {
    const cs = [await client(srv.port), await client(srv.port), await client(srv.port)];
    // One more is told why as it is closed: try again later (1013).
    const extra = new Client(srv.port);
    const [code, reason] = await new Promise((res) => extra.ws.on('close', (c, r) => res([c, String(r)])));
    assert.equal(code, 1013);
    assert.match(reason, /as many connections as it can hold \(3\)/);
    assert.ok(cs.every((c) => !c.closed));
    await table(cs[0], 'pub', ['A', 'B']);
    await table(cs[0], 'pub', ['A', 'B']);
    const e = await cs[0].ask({ type: 'create', rules: 'pub', seats: seats('A'), hints: false }, isError);
    assert.match(e.error, /as many tables as it can hold/);
    // A connection closed makes room for another: once its socket is
    // closed, the server has let it go (civetweb closes the socket after
    // the close handler), however slow the machine.
    const gone = new Promise((r) => cs[2].ws.once('close', r));
    cs[2].close();
    await gone;
    const d = await client(srv.port);
    assert.equal((await d.ask({ type: 'catalog' }, () => true)).type, 'catalog');
    [cs[0], cs[1], d].forEach((c) => c.close());
  } finally {
    await stopServer(srv);
  }
});

// One address may hold --clients-per-address connections, not every one
// the server allows (it could: the cap was --max-clients).
test('one address holds at most its share of the connections', async () => {
  const srv = await startServer(tempDb('per-address'), ['--clients-per-address', '2']);
  try {
    const cs = [await client(srv.port), await client(srv.port)];
    const extra = new Client(srv.port);
    const [code, reason] = await new Promise((res) => extra.ws.on('close', (c, r) => res([c, String(r)])));
    assert.equal(code, 1013);
    assert.match(reason, /Too many connections from this address \(at most 2\)/);
    assert.ok(cs.every((c) => !c.closed));
    const gone = new Promise((r) => cs[1].ws.once('close', r));
    cs[1].close();
    await gone;
    const d = await client(srv.port);
    assert.equal((await d.ask({ type: 'catalog' }, () => true)).type, 'catalog');
    [cs[0], d].forEach((c) => c.close());
  } finally {
    await stopServer(srv);
  }
});

test('the web client and the QR codes of links are served, and nothing else', async () => {
  const srv = await startServer(tempDb('http'));
  try {
    const page = await fetch(srv.url);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<script type="module" src="app.js">/);
    assert.match(page.headers.get('content-security-policy'), /default-src 'self'/);
    const qr = await fetch(`${srv.url}qr.svg?u=${encodeURIComponent(`${srv.url}?t=1`)}`);
    assert.equal(qr.status, 200);
    assert.equal(qr.headers.get('content-type'), 'image/svg+xml');
    assert.match(await qr.text(), /^<svg [^>]*viewBox="0 0 (\d+) \1"/);
    assert.equal((await fetch(`${srv.url}qr.svg`)).status, 400);
    assert.equal((await fetch(`${srv.url}qr.svg?u=${'a'.repeat(600)}`)).status, 400);
    assert.equal((await fetch(`${srv.url}qr.svg?u=%00%ff`)).status, 400);
    assert.notEqual((await fetch(`${srv.url}%2e%2e/Makefile`)).status, 200);
    assert.notEqual((await fetch(`${srv.url}../Makefile`)).status, 200);
    const dir = await fetch(`${srv.url}`.replace(/\/$/, '/nothing-here/'));
    assert.equal(dir.status, 404);
  } finally {
    await stopServer(srv);
  }
});

// civetweb reads a whole frame before the server sees it (it has no limit
// of its own but about 2 GiB): a message over the limit is refused once
// read, a message in fragments is refused fragment by fragment, and a
// frame announced far larger than is sent costs only what is sent.
test('messages over the size limit: refused whole, in fragments, or announced and not sent', async () => {
  const srv = await startServer(tempDb('size'));
  const rss = () => Number(readFileSync(`/proc/${srv.proc.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]);
  try {
    const c = await client(srv.port);
    const big = JSON.stringify({ type: 'catalog', pad: 'x'.repeat(1 << 20) });
    assert.match((await c.ask(big, isError)).error, /longer than 4096 bytes/);
    // A message in three fragments (as a browser sends a large one):
    // refused once, nothing done, and the next message answered.
    const seen = c.msgs.length;
    const frag = c.next(isError);
    c.ws.send('{"type":', { fin: false });
    assert.match((await frag).error, /each in one frame/);
    c.ws.send('"cat', { fin: false });
    c.ws.send('alog"}', { fin: true });
    assert.equal(c.closed, false);
    assert.equal((await c.ask({ type: 'catalog' }, () => true)).type, 'catalog');
    assert.deepEqual(c.msgs.slice(seen).map((m) => m.type), ['error', 'catalog']);
    // A whole message begun in the middle of one in fragments (which the
    // protocol forbids) is refused too, and ends it: a stray continuation
    // after it is refused as well, not let go as the rest of a message.
    const raw = connect(srv.port, '127.0.0.1');
    await new Promise((r) => raw.once('connect', r));
    raw.write('GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n'
      + 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n');
    let got = Buffer.alloc(0);
    raw.on('data', (d) => { got = Buffer.concat([got, d]); });
    await new Promise((r) => setTimeout(r, 200));
    // A client's frame: masked (by zeros), its length under 126.
    const frame = (op, fin, text) => Buffer.concat([Buffer.from([(fin ? 0x80 : 0) | op, 0x80 | text.length, 0, 0, 0, 0]), Buffer.from(text)]);
    got = Buffer.alloc(0);
    raw.write(Buffer.concat([frame(1, false, '{"type":'), frame(1, true, '{"type":"catalog"}'), frame(0, true, '"x"}')]));
    await new Promise((r) => setTimeout(r, 500));
    const texts = [];
    for (let at = 0; at + 2 <= got.length;) {
      let n = got[at + 1] & 0x7f, head = 2;
      if (n === 126) { n = got.readUInt16BE(at + 2); head = 4; }
      if (n === 127) { n = Number(got.readBigUInt64BE(at + 2)); head = 10; }
      texts.push(JSON.parse(got.subarray(at + head, at + head + n).toString()).type);
      at += head + n;
    }
    assert.deepEqual(texts, ['error', 'error', 'error']);
    raw.destroy();
    // A frame that says it holds 1 GiB, of which 64 KiB come before the
    // client goes away: the server keeps serving, and far under 1 GiB.
    const before = rss();
    const sock = connect(srv.port, '127.0.0.1');
    await new Promise((r) => sock.once('connect', r));
    sock.write('GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n'
      + 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n');
    await new Promise((r) => sock.once('data', r));
    const head = Buffer.from([0x81, 0xff, 0, 0, 0, 0, 0x40, 0, 0, 0, 1, 2, 3, 4]);
    sock.write(Buffer.concat([head, Buffer.alloc(1 << 16, 0x20)]));
    await new Promise((r) => setTimeout(r, 300));
    // A sanitizer's build maps shadow memory for what is allocated, so the
    // resident set says nothing there (SHUTBOX_TEST_SKIP=memory, make asan).
    if (!(process.env.SHUTBOX_TEST_SKIP || '').split(/\s+/).includes('memory'))
      assert.ok(rss() - before < 64 * 1024, `resident grew by ${rss() - before} KiB`);
    assert.equal((await c.ask({ type: 'catalog' }, () => true)).type, 'catalog');
    sock.destroy();
    await new Promise((r) => setTimeout(r, 300));
    assert.equal((await c.ask({ type: 'catalog' }, () => true)).type, 'catalog');
    c.close();
  } finally {
    await stopServer(srv);
  }
});

test('the rate limit refuses a flood and keeps the connection', async () => {
  const srv = await startServer(tempDb('rate'));
  try {
    const c = await client(srv.port);
    for (let i = 0; i < 200; i++) c.send({ type: 'hint' });
    const e = await c.next((m) => isError(m) && /too many messages/.test(m.error));
    assert.match(e.error, /at most 20 a second/);
    // Every message of the flood answered (one answer each), then a
    // pause: the next one is not counted with the flood.
    for (let n = 0; c.msgs.length < 200 && n < 500; n++) await new Promise((r) => setTimeout(r, 20));
    assert.equal(c.msgs.length, 200);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(c.closed, false);
    const cat = await c.ask({ type: 'catalog' }, (m) => m.type === 'catalog', 10000);
    assert.ok(cat.keys.length >= 15 && cat.presets.some((p) => p.name === 'pub'));
    c.close();
  } finally {
    await stopServer(srv);
  }
});

test('many clients at many tables all see every move', async () => {
  const srv = await startServer(tempDb('many'));
  try {
    const host = await client(srv.port);
    const tables = [];
    for (let i = 0; i < 8; i++) tables.push(await table(host, 'pub', ['A', 'B', 'cpu:fewest']));
    const watchers = [];
    for (const made of tables)
      for (let k = 0; k < 6; k++) watchers.push({ made, c: await join(srv.port, made, -1) });
    const players = await Promise.all(tables.map((made) => join(srv.port, made, 0)));
    // Seat 0 of each table throws; every watcher of that table sees it.
    const seen = watchers.map((w) => w.c.next((m) => isState(m) && m.need === 'move' && m.table === w.made.table, 10000));
    players.forEach((p) => p.send({ type: 'roll' }));
    const states = await Promise.all(seen);
    assert.equal(states.length, 48);
    for (const w of watchers) w.c.close();
    players.forEach((p) => p.close());
    host.close();
  } finally {
    await stopServer(srv);
  }
});

// A game of one plays for no pot: the end says none was taken (it said
// "Ann takes the pot of 1." where the result, rightly, said nothing).
test('a game of one with a stake says no pot was taken', async () => {
  const srv = await startServer(tempDb('alone'));
  try {
    const host = await client(srv.port);
    const made = await table(host, 'pub', ['Ann']);
    const ann = await join(srv.port, made, 0, made.host);
    const end = await playOut([{ seat: 0, c: ann }], ann);
    assert.equal(end.words.payout, '');
    assert.doesNotMatch(end.words.result, /pot/);
    [host, ann].forEach((c) => c.close());
  } finally {
    await stopServer(srv);
  }
});

test('a whole pub game over the protocol is in the history', async () => {
  const db = tempDb('whole');
  const srv = await startServer(db);
  try {
    const host = await client(srv.port);
    const made = await table(host, 'pub', ['Ann', 'Bob', 'cpu:optimal'], true);
    const ann = await join(srv.port, made, 0, made.host);
    const bob = await join(srv.port, made, 1);
    const first = await bob.ask({ type: 'join', table: made.table, seat: made.seats[1].token, host: '' }, isState);
    assert.equal(first.words.pot, '3');
    assert.equal(first.words.verdict, '');
    assert.equal(first.words.payout, '');
    const hint = await ann.ask({ type: 'hint' }, (m) => m.type === 'hint' || isError(m), 10000);
    if (hint.type === 'hint') assert.match(hint.text, /to shut/);
    const end = await playOut([{ seat: 0, c: ann }, { seat: 1, c: bob }], ann);
    assert.match(end.words.result, /wins|win/);
    // Paid out: the result says who took it, and the panel no longer shows it.
    assert.match(end.words.result, /pot of 3/);
    assert.equal(end.words.pot, '');
    // Who took it, alone: a line of the result (front_payout()).
    assert.match(end.words.payout, /^.+ (takes|split) the pot of 3[^\n]*\.$/);
    assert.ok(end.words.result.split('\n').includes(end.words.payout), end.words.result);
    // The verdict: the result's line of who won, alone.
    assert.match(end.words.verdict, verdictLine);
    // A line of the result: its first, when a shut box won at once.
    assert.ok(end.words.result.split('\n').includes(end.words.verdict), end.words.result);
    const h = history(db);
    assert.match(h, new RegExp(`^\\s+${made.table}\\s.*pub`, 'm'));
    assert.match(h, totalsLine('Ann', 'Bob', 'cpu:optimal'));
    assert.doesNotMatch(h.split('\n').slice(0, 3).join('\n'), /unfinished/);
    [host, ann, bob].forEach((c) => c.close());
  } finally {
    await stopServer(srv);
  }
});

test('cpu:perfect plays to win at a table, and rules it cannot play to win are refused with the reason', async () => {
  const db = tempDb('perfect');
  const srv = await startServer(db);
  try {
    const host = await client(srv.port);
    const cat = await host.ask({ type: 'catalog' }, (m) => m.type === 'catalog', 10000);
    assert.ok(cat.strategies.some((s) => s.name === 'perfect' && /win/.test(s.help)), JSON.stringify(cat.strategies));
    const e = await host.ask({ type: 'create', rules: 'battle', seats: seats('Ann', 'cpu:perfect'), hints: false }, isError);
    assert.match(e.error, /seat 2: cpu:perfect: in a battle, cpu:optimal already plays to win/);
    const made = await table(host, 'pub', ['Ann', 'cpu:perfect'], true);
    const ann = await join(srv.port, made, 0, made.host);
    // The hint gives each move's chance of winning once the player to win
    // is made (on a thread as the game begins).
    ann.send({ type: 'roll' });
    await ann.next((m) => isState(m) && m.need === 'move', 10000);
    // Until then it says so, and ranks by the expected score. The hint is
    // data too: each choice's label and figures, as its lines word them.
    let hint = '', h;
    for (let n = 0; n < 100 && !/to win/.test(hint); n++) {
      h = await ann.ask({ type: 'hint' }, (m) => m.type === 'hint' || isError(m), 10000);
      hint = h.type === 'hint' ? h.text : '';
      if (h.type === 'hint') assert.equal(h.note !== undefined, !/to win/.test(hint), JSON.stringify(h));
      // "again": the page asks again by itself.
      if (h.type === 'hint') assert.equal(h.again, !/to win/.test(hint), JSON.stringify(h));
      if (!/to win/.test(hint)) await new Promise((r) => setTimeout(r, 200));
    }
    assert.match(hint, /^best \S+ +[0-9.]+% to shut, expected score [0-9.]+, [0-9.]+% to win\n/);
    assert.deepEqual(h.choices[0].figures.map((f) => f.words), ['to shut', 'expected score', 'to win']);
    const [shut, expected, win] = h.choices[0].figures.map((f) => f.value);
    assert.ok(hint.startsWith(`best ${h.choices[0].choice}`) && hint.includes(`${shut} to shut, expected score ${expected}, ${win} to win\n`), hint);
    assert.equal(h.choices.length, hint.split('\n').filter((l) => l.trim() && !/being worked out/.test(l)).length);
    const end = await playOut([{ seat: 0, c: ann }], ann);
    assert.match(end.words.result, /wins|win/);
    assert.match(history(db), totalsLine('Ann', 'cpu:perfect'));
    assert.match((await ann.ask({ type: 'replace', seat: 0 }, isError)).error, /^the game is over$/);
    // Where perfect does not play to win exactly, the table's log says so
    // from its start: a match of three it plays by the approximation.
    const many = await table(host, 'five-rounds', ['Ann', 'cpu:perfect', 'cpu:perfect'], true);
    const bob = await join(srv.port, many, 0, many.host);
    // Under the table's first line, before the first turn's heading.
    const log = bob.last('state').log;
    assert.match(log[0], /^Table \d+: five-rounds$/);
    assert.match(log[1], /cpu:perfect plays this match of more than two players by an approximation/);
    assert.doesNotMatch(ann.last('state').log.join('\n'), /approximation/);
    // Its hint says why it shows no chance to win once it is worked out
    // (the note had said to ask again, then nothing).
    let note = '';
    for (let n = 0; n < 200 && !/approximation/.test(note); n++) {
      const s = bob.last('state');
      // Ann throws when it is hers to; a throw with no move passes on.
      if (s.turn !== 0 || s.need !== 'move') {
        if (s.turn === 0 && s.need === 'throw') bob.send({ type: 'roll' });
        await bob.next((m) => isState(m) && m.seq !== s.seq, 20000);
        continue;
      }
      const mh = await bob.ask({ type: 'hint' }, (m) => m.type === 'hint' || isError(m), 10000);
      note = mh.type === 'hint' ? mh.note || '' : mh.error;
      assert.match(note, /being worked out|approximation/);
      if (!/approximation/.test(note)) await new Promise((r) => setTimeout(r, 200));
    }
    assert.match(note, /^the chance to win is not shown: cpu:perfect plays this match of more than two players by an approximation/);
    assert.equal(srv.err(), '');
    [host, ann, bob].forEach((c) => c.close());
  } finally {
    await stopServer(srv);
  }
});

test('one device holds several seats and acts only for those', async () => {
  const db = tempDb('shared');
  const srv = await startServer(db);
  try {
    const maker = await client(srv.port);
    // A shut box scores 0 rather than ending the game: Cy's turn comes.
    const made = await table(maker, 'pub shut=zero', ['Ann', 'Bea', 'Cy']);
    const tok = (i) => made.seats[i].token;
    // Ann and Bea pass one phone; Cy has his own.
    const phone = await client(srv.port);
    let s = await phone.ask({ type: 'join', table: made.table, seat: `${tok(0)},${tok(1)}`, host: '' }, isState);
    assert.deepEqual(s.yours, [0, 1]);
    assert.equal(s.you, 0); // Ann is to play
    // Cy has not come yet: not online, and not joined either.
    assert.deepEqual(s.seats.map((x) => [x.online, x.joined]), [[true, true], [true, true], [false, false]]);
    const cy = await join(srv.port, made, 2);
    assert.deepEqual(cy.last('state').yours, [2]);
    assert.deepEqual(cy.last('state').seats.map((x) => x.online), [true, true, true]);
    // A token that holds no seat here is left out, and said to be.
    const other = await client(srv.port);
    const told = other.next((m) => m.type === 'unseated');
    const part = await other.ask({ type: 'join', table: made.table, seat: `${tok(0)},${'0'.repeat(32)}`, host: '' }, isState);
    assert.deepEqual(part.yours, [0]);
    assert.deepEqual((await told).tokens, ['0'.repeat(32)]);
    assert.match((await told).text, /Some of this page's seat links are not this table's/);
    other.close();
    // A list gone wrong, or too long.
    for (const [seat, why] of [[`${tok(0)},`, /not a token/], [Array(13).fill(tok(0)).join(','), /at most 12 tokens/]]) {
      const e = await (await client(srv.port)).ask({ type: 'join', table: made.table, seat, host: '' }, isError);
      assert.match(e.error, why, seat.slice(0, 40));
    }
    // Cy cannot act for Ann; a leave names a seat of one's own.
    assert.match((await cy.ask({ type: 'roll' }, isError)).error, /it is Ann's turn, not yours/);
    assert.match((await cy.ask({ type: 'leave', seat: 0 }, isError)).error, /only leave a seat of yours/);
    // The phone plays Ann's turn and then Bea's: each state says whose.
    const seen = new Set();
    for (let n = 0; n < 400 && !(seen.has(0) && seen.has(1) && s.turn === 2); n++) {
      s = phone.last('state');
      if (s.turn === 2 || s.need === 'none') break;
      assert.equal(s.you, s.turn);
      seen.add(s.turn);
      const seq = s.seq;
      playFor(phone, s);
      s = await phone.next((m) => isState(m) && m.seq !== seq);
    }
    assert.ok(seen.has(0) && seen.has(1), [...seen].join());
    assert.equal(s.turn, 2, JSON.stringify([s.need, s.log.slice(-6)]));
    // On Cy's turn, the phone cannot act for him.
    assert.equal(s.you, 0);
    assert.match((await phone.ask({ type: 'roll' }, isError)).error, /it is Cy's turn, not yours/);
    // Bea leaves from the phone; Ann stays.
    s = await phone.ask({ type: 'leave', seat: 1 }, (m) => isState(m) && m.seats[1].left);
    assert.deepEqual(s.yours, [0, 1]);
    assert.equal(s.seats[0].left, false);
    // The phone goes away: both its seats are shown empty.
    phone.close();
    const left = await cy.next((m) => isState(m) && !m.seats[0].online);
    assert.deepEqual(left.seats.map((x) => x.online), [false, false, true]);
    // Gone, they were at the table: away, not yet to come.
    assert.deepEqual(left.seats.map((x) => x.joined), [true, true, true]);
    [maker, cy].forEach((c) => c.close());
  } finally {
    await stopServer(srv);
  }
});

// Two devices hold Ann's seat and both tap "Roll the dice" on the same
// state: the one whose roll comes second is told it is moot (the table
// moved on from the state it was sent from), not that the game waits for
// a move. A step that names no state, or the state now, is refused as
// before.
test('a step sent from a state the table has left is moot', async () => {
  const srv = await startServer(tempDb('moot'));
  try {
    const host = await client(srv.port);
    const made = await table(host, 'pub', ['Ann', 'Bob']);
    const phone = await join(srv.port, made, 0);
    const tablet = await join(srv.port, made, 0);
    const s = tablet.last('state');
    assert.equal(s.need, 'throw');
    const seen = tablet.next((m) => isState(m) && m.seq > s.seq);
    await phone.ask({ type: 'roll', seq: s.seq }, (m) => isState(m) && m.need === 'move');
    const now = await seen;
    const late = await tablet.ask({ type: 'roll', seq: s.seq }, isError);
    assert.equal(late.moot, true);
    assert.match(late.error, /^the table has moved on from the state this step was sent from$/);
    assert.equal(now.need, 'move');
    for (const m of [{ type: 'roll' }, { type: 'roll', seq: now.seq }]) {
      const e = await tablet.ask(m, isError);
      assert.match(e.error, /the game waits for a move/);
      assert.equal(e.moot, undefined, JSON.stringify(m));
    }
    // A moot step changed nothing: the throw is the phone's.
    const again = await tablet.ask({ type: 'join', table: made.table, seat: made.seats[0].token, host: '' }, isState);
    assert.deepEqual(again.throw, now.throw);
    assert.equal(again.seq, now.seq);
    // Legal again later, a step from an old state is still not made: the
    // phone moves, the game waits for a throw again, and the tablet's
    // roll sent long ago is moot, not Ann's next throw.
    const waits = await phone.ask({ type: 'move', tiles: tiles(now.moves[0]), seq: now.seq }, (m) => isState(m) && m.seq > now.seq);
    const old = await tablet.ask({ type: 'roll', seq: s.seq }, isError);
    assert.equal(old.moot, true);
    const after = await tablet.ask({ type: 'join', table: made.table, seat: made.seats[0].token, host: '' }, isState);
    assert.equal(after.seq, waits.seq);
    [host, phone, tablet].forEach((c) => c.close());
  } finally {
    await stopServer(srv);
  }
});

test('the host lets a computer take a seat and drops another', async () => {
  const db = tempDb('host');
  const srv = await startServer(db);
  try {
    const maker = await client(srv.port);
    const made = await table(maker, 'pub', ['Ann', 'Bob', 'Cy']);
    const ann = await join(srv.port, made, 0, made.host);
    const bob = await join(srv.port, made, 1);
    assert.match((await bob.ask({ type: 'replace', seat: 2 }, isError)).error, /only the table's host/);
    let s = await ann.ask({ type: 'drop', seat: 2 }, (m) => isState(m) && m.seats[2].left);
    assert.equal(s.seats[2].left, true);
    // Said as what it was, not as a player who chose to leave.
    assert.equal(s.seats[2].note, 'dropped by the host');
    // That the host made Cy leave, said once, in place of the game's
    // words for a player who leaves (which said Cy left of his own will).
    const said = (l) => l.filter((x) => x === 'The host drops Cy from the game').length;
    assert.equal(said(s.log), 1, s.log.join('|'));
    assert.ok(!s.log.some((x) => /Cy leaves/.test(x)), s.log.join('|'));
    assert.match((await ann.ask({ type: 'drop', seat: 2 }, isError)).error, /^Cy no longer plays$/);
    s = await ann.ask({ type: 'join', table: made.table, seat: made.seats[0].token, host: made.host }, isState);
    assert.equal(said(s.log), 1);
    // Cy's link, back, is told he was dropped.
    const cy = await client(srv.port);
    const dropped = cy.next((m) => m.type === 'unseated');
    await cy.ask({ type: 'join', table: made.table, seat: made.seats[2].token, host: '' }, isState);
    assert.equal((await dropped).text, 'The host dropped Cy from the game: this page watches the table.');
    cy.close();
    s = await ann.ask({ type: 'replace', seat: 1 }, (m) => isState(m) && !m.seats[1].person);
    assert.equal(s.seats[1].cpu, 'optimal');
    // The seat is still Bob's, the computer playing for him.
    assert.equal(s.seats[1].handed, true);
    assert.equal(s.seats[0].handed, false);
    assert.match(s.log.at(-1), /The computer plays for Bob/);
    // Bob's link no longer holds a seat: it watches, and is told why.
    const again = await client(srv.port);
    const stale = again.next((m) => m.type === 'unseated');
    const w = await again.ask({ type: 'join', table: made.table, seat: made.seats[1].token, host: '' }, isState);
    assert.deepEqual(w.yours, []);
    assert.deepEqual((await stale).tokens, [made.seats[1].token]);
    assert.equal((await stale).host, false);
    // Said as exactly as to a page open then: what took its seat.
    assert.equal((await stale).text, 'The computer plays for Bob now: this page watches the table.');
    // A link that never held a seat here is told it is not this table's.
    const madeUp = await client(srv.port);
    const never = madeUp.next((m) => m.type === 'unseated');
    await madeUp.ask({ type: 'join', table: made.table, seat: '2'.repeat(32), host: '' }, isState);
    assert.match((await never).text, /^This seat link is not one of this table's/);
    madeUp.close();
    // A host link of another table gives no host's powers, and is said so.
    const fake = await client(srv.port);
    const notHost = fake.next((m) => m.type === 'unseated');
    const f = await fake.ask({ type: 'join', table: made.table, seat: '', host: '1'.repeat(32) }, isState);
    assert.equal(f.host, false);
    assert.equal((await notHost).host, true);
    assert.match((await fake.ask({ type: 'drop', seat: 0 }, isError)).error, /only the table's host/);
    fake.close();
    // Ann plays; the computer plays Bob's turns; the game ends.
    const end = await playOut([{ seat: 0, c: ann }], ann);
    assert.equal(end.need, 'none');
    assert.match(history(db), totalsLine('Ann', 'Bob', 'Cy'));
    // Cy's 0 is a player the host dropped, not the best total.
    assert.match(history(db), /, Cy 0 \(dropped by the host\)/);
    // The game told again says so where it happened, as the log did, and
    // in its standings.
    const told = history(db, String(made.table));
    assert.match(told, /^  The host drops Cy from the game$/m);
    assert.doesNotMatch(told, /Cy leaves/);
    assert.match(told, /^  Cy +0  dropped by the host$/m);
    // The record says that the computer played on for Bob, and his
    // result is not his: stats leave it out.
    // (A box shut at once leaves Bob's turn unplayed, said first.)
    assert.match(history(db), /Bob \d+( \(did not play\))? \(the computer played on\)/);
    assert.doesNotMatch(history(db), /Ann \d+ \(the computer/);
    const stats = execFileSync(shutbox, ['stats', '--db', db], { encoding: 'utf8' });
    assert.match(stats, /^Ann /m);
    assert.doesNotMatch(stats, /^Bob /m);
    [maker, ann, bob, again].forEach((c) => c.close());
  } finally {
    await stopServer(srv);
  }
});

test('a seat given to a computer or dropped is no longer held by its clients: they watch', async () => {
  const srv = await startServer(tempDb('unseat'));
  try {
    let maker = await client(srv.port);
    const made = await table(maker, 'pub', ['Ann', 'Bob', 'Cy']);
    const ann = await join(srv.port, made, 0, made.host);
    const bob = await join(srv.port, made, 1);
    const cy = await join(srv.port, made, 2);
    // A computer takes Bob's seat: his client is told, and holds no seat.
    const told = bob.next((m) => m.type === 'unseated');
    const seen = bob.next((m) => isState(m) && !m.seats[1].person);
    await ann.ask({ type: 'replace', seat: 1 }, (m) => isState(m) && !m.seats[1].person);
    const [u, s] = await Promise.all([told, seen]);
    assert.deepEqual(u.tokens, [made.seats[1].token]);
    assert.match(u.text, /computer plays for Bob now/);
    assert.deepEqual(s.yours, []);
    assert.equal(s.you, -1);
    assert.equal(s.seats[1].online, false);
    assert.match((await bob.ask({ type: 'roll' }, isError)).error, /spectator cannot play/);
    // The host drops Cy: the same, and his link no longer holds the seat.
    const dropped = cy.next((m) => m.type === 'unseated');
    const after = cy.next((m) => isState(m) && m.seats[2].left);
    await ann.ask({ type: 'drop', seat: 2 }, (m) => isState(m) && m.seats[2].left);
    assert.match((await dropped).text, /^The host dropped Cy from the game/);
    assert.deepEqual((await after).yours, []);
    assert.match((await cy.ask({ type: 'leave', seat: 2 }, isError)).error, /only leave a seat of yours/);
    assert.match((await dropped).text, /: this page watches the table\.$/);
    // Ann, who did both, keeps her own seat; nobody else was told.
    assert.deepEqual(ann.last('state').yours, [0]);
    assert.equal(ann.msgs.some((m) => m.type === 'unseated'), false);
    // At the next game with the same players Bob's seat is a person's
    // again, and Cy's is as it was: each page, which watched, is sent to
    // its seat (Cy's was sent to watch, and the game waited on his seat).
    await playOut([{ seat: 0, c: ann }], ann);
    const toBob = bob.next((m) => m.type === 'moved');
    const toCy = cy.next((m) => m.type === 'moved');
    const moved = await ann.ask({ type: 'again' }, (m) => m.type === 'moved' || isError(m));
    assert.equal(moved.type, 'moved', moved.error);
    const b = await toBob;
    assert.equal(b.seat, moved.seats[1].token);
    assert.equal(moved.seats[1].person, true);
    assert.equal((await toCy).seat, moved.seats[2].token);
    assert.equal(moved.seats[2].person, true);
    const back = await bob.ask({ type: 'join', table: b.table, seat: b.seat, host: '' }, stateOf(b.table));
    assert.equal(back.you, 1);
    [maker, ann, bob, cy].forEach((c) => c.close());
    // One device holding two seats, one of them dropped: it plays on for
    // the other, and is told so.
    const two = await table(maker = await client(srv.port), 'pub', ['Dee', 'Eve']);
    const phone = await client(srv.port);
    await phone.ask({ type: 'join', table: two.table, seat: `${two.seats[0].token},${two.seats[1].token}`, host: two.host }, isState);
    const note = phone.next((m) => m.type === 'unseated');
    await phone.ask({ type: 'drop', seat: 1 }, (m) => isState(m) && m.seats[1].left);
    // The host's own page is told what it did, not that "the host" did.
    assert.match((await note).text, /^You dropped Eve from the game: this page plays on for its other seats\.$/);
    assert.deepEqual(phone.last('state').yours, [0]);
    [maker, phone].forEach((c) => c.close());
  } finally {
    await stopServer(srv);
  }
});

// A turn's end in the state: from the turn's end until the next turn
// throws, `ended` names its seat, its last throw and the lines of its end
// (every turn of classic ends by a throw nothing adds up to, with the
// tiles left open, or by a move that shuts the box, told first); at other
// times it is null.
test('a state says how the last turn ended until the next throws', async () => {
  const srv = await startServer(tempDb('ended'), ['--pace', '0']);
  try {
    const host = await client(srv.port);
    // A shut box scores 0 and the game goes on: Bob's turn always comes.
    const made = await table(host, 'classic shut=zero', ['Ann', 'Bob']);
    const clients = [await join(srv.port, made, 0), await join(srv.port, made, 1)];
    let s = clients[0].last('state');
    let ends = 0;
    for (let n = 0; n < 400 && s.need !== 'none'; n++) {
      const before = s;
      playFor(clients[s.turn], s);
      s = await clients[0].next((m) => isState(m) && m.seq !== before.seq);
      if (s.need !== 'none' && s.turn !== before.turn) {
        assert.ok(s.ended, JSON.stringify(s.events));
        assert.equal(s.ended.seat, before.turn);
        assert.ok(s.ended.throw.length >= 1 && s.ended.throw.length <= 2, JSON.stringify(s.ended));
        assert.match(s.ended.lines.join('|'), /(nothing open adds up to \d+: the turn ends\|\d+((, \d+)* and \d+)? left open|The box is shut!)\|score +\d+$/);
        assert.equal(s.ended.lines.at(-1).match(/\d+/)[0], String(s.seats[before.turn].last));
        // The tiles left open are those scored: their sum.
        const left = s.ended.lines.find((l) => l.endsWith(' left open'));
        const sum = left ? left.match(/\d+/g).reduce((a, b) => a + Number(b), 0) : 0;
        assert.equal(sum, s.seats[before.turn].last, JSON.stringify(s.ended));
        ends++;
      } else if (s.throw.length > 0 || s.need === 'none') {
        assert.equal(s.ended, null, JSON.stringify(s));
      }
    }
    assert.equal(s.need, 'none');
    assert.ok(ends >= 1, 'no turn ended before the last');
    // The result's first line is its first (it began with a blank one).
    assert.match(s.words.result, /^\S/);
    [host, ...clients].forEach((c) => c.close());
  } finally {
    await stopServer(srv);
  }
});

// A game ended by a player who leaves before the turn throws: the last
// state shows that turn's untouched box and no dice, where it showed the
// dice of the turn before as if they were the leaver's.
test('a game that ends as a player leaves before throwing shows no dice of another turn', async () => {
  const srv = await startServer(tempDb('leave-first'));
  try {
    const host = await client(srv.port);
    // Shutting the box scores 0 and the game goes on to Bob's turn.
    const made = await table(host, 'classic shut=zero', ['Ann', 'Bob']);
    const ann = await join(srv.port, made, 0);
    const bob = await join(srv.port, made, 1);
    let s = ann.last('state');
    for (let n = 0; n < 100 && s.turn === 0; n++) {
      const seq = s.seq;
      playFor(ann, s);
      s = await ann.next((m) => isState(m) && m.seq !== seq);
    }
    assert.equal(s.turn, 1);
    assert.deepEqual(s.throw, []);
    const end = await bob.ask({ type: 'leave', seat: 1 }, (m) => isState(m) && m.need === 'none');
    assert.equal(end.turn, 1);
    assert.deepEqual(end.throw, []);
    assert.match(end.log.join('\n'), /Bob leaves/);
    // Each seat's note is the layer's (front_seat_note()).
    assert.deepEqual(end.seats.map((x) => x.note), ['', 'left']);
    [host, ann, bob].forEach((c) => c.close());
    // Alone, the same: the last dice were the player's own, of the turn
    // before.
    const maker = await client(srv.port);
    const solo = await table(maker, 'classic rounds=2 shut=zero', ['Zoe']);
    const zoe = await join(srv.port, solo, 0);
    s = zoe.last('state');
    for (let n = 0; n < 100 && s.round === 1; n++) {
      const seq = s.seq;
      playFor(zoe, s);
      s = await zoe.next((m) => isState(m) && m.seq !== seq);
    }
    assert.equal(s.round, 2);
    const over = await zoe.ask({ type: 'leave', seat: 0 }, (m) => isState(m) && m.need === 'none');
    assert.deepEqual(over.throw, []);
    [maker, zoe].forEach((c) => c.close());
  } finally {
    await stopServer(srv);
  }
});

// Every preset the form offers opens with the form's own defaults (a
// person, a computer, hints) under the server's default --memory; the-300
// needs 257 MiB a solver.  Past the limit, the host's "computer plays"
// says why and changes nothing.
test('every preset opens with a computer and hints under the default memory', async () => {
  // --memory-all as on a computer of 16 GiB, whatever this one has: the
  // tables of the-300 with hints count 513 MiB each.
  const presetsDb = tempDb('presets');
  const srv = await startServer(presetsDb, ['--tables-per-address', '100', '--memory-all', '8192']);
  try {
    const c = await client(srv.port);
    const catalog = await c.ask({ type: 'catalog' }, (m) => m.type === 'catalog');
    assert.ok(catalog.presets.length > 10);
    for (const p of catalog.presets) {
      const list = p.name === 'battle' ? ['Ann', 'cpu:optimal'] : ['Ann', 'Bob', 'cpu:optimal'];
      const made = await c.ask({ type: 'create', rules: p.name, seats: seats(...list), hints: true },
        (m) => m.type === 'created' || isError(m), 20000);
      assert.equal(made.type, 'created', `${p.name}: ${made.error}`);
      // Golf is classic by another name, and keeps its own at the table
      // and in the history (it was named classic).
      if (p.name === 'golf') {
        const g = await join(srv.port, made, 0);
        assert.equal(g.last('state').words.name, 'golf');
        g.close();
        assert.match(history(presetsDb), new RegExp(`^\\s+${made.table}\\s.*golf$`, 'm'));
      }
    }
    // The-300's odds take seconds: a hint asked at once says so, as a
    // hint with no choices yet, not as an error.
    const big = await table(c, 'the-300', ['Ann', 'cpu:optimal'], true);
    const ann = await join(srv.port, big, 0);
    await ann.ask({ type: 'roll' }, (m) => isState(m) && m.need !== 'throw');
    const early = await ann.ask({ type: 'hint' }, (m) => m.type === 'hint' || isError(m));
    assert.equal(early.type, 'hint', early.error);
    assert.deepEqual(early.choices, []);
    assert.equal(early.note, 'The odds are still being worked out');
    assert.equal(early.again, true);
    ann.close();
    // The odds of 13 tiles come at once, the chances of winning some half
    // a second after the table is made: a hint asked meanwhile has its
    // choices, and says those are being worked out, "again" (the server
    // sends no other by itself: the page asks again).  The hint is asked as soon as it has choices (before,
    // it says the odds are being worked out: on a slow build, with the
    // odds of the tables above still being made); three tables leave room
    // for a slow machine that finds both at once.
    let soon = null;
    for (let n = 0; n < 3 && !soon; n++) {
      const mid = await table(c, 'classic tiles=1-13', ['Ann', 'Bob'], true);
      const a13 = await join(srv.port, mid, 0);
      await a13.ask({ type: 'roll' }, (m) => isState(m) && m.need !== 'throw');
      for (let k = 0; k < 200; k++) {
        const h = await a13.ask({ type: 'hint' }, (m) => m.type === 'hint' || isError(m));
        assert.equal(h.type, 'hint', h.error);
        if (h.choices.length > 0) {
          if (h.note) soon = h;
          break;
        }
        // Under the server's limit of 20 messages a second.
        await new Promise((r) => setTimeout(r, 60));
      }
      a13.close();
    }
    assert.ok(soon, 'the chances of winning were never seen being worked out');
    assert.equal(soon.note, 'the chances of winning: being worked out');
    assert.equal(soon.again, true);
    c.close();
  } finally {
    await stopServer(srv);
  }
  const small = await startServer(tempDb('small'), ['--memory', '1']);
  try {
    const host = await client(small.port);
    const made = await table(host, 'tiles=1-18', ['Ann', 'Bob']);
    const ann = await join(small.port, made, 0, made.host);
    const e = await ann.ask({ type: 'replace', seat: 1 }, isError);
    assert.match(e.error, /^seat 2: cpu:optimal: the table of this board needs \d+ MiB, more than the limit of 1 MiB \(the server's --memory\); a computer playing fewest, most, highest, lowest or random plays any box$/);
    // The player to win past it names it too (it said "(--memory)").
    const refused = await host.ask({ type: 'create', rules: 'tiles=1-18', seats: seats('Ann', 'cpu:perfect'), hints: false }, (m) => m.type === 'created' || isError(m));
    assert.equal(refused.error, 'seat 2: cpu:perfect: too big for the memory limit (the server\'s --memory); a computer playing fewest, most, highest, lowest or random plays any box');
    // Bob's seat is still a person's, and the game goes on.
    const s = await ann.ask({ type: 'roll' }, isState);
    assert.equal(s.seats[1].person, true);
    assert.equal(s.need, 'move');
    [host, ann].forEach((x) => x.close());
  } finally {
    await stopServer(small);
  }
});

// The state words the round as a title says it: "round 1 of 5" where the
// rules play a number of rounds, "round 1" where they play until a total.
test('the round in words, with the number of rounds or the total that ends the match', async () => {
  const srv = await startServer(tempDb('round'));
  try {
    const c = await client(srv.port);
    const five = await table(c, 'five-rounds', ['Ann', 'Bob']);
    assert.equal((await join(srv.port, five, 0, five.host)).last('state').words.round, 'round 1 of 5');
    const until = await table(c, 'classic until=45', ['Ann', 'Bob']);
    assert.equal((await join(srv.port, until, 0, until.host)).last('state').words.round, 'round 1, to 45');
    const out = await table(c, 'classic eliminate=45', ['Ann', 'Bob']);
    assert.equal((await join(srv.port, out, 0, out.host)).last('state').words.round, 'round 1, out at 45');
    // A number of rounds beside such a total ends nothing, and is not said;
    // the log notes it under the table's line, as the programs warn.
    const both = await table(c, 'classic rounds=3 eliminate=60', ['Ann', 'Bob']);
    const bothState = (await join(srv.port, both, 0, both.host)).last('state');
    assert.equal(bothState.words.round, 'round 1, out at 60');
    assert.equal(bothState.log[1], 'Note: rounds=3 ends nothing here: eliminate=60 ends the game');
    // A battle ends when a side wins: neither its rounds nor a total are said.
    const battle = await table(c, 'battle rounds=3 until=40', ['Ann', 'Bob']);
    const battleState = (await join(srv.port, battle, 0, battle.host)).last('state');
    assert.equal(battleState.words.round, 'round 1');
    assert.equal(battleState.log[1], 'Note: rounds=3 and until=40 end nothing in a battle: it ends when a side wins');
    const one = await table(c, 'classic', ['Ann', 'Bob']);
    assert.equal((await join(srv.port, one, 0, one.host)).last('state').words.round, 'round 1');
    c.close();
  } finally {
    await stopServer(srv);
  }
});

// Two seats given one name are told apart by a number, and the log says
// so under the table's line (a slip of the host's?), as the programs do.
test('a name given twice is numbered, and the log says so', async () => {
  const srv = await startServer(tempDb('twins'));
  try {
    const c = await client(srv.port);
    const made = await table(c, 'classic', ['Ann', 'Ann']);
    const s = (await join(srv.port, made, 0, made.host)).last('state');
    assert.deepEqual(s.seats.map((x) => x.name), ['Ann', 'Ann (2)']);
    assert.equal(s.log[1], 'Ann is named more than once: the others are numbered, as Ann (2)');
    c.close();
  } finally {
    await stopServer(srv);
  }
});

// What to pick is in the state's words, by the rules of moves, at a move
// alone: under thai one tile, a die's or the total; under classic the
// tiles that add up to the throw.
test('the state says what to pick, by the rules of moves', async () => {
  const srv = await startServer(tempDb('pick'));
  try {
    const maker = await client(srv.port);
    for (const [rules, want] of [['thai', /^pick (one tile to shut: \d+(, \d+)* or \d+|tile [1-6] to shut)$/], ['classic', /^pick the tiles to shut$/]]) {
      const made = await table(maker, rules, ['Ann', 'Bob']);
      const ann = await join(srv.port, made, 0);
      assert.equal(ann.last('state').words.pick, '');
      const s = await ann.ask({ type: 'roll' }, (m) => isState(m) && m.need !== 'throw');
      // A first throw always has a move: every face is an open tile.
      assert.equal(s.need, 'move');
      assert.match(s.words.pick, want, rules);
      // Whether the words name the tiles (then a pick shows no sum).
      assert.equal(s.words.pick_named, rules === 'thai', rules);
      ann.close();
    }
    maker.close();
  } finally {
    await stopServer(srv);
  }
});
