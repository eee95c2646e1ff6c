// A table's game in the history beside the terminal's games: the history
// says which front end made each game, so that shutbox play never takes
// over a table that shutbox serve goes on with (two writers of one record
// clashed, and the server stopped recording it), and shutbox history does
// not offer to.  A history of the schema before it (3) learns it from the
// seats the server kept.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, execFileSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { startServer, stopServer, client, seats, tempDb, history, shutbox } from './lib.mjs';

const isState = (m) => m.type === 'state';

function run(args, input = '') {
  return spawnSync(shutbox, args, { input, encoding: 'utf8' });
}

const sql = (db, text) => execFileSync('sqlite3', [db, text], { encoding: 'utf8' }).trim();

// Makes a history with a terminal game left unfinished (game 1) and then a
// table of the server with one throw made (game 2).
async function historyWithTable() {
  const db = tempDb('fronts');
  const plain = run(['play', '--plain', '--players', 'Zed,cpu:fewest', '--seed', '5', '--db', db]);
  assert.match(plain.stdout + plain.stderr, /Game 1 is kept/);
  const srv = await startServer(db);
  try {
    const c = await client(srv.port);
    const made = await c.ask({ type: 'create', rules: 'pub', seats: seats('Ann', 'Bob'), hints: false }, (m) => m.type === 'created');
    await c.ask({ type: 'join', table: made.table, seat: made.seats[0].token, host: '' }, isState);
    await c.ask({ type: 'roll' }, (m) => isState(m) && m.need === 'move');
    c.close();
    assert.equal(made.table, 2);
  } finally {
    await stopServer(srv);
  }
  return db;
}

test('play will not resume a table of the server, and history does not offer it', async () => {
  const db = await historyWithTable();
  const actions = sql(db, 'SELECT count(*) FROM actions WHERE game = 2');
  const r = run(['play', '--plain', '--resume', '2', '--db', db], '\n\n');
  assert.equal(r.status, 2, r.stdout + r.stderr);
  assert.equal(r.stdout, '');
  assert.equal(r.stderr, 'shutbox: play: game 2 is a table in the browser: shutbox serve on this history goes on with it\n');
  assert.equal(sql(db, 'SELECT count(*) FROM actions WHERE game = 2'), actions);
  const list = history(db);
  assert.match(list, /Ann 0, Bob 0; unfinished: a table of shutbox serve\n/);
  assert.doesNotMatch(list, /--resume 2/);
  // Its replay says where it goes on, and offers no play --resume.
  const replay = run(['history', '2', '--db', db]);
  assert.match(replay.stdout, /The game stopped here\. It is a table in the browser: shutbox serve on this history goes on with it\.\n/);
  assert.doesNotMatch(replay.stdout, /--resume/);
  // The way to go on names the history it is in (history() gives --db),
  // and the program as it was run.
  assert.ok(list.includes(`; unfinished: ${shutbox} play --db ${db} --resume 1\n`), list);
  assert.match(list, /Zed \d+, cpu:fewest \d+; unfinished: \S*shutbox play --db \S+ --resume 1\n/);
  // Without a number, play goes on with its own latest game, not the table.
  const latest = run(['play', '--plain', '--resume', '--db', db]);
  assert.doesNotMatch(latest.stderr, /table in the browser/);
  assert.match(latest.stdout, /Zed/);
  assert.equal(sql(db, 'SELECT count(*) FROM actions WHERE game = 2'), actions);
});

test('a history of schema 3 learns which games are the server\'s tables', async () => {
  const db = await historyWithTable();
  const old = db.replace(/\.db$/, '-v3.db');
  copyFileSync(db, old);
  // The schema before: no column for the front end (nor for the seats
  // handed to the computer, which version 6 adds, nor for the players
  // dropped, which 7 adds).
  sql(old, 'ALTER TABLE games DROP COLUMN front; ALTER TABLE seats DROP COLUMN handed; ' +
    'ALTER TABLE seats DROP COLUMN dropped; PRAGMA user_version = 3;');
  assert.equal(sql(old, 'PRAGMA user_version'), '3');
  assert.match(history(old), /Ann 0, Bob 0; unfinished: a table of shutbox serve\n/);
  // Brought up to today's schema, the front end's step among the others.
  assert.equal(sql(old, 'PRAGMA user_version'), '7');
  assert.equal(sql(old, 'SELECT group_concat(id || \':\' || front, \' \') FROM games'), '1:play 2:serve');
  assert.equal(run(['play', '--plain', '--resume', '2', '--db', old], '\n\n').status, 2);
});
