// The form that opens a table: a preset, any key of the library's rule
// table (the form is made from the catalog the server sends, which is that
// table), and the seats, people and computers.
import { send, goToTable, keepLinks, showError, DRAFT } from './app.js';

const $ = (id) => document.getElementById(id);
let catalog = null;

// The longest name, in characters (the server's).
const NAME_MAX = 40;

function seatRow(name, cpu, here) {
  const li = document.createElement('li');
  const input = document.createElement('input');
  input.value = name;
  input.required = true;
  input.setAttribute('aria-label', 'Name');
  input.className = 'seat-name';
  // Typing past the longest name is said, rather than dropped unseen;
  // counted in characters, as the server counts them (maxLength would
  // count an emoji as two).
  const full = Object.assign(document.createElement('span'), {
    className: 'help seat-full', textContent: `${NAME_MAX} characters at most`, hidden: true,
  });
  // Past the longest, the characters just typed (before the cursor) are
  // the ones let go, wherever they went; not while an input method is
  // still composing them.
  const fit = (e) => {
    input.removeAttribute('aria-invalid');
    const chars = [...input.value];
    if (chars.length > NAME_MAX && !(e && e.isComposing)) {
      const at = input.selectionStart ?? input.value.length;
      const after = [...input.value.slice(at)];
      const before = [...input.value.slice(0, at)].slice(0, Math.max(0, NAME_MAX - after.length)).join('');
      input.value = before + after.join('');
      input.setSelectionRange(before.length, before.length);
    }
    full.hidden = [...input.value].length < NAME_MAX;
  };
  input.oninput = fit;
  input.addEventListener('compositionend', () => fit(null));
  const kind = document.createElement('select');
  kind.className = 'seat-kind';
  kind.setAttribute('aria-label', 'Who plays');
  kind.append(new Option('a person', ''));
  for (const s of catalog ? catalog.strategies : [])
    kind.append(new Option(`computer: ${s.name}`, s.name));
  kind.value = cpu;
  // A person who plays on this device: several can, passing it round.
  const mine = document.createElement('label');
  mine.className = 'check seat-here';
  const box = Object.assign(document.createElement('input'), { type: 'checkbox', checked: here });
  mine.append(box, 'on this device');
  // What a computer's strategy does, in the library's words, under it.
  const help = Object.assign(document.createElement('span'), { className: 'help seat-help' });
  const show = () => {
    const s = catalog ? catalog.strategies.find((x) => x.name === kind.value) : null;
    input.hidden = kind.value !== '';
    mine.hidden = kind.value !== '';
    help.textContent = s ? s.help : '';
    help.hidden = !s;
  };
  show();
  kind.onchange = show;
  const drop = document.createElement('button');
  drop.type = 'button';
  drop.textContent = '✕';
  drop.title = 'Remove this seat';
  drop.className = 'seat-drop';
  drop.setAttribute('aria-label', 'Remove this seat');
  drop.onclick = () => li.remove();
  li.append(input, kind, mine, drop, full, help);
  $('seats').append(li);
}

// The kind of a key whose value is one of its words only (SHUT_KEY_WORD);
// the others take text (a start set also takes a tile list, a move rule
// up-to-K), with their words offered as suggestions.
const KEY_WORD = 4;

// One key of the rules as a control: its words, or a text field, with
// its help written out under it (a phone shows no tooltip), outside the
// label, so that it is the control's description and not its name too.
function keyControl(k) {
  const label = document.createElement('label');
  label.textContent = k.name;
  let c;
  if (k.kind === KEY_WORD) {
    c = document.createElement('select');
    c.append(new Option(`(as the preset)`, ''));
    for (const w of k.words) c.append(new Option(w, w));
  } else {
    c = document.createElement('input');
    c.placeholder = 'as the preset';
    if (k.words.length > 0) {
      const list = document.createElement('datalist');
      list.id = `words-${k.name}`;
      for (const w of k.words) list.append(new Option(w, w));
      label.append(list);
      c.setAttribute('list', list.id);
    }
  }
  c.dataset.key = k.name;
  // Marked when refused (lobbyRefused()), until it is changed.
  c.addEventListener('input', () => c.removeAttribute('aria-invalid'));
  const help = Object.assign(document.createElement('small'), { className: 'help key-help', id: `help-${k.name}`, textContent: k.help });
  c.setAttribute('aria-describedby', help.id);
  label.append(c);
  const key = document.createElement('div');
  key.append(label, help);
  return key;
}

