// The web client of shutbox serve: the connection and which page shows.
//
// A page at /?t=ID&s=TOKEN sits at seat TOKEN of table ID; several
// tokens separated by commas seat several people who pass one device
// round; /?t=ID watches; / makes a new table.  The seat's token is kept in this browser's storage
// too, so a reload (or a page opened again from the table's link) gets the
// seat back.  The server is the referee: this page only shows its state
// and sends what the person picks; every refusal comes back in words.
import { lobbyStart, lobbyCatalog, lobbyRefused } from './lobby.js';
import { tableShow, tableHint, tableReconnected, tableRefused, tableOffline } from './table.js';

const params = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);

// A table's number as the server gives them; a link whose t is anything
// else (cut, mistyped, 0) names no table, and the page says so rather
// than show the server's refusal of it, or the first page.
const TABLE = /^0*[1-9][0-9]{0,15}$/; // "05", typed by hand, is table 5
const linkTable = params.get('t');
const badTable = linkTable !== null && !(TABLE.test(linkTable) && Number.isSafeInteger(Number(linkTable)));

export const session = {
  table: badTable ? 0 : Number(linkTable) || 0,
  seat: params.get('s') || '',
  host: params.get('h') || '',
  ws: null,
};

// A token as the server makes them; a link cut short or mistyped has
// none of its own, and such a token is neither sent nor kept (the server
// would refuse the whole join, and the page show nothing of the table).
const TOKEN = /^[0-9a-f]{32}$/;
const tokens = (list) => list.split(',').filter((t) => TOKEN.test(t)).join(',');
const token = (t) => (TOKEN.test(t) ? t : '');
let badLink = false;

function remember() {
  const id = session.table;
  if (!id) return;
  const seat = tokens(session.seat);
  const host = token(session.host);
  badLink ||= seat !== session.seat || host !== session.host;
  if (seat) localStorage.setItem(`shutbox.seat.${id}`, seat);
  if (host) localStorage.setItem(`shutbox.host.${id}`, host);
  session.seat = seat || tokens(localStorage.getItem(`shutbox.seat.${id}`) || '');
  session.host = host || token(localStorage.getItem(`shutbox.host.${id}`) || '');
}

// The form of a new table, filled in from a table over (sessionStorage).
export const DRAFT = 'shutbox.draft';

export function send(msg) {
  if (session.ws && session.ws.readyState === WebSocket.OPEN)
    session.ws.send(JSON.stringify(msg));
  else {
    showError('Not connected, so not sent: tap again once the page says connected.');
    tableRefused();
  }
}

// An error, at the top of the page (it stays there as the page scrolls):
// its first letter a capital, the server's words beginning as a line of
// the command line does ("seat 1: ...").
export function showError(text) {
  const e = $('error');
  e.textContent = text ? text[0].toUpperCase() + text.slice(1) : '';
  e.hidden = !text;
}

// Whether a host name is this computer's own (127.0.0.1, localhost, ::1):
// a link to it opens on no phone.
export const loopback = (host) => /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(host);

// Where the links point: this page's address, but for a page opened on
// the server's computer itself, the address the server printed (origin,
// from --url or the network's), when that is not its own as well.
function linkOrigin(origin) {
  try {
    const printed = new URL(origin);
    if (loopback(location.hostname) && !loopback(printed.hostname)) return printed.origin;
  } catch { /* none given: this page's */ }
  return location.origin;
}

// The link of a seat (token) at table id, for the host to give out.
function seatLink(id, token, origin) {
  return `${linkOrigin(origin)}/?t=${id}${token ? `&s=${token}` : ''}`;
}

// The links of a table's seats, kept for its host's page: each person's
// seat, and the table's own for spectators.
export function keepLinks(table, seats, origin) {
  const links = seats.filter((s) => s.person)
    .map((s) => ({ name: s.name, url: seatLink(table, s.token, origin) }));
  links.push({ name: 'spectators', url: seatLink(table, '', origin) });
  localStorage.setItem(`shutbox.links.${table}`, JSON.stringify(links));
}

// The host started another game with the same players: this page goes
// to it, at the same seats (the host's with the new links).
function moved(m) {
  if (m.seats) keepLinks(m.table, m.seats, m.origin);
  $('notice').hidden = true;
  goToTable(m.table, m.seat, m.host);
}

export function goToTable(id, seat, host) {
  session.table = id;
  session.seat = seat;
  session.host = host;
  remember();
  const url = `/?t=${id}${seat ? `&s=${seat}` : ''}`;
  history.replaceState(null, '', url);
  $('lobby').hidden = true;
  $('table').hidden = false;
  // The box at the top, not where the form was scrolled to.
  window.scrollTo(0, 0);
  join();
}

// The server says some of this page's seats are no longer its own (a
// computer took one, or the host dropped its player): their tokens are
// forgotten, from the link and the storage, and the page says why. They
// are kept apart ("former"), and given at every join, so that the server
// knows this page as that seat's after a reload or a lost connection: at
// the next game with the same players, the seat is this page's again.
function unseated(m) {
  const stale = new Set(m.tokens);
  const key = `shutbox.seat.${session.table}`;
  const former = [...new Set([...formerTokens(), ...tokens(m.tokens.join(',')).split(',').filter((t) => t)])];
  localStorage.setItem(FORMER(), former.slice(-12).join(','));
  session.seat = session.seat.split(',').filter((t) => t && !stale.has(t)).join(',');
  if (session.seat) localStorage.setItem(key, session.seat);
  else localStorage.removeItem(key);
  if (m.host) {
    session.host = '';
    localStorage.removeItem(`shutbox.host.${session.table}`);
  }
  history.replaceState(null, '', `/?t=${session.table}${session.seat ? `&s=${session.seat}` : ''}`);
  $('notice').textContent = m.text;
  $('notice').hidden = false;
}

