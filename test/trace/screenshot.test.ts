/**
 * trace.html in a real browser: headless Chromium runs the page's script, shows the step the address
 * asks for (#step=N), and draws a map that is not blank. Skipped where no Chromium is installed, a
 * failure in CI (CI set): see test/browser/chromium.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { replayEngagement } from '../../src/sim/studies/trace.js';
import { tracePage } from '../../src/report/trace/html.js';
import { embeddedSteps, readPng } from './page.js';
import { chromiumForTests } from '../browser/chromium.js';

const chromium = chromiumForTests();

function browse(url: string, extra: string[]): { stdout: string; status: number | null } {
  const profile = mkdtempSync(join(tmpdir(), 'volley-chromium-'));
  try {
    const r = spawnSync(
      chromium!,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--user-data-dir=${profile}`,
        '--window-size=1400,1000',
        '--virtual-time-budget=3000',
        ...extra,
        url,
      ],
      { encoding: 'utf8', timeout: 90_000, maxBuffer: 64 * 1024 * 1024 },
    );
    return { stdout: r.stdout, status: r.status };
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

describe('trace.html in Chromium', () => {
  const dir = mkdtempSync(join(tmpdir(), 'volley-trace-page-'));
  const r = replayEngagement({ file: 'sims/village-assault.scenario.yaml', engagement: 7 });
  const html = tracePage(r);
  const page = join(dir, 'trace.html');
  writeFileSync(page, html);
  const steps = embeddedSteps(html);
  const step = steps.findIndex((s) => s.phase === 'combat' && s.lines.some((l) => l.text.startsWith('Assault on')));

  it.skipIf(!chromium)('takes a screenshot of a combat step that is neither blank nor trivial', () => {
    const png = join(dir, 'step.png');
    browse(`${pathToFileURL(page).href}#step=${step}`, [`--screenshot=${png}`]);
    expect(existsSync(png), 'Chromium wrote no screenshot').toBe(true);
    expect(statSync(png).size).toBeGreaterThan(30_000);
    const img = readPng(readFileSync(png));
    expect([img.width, img.height]).toEqual([1400, 1000]);
    // Count colours over a grid of samples and the share of pixels far from the page background.
    const colours = new Set<number>();
    let inked = 0, n = 0;
    for (let y = 0; y < img.height; y += 4) {
      for (let x = 0; x < img.width; x += 4) {
        const i = (y * img.width + x) * 4;
        const [r0, g0, b0] = [img.rgba[i], img.rgba[i + 1], img.rgba[i + 2]];
        colours.add((r0 >> 3) * 1024 + (g0 >> 3) * 32 + (b0 >> 3));
        if (Math.abs(r0 - 251) + Math.abs(g0 - 250) + Math.abs(b0 - 246) > 40) inked++;
        n++;
      }
    }
    expect(colours.size).toBeGreaterThan(50);
    expect(inked / n).toBeGreaterThan(0.3);
  });

  it.skipIf(!chromium)('runs the page script: #step=N shows that step, its title, lines and counters', () => {
    const dom = browse(`${pathToFileURL(page).href}#step=${step}`, ['--dump-dom']).stdout;
    const title = /<h2 id="title">([^<]*)<\/h2>/.exec(dom)?.[1];
    expect(title).toBe(steps[step].title);
    expect(dom).toContain(`step ${step} of ${steps.length - 1}`);
    const items = dom.match(/<li[ >]/g) ?? [];
    expect(items.length).toBeGreaterThanOrEqual(steps[step].lines.length);
    const overlay = /<g id="overlay">([\s\S]*?)<\/g><\/svg>/.exec(dom)?.[1] ?? '';
    expect(overlay).toContain('class="arrow assault"');
    expect(overlay.match(/<rect /g)?.length ?? 0).toBeGreaterThan(10);
  });
});
