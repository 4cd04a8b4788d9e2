/**
 * The dice of the rules beside the project's d6: sums of d6 (charge, flight and pursuit moves, p12,
 * p15, p16), a d3 (near-miss distance at short range, p21) and the d10 of fording (p32), each from one
 * uniform draw, with their exact distributions for the odds.
 */
import { d6, type Uniform } from '../../core/dice.js';

/** Sum of n d6 (n may be 0). */
export function sumD6(u: Uniform, n: number): number {
  let s = 0;
  for (let i = 0; i < n; i++) s += d6(u);
  return s;
}

/** A d3 from one draw: 1 + floor(3u), the same law as ceil(d6 / 2). */
export function d3(u: Uniform): number {
  return 1 + Math.floor(u() * 3);
}

/** A d10 from one draw: 1 + floor(10u) (p32 fording). */
export function d10(u: Uniform): number {
  return 1 + Math.floor(u() * 10);
}

/** P(sum of n d6 = s), index s (0..6n), by convolution. */
export function sumD6Distribution(n: number): number[] {
  let dist = [1];
  for (let k = 0; k < n; k++) {
    const next = new Array(dist.length + 6).fill(0);
    for (let s = 0; s < dist.length; s++) {
      if (dist[s] === 0) continue;
      for (let f = 1; f <= 6; f++) next[s + f] += dist[s] / 6;
    }
    dist = next;
  }
  return dist;
}

/** P(X >= t) for X the sum of n d6. */
export function sumD6AtLeast(n: number, t: number): number {
  const dist = sumD6Distribution(n);
  let p = 0;
  for (let s = Math.max(0, Math.ceil(t)); s < dist.length; s++) p += dist[s];
  return p;
}

/** P(one die shows `need` or more), for a d6: need <= 1 always, need > 6 never. */
export function faceAtLeast(need: number): number {
  return need <= 1 ? 1 : need > 6 ? 0 : (7 - need) / 6;
}

/** Binomial distribution: P(k successes of n), index k. */
export function binomial(n: number, p: number): number[] {
  const out = new Array(n + 1).fill(0);
  if (n === 0) {
    out[0] = 1;
    return out;
  }
  if (p <= 0) {
    out[0] = 1;
    return out;
  }
  if (p >= 1) {
    out[n] = 1;
    return out;
  }
  // One trial at a time: no underflow of (1 - p)^n for long rows of dice.
  out[0] = 1;
  for (let t = 1; t <= n; t++) {
    for (let k = t; k >= 1; k--) out[k] = out[k] * (1 - p) + out[k - 1] * p;
    out[0] *= 1 - p;
  }
  return out;
}

/** The distribution of the sum of two independent variables, each given by index. */
export function convolve(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i++) {
    if (a[i] === 0) continue;
    for (let j = 0; j < b.length; j++) out[i + j] += a[i] * b[j];
  }
  return out;
}
