// The browser client: Debian's chromium driven by playwright-core, three
// contexts as three phones and a large screen.  Ann opens a pub table with
// a stake (Ann, Bob and a computer) from the form; Bob joins by his seat's
// link; a spectator watches on a large screen.  They play the whole game
// by tapping: Bob reloads in the middle of a turn and keeps his seat, and
// then opens the bare table link and is still seated (the page's storage);
// a client tries to act for Ann's seat with Bob's token and is refused.
// Everything is checked by what each screen shows, and the game is then in
// shutbox history.  Then two people pass one phone at a table; and a
// server is killed mid-game and started again under the pages' feet, once
// with a move confirmed while it was down.  With
// SHUTBOX_SHOTS=DIR, screenshots of a phone, of the large screen and of a
// phone to be passed are written there.  What a page shows of a turn, up
// close, is table.test.mjs's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { startServer, stopServer, tempDb, history, totalsLine, client, table } from './lib.mjs';
import { launch, phone, screen, shots, text, seq, changed, reached, pickMove, playTurn, row, openTable } from './page.mjs';

// A battle is played by two: chosen in the form, the seats past the second
// are put aside, and the form says so (the table was refused when
// opened); another mode brings them back.
test('a battle chosen in the form keeps two seats, and says so', async () => {
  const srv = await startServer(tempDb('battle-form'));
  const browser = await chromium.launch(launch);
  try {
    const ann = await (await browser.newContext(phone)).newPage();
    await ann.goto(srv.url);
    await ann.waitForSelector('#preset option[value=pub]', { state: 'attached' });
    assert.equal(await ann.locator('#seats li').count(), 3);
    assert.equal(await ann.locator('#seats-help').isVisible(), false);
    await ann.selectOption('#preset', 'battle');
    assert.equal(await ann.locator('#seats li').count(), 2);
    assert.equal(await text(ann, '#seats-help'), 'A battle is played by two: cpu:optimal put aside until another mode is chosen.');
    await ann.selectOption('#preset', 'classic');
    assert.equal(await ann.locator('#seats-help').isVisible(), false);
    assert.equal(await ann.locator('#seats li').count(), 3);
    assert.equal(await ann.locator('.seat-kind').nth(2).inputValue(), 'optimal');
    // The key mode does the same; a seat more is refused.
    await ann.locator('details summary', { hasText: 'More rules' }).click();
    await ann.selectOption('[data-key=mode]', 'battle');
    assert.equal(await ann.locator('#seats li').count(), 2);
    await ann.getByRole('button', { name: 'Add a computer' }).click();
    assert.equal(await ann.locator('#seats li').count(), 2);
    assert.match(await text(ann, '#error'), /A battle is played by two: choose another mode for more seats/);
    await ann.getByRole('button', { name: 'Open the table' }).click();
    await ann.waitForSelector('.tile');
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});

test('three phones and a screen play a whole pub game with a stake and a computer', async () => {
  const db = tempDb('browser');
  const srv = await startServer(db);
  const browser = await chromium.launch(launch);
  try {
    const ann = await (await browser.newContext(phone)).newPage();
    const errors = [];
    ann.on('pageerror', (e) => errors.push(e.message));
    await ann.goto(srv.url);
    await ann.waitForSelector('#preset option[value=pub]', { state: 'attached' });
    await ann.selectOption('#preset', 'golf');
    await ann.selectOption('#preset', 'pub');
    // A preset by its name, which the select shows whole, its help below.
    assert.equal(await ann.locator('#preset option:checked').innerText(), 'pub');
    assert.match(await text(ann, '#preset-help'), /winner takes the pot/);
    // A shut box scores 0 and the game goes on, so that Bob's turn comes
    // whatever Ann throws.
    await ann.locator('details summary', { hasText: 'More rules' }).click();
    await ann.selectOption('[data-key=shut]', 'zero');
    await ann.locator('.seat-name').nth(0).fill('Ann');
    await ann.locator('.seat-name').nth(1).fill('Bob');
    assert.equal(await ann.locator('.seat-kind').nth(2).inputValue(), 'optimal');
    await ann.getByLabel('Hints allowed').check();
    await ann.getByRole('button', { name: 'Open the table' }).click();
    await ann.waitForSelector('#links input.link');
    const links = await ann.locator('#links input.link').evaluateAll((l) => l.map((i) => i.value));
    const bobLink = links.find((l) => l.includes('&s=') && !ann.url().includes(l.split('&s=')[1]));
    const watchLink = links.find((l) => !l.includes('&s='));
    const table = Number(new URL(watchLink).searchParams.get('t'));
    assert.ok(bobLink && watchLink && table > 0, links.join(' '));
    // Each link is also a QR code, drawn by the server.
    await ann.waitForFunction(() => [...document.querySelectorAll('#links img.qr')].every((i) => i.complete && i.naturalWidth > 0));
    assert.equal(await ann.locator('#links img.qr').count(), links.length);
    // The server listens on this computer alone: its links open on no
    // phone, and the page says how to open the server to them.
    assert.match(await text(ann, '#links-local'), new RegExp(`^These links open on this computer only: for phones to join, start the server with --listen 0\\.0\\.0\\.0:${srv.port} `));
    // A link is given, not followed: no link to tap, and Copy copies it.
    assert.equal(await ann.locator('#links a').count(), 0);
    await ann.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: srv.url });
    await ann.getByRole('button', { name: 'Copy the link for Bob' }).click();
    await ann.getByRole('button', { name: 'Copy the link for Bob' }).filter({ hasText: 'Copied' }).waitFor();
    assert.equal(await ann.evaluate(() => navigator.clipboard.readText()), bobLink);

    const bobCtx = await browser.newContext(phone);
    const bob = await bobCtx.newPage();
    await bob.goto(bobLink);
    const spec = await (await browser.newContext(screen)).newPage();
    await spec.goto(watchLink);
    for (const p of [ann, bob, spec]) {
      await p.waitForSelector('.tile');
      assert.match(await text(p, '#pot'), /pot 3/);
      assert.equal(await p.locator('.tile').count(), 9);
    }
    assert.match(await text(spec, '#title'), /watching/);
    assert.match(await row(bob, 'Bob').innerText(), /you/);
    assert.match(await row(ann, 'Ann').innerText(), /you/);
    assert.match(await row(ann, 'cpu:optimal').innerText(), /computer/);

    // Bob tries to act for Ann's seat, which is to play: refused, unchanged.
    assert.match(await text(ann, '#status'), /Your turn: roll the dice/);
    assert.equal(await bob.locator('#actions button').count(), 0);
    const refused = await bob.evaluate(([t, token]) => new Promise((resolve) => {
      const ws = new WebSocket(`ws://${location.host}/ws`);
      ws.onopen = () => ws.send(JSON.stringify({ type: 'join', table: t, seat: token, host: '' }));
      ws.onmessage = (e) => {
        const m = JSON.parse(e.data);
        if (m.type === 'state') ws.send(JSON.stringify({ type: 'roll' }));
        if (m.type === 'error') { ws.close(); resolve(m.error); }
      };
    }), [table, new URL(bobLink).searchParams.get('s')]);
    assert.match(refused, /it is Ann's turn, not yours/);
    assert.match(await text(ann, '#status'), /Your turn: roll the dice/);

    // Motion reduced when the system asks: the dice do not spin.
    await spec.emulateMedia({ reducedMotion: 'reduce' });

    let reloaded = false;
    let keyed = false;
    let shotTaken = false;
    let labelled = false;
    for (let n = 0; n < 400; n++) {
      if (/over/.test(await text(spec, '#status'))) break;
      if (!reloaded && /pick the tiles/.test(await text(bob, '#status'))) {
        // Mid-turn: a tile picked, then the page reloaded.
        await bob.locator('.tile:not([disabled])').first().click();
        assert.equal(await bob.locator('.tile[aria-pressed=true]').count(), 1);
        assert.match(await text(bob, '#picked'), /Picked \d/);
        if (shots && !shotTaken) {
          await bob.waitForTimeout(600); // the dice at rest
          await bob.screenshot({ path: `${shots}/web-phone.png` });
          await spec.screenshot({ path: `${shots}/web-screen.png` });
          shotTaken = true;
        }
        await bob.reload();
        await bob.waitForSelector('.tile');
        assert.match(await text(bob, '#status'), /Your turn: pick the tiles/);
        assert.match(await row(bob, 'Bob').innerText(), /you/);
        // The bare table link, no token in it: the page's storage has it.
        await bob.goto(`${srv.url}?t=${table}`);
        await bob.waitForSelector('.tile');
        assert.match(await text(bob, '#status'), /Your turn: pick the tiles/);
        assert.match(bob.url(), /&s=[0-9a-f]{32}/);
        reloaded = true;
      }
      if (!keyed && /pick the tiles/.test(await text(ann, '#status'))) {
        // The keyboard alone: Tab reaches a tile, Space picks it and
        // picks it back.
        const tile = ann.locator('.tile[aria-pressed=false]:not([disabled])').first();
        const label = await tile.getAttribute('aria-label');
        for (let k = 0; k < 40 && !(await tile.evaluate((e) => e === document.activeElement)); k++)
          await ann.keyboard.press('Tab');
        await ann.keyboard.press('Space');
        assert.match(await ann.locator('.tile[aria-pressed=true]').getAttribute('aria-label'), /picked/);
        assert.match(label, /^tile \d+, open$/);
        await ann.locator('.tile[aria-pressed=true]').focus();
        await ann.keyboard.press('Space');
        assert.equal(await ann.locator('.tile[aria-pressed=true]').count(), 0);
        // A die just thrown spins, unless motion is to be reduced.
        const spin = (e) => { e.classList.add('fresh'); return getComputedStyle(e).animationName; };
        assert.equal(await spec.locator('.die').first().evaluate(spin), 'none');
        assert.equal(await ann.locator('.die').first().evaluate(spin), 'roll');
        // A hint: a row per choice, each figure in a column headed by its
        // words, which a phone's width holds.
        // (Asked again while the odds are still being worked out, which
        // on a slow machine they may be.)
        for (let n = 0; n < 40 && !(await ann.locator('#hint tbody tr').count()); n++) {
          await ann.getByRole('button', { name: 'Ask for a hint' }).click();
          await ann.waitForSelector('#actions button[aria-label="Ask for a hint"]:not([disabled])');
          if (!(await ann.locator('#hint tbody tr').count())) await ann.waitForTimeout(250);
        }
        await ann.waitForSelector('#hint tbody tr');
        assert.match((await ann.locator('#hint thead th').allInnerTexts()).join('|'), /^Best first\|to shut\|expected score/);
        assert.match(await ann.locator('#hint tbody tr').first().innerText(), /^\S+\t[\d.]+%\t[\d.]+/);
        assert.ok(await ann.locator('#hint').evaluate((h) => h.scrollWidth <= h.clientWidth));
        keyed = true;
      }
      const played = (await playTurn(ann)) || (await playTurn(bob));
      if (!played) await ann.waitForTimeout(50);
      // A die says what it shows (none at a turn not yet thrown).
      const die = await ann.locator('.die').evaluateAll((ds) => ds.map((d) => d.getAttribute('aria-label')));
      if (die.length) {
        assert.match(die[0], /die showing \d/);
        labelled = true;
      }
      assert.equal(await spec.locator('#actions button').count(), 0);
    }
    assert.ok(reloaded, 'Bob never had a move to make');
    assert.ok(keyed, 'Ann never had a move to make');
    assert.ok(labelled, 'Ann\'s page never showed a die');
    for (const p of [ann, bob, spec]) {
      await p.waitForFunction(() => /over/.test(document.getElementById('status').textContent));
      assert.match(await text(p, '#result'), /win/i);
      // Paid out: the result says who took the pot, the panel no longer.
      assert.match(await text(p, '#result'), /pot of 3/);
      assert.equal(await text(p, '#pot'), '');
    }
    // The box left on every screen is the last turn's, and says whose.
    // The status says who won and who took the pot.
    const whose = (await text(spec, '#status')).match(/^The game is over: (.+ (?:wins with \d+|share the win with \d+|shut the box and wins!)\.?) (.+ (?:takes|split) the pot of 3[^]*\.) The box shows (.+)'s last turn\.$/);
    assert.ok(whose, await text(spec, '#status'));
    // The verdict and the pot are the result's own lines, on the large screen too.
    for (const line of [whose[1], whose[2]])
      assert.ok((await text(spec, '#result')).split('\n').includes(line), line);
    for (const [p, name] of [[ann, 'Ann'], [bob, 'Bob']])
      assert.equal(await text(p, '#status'),
        `The game is over: ${whose[1]} ${whose[2]} The box shows ${whose[3] === name ? 'your' : `${whose[3]}'s`} last turn.`);
    // Every screen shows the same totals; the computer's play is in the log.
    const totals = async (p) => (await p.locator('#players .total').allInnerTexts()).join(',');
    assert.equal(await totals(spec), await totals(ann));
    assert.equal(await totals(spec), await totals(bob));
    assert.match(await text(spec, '#log'), /cpu:optimal/);
    // The log ends with the game, and leaves the totals to the result.
    assert.match(await text(spec, '#log'), /The game is over$/);
    assert.doesNotMatch(await text(spec, '#log'), /Final totals|takes the pot/);
    assert.match(await text(spec, '#result'), /Final totals:/);
    assert.deepEqual(errors, []);
    const h = history(db);
    assert.match(h, totalsLine('Ann', 'Bob', 'cpu:optimal'));
    assert.match(h, new RegExp(`^\\s+${table}\\s.*pub`, 'm'));
    assert.doesNotMatch(h.split('\n').slice(0, 2).join('\n'), /unfinished/);
    if (shots) await spec.screenshot({ path: `${shots}/web-screen-end.png` });
    // Only the host has the next game to start; every page goes to it.
    assert.equal(await bob.getByRole('button', { name: 'Another game, the same players' }).count(), 0);
    // The others are told what may come, and that their page follows.
    for (const p of [bob, spec])
      assert.equal(await text(p, '#actions'), 'The host may start another game with the same players: this page goes on to it by itself.');
    if (shots) await ann.screenshot({ path: `${shots}/web-phone-end.png` });
    await ann.getByRole('button', { name: 'Another game, the same players' }).click();
    for (const p of [ann, bob, spec])
      await p.waitForFunction((t) => new URL(location.href).searchParams.get('t') !== String(t), table);
    const next = Number(new URL(ann.url()).searchParams.get('t'));
    assert.ok(next > table);
    for (const p of [bob, spec]) assert.equal(Number(new URL(p.url()).searchParams.get('t')), next);
    await ann.waitForFunction(() => /^Your turn/.test(document.getElementById('status').textContent));
    await bob.waitForFunction(() => /^Ann to play/.test(document.getElementById('status').textContent));
    // The spectator's page shows the new table once its state comes (its
    // address changes before it asks for it).
    await spec.waitForFunction((n) => document.getElementById('title').textContent.startsWith(`Table ${n} `), next);
    assert.match(await text(spec, '#title'), new RegExp(`^Table ${next} · pub .* · watching$`));
    // The host's links are the new table's.
    const again = await ann.locator('#links input.link').evaluateAll((l) => l.map((i) => i.value));
    assert.equal(again.length, 2);
    assert.ok(again.every((l) => l.includes(`?t=${next}`)), again.join(' '));
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});

// Two people pass one phone, and a computer plays: Ann makes the table
// with Bea's seat on her phone too.  The page acts for whichever of its
// seats is to play, names whose turn it is, and asks for the phone to be
// passed before the other's turn shows its controls, the page loaded
// again too; a turn shows no dice (none of the last player's) until it
// throws.
test('two people pass one phone at one table with a computer', async () => {
  const db = tempDb('shared');
  const srv = await startServer(db);
  const browser = await chromium.launch(launch);
  try {
    const ctx = await browser.newContext(phone);
    // Counts the steps of the game the page sends (window.stepsSent).
    await ctx.addInitScript(() => {
      const Native = window.WebSocket;
      window.WebSocket = class extends Native {
        send(data) {
          if (/^(roll|dice|move)$/.test(JSON.parse(data).type)) window.stepsSent = (window.stepsSent || 0) + 1;
          return super.send(data);
        }
      };
    });
    const page = await ctx.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(srv.url);
    await page.waitForSelector('#preset option[value=pub]', { state: 'attached' });
    await page.selectOption('#preset', 'pub');
    // A shut box scores 0 and the game goes on, so that Bea's turn comes.
    await page.locator('details summary', { hasText: 'More rules' }).click();
    await page.selectOption('[data-key=shut]', 'zero');
    await page.locator('.seat-name').nth(0).fill('Ann');
    await page.locator('.seat-name').nth(1).fill('Bea');
    assert.equal(await page.locator('.seat-here input').nth(0).isChecked(), true);
    await page.locator('.seat-here input').nth(1).check();
    await page.getByRole('button', { name: 'Open the table' }).click();
    await page.waitForSelector('.tile');
    assert.match(page.url(), /&s=[0-9a-f]{32},[0-9a-f]{32}$/);
    assert.match(await text(page, '#title'), /this device: Ann, Bea/);
    assert.match(await row(page, 'Ann').innerText(), /on this device/);
    assert.match(await row(page, 'Bea').innerText(), /on this device/);
    assert.doesNotMatch(await row(page, 'cpu:optimal').innerText(), /on this device/);
    assert.match(await text(page, '#status'), /^Ann's turn: roll the dice/);

    let passed = 0;
    const turns = new Set();
    for (let n = 0; n < 400; n++) {
      const status = await text(page, '#status');
      if (/over/.test(status)) break;
      const m = status.match(/Pass the device to (\w+)/);
      if (m) {
        // Nothing to tap but "I am Bea" until she has the phone; and no
        // dice: the last ones thrown were the last player's.
        assert.equal(await page.locator('#actions button').count(), 1);
        assert.equal(await page.locator('.tile:not([disabled])').count(), 0);
        assert.equal(await text(page, '#dice'), '');
        if (shots && passed === 0) await page.screenshot({ path: `${shots}/web-pass.png` });
        // Loaded again, the page still asks for the phone to be passed
        // (it showed the turn, as if its player had it).
        if (passed === 0) {
          await page.reload();
          await page.waitForSelector('.tile');
          assert.match(await text(page, '#status'), new RegExp(`Pass the device to ${m[1]}`));
        }
        // Opened again in a new tab of the device, the same.
        if (passed === 0) {
          const tab = await page.context().newPage();
          await tab.goto(page.url());
          await tab.waitForSelector('.tile');
          assert.match(await text(tab, '#status'), new RegExp(`Pass the device to ${m[1]}`));
          await tab.close();
        }
        // Tapped twice at once (the second landed on the button drawn
        // in its place, and threw for the player): her turn is shown,
        // and nothing more is done.
        if (passed === 0) {
          const log = await text(page, '#log');
          await page.evaluate(() => { window.stepsSent = 0; });
          await page.getByRole('button', { name: `I am ${m[1]}` }).dblclick();
          // The buttons come back on, and no step was sent meanwhile.
          await page.waitForSelector('#actions button.step:not([disabled])');
          assert.equal(await page.evaluate(() => window.stepsSent), 0);
          assert.match(await text(page, '#status'), new RegExp(`^${m[1]}'s turn: (roll the dice|how many dice)`));
          assert.equal(await text(page, '#log'), log);
        } else
          await page.getByRole('button', { name: `I am ${m[1]}` }).click();
        assert.match(await text(page, '#status'), new RegExp(`^${m[1]}'s turn`));
        // And once passed, loaded again, it shows the turn.
        if (passed === 0) {
          await page.reload();
          await page.waitForSelector('.tile');
          assert.match(await text(page, '#status'), new RegExp(`^${m[1]}'s turn`));
        }
        assert.equal(await page.locator('#dice .die').count(), 0);
        passed++;
        continue;
      }
      const who = status.match(/^(\w+)'s turn/);
      if (who) turns.add(who[1]);
      if (/pick the tiles/.test(status)) assert.ok(await page.locator('#dice .die').count() > 0, 'no dice to move on');
      if (!(await playTurn(page))) await page.waitForTimeout(50);
    }
    await page.waitForFunction(() => /over/.test(document.getElementById('status').textContent));
    assert.ok(turns.has('Ann') && turns.has('Bea'), [...turns].join());
    assert.ok(passed > 0, 'the phone was never passed');
    assert.match(await text(page, '#result'), /win/i);
    assert.match(await text(page, '#log'), /cpu:optimal/);
    assert.deepEqual(errors, []);
    assert.match(history(db), totalsLine('Ann', 'Bea', 'cpu:optimal'));
    // The next game: Bea, who played last, still holds the phone, and is
    // asked to pass it to Ann, loaded again too (the new table's holder
    // was not kept, and Ann's turn showed to Bea).
    await page.getByRole('button', { name: 'Another game, the same players' }).click();
    await page.waitForFunction(() => /Pass the device to Ann/.test(document.getElementById('status').textContent));
    await page.reload();
    await page.waitForSelector('.tile');
    assert.match(await text(page, '#status'), /Pass the device to Ann/);
    // Bea leaves: the title names the players at the device who still
    // play (it named her still).
    assert.match(await text(page, '#title'), /this device: Ann, Bea$/);
    page.once('dialog', (d) => d.accept());
    await page.getByRole('button', { name: 'Bea leaves' }).click();
    await page.waitForFunction(() => /this device: Ann$/.test(document.getElementById('title').textContent));
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});

// The server is killed mid-game (SIGKILL: no goodbye) and started again on
// the same history and port: the pages reconnect by themselves, show the
// same board, seats and totals, and the game is played to its end.
test('pages reconnect to a server killed and started again, and play on', async () => {
  const db = tempDb('restart');
  let srv = await startServer(db);
  const port = srv.port;
  const browser = await chromium.launch(launch);
  try {
    const ann = await (await browser.newContext(phone)).newPage();
    const errors = [];
    ann.on('pageerror', (e) => errors.push(e.message));
    // A shut box scores 0, so that Bob's turn comes whatever Ann throws.
    const made = await openTable(ann, srv, { shut: 'zero' });
    const bob = await (await browser.newContext(phone)).newPage();
    await bob.goto(made.bob);
    const spec = await (await browser.newContext(screen)).newPage();
    await spec.goto(made.watch);
    for (const p of [ann, bob, spec]) await p.waitForSelector('.tile');
    // Play into the game: Ann's turn, and into Bob's.
    for (let n = 0; n < 200 && !/Bob to play|computer/.test(await text(ann, '#status')); n++)
      if (!(await playTurn(ann))) await ann.waitForTimeout(50);
    assert.match(await text(ann, '#status'), /Bob to play|computer/);
    const board = async (p) => (await p.locator('.tile').evaluateAll((ts) => ts.map((t) => t.getAttribute('aria-label').replace(/, cannot be used|, picked/g, '')))).join('|');
    const totals = async (p) => (await p.locator('#players .total').allInnerTexts()).join(',');
    const dice = async (p) => (await p.locator('.die').evaluateAll((ds) => ds.map((d) => d.getAttribute('aria-label')))).join(',');
    const shown = async (p) => `${await board(p)} ${await dice(p)} ${await totals(p)} ${await text(p, '#title')} ${await text(p, '#status')}`;
    // A steady moment: Bob has thrown and is to pick his tiles.
    await bob.waitForFunction(() => /roll the dice|how many dice/.test(document.getElementById('status').textContent));
    while (!/pick the tiles/.test(await text(bob, '#status'))) await playTurn(bob);
    // Every page at Bob's state: the others' sockets may still be behind.
    const at = await seq(bob);
    for (const p of [ann, spec]) await reached(p, at);
    const before = [];
    for (const p of [ann, bob, spec]) before.push(await shown(p));
    assert.match(before[2], /die showing \d/);

    await stopServer(srv, 'SIGKILL');
    for (const p of [ann, bob, spec])
      await p.waitForFunction(() => /reconnecting/.test(document.getElementById('conn').textContent));
    // On a phone too, the title keeps to one line beside that.
    const titleLines = (p) => p.evaluate(() => {
      const r = document.createRange();
      r.selectNodeContents(document.querySelector('.bar h1 a'));
      return r.getClientRects().length;
    });
    for (const p of [ann, bob, spec]) assert.equal(await titleLines(p), 1);
    // A moment on, each page says so across its top, the table dimmed
    // (the screen across the room said it only in its corner line).
    for (const p of [ann, bob, spec]) {
      await p.waitForFunction(() => document.body.classList.contains('offline'));
      const bar = await p.evaluate(() => {
        const r = document.getElementById('conn').getBoundingClientRect();
        return { top: r.top, width: r.width, page: innerWidth,
          dim: getComputedStyle(document.getElementById('table')).opacity };
      });
      assert.equal(bar.top, 0);
      assert.equal(bar.width, bar.page);
      assert.equal(bar.dim, '0.45');
    }
    srv = await startServer(db, ['--listen', `127.0.0.1:${port}`]);
    assert.match(srv.out(), /1 unfinished table brought back/);
    for (const [i, p] of [ann, bob, spec].entries()) {
      await p.waitForFunction(() => document.getElementById('conn').textContent === 'connected', null, { timeout: 15000 });
      assert.equal(await p.evaluate(() => document.body.classList.contains('offline')), false);
      // A state of the server started again: the log says it came back.
      await p.waitForFunction(() => /The server started again/.test(document.getElementById('log').textContent), null, { timeout: 15000 });
      assert.equal(await shown(p), before[i]);
    }
    assert.match(await row(bob, 'Bob').innerText(), /you/);
    assert.match(await text(bob, '#status'), /^Your turn: pick the tiles/);
    // And on to the end.
    for (let n = 0; n < 400; n++) {
      if (/over/.test(await text(spec, '#status'))) break;
      const played = (await playTurn(ann)) || (await playTurn(bob));
      if (!played) await ann.waitForTimeout(50);
    }
    for (const p of [ann, bob, spec]) {
      await p.waitForFunction(() => /over/.test(document.getElementById('status').textContent));
      assert.match(await text(p, '#result'), /win/i);
    }
    assert.deepEqual(errors, []);
    assert.match(history(db), totalsLine('Ann', 'Bob', 'cpu:optimal'));
  } finally {
    await browser.close();
    // Not the server killed, when a step failed before the new one.
    if (srv.proc.signalCode === null) await stopServer(srv);
  }
});

// A move confirmed while the server is down cannot be sent: the page says
// so and the tiles stay picked, as they show, so that a tap on one unpicks
// it; the server back, the move is made.
test('a move confirmed with no connection stays picked, and a tap unpicks a tile', async () => {
  const db = tempDb('offline');
  let srv = await startServer(db);
  const port = srv.port;
  const browser = await chromium.launch(launch);
  try {
    const ann = await (await browser.newContext(phone)).newPage();
    await openTable(ann, srv);
    while (!/pick the tiles/.test(await text(ann, '#status'))) assert.ok(await playTurn(ann));
    // Loaded again, the page keeps the tiles picked on the same state
    // (they vanished, as if the taps were lost).
    const pressed = () => ann.locator('.tile[aria-pressed=true]').evaluateAll((ts) => ts.map((t) => t.dataset.tile));
    await pickMove(ann);
    const before = await pressed();
    assert.ok(before.length > 0);
    await ann.reload();
    await ann.waitForFunction(() => /pick the tiles/.test(document.getElementById('status').textContent));
    assert.deepEqual(await pressed(), before);
    await stopServer(srv, 'SIGKILL');
    await ann.waitForFunction(() => /reconnecting/.test(document.getElementById('conn').textContent));
    await pickMove(ann);
    const picked = await ann.locator('.tile[aria-pressed=true]').evaluateAll((ts) => ts.map((t) => t.dataset.tile));
    const sum = await text(ann, '#picked');
    await ann.locator('#confirm').click();
    assert.match(await text(ann, '#error'), /^Not connected, so not sent: tap again once the page says connected\.$/);
    assert.deepEqual(await ann.locator('.tile[aria-pressed=true]').evaluateAll((ts) => ts.map((t) => t.dataset.tile)), picked);
    assert.equal(await text(ann, '#picked'), sum);
    const tile = ann.locator(`.tile[data-tile="${picked[0]}"]`);
    await tile.click();
    assert.equal(await tile.getAttribute('aria-pressed'), 'false');
    assert.equal(await ann.locator('.tile[aria-pressed=true]').count(), picked.length - 1);
    await tile.click();
    assert.equal(await tile.getAttribute('aria-pressed'), 'true');

    srv = await startServer(db, ['--listen', `127.0.0.1:${port}`]);
    await ann.waitForFunction(() => document.getElementById('conn').textContent === 'connected', null, { timeout: 15000 });
    await ann.waitForFunction(() => /The server started again/.test(document.getElementById('log').textContent), null, { timeout: 15000 });
    const at = await seq(ann);
    await pickMove(ann);
    await ann.locator('#confirm').click();
    await changed(ann, at);
    assert.doesNotMatch(await text(ann, '#error'), /not connected/i);
  } finally {
    await browser.close();
    // Not the server killed, when a step failed before the new one.
    if (srv.proc.signalCode === null) await stopServer(srv);
  }
});

// Keyboard alone, on a large screen: the page is drawn anew with each
// state, and the focus stays on its control (a tile picked, a player's
// tool as another player's phone joins), or goes on from a step's control
// that is gone (the dice rolled: the first tile to pick).
test('the focus stays on its control as the table is drawn again', async () => {
  const srv = await startServer(tempDb('focus'));
  const browser = await chromium.launch(launch);
  try {
    const ann = await (await browser.newContext(screen)).newPage();
    const links = await openTable(ann, srv);
    const focused = () => ann.evaluate(() => {
      const a = document.activeElement;
      return { tag: a.tagName, tile: a.dataset.tile, text: a.textContent, disabled: a.disabled, pressed: a.getAttribute('aria-pressed') };
    });
    // Bob's row: a tool of the host's, kept as Bob's phone joins.
    const bobTool = row(ann, 'Bob').getByRole('button', { name: "Hand Bob's seat to a computer" });
    await bobTool.focus();
    // Bob has not opened his link yet: his seat says so, not "away".
    assert.match(await row(ann, 'Bob').innerText(), /not joined yet/);
    assert.doesNotMatch(await row(ann, 'Bob').innerText(), /away/);
    const bob = await (await browser.newContext(phone)).newPage();
    await bob.goto(links.bob);
    await ann.waitForFunction(() => !/not joined yet/.test(document.querySelector('#players li:nth-child(2)').textContent));
    assert.deepEqual(await focused(), { tag: 'BUTTON', tile: undefined, text: 'Hand to a computer', disabled: false, pressed: null });
    // Roll by the keyboard: the focus goes on to a tile to pick.
    await ann.getByRole('button', { name: 'Roll the dice' }).focus();
    const before = await seq(ann);
    await ann.keyboard.press('Enter');
    await changed(ann, before);
    assert.match(await text(ann, '#status'), /pick the tiles/);
    let f = await focused();
    assert.equal(f.tag, 'BUTTON');
    assert.ok(f.tile && !f.disabled, JSON.stringify(f));
    // A tile picked by the keyboard keeps the focus, and is read out.
    await ann.keyboard.press('Space');
    const picked = await focused();
    assert.deepEqual([picked.tile, picked.pressed], [f.tile, 'true']);
    assert.match(await text(ann, '#picked'), new RegExp(`^Picked ${f.tile}`));
    assert.equal(await ann.locator('#picked').getAttribute('aria-live'), 'polite');
    // A link's Copy keeps the focus too, as Bob leaves the game and his
    // link, which would only watch now, goes from the list.
    await ann.getByRole('button', { name: 'Copy the link for spectators' }).focus();
    bob.on('dialog', (d) => d.accept());
    await bob.getByRole('button', { name: 'Leave the game (the others play on)' }).click();
    await ann.waitForFunction(() => /left/.test(document.querySelector('#players li:nth-child(2)').textContent));
    assert.equal((await focused()).text, 'Copy');
    // His seat is not away: he left.
    assert.match(await row(ann, 'Bob').innerText(), /left/);
    assert.doesNotMatch(await row(ann, 'Bob').innerText(), /away|not joined/);
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});

// The page's sockets, the messages of the first held while window.held
// is a list (a slow or stalled connection); window.release() lets them in.
function holdable() {
  const Native = window.WebSocket;
  let made = 0;
  window.WebSocket = class extends Native {
    set onmessage(fn) {
      const first = ++made === 1;
      super.onmessage = (ev) => (first && window.held ? window.held.push(ev) : fn(ev));
      if (first) window.release = () => { const h = window.held; window.held = null; h.forEach(fn); };
    }
  };
}

// A connection that stalls without closing: a step's answer never comes.
// The page makes a new connection after a while, by itself, and shows
// the step made.
test('a step unanswered on a stalled connection: the page connects again and shows it', async () => {
  const srv = await startServer(tempDb('stall'));
  const browser = await chromium.launch(launch);
  try {
    const context = await browser.newContext(phone);
    await context.addInitScript(holdable);
    const ann = await context.newPage();
    await openTable(ann, srv);
    assert.match(await text(ann, '#status'), /^Your turn: roll the dice/);
    // Every text the connection's line shows, kept: the new connection
    // may open within a frame of the old one's end, before a poll of the
    // line would see what it said.
    await ann.evaluate(() => {
      window.held = [];
      window.connSaid = [];
      new MutationObserver((recs) => recs.forEach((r) => r.addedNodes.forEach((n) => window.connSaid.push(n.textContent))))
        .observe(document.getElementById('conn'), { childList: true });
    });
    await ann.getByRole('button', { name: 'Roll the dice' }).click();
    await ann.waitForFunction(() => window.connSaid.some((t) => /no answer from the server/.test(t)), null, { timeout: 15000 });
    // Meanwhile, from a second on, the page said that it waits.
    const said = await ann.evaluate(() => window.connSaid);
    assert.ok(said.indexOf('sent; waiting for the server…') >= 0 &&
      said.indexOf('sent; waiting for the server…') < said.findIndex((t) => /no answer/.test(t)), said.join(' | '));
    await ann.waitForFunction(() => document.getElementById('conn').textContent === 'connected', null, { timeout: 10000 });
    await ann.waitForFunction(() => !/roll the dice/.test(document.getElementById('status').textContent), null, { timeout: 10000 });
    assert.match(await text(ann, '#status'), /pick the tiles|Bob to play/);
    assert.ok(await ann.locator('#dice .die').count() > 0);
    assert.equal(await ann.locator('#error').isHidden(), true);
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});

// Ann's seat open on two devices: her phone (the host's page) and a
// tablet whose messages can be held (a slow connection: holdable()).
async function twoDevices(browser, srv) {
  const ann = await (await browser.newContext(phone)).newPage();
  await openTable(ann, srv);
  const slow = await browser.newContext(phone);
  await slow.addInitScript(holdable);
  const tablet = await slow.newPage();
  await tablet.goto(ann.url());
  await tablet.waitForSelector('.tile');
  return { ann, tablet };
}

// Ann's seat is open on a phone and a tablet, and both tap "Roll the
// dice" on the same state. The tablet's messages are held (a slow
// connection) until after the server has answered its roll: the roll was
// moot, so the tablet shows the phone's throw and no error.
test('two devices of one seat both roll: the second shows the throw, not an error', async () => {
  const srv = await startServer(tempDb('race'));
  const browser = await chromium.launch(launch);
  try {
    const { ann, tablet } = await twoDevices(browser, srv);
    assert.match(await text(tablet, '#status'), /^Your turn: roll the dice/);
    const at = await seq(ann);
    assert.equal(await seq(tablet), at);
    await tablet.evaluate(() => { window.held = []; });
    await ann.getByRole('button', { name: 'Roll the dice' }).click();
    await changed(ann, at);
    await tablet.getByRole('button', { name: 'Roll the dice' }).click();
    // The server's answer to the tablet's roll is in before it goes on.
    await tablet.waitForFunction(() => window.held.some((ev) => JSON.parse(ev.data).type === 'error'));
    await tablet.evaluate(() => window.release());
    await reached(tablet, await seq(ann));
    assert.equal(await tablet.locator('#error').isHidden(), true, await text(tablet, '#error'));
    assert.equal(await text(tablet, '#dice'), await text(ann, '#dice'));
    assert.match(await text(tablet, '#status'), /pick the tiles|over|Bob/);
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});

// Both pick and confirm a move: the second device's is not made (the
// table moved on), and it says so, where its pick vanished unsaid.
test('two devices of one seat both move: the second says whether its tiles were shut', async () => {
  const srv = await startServer(tempDb('race-move'));
  const browser = await chromium.launch(launch);
  try {
    const { ann, tablet } = await twoDevices(browser, srv);
    // Both make the same move on the same throw (each from the lowest
    // tile up): the tablet's, moot, finds its tiles shut, which is no loss.
    const race = async (pickTablet) => {
      const at = await seq(ann);
      await tablet.evaluate(() => { window.held = []; });
      await pickMove(ann);
      await ann.locator('#confirm').click();
      await changed(ann, at);
      await pickTablet();
      const mine = await tablet.locator('.tile[aria-pressed=true]').evaluateAll((b) => b.map((x) => x.dataset.tile));
      await tablet.locator('#confirm').click();
      await tablet.waitForFunction(() => window.held.some((ev) => JSON.parse(ev.data).type === 'error'));
      await tablet.evaluate(() => { document.getElementById('error').textContent = ''; window.release(); });
      await tablet.waitForFunction(() => document.getElementById('error').textContent !== '');
      assert.equal(await text(tablet, '#tiles'), await text(ann, '#tiles'));
      return mine;
    };
    await ann.getByRole('button', { name: 'Roll the dice' }).click();
    // Both pages at the throw (Ann's too: her state number is the race's).
    for (const p of [ann, tablet])
      await p.waitForFunction(() => /pick the tiles/.test(document.getElementById('status').textContent));
    await race(() => pickMove(tablet));
    assert.equal(await text(tablet, '#error'), 'Another device of this seat shut these tiles first: the table shows it.');
    // Ann's turn goes on where the next throw has a move: the tablet picks
    // from the highest tile down, most often another move, whose tiles
    // were not shut (or, where they were, said as above).
    await ann.getByRole('button', { name: 'Roll the dice' }).click();
    await ann.waitForFunction(() => !/roll the dice/.test(document.getElementById('status').textContent));
    if (/pick the tiles/.test(await text(ann, '#status'))) {
      await tablet.waitForFunction(() => /pick the tiles/.test(document.getElementById('status').textContent));
      const mine = await race(async () => {
        for (let i = 0; i < 12 && !(await tablet.locator('#confirm:not([disabled])').count()); i++)
          await tablet.locator('.tile[aria-pressed=false]:not([disabled])').last().click();
      });
      const shut = await ann.locator('.tile.shut').evaluateAll((b) => b.map((x) => x.dataset.tile));
      if (mine.every((t) => shut.includes(t)))
        assert.equal(await text(tablet, '#error'), 'Another device of this seat shut these tiles first: the table shows it.');
      else
        assert.match(await text(tablet, '#error'), /another device of this seat may have moved first\): the tiles picked here were not shut/);
    }
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});

// Bob's page is closed when the host gives his seat to a computer: the
// token it kept, brought back by the bare table link, is refused as a
// seat, and the page watches the table, says why and forgets the token;
// so does a link cut short.  A table that is not there says so, with the way back to the first page.
test('a stale seat link watches the table, and a table that is not there says so', async () => {
  const srv = await startServer(tempDb('stale'));
  const browser = await chromium.launch(launch);
  try {
    const ann = await (await browser.newContext(phone)).newPage();
    const t = await openTable(ann, srv);
    const bobCtx = await browser.newContext(phone);
    let bob = await bobCtx.newPage();
    await bob.goto(t.bob);
    await bob.waitForSelector('.tile');
    await bob.close();
    ann.once('dialog', (d) => d.accept());
    await ann.getByRole('button', { name: "Hand Bob's seat to a computer" }).click();
    await ann.waitForFunction(() => /computer/.test(document.querySelectorAll('#players li')[1].textContent));
    bob = await bobCtx.newPage();
    await bob.goto(`${srv.url}?t=${t.table}`);
    await bob.waitForSelector('#notice:not([hidden])');
    assert.equal(await text(bob, '#notice'), 'The computer plays for Bob now: this page watches the table.');
    await bob.waitForSelector('.tile');
    assert.match(await text(bob, '#title'), /watching/);
    assert.equal(await bob.locator('#error').isVisible(), false);
    assert.equal(new URL(bob.url()).searchParams.get('s'), null);
    assert.equal(await bob.evaluate((id) => localStorage.getItem(`shutbox.seat.${id}`), t.table), null);
    await bob.reload();
    await bob.waitForSelector('.tile');
    assert.equal(await bob.locator('#notice').isVisible(), false);
    assert.match(await text(bob, '#title'), /watching/);

    // A seat link cut short: the page watches and says why, keeps nothing
    // of it, and the table's own link watches after it.
    const cut = await (await browser.newContext(phone)).newPage();
    const token = new URL(t.bob).searchParams.get('s');
    await cut.goto(`${srv.url}?t=${t.table}&s=${token.slice(0, -1)}`);
    await cut.waitForSelector('.tile');
    assert.match(await text(cut, '#notice'), /not whole .* this page watches the table/);
    assert.match(await text(cut, '#title'), /watching/);
    assert.equal(await cut.locator('#error').isVisible(), false);
    assert.equal(new URL(cut.url()).searchParams.get('s'), null);
    assert.equal(await cut.evaluate((id) => localStorage.getItem(`shutbox.seat.${id}`), t.table), null);
    await cut.goto(t.watch);
    await cut.waitForSelector('.tile');
    assert.equal(await cut.locator('#notice').isVisible(), false);
    assert.equal(await cut.locator('#error').isVisible(), false);
    // A whole token that is no seat's: mistyped, among the reasons said.
    await cut.goto(`${srv.url}?t=${t.table}&s=${'f'.repeat(token.length)}`);
    await cut.waitForSelector('#notice:not([hidden])');
    assert.match(await text(cut, '#notice'), /^This seat link is not one of this table's: it may be mistyped/);
    // A number typed with a zero before it is the same table.
    await cut.goto(`${srv.url}?t=00${t.table}`);
    await cut.waitForSelector('.tile');
    assert.match(await text(cut, '#title'), /watching/);
    assert.equal(await cut.locator('#gone').isVisible(), false);
    assert.equal(await cut.locator('#error').isVisible(), false);

    const lost = await (await browser.newContext(phone)).newPage();
    await lost.goto(`${srv.url}?t=999&s=${'0'.repeat(32)}`);
    await lost.waitForSelector('#gone:not([hidden])');
    assert.match(await text(lost, '#gone'), /There is no table 999 on this server/);
    assert.equal(await lost.locator('#table').isVisible(), false);
    await lost.getByRole('link', { name: 'Open a new table' }).click();
    await lost.waitForSelector('#preset option[value=pub]', { state: 'attached' });
    assert.equal(await lost.locator('#create').isVisible(), true);
    // A table's number cut or mistyped names no table, and the page says
    // so (before: the server's refusal of the message over an empty box,
    // or the first page, as if the link were to open a table).
    for (const t of ['26.5', '-3', '99999999999999999999', 'abc', '0', '00', '']) {
      await lost.goto(`${srv.url}?t=${encodeURIComponent(t)}&s=${token}`);
      await lost.waitForSelector('#gone:not([hidden])');
      assert.match(await text(lost, '#gone'), /This link names no table .* is not a table's number/, t);
      assert.equal(await lost.locator('#table').isVisible(), false, t);
      assert.equal(await lost.locator('#lobby').isVisible(), false, t);
      assert.equal(await lost.locator('#error').isVisible(), false, t);
    }
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});

// The history refuses a move (another writer took its number): every page
// at the table shows it, and goes on showing it with each new state.
test('every page at the table shows that its game is no longer recorded', async () => {
  const db = tempDb('refused');
  const srv = await startServer(db);
  const browser = await chromium.launch(launch);
  try {
    const ann = await (await browser.newContext(phone)).newPage();
    const t = await openTable(ann, srv);
    const bob = await (await browser.newContext(phone)).newPage();
    await bob.goto(t.bob);
    await bob.waitForSelector('.tile');
    assert.equal(await ann.locator('#error').isVisible(), false);
    execFileSync('sqlite3', [db, `INSERT INTO actions VALUES (${t.table}, `
      + `(SELECT count(*) FROM actions WHERE game = ${t.table}), 1, 0, 0, '', 0, 0)`]);
    assert.ok(await playTurn(ann));
    for (const p of [ann, bob]) {
      await p.waitForSelector('#error:not([hidden])');
      assert.match(await text(p, '#error'), /no longer recorded in the history/);
    }
    assert.ok(await playTurn(ann));
    // Bob's page at that new state goes on showing it.
    await reached(bob, await seq(ann));
    assert.match(await text(bob, '#error'), /no longer recorded in the history/);
  } finally {
    await browser.close();
    await stopServer(srv, 'SIGINT');
  }
});

// The log is a polite live region: a new state appends its new lines and
// leaves those shown alone, so that a screen reader reads only what is new.
test('a new state adds its lines to the log and leaves the others alone', async () => {
  const srv = await startServer(tempDb('log'));
  const browser = await chromium.launch(launch);
  try {
    const ann = await (await browser.newContext(phone)).newPage();
    await openTable(ann, srv);
    await ann.waitForSelector('#log li');
    for (let turn = 0; turn < 3; turn++) {
      const before = await ann.locator('#log li').evaluateAll((lis) => lis.map((li) => { li.dataset.kept = '1'; return li.textContent; }));
      assert.ok(await playTurn(ann));
      const after = await ann.locator('#log li').evaluateAll((lis) => lis.map((li) => [li.textContent, li.dataset.kept === '1']));
      assert.ok(after.length > before.length, `${before.length} lines, then ${after.length}`);
      assert.deepEqual(after.slice(0, before.length), before.map((l) => [l, true]));
      assert.ok(after.slice(before.length).every(([, kept]) => !kept));
    }
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});

// The log names whose turn each line is of, as shutbox history does: a
// heading "Round 1: Bob" where Bob's turn begins, after the last line of
// the turn before, on each page.  While the last line is such a heading,
// that turn has not thrown, and the box shows no dice.  A shut box scores
// 0, so that each seat plays its turn.
test('the log heads each turn with its round and its player', async () => {
  const srv = await startServer(tempDb('turns'));
  const browser = await chromium.launch(launch);
  // The log as [text, heading?], and whether dice show, in one look.
  const read = (page) => page.evaluate(() => ({
    log: [...document.querySelectorAll('#log li')].map((li) => [li.textContent, li.classList.contains('head')]),
    dice: document.querySelectorAll('#dice .die').length,
  }));
  const heads = (log) => log.filter(([, h]) => h).map(([t]) => t);
  try {
    const ann = await (await browser.newContext(phone)).newPage();
    const t = await openTable(ann, srv, { shut: 'zero' });
    const bob = await (await browser.newContext(phone)).newPage();
    await bob.goto(t.bob);
    await bob.waitForSelector('#log li');
    for (const p of [ann, bob]) {
      const { log, dice } = await read(p);
      assert.deepEqual(log.at(-1), ['Round 1: Ann', true]);
      assert.equal(dice, 0);
    }
    let bare = 0;
    for (let n = 0; n < 400; n++) {
      if (/over/.test(await text(ann, '#status'))) break;
      for (const p of [ann, bob]) {
        const { log, dice } = await read(p);
        if (log.at(-1)[1]) {
          assert.equal(dice, 0, `dice shown under ${log.at(-1)[0]}`);
          bare++;
        }
      }
      if (!(await playTurn(ann)) && !(await playTurn(bob))) await ann.waitForTimeout(50);
    }
    await bob.waitForFunction(() => /over/.test(document.getElementById('status').textContent));
    assert.ok(bare > 0);
    const order = ['Round 1: Ann', 'Round 1: Bob', 'Round 1: cpu:optimal'];
    // Each turn's lines under its heading: its throws and moves, and its
    // score last of them.  The log keeps the last 40 lines: where the
    // first turns' went, their headings went with them, and the lines
    // before the first heading left are of the turn before it.
    const check = (log) => {
      const seen = heads(log);
      assert.deepEqual(seen, order.slice(order.length - seen.length));
      assert.ok(seen.length >= 2, seen.join('|'));
      let turn = order.length - seen.length - 1;
      // Lines above the first heading left: a turn begun, when its
      // heading went out of the 40.
      let scored = !(turn >= 0 && !log[0][1]);
      for (const [line, head] of log) {
        if (head) {
          assert.ok(scored, `${order[turn]} has no score before ${line}`);
          turn++;
          scored = false;
        } else if (/^score/.test(line)) {
          assert.ok(turn >= 0 && !scored, `a second score, or one before a heading: ${line}`);
          scored = true;
        } else if (/^(throw|shut) /.test(line)) assert.ok(turn >= 0 && !scored, `${line} is of no turn`);
      }
      assert.ok(scored, 'the last turn has no score');
    };
    check((await read(ann)).log);
    check((await read(bob)).log);
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});

// At the cap on connections, a page says why it has none, not only that
// it is trying again.
test('a page turned away at the cap on connections says why', async () => {
  const srv = await startServer(tempDb('full'), ['--max-clients', '1']);
  const browser = await chromium.launch(launch);
  try {
    const first = await (await browser.newContext(phone)).newPage();
    await first.goto(srv.url);
    await first.waitForFunction(() => document.getElementById('conn').textContent === 'connected');
    const second = await (await browser.newContext(phone)).newPage();
    await second.goto(srv.url);
    // The text as the wait saw it, not read again: on a loaded machine
    // under AddressSanitizer a second read once found "connected".
    const seen = await second.waitForFunction(() => {
      const t = document.getElementById('conn').textContent;
      return /as many connections/.test(t) && t;
    });
    assert.match(await seen.jsonValue(), /The server has as many connections as it can hold \(1\); trying again/);
    // Room made, it connects by itself.
    await first.close();
    await second.waitForFunction(() => document.getElementById('conn').textContent === 'connected', null, { timeout: 15000 });
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});
