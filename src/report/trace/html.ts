/**
 * trace.html: one self-contained page (no network) that shows an engagement step by step: the map
 * with the counters and arrows of each step, the story lines of the step beside it, Previous/Next, a
 * slider, the arrow keys and a `#step=N` address. The steps are embedded as JSON.
 */
import type { VolleyEvent } from '../../core/events.js';
import { narrate, reasonText, type TraceStep } from '../../rules/aor/trace/narrate.js';
import { formatLines } from './story.js';
import type { TraceFinal, TraceProvenance, TraceSubject } from '../../rules/aor/trace/subject.js';
import { ARROW_COLOURS, background, defs, esc, layoutOf, shortLabels, SIDE_COLOURS, stepOverlay, TERRAIN_COLOURS } from '../../rules/aor/trace/svg.js';

/** One step as the page embeds it. */
export interface PageStep {
  title: string;
  turn: number;
  side: number | null;
  phase: string | null;
  end: boolean;
  lines: { depth: number; kind: string; text: string }[];
  /** The overlay of the step (counters, markers, arrows) as SVG markup. */
  svg: string;
}

/** JSON inside <script type="application/json">: "<" only occurs in strings, where \u003c means the same. */
function inlineJson(v: unknown): string {
  return JSON.stringify(v).replace(/</g, '\\u003c');
}

export function pageSteps(steps: readonly TraceStep[], subject: TraceSubject): PageStep[] {
  const layout = layoutOf(subject);
  const labels = shortLabels(subject);
  return steps.map((st) => ({
    title: st.title,
    turn: st.turn,
    side: st.side,
    phase: st.phase,
    end: st.end,
    lines: st.lines.map((l) => ({ depth: l.depth, kind: l.kind, text: l.text })),
    svg: stepOverlay(subject, layout, labels, st),
  }));
}


function swatch(inner: string, w = 34, h = 22): string {
  return `<svg width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" aria-hidden="true">${inner}</svg>`;
}

