// The table's page, for every seat: the map, the turn order, the figures,
// what the table waits for (menus, dice, the odds), the narration, and the
// game master's controls. The server decides who may do what and what this
// seat sees; the page only shows the view and sends back the values the
// menus carry. Every name and text is put in as text (textContent).
'use strict';

const token = location.pathname.split('/').filter(Boolean).pop() || '';
const api = (what) => `/api/t/${token}/${what}`;
const $ = (id) => document.getElementById(id);

let view = null; // the last view
let last = 0; // the last revision read
let path = []; // the open sub-menus of the pending menu, by index
let chosen = null; // { label, request, action } ready to send
let picked = null; // the cell clicked
let pendingKey = '';
let links = null; // the GM's
let linksFor = '';
let retry = 500;
const undone = new Set();
const recordNodes = new Map();

// An element with attributes and children (strings become text nodes).
function el(tag, attrs, ...children) {
  const n = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'onclick' || k === 'onchange' || k === 'onsubmit') n.addEventListener(k.slice(2), v);
    else if (k === 'text') n.textContent = v;
    else n.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    n.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
  return n;
}

function clear(n) {
  while (n.firstChild) n.removeChild(n.firstChild);
  return n;
}

function notice(text) {
  $('notice').textContent = text || '';
}

function seatName(seat) {
  if (seat === 'gm') return 'game master';
  if (seat === 'watcher') return 'watcher';
  if (seat && seat.player) return seat.player;
  return '?';
}

