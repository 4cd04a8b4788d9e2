/**
 * Headless Chromium for the browser tests, driven over its DevTools pipe (--remote-debugging-pipe:
 * JSON messages ended by a NUL byte on file descriptors 3 and 4), so one launch serves every page: set
 * the window's size, open a page, wait until its charts are drawn, measure it, take a screenshot.
 * No dependency beyond Node; Chromium comes from the system (.ci/run installs Debian's package).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { Image } from '../trace/page.js';

/** The Chromium binary: $CHROMIUM_PATH or $CHROME_PATH, else the first of the usual names on the PATH. */
export function findChromium(): string | null {
  const fromEnv = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  for (const name of ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']) {
    const r = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
    if (r.status === 0 && r.stdout.trim()) return r.stdout.trim();
  }
  return null;
}

/**
 * Whether the browser tests run: in CI (CI set and not "false") a missing Chromium is a failure, not a
 * skip, so the tests cannot go quietly unrun where the pages are checked; elsewhere they skip with a word.
 */
export function chromiumForTests(): string | null {
  const found = findChromium();
  const ci = !!process.env.CI && process.env.CI !== 'false' && process.env.CI !== '0';
  if (!found && ci) throw new Error('CI is set but no Chromium was found (install Debian\'s chromium, or set CHROMIUM_PATH): the browser tests must run in CI');
  if (!found) console.warn('browser tests skipped: no Chromium on this machine (apt-get install chromium, or set CHROMIUM_PATH)');
  return found;
}

/** How wide a page is against its window, and the elements that stick out of it. */
export interface Fit {
  scrollWidth: number;
  clientWidth: number;
  /** Elements whose box ends right of the window, or that scroll sideways inside themselves. */
  wide: string[];
}

/** Runs in the page: waits for every [data-spec] chart to be drawn (or 5 s), then measures. */
const MEASURE = `(async () => {
  const charts = [...document.querySelectorAll('[data-spec]')];
  for (let t = 0; t < 100 && charts.some((c) => !c.querySelector('svg, canvas') && !/could not/.test(c.textContent)); t++) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const root = document.documentElement;
  const name = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (typeof e.className === 'string' && e.className ? '.' + e.className.trim().split(/\\s+/).join('.') : '');
  const path = (e) => { const p = []; for (let x = e; x && x !== document.body && p.length < 4; x = x.parentElement) p.unshift(name(x)); return p.join(' > '); };
  const wide = [];
  for (const e of document.body.querySelectorAll('*')) {
    const r = e.getBoundingClientRect();
    const scrolls = e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible' && e.clientWidth > 0;
    if (wide.some((w) => w.e.contains(e))) continue;
    if (r.width > 0 && (r.right > root.clientWidth + 1 || scrolls)) wide.push({ e, text: path(e) + ' (' + Math.round(r.left) + '-' + Math.round(r.right) + (scrolls ? ', scrolls ' + e.scrollWidth + ' in ' + e.clientWidth : '') + ')' });
  }
  return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, wide: wide.slice(0, 20).map((w) => w.text) };
})()`;