// A battle is played by two: as one is chosen (its preset, or the key
// mode), the seats past the second are put aside, and said (it was
// refused only when the table was opened); they come back when another
// mode is chosen, so that passing over "battle" in the list loses none.
let battleAside = [];

function isBattle() {
  const p = catalog?.presets.find((x) => x.name === $('preset').value);
  const key = $('keys').querySelector('[data-key="mode"]');
  return ((key && key.value) || p?.values?.mode || '') === 'battle';
}

function battleSeats() {
  const rows = [...$('seats').children];
  const help = $('seats-help');
  help.hidden = true;
  if (!isBattle()) {
    for (const s of battleAside.splice(0)) if ($('seats').children.length < SEATS_MAX) seatRow(s.name, s.cpu, s.here);
    return;
  }
  help.textContent = 'A battle is played by two.';
  help.hidden = false;
  if (rows.length <= 2) return;
  for (const li of rows.slice(2)) {
    const cpu = li.querySelector('.seat-kind').value;
    battleAside.push({ name: li.querySelector('.seat-name').value, cpu, here: li.querySelector('.seat-here input').checked });
    li.remove();
  }
  const names = battleAside.map((s) => (s.cpu ? `cpu:${s.cpu}` : s.name.trim() || '(no name)'));
  help.textContent = `A battle is played by two: ${names.join(', ')} put aside until another mode is chosen.`;
}

// A preset is offered by its name, which a phone's select shows whole;
// its help, too long for one, is written out under the select.
export function lobbyCatalog(m) {
  catalog = m;
  const preset = $('preset');
  preset.replaceChildren();
  for (const p of m.presets) preset.append(Object.assign(new Option(p.name, p.name), { title: p.help }));
  $('keys').replaceChildren(...m.keys.map(keyControl));
  // Each key left as the preset says what the preset has.
  preset.onchange = () => {
    const p = m.presets.find((x) => x.name === preset.value);
    $('preset-help').textContent = p ? p.help : '';
    for (const c of $('keys').querySelectorAll('[data-key]')) {
      const v = p?.values?.[c.dataset.key] ?? '';
      if (c.tagName === 'SELECT') c.options[0].text = v ? `(as the preset: ${v})` : '(as the preset)';
      else c.placeholder = v ? `as the preset: ${v}` : 'as the preset';
    }
    battleSeats();
  };
  $('keys').querySelector('[data-key="mode"]')?.addEventListener('change', battleSeats);
  preset.value = 'pub';
  preset.onchange();
  $('seats').replaceChildren();
  battleAside = [];
  if (!fromDraft(m)) {
    seatRow('Player 1', '', true);
    seatRow('Player 2', '', false);
    seatRow('cpu', 'optimal', false);
  }
}

// The form filled in from the table the host left for it (the button
// "Other rules or players" at its end), once: its preset, the keys given
// after it, its seats and its hints. Whatever the form has no control
// for is left as the preset, and said.
function fromDraft(m) {
  let d = null;
  try {
    d = JSON.parse(sessionStorage.getItem(DRAFT) || 'null');
  } catch {
    d = null;
  }
  sessionStorage.removeItem(DRAFT);
  if (!d || typeof d.spec !== 'string' || !Array.isArray(d.seats) || !d.seats.some((s) => s && typeof s === 'object')) return false;
  const words = d.spec.trim().split(/\s+/).filter(Boolean);
  if (words.length && m.presets.some((p) => p.name === words[0])) {
    $('preset').value = words.shift();
    $('preset').onchange();
  }
  const lost = [];
  for (const w of words) {
    const [k, ...v] = w.split('=');
    const c = $('keys').querySelector(`[data-key="${CSS.escape(k)}"]`);
    if (c) c.value = v.join('=');
    if (!c || c.value !== v.join('=')) lost.push(w);
  }
  if (lost.length) showError(`Left as the preset (the form has no place for it): ${lost.join(' ')}`);
  if (words.length) $('keys').closest('details').open = true;
  for (const s of d.seats.slice(0, SEATS_MAX))
    if (s && typeof s === 'object') seatRow(String(s.name || 'cpu'), String(s.cpu || ''), !!s.here);
  $('hints').checked = !!d.hints;
  // Its keys were set without a change: the mode they give, said.
  battleSeats();
  return true;
}