function legend(s: TraceSubject): string {
  const items: string[] = [];
  const add = (svg: string, text: string) => items.push(`<li>${svg}<span>${esc(text)}</span></li>`);
  const terrains = new Set(s.kind === 'battle' ? s.map.terrain : [s.defenderTerrain, ...s.stacks.map((x) => x.terrain)]);
  for (const t of Object.keys(TERRAIN_COLOURS)) {
    if (!terrains.has(t)) continue;
    const pat = t === 'clear' ? '' : `<rect width="34" height="22" fill="url(#pat-${t})" opacity="0.7"/>`;
    add(swatch(`<rect width="34" height="22" fill="${TERRAIN_COLOURS[t]}" stroke="#b9b39a"/>${pat}`), t);
  }
  const features = new Set(s.kind === 'battle' ? s.map.hexsides.flatMap((x) => x.features) : s.stacks.flatMap((x) => x.across.split(' and ')));
  if (features.has('stream')) add(swatch('<line x1="2" y1="11" x2="32" y2="11" stroke="#3b8fd9" stroke-width="4.5" stroke-linecap="round"/>'), 'stream (hexside)');
  if (features.has('river')) add(swatch('<line x1="2" y1="11" x2="32" y2="11" stroke="#2a6fb8" stroke-width="8"/>'), 'river (hexside)');
  if (features.has('bridge'))
    add(swatch('<line x1="2" y1="11" x2="32" y2="11" stroke="#3b8fd9" stroke-width="4.5"/><line x1="17" y1="3" x2="17" y2="19" stroke="#8a6440" stroke-width="9"/><line x1="17" y1="3" x2="17" y2="19" stroke="#d8c09a" stroke-width="4"/>'), 'bridge');
  if (features.has('crest'))
    add(swatch('<line x1="2" y1="11" x2="32" y2="11" stroke="#8a6440" stroke-width="2"/><line x1="2" y1="11" x2="32" y2="11" stroke="#8a6440" stroke-width="8" stroke-dasharray="1.5 4"/>'), 'crest (hexside)');
  if (features.has('fortified')) add(swatch('<line x1="2" y1="11" x2="32" y2="11" stroke="#4a4a4a" stroke-width="6" stroke-dasharray="5 3"/>'), 'fortified hexside');
  if (s.kind === 'battle') {
    const kinds = new Set(s.map.roads.map((r) => r.kind));
    if (kinds.has('road')) add(swatch('<path d="M2,11H32" stroke="#8a6440" stroke-width="5"/><path d="M2,11H32" stroke="#efe1c4" stroke-width="1.6"/>'), 'road');
    if (kinds.has('trail')) add(swatch('<path d="M2,11H32" stroke="#8a6440" stroke-width="2.2" stroke-dasharray="5 4"/>'), 'trail');
    if (s.objectives.length) {
      add(swatch(`<circle cx="17" cy="11" r="9" fill="none" stroke="${SIDE_COLOURS[0]}" stroke-width="3"/><circle cx="27" cy="5" r="4.5" fill="#f4c430"/>`), 'objective: ring in the holder\'s colour, star with its VP');
    }
  }
  for (const side of [0, 1]) add(swatch(`<rect x="2" y="3" width="30" height="16" rx="2" fill="${SIDE_COLOURS[side]}"/>`), `${s.sides[side].name} counter: type, name, strength`);
  add(swatch(`<rect x="2" y="3" width="30" height="16" rx="2" fill="${SIDE_COLOURS[0]}"/><rect x="18" y="5.5" width="12" height="11" rx="1.5" fill="#fff"/><text x="24" y="15" font-size="10" font-weight="700" text-anchor="middle" fill="${SIDE_COLOURS[0]}">3</text>`), 'strength on white: reduced side (a step lost)');
  add(swatch(`<rect x="2" y="3" width="30" height="16" rx="2" fill="${SIDE_COLOURS[0]}" stroke="#c1121f" stroke-width="2"/><circle cx="30" cy="6" r="5.5" fill="#c1121f"/><text x="30" y="9" font-size="8" fill="#fff" text-anchor="middle" font-weight="700">D</text>`), 'disrupted');
  add(swatch('<rect x="6" y="6" width="16" height="11" fill="#555"/><path d="M6,6L22,17M22,6L6,17" stroke="#fff"/>'), 'infantry');
  add(swatch('<rect x="6" y="6" width="16" height="11" fill="#555"/><path d="M6,17L22,6" stroke="#fff"/>'), 'cavalry');
  add(swatch('<rect x="6" y="6" width="16" height="11" fill="#555"/><circle cx="14" cy="11.5" r="2.5" fill="#fff"/>'), 'artillery');
  const arrow = (colour: string, dash = '') =>
    swatch(`<path d="M3,11H25" stroke="${colour}" stroke-width="3.5"${dash}/><path d="M24,5L32,11L24,17z" fill="${colour}"/>`);
  add(arrow(SIDE_COLOURS[0]), 'move (along its path)');
  add(arrow(ARROW_COLOURS.assault), 'assault');
  add(arrow(ARROW_COLOURS.retreat, ' stroke-dasharray="5 3"'), 'retreat');
  add(arrow(ARROW_COLOURS.advance), 'advance after combat');
  if (s.kind === 'battle') {
    add(arrow(ARROW_COLOURS.bombard, ' stroke-dasharray="2 3"'), 'bombardment');
    add(arrow(ARROW_COLOURS.stacking), 'out of an overstacked hex');
    if (s.units.some((u) => u.kind === 'cavalry')) {
      add(arrow(ARROW_COLOURS.charge), 'cavalry charge');
      add(arrow(ARROW_COLOURS.pursuit, ' stroke-dasharray="5 3"'), 'pursuit');
    }
  }
  add(swatch('<rect x="2" y="5" width="30" height="12" rx="2" fill="#fff" stroke="#c1121f"/><text x="17" y="14.5" font-size="9" fill="#c1121f" text-anchor="middle">✕</text>'), 'unit lost in this step');
  return `<ul class="legend">${items.join('')}</ul>`;
}

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#222;background:#fbfaf6}
header{padding:10px 16px 6px;border-bottom:1px solid #ddd;background:#fff}
h1{font-size:19px;margin:0 0 2px}
.meta{color:#555;font-size:12.5px;margin:0}
.result{font-weight:600;margin:4px 0 0}
main{display:flex;gap:10px;padding:8px 10px;align-items:flex-start}
#mapbox{flex:1 1 auto;min-width:0;background:#fff;border:1px solid #ddd;border-radius:4px;overflow:auto;max-height:calc(100vh - 110px)}
#map{display:block;width:100%;height:auto;max-height:calc(100vh - 150px)}
#map.zoomed{max-height:none}
#zoom{font:inherit;font-size:12.5px}
aside{flex:0 0 310px;max-width:40%;background:#fff;border:1px solid #ddd;border-radius:4px;padding:8px 10px;display:flex;flex-direction:column;max-height:calc(100vh - 110px)}
#nav{display:flex;gap:6px;align-items:center;flex-wrap:wrap}
#nav button{font:inherit;padding:3px 7px;border:1px solid #999;border-radius:3px;background:#f4f4f4;cursor:pointer}
#nav button:disabled{opacity:.4;cursor:default}
#slider{flex:1 1 60px;min-width:60px}
#nav .row2{flex:1 0 100%;display:flex;justify-content:space-between;align-items:center}
#pos{font-variant-numeric:tabular-nums;color:#555;font-size:12.5px}
#title{font-size:16px;margin:8px 0 6px}
#lines{list-style:none;margin:0;padding:0;overflow:auto;font-size:12.5px;flex:1 1 auto}
#lines li{padding:1px 0 1px var(--indent,0);border-bottom:1px dotted #eee}
#lines li.h{font-weight:600;border-bottom:none;margin-top:4px}
#lines li.empty{color:#888;font-style:italic}
.keys{color:#777;font-size:11.5px;margin:6px 0 0}
#nav .keys{margin:0}
.coord{font-size:8.5px;fill:#00000080;text-anchor:middle;pointer-events:none}
.place{font-size:13px;fill:#333;text-anchor:middle;font-weight:600}
.place.sub{font-weight:400;fill:#555}
.caption{margin:6px 10px 0;color:#666;font-size:12.5px;font-style:italic}
.lbl{fill:#fff;font-weight:600;font-family:"Arial Narrow",Arial,sans-serif}
.str{font-weight:800;font-family:Arial,sans-serif}
.dis{fill:#fff;font-weight:800;font-family:Arial,sans-serif}
.vp{font-size:8.5px;font-weight:800;fill:#222;font-family:Arial,sans-serif}
.lost{fill:#c1121f;font-weight:700;font-family:"Arial Narrow",Arial,sans-serif}
.arrow{fill:none;stroke-linecap:round;stroke-linejoin:round}
.arrow.move{stroke-width:3;opacity:.75}
.arrow.assault{stroke-width:5.5;opacity:.9}
.arrow.retreat{stroke-width:4;stroke-dasharray:7 4;opacity:.95}
.arrow.advance{stroke-width:4;opacity:.95}
.arrow.stacking{stroke-width:3;opacity:.9}
.arrow.bombard{stroke-width:3;stroke-dasharray:2 4;opacity:.95}
.arrow.charge{stroke-width:5;opacity:.9}
.arrow.pursuit{stroke-width:4;stroke-dasharray:7 4;opacity:.9}
section.below{padding:0 12px 16px}
.legend{list-style:none;display:flex;flex-wrap:wrap;gap:4px 18px;padding:8px 10px;margin:0;background:#fff;border:1px solid #ddd;border-radius:4px;font-size:12.5px}
.legend li{display:flex;align-items:center;gap:6px}
details{margin-top:10px}
pre{background:#fff;border:1px solid #ddd;padding:8px;overflow:auto;font-size:12px}
`;

const SCRIPT = `
(function () {
  var steps = JSON.parse(document.getElementById('trace-steps').textContent);
  var overlay = document.getElementById('overlay');
  var title = document.getElementById('title');
  var list = document.getElementById('lines');
  var slider = document.getElementById('slider');
  var pos = document.getElementById('pos');
  var prev = document.getElementById('prev');
  var next = document.getElementById('next');
  var cur = -1;
  var map = document.getElementById('map');
  var zoom = document.getElementById('zoom');
  zoom.addEventListener('change', function () {
    var z = Number(zoom.value);
    if (!z) { map.style.width = ''; map.classList.remove('zoomed'); return; }
    map.style.width = Math.round(map.viewBox.baseVal.width * z) + 'px';
    map.classList.add('zoomed');
  });
  slider.max = String(steps.length - 1);
  function show(i) {
    i = Math.max(0, Math.min(steps.length - 1, i | 0));
    if (i === cur) return;
    cur = i;
    var st = steps[i];
    overlay.innerHTML = st.svg;
    title.textContent = st.title;
    list.textContent = '';
    var min = Infinity;
    st.lines.forEach(function (l) { if (l.depth < min) min = l.depth; });
    var body = 0;
    st.lines.forEach(function (l) {
      var li = document.createElement('li');
      li.textContent = l.text;
      li.style.setProperty('--indent', ((l.depth - min) * 1.1) + 'em');
      if (l.kind !== 'event') li.className = 'h';
      else body++;
      list.appendChild(li);
    });
    if (body === 0 && st.phase !== null) {
      var li = document.createElement('li');
      li.className = 'empty';
      li.textContent = 'nothing happens in this step';
      list.appendChild(li);
    }
    slider.value = String(i);
    pos.textContent = 'step ' + i + ' of ' + (steps.length - 1);
    prev.disabled = i === 0;
    next.disabled = i === steps.length - 1;
    if (location.hash !== '#step=' + i) history.replaceState(null, '', '#step=' + i);
  }
  function fromHash() {
    var m = /step=(\\d+)/.exec(location.hash);
    return m ? Number(m[1]) : 0;
  }
  prev.addEventListener('click', function () { show(cur - 1); });
  next.addEventListener('click', function () { show(cur + 1); });
  slider.addEventListener('input', function () { show(Number(slider.value)); });
  window.addEventListener('hashchange', function () { show(fromHash()); });
  document.addEventListener('keydown', function (e) {
    if (e.target === slider || e.target === zoom || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'ArrowLeft') { show(cur - 1); e.preventDefault(); }
    else if (e.key === 'ArrowRight') { show(cur + 1); e.preventDefault(); }
  });
  show(fromHash());
})();
`;

/** The page. `final` adds the victory points the events do not carry. */
export function traceHtml(events: readonly VolleyEvent[], subject: TraceSubject, prov: TraceProvenance, final: TraceFinal = {}): string {
  const n = narrate(events, subject, final);
  const steps = pageSteps(n.steps, subject);
  const layout = layoutOf(subject);
  const title = subject.title ?? subject.name;
  const end = n.end;
  const result = end
    ? `${end.winner === null ? 'Draw' : `Winner: ${subject.sides[end.winner].name}`} (${reasonText(end.reason)}) after ${subject.kind === 'battle' ? 'turn' : 'round'} ${end.turn}` +
      (subject.kind === 'battle' && final.victoryPoints ? `; VP ${subject.sides[0].name} ${final.victoryPoints[0]}, ${subject.sides[1].name} ${final.victoryPoints[1]}` : '')
    : 'The events have no end.';
  const meta = `${prov.file}, cell ${prov.cell} (${prov.label}), engagement ${prov.engagement}, seed ${prov.seed}, volley ${prov.version}`;
  const w = Math.round(layout.width), h = Math.round(layout.height);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(`Trace: ${title}, engagement ${prov.engagement}`)}</title>
<style>${CSS}</style>
</head>
<body>
<header>
<h1>${esc(title)}</h1>
<p class="meta">${esc(meta)}</p>
<p class="result">${esc(result)}</p>
</header>
<main>
<div id="mapbox"><p class="caption">${esc(
    subject.kind === 'battle'
      ? 'Hexes are labelled col,row as in the scenario file. Point at a hex, a counter or an objective for details.'
      : `In the middle the defender's hex (${subject.defenderTerrain}); around it the attacking stacks, each on the hexside it attacks through. Point at a counter for details.`,
  )}</p><svg id="map" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" role="img" aria-label="${esc(subject.kind === 'battle' ? 'the battle map' : "the defender's hex and the attacking stacks")}">${defs()}${background(subject, layout)}<g id="overlay"></g></svg></div>
<aside>
<div id="nav"><button id="prev" type="button">&#9664; Previous</button><input id="slider" type="range" min="0" max="${steps.length - 1}" value="0" aria-label="step"><button id="next" type="button">Next &#9654;</button><div class="row2"><span id="pos"></span><label class="keys">map <select id="zoom"><option value="fit">fits the window</option><option value="1.5">large</option><option value="2.2">larger</option></select></label></div></div>
<h2 id="title"></h2>
<ul id="lines"></ul>
<p class="keys">Left and right arrow keys step through; the address ends in #step=N.</p>
</aside>
</main>
<section class="below">
${legend(subject)}
<details><summary>The whole story</summary><pre>${esc(formatLines(n.lines))}</pre></details>
</section>
<script type="application/json" id="trace-steps">${inlineJson(steps)}</script>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