export class Browser {
  private next = 1;
  private waiting = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void }>();
  private listeners: ((m: any) => void)[] = [];
  private buffer = '';

  private constructor(
    private proc: ChildProcess,
    private profile: string,
  ) {
    const out = proc.stdio[4] as Readable;
    out.setEncoding('utf8');
    out.on('data', (chunk: string) => {
      this.buffer += chunk;
      let end: number;
      while ((end = this.buffer.indexOf('\0')) >= 0) {
        const m = JSON.parse(this.buffer.slice(0, end));
        this.buffer = this.buffer.slice(end + 1);
        const w = m.id !== undefined ? this.waiting.get(m.id) : undefined;
        if (w) {
          this.waiting.delete(m.id);
          if (m.error) w.reject(new Error(`${m.error.message} (${m.error.code})`));
          else w.resolve(m.result);
        } else for (const l of this.listeners) l(m);
      }
    });
    proc.on('exit', () => {
      for (const w of this.waiting.values()) w.reject(new Error('Chromium exited'));
      this.waiting.clear();
    });
  }

  static async launch(binary: string): Promise<Browser> {
    const profile = mkdtempSync(join(tmpdir(), 'volley-chromium-'));
    const args = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--hide-scrollbars=false', `--user-data-dir=${profile}`, '--remote-debugging-pipe', 'about:blank'];
    const proc = spawn(binary, args, { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] });
    const b = new Browser(proc, profile);
    await b.send('Browser.getVersion');
    return b;
  }

  send(method: string, params: object = {}, sessionId?: string): Promise<any> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      (this.proc.stdio[3] as Writable).write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  }

  private event(method: string, sessionId: string): Promise<void> {
    return new Promise((resolve) => {
      const l = (m: any) => {
        if (m.method === method && m.sessionId === sessionId) {
          this.listeners = this.listeners.filter((x) => x !== l);
          resolve();
        }
      };
      this.listeners.push(l);
    });
  }

  /** Open `url` in a new tab of `width` × `height` CSS pixels; resolves when the page has loaded. */
  async open(url: string, width: number, height: number): Promise<Page> {
    const { targetId } = await this.send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await this.send('Target.attachToTarget', { targetId, flatten: true });
    await this.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false }, sessionId);
    await this.send('Page.enable', {}, sessionId);
    const loaded = this.event('Page.loadEventFired', sessionId);
    await this.send('Page.navigate', { url }, sessionId);
    await loaded;
    return new Page(this, sessionId, targetId);
  }

  async close(): Promise<void> {
    const exited = new Promise((r) => this.proc.once('exit', r));
    await this.send('Browser.close').catch(() => {});
    await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
    if (this.proc.exitCode === null) this.proc.kill();
    rmSync(this.profile, { recursive: true, force: true });
  }
}

export class Page {
  constructor(
    private b: Browser,
    private sessionId: string,
    private targetId: string,
  ) {}

  /** Evaluate an expression (awaiting a promise), returning its value. */
  async evaluate<T>(expression: string): Promise<T> {
    const r = await this.b.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }, this.sessionId);
    if (r.exceptionDetails) throw new Error(`in the page: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
    return r.result.value as T;
  }

  /** Wait for the charts, then measure the page's width against the window's. */
  fit(): Promise<Fit> {
    return this.evaluate<Fit>(MEASURE);
  }

  /** A PNG of the window. */
  async screenshot(): Promise<Buffer> {
    const r = await this.b.send('Page.captureScreenshot', { format: 'png' }, this.sessionId);
    return Buffer.from(r.data, 'base64');
  }

  close(): Promise<void> {
    return this.b.send('Target.closeTarget', { targetId: this.targetId });
  }
}

/** What the browser tests learn of a page at a window's size. */
export interface Visit extends Fit {
  /** A PNG of the window, when asked for. */
  shot?: Buffer;
  /** Values of the expressions asked for, by name. */
  values: Record<string, unknown>;
}

/**
 * Open each page in turn in one browser at `width` × `height`, wait for its charts, measure it, and
 * take a screenshot or evaluate expressions where asked.
 */
export async function visitPages(
  binary: string,
  pages: readonly { url: string; shot?: boolean; evaluate?: Record<string, string> }[],
  width: number,
  height: number,
): Promise<Visit[]> {
  const browser = await Browser.launch(binary);
  try {
    const out: Visit[] = [];
    for (const p of pages) {
      const tab = await browser.open(p.url, width, height);
      const v: Visit = { ...(await tab.fit()), values: {} };
      if (p.shot) v.shot = await tab.screenshot();
      for (const [k, e] of Object.entries(p.evaluate ?? {})) v.values[k] = await tab.evaluate(e);
      out.push(v);
      await tab.close();
    }
    return out;
  } finally {
    await browser.close();
  }
}

/** Share of sampled pixels away from white, and how many colours (in 32 levels a channel): a drawn page has both. */
export function ink(png: Image): { inked: number; colours: number } {
  const colours = new Set<number>();
  let inked = 0, n = 0;
  for (let y = 0; y < png.height; y += 4) {
    for (let x = 0; x < png.width; x += 4) {
      const i = (y * png.width + x) * 4;
      const [r, g, b] = [png.rgba[i], png.rgba[i + 1], png.rgba[i + 2]];
      colours.add((r >> 3) * 1024 + (g >> 3) * 32 + (b >> 3));
      if (765 - r - g - b > 60) inked++;
      n++;
    }
  }
  return { inked: inked / n, colours: colours.size };
}
