// The table as the server states it: the box, the dice, the players, what
// happened.  The words of the game (events, standings, the result, the
// rules, the heading of each turn in its log) are the server's, from its
// front-end layer; this page adds only the labels of its own controls.
// The tiles a move may take (the open ones; the shut ones, for a battle's
// Opener) that cannot be part of a legal move with those already picked
// are dimmed, hatched and crossed; shut ones lie flat; a move counts only
// when its player confirms it.
import { send, stalled, showError, loopback, STEP_WAIT_MS, DRAFT } from './app.js';

const $ = (id) => document.getElementById(id);
const pips = ['', '⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];
let state = null;
let picked = 0;
let lastSeq = -1;
// A step of the game sent (once()), its answer not come yet.
let pending = false;
// A device with several seats: the seat whose player last had it, kept
// for the device (localStorage), so that a page loaded again, or opened
// again in a new tab, still asks for the device to be passed.
let holder = -1;
const holderKey = (s) => `shutbox.holder.${s.table}`;
function hold(s, seat) {
  holder = seat;
  try { localStorage.setItem(holderKey(s), String(seat)); } catch { /* kept in the page alone */ }
}
function heldBefore(s) {
  try {
    const kept = localStorage.getItem(holderKey(s));
    return kept !== null && s.yours.includes(Number(kept)) ? Number(kept) : s.turn;
  } catch { return s.turn; }
}
// The lines the table had said when its log was last shown here (the
// state's said), -1 to show it whole: the log is a polite live region, so
// only new lines are added to it, and a screen reader reads only those.
let logSaid = -1;
let logTable = 0;
// The dice this page shows, as a key ('' for none): a throw shown anew
// rolls.
let diceShown = '';
// The control that had the focus when a tap sent a step (or asked a
// hint) and disabled it (focusKey()), for the focus to go on from there
// once it is answered.
let stepFocus = null;
// Steps sent so far: a step's wait for its answer is its own.
let steps = 0;
// The kind of the last step sent ('move', 'roll', 'dice'), until its answer.
let stepSent = '';
// The move sent last, and whether it opened tiles (a battle's Opener).
let sentMove = null;
// A dice count chosen here, its throw to follow: "Throw 1 die" throws.
let rollNext = false;
// A hint asked, its answer not come yet: Hint is off until it comes (or
// a refusal, or the table moves on), so that quick taps ask once, not
// past the server's limit on messages.
let hintAsked = false;
// A hint whose odds, or chances of winning, were still being worked out
// ("again" in its message) is asked again by the page a second later,
// while the table is at the same state and the hint shown.
let hintAgain = 0;
const HINT_AGAIN_MS = 1000;

const bit = (t) => 2 ** (t - 1);
const has = (mask, t) => Math.floor(mask / bit(t)) % 2 === 1;
const tilesOf = (mask, lo, hi) => {
  const list = [];
  for (let t = lo; t <= hi; t++) if (has(mask, t)) list.push(t);
  return list;
};
// Masks up to 32 bits: JavaScript's bit operators are 32-bit signed, so
// sets are compared through their lists of tiles.
const within = (a, b, s) => tilesOf(a, s.lo, s.hi).every((t) => has(b, t));

function myTurn(s) {
  return s.yours.includes(s.turn) && s.need !== 'none';
}

// Several people share this device: whoever is to play takes it.
const shared = (s) => s.yours.length > 1;
const turnName = (s) => (s.seats[s.turn] ? s.seats[s.turn].name : '');

// Whether the device is to be passed to the player whose turn it is.
function toPass(s) {
  return shared(s) && myTurn(s) && holder !== s.turn;
}

function button(text, label, onclick, cls) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  if (label) b.setAttribute('aria-label', label);
  if (cls) b.className = cls;
  b.onclick = onclick;
  return b;
}

