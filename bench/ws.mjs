// The server's speed (make bench): CLIENTS WebSocket clients at TABLES
// tables of shutbox serve, every table playing at once.  At each table one
// seated client after another sends its action (a roll, then a move); the
// time from the message sent to the moment every client of the table has
// the new state is one sample.  Prints the median and the 99th percentile
// of those times, and the server's memory (resident now, and at most).
//
//   node bench/ws.mjs build/shutbox [CLIENTS TABLES ACTIONS THINK]
//
// Defaults: 500 clients, 100 tables, 40 actions a table, THINK 0: each
// table acts again as soon as its clients have the state, so the server is
// as busy as the clients can make it (about 2,000 actions a second here);
// with THINK ms, a table waits a random time of 0 to 2 x THINK ms before
// each action, as people do.  Each table has
// two people's seats and the rest of its clients watch; the server runs
// with a history of its own in a temporary folder.
import { spawn } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from '../tests/web/node_modules/ws/wrapper.mjs';

const [shutbox = 'build/shutbox', clients = '500', tables = '100', actions = '40', think = '0'] = process.argv.slice(2);
const nClients = Number(clients), nTables = Number(tables), nActions = Number(actions), thinkMs = Number(think);
const perTable = Math.floor(nClients / nTables);
const dir = mkdtempSync(join(tmpdir(), 'shutbox-bench-'));

function start() {
  return new Promise((resolve, reject) => {
    const proc = spawn(shutbox, ['serve', '--listen', '127.0.0.1:0', '--db', join(dir, 'bench.db'),
      // Every table is made from this one address.
      '--max-clients', String(nClients + 50), '--clients-per-address', String(nClients + 50),
      '--tables-per-address', '10000'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/Open http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m && out.includes('Ctrl-C')) resolve({ proc, port: Number(m[1]) });
    });
    proc.on('exit', (c) => reject(new Error(`serve exited ${c}`)));
  });
}

function connect(port) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const c = { ws, handlers: [], seq: -1, state: null };
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.type === 'state') { c.seq = m.seq; c.state = m; }
      // A refusal (a rate limit reached, say) would leave a table
      // waiting for ever: it ends the run.
      if (m.type === 'error' && c.state) {
        console.error(`serve: refused: ${m.error}`);
        srv.proc.kill('SIGTERM');
        process.exit(1);
      }
      c.handlers = c.handlers.filter((h) => !h(m));
    };
    ws.onopen = () => resolve(c);
    ws.onerror = reject;
  });
}

const when = (c, test) => new Promise((resolve) => c.handlers.push((m) => (test(m) ? (resolve(m), true) : false)));
const ask = (c, msg, test) => { const p = when(c, test); c.ws.send(JSON.stringify(msg)); return p; };
const tilesOf = (mask) => [...Array(32).keys()].map((i) => i + 1).filter((t) => Math.floor(mask / 2 ** (t - 1)) % 2);

// The server's CPU time so far, in seconds (user and system).
function cpu(pid) {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}

function rss(pid) {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k) => Number(s.match(new RegExp(`${k}:\\s+(\\d+)`))[1]);
  return { now: kb('VmRSS'), peak: kb('VmHWM'), threads: kb('Threads') };
}

// One table: two seats, watchers; plays nActions actions, timing each.
// Each table is made by its first client (the rate limit is per
// connection: one client making every table would reach it).
async function playTable(port) {
  const maker = await connect(port);
  const made = await ask(maker, { type: 'create', rules: 'pub rounds=1000', seats: [{ name: 'A', cpu: '' }, { name: 'B', cpu: '' }], hints: false },
    (m) => m.type === 'created' || m.type === 'error');
  if (made.type !== 'created') throw new Error(made.error);
  const cs = [];
  for (let i = 0; i < perTable; i++) {
    const c = i === 0 ? maker : await connect(port);
    await ask(c, { type: 'join', table: made.table, seat: i < 2 ? made.seats[i].token : '', host: '' }, (m) => m.type === 'state');
    cs.push(c);
  }
  return { cs, samples: [] };
}

async function playActions(t) {
  for (let n = 0; n < nActions; n++) {
    if (thinkMs > 0) await new Promise((r) => setTimeout(r, Math.random() * 2 * thinkMs));
    const s = t.cs[0].state;
    if (s.need === 'none') break;
    const c = t.cs[s.turn];
    const msg = s.need === 'throw' ? { type: 'roll' }
      : s.need === 'dice' ? { type: 'dice', count: Math.max(...tilesOf(s.choices)) - 1 }
        : { type: 'move', tiles: tilesOf(s.moves[0]) };
    const want = s.seq + 1;
    const all = t.cs.map((x) => when(x, (m) => m.type === 'state' && m.seq >= want));
    const t0 = process.hrtime.bigint();
    c.ws.send(JSON.stringify(msg));
    await Promise.all(all);
    t.samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
}

const srv = await start();
process.on('exit', () => srv.proc.kill('SIGTERM'));
const idle = rss(srv.proc.pid);
const ts = [];
for (let i = 0; i < nTables; i++) ts.push(await playTable(srv.port));
const joined = rss(srv.proc.pid);
const t0 = Date.now();
const cpu0 = cpu(srv.proc.pid), me0 = process.cpuUsage();
await Promise.all(ts.map(playActions));
const cpuServer = cpu(srv.proc.pid) - cpu0, me = process.cpuUsage(me0);
const secs = (Date.now() - t0) / 1000;
const all = ts.flatMap((t) => t.samples).sort((a, b) => a - b);
const q = (p) => all[Math.min(all.length - 1, Math.floor(p * all.length))];
const mem = rss(srv.proc.pid);
console.log(`serve: ${ts.length * perTable} clients at ${ts.length} tables, ${all.length} actions in ${secs.toFixed(1)} s (think ${thinkMs} ms)`);
console.log(`serve: CPU time while playing: the server ${cpuServer.toFixed(2)} s, the clients (this Node) ${((me.user + me.system) / 1e6).toFixed(2)} s`);
console.log(`serve: move to every client of its table: median ${q(0.5).toFixed(2)} ms, p99 ${q(0.99).toFixed(2)} ms, max ${all.at(-1).toFixed(2)} ms`);
console.log(`serve: memory: ${(idle.now / 1024).toFixed(1)} MiB started, ${(joined.now / 1024).toFixed(1)} MiB with every client, ${(mem.peak / 1024).toFixed(1)} MiB at most; ${mem.threads} threads`);
for (const t of ts) for (const c of t.cs) c.ws.close();
srv.proc.kill('SIGTERM');
await new Promise((r) => srv.proc.on('exit', r));
rmSync(dir, { recursive: true, force: true });
