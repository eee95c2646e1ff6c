// What the web tests share: a server of their own on a free port of the
// loopback, with a history of its own, and a small WebSocket client.
import { spawn, execFileSync } from 'node:child_process';
import WebSocket from 'ws';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as pathJoin } from 'node:path';
import assert from 'node:assert/strict';

export const shutbox = process.env.SHUTBOX || 'build/shutbox';

// Each test file's histories live in one folder of its own, removed as the
// file's process exits, whether its tests passed or not (not when a signal
// kills it).
let scratch = null;
let scratchCount = 0;

export function tempDb(name) {
  if (!scratch) {
    scratch = mkdtempSync(pathJoin(tmpdir(), 'shutbox-web-'));
    process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
  }
  const dir = pathJoin(scratch, String(scratchCount++));
  mkdirSync(dir);
  return pathJoin(dir, `${name}.db`);
}

// Starts shutbox serve; resolves to { url, port, proc, out } once it has
// printed the address to open.
export function startServer(db, extra = []) {
  return new Promise((resolve, reject) => {
    const proc = spawn(shutbox, ['serve', '--listen', '127.0.0.1:0', '--db', db, '--pace', '60', ...extra],
      { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`no address printed:\n${out}\n${err}`)), 10000);
    proc.stderr.on('data', (d) => { err += d; process.stderr.write(d); });
    proc.stdout.on('data', (d) => {
      out += d;
      // The port from the address to open, or (with --url, printed
      // instead) from the line that says where it listens.
      const m = out.match(/Open http:\/\/127\.0\.0\.1:(\d+)\//) || out.match(/\(listening on 127\.0\.0\.1:(\d+)\)/);
      if (m && out.includes('Ctrl-C')) {
        clearTimeout(timer);
        resolve({ url: `http://127.0.0.1:${m[1]}/`, port: Number(m[1]), proc, out: () => out, err: () => err });
      }
    });
    proc.on('exit', (code) => { clearTimeout(timer); if (code) reject(new Error(`serve exited ${code}:\n${err}`)); });
  });
}

// Stops the server.  Stopped by SIGTERM it must exit 0 having printed
// nothing on standard error (under the sanitizers: no error, no leak).
export async function stopServer(srv, signal = 'SIGTERM') {
  const code = await new Promise((resolve) => {
    if (srv.proc.exitCode !== null) return resolve(srv.proc.exitCode);
    srv.proc.on('exit', (c, sig) => resolve(c ?? sig));
    srv.proc.kill(signal);
  });
  if (signal === 'SIGTERM' && (code !== 0 || srv.err() !== ''))
    throw new Error(`shutbox serve stopped with ${code}:\n${srv.err()}`);
  return code;
}

export function history(db, ...args) {
  return execFileSync(shutbox, ['history', '--db', db, ...args], { encoding: 'utf8' });
}

// The players and totals of a game in the history's list, in order: each
// name, its total, and the note of a turn it did not play when a box shut
// to win ended the game first ("Bob 0 (did not play)") or of a player who
// left or whom the host dropped, and of a seat the computer played on for.
export function totalsLine(...names) {
  return new RegExp(names.map((n) => `${n} \\d+( \\((did not play|a turn fewer|left|dropped by the host)\\))?( \\(the computer played on\\))?`).join(', '));
}

// A verdict, the result's line of who won, in each of its forms: one
// winner, a shared win, a box shut to win, or nobody.  A test whose dice
// are not fixed must allow each of them.
export const verdictLine = /^(.+ wins with \d+\.|.+ share the win with \d+\.|.+ shut the box and wins!|Nobody wins\.)$/;

// A client: every message it got, kept in order, and a wait for one that
// passes a test.
export class Client {
  constructor(port, opts = {}) {
    this.msgs = [];
    this.waiters = [];
    this.closed = false;
    this.ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, opts);
    this.ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      this.msgs.push(m);
      this.waiters = this.waiters.filter((w) => !w(m));
    };
    this.ws.onclose = () => { this.closed = true; };
    this.open = new Promise((res, rej) => {
      this.ws.onopen = res;
      this.ws.onerror = rej;
    });
  }
  send(m) { this.ws.send(typeof m === 'string' ? m : JSON.stringify(m)); }
  // The next message (from now) that passes test, within ms.
  next(test = () => true, ms = 5000) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no such message in time')), ms);
      this.waiters.push((m) => {
        if (!test(m)) return false;
        clearTimeout(timer);
        resolve(m);
        return true;
      });
    });
  }
  async ask(m, test = () => true, ms) {
    const p = this.next(test, ms);
    this.send(m);
    return p;
  }
  last(type) { return this.msgs.filter((m) => m.type === type).at(-1); }
  close() { this.ws.close(); }
}

export async function client(port) {
  const c = new Client(port);
  await c.open;
  return c;
}

export const seats = (...list) => list.map((s) => (s.startsWith('cpu:') ? { name: s, cpu: s.slice(4) } : { name: s, cpu: '' }));

// The state's tiles list of a mask.
export const tiles = (mask) => {
  const list = [];
  for (let t = 1; t <= 32; t++) if (Math.floor(mask / 2 ** (t - 1)) % 2) list.push(t);
  return list;
};

// Plays the turn of state s for client c, as a simple player: the most
// dice, then the roll, then the first legal move.
export function playFor(c, s) {
  // Dice counts: bit d for d dice.
  if (s.need === 'dice') c.send({ type: 'dice', count: Math.max(...tiles(s.choices)) - 1 });
  else if (s.need === 'throw') c.send({ type: 'roll' });
  else if (s.need === 'move') c.send({ type: 'move', tiles: tiles(s.moves[0]) });
}

export const isState = (m) => m.type === 'state';
export const isError = (m) => m.type === 'error';
// A state of table id alone: a page that moves on from one table may still
// be sent a state of the old one (a seat there going offline, say).
export const stateOf = (id) => (m) => isState(m) && m.table === id;

// A table of rules spec and seats list made by client c, checked.
export async function table(c, spec, list, hints = false) {
  const made = await c.ask({ type: 'create', rules: spec, seats: seats(...list), hints }, (m) => m.type !== 'catalog');
  assert.equal(made.type, 'created', JSON.stringify(made));
  return made;
}

// Client of seat i (-1: a watcher) at table made, host token host.
export async function join(port, made, i, host = '') {
  const c = await client(port);
  const s = await c.ask({ type: 'join', table: made.table, seat: i < 0 ? '' : made.seats[i].token, host }, stateOf(made.table));
  assert.equal(s.you, i);
  return c;
}

// Plays until the game is over: each client plays its own seat's turns.
export async function playOut(clients, watcher) {
  for (let n = 0; n < 2000; n++) {
    const s = watcher.last('state');
    if (s.need === 'none') return s;
    const c = clients.find((x) => x.seat === s.turn);
    const seq = s.seq;
    if (c) playFor(c.c, s);
    await watcher.next((m) => isState(m) && m.seq !== seq, 10000).catch((e) => {
      throw new Error(`stuck at ${JSON.stringify({ need: s.need, turn: s.turn, seq, log: s.log.slice(-3) })}: ${e.message}`);
    });
  }
  throw new Error('the game did not end');
}