// A tap that sends step msg of the game: until the server answers (a new
// state, or an error), the buttons that send one are disabled, at once
// and whenever the page is drawn again meanwhile (renderActions()): a
// second tap would send a step again; unanswered for STEP_WAIT_MS, the
// connection is made anew (stalled()). The step names the state it was
// sent from (seq): refused after the table moved on from it (another
// device of the seat acted first), it is moot, and the server says so.
function once(msg) {
  return () => {
    if (pending) return;
    pending = true;
    stepSent = msg.type;
    sentMove = msg.type === 'move' && state
      ? { tiles: msg.tiles, opener: !!state.opener, turn: state.turn, round: state.round }
      : null;
    stepFocus = focusKey(document.activeElement);
    stepsOff();
    send({ ...msg, seq: lastSeq });
    const step = ++steps;
    setTimeout(() => { if (pending && steps === step) waiting(); }, SLOW_STEP_MS);
    setTimeout(() => { if (pending && steps === step) stalled(); }, STEP_WAIT_MS);
  };
}

// A step unanswered for a second: the connection's line says the page
// waits, until the answer comes (answered()) or the page connects anew.
const SLOW_STEP_MS = 1000;
const WAITING = 'sent; waiting for the server…';
function waiting() {
  // Not over a line that says the connection is lost.
  if ($('conn').textContent === 'connected') $('conn').textContent = WAITING;
}
function answered() {
  if ($('conn').textContent === WAITING) $('conn').textContent = 'connected';
}

// The device just passed ("I am Bea"): for a moment the buttons that
// send a step are drawn off (renderActions()), so that the second tap of
// a double tap, landing on the button drawn where "I am Bea" was, does
// not throw for her; then they are drawn on.
const HANDED_MS = 600;
let handedAt = -Infinity;
const justHanded = () => performance.now() - handedAt < HANDED_MS;

function stepsOff() {
  for (const b of $('actions').querySelectorAll('button.step')) b.disabled = true;
}

// Whether tile t can still be part of a legal move with those picked.
function usable(s, t) {
  return s.moves.some((m) => has(m, t) && within(picked, m, s));
}

function renderTiles(s) {
  const moving = myTurn(s) && s.need === 'move';
  const box = $('tiles');
  box.replaceChildren();
  // On a large screen, rows of at most 12 tiles, as even as they go: 24
  // tiles in two rows of 12 (the style sizes their numbers to fit).
  const n = s.hi - s.lo + 1;
  box.style.setProperty('--cols', String(Math.ceil(n / Math.ceil(n / 12))));
  for (let t = s.lo; t <= s.hi; t++) {
    const open = has(s.open, t);
    const b = document.createElement('button');
    b.type = 'button';
    b.className = `tile ${open ? 'open' : 'shut'}`;
    b.dataset.tile = t;
    const chosen = has(picked, t);
    const can = moving && (chosen || usable(s, t));
    // Only a tile of the kind the move takes is dimmed: open ones, and
    // for an Opener (a battle) shut ones; the others look as they are,
    // and nothing else.
    const unusable = moving && open !== !!s.opener && !can;
    if (unusable) b.classList.add('dim');
    b.disabled = !moving || !can;
    b.setAttribute('aria-pressed', String(chosen));
    b.setAttribute('aria-label', `tile ${t}, ${open ? 'open' : 'shut'}`
      + `${chosen ? (open ? ', picked' : ', picked to open') : ''}${unusable ? ', cannot be used' : ''}`);
    // Colour is never the only cue: a tile picked is ticked (and a shut
    // one picked to open says so, standing up as it will), a shut one
    // lies flat, struck through and marked, and one that cannot be used
    // is hatched (style.css) and crossed.
    const mark = chosen ? (open ? '✓' : '✓ open') : unusable ? '✕' : !open ? 'shut' : '';
    b.innerHTML = `<span class="num">${t}</span><span class="mark" aria-hidden="true">${mark}</span>`;
    b.onclick = () => {
      picked = has(picked, t) ? picked - bit(t) : picked + bit(t);
      keepPicked();
      render();
    };
    box.append(b);
  }
}

// The tiles picked, kept for the tab with the state they were picked on,
// so that a page loaded again keeps them (they vanished, as if the taps
// were lost).
const pickedKey = () => `shutbox.picked.${state ? state.table : 0}`;