// The table is not on the server (over and let go, or never made): what
// this browser kept of it is forgotten, and the page says so, with the
// way back to the first page.
function noTable(m) {
  for (const k of ['seat', 'host', 'links', 'former']) localStorage.removeItem(`shutbox.${k}.${m.table}`);
  gone(m.error);
}

function gone(text) {
  session.table = 0;
  session.seat = '';
  session.host = '';
  $('table').hidden = true;
  $('lobby').hidden = true;
  $('notice').hidden = true;
  $('gone-text').textContent = text;
  $('gone').hidden = false;
}

// The key of the tokens of seats this page held at its table (unseated()),
// and those tokens, as a list.
const FORMER = () => `shutbox.former.${session.table}`;
const formerTokens = () => tokens(localStorage.getItem(FORMER()) || '').split(',').filter((t) => t);

function join() {
  send({ type: 'join', table: session.table, seat: session.seat, host: session.host, former: formerTokens().join(',') });
}

function onMessage(ev) {
  const m = JSON.parse(ev.data);
  if (m.type === 'error') {
    // A moot step: the new state, come or coming, says what happened.
    if (!m.moot) showError(m.error);
    if (!$('lobby').hidden) lobbyRefused(m);
    tableRefused(m);
  }
  else if (m.type === 'catalog') lobbyCatalog(m);
  else if (m.type === 'created') document.dispatchEvent(new CustomEvent('created', { detail: m }));
  // A state of another table is the one this page moved on from (the
  // host started another game): a seat there going offline is sent to its
  // watchers until the page joins the next, and is not shown.
  else if (m.type === 'state') {
    if (m.table !== session.table) return;
    showError(m.alert || '');
    tableShow(m);
  }
  else if (m.type === 'hint') tableHint(m);
  else if (m.type === 'unseated') unseated(m);
  else if (m.type === 'no-table') noTable(m);
  else if (m.type === 'moved') moved(m);
}

// A step unanswered for so long: the connection stalled (a phone back
// from sleep, Wi-Fi gone quiet) without closing, and the page would wait
// on it for ever. It is dropped, and a new one made: its state says
// whether the step was made.
export const STEP_WAIT_MS = 8000;
export function stalled() {
  const ws = session.ws;
  if (!ws || ws.readyState !== WebSocket.OPEN) return;
  ws.onclose = null;
  ws.onmessage = null;
  ws.close();
  $('conn').textContent = 'no answer from the server; reconnecting…';
  offlineSoon();
  connect();
}

// Without the server for a moment and more, the page says so across its
// top and dims the table, which takes no step meanwhile: a screen across
// the room shows it too, not only the corner line.
const OFFLINE_AFTER_MS = 1500;
let offlineTimer = null;
function offlineSoon() {
  if (offlineTimer === null)
    offlineTimer = setTimeout(() => document.body.classList.add('offline'), OFFLINE_AFTER_MS);
}
function online() {
  clearTimeout(offlineTimer);
  offlineTimer = null;
  document.body.classList.remove('offline');
}

let retry = 500;
// Why the server turned the page away ("the server is stopping"), said
// until a connection is made again: the tries that fail meanwhile have
// no reason of their own, and would hide it before the banner showed.
let closedWhy = '';
function connect() {
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  const ws = new WebSocket(`${proto}://${location.host}/ws`);
  session.ws = ws;
  ws.onopen = () => {
    retry = 500;
    closedWhy = '';
    online();
    tableReconnected();
    $('conn').textContent = 'connected';
    if (session.table) join();
    else send({ type: 'catalog' });
  };
  ws.onmessage = onMessage;
  // A server turning the page away says why in the close frame's reason.
  ws.onclose = (ev) => {
    if (ev.reason) closedWhy = ev.reason;
    $('conn').textContent = closedWhy ? `${closedWhy}; trying again…` : 'connection lost; reconnecting…';
    tableOffline();
    offlineSoon();
    setTimeout(connect, retry);
    // A server started again is found within 2 s of it.
    retry = Math.min(retry * 2, 2000);
  };
}

remember();
if (badTable) {
  gone(`This link names no table ("${linkTable.slice(0, 40)}" is not a table's number): it may have been cut short or mistyped. Ask for the link again.`);
} else if (session.table) {
  history.replaceState(null, '', `/?t=${session.table}${session.seat ? `&s=${session.seat}` : ''}`);
  $('table').hidden = false;
  if (badLink) {
    $('notice').textContent = 'This link\'s seat is not whole (cut short or mistyped): '
      + (session.seat ? 'this page sits at the seats it has kept.' : 'this page watches the table. Ask for the link again.');
    $('notice').hidden = false;
  }
} else {
  $('lobby').hidden = false;
  lobbyStart();
}
connect();
