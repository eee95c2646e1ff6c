// What the browser tests share: Debian's chromium as playwright-core
// launches it, a phone's and a large screen's contexts, and a page's
// reading and playing of the table (by what it shows, and by tapping).
export const launch = {
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
};
export const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
export const screen = { viewport: { width: 1280, height: 800 } };
export const shots = process.env.SHUTBOX_SHOTS;

export const text = (page, sel) => page.locator(sel).innerText();
export const seq = (page) => page.evaluate(() => Number(document.body.dataset.seq ?? -1));
// The state's number and the status in one look: read apart, a state
// landing between them paired a fresh status with an old number.
export const look = (page) => page.evaluate(() => ({
  seq: Number(document.body.dataset.seq ?? -1),
  status: document.getElementById('status').innerText,
}));

// Waits until the page shows a state newer than before.
export async function changed(page, before) {
  await page.waitForFunction((b) => Number(document.body.dataset.seq ?? -1) !== b, before, { timeout: 10000 });
}

// Waits until the page shows the state numbered n (another page's).
export async function reached(page, n) {
  await page.waitForFunction((n) => Number(document.body.dataset.seq) === n, n);
}

// Picks tiles by tapping any that is not dimmed until the move is legal.
export async function pickMove(page) {
  for (let i = 0; i < 12; i++) {
    if (await page.locator('#confirm:not([disabled])').count()) return;
    await page.locator('.tile[aria-pressed=false]:not([disabled])').first().click();
  }
  throw new Error('no legal move could be picked');
}

// Plays the page's turn by tapping: dice, roll, tiles and confirm.
export async function playTurn(page) {
  const { seq: before, status } = await look(page);
  if (/roll the dice/.test(status)) await page.getByRole('button', { name: 'Roll the dice' }).click();
  else if (/how many dice/.test(status)) {
    // The count chosen, the page throws by itself: two states, the count's
    // and the throw's (waiting for the first alone, a slow server left the
    // page showing "roll the dice" with its button off, the throw pending).
    await page.locator('#actions button.primary').first().click();
    await page.waitForFunction((b) => Number(document.body.dataset.seq ?? -1) >= b + 2, before, { timeout: 10000 });
    return true;
  } else if (/pick the tiles/.test(status)) {
    await pickMove(page);
    await page.locator('#confirm').click();
  } else return false;
  await changed(page, before);
  return true;
}

export const row = (page, name) => page.locator('#players li', { hasText: name });

// Opens a pub table of Ann (on this page, the host), Bob and a computer
// from the form, with the rules' keys in more (key: word) as well;
// returns the table's number and Bob's and the spectators' links.
export async function openTable(ann, srv, more = {}) {
  await ann.goto(srv.url);
  await ann.waitForSelector('#preset option[value=pub]', { state: 'attached' });
  await ann.selectOption('#preset', 'pub');
  if (Object.keys(more).length) await ann.locator('details summary', { hasText: 'More rules' }).click();
  for (const [k, v] of Object.entries(more)) await ann.selectOption(`[data-key=${k}]`, v);
  await ann.locator('.seat-name').nth(0).fill('Ann');
  await ann.locator('.seat-name').nth(1).fill('Bob');
  await ann.getByRole('button', { name: 'Open the table' }).click();
  await ann.waitForSelector('#links input.link');
  const links = await ann.locator('#links input.link').evaluateAll((l) => l.map((i) => i.value));
  const watch = links.find((l) => !l.includes('&s='));
  return {
    table: Number(new URL(watch).searchParams.get('t')),
    bob: links.find((l) => l.includes('&s=') && !ann.url().includes(l.split('&s=')[1])),
    watch,
  };
}
