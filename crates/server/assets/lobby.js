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

function readFile(file) {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(r.result);
    r.onerror = () => reject(r.error);
    r.readAsText(file);
  });
}

async function create(ev) {
  ev.preventDefault();
  $('error').textContent = '';
  const source = document.querySelector('input[name=source]:checked').value;
  const body = {};
  if (source === 'bundled') {
    body.scenario = $('scenario').value;
  } else {
    const upload = $('upload').files[0];
    body.text = upload ? await readFile(upload) : $('text').value;
    body.name = upload ? upload.name : 'pasted.toml';
    body.files = {};
    for (const f of $('gcs').files) body.files[f.name] = await readFile(f);
  }
  if ($('seed').value !== '') body.seed = Number($('seed').value);
  if ($('hide').checked) body.hide_npcs = true;
  $('open').disabled = true;
  try {
    const res = await fetch('/api/tables', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
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
