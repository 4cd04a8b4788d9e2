/**
 * trace.html: one self-contained page (no network) that shows an engagement step by step: the
 * picture of each step (the rule system draws it: src/core/ruleset.ts, TraceSupport), the story lines
 * of the step beside it, Previous/Next, a slider, the arrow keys and a `#step=N` address. The steps are
 * embedded as JSON. Nothing here knows a rule system.
 */
import type { EngagementResult } from '../../core/result.js';
import type { BaseEvent } from '../../core/events.js';
import type { TraceFrame, TraceLine, TracePicture, TraceSupport } from '../../core/ruleset.js';
import { escapeHtml as esc } from '../../results/html.js';
import { foldQuiet } from './fold.js';
import { formatLines } from './story.js';

/** Which run the engagement comes from, for the page's header and the first line of events.ndjson. */
export interface TraceProvenance {
  file: string;
  cell: number;
  label: string;
  engagement: number;
  seed: string;
  version: string;
}

/** JSON inside <script type="application/json">: "<" only occurs in strings, where \u003c means the same. */
function inlineJson(v: unknown): string {
  return JSON.stringify(v).replace(/</g, '\\u003c');
}

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#222;background:#fbfaf6}
header{padding:10px 16px 6px;border-bottom:1px solid #ddd;background:#fff}
h1{font-size:19px;margin:0 0 2px}
.meta{color:#555;font-size:12.5px;margin:0}
.result{font-weight:600;margin:4px 0 0}
main{display:flex;gap:10px;padding:8px 10px;align-items:flex-start}
#mapbox{flex:1 1 auto;min-width:0;background:#fff;border:1px solid #ddd;border-radius:4px;display:flex;flex-direction:column;max-height:calc(100vh - 110px)}
#mapscroll{position:relative;overflow:auto;min-height:0}
#map{display:block;width:100%;height:auto;max-height:calc(100vh - 150px)}
#map.zoomed{max-height:none}
#zoom{font:inherit;font-size:12.5px}
aside{flex:0 0 310px;max-width:40%;background:#fff;border:1px solid #ddd;border-radius:4px;padding:8px 10px;display:flex;flex-direction:column;max-height:calc(100vh - 110px)}
#nav{display:flex;gap:6px;align-items:center;flex-wrap:wrap}
#nav button{font:inherit;padding:3px 7px;border:1px solid #999;border-radius:3px;background:#f4f4f4;cursor:pointer}
#nav button:disabled{opacity:.4;cursor:default}
#slider{flex:1 1 60px;min-width:60px}
#nav .row2{flex:1 0 100%;display:flex;justify-content:space-between;align-items:center;gap:6px}
#zoom{max-width:12rem}
#pos{font-variant-numeric:tabular-nums;color:#555;font-size:12.5px}
#title{font-size:16px;margin:8px 0 6px}
#lines{list-style:none;margin:0;padding:0;overflow:auto;font-size:12.5px;flex:1 1 auto}
#lines li{padding:1px 0 1px var(--indent,0);border-bottom:1px dotted #eee}
#lines li.h{font-weight:600;border-bottom:none;margin-top:4px}
#lines li.empty{color:#888;font-style:italic}
.keys{color:#777;font-size:11.5px;margin:6px 0 0}
#nav .keys{margin:0}
.caption{margin:6px 10px 0;color:#666;font-size:12.5px;font-style:italic}
section.below{padding:0 12px 16px}
.legend{list-style:none;display:flex;flex-wrap:wrap;gap:4px 18px;padding:8px 10px;margin:0;background:#fff;border:1px solid #ddd;border-radius:4px;font-size:12.5px}
.legend li{display:flex;align-items:center;gap:6px}
details{margin-top:10px}
pre{background:#fff;border:1px solid #ddd;padding:8px;overflow:auto;font-size:12px;white-space:pre-wrap}
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
  // Where anything ever stands or moves: what the map shows first when it is drawn larger than the window.
  var W = map.viewBox.baseVal.width;
  var box = null;
  steps.forEach(function (st) {
    overlay.innerHTML = st.svg;
    var b = overlay.getBBox();
    if (!b.width && !b.height) return;
    box = box ? { x0: Math.min(box.x0, b.x), y0: Math.min(box.y0, b.y), x1: Math.max(box.x1, b.x + b.width), y1: Math.max(box.y1, b.y + b.height) } : { x0: b.x, y0: b.y, x1: b.x + b.width, y1: b.y + b.height };
  });
  var box0 = box;
  function setZoom() {
    var z = zoom.value;
    if (z === 'fit') { map.style.width = ''; map.classList.remove('zoomed'); return; }
    map.style.width = Math.round(map.viewBox.baseVal.width * Number(z)) + 'px';
    map.classList.add('zoomed');
    follow(true);
  }
  // Drawn at its own size or larger, the map scrolls inside its box: each step brings its arrows and
  // losses (else its counters) into view, centred, unless they are in view already.
  function follow(always) {
    if (!map.classList.contains('zoomed')) return;
    var marks = overlay.querySelectorAll('.arrow, .lost');
    var b = null;
    var add = function (r) { b = b ? { x0: Math.min(b.x0, r.x), y0: Math.min(b.y0, r.y), x1: Math.max(b.x1, r.x + r.width), y1: Math.max(b.y1, r.y + r.height) } : { x0: r.x, y0: r.y, x1: r.x + r.width, y1: r.y + r.height }; };
    for (var k = 0; k < marks.length; k++) add(marks[k].getBBox());
    if (!b && always) b = box0;
    if (!b) return;
    var v = map.viewBox.baseVal, k2 = map.clientWidth / v.width;
    var left = (b.x0 - v.x) * k2, right = (b.x1 - v.x) * k2, top = (b.y0 - v.y) * k2 + map.offsetTop, bottom = (b.y1 - v.y) * k2 + map.offsetTop;
    var inView = left >= mapbox.scrollLeft && right <= mapbox.scrollLeft + mapbox.clientWidth && top >= mapbox.scrollTop && bottom <= mapbox.scrollTop + mapbox.clientHeight;
    if (inView && !always) return;
    mapbox.scrollLeft = (left + right) / 2 - mapbox.clientWidth / 2;
    mapbox.scrollTop = (top + bottom) / 2 - mapbox.clientHeight / 2;
  }
  var mapbox = document.getElementById('mapscroll');
  // Fitted to the window unless that draws it at under 0.85 of its size (the map's text under 10 px).
  if (!box || mapbox.clientWidth >= 0.85 * W) zoom.value = 'fit';
  zoom.addEventListener('change', setZoom);
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
    follow(false);
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
  setZoom();
})();
`;

/** What the page shows. */
export interface TracePage {
  title: string;
  /** The outcome in one line. */
  outcome: string;
  picture: TracePicture;
  frames: readonly TraceFrame[];
  story: readonly TraceLine[];
  provenance: TraceProvenance;
}

export function traceHtml(p: TracePage): string {
  const prov = p.provenance;
  const pic = p.picture;
  const meta = `${prov.file}, cell ${prov.cell} (${prov.label}), engagement ${prov.engagement}, seed ${prov.seed}, volley ${prov.version}`;
  const legend = `<ul class="legend">${pic.legend.map((x) => `<li>${x.svg}<span>${esc(x.text)}</span></li>`).join('')}</ul>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(`Trace: ${p.title}, engagement ${prov.engagement}`)}</title>
<style>${CSS}${pic.css}</style>
</head>
<body>
<header>
<h1>${esc(p.title)}</h1>
<p class="meta">${esc(meta)}</p>
<p class="result">${esc(p.outcome)}</p>
</header>
<main>
<div id="mapbox"><p class="caption">${esc(pic.caption)}</p><div id="mapscroll"><svg id="map" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${pic.width} ${pic.height}" role="img" aria-label="${esc(pic.label)}">${pic.defs}${pic.background}<g id="overlay"></g></svg></div></div>
<aside>
<div id="nav"><button id="prev" type="button">&#9664; Previous</button><input id="slider" type="range" min="0" max="${p.frames.length - 1}" value="0" aria-label="step"><button id="next" type="button">Next &#9654;</button><div class="row2"><span id="pos"></span><label class="keys">map <select id="zoom"><option value="1" selected>actual size, follows the action</option><option value="fit">fits the window</option><option value="1.5">large</option><option value="2.2">larger</option></select></label></div></div>
<h2 id="title"></h2>
<ul id="lines"></ul>
<p class="keys">Left and right arrow keys step through; the address ends in #step=N.</p>
</aside>
</main>
<section class="below">
${legend}
<details><summary>The whole story</summary><pre>${esc(formatLines(p.story))}</pre></details>
</section>
<script type="application/json" id="trace-steps">${inlineJson(p.frames)}</script>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

/** A replayed engagement (src/sim/studies/trace.ts), as the page needs it. */
export interface TracedEngagement {
  title: string;
  trace: TraceSupport<unknown, unknown, BaseEvent>;
  subject: unknown;
  events: readonly BaseEvent[];
  result: EngagementResult;
  provenance: TraceProvenance;
}

/** The page of a replayed engagement: the rule system's pictures and story. */
export function tracePage(r: TracedEngagement): string {
  return traceHtml({
    title: r.title,
    outcome: r.trace.outcome(r.result, r.subject),
    picture: r.trace.picture(r.subject),
    frames: foldQuiet(r.trace.frames(r.events, r.subject, r.result)),
    story: r.trace.story(r.events, r.subject, r.result),
    provenance: r.provenance,
  });
}
