// End-to-end test of the web table in Debian's headless Chromium, driven by
// Playwright (playwright-core, no browser download): `fray serve`, a game
// master and a player in two browser contexts play knight-vs-orcs to the
// end. The GM opens the table in the lobby and seats the player; the
// player moves by clicking the map, chooses and defends on her own page
// and sees the exact odds of her attack; the GM rolls the orcs' dice by
// hand and overrides once; the server is killed (SIGKILL) mid-fight and
// restarted, and both pages carry on; both pages show the same narration.
// The lobby refuses a new table over the server's limit before sending it.
// Screenshots go to tests/browser/screenshots/ (FRAY_SCREENSHOTS sets another folder).
//
// Waits are for conditions (a revision reached, an element shown), never
// for a fixed time.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const fray = process.env.FRAY_BIN || join(root, 'target', 'debug', 'fray');
const shots = process.env.FRAY_SCREENSHOTS || join(here, 'screenshots');
const work = join(here, 'work');
const WAIT = 60_000; // the longest any condition may take before the test fails

mkdirSync(shots, { recursive: true });
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

const servers = [];
after(() => servers.forEach((s) => s.kill('SIGKILL')));

// Starts `fray serve`; resolves with the process and its address.
function serve(db, addr = '127.0.0.1:0') {
  assert.ok(existsSync(fray), `build the CLI first (cargo build -p fray-cli): ${fray}`);
  const child = spawn(fray, ['serve', '--addr', addr, '--db', db], { stdio: ['ignore', 'pipe', 'inherit'] });
  servers.push(child);
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      const base = line.match(/http:\/\/[^/ ]+/);
      if (!base) reject(new Error(`unexpected first line: ${line}`));
      else resolve({ child, base: base[0] });
    });
    child.once('exit', (code) => reject(new Error(`fray serve exited with ${code}`)));
  });
}

function kill(child) {
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGKILL');
  });
}

async function api(base, token, what) {
  const res = await fetch(`${base}/api/t/${token}/${what}`);
  assert.equal(res.status, 200, `${what}: ${res.status}`);
  return res.json();
}

async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

// Waits until the page has read revision `rev` or later.
async function reached(page, rev) {
  await page.waitForFunction((r) => Number(document.body.dataset.revision || 0) >= r, rev, { timeout: WAIT });
}

// Clicks `selector` on `page` and waits until the table moved past
// revision `prev` on that page, or the page shows a refusal.
async function clickAndWait(page, selector, prev) {
  await page.click(selector, { timeout: WAIT });
  await page.waitForFunction((p) => Number(document.body.dataset.revision || 0) > p
    || document.getElementById('notice').textContent !== '', prev, { timeout: WAIT });
  const refused = await page.textContent('#notice');
  assert.equal(refused, '', `refused: ${refused}`);
}

// The narration as a page shows it.
async function narration(page) {
  return page.$$eval('#log .told', (nodes) => nodes.map((n) => n.firstChild && n.tagName === 'DETAILS'
    ? n.querySelector('summary').textContent : n.textContent));
}

