// The battle map as SVG: hexes (flat-top, axial [q, r]) or squares, the
// terrain, the figures with their facing and side colour, the acting
// figure and the target marked; a click on a cell calls back with it.
// Every name is put in as text (textContent), never as markup.
'use strict';

const FrayMap = (() => {
  const NS = 'http://www.w3.org/2000/svg';
  const SIZE = 24;
  const SIDES = ['#2d6cb5', '#c0392b', '#2e8b57', '#8e44ad', '#d35400', '#16a085', '#7f8c8d', '#b7950b'];
  const TERRAIN = {
    '#': '#4a4a4a', '^': '#8d8d8d', '~': '#8fc1e8', ':': '#c9b28a', '!': '#e4c07a', '*': '#b5d99c',
  };
  const ANGLES = { n: 0, ne: 60, e: 90, se: 120, s: 180, sw: 240, w: 270, nw: 300 };
  const SQUARE_ANGLES = { n: 0, ne: 45, e: 90, se: 135, s: 180, sw: 225, w: 270, nw: 315 };

  function node(tag, attrs) {
    const n = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) n.setAttribute(k, String(v));
    return n;
  }

  function center(kind, at) {
    const [a, b] = at;
    if (kind === 'hex') return [SIZE * 1.5 * a, SIZE * Math.sqrt(3) * (b + a / 2)];
    return [SIZE * 1.8 * a, SIZE * 1.8 * b];
  }

  function shape(kind, [x, y]) {
    if (kind === 'hex') {
      const pts = [];
      for (let i = 0; i < 6; i++) {
        const t = (Math.PI / 3) * i;
        pts.push(`${(x + SIZE * Math.cos(t)).toFixed(1)},${(y + SIZE * Math.sin(t)).toFixed(1)}`);
      }
      return node('polygon', { points: pts.join(' ') });
    }
    const h = SIZE * 0.9;
    return node('rect', { x: x - h, y: y - h, width: 2 * h, height: 2 * h });
  }

  function sideColour(i) {
    return SIDES[i % SIDES.length];
  }

  // Draws `view.map` into `svg`; `marks` = { now, next, target, picked }
  // (figure ids and a cell name); `onCell(cell)` on a click.
  function draw(svg, view, marks, onCell) {
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    const map = view.map;
    if (!map) {
      const t = node('text', { x: 10, y: 20 });
      t.textContent = 'This fight has no map.';
      svg.appendChild(t);
      svg.setAttribute('viewBox', '0 0 200 40');
      return;
    }
    const kind = map.kind;
    let minX = Infinity; let minY = Infinity; let maxX = -Infinity; let maxY = -Infinity;
    const terrain = new Map(map.terrain.map((t) => [t.at.join(','), t]));
    const cells = node('g', { class: 'cells' });
    for (const c of map.cells) {
      const p = center(kind, c.at);
      minX = Math.min(minX, p[0]); minY = Math.min(minY, p[1]);
      maxX = Math.max(maxX, p[0]); maxY = Math.max(maxY, p[1]);
      const s = shape(kind, p);
      const t = terrain.get(c.at.join(','));
      s.setAttribute('class', 'cell');
      s.setAttribute('data-cell', c.name);
      if (t) {
        s.style.fill = TERRAIN[t.glyph] || '#d8cfa8';
        s.setAttribute('data-terrain', t.names.join(', '));
      }
      if (marks.picked === c.name) s.classList.add('picked');
      const title = node('title');
      title.textContent = t ? `${c.name}: ${t.names.join(', ')}` : c.name;
      s.appendChild(title);
      s.addEventListener('click', () => onCell(c));
      cells.appendChild(s);
    }
    svg.appendChild(cells);
    const byId = new Map(view.figures.map((f) => [f.id, f]));
    const figs = node('g', { class: 'figures' });
    for (const placed of map.figures) {
      const f = byId.get(placed.id);
      if (!f) continue;
      for (const [i, at] of placed.cells.entries()) {
        const [x, y] = center(kind, at);
        const g = node('g', { class: 'figure', 'data-figure': f.name, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` });
        if (placed.id === marks.now) g.appendChild(node('circle', { r: SIZE * 0.9, class: 'now-ring' }));
        if (placed.id === marks.target) g.appendChild(node('circle', { r: SIZE * 0.8, class: 'target-ring' }));
        const body = node('circle', { r: SIZE * 0.6, fill: sideColour(f.side_index), class: `body ${f.vitality}` });
        g.appendChild(body);
        if (placed.heading && i === 0) {
          const table = kind === 'hex' ? ANGLES : SQUARE_ANGLES;
          const a = table[placed.heading] ?? 0;
          const arrow = node('path', { d: `M0,${-SIZE * 0.95} L${SIZE * 0.28},${-SIZE * 0.55} L${-SIZE * 0.28},${-SIZE * 0.55} Z`, class: 'facing', transform: `rotate(${a})` });
          g.appendChild(arrow);
        }
        const label = node('text', { class: 'label', 'text-anchor': 'middle', dy: '0.35em' });
        label.textContent = f.label;
        g.appendChild(label);
        const title = node('title');
        title.textContent = `${f.name} (${f.side}), ${f.position}`;
        g.appendChild(title);
        g.addEventListener('click', () => {
          const c = map.cells.find((cell) => cell.at[0] === at[0] && cell.at[1] === at[1]);
          if (c) onCell(c);
        });
        figs.appendChild(g);
      }
    }
    svg.appendChild(figs);
    const pad = SIZE * 1.3;
    svg.setAttribute('viewBox', `${(minX - pad).toFixed(0)} ${(minY - pad).toFixed(0)} ${(maxX - minX + 2 * pad).toFixed(0)} ${(maxY - minY + 2 * pad).toFixed(0)}`);
  }

  return { draw, sideColour };
})();