function keepPicked() {
  if (!state) return;
  if (picked) sessionStorage.setItem(pickedKey(), JSON.stringify({ seq: state.seq, picked }));
  else sessionStorage.removeItem(pickedKey());
}

function keptPicked(s) {
  try {
    const k = JSON.parse(sessionStorage.getItem(`shutbox.picked.${s.table}`));
    return k && k.seq === s.seq && Number.isSafeInteger(k.picked) && k.picked > 0 ? k.picked : 0;
  } catch {
    return 0;
  }
}

// The dice thrown into box, and their sum; spent when the throw has been
// used (the turn's last, before it throws again): dimmed, and said.
function renderDice(box, thrown, faces, fresh, spent) {
  box.replaceChildren();
  box.classList.toggle('spent', spent);
  for (const f of thrown) {
    const d = document.createElement('span');
    d.className = `die${fresh ? ' fresh' : ''}`;
    d.setAttribute('role', 'img');
    d.setAttribute('aria-label', `die showing ${f}`);
    d.textContent = faces === 6 ? pips[f] : String(f);
    box.append(d);
  }
  if (thrown.length) {
    const sum = document.createElement('span');
    sum.className = 'sum';
    sum.textContent = `= ${thrown.reduce((a, b) => a + b, 0)}${spent ? ', the last throw' : ''}`;
    box.append(sum);
  }
}

// How the last turn ended, while the next has not thrown (the server's
// words): its last dice, when it threw, and its lines ("nothing open adds
// up to 4: the turn ends", "score 37"). A throw that allows no move ends
// a turn within the roll, so that the page would otherwise never show it.
function renderEnded(s, fresh) {
  const box = $('ended');
  // The server says it while no turn has begun since, and the game goes on.
  const e = s.ended;
  box.hidden = !e;
  $('dice').hidden = !!e;
  if (!e) return box.replaceChildren();
  const dice = Object.assign(document.createElement('div'), { className: 'dice' });
  renderDice(dice, e.throw, s.faces, fresh, false);
  const name = s.seats[e.seat] ? s.seats[e.seat].name : '';
  const words = Object.assign(document.createElement('p'), {
    textContent: `${name}: ${e.lines.map((l) => l.replace(/\s+/g, ' ')).join(' · ')}`,
  });
  box.replaceChildren(...(e.throw.length ? [dice] : []), words);
}

