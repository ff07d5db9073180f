// The lobby: opens a table and goes to the game master's page.
'use strict';

const $ = (id) => document.getElementById(id);

async function loadScenarios() {
  const list = await (await fetch('/api/scenarios')).json();
  const select = $('scenario');
  const groups = new Map();
  for (const s of list) {
    if (!groups.has(s.ruleset)) {
      const g = document.createElement('optgroup');
      g.label = s.ruleset;
      groups.set(s.ruleset, g);
      select.appendChild(g);
    }
    const o = document.createElement('option');
    o.value = s.path;
    o.textContent = `${s.name} (${s.path})`;
    groups.get(s.ruleset).appendChild(o);
  }
  const knight = list.find((s) => s.path === 'gurps/knight-vs-orcs-table.toml');
  if (knight) select.value = knight.path;
}

// The server's body limits (`/api/limits`), read once; null when they
// cannot be read, and then the server alone refuses a body too big.
const limits = fetch('/api/limits').then((r) => r.json()).catch(() => null);

function bytes(n) {
  return `${n.toLocaleString('en-US')} bytes`;
}

// Why a new table of `n` bytes is too big, or '' when it is not. Checked
// before sending: a server refusing a body while it is still being sent
// closes the connection under the upload, and the browser would report a
// network error instead of the server's message.
async function tooBig(what, n) {
  const most = (await limits)?.create_bytes;
  if (!most || n <= most) return '';
  return `${what} ${bytes(n)}: a new table takes at most ${bytes(most)} (${(most / 1048576).toFixed(1)} MiB).`;
}

function readFile(file) {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(r.result);
    r.onerror = () => reject(r.error);
    r.readAsText(file);
  });
}

// The new table's request from the form, or throws why not (a file too
// big or unreadable).
async function request() {
  const source = document.querySelector('input[name=source]:checked').value;
  const body = {};
  if (source === 'bundled') {
    body.scenario = $('scenario').value;
  } else {
    const upload = $('upload').files[0];
    const files = [...(upload ? [upload] : []), ...$('gcs').files];
    const read = await tooBig('The files come to', files.reduce((n, f) => n + f.size, 0));
    if (read) throw new Error(read);
    body.text = upload ? await readFile(upload) : $('text').value;
    body.name = upload ? upload.name : 'pasted.toml';
    body.files = {};
    for (const f of $('gcs').files) body.files[f.name] = await readFile(f);
  }
  if ($('seed').value !== '') body.seed = Number($('seed').value);
  if ($('hide').checked) body.hide_npcs = true;
  const json = JSON.stringify(body);
  const big = await tooBig('The scenario and its files come to', new Blob([json]).size);
  if (big) throw new Error(big);
  return json;
}

async function create(ev) {
  ev.preventDefault();
  $('error').textContent = '';
  $('open').disabled = true;
  try {
    const res = await fetch('/api/tables', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: await request(),
    });
    const answer = await res.json();
    if (!res.ok) throw new Error(answer.message || res.statusText);
    location.href = `/t/${answer.gm}`;
  } catch (e) {
    $('error').textContent = e.message;
    $('open').disabled = false;
  }
}

$('upload').addEventListener('change', () => { document.querySelector('input[value=text]').checked = true; });
$('text').addEventListener('input', () => { document.querySelector('input[value=text]').checked = true; });
$('create').addEventListener('submit', create);
loadScenarios().catch((e) => { $('error').textContent = `cannot list the scenarios: ${e.message}`; });
