// The host's page at a table, in Debian's chromium driven by
// playwright-core: the links it hands out (to an address phones can open,
// and first beside the box, naming who has not come, while people have not
// joined their seats), and a seat the host gives to a computer, whose page
// then watches.  Each test starts a server of its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { startServer, stopServer, tempDb, client, table, join, playOut, isState, isError } from './lib.mjs';
import { launch, phone, shots, text, reached, playTurn, row, openTable } from './page.mjs';

// The host lets a computer play for Bob: Bob's page no longer holds the
// seat, says so, forgets its token and watches; the bare table link then
// watches too, rather than bringing the old token back from the storage.
test('a page whose seat the host gives to a computer watches, and says so', async () => {
  const srv = await startServer(tempDb('unseat'));
  const browser = await chromium.launch(launch);
  try {
    const ann = await (await browser.newContext(phone)).newPage();
    const t = await openTable(ann, srv);
    const bob = await (await browser.newContext(phone)).newPage();
    await bob.goto(t.bob);
    await bob.waitForSelector('.tile');
    assert.match(await row(bob, 'Bob').innerText(), /you/);
    assert.equal(await bob.locator('#notice').isVisible(), false);
    // The host's own row has a player's Leave beside the host's tools;
    // giving away a seat, one's own or another's (which was given at
    // once), or dropping another, asks first, and a No keeps the seat and
    // the player.
    assert.equal(await row(ann, 'Ann').getByRole('button', { name: /Leave the game/ }).count(), 1);
    assert.equal(await row(ann, 'Ann').getByRole('button', { name: /^Drop/ }).count(), 0);
    const asked = [];
    for (const name of ["Hand Ann's seat to a computer", "Hand Bob's seat to a computer", 'Drop Bob from the game']) {
      const dialog = new Promise((res) => ann.once('dialog', (d) => { asked.push(d.message()); d.dismiss().then(res); }));
      await ann.getByRole('button', { name }).click();
      await dialog;
    }
    assert.match(asked[0], /This page no longer plays that seat/);
    assert.match(asked[1], /A computer plays for Bob from now on\? Bob's page then only watches/);
    await ann.waitForTimeout(300);
    assert.match(await row(ann, 'Ann').innerText(), /you/);
    assert.match(await row(bob, 'Bob').innerText(), /you/);
    assert.doesNotMatch(await row(ann, 'Bob').locator('.who').innerText(), /left|out|computer/);
    const linkNames = () => ann.locator('#links .link-name').allInnerTexts();
    // Ann's seat is on this device: its link is not one to give out.
    assert.deepEqual(await linkNames(), ['Bob', 'spectators']);
    assert.match(await text(ann, '#links-help'), /^Give each person the link of their seat/);
    ann.once('dialog', (d) => d.accept());
    await ann.getByRole('button', { name: "Hand Bob's seat to a computer" }).click();
    // The host's links no longer offer Bob's seat, which would only watch.
    await ann.waitForFunction(() => document.querySelectorAll('#links .link-name').length === 1);
    assert.deepEqual(await linkNames(), ['spectators']);
    assert.match(await text(ann, '#links-help'), /^Every person plays on this device/);
    await bob.waitForSelector('#notice:not([hidden])');
    assert.match(await text(bob, '#notice'), /The computer plays for Bob now: this page watches the table/);
    await bob.waitForFunction(() => /watching/.test(document.getElementById('title').textContent));
    assert.doesNotMatch(await row(bob, 'Bob').innerText(), /you/);
    assert.equal(new URL(bob.url()).searchParams.get('s'), null);
    assert.equal(await bob.evaluate((id) => localStorage.getItem(`shutbox.seat.${id}`), t.table), null);
    // Through the computer's turns for Bob, his page offers nothing to do.
    for (let n = 0; n < 40; n++) {
      assert.doesNotMatch(await text(bob, '#status'), /Your turn/);
      assert.equal(await bob.locator('.tile:not([disabled]), #actions button').count(), 0);
      if (!(await playTurn(ann))) await ann.waitForTimeout(50);
      if (/over/.test(await text(ann, '#status'))) break;
    }
    await bob.goto(`${srv.url}?t=${t.table}`);
    await bob.waitForSelector('.tile');
    await bob.waitForFunction(() => /watching/.test(document.getElementById('title').textContent));
    assert.equal(new URL(bob.url()).searchParams.get('s'), null);
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});

// The host drops Bob; his page, told so, forgets the seat's link but keeps
// it apart, so that loaded again it is still known as Bob's: at the next
// game with the same players it goes on to Bob's seat, as the page that
// was told would have (before, a page loaded again only watched).
test('a dropped player\'s page loaded again has his seat at the next game', async () => {
  const srv = await startServer(tempDb('former'));
  const browser = await chromium.launch(launch);
  try {
    const c = await client(srv.port);
    const made = await table(c, 'classic', ['Ann', 'Bob', 'cpu:fewest']);
    const ann = await join(srv.port, made, 0, made.host);
    const bob = await (await browser.newContext(phone)).newPage();
    await bob.goto(`${srv.url}?t=${made.table}&s=${made.seats[1].token}`);
    await bob.waitForSelector('.tile');
    await ann.ask({ type: 'drop', seat: 1 }, (m) => isState(m) && m.seats[1].left);
    await bob.waitForSelector('#notice:not([hidden])');
    assert.match(await text(bob, '#notice'), /^The host dropped Bob from the game: this page watches the table/);
    await bob.reload();
    await bob.waitForFunction(() => /watching/.test(document.getElementById('title').textContent));
    assert.equal(new URL(bob.url()).searchParams.get('s'), null);
    await playOut([{ seat: 0, c: ann }], ann);
    const moved = await ann.ask({ type: 'again' }, (m) => m.type === 'moved' || isError(m));
    assert.equal(moved.type, 'moved', moved.error);
    assert.deepEqual(moved.seats.map((x) => x.name), ['Ann', 'Bob', 'cpu:fewest']);
    await bob.waitForFunction((id) => new URL(location.href).searchParams.get('t') === String(id), moved.table);
    await bob.waitForFunction(() => /you/.test(document.querySelector('#players li:nth-child(2)').textContent));
    assert.equal(new URL(bob.url()).searchParams.get('s'), moved.seats[1].token);
    [c, ann].forEach((x) => x.close());
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});

// A host who opens the page on the server's computer itself (127.0.0.1)
// hands out links to the address the server printed, which a phone can
// open; the page's own address is the links' where it is not this
// computer's alone (before, every link and QR code said 127.0.0.1).
test('the links of a page opened on the server\'s computer point where phones can open them', async () => {
  const srv = await startServer(tempDb('origin'), ['--url', 'http://shutbox.test:8080/']);
  // shutbox.lan: a name of this computer on the network, as a phone
  // would reach it.
  const browser = await chromium.launch({ ...launch, args: [...launch.args, '--host-resolver-rules=MAP shutbox.lan 127.0.0.1'] });
  try {
    assert.match(srv.out(), /^Open http:\/\/shutbox\.test:8080\/$/m);
    const ann = await (await browser.newContext(phone)).newPage();
    const t = await openTable(ann, srv);
    assert.match(t.bob, /^http:\/\/shutbox\.test:8080\/\?t=\d+&s=[0-9a-f]{32}$/);
    assert.equal(t.watch, `http://shutbox.test:8080/?t=${t.table}`);
    assert.equal(await ann.locator('#links-local').isVisible(), false);
    const qr = await ann.locator('#links img.qr').first().getAttribute('src');
    assert.match(decodeURIComponent(qr), /u=http:\/\/shutbox\.test:8080\//);
    // The address comes with the table made, for its links.
    const c = await client(srv.port);
    const made = await table(c, 'classic', ['Ann', 'Bob'], false);
    assert.equal(made.origin, 'http://shutbox.test:8080/');
    c.close();
    // Opened by a name on the network, the page's links are its own
    // address's, which the host reached.
    const lan = await (await browser.newContext(phone)).newPage();
    const t2 = await openTable(lan, { ...srv, url: `http://shutbox.lan:${srv.port}/` });
    assert.equal(t2.watch, `http://shutbox.lan:${srv.port}/?t=${t2.table}`);
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});

// A host at no seat: the page says it hosts, and while people have not
// come to their seats it says so by the box, with their links first
// beside it; whose turn it is says why nothing happens (not joined yet,
// away).
test('the host\'s page points to the links of the people not joined yet', async () => {
  const srv = await startServer(tempDb('invite'));
  const browser = await chromium.launch(launch);
  try {
    const host = await (await browser.newContext(phone)).newPage();
    await host.goto(srv.url);
    await host.waitForSelector('#preset option[value=pub]', { state: 'attached' });
    await host.locator('.seat-name').nth(0).fill('Ann');
    await host.locator('.seat-name').nth(1).fill('Bob');
    await host.locator('.seat-here input').nth(0).uncheck();
    await host.getByRole('button', { name: 'Open the table' }).click();
    await host.waitForSelector('#links input.link');
    // The box at the top, not where the form was scrolled to.
    assert.equal(await host.evaluate(() => window.scrollY), 0);
    assert.match(await text(host, '#title'), / · hosting$/);
    assert.equal(await text(host, '#status'), 'Ann to play (not joined yet).');
    assert.equal(await text(host, '#invite'), 'Not joined yet: Ann and Bob. Give each their link, under Seat links.');
    const top = (sel) => host.locator(sel).evaluate((e) => e.getBoundingClientRect().top);
    assert.ok(await top('#links-panel') < await top('#players'), 'the links are not first beside the box');
    if (shots) await host.screenshot({ path: `${shots}/web-phone-invite.png` });
    const links = await host.locator('#links input.link').evaluateAll((l) => l.map((i) => i.value));
    const annCtx = await browser.newContext(phone);
    const ann = await annCtx.newPage();
    await ann.goto(links[0]);
    await ann.waitForSelector('.tile');
    await host.waitForFunction(() => document.getElementById('status').textContent === 'Ann to play.');
    assert.equal(await text(host, '#invite'), 'Not joined yet: Bob. Give each their link, under Seat links.');
    await annCtx.close();
    await host.waitForFunction(() => document.getElementById('status').textContent === 'Ann to play (away).');
    const bob = await (await browser.newContext(phone)).newPage();
    await bob.goto(links[1]);
    await bob.waitForSelector('.tile');
    await host.waitForSelector('#invite', { state: 'hidden' });
    assert.ok(await top('#links-panel') > await top('#players'), 'the links are still first once all have come');
  } finally {
    await browser.close();
    await stopServer(srv);
  }
});
