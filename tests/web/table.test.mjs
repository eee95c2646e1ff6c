// The browser client up close, on a phone: the tiles that cannot be used
// (a battle's Opener's too), steps sent once, a hint asked once, a refusal
// in sight, a long name (on a phone passed round too); and what a page
// shows of the turns, its throw already used and how the last turn ended,
// and a dice count that throws; a state of another table, not shown;
// under thai, the open tiles a throw allows, and no sum; a big box on a
// large screen, its tiles read apart; a player dropped, not away.
// Over a slow connection, a game of dice counts plays through.
// A server that stops: the page says why until it is back.
// With SHUTBOX_SHOTS=DIR, screenshots are written there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { startServer, stopServer, tempDb, client, table, join } from './lib.mjs';
import { launch, phone, shots, text, look, changed, pickMove, playTurn, openTable, row } from './page.mjs';

// A throw that allows no move ends its turn within the roll: every page
// shows its dice and how the turn ended, by whom, until the next turn
// throws (before, the box went on to the next player at once, and the
// throw was only in the log).  A throw already used, the turn to throw
// again, is dimmed and said, not shown as a new one.
test('the throw that ended a turn stays in sight until the next throws', async () => {
  const srv = await startServer(tempDb('ended'));
  const browser = await chromium.launch(launch);
  try {
    const ann = await (await browser.newContext(phone)).newPage();
    // A shut box scores 0 and the game goes on: Bob's turn always comes.
    const { bob: bobLink } = await openTable(ann, srv, { shut: 'zero' });
    const bob = await (await browser.newContext(phone)).newPage();
    await bob.goto(bobLink);
    await bob.waitForSelector('.tile');
    let spentSeen = false;
    // Ann plays until her turn ends.
    for (let n = 0; n < 60; n++) {
      const { status } = await look(ann);
      if (!/^Your turn/.test(status)) break;
      if (/roll the dice/.test(status) && (await ann.locator('#dice .die').count()) > 0) {
        assert.match(await text(ann, '#dice .sum'), /^= \d+, the last throw$/);
        assert.equal(await ann.locator('#dice').evaluate((d) => d.classList.contains('spent')), true);
        if (shots && !spentSeen) await ann.screenshot({ path: `${shots}/web-throw-used.png` });
        spentSeen = true;
      }
      await playTurn(ann);
    }
    assert.doesNotMatch((await look(ann)).status, /^Your turn/);
    for (const page of [ann, bob]) {
      await page.waitForSelector('#ended:not([hidden])');
      const words = await text(page, '#ended p');
      // Ann's turn ends by a throw nothing adds up to, or by a shut box.
      assert.match(words, /^Ann: (nothing open adds up to \d+: the turn ends|.*The box is shut!)/, words);
      assert.match(words, /score \d+/);
      const dice = await page.locator('#ended .die').count();
      assert.ok(dice >= 1 && dice <= 2, `${dice} dice`);
      assert.equal(await page.locator('#dice').isHidden(), true);
    }
    if (shots) await bob.screenshot({ path: `${shots}/web-turn-ended.png` });
    // Bob's turn throws: Ann's end is no longer shown.
    const { status } = await look(bob);
    assert.match(status, /^Your turn/);
    await playTurn(bob);
    await bob.waitForSelector('#ended', { state: 'hidden' });
    assert.match((await look(bob)).status, /pick the tiles/);
    assert.ok((await bob.locator('#dice .die').count()) > 0);
    // Every first throw has a move on a whole box, so Ann threw again
    // after one: that throw, used, was dimmed and said.
    assert.ok(spentSeen, 'no throw already used was seen');
    // Bob's phone closed, his seat is away.
    await bob.close();
    await ann.waitForFunction(() => /away/.test(document.querySelector('#players li:nth-child(2)').textContent));
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});

// Where the roller chooses how many dice, "Throw 1 die" throws: one tap,
// the count and then the roll sent by the page (before, it only brought
// up "Roll the dice", a second tap, the last throw still on the box).
test('a dice count chosen throws at once', async () => {
  const srv = await startServer(tempDb('count'));
  const browser = await chromium.launch(launch);
  try {
    const ann = await (await browser.newContext(phone)).newPage();
    await openTable(ann, srv, { 'fewer-dice': 'any-time' });
    await ann.waitForSelector('.tile');
    assert.match((await look(ann)).status, /^Your turn: how many dice\?/);
    const { seq: before } = await look(ann);
    await ann.getByRole('button', { name: 'Throw 1 die' }).click();
    await ann.waitForFunction(() => /pick the tiles/.test(document.getElementById('status').textContent));
    assert.equal(await ann.locator('#dice .die').count(), 1);
    // Two steps: the count, then the throw.
    assert.equal((await look(ann)).seq, before + 2);
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});

// Under thai a tile is picked as a die's or the total's, not by a sum:
// the line under the tiles names the open tiles the throw allows, then
// the tile picked, with no sum or throw beside it.
test('under thai the pick names the tiles it may be, and no sum', async () => {
  const srv = await startServer(tempDb('thai'));
  const browser = await chromium.launch(launch);
  try {
    const ann = await (await browser.newContext(phone)).newPage();
    const c = await client(srv.port);
    const made = await table(c, 'thai', ['Ann', 'Bob'], true);
    await ann.goto(`${srv.url}?t=${made.table}&s=${made.seats[0].token}`);
    await ann.waitForSelector('.tile');
    await playTurn(ann);
    // A whole box has a move for every throw: a die's tile is open.
    const ask = await text(ann, '#picked');
    assert.match(ask, /^Pick (one tile to shut: \d+(, \d+)* or \d+|tile \d+ to shut)$/);
    for (const n of ask.match(/\d+/g))
      assert.equal(await ann.locator(`.tile[data-tile="${n}"]:not([disabled])`).count(), 1, `tile ${n}`);
    const first = ask.match(/\d+/)[0];
    await ann.locator(`.tile[data-tile="${first}"]`).click();
    assert.equal(await text(ann, '#picked'), `Picked ${first}`);
    c.close();
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});

// A player the host dropped is said to be so, not "away" as well, though
// his page, which watches now, holds no seat.
test('a player dropped is not away', async () => {
  const srv = await startServer(tempDb('dropped'));
  const browser = await chromium.launch(launch);
  try {
    const ann = await (await browser.newContext(phone)).newPage();
    const c = await client(srv.port);
    const made = await table(c, 'classic', ['Ann', 'Bob', 'Cy']);
    const bob = await join(srv.port, made, 1);
    await ann.goto(`${srv.url}?t=${made.table}&s=${made.seats[0].token}&h=${made.host}`);
    await ann.waitForSelector('.tile');
    const row = (name) => ann.locator('#players li', { hasText: name });
    assert.doesNotMatch(await row('Bob').innerText(), /away|not joined/);
    ann.once('dialog', (d) => d.accept());
    await ann.getByRole('button', { name: 'Drop Bob from the game' }).click();
    await ann.waitForFunction(() => /dropped by the host/.test(document.querySelector('#players li:nth-child(2)').textContent));
    assert.doesNotMatch(await row('Bob').innerText(), /away/);
    [c, bob].forEach((x) => x.close());
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});

// The result on a phone: its sentences wrap, where a long name made them
// run past the screen and be cut ("...every tile is oper"); its columns
// of totals stay aligned, and scroll where a name is too long for them.
test('the result\'s sentences wrap on a phone, its columns scroll', async () => {
  const srv = await startServer(tempDb('result'));
  const browser = await chromium.launch(launch);
  try {
    const long = 'Bartholomew Fitzwilliam Montgomery-Smyth';
    const c = await client(srv.port);
    const made = await table(c, 'classic', [long, 'Bob']);
    const bob = await join(srv.port, made, 1);
    const page = await (await browser.newContext(phone)).newPage();
    await page.goto(`${srv.url}?t=${made.table}`);
    await page.waitForSelector('.tile');
    await bob.ask({ type: 'leave', seat: 1 }, (m) => m.type === 'state' && m.need === 'none');
    await page.waitForSelector('#result-panel:not([hidden])');
    if (shots) await page.locator('#result-panel').screenshot({ path: `${shots}/web-phone-result-long.png` });
    // A line's height against the first's, one line of words.
    const lines = await page.locator('#result span').evaluateAll((l) => l.map((e) => ({
      text: e.textContent, words: e.classList.contains('words'), fits: e.scrollWidth <= e.clientWidth,
      tall: e.getBoundingClientRect().height > 1.5 * l[0].getBoundingClientRect().height,
    })));
    const verdict = lines.find((l) => l.text.startsWith(`${long} wins`));
    assert.ok(verdict && verdict.words && verdict.fits && verdict.tall, JSON.stringify(lines));
    const total = lines.find((l) => l.text.trimStart().startsWith(long));
    assert.ok(total && !total.words && !total.tall, JSON.stringify(lines));
    assert.ok((await text(page, '#result')).split('\n').includes(verdict.text));
    [c, bob].forEach((x) => x.close());
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});

// On a large screen a box of 24 tiles is two rows of 12 whose numbers and
// marks keep within their tiles (before, 15 to a row ran together:
// "1011121314", "shutshut"); nine tiles stay one row, as large as before
// (2.4 times the page's type, which grows on a screen past 1600 px).
test('on a large screen every tile of a big box is read apart', async () => {
  const srv = await startServer(tempDb('wide'));
  const browser = await chromium.launch(launch);
  try {
    const c = await client(srv.port);
    for (const [rules, rows, size] of [['the-300 start=odd', 2, null], ['classic start=odd', 1, 2.4]]) {
      const made = await table(c, rules, ['Ann', 'Bob']);
      for (const viewport of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }, { width: 900, height: 700 }]) {
        const tv = await (await browser.newContext({ viewport })).newPage();
        await tv.goto(`${srv.url}?t=${made.table}`);
        await tv.waitForSelector('.tile');
        const seen = await tv.locator('.tile').evaluateAll((tiles) => tiles.map((b) => ({
          top: Math.round(b.getBoundingClientRect().top),
          over: b.scrollWidth > b.clientWidth + 1,
          size: parseFloat(getComputedStyle(b).fontSize) / parseFloat(getComputedStyle(document.documentElement).fontSize),
        })));
        const where = `${rules} at ${viewport.width}`;
        assert.equal(new Set(seen.map((x) => x.top)).size, rows, where);
        assert.deepEqual(seen.filter((x) => x.over), [], where);
        if (size) assert.ok(Math.abs(seen[0].size - size) < 0.01, `${where}: ${seen[0].size}`);
        // The panels beside the box stand apart (they touched).
        const gaps = await tv.locator('.side > .panel:not([hidden])').evaluateAll((ps) =>
          ps.slice(1).map((p, i) => p.getBoundingClientRect().top - ps[i].getBoundingClientRect().bottom));
        assert.ok(gaps.length > 0 && gaps.every((g) => g >= 8), `${where}: ${gaps}`);
        if (shots && viewport.width === 1280) await tv.screenshot({ path: `${shots}/web-wide-${rows}.png` });
        await tv.close();
      }
    }
    c.close();
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});

// A tile that cannot be part of a legal move differs by more than its
// colour and opacity: it is hatched and marked, and its label says so; a
// shut tile is not dimmed with them.
// And a roll or a move confirmed by two quick taps is sent once; a tap
// the server refuses leaves its button to be tapped again.
test('a tile that cannot be used is hatched and marked, not only dimmed', async () => {
  const srv = await startServer(tempDb('cue'));
  const browser = await chromium.launch(launch);
  try {
    const ctx = await browser.newContext(phone);
    // Counts the messages the page sends, by type; with window.spoil,
    // the next one is sent as a move the server refuses.
    await ctx.addInitScript(() => {
      window.sent = {};
      const send = WebSocket.prototype.send;
      WebSocket.prototype.send = function (data) {
        const type = JSON.parse(data).type;
        window.sent[type] = (window.sent[type] ?? 0) + 1;
        if (window.spoil) {
          window.spoil = false;
          return send.call(this, JSON.stringify({ type: 'move', tiles: [] }));
        }
        return send.call(this, data);
      };
    });
    // Taps the button twice before the server can answer; returns how
    // many messages of that type were sent.
    const tapTwice = (sel, type) => ann.evaluate(([sel, type]) => {
      const before = window.sent[type] ?? 0;
      const b = document.querySelector(sel);
      b.click();
      b.click();
      return window.sent[type] - before;
    }, [sel, type]);
    const ann = await ctx.newPage();
    const bob = await (await browser.newContext(phone)).newPage();
    let checked = 0;
    let shutChecked = 0;
    let rolled = 0;
    let refused = false;
    const seen = [];
    const end = Date.now() + 60000;
    // Bob plays too, so that the game goes on past Ann's first turn
    // until a pick of hers leaves a tile unusable, and one is made with
    // tiles shut (the dice are random); a game over before that (the box
    // shut first, say) is followed by another at a new table.
    while ((checked === 0 || shutChecked === 0) && Date.now() < end) {
      if (seen.length === 0 || /over/.test(seen.at(-1))) {
        const t = await openTable(ann, srv);
        await bob.goto(t.bob);
        await bob.waitForSelector('.tile');
        seen.push('(a new table)');
      }
      const now = await look(ann);
      if (seen.at(-1) !== now.status) seen.push(now.status);
      if (/pick the tiles/.test(now.status)) {
        const before = now.seq;
        await ann.locator('.tile[aria-pressed=false]:not([disabled])').first().click();
        const dim = await ann.locator('.tile.open.dim').evaluateAll((ts) => ts.map((t) => ({
          label: t.getAttribute('aria-label'),
          mark: t.querySelector('.mark').textContent,
          hatch: getComputedStyle(t).backgroundImage,
        })));
        for (const d of dim) {
          assert.match(d.label, /cannot be used/);
          assert.equal(d.mark, '✕');
          assert.match(d.hatch, /repeating-linear-gradient/);
          checked++;
        }
        // A shut tile looks shut and nothing else: not dimmed as well.
        const shut = await ann.locator('.tile.shut').evaluateAll((ts) => ts.map((t) => ({
          dim: t.classList.contains('dim'),
          opacity: getComputedStyle(t).opacity,
          label: t.getAttribute('aria-label'),
        })));
        for (const d of shut) {
          assert.deepEqual(d, { dim: false, opacity: '1', label: d.label.replace(/, cannot be used/, '') });
          shutChecked++;
        }
        await pickMove(ann);
        // Two taps before the server's answer send the move once; so does
        // a third after the same tiles are unpicked and picked again
        // meanwhile (the page drawn again keeps Confirm off until the
        // answer).
        const moves = await ann.evaluate(() => {
          const before = window.sent.move ?? 0;
          const tiles = [...document.querySelectorAll('.tile[aria-pressed=true]')].map((t) => t.dataset.tile);
          const ok = document.getElementById('confirm');
          ok.click();
          ok.click();
          for (const t of [...tiles, ...tiles]) document.querySelector(`.tile[data-tile="${t}"]`).click();
          document.getElementById('confirm').click();
          return window.sent.move - before;
        });
        assert.equal(moves, 1, 'Confirm sent the move again before the answer');
        // The next look waits for the server's answer: until it comes,
        // the page still says "pick the tiles" over a board whose tiles
        // the move has already taken.
        await changed(ann, before);
      } else if (/roll the dice/.test(now.status)) {
        const before = now.seq;
        if (!refused) {
          // A tap the server refuses: told why, Roll can be tapped again.
          await ann.evaluate(() => { window.spoil = true; });
          await ann.locator('#actions button.primary').click();
          await ann.waitForSelector('#error:not([hidden])');
          await ann.waitForSelector('#actions button.primary:not([disabled])', { timeout: 5000 });
          refused = true;
        }
        assert.equal(await tapTwice('#actions button.primary', 'roll'), 1, 'a second tap on Roll sent it again');
        rolled++;
        await changed(ann, before);
      } else if (!(await playTurn(ann)) && !(await playTurn(bob))) await ann.waitForTimeout(50);
    }
    assert.ok(checked > 0, `no tile was ever unusable; Ann's page said: ${seen.join(' / ')}`);
    assert.ok(shutChecked > 0, `no tile was ever shut at a pick; Ann's page said: ${seen.join(' / ')}`);
    assert.ok(rolled > 0, 'Ann never rolled');
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});

// On a phone, a table refused for its rules says why where it is seen (the
// button is far below the top of the page), and a name of 40 letters
// wraps rather than make the page wider than the phone.
test('on a phone, a refusal is in sight and a long name keeps to the screen', async () => {
  const srv = await startServer(tempDb('phone'));
  const browser = await chromium.launch(launch);
  try {
    const page = await (await browser.newContext(phone)).newPage();
    await page.goto(srv.url);
    await page.waitForSelector('#preset option[value=pub]', { state: 'attached' });
    await page.locator('details summary', { hasText: 'More rules' }).click();
    // Each key's help is written under it, where a phone shows it (it has
    // no tooltip), and is the control's description.
    const helps = await page.locator('[data-key]').evaluateAll((cs) => cs.map((c) => {
      const h = document.getElementById(c.getAttribute('aria-describedby'));
      return h && h.getBoundingClientRect().height > 0 ? h.textContent : '';
    }));
    assert.ok(helps.length > 10 && helps.every((h) => h.length > 0), helps.join('|'));
    assert.match(await text(page, '#help-stake'), /\S/);
    if (shots) await page.screenshot({ path: `${shots}/web-phone-rules.png`, fullPage: true });
    // Each key left as the preset says what the preset (pub) has.
    assert.equal(await page.locator('[data-key=stake]').getAttribute('placeholder'), 'as the preset: 1');
    assert.equal(await page.locator('[data-key=shut] option').first().innerText(), '(as the preset: win)');
    await page.selectOption('#preset', 'golf');
    assert.equal(await page.locator('[data-key=stake]').getAttribute('placeholder'), 'as the preset: none');
    await page.selectOption('#preset', 'pub');
    await page.locator('[data-key=tiles]').fill('1-40');
    const long = 'Wolfeschlegelsteinhausenbergerdorff';
    await page.locator('.seat-name').nth(0).fill(long);
    await page.getByRole('button', { name: 'Open the table' }).click();
    await page.waitForSelector('#error:not([hidden])');
    assert.match(await text(page, '#error'), /tiles/);
    const box = await page.locator('#error').boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= 844, `the refusal is at ${box.y}, out of sight`);
    if (shots) await page.screenshot({ path: `${shots}/web-phone-refused.png` });
    // The key refused is marked, with the focus, until it is changed.
    const tilesKey = page.locator('[data-key=tiles]');
    assert.equal(await tilesKey.getAttribute('aria-invalid'), 'true');
    assert.ok(await tilesKey.evaluate((e) => e === document.activeElement));
    await tilesKey.fill('');
    assert.equal(await tilesKey.getAttribute('aria-invalid'), null);
    await page.locator('[data-key=stake]').fill('-5');
    await page.getByRole('button', { name: 'Open the table' }).click();
    await page.waitForFunction(() => /stake must be none or an amount from 0\.01/.test(document.getElementById('error').textContent));
    assert.equal(await page.locator('[data-key=stake]').getAttribute('aria-invalid'), 'true');
    // In sight, below the refusal pinned at the top, not under it.
    const stakeBox = await page.locator('[data-key=stake]').boundingBox();
    const errorBox = await page.locator('#error').boundingBox();
    assert.ok(stakeBox.y >= errorBox.y + errorBox.height && stakeBox.y + stakeBox.height <= 844,
      JSON.stringify({ stakeBox, errorBox }));
    await page.locator('[data-key=stake]').fill('');
    // A person added is named as no seat is: with the first of two added
    // removed, the next is not named as the second.
    const had = await page.locator('#seats li').count();
    for (const n of [had + 1, had + 2]) {
      await page.getByRole('button', { name: 'Add a person' }).click();
      assert.equal(await page.locator('.seat-name').last().inputValue(), `Player ${n}`);
    }
    await page.getByRole('button', { name: 'Remove this seat' }).nth(had).click();
    await page.getByRole('button', { name: 'Add a person' }).click();
    assert.equal(await page.locator('.seat-name').last().inputValue(), `Player ${had + 3}`);
    // No seats: said in the page's words, nothing sent.
    const rows = await page.locator('#seats li').count();
    for (let i = 0; i < rows; i++) await page.getByRole('button', { name: 'Remove this seat' }).first().click();
    await page.getByRole('button', { name: 'Open the table' }).click();
    assert.equal(await text(page, '#error'), 'A table needs a seat: add a person or a computer.');
    // A name of blanks, and a thirteenth seat: said in the page's words.
    await page.getByRole('button', { name: 'Add a person' }).click();
    await page.locator('.seat-name').nth(0).fill('   ');
    await page.getByRole('button', { name: 'Open the table' }).click();
    assert.equal(await text(page, '#error'), 'Seat 1 needs a name.');
    // The name to put right is marked, and has the focus, until typed in.
    const name0 = page.locator('.seat-name').nth(0);
    assert.equal(await name0.getAttribute('aria-invalid'), 'true');
    assert.ok(await name0.evaluate((e) => e === document.activeElement));
    await name0.fill('cpu:x');
    assert.equal(await name0.getAttribute('aria-invalid'), null);
    // Refused by the server in its words, a capital first: marked too.
    await page.getByRole('button', { name: 'Open the table' }).click();
    await page.waitForFunction(() => /^Seat 1: a person's name cannot be/.test(document.getElementById('error').textContent));
    assert.equal(await name0.getAttribute('aria-invalid'), 'true');
    // A name at its longest says so, where more typed was dropped unseen.
    const full = page.locator('#seats li').nth(0).locator('.seat-full');
    assert.equal(await full.isVisible(), false);
    await name0.fill('');
    await name0.pressSequentially('x'.repeat(45));
    assert.equal((await name0.inputValue()).length, 40);
    assert.equal(await full.innerText(), '40 characters at most');
    // On a line of its own under the name, not squeezed a few letters a
    // line into the column of the seat's number.
    const fullBox = await full.boundingBox();
    assert.ok(fullBox.width > 120 && fullBox.height < 30, JSON.stringify(fullBox));
    // Counted in characters, as the server counts them: 40 dice, not 20.
    await name0.fill('');
    await name0.pressSequentially('🎲'.repeat(45));
    assert.equal([...await name0.inputValue()].length, 40);
    assert.equal(await full.isVisible(), true);
    // Typed into the middle of a name at its longest: what was typed is
    // let go, not the name's end, and the cursor stays where it was.
    await name0.fill(`${'a'.repeat(20)}${'b'.repeat(20)}`);
    await name0.evaluate((e) => e.setSelectionRange(20, 20));
    await name0.press('Y');
    assert.equal(await name0.inputValue(), `${'a'.repeat(20)}${'b'.repeat(20)}`);
    assert.equal(await name0.evaluate((e) => e.selectionStart), 20);
    await name0.fill('Ann');
    assert.equal(await full.isVisible(), false);
    await name0.fill('   ');
    for (let i = 1; i < 13; i++) await page.getByRole('button', { name: 'Add a computer' }).click();
    assert.equal(await page.locator('#seats li').count(), 12);
    // A computer's seat says what its strategy does, and again as it is
    // changed; a person's says nothing of the kind.
    const help = (i) => page.locator('#seats li').nth(i).locator('.seat-help');
    assert.match(await help(1).innerText(), /lowest expected score/);
    await page.locator('.seat-kind').nth(1).selectOption('perfect');
    assert.match(await help(1).innerText(), /win/);
    assert.equal(await help(0).isVisible(), false);
    assert.equal(await text(page, '#error'), 'A table holds 12 seats at most.');
    while (await page.locator('#seats li').count() > 1) await page.getByRole('button', { name: 'Remove this seat' }).last().click();
    await page.locator('.seat-name').nth(0).fill(long);
    await page.locator('[data-key=tiles]').fill('');
    await page.getByRole('button', { name: 'Open the table' }).click();
    await page.waitForSelector('#players li');
    await page.waitForSelector(`#players li:has-text("${long}")`);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 390, `the page is ${wide} px wide on a phone of 390`);
    if (shots) await page.screenshot({ path: `${shots}/web-phone-long-name.png` });
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});

// A battle's Opener picks shut tiles to open: those that cannot be part
// of a legal move are hatched, dimmed and crossed as the Shutter's open
// ones are (before, they looked as the usable ones did, and a tap did
// nothing), and a tile picked to open stands up, its number whole, and
// says so (before, it was struck through on yellow, as if shut).
test('a battle\'s Opener sees which shut tiles cannot be opened, and those picked to open', async () => {
  const srv = await startServer(tempDb('battle'));
  const browser = await chromium.launch(launch);
  try {
    const ann = await (await browser.newContext(phone)).newPage();
    const bob = await (await browser.newContext(phone)).newPage();
    const c = await client(srv.port);
    const tiles = () => bob.locator('.tile').evaluateAll((ts) => ts.map((t) => ({
      tile: Number(t.dataset.tile),
      shut: t.classList.contains('shut'),
      dim: t.classList.contains('dim'),
      disabled: t.disabled,
      picked: t.getAttribute('aria-pressed') === 'true',
      label: t.getAttribute('aria-label'),
      mark: t.querySelector('.mark').textContent,
      opacity: getComputedStyle(t).opacity,
      hatch: getComputedStyle(t).backgroundImage,
      struck: getComputedStyle(t.querySelector('.num')).textDecorationLine,
    })));
    let unusable = 0;
    let opened = 0;
    const seen = [];
    const end = Date.now() + 60000;
    // Ann shuts, Bob opens; the dice are random, so turns are played, and
    // games at new tables, until Bob has had a tile he could not open and
    // has picked one to open.
    while ((unusable === 0 || opened === 0) && Date.now() < end) {
      if (seen.length === 0 || /over/.test(seen.at(-1))) {
        const made = await table(c, 'classic mode=battle', ['Ann', 'Bob']);
        await ann.goto(`${srv.url}?t=${made.table}&s=${made.seats[0].token}`);
        await bob.goto(`${srv.url}?t=${made.table}&s=${made.seats[1].token}`);
        await bob.waitForSelector('.tile');
        // Each side is named, its total saying nothing in a battle.
        assert.match(await row(bob, 'Ann').innerText(), /Shutter/);
        assert.match(await row(bob, 'Bob').innerText(), /Opener/);
        seen.push('(a new table)');
      }
      const now = await look(bob);
      if (seen.at(-1) !== now.status) seen.push(now.status);
      if (/pick the tiles to open/.test(now.status)) {
        for (const t of await tiles()) {
          if (t.shut && t.disabled) {
            assert.equal(t.dim, true, `tile ${t.tile}, shut, cannot be opened, is not dimmed`);
            assert.match(t.label, /^tile \d+, shut, cannot be used$/);
            assert.equal(t.mark, '✕');
            assert.match(t.hatch, /repeating-linear-gradient/);
            assert.equal(t.opacity, '0.5');
            if (shots && unusable === 0) await bob.screenshot({ path: `${shots}/web-battle-open.png` });
            unusable++;
          } else {
            // An open tile is no part of the move: it looks open, and
            // nothing else; a shut one that can be opened looks shut.
            assert.equal(t.dim, false, `tile ${t.tile}: ${t.label}`);
            assert.equal(t.disabled, !t.shut);
          }
        }
        await bob.locator('.tile.shut:not([disabled])').first().click();
        const picked = (await tiles()).filter((t) => t.picked);
        assert.equal(picked.length, 1);
        assert.deepEqual({ ...picked[0], tile: 0, hatch: '' }, {
          tile: 0, shut: true, dim: false, disabled: false, picked: true, hatch: '',
          label: `tile ${picked[0].tile}, shut, picked to open`, mark: '✓ open', opacity: '1', struck: 'none',
        });
        if (shots && opened === 0) await bob.screenshot({ path: `${shots}/web-battle-picked-to-open.png` });
        opened++;
        await playTurn(bob);
      } else if (!(await playTurn(ann)) && !(await playTurn(bob))) await bob.waitForTimeout(50);
    }
    assert.ok(unusable > 0, `no shut tile ever could not be opened; Bob's page said: ${seen.join(' / ')}`);
    assert.ok(opened > 0, `Bob never opened a tile; his page said: ${seen.join(' / ')}`);
    c.close();
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});

// Two people of 40-letter names pass one phone: "Pass the device to …",
// "I am …", "… leaves", how a turn ended and the result wrap or scroll
// within the screen (before, "I am …" and "… leaves" made the page 477 px
// wide on a phone of 390, and the result a winner's verdict 409 px).
test('names of 40 letters on a phone passed round keep to the screen', async () => {
  const srv = await startServer(tempDb('long-shared'));
  const browser = await chromium.launch(launch);
  try {
    const page = await (await browser.newContext(phone)).newPage();
    await page.goto(srv.url);
    await page.waitForSelector('#preset option[value=classic]', { state: 'attached' });
    await page.selectOption('#preset', 'classic');
    // A shut box scores 0 and the game goes on: the phone is passed.
    await page.locator('details summary', { hasText: 'More rules' }).click();
    await page.selectOption('[data-key=shut]', 'zero');
    const names = ['Wolfeschlegelsteinhausenbergerdorffwelch', 'Hubertblainewolfeschlegelsteinhausenberg'];
    await page.locator('.seat-name').nth(0).fill(names[0]);
    await page.locator('.seat-name').nth(1).fill(names[1]);
    await page.locator('.seat-here input').nth(1).check();
    // No computer: whoever wins, the verdict names one of them.
    await page.getByRole('button', { name: 'Remove this seat' }).nth(2).click();
    await page.getByRole('button', { name: 'Open the table' }).click();
    await page.waitForSelector('.tile');
    const wide = () => page.evaluate(() => document.documentElement.scrollWidth);
    const said = new Set();
    for (let n = 0; n < 200; n++) {
      const { status } = await look(page);
      const w = await wide();
      assert.ok(w <= 390, `the page is ${w} px wide on a phone of 390 at "${status}"`);
      if (/over/.test(status)) break;
      if (!(await page.locator('#ended').isHidden())) said.add('ended');
      if (/^Pass the device to/.test(status)) {
        if (shots && !said.has('pass')) await page.screenshot({ path: `${shots}/web-long-names-pass.png` });
        said.add('pass');
        await page.locator('#take').click();
      } else if (!(await playTurn(page))) await page.waitForTimeout(50);
    }
    await page.waitForFunction(() => /over/.test(document.getElementById('status').textContent));
    assert.ok(said.has('pass') && said.has('ended'), [...said].join());
    const result = await text(page, '#result');
    assert.ok(names.some((n) => result.includes(n)), result);
    const w = await wide();
    assert.ok(w <= 390, `the page is ${w} px wide on a phone of 390 at the end`);
    if (shots) await page.screenshot({ path: `${shots}/web-long-names-end.png`, fullPage: true });
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});

// Quick taps on Hint ask once: Hint is off until the answer comes (before,
// each tap sent a message, and the server's limit of 20 a second was
// soon passed, in red).  A hint whose chances of winning are still being
// worked out is asked again by the page (the server sends no other by
// itself), and says so: it said to tap Hint again.
test('a hint is asked once until its answer comes, and one still being worked out is asked again', async () => {
  const srv = await startServer(tempDb('hint'));
  const browser = await chromium.launch(launch);
  try {
    const ctx = await browser.newContext(phone);
    // Counts the hints the page asks for; while window.held is a list,
    // the messages the page gets are held there, until window.release().
    await ctx.addInitScript(() => {
      window.hints = 0;
      const Native = window.WebSocket;
      window.WebSocket = class extends Native {
        send(data) {
          if (JSON.parse(data).type === 'hint') window.hints++;
          return super.send(data);
        }
        set onmessage(fn) {
          super.onmessage = (ev) => (window.held ? window.held.push(ev) : fn(ev));
          window.release = (edit) => {
            const h = window.held;
            window.held = null;
            h.forEach((ev) => fn(edit ? { data: edit(ev.data) } : ev));
          };
        }
      };
    });
    const ann = await ctx.newPage();
    const c = await client(srv.port);
    const made = await table(c, 'classic', ['Ann', 'Bob'], true);
    await ann.goto(`${srv.url}?t=${made.table}&s=${made.seats[0].token}`);
    await ann.waitForSelector('.tile');
    await playTurn(ann);
    assert.match((await look(ann)).status, /^Your turn: pick the tiles to shut/);
    // Confirm, off with nothing picked, looks off: no fill, a dashed
    // edge (a dimmed amber looked brighter than Hint beside it).
    const look2 = (id) => ann.evaluate((id) => {
      const b = document.getElementById(id) || document.querySelector(`#actions button[aria-label="${id}"]`);
      const c = getComputedStyle(b);
      return { disabled: b.disabled, fill: c.backgroundColor, edge: c.borderStyle };
    }, id);
    assert.deepEqual(await look2('confirm'), { disabled: true, fill: 'rgba(0, 0, 0, 0)', edge: 'dashed' });
    assert.equal((await look2('Ask for a hint')).edge, 'solid');
    const hint = ann.getByRole('button', { name: 'Ask for a hint' });
    await ann.evaluate(() => { window.held = []; });
    // Five taps, the answer held: one hint asked, Hint off.
    const asked = await ann.evaluate(() => {
      for (let i = 0; i < 5; i++) document.querySelector('#actions button[aria-label="Ask for a hint"]').click();
      return window.hints;
    });
    assert.equal(asked, 1, 'Hint asked again before its answer came');
    assert.equal(await hint.isDisabled(), true);
    // Drawn again meanwhile (a tile picked), Hint stays off.
    await ann.locator('.tile[aria-pressed=false]:not([disabled])').first().click();
    assert.equal(await hint.isDisabled(), true);
    await ann.waitForFunction(() => window.held.some((ev) => JSON.parse(ev.data).type === 'hint'));
    // The answer, as the server words one whose chances of winning are
    // still being worked out (on this small board they are within a
    // moment of the table's making, too soon to be caught here).
    await ann.evaluate(() => window.release((data) => {
      const m = JSON.parse(data);
      return JSON.stringify(m.type === 'hint' ? { ...m, note: 'the chances of winning: being worked out', again: true } : m);
    }));
    await ann.waitForSelector('#hint:not([hidden]) tbody tr');
    assert.deepEqual(await ann.locator('#hint p').allInnerTexts(),
      ['the chances of winning: being worked out; the hint follows with them']);
    if (shots) await ann.screenshot({ path: `${shots}/web-hint-worked-out.png` });
    // The page asks again by itself: the chances come, and nothing says
    // they are being worked out (asked as often as the server says they
    // still are: on a slow machine they may be, for real).
    await ann.waitForFunction(() => window.hints >= 2, null, { timeout: 5000 });
    await ann.waitForFunction(() => /to win/.test(document.querySelector('#hint thead')?.textContent || '') &&
      !/being worked out/.test(document.getElementById('hint').textContent), null, { timeout: 30000 });
    assert.equal(await hint.isDisabled(), false);
    assert.match((await ann.locator('#hint thead th').allInnerTexts()).join('|'), /to win/);
    assert.equal(await ann.locator('#error').isHidden(), true, await text(ann, '#error'));
    if (shots) await ann.screenshot({ path: `${shots}/web-hint-again.png` });
    // On the narrowest phone each figure keeps to one line ("7.97" and
    // "%" were on two), and the hint to the screen.
    await ann.setViewportSize({ width: 320, height: 640 });
    const lines = await ann.locator('#hint td').evaluateAll((tds) => tds.map((td) => {
      const r = document.createRange();
      r.selectNodeContents(td);
      return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size;
    }));
    assert.ok(lines.length > 0 && lines.every((n) => n === 1), lines.join());
    assert.ok(await ann.evaluate(() => document.documentElement.scrollWidth <= innerWidth));
    if (shots) await ann.screenshot({ path: `${shots}/web-hint-320.png` });
    c.close();
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});

// A page that went on to the next game may still be sent a state of the
// table it left (a seat there going offline): it is not shown.  Before,
// the page drew the old table until the next state came, and the last
// drawn won when the two crossed.
test('a state of another table than the page\'s is not shown', async () => {
  const srv = await startServer(tempDb('other'));
  const browser = await chromium.launch(launch);
  try {
    const ctx = await browser.newContext(phone);
    // Keeps the last message the page was given, and a way to give it one.
    await ctx.addInitScript(() => {
      const Native = window.WebSocket;
      window.WebSocket = class extends Native {
        set onmessage(fn) {
          super.onmessage = (ev) => { window.lastData = ev.data; fn(ev); };
          window.give = (m) => fn({ data: JSON.stringify(m) });
        }
      };
    });
    const ann = await ctx.newPage();
    const c = await client(srv.port);
    const made = await table(c, 'classic', ['Ann', 'Bob'], true);
    await ann.goto(`${srv.url}?t=${made.table}&s=${made.seats[0].token}`);
    await ann.waitForSelector('.tile');
    const before = { title: await text(ann, '#title'), ...(await look(ann)) };
    assert.match(before.title, new RegExp(`^Table ${made.table} `));
    // The same state, of the table before, its game over.
    await ann.evaluate(() => {
      const m = JSON.parse(window.lastData);
      window.give({ ...m, table: m.table - 1, seq: m.seq + 5, need: 'none' });
    });
    assert.deepEqual({ title: await text(ann, '#title'), ...(await look(ann)) }, before);
    // The page's own table is still drawn from its states.
    await playTurn(ann);
    assert.match((await look(ann)).status, /^Your turn: pick the tiles to shut/);
    c.close();
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});

// A TV across a room: the watching page's type and box grow with the
// screen (at 3840 px they were the size they are at 1280).
test('on a TV the table grows with the screen', async () => {
  const srv = await startServer(tempDb('tv'));
  const browser = await chromium.launch(launch);
  try {
    const ann = await (await browser.newContext(phone)).newPage();
    const t = await openTable(ann, srv);
    const size = async (width, height) => {
      const tv = await (await browser.newContext({ viewport: { width, height } })).newPage();
      await tv.goto(t.watch);
      await tv.waitForSelector('.tile');
      return tv.evaluate(() => ({
        status: parseFloat(getComputedStyle(document.getElementById('status')).fontSize),
        tile: document.querySelector('.tile').getBoundingClientRect().height,
      }));
    };
    const laptop = await size(1280, 800);
    const tv = await size(3840, 2160);
    assert.ok(tv.status >= 2.4 * laptop.status, JSON.stringify({ laptop, tv }));
    assert.ok(tv.tile >= 2 * laptop.tile, JSON.stringify({ laptop, tv }));
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});

// Opens from the form a table of classic on tiles 1-3 (every throw asks
// how many dice), this page's player (name, if given) and a computer,
// with the hints if asked.
async function openSmallClassic(page, srv, { name = '', hints = false } = {}) {
  await page.goto(srv.url);
  await page.waitForSelector('#preset option[value=classic]', { state: 'attached' });
  await page.selectOption('#preset', 'classic');
  await page.locator('details summary', { hasText: 'More rules' }).click();
  await page.locator('[data-key=tiles]').fill('1-3');
  await page.locator('.seat-drop').nth(1).click();
  if (name) await page.locator('.seat-name').nth(0).fill(name);
  if (hints) await page.locator('#hints').check();
  await page.getByRole('button', { name: 'Open the table' }).click();
  await page.waitForSelector('.tile');
}

// Plays the page's turns by tapping until the game is over.
async function playToEnd(page) {
  for (let n = 0; n < 40 && !/game is over/.test((await look(page)).status); n++)
    if (!(await playTurn(page))) await page.waitForTimeout(100);
  assert.match((await look(page)).status, /game is over/);
}

// At the game's end the host may set up a new table from this one, with
// other rules or players: the form comes filled in with its preset, the
// keys given, its seats (who plays on this device too) and its hints.
test('the host sets up a new table from the one over', async () => {
  const srv = await startServer(tempDb('draft'));
  const browser = await chromium.launch(launch);
  try {
    const ann = await (await browser.newContext(phone)).newPage();
    await openSmallClassic(ann, srv, { name: 'Ann', hints: true });
    await playToEnd(ann);
    if (shots) await ann.screenshot({ path: `${shots}/web-phone-over-host.png` });
    await ann.getByRole('button', { name: 'Other rules or players…' }).click();
    await ann.waitForSelector('#lobby:not([hidden]) .seat-name');
    await ann.waitForFunction(() => document.querySelectorAll('#seats li').length === 2);
    assert.equal(await ann.locator('#preset').inputValue(), 'classic');
    assert.equal(await ann.locator('[data-key=tiles]').inputValue(), '1-3');
    assert.equal(await ann.locator('.seat-name').nth(0).inputValue(), 'Ann');
    assert.equal(await ann.locator('.seat-here input').nth(0).isChecked(), true);
    assert.equal(await ann.locator('.seat-kind').nth(1).inputValue(), 'optimal');
    assert.equal(await ann.locator('#hints').isChecked(), true);
    if (shots) await ann.screenshot({ path: `${shots}/web-phone-draft.png`, fullPage: true });
    // Once: the lobby loaded again is the plain form.
    await ann.reload();
    await ann.waitForSelector('#lobby:not([hidden]) .seat-name');
    await ann.waitForFunction(() => document.querySelectorAll('#seats li').length === 3);
    assert.equal(await ann.locator('#preset').inputValue(), 'pub');
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});

// Over a slow connection (every message from the server late by 0.4 s) a
// game whose every throw asks how many dice plays through by tapping: the
// count chosen, the page throws by itself, and the tapper waits for that
// throw (before, it saw "roll the dice" with its button off, the throw
// pending, and tapped it).
test('over a slow connection a dice count still throws, and the game plays through', async () => {
  const srv = await startServer(tempDb('slow'));
  const browser = await chromium.launch(launch);
  try {
    const ctx = await browser.newContext(phone);
    await ctx.routeWebSocket(/.*/, (ws) => {
      const server = ws.connectToServer();
      server.onMessage((m) => setTimeout(() => ws.send(m), 400));
    });
    const ann = await ctx.newPage();
    await openSmallClassic(ann, srv);
    assert.match((await look(ann)).status, /how many dice/);
    await playToEnd(ann);
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});

// A server that stops says why ("the server is stopping"), and the page
// keeps saying it while it tries again and across its top once it is
// dimmed: the tries that failed meanwhile said "connection lost" within
// half a second, before the banner showed.
test('a page whose server stops says why until it is back', async () => {
  const srv = await startServer(tempDb('stopping'));
  const browser = await chromium.launch(launch);
  try {
    const ann = await (await browser.newContext(phone)).newPage();
    await openTable(ann, srv);
    await ann.waitForFunction(() => document.getElementById('conn').textContent === 'connected');
    await stopServer(srv);
    await ann.waitForFunction(() => document.body.classList.contains('offline'));
    // Past a few tries, each failing without a reason of its own.
    await ann.waitForTimeout(2500);
    assert.equal(await text(ann, '#conn'), 'the server is stopping; trying again…');
    assert.ok(await ann.evaluate(() => document.body.classList.contains('offline')));
  } finally {
    await browser.close();
  }
});