function renderActions(s) {
  const box = $('actions');
  box.replaceChildren();
  $('picked').textContent = '';
  // The game over, the host may start the next with the same players.
  if (s.need === 'none' && s.host) {
    const again = button('Another game, the same players', null, () => {
      again.disabled = true;
      send({ type: 'again' });
    }, 'primary');
    // Or a new table, its form filled in from this one's rules and seats.
    const other = button('Other rules or players…', null, () => {
      sessionStorage.setItem(DRAFT, JSON.stringify({
        spec: s.spec,
        hints: s.hints,
        // A person's seat the computer played on for is the person's.
        seats: s.seats.map((x, i) => (x.person || x.handed
          ? { name: x.name, cpu: '', here: s.yours.includes(i) }
          : { name: 'cpu', cpu: x.cpu, here: false })),
      }));
      location.href = '/';
    });
    box.append(again, other);
    return;
  }
  // Another page's: what may come next, which this page follows by itself.
  if (s.need === 'none') {
    box.append(Object.assign(document.createElement('p'), {
      className: 'help',
      textContent: 'The host may start another game with the same players: this page goes on to it by itself.',
    }));
    return;
  }
  if (!myTurn(s)) return;
  if (toPass(s)) {
    const take = button(`I am ${turnName(s)}`, `I am ${turnName(s)}: show my turn`, () => {
      handedAt = performance.now();
      // Then on: the moment over whatever the timer's rounding says.
      setTimeout(() => { handedAt = -Infinity; if (state) render(); }, HANDED_MS);
      hold(s, s.turn);
      render();
    }, 'primary named');
    take.id = 'take';
    box.append(take);
    return;
  }
  if (s.need === 'dice') {
    for (let d = 1; d <= 8; d++)
      if (Math.floor(s.choices / 2 ** d) % 2 === 1) // bit d: d dice
        box.append(button(`Throw ${d} ${d === 1 ? 'die' : 'dice'}`, null, () => {
          rollNext = !pending;
          once({ type: 'dice', count: d })();
        }, 'primary step'));
  } else if (s.need === 'throw') {
    box.append(button(`Roll the dice`, null, once({ type: 'roll' }), 'primary step'));
  } else if (s.need === 'move') {
    const list = tilesOf(picked, s.lo, s.hi);
    const total = list.reduce((a, b) => a + b, 0);
    const target = s.throw.reduce((a, b) => a + b, 0);
    // One live region, kept, so that a screen reader reads each pick.
    // What to pick, in the server's words ("pick one tile to shut: 3, 5
    // or 8" where a tile is a die's or the total), then what is picked;
    // the sum and the throw only where the words do not name the tiles
    // (under thai a tile is not picked by the sum).
    const ask = s.words.pick ? s.words.pick[0].toUpperCase() + s.words.pick.slice(1) : 'Pick tiles';
    const named = s.words.pick_named;
    $('picked').textContent = list.length ? `Picked ${list.join(' + ')}${named ? '' : ` = ${total} (throw ${target})`}`
      : named ? ask : `${ask} (throw ${target})`;
    const legal = s.moves.includes(picked);
    // The tiles stay picked until the server's answer (a new state
    // clears them): a move that could not be sent, or was refused, shows
    // its tiles still picked, and they are.
    const ok = button(s.moves.length === 1 && s.moves[0] === 0 ? 'Pass' : 'Confirm',
      'Confirm the move', once({ type: 'move', tiles: list }), 'primary step');
    ok.id = 'confirm';
    ok.disabled = !legal;
    const clear = button('Clear', 'Clear the tiles picked', () => { picked = 0; keepPicked(); render(); });
    box.append(ok, clear);
  }
  if (s.hints && (s.need === 'move' || s.need === 'dice')) {
    const hint = button('Hint', 'Ask for a hint', () => {
      if (hintAsked) return;
      hintAsked = true;
      stepFocus = focusKey(document.activeElement);
      hint.disabled = true;
      send({ type: 'hint' });
    });
    hint.disabled = hintAsked;
    box.append(hint);
  }
  if (pending || justHanded()) stepsOff();
}

// Why a person is not here to play, or '': a seat nobody has come to yet
// is not away (its link may be unsent), nor is one whose player left or
// was dropped (the note says so).
const absent = (p) => (p.person && !p.online && !p.left ? (p.joined ? 'away' : 'not joined yet') : '');

function seatStatus(s, i, p) {
  const words = [];
  if (s.yours.includes(i)) words.push(shared(s) ? 'on this device' : 'you');
  if (!p.person) words.push(p.cpu ? `computer, ${p.cpu}` : 'computer');
  if (absent(p)) words.push(absent(p));
  if (p.winner) words.push('winner');
  // The server's words: out, lost or left, or a turn not played.
  else if (p.note) words.push(p.note);
  return words.join(', ');
}