function spec() {
  const items = [$('preset').value];
  for (const c of $('keys').querySelectorAll('[data-key]'))
    if (c.value.trim()) items.push(`${c.dataset.key}=${c.value.trim()}`);
  return items.join(' ');
}

function seats() {
  return [...$('seats').children].map((li) => {
    const cpu = li.querySelector('.seat-kind').value;
    return { name: cpu ? cpu : li.querySelector('.seat-name').value.trim(), cpu };
  });
}

// Which seats play on this device, in order.
function here() {
  return [...$('seats').children].map((li) => !li.querySelector('.seat-kind').value
    && li.querySelector('.seat-here input').checked);
}

// A table holds 12 seats at most (the server's limit).
const SEATS_MAX = 12;

// Adds a seat, where there is room for one.
function addSeat(name, cpu) {
  if (isBattle() && $('seats').children.length >= 2) {
    showError('A battle is played by two: choose another mode for more seats.');
    return;
  }
  if ($('seats').children.length >= SEATS_MAX) {
    showError(`A table holds ${SEATS_MAX} seats at most.`);
    return;
  }
  seatRow(name, cpu, false);
}

// The name of seat i marked as the one to put right, and focused.
function markSeat(i) {
  const li = $('seats').children[i];
  const input = li && li.querySelector('.seat-name');
  if (!input || input.hidden) return;
  input.setAttribute('aria-invalid', 'true');
  input.focus();
}

// The server refused the table: a seat it names ("seat 2: ...", "seat 2
// cannot be set up") is marked, and so is a key of the rules ("rules:
// stake=-5: ..."), shown under More rules, with the focus.
export function lobbyRefused(m) {
  const seat = /^seat (\d+)\b/.exec(m.error || '');
  if (seat) markSeat(Number(seat[1]) - 1);
  const key = /^rules: ([a-z-]+)=/.exec(m.error || '');
  const c = key && $('keys').querySelector(`[data-key="${CSS.escape(key[1])}"]`);
  if (!c) return;
  c.closest('details')?.setAttribute('open', '');
  c.setAttribute('aria-invalid', 'true');
  // In the middle of the screen: not under the refusal, pinned at the top.
  c.focus({ preventScroll: true });
  c.scrollIntoView({ block: 'center' });
}

export function lobbyStart() {
  // A new person is the first "Player N" no seat has (after a seat
  // removed, the count of seats may be one's name already).
  $('add-person').onclick = () => {
    const taken = new Set([...$('seats').querySelectorAll('.seat-name')].map((i) => i.value.trim()));
    let n = $('seats').children.length + 1;
    while (taken.has(`Player ${n}`)) n++;
    addSeat(`Player ${n}`, '');
  };
  $('add-cpu').onclick = () => addSeat('cpu', 'optimal');
  let mine = [];
  $('create').onsubmit = (e) => {
    e.preventDefault();
    // A mark of the last refusal goes: the next says what is wrong now.
    for (const x of $('create').querySelectorAll('[aria-invalid]')) x.removeAttribute('aria-invalid');
    // The server would refuse these in its own words ("seats: an array").
    const all = seats();
    const blank = all.findIndex((x) => x.name === '');
    if (all.length === 0) {
      showError('A table needs a seat: add a person or a computer.');
      return;
    }
    if (blank >= 0) {
      showError(`Seat ${blank + 1} needs a name.`);
      markSeat(blank);
      return;
    }
    mine = here();
    send({ type: 'create', rules: spec(), seats: seats(), hints: $('hints').checked });
  };
  // The host sits at the seats played on this device (none: watches) and
  // keeps every seat's link; the others join by theirs.
  document.addEventListener('created', (e) => {
    const m = e.detail;
    keepLinks(m.table, m.seats, m.origin);
    const tokens = m.seats.filter((s, i) => s.person && mine[i]).map((s) => s.token);
    goToTable(m.table, tokens.join(','), m.host);
  });
}