test('a GM and a player play knight-vs-orcs to the end in two browsers', async () => {
  const db = join(work, 'table.db');
  let server = await serve(db);
  const { base } = server;
  const port = new URL(base).port;
  const browser = await launch();
  try {
    const gmContext = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const gmPage = await gmContext.newPage();

    // The GM opens the table from the lobby.
    await gmPage.goto(`${base}/`);
    await gmPage.waitForSelector('#scenario option[value="gurps/knight-vs-orcs-table.toml"]', { state: 'attached', timeout: WAIT });
    await gmPage.selectOption('#scenario', 'gurps/knight-vs-orcs-table.toml');
    await gmPage.screenshot({ path: join(shots, 'lobby.png') });
    await gmPage.click('#open');
    await gmPage.waitForURL(/\/t\/[0-9a-f]{32}$/, { timeout: WAIT });
    const gm = gmPage.url().split('/').pop();
    await reached(gmPage, 1);

    // The GM seats Alice at Sir Ector and rolls the orcs' dice by hand.
    await gmPage.click('#gm-seats > summary');
    await gmPage.fill('#seat-name', 'Alice');
    await gmPage.check('input.seat-figure[value="Sir Ector"]');
    let rev = (await api(base, gm, 'view')).revision;
    await clickAndWait(gmPage, '#seat-apply', rev);
    await gmPage.waitForSelector('.player-seat[data-player="Alice"] input.player-link', { timeout: WAIT });
    const aliceLink = await gmPage.inputValue('.player-seat[data-player="Alice"] input.player-link');
    assert.match(aliceLink, /\/t\/[0-9a-f]{32}$/);
    const alice = aliceLink.split('/').pop();
    await gmPage.click('#gm-dice > summary');
    await gmPage.selectOption('#dice-who', 'Orcs');
    await gmPage.selectOption('#dice-mode', 'hand');
    rev = (await api(base, gm, 'view')).revision;
    await clickAndWait(gmPage, '#dice-apply', rev);

    // Alice opens her link in a second browser context (a phone).
    const aliceContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const alicePage = await aliceContext.newPage();
    await alicePage.goto(aliceLink);
    rev = (await api(base, gm, 'view')).revision;
    await reached(alicePage, rev);
    assert.equal(await alicePage.textContent('#seat'), 'Alice');

    let clicked = false;
    let overridden = false;
    let restarted = false;
    let sawOdds = false;
    let defended = false;
    let typedDice = 0;
    for (let n = 0; n < 400; n++) {
      const v = await api(base, gm, 'view');
      await reached(gmPage, v.revision);
      await reached(alicePage, v.revision);
      if (v.over) break;

      // Once, mid-fight: the server is killed and started again on the
      // same database and port; both pages reconnect and carry on.
      if (!restarted && n === 12) {
        await kill(server.child);
        server = await serve(db, `127.0.0.1:${port}`);
        restarted = true;
        const again = await api(base, gm, 'view');
        assert.equal(again.revision, v.revision, 'nothing acknowledged was lost');
        await gmPage.waitForFunction(() => document.getElementById('status').textContent.startsWith('live'), null, { timeout: WAIT });
        await alicePage.waitForFunction(() => document.getElementById('status').textContent.startsWith('live'), null, { timeout: WAIT });
        continue;
      }
      // Once, between steps: the GM's override.
      if (!overridden && n >= 4 && !v.in_progress && !v.paused) {
        const chief = v.figures.find((f) => f.name === 'Orc chief');
        if (chief && chief.vitality === 'active') {
          await gmPage.click('#gm-override > summary');
          await gmPage.selectOption('#ov-kind', 'damage');
          await gmPage.selectOption('#ov-who', 'Orc chief');
          await gmPage.fill('#ov-value', '3');
          await clickAndWait(gmPage, '#ov-apply', v.revision);
          overridden = true;
          continue;
        }
      }
      if (v.paused) {
        await clickAndWait(gmPage, '#gm-continue', v.revision);
        continue;
      }
      const p = v.pending;
      const forAlice = p.seat && p.seat.player === 'Alice';
      const page = forAlice ? alicePage : gmPage;
      // Her first move: a click on the map, on the cell beside the knight.
      if (forAlice && p.kind === 'action' && !clicked) {
        const mine = await api(base, alice, 'view');
        assert.equal(mine.pending.yours, true);
        const id = mine.figures.find((x) => x.name === 'Sir Ector').id;
        const [q, r] = mine.map.figures.find((f) => f.id === id).cells[0];
        const target = mine.map.cells.find((c) => c.at[0] === q + 1 && c.at[1] === r);
        await alicePage.click(`#map [data-cell="${target.name}"]`, { timeout: WAIT });
        await alicePage.waitForSelector('#chosen', { timeout: WAIT });
        assert.match(await alicePage.textContent('#chosen'), new RegExp(`Move to ${target.name}`));
        await alicePage.screenshot({ path: join(shots, 'player-phone.png'), fullPage: true });
        await clickAndWait(alicePage, '#send', v.revision);
        const moved = await api(base, gm, 'view');
        const at = moved.map.figures.find((f) => f.id === id).cells[0];
        assert.deepEqual(at, [q + 1, r], 'the knight stands where Alice clicked');
        clicked = true;
        continue;
      }
      if (p.kind === 'roll') {
        if (!forAlice && p.roll.dice === '3d6') {
          // The GM rolls the orcs' dice by hand.
          await page.fill('#dice-typed', '3 4 4');
          await clickAndWait(page, '#dice-send', v.revision);
          typedDice += 1;
        } else {
          await clickAndWait(page, '#roll-for-me', v.revision);
        }
        continue;
      }
      // An action or an answer: the AI's suggestion, chosen on the page.
      await page.click('#suggested', { timeout: WAIT });
      await page.waitForSelector('#chosen', { timeout: WAIT });
      const mineNow = await api(base, forAlice ? alice : gm, 'view');
      if (p.kind === 'action' && forAlice && mineNow.pending.suggested && mineNow.pending.suggested.attack) {
        // The exact odds of her attack, before it is sent.
        await page.waitForSelector('#odds table', { timeout: WAIT });
        const odds = await page.textContent('#odds');
        assert.match(odds, /hit/);
        assert.match(odds, /\d+%/);
        if (!sawOdds) {
          await gmPage.screenshot({ path: join(shots, 'gm.png'), fullPage: true });
          await page.screenshot({ path: join(shots, 'player-odds.png'), fullPage: true });
        }
        sawOdds = true;
      }
      if (p.kind === 'answer' && forAlice) defended = true;
      await clickAndWait(page, '#send', v.revision);
    }

    const end = await api(base, gm, 'view');
    assert.ok(end.over, 'the fight ended');
    await reached(gmPage, end.revision);
    await reached(alicePage, end.revision);
    assert.ok(clicked && restarted && overridden && sawOdds, `restarted ${restarted}, overridden ${overridden}, odds ${sawOdds}`);
    assert.ok(typedDice > 0, 'the GM typed the orcs\' dice');
    assert.ok(defended, 'Alice answered a defense on her page');
    await alicePage.waitForSelector('.outcome', { timeout: WAIT });
    await gmPage.waitForSelector('.outcome', { timeout: WAIT });

    // Both pages show the same narration, newest at the bottom.
    const gmLog = await narration(gmPage);
    const aliceLog = await narration(alicePage);
    assert.ok(gmLog.length > 20, `a long log: ${gmLog.length}`);
    assert.deepEqual(aliceLog, gmLog);
    const lastRev = await gmPage.$eval('#log .record:last-child', (n) => Number(n.dataset.rev));
    assert.equal(lastRev, end.revision);

    // A roll expands to its modifiers and rule IDs.
    const roll = alicePage.locator('#log details.roll').filter({ hasText: 'attack' }).first();
    await roll.locator('summary').click();
    const detail = await roll.locator('.detail').textContent();
    assert.match(detail, /rules: .*G-/);
    await gmPage.screenshot({ path: join(shots, 'gm-end.png'), fullPage: true });
    await alicePage.screenshot({ path: join(shots, 'player-end.png'), fullPage: true });
  } finally {
    await browser.close();
    await kill(server.child);
  }
});