function renderPlayers(s) {
  const list = $('players');
  list.replaceChildren();
  s.seats.forEach((p, i) => {
    const li = document.createElement('li');
    const turn = i === s.turn && s.need !== 'none';
    if (turn) li.className = 'turn';
    const status = seatStatus(s, i, p);
    li.innerHTML = `<span aria-hidden="true">${turn ? '▶' : p.winner ? '★' : ''}</span>
      <span class="who"></span><span class="total"></span>`;
    li.querySelector('.who').textContent = p.name;
    if (status) li.querySelector('.who').append(Object.assign(document.createElement('small'), { textContent: status }));
    li.querySelector('.total').textContent = p.total;
    li.setAttribute('aria-label', `${p.name}${turn ? ', to play' : ''}${status ? `, ${status}` : ''}, total ${p.total}`);
    // The host's tools, on every person's seat; a player's own seat has
    // its Leave, not the host's Drop.  What takes a seat from this page,
    // or a player from the game, is asked first.
    const tools = document.createElement('div');
    tools.className = 'tools';
    const mine = s.yours.includes(i);
    if (s.host && p.person && s.need !== 'none' && !p.out) {
      tools.append(button('Hand to a computer', `Hand ${p.name}'s seat to a computer`, () => {
        const then = mine ? 'This page no longer plays that seat.' : `${p.name}'s page then only watches.`;
        if (confirm(`A computer plays for ${p.name} from now on? ${then}`)) send({ type: 'replace', seat: i });
      }));
      if (!mine)
        tools.append(button('Drop', `Drop ${p.name} from the game`, () => {
          if (confirm(`Drop ${p.name} from the game? The others play on.`)) send({ type: 'drop', seat: i });
        }));
    }
    if (mine && s.need !== 'none' && !p.out) {
      const label = shared(s) ? `${p.name} leaves the game (the others play on)` : 'Leave the game (the others play on)';
      tools.append(button(shared(s) ? `${p.name} leaves` : 'Leave the game', label, () => {
        if (confirm(`${shared(s) ? `${p.name} leaves` : 'Leave'} the game? The others play on.`)) send({ type: 'leave', seat: i });
      }, 'named'));
    }
    if (tools.childElementCount) li.append(tools);
    list.append(li);
  });
  $('pot').textContent = s.words.pot ? `pot ${s.words.pot}` : '';
}

function renderStatus(s) {
  const who = turnName(s);
  // On a shared device the turn is named, so no one plays another's.
  const your = shared(s) ? `${who}'s turn` : 'Your turn';
  let text;
  // At the end, the verdict and who took the pot (the server's words); the
  // box is the last turn's: it says whose, unless that turn ended before it
  // threw (its player left), when it is untouched.
  const paid = s.words.payout ? ` ${s.words.payout}` : '';
  const over = `The game is over${s.words.verdict ? `: ${s.words.verdict}` : '.'}${paid}`;
  if (s.need === 'none' && s.throw.length === 0) text = over;
  else if (s.need === 'none') {
    const mine = s.yours.includes(s.turn) && !shared(s);
    text = `${over} The box shows ${mine ? 'your' : `${who}'s`} last turn.`;
  }
  else if (toPass(s)) text = `Pass the device to ${who}.`;
  else if (myTurn(s)) text = { dice: `${your}: how many dice?`, throw: `${your}: roll the dice.`,
    move: `${your}: ${s.words.pick || 'pick the tiles'}.` }[s.need];
  else {
    // A person who is not here to play says why nothing happens.
    const why = s.seats[s.turn] ? absent(s.seats[s.turn]) : '';
    text = `${who} to play${why ? ` (${why})` : ''}.`;
  }
  $('status').textContent = text;
  $('status').classList.toggle('pass', toPass(s));
  // The players at this device who still play (one who left is not).
  const here = s.yours.filter((i) => !s.seats[i].left).map((i) => s.seats[i].name);
  $('title').textContent = `Table ${s.table} · ${s.words.name} · ${s.words.round}` +
    (s.yours.length === 0 ? (s.host ? ' · hosting' : ' · watching')
      : shared(s) && here.length ? ` · this device: ${here.join(', ')}` : '');
}

// While people have not come to their seats, the host's page says so by
// the box, pointing to their links, and puts the links first beside it.
function renderInvite(s, none) {
  const away = none || s.need === 'none' ? [] : s.seats
    .filter((p, k) => p.person && !p.joined && !p.left && !s.yours.includes(k)).map((p) => p.name);
  $('invite').hidden = away.length === 0;
  $('side').classList.toggle('links-first', away.length > 0);
  if (!away.length) return $('invite').replaceChildren();
  const names = away.length > 1 ? `${away.slice(0, -1).join(', ')} and ${away.at(-1)}` : away[0];
  const to = Object.assign(document.createElement('a'), { href: '#links-panel', textContent: 'Seat links' });
  $('invite').replaceChildren(`Not joined yet: ${names}. Give each their link, under `, to, '.');
}