async function call(what, body) {
  const res = await fetch(api(what), body === undefined ? {} : {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  let answer = null;
  try { answer = await res.json(); } catch (_) { answer = { message: res.statusText }; }
  if (!res.ok) {
    const e = new Error(answer.message || res.statusText);
    e.code = answer.error;
    throw e;
  }
  return answer;
}

// Sends a request; the change comes back on the live socket.
async function send(request) {
  notice('');
  try {
    const reply = await call('request', request);
    chosen = null;
    path = [];
    picked = null;
    return reply;
  } catch (e) {
    notice(e.message);
    return null;
  }
}

// ---- the live socket -------------------------------------------------

function connect() {
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  const socket = new WebSocket(`${proto}://${location.host}${api('live')}?after=${last}`);
  socket.onopen = () => { retry = 500; $('status').textContent = 'live'; };
  socket.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === 'update') update(msg);
    else if (msg.type === 'suggestion') suggestion(msg);
    else if (msg.type === 'error') notice(msg.message);
  };
  socket.onclose = () => {
    $('status').textContent = 'reconnecting…';
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

function update(msg) {
  for (const r of msg.records) {
    if (r.rev > last) addRecord(r);
  }
  last = Math.max(last, msg.revision);
  view = msg.view;
  $('status').textContent = `live · revision ${last}`;
  document.body.dataset.revision = String(last);
  render();
}

// The AI's choice comes after the update it belongs to (the server works
// it out once every page has the update).
function suggestion(msg) {
  if (!view || !view.pending || msg.revision !== view.revision) return;
  view.pending.suggested = msg.suggested;
  renderPending();
}

// ---- rendering -----------------------------------------------------------

function render() {
  const key = JSON.stringify([view.pending && view.pending.kind, view.pending && view.pending.figure, view.pending && view.pending.text, view.pending && view.pending.yours]);
  if (key !== pendingKey) {
    pendingKey = key;
    path = [];
    chosen = null;
    picked = null;
  }
  document.title = `${view.name} · Fray`;
  $('title').textContent = view.name;
  $('seat').textContent = seatName(view.seat);
  $('round').textContent = view.over ? 'the fight is over' : `round ${view.round}`;
  renderMap();
  renderOrder();
  renderFigures();
  renderPending();
  if (view.seat === 'gm') renderGm();
}

function targetOf(value) {
  if (!value || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    if (k === 'target' && typeof v === 'number') return v;
    const inner = targetOf(v);
    if (inner !== null) return inner;
  }
  return null;
}

function chosenTarget() {
  if (chosen && chosen.action) {
    const t = targetOf(chosen.action);
    if (t !== null) return t;
  }
  const labels = menuTrail().map((m) => m.label).join(' ');
  const named = view.figures
    .filter((f) => !f.yours || view.seat === 'gm')
    .filter((f) => labels.includes(f.name))
    .sort((a, b) => b.name.length - a.name.length)[0];
  return named ? named.id : null;
}

function renderMap() {
  const marks = { now: view.order.now, next: view.order.next, target: chosenTarget(), picked };
  FrayMap.draw($('map'), view, marks, pickCell);
  const box = clear($('cell'));
  if (picked) box.appendChild(el('span', { class: 'muted' }, `cell ${picked}`));
}

async function pickCell(cell) {
  picked = cell.name;
  const p = view.pending;
  if (!p || !p.yours || p.kind !== 'action') {
    renderMap();
    return;
  }
  await readWords(`move ${cell.name}`, `Move to ${cell.name}`);
}

async function readWords(text, label) {
  notice('');
  try {
    const request = await call('words', { text });
    const action = request.act ? request.act.action : null;
    chosen = { label: label || text, request, action };
    if (action) askOdds(chosen);
  } catch (e) {
    notice(e.message);
  }
  renderMap();
  renderPending();
}

function renderOrder() {
  const list = clear($('order'));
  const byId = new Map(view.figures.map((f) => [f.id, f]));
  for (const id of view.order.order) {
    const f = byId.get(id);
    if (!f) continue;
    const now = id === view.order.now;
    const next = id === view.order.next;
    list.appendChild(el('li', { class: now ? 'now' : next ? 'next' : '' },
      el('span', { class: 'swatch', 'data-side': f.side_index }), f.name,
      now ? el('span', { class: 'tag now-tag' }, 'now') : null,
      next ? el('span', { class: 'tag next-tag' }, 'next') : null));
  }
  for (const s of list.querySelectorAll('.swatch')) s.style.background = FrayMap.sideColour(Number(s.dataset.side));
}

function renderFigures() {
  const box = clear($('figures'));
  for (const f of view.figures) {
    const card = el('div', { class: `figure-card ${f.vitality}${f.yours && view.seat !== 'gm' ? ' yours' : ''}`, 'data-figure': f.name });
    const swatch = el('span', { class: 'swatch' });
    swatch.style.background = FrayMap.sideColour(f.side_index);
    card.appendChild(el('div', { class: 'figure-head' }, swatch, el('strong', {}, f.name),
      el('span', { class: 'muted' }, ` ${f.side} · ${f.played_by} · ${f.vitality}`)));
    if (f.pools) {
      for (const p of f.pools) {
        const fill = el('div', { class: 'fill' });
        const share = p.max > 0 ? Math.max(0, Math.min(1, p.current / p.max)) : 0;
        fill.style.width = `${(share * 100).toFixed(0)}%`;
        if (share <= 1 / 3) fill.classList.add('low');
        card.appendChild(el('div', { class: 'pool' },
          el('span', { class: 'pool-label' }, `${p.label} ${p.current}/${p.max}`),
          el('div', { class: 'meter' }, fill)));
      }
    } else {
      card.appendChild(el('div', { class: 'muted' }, 'pools hidden'));
    }
    const tags = el('div', { class: 'tags' });
    for (const c of f.conditions) {
      tags.appendChild(el('span', { class: 'tag', title: [c.lasts, c.rule].filter(Boolean).join(', ') }, c.name));
    }
    card.appendChild(tags);
    card.appendChild(el('div', { class: 'muted small' }, f.position));
    box.appendChild(card);
  }
}

// The menus from the top to the list open now.
function menuTrail() {
  const p = view.pending;
  if (!p || !p.menu) return [];
  const trail = [];
  let menu = p.menu;
  for (const i of path) {
    const c = menu.choices[i];
    if (!c || !c.menu) break;
    trail.push({ label: c.label, menu: c.menu });
    menu = c.menu;
  }
  return trail;
}

function requestFor(kind, value) {
  return kind === 'action' ? { act: { action: value } } : { answer: { answer: value } };
}

function renderPending() {
  const box = clear($('pending'));
  const p = view.pending;
  if (view.over) {
    const o = view.over;
    box.appendChild(el('h2', {}, 'The fight is over'));
    box.appendChild(el('p', { class: 'outcome' }, o.winner ? `${o.winner} win (${o.reason}, round ${o.rounds}).` : `No winner (${o.reason}, round ${o.rounds}).`));
  } else if (view.paused) {
    box.appendChild(el('h2', {}, 'Paused'));
    box.appendChild(el('p', { class: 'muted' }, view.seat === 'gm' ? 'The AI acts next: continue or step when the table is ready.' : 'The game master will play on.'));
  } else if (view.stuck) {
    box.appendChild(el('p', { class: 'error' }, `The fight cannot go on: ${view.stuck}`));
  } else if (p) {
    box.appendChild(el('h2', { class: 'prompt' }, p.text));
    if (!p.yours) {
      box.appendChild(el('p', { class: 'muted waiting' }, `Waiting for ${seatName(p.seat)}.`));
    } else if (p.kind === 'roll') {
      renderRoll(box, p);
    } else {
      renderMenu(box, p);
    }
  }
  if (view.can_undo && view.seat !== 'gm') {
    box.appendChild(el('button', { class: 'secondary', id: 'undo-mine', onclick: () => send('undo') }, 'Take back my last input'));
  }
}

function renderRoll(box, p) {
  const r = p.roll || {};
  const target = r.target !== null && r.target !== undefined ? ` (target ${r.target})` : '';
  box.appendChild(el('p', {}, `${r.roller || 'The game master'} rolls ${r.dice} for ${r.label}${target} [${r.rule}]`));
  box.appendChild(el('button', { id: 'roll-for-me', onclick: () => send('roll_for_me') }, 'Roll for me'));
  const input = el('input', { id: 'dice-typed', placeholder: 'total (11) or faces (3 4 4)', inputmode: 'numeric', 'aria-label': 'dice rolled at the table' });
  const form = el('form', { class: 'inline', onsubmit: (ev) => {
    ev.preventDefault();
    const nums = input.value.trim().split(/[\s,]+/).filter(Boolean).map(Number);
    if (!nums.length || nums.some((n) => !Number.isInteger(n))) { notice('type a total or the faces, in whole numbers'); return; }
    send({ roll: { roll: nums.length === 1 ? { total: nums[0] } : { faces: nums } } });
  } }, input, el('button', { type: 'submit', id: 'dice-send' }, 'Use these dice'));
  box.appendChild(form);
}

function renderMenu(box, p) {
  const trail = menuTrail();
  const menu = trail.length ? trail[trail.length - 1].menu : p.menu;
  if (!menu) return;
  const crumbs = el('div', { class: 'crumbs' }, p.menu.title, ...trail.map((t) => ` › ${t.label}`));
  box.appendChild(crumbs);
  const list = el('div', { class: 'menu', role: 'menu', 'aria-label': menu.title });
  if (trail.length) {
    list.appendChild(el('button', { class: 'secondary back', onclick: () => { path.pop(); chosen = null; render(); } }, '‹ back'));
  }
  menu.choices.forEach((c, i) => {
    const label = c.menu ? `${c.label} ›` : c.label;
    list.appendChild(el('button', {
      class: `choice${c.default ? ' default' : ''}`,
      role: 'menuitem',
      onclick: () => {
        if (c.menu) {
          path.push(i);
          chosen = null;
        } else {
          const words = [...trail.map((t) => t.label), c.label].join(' › ');
          chosen = { label: words, request: requestFor(p.kind, c.value), action: p.kind === 'action' ? c.value : null };
          if (chosen.action) askOdds(chosen);
        }
        render();
      },
    }, label));
  });
  box.appendChild(list);
  if (p.suggested !== null && p.suggested !== undefined) {
    box.appendChild(el('button', { class: 'secondary', id: 'suggested', onclick: () => {
      chosen = { label: "the AI's choice", request: requestFor(p.kind, p.suggested), action: p.kind === 'action' ? p.suggested : null };
      if (chosen.action) askOdds(chosen);
      render();
    } }, "The AI's choice"));
  }
  const words = el('input', { id: 'words', placeholder: p.kind === 'action' ? 'or type: attack orc neck, move C4' : 'or type: parry retreat', 'aria-label': 'the words of a choice' });
  box.appendChild(el('form', { class: 'inline', onsubmit: (ev) => { ev.preventDefault(); readWords(words.value); } },
    words, el('button', { type: 'submit', class: 'secondary' }, 'Read')));
  if (chosen) {
    const c = chosen;
    const panel = el('div', { class: 'chosen', id: 'chosen' },
      el('div', {}, el('span', { class: 'muted' }, 'Chosen: '), el('strong', {}, c.label)),
      el('div', { class: 'odds', id: 'odds' }, c.odds ? oddsNode(c.odds) : (c.action ? (c.oddsError || 'counting the odds…') : '')),
      el('button', { id: 'send', onclick: () => send(c.request) }, 'Send'),
      el('button', { class: 'secondary', onclick: () => { chosen = null; render(); } }, 'Cancel'));
    box.appendChild(panel);
  }
}

async function askOdds(c) {
  try {
    c.odds = await call('odds', { action: c.action });
  } catch (e) {
    c.oddsError = `no odds: ${e.message}`;
  }
  if (chosen === c) renderPending();
}

function percent(p) {
  return `${(p * 100).toFixed(p < 0.1 ? 1 : 0)}%`;
}

function oddsNode(o) {
  const table = el('table', { class: 'odds-table' },
    el('caption', {}, `Exact odds${o.complete ? '' : ' (part explored)'}`));
  for (const f of o.features) {
    table.appendChild(el('tr', {}, el('th', {}, f.name), el('td', { title: f.exact }, percent(f.p)), el('td', { class: 'muted' }, `mean ${f.mean.toFixed(2)}`)));
  }
  const box = el('div', {}, table);
  if (o.decisions.length) {
    box.appendChild(el('div', { class: 'muted small' }, 'assuming: ', o.decisions.map((d) => `${d.text} (${percent(d.p)})`).join('; ')));
  }
  return box;
}

// ---- the narration -------------------------------------------------------

const RULE = /^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$/;

function rulesIn(value, out) {
  if (typeof value === 'string' && RULE.test(value)) out.add(value);
  else if (Array.isArray(value)) value.forEach((v) => rulesIn(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => rulesIn(v, out));
  return out;
}

function scalar(v) {
  return v === null || ['string', 'number', 'boolean'].includes(typeof v);
}

// A roll's detail: its numbers, its modifiers and terms, its rule IDs.
function eventDetail(event) {
  const box = el('div', { class: 'detail' });
  const dl = el('dl', {});
  for (const [k, v] of Object.entries(event)) {
    if (k === 'event' || !scalar(v) || v === null) continue;
    dl.appendChild(el('dt', {}, k));
    dl.appendChild(el('dd', {}, String(v)));
  }
  box.appendChild(dl);
  for (const [k, v] of Object.entries(event)) {
    if (!Array.isArray(v) || !v.length || typeof v[0] !== 'object' || v[0] === null) continue;
    const t = el('table', { class: 'terms' }, el('caption', {}, k));
    for (const row of v) {
      t.appendChild(el('tr', {}, Object.values(row).map((x) => el('td', {}, scalar(x) ? String(x ?? '') : JSON.stringify(x)))));
    }
    box.appendChild(t);
  }
  const rules = [...rulesIn(event, new Set())];
  if (rules.length) box.appendChild(el('div', { class: 'rules' }, 'rules: ', rules.join(', ')));
  return box;
}

function expandable(event) {
  if (!event || typeof event !== 'object') return false;
  return Object.values(event).some((v) => Array.isArray(v) && v.length) || 'target' in event || 'margin' in event || 'total' in event;
}

function addRecord(r) {
  const node = el('div', { class: `record ${r.kind}`, 'data-rev': r.rev },
    el('div', { class: 'record-head' }, el('span', { class: 'rev' }, `#${r.rev}`), ` ${r.summary}`));
  for (const t of r.told) {
    if (expandable(t.event)) {
      node.appendChild(el('details', { class: 'told roll' }, el('summary', {}, t.text), eventDetail(t.event)));
    } else {
      node.appendChild(el('p', { class: 'told' }, t.text));
    }
  }
  if (r.kind === 'undo') r.moves.forEach((m) => undone.add(m));
  if (r.kind === 'redo') r.moves.forEach((m) => undone.delete(m));
  recordNodes.set(r.rev, node);
  for (const [rev, n] of recordNodes) n.classList.toggle('undone', undone.has(rev));
  const log = $('log');
  const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
  log.appendChild(node);
  if (atBottom || r.rev === last + 1) log.scrollTop = log.scrollHeight;
}

// ---- the game master's controls ------------------------------------------

const OVERRIDES = [
  ['damage', 'damage NAME N', true, 'points'],
  ['heal', 'heal NAME N', true, 'points'],
  ['set', 'set NAME POOL N', true, 'pool and value: HP 8'],
  ['condition', 'condition NAME COND', true, 'condition: stunned'],
  ['recover', 'recover NAME COND', true, 'condition: stunned'],
  ['delay', 'delay NAME', true, ''],
  ['remove', 'remove NAME', true, ''],
  ['join', 'join NAME TEMPLATE SIDE Q R', false, 'Grub goblin Orcs 5 1'],
  ['end', 'end [SIDE]', false, 'the winning side, or nothing'],
];

function gmCommand(line) {
  return send({ command: { line } });
}

let gmKey = '';

function renderGm() {
  const box = $('gm');
  box.hidden = false;
  const key = JSON.stringify([view.figures.map((f) => [f.name, f.side]), view.dice, view.seats, links, view.seed]);
  if (key === gmKey) {
    // Only the flow changed: keep what the GM is typing.
    $('gm-continue').disabled = !view.paused;
    $('gm-step').disabled = !view.paused;
    $('gm-undo').disabled = !view.can_undo;
    $('gm-redo').disabled = !view.can_redo;
    return;
  }
  gmKey = key;
  const open = box.querySelector('details[open]');
  const openId = open ? open.id : 'gm-flow';
  clear(box);
  box.appendChild(el('h2', {}, "Game master"));
  const flow = el('div', { class: 'buttons', id: 'gm-flow-buttons' },
    el('button', { id: 'gm-continue', disabled: !view.paused, onclick: () => send('continue') }, 'Continue'),
    el('button', { id: 'gm-step', class: 'secondary', disabled: !view.paused, onclick: () => send('step') }, 'Step'),
    el('button', { id: 'gm-undo', class: 'secondary', disabled: !view.can_undo, onclick: () => send('undo') }, 'Undo'),
    el('button', { id: 'gm-redo', class: 'secondary', disabled: !view.can_redo, onclick: () => send('redo') }, 'Redo'),
    el('a', { class: 'button secondary', href: api('save'), download: 'game.toml' }, 'Save'));
  box.appendChild(flow);
  if (view.seed !== null && view.seed !== undefined) box.appendChild(el('div', { class: 'muted small' }, `seed ${view.seed}`));
  box.appendChild(section('gm-override', 'Override', overrideForm(), openId));
  box.appendChild(section('gm-dice', 'Dice by hand', diceForm(), openId));
  box.appendChild(section('gm-seats', 'Seats and links', seatsForm(), openId));
  const seatsKey = JSON.stringify(view.seats);
  if (seatsKey !== linksFor) {
    linksFor = seatsKey;
    call('links').then((l) => { links = l; renderGm(); }).catch((e) => notice(e.message));
  }
}

function section(id, title, body, openId) {
  return el('details', { id, open: id === openId }, el('summary', {}, title), body);
}

function figureSelect(id) {
  return el('select', { id, 'aria-label': 'figure' }, view.figures.map((f) => el('option', { value: f.name }, f.name)));
}

function overrideForm() {
  const kind = el('select', { id: 'ov-kind', 'aria-label': 'override' }, OVERRIDES.map(([k, , , ]) => el('option', { value: k }, k)));
  const who = figureSelect('ov-who');
  const value = el('input', { id: 'ov-value', placeholder: 'points', 'aria-label': 'value' });
  const hint = el('div', { class: 'muted small', id: 'ov-hint' });
  const sync = () => {
    const o = OVERRIDES.find(([k]) => k === kind.value);
    who.disabled = !o[2];
    value.placeholder = o[3];
    value.disabled = o[3] === '';
    hint.textContent = o[1];
  };
  kind.addEventListener('change', sync);
  sync();
  const form = el('form', { id: 'ov-form', class: 'stack', onsubmit: (ev) => {
    ev.preventDefault();
    const o = OVERRIDES.find(([k]) => k === kind.value);
    const parts = [kind.value];
    if (o[2]) parts.push(who.value);
    if (value.value.trim()) parts.push(value.value.trim());
    gmCommand(parts.join(' '));
  } }, el('div', { class: 'inline' }, kind, who, value), hint, el('button', { type: 'submit', id: 'ov-apply' }, 'Apply'));
  const line = el('input', { id: 'gm-line', placeholder: 'a command as at the terminal: damage Orc 3', 'aria-label': 'command' });
  const typed = el('form', { class: 'inline', onsubmit: (ev) => { ev.preventDefault(); gmCommand(line.value); } },
    line, el('button', { type: 'submit', class: 'secondary' }, 'Do'));
  return el('div', {}, form, typed);
}

function diceForm() {
  const sides = [...new Set(view.figures.map((f) => f.side))];
  const who = el('select', { id: 'dice-who', 'aria-label': 'whose dice' },
    el('optgroup', { label: 'sides' }, sides.map((s) => el('option', { value: s }, s))),
    el('optgroup', { label: 'figures' }, view.figures.map((f) => el('option', { value: f.name }, f.name))),
    el('option', { value: 'gm' }, 'gm'), el('option', { value: 'all' }, 'all'));
  const mode = el('select', { id: 'dice-mode', 'aria-label': 'how' }, el('option', { value: 'hand' }, 'by hand'), el('option', { value: 'auto' }, 'by the table'));
  const form = el('form', { class: 'inline', onsubmit: (ev) => { ev.preventDefault(); gmCommand(`dice ${who.value} ${mode.value}`); } },
    who, mode, el('button', { type: 'submit', id: 'dice-apply' }, 'Set'));
  const list = el('ul', { class: 'small' }, view.dice.map((d) => el('li', {}, d)));
  return el('div', {}, form, list);
}

function seatsForm() {
  const plan = view.seats;
  const box = el('div', {});
  const link = (t) => `${location.origin}/t/${t}`;
  if (links) {
    box.appendChild(el('div', { class: 'link' }, 'Watchers: ', el('input', { readonly: true, value: link(links.watcher), 'aria-label': 'watcher link' })));
  }
  for (const p of plan.players) {
    const t = links && links.players[p.name];
    box.appendChild(el('div', { class: 'player-seat', 'data-player': p.name },
      el('strong', {}, p.name), ` plays ${p.figures.join(', ') || 'nothing yet'} `,
      el('button', { class: 'secondary small', onclick: () => sendSeats(plan.players.filter((q) => q.name !== p.name), plan.npcs) }, 'remove'),
      t ? el('input', { readonly: true, class: 'player-link', value: link(t), 'aria-label': `${p.name}'s link` }) : null));
  }
  const name = el('input', { id: 'seat-name', placeholder: 'player name', maxlength: 40, 'aria-label': 'player name' });
  const boxes = view.figures.map((f) => el('label', { class: 'check' }, el('input', { type: 'checkbox', value: f.name, class: 'seat-figure' }), f.name));
  const hide = el('input', { type: 'checkbox', id: 'seat-hide', checked: plan.npcs === 'hidden' });
  box.appendChild(el('form', { class: 'stack', id: 'seat-form', onsubmit: (ev) => {
    ev.preventDefault();
    const figures = boxes.map((b) => b.querySelector('input')).filter((i) => i.checked).map((i) => i.value);
    const others = plan.players
      .filter((q) => q.name !== name.value.trim())
      .map((q) => ({ name: q.name, figures: q.figures.filter((f) => !figures.includes(f)) }));
    const players = name.value.trim() ? [...others, { name: name.value.trim(), figures }] : others;
    sendSeats(players, hide.checked ? 'hidden' : 'shown');
  } }, el('div', { class: 'inline' }, name), el('div', { class: 'checks' }, boxes),
  el('label', { class: 'check' }, hide, 'hide the figures no player plays'),
  el('button', { type: 'submit', id: 'seat-apply' }, 'Seat the player')));
  return box;
}

function sendSeats(players, npcs) {
  return send({ seats: { players, npcs } });
}

// ---- start ---------------------------------------------------------------

async function start() {
  try {
    view = await call('view');
  } catch (e) {
    $('status').textContent = '';
    notice(e.code === 'no_table' ? 'This link opens no table.' : e.message);
    $('table').hidden = true;
    return;
  }
  render();
  connect();
}

start();