test('names from a scenario are shown as text, never as markup', async () => {
  const { child, base } = await serve(join(work, 'names.db'));
  const browser = await launch();
  try {
    const text = `ruleset = "gurps"
name = "<img src=x onerror=alert(1)> duel"
[map]
kind = "hex"
radius = 4
[[combatants]]
name = "<b>Bold</b> & <script>alert(2)</script>"
side = "<i>Red</i>"
template = "knight"
position = { q = 0, r = 0 }
facing = "ne"
[[combatants]]
name = "Plain"
side = "Blue"
template = "knight"
position = { q = 1, r = 0 }
facing = "sw"
`;
    const res = await fetch(`${base}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }) });
    const links = await res.json();
    assert.equal(res.status, 200, JSON.stringify(links));
    const page = await browser.newPage();
    const dialogs = [];
    page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss(); });
    await page.goto(`${base}/t/${links.gm}`);
    await reached(page, 1);
    assert.equal(await page.textContent('#title'), '<img src=x onerror=alert(1)> duel');
    const card = page.locator('.figure-card').filter({ hasText: '<b>Bold</b>' });
    assert.match(await card.textContent(), /<script>alert\(2\)<\/script>/);
    assert.equal(await page.locator('#figures b, #figures script, #title img').count(), 0);
    assert.deepEqual(dialogs, []);
  } finally {
    await browser.close();
    await kill(child);
  }
});

test('a link that opens nothing says so', async () => {
  const { child, base } = await serve(join(work, 'none.db'));
  const browser = await launch();
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/t/${'0'.repeat(32)}`);
    await page.waitForFunction(() => document.getElementById('notice').textContent !== '', null, { timeout: WAIT });
    assert.equal(await page.textContent('#notice'), 'This link opens no table.');
  } finally {
    await browser.close();
    await kill(child);
  }
});

test('a new table too big is refused by the page before it is sent, with the limit', async () => {
  const { child, base } = await serve(join(work, 'big.db'));
  const browser = await launch();
  try {
    const limits = await (await fetch(`${base}/api/limits`)).json();
    const page = await browser.newPage();
    const posts = [];
    page.on('request', (r) => { if (r.method() === 'POST') posts.push(r.url()); });
    await page.goto(base);
    await page.waitForFunction(() => document.querySelectorAll('#scenario option').length > 0, null, { timeout: WAIT });
    const refused = async (file) => {
      await page.setInputFiles('#upload', file);
      await page.click('#open');
      await page.waitForFunction(() => document.getElementById('error').textContent !== '', null, { timeout: WAIT });
      const error = await page.textContent('#error');
      await page.evaluate(() => { document.getElementById('error').textContent = ''; });
      return error;
    };
    // A file over the limit is refused from its size, before it is read.
    const over = await refused({ name: 'big.toml', mimeType: 'text/plain', buffer: Buffer.alloc(limits.create_bytes + 1, '#') });
    assert.equal(over, 'The files come to 4,194,305 bytes: a new table takes at most 4,194,304 bytes (4.0 MiB).');
    // A file under the limit whose request is over it (every quote escaped).
    const quotes = await refused({ name: 'quotes.toml', mimeType: 'text/plain', buffer: Buffer.alloc(limits.create_bytes - 1024, '"') });
    assert.match(quotes, /^The scenario and its files come to 8,38\d,\d{3} bytes: a new table takes at most 4,194,304 bytes \(4\.0 MiB\)\.$/);
    assert.deepEqual(posts, []);
    assert.equal(await page.isEnabled('#open'), true);
  } finally {
    await browser.close();
    await kill(child);
  }
});