// The links as last drawn: drawn again only when they change, so that a
// Copy button focused, or a link being selected, stays as it is.
let linksShown = null;

function renderLinks(s) {
  const stored = localStorage.getItem(`shutbox.links.${s.table}`);
  $('links-panel').hidden = !s.host || !stored;
  renderInvite(s, !s.host || !stored);
  if (!s.host || !stored) return;
  // A seat a computer took, or whose player left or was dropped, has no
  // link to give: it would only watch; nor has a seat on this device,
  // whose link another would take as a second device of it.
  const live = JSON.parse(stored).filter((l, i, all) => i === all.length - 1
    || s.seats.some((p, k) => p.name === l.name && p.person && !p.left && !s.yours.includes(k)));
  const key = JSON.stringify(live);
  if (key === linksShown) return;
  linksShown = key;
  $('links-help').textContent = live.length > 1
    ? 'Give each person the link of their seat. Anyone with the table\'s link and no seat watches.'
    : 'Every person plays on this device. Anyone with the table\'s link watches.';
  // Links to this computer's own address open on no phone: say how to
  // reach them.
  const to = new URL(live[live.length - 1].url);
  $('links-local').hidden = !loopback(to.hostname);
  const code = (t) => Object.assign(document.createElement('code'), { textContent: t });
  $('links-local').replaceChildren('These links open on this computer only: for phones to join, start the server with ',
    code(`--listen 0.0.0.0:${to.port || 80}`), ' (or ', code('--url'), '), then open this page again; the game is kept.');
  // Drawn again (a seat's link gone), the control that had the focus has
  // it still.
  const had = $('links').contains(document.activeElement) ? document.activeElement.getAttribute('aria-label') : null;
  // A link is to give, not to follow: opened here, it would seat this
  // page at another's seat. So it is text to copy or share, and a QR code.
  $('links').replaceChildren(...live.map((l) => {
    const li = document.createElement('li');
    const link = Object.assign(document.createElement('input'), { type: 'text', readOnly: true, value: l.url, className: 'link' });
    link.setAttribute('aria-label', `The link for ${l.name}`);
    link.onfocus = () => link.select();
    const copy = button('Copy', `Copy the link for ${l.name}`, async () => {
      try {
        await navigator.clipboard.writeText(l.url);
      } catch {
        // Not a secure page (a plain address on the network): the old way.
        link.select();
        document.execCommand('copy');
      }
      copy.textContent = 'Copied';
    });
    const tools = Object.assign(document.createElement('div'), { className: 'link-tools' });
    tools.append(link, copy);
    if (navigator.share) {
      tools.append(button('Share', `Share the link for ${l.name}`,
        () => navigator.share({ title: `Shut the Box: ${l.name}`, url: l.url }).catch(() => {})));
    }
    const qr = Object.assign(document.createElement('img'), {
      src: `/qr.svg?u=${encodeURIComponent(l.url)}`, alt: `QR code of the link for ${l.name}`, width: 120, height: 120,
    });
    qr.className = 'qr';
    li.append(Object.assign(document.createElement('span'), { className: 'link-name', textContent: l.name }), tools, qr);
    return li;
  }));
  const again = had && [...$('links').querySelectorAll('[aria-label]')].find((e) => e.getAttribute('aria-label') === had);
  if (again) again.focus();
}

// The lines of the log the page has not shown yet are added; those past
// the state's last 40 leave from the top.  Shown whole on a new connection,
// at another table, or when the server counts fewer lines than before
// (started again).  The server heads each turn ("Round 1: Bob", as the
// history does) and says which lines do so (the state's heads): those are
// set apart.
function renderLog(s) {
  const log = $('log');
  const heads = new Set(s.heads || []);
  const line = (text, i) => Object.assign(document.createElement('li'), {
    textContent: text,
    className: heads.has(i) ? 'head' : '',
  });
  const fresh = s.said - logSaid;
  const from = s.log.length - Math.min(fresh, s.log.length);
  if (logSaid < 0 || s.table !== logTable || fresh < 0) log.replaceChildren(...s.log.map(line));
  else if (fresh > 0) log.append(...s.log.slice(from).map((text, k) => line(text, from + k)));
  while (log.children.length > s.log.length) log.firstElementChild.remove();
  logSaid = s.said;
  logTable = s.table;
  log.scrollTop = log.scrollHeight;
}

// The server refused what this page sent, or it could not be sent: the
// buttons that a tap disabled (once()) are drawn anew, so that the person
// can try again.
export function tableRefused(m) {
  // The table moved on before the move came (another device of the seat
  // moved first, most often): the tiles picked here were not shut, which
  // the page says rather than letting them vanish.
  if (m && m.moot && stepSent === 'move') {
    // The seat's turn still, with the tiles moved already: another device
    // of the seat moved them (the board shows it), which is no loss. Its
    // turn over, the board is another's, which says nothing of them.
    const still = state && sentMove && state.turn === sentMove.turn && state.round === sentMove.round;
    const same = still && sentMove.tiles.every((t) => has(state.open, t) === sentMove.opener);
    showError(same
      ? `Another device of this seat ${sentMove.opener ? 'opened' : 'shut'} these tiles first: the table shows it.`
      : still
        ? 'The table moved on before this move came (another device of this seat may have moved first): the tiles picked here were not shut.'
        : 'The table moved on before this move came (another device of this seat may have moved first, and ended the turn): this move was not made.');
  }
  stepSent = '';
  pending = false;
  answered();
  rollNext = false;
  hintAsked = false;
  if (state) render();
}

// A new connection: its first state shows the log whole; a step sent
// on the last one may never have arrived.
export function tableReconnected() {
  logSaid = -1;
  pending = false;
  rollNext = false;
  hintAsked = false;
  clearTimeout(hintAgain);
}

// The connection lost: a hint is not asked again on it (it said "not
// connected, so not sent" of a tap nobody made).
export function tableOffline() {
  clearTimeout(hintAgain);
}

// The page's controls are drawn anew with each state, so the focus is
// kept by what a control is: its area, its player's row and its words
// (a tile, its number).
function focusKey(el) {
  const area = el && el.tagName === 'BUTTON' ? el.closest('#tiles, #actions, #players') : null;
  if (!area) return null;
  const row = el.closest('#players > li');
  const at = row ? [...row.parentNode.children].indexOf(row) : '';
  return `${area.id}:${at}:${el.dataset.tile ?? el.textContent}`;
}

// The focus back on the control of that key, or, where a step's control
// is gone (the dice were rolled), on the first that plays on: a tile to
// pick, else the next step. Never a scroll: the page stays where it is.
function refocus(key) {
  const all = [...document.querySelectorAll('#tiles button, #actions button, #players button')];
  let to = all.find((b) => !b.disabled && focusKey(b) === key);
  if (!to && !key.startsWith('players')) to = all.find((b) => !b.disabled && !b.closest('#players'));
  if (to && to !== document.activeElement) to.focus({ preventScroll: true });
}

function render() {
  const s = state;
  const active = document.activeElement;
  let key = focusKey(active);
  if (!key && (!active || active === document.body)) key = stepFocus;
  stepFocus = null;
  renderStatus(s);
  renderTiles(s);
  renderActions(s);
  renderPlayers(s);
  if (key) refocus(key);
}

// The result, a line to a block: its columns (the lines set in, a total a
// player) as they are, scrolling where a long name makes them too wide;
// its sentences wrapped, since on a phone they are longer than the screen
// ("the Opener, wins: every tile is open again" was cut at "oper").
function renderResult(text) {
  const lines = text.replace(/\n$/, '').split('\n');
  $('result').replaceChildren(...(text ? lines : []).map((line) => {
    const e = document.createElement('span');
    e.textContent = line;
    if (!/^\s/.test(line)) e.className = 'words';
    return e;
  }));
}

export function tableShow(s) {
  // The state's throw is the turn's own: none before the turn throws,
  // when the last turn's end is shown until it does.
  const { ended } = s;
  const spent = s.throw.length > 0 && (s.need === 'throw' || s.need === 'dice');
  const shown = ended ? `ended ${ended.seat} ${ended.throw.join()}` : `${spent ? 'spent ' : ''}${s.throw.join()}`;
  const fresh = shown !== '' && !spent && s.seq !== lastSeq && diceShown !== shown;
  diceShown = shown;
  if (!state || s.seq !== lastSeq || s.turn !== state.turn || s.need !== state.need) picked = 0;
  // Loaded again with tiles picked on the same state: they stay picked.
  if (!state) picked = keptPicked(s);
  if (s.seq !== lastSeq) {
    pending = false;
    answered();
    hintAsked = false;
  }
  // The first state of a shared device: whoever held it before it was
  // loaded, or else whoever is to play; at the next game, whoever held it
  // at the last (kept for the new table too).
  if (shared(s) && (!state || state.table !== s.table))
    hold(s, state && shared(state) ? holder : heldBefore(s));
  lastSeq = s.seq;
  state = s;
  $('hint').hidden = true;
  renderDice($('dice'), s.throw, s.faces, fresh && !ended, spent);
  renderEnded(s, fresh && !!ended);
  render();
  renderLog(s);
  $('rules').textContent = s.words.rules;
  $('result-panel').hidden = !s.words.result;
  renderResult(s.words.result || '');
  renderLinks(s);
  document.title = `Shut the Box · table ${s.table}`;
  document.body.dataset.seq = s.seq;
  // The count chosen, the same turn throws at once: one tap, one throw.
  if (rollNext && !pending) {
    rollNext = false;
    if (s.need === 'throw' && myTurn(s) && !toPass(s)) once({ type: 'roll' })();
  }
}

// The server's hint: each choice, best first, with its figures, each a
// value and its words ("37.0%", "to shut"). Written out in a line, a
// choice was too long for a phone; laid out as a table, each figure's
// words head its column once. A note (the chances of winning still being
// worked out) goes under it. The server sends no hint it was not asked
// for: one still being worked out is asked again by the page, which says
// so where the note said to ask (it did not, and a hint stayed as it
// was until Hint was tapped again). Hint is on again.
export function tableHint(m) {
  const box = $('hint');
  const choices = Array.isArray(m.choices) ? m.choices : [];
  const words = choices.length ? choices[0].figures.map((f) => f.words) : [];
  const cell = (tag, text, scope) => Object.assign(document.createElement(tag), { textContent: text, scope });
  const table = document.createElement('table');
  table.createTHead().insertRow().append(cell('th', 'Best first', 'col'), ...words.map((w) => cell('th', w, 'col')));
  const body = table.createTBody();
  for (const c of choices) {
    // A figure under another column's words says its own.
    const values = c.figures.map((f, i) => (f.words === words[i] ? f.value : `${f.value} ${f.words}`));
    body.insertRow().append(cell('th', c.choice, 'row'), ...values.map((v) => cell('td', v)));
  }
  // No choices yet (the odds still being worked out): the note alone.
  const parts = choices.length ? [table] : [];
  const line = (text) => Object.assign(document.createElement('p'), { textContent: text });
  // The server's note says what is still being worked out ("again"),
  // which the page asks for again by itself, and says so.
  const note = m.again && m.note
    ? `${m.note}${choices.length ? '; the hint follows with them' : ': the hint follows by itself.'}`
    : m.note;
  if (note) parts.push(line(note));
  box.hidden = false;
  box.replaceChildren(...parts);
  hintAsked = false;
  clearTimeout(hintAgain);
  if (m.again && state) {
    const seq = state.seq;
    hintAgain = setTimeout(() => {
      if (!state || state.seq !== seq || hintAsked || $('hint').hidden) return;
      hintAsked = true;
      render();
      send({ type: 'hint' });
    }, HINT_AGAIN_MS);
  }
  if (state) render();
}
