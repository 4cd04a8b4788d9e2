/** Plain-words definitions of every metric the report shows; a rule system adds its own (vocabulary.glossary). */
import type { GlossaryEntrySpec } from '../core/vocabulary.js';

export interface GlossaryEntry {
  term: string;
  definition: string;
  /** Only battles on the map have it: left out of the glossary of an assault report. */
  battle?: boolean;
  /** Only runs that compare variants have it. */
  variants?: boolean;
  /** Only runs stopped at a target precision have it. */
  precision?: boolean;
}

export const GLOSSARY: readonly GlossaryEntry[] = [
  {
    term: 'Engagement',
    definition: 'One simulated fight from the scenario, played to its end with its own dice. Every number in this report is counted over many engagements.',
  },
  {
    term: 'Cell',
    definition:
      'One combination of the values the experiment varies (for example one morale value for the defender). Each cell plays the same number of engagements, unless the run stops at a target precision: then each cell stops on its own.',
  },
  {
    term: 'Target precision',
    precision: true,
    definition:
      'The run was asked for a precision (npm run volley -- run FILE --precision H) instead of a number of engagements: each cell plays batch after batch until the 95% Wilson interval of every primary share has a half-width of at most H (0.01 is ±1 percentage point), or until the maximum number of engagements per cell. The half-width is half the distance between the interval’s ends.',
  },
  {
    term: 'Primary shares',
    precision: true,
    definition:
      'The shares a target precision is held to: each side’s win share and the draw share; each side’s retreat rate (engagements in which a unit of the side retreated); in battles, each army’s demoralized share; and each side’s morale-check failure rate (over the checks it took, counted as if each check were an independent trial, so its interval may be a little narrow). Means (strength lost, turns) and the finer shares (by unit, formation, morale value or turn) are not watched; the finer shares, over fewer trials, have wider intervals.',
  },
  {
    term: 'Sequential stopping',
    precision: true,
    definition:
      'A cell plays two batches (at least 200 engagements) before it is first looked at; then, while its widest primary half-width is above the target, it plays on, in whole batches, to the number of engagements at which that share would reach the target if it stayed where it is, and is looked at again. Stopping when an interval happens to be narrow can make the interval miss the true share more often than 5 times in 100; because the check is on the width, which depends on the estimate only through p(1 − p), and a cell is looked at only two or three times, the loss is small: a test of the whole rule on draws of known probability found the final interval holding the true share in 94.4% to 96.3% of repetitions, and requires at least 93%. The decisions use the merged results only, so the engagements each cell plays are the same for any number of workers and after a resume.',
  },
  {
    term: 'Outcome share',
    definition:
      'The fraction of a cell’s engagements that ended a given way: the attacker won, the defender won, or it was a draw. The three shares add up to 100%.',
  },
  {
    term: 'Draw',
    definition:
      'An engagement neither side won: for example both sides left the field in the same round, or the turn limit came and the scenario gives no winner on time.',
  },
  {
    term: 'Wilson interval',
    definition:
      'The 95% confidence interval used for every share in this report (the Wilson score interval). If the experiment were run again with fresh dice, the interval is built so that 95 times in 100 it would contain the true share. It stays sensible near 0% and 100%, where simpler intervals fail.',
  },
  {
    term: '95% interval of a mean',
    definition:
      'For averages (strength lost, retreats, turns): the mean plus or minus 1.96 standard errors. It says how precisely the average is known, not how much single engagements vary.',
  },
  {
    term: 'Strength lost',
    definition:
      'The strength a side gave up in an engagement, in the rule system’s own units (strength points, figures, stands or hits, as the report’s scale says).',
  },
  {
    term: 'Men lost',
    definition:
      'The strength lost in men, at the rule system’s scale (the men a strength point, figure or stand stands for): every man who left the ranks, killed, wounded, dispersed or captured.',
  },
  {
    term: 'Killed and wounded',
    definition:
      'Of the men lost, those the rule system counts as casualties; a system that tells them from the men of broken units who scatter or are captured reports fewer here than men lost.',
  },
  {
    term: 'Steps lost',
    definition:
      'Losses in the rule system’s own grain: steps of a counter, stands, hits.',
  },
  {
    term: 'Units eliminated',
    definition:
      'Units removed from play: destroyed, dispersed, or routed off the field.',
  },
  {
    term: 'Forced retreat',
    definition:
      'A unit falling back because the rules make it (a failed test, a lost melee, a push-back); counted once per unit and retreat.',
  },
  {
    term: 'Voluntary retreat',
    definition:
      'A unit falling back by its side’s choice; counted once per unit and retreat.',
  },
  {
    term: 'Rout',
    definition:
      'A unit that broke and fled, as its rule system has it; a unit that routs twice counts twice.',
  },
  {
    term: 'Cohesion ladder',
    definition:
      'Every rule system’s states of order mapped onto one ladder: good, disordered, shaken, routed, removed. The report counts the units that reached each rung, or a worse one, during an engagement.',
  },
  {
    term: 'Morale check',
    definition:
      'A test of a unit’s steadiness, for one of the purposes the rule system declares; the failure rate counts only the checks that measure steadiness.',
  },
  {
    term: 'Failure rate by rating',
    definition:
      'Of the checks made against one rating (the rule system’s scale: a morale value, a class, a leadership), the share that failed.',
  },
  {
    term: 'Hours of fighting',
    definition:
      'The turns played, in hours of the rule system’s time scale; losses per hour divide by them.',
  },
  {
    term: 'Common random numbers',
    definition:
      'Every cell replays the same dice: engagement number 17 of one cell uses the same random numbers as engagement 17 of every other cell. Differences between cells then come from the varied factor rather than from luck, so they are measured more precisely than the separate intervals suggest.',
  },
  {
    term: 'Variant',
    variants: true,
    definition:
      'One reading of the rules (rule options, scenario values, a refit) played on the same engagements as the others. One variant is the reference the others are compared with; engagement number 17 of every variant uses the same dice.',
  },
  {
    term: 'Paired difference',
    variants: true,
    definition:
      'The difference between a variant and the reference measured engagement by engagement: for each engagement, its figure under the variant minus under the reference, averaged over the engagements, with a 95% interval from the spread of those differences (mean ± t × standard deviation / √n). Because both variants roll the same dice, the luck they share cancels out, and the interval is much narrower than the two variants’ own intervals suggest.',
  },
  {
    term: 'McNemar exact test',
    variants: true,
    definition:
      'The test of a paired difference in a share (a figure that is 0 or 1 per engagement, such as a win): only the engagements where the two variants differ count, and with no real effect each is as likely to go one way as the other. The p-value is the chance of a split at least as lopsided under that coin toss (a two-sided sign test). For counts (strength lost, turns) the paired t test on the differences is used instead.',
  },
  {
    term: 'Holm correction',
    variants: true,
    definition:
      'Many figures are tested at once, and some would look significant by chance. Holm’s step-down correction multiplies the smallest of the m p-values by m, the next by m − 1, and so on, each never below the one before and never above 1. A figure differs at the 5% level when its adjusted p-value is below 0.05; the chance of any false alarm among the figures of one comparison is then at most 5%. The family is the figures of one variant against the reference in one combination of the other factors.',
  },
  {
    term: 'Variance ratio (pairing saving)',
    variants: true,
    definition:
      'How much playing the variants on the same dice saved: the variance the difference would have with independent dice, Var(a)/n + Var(b)/n, divided by its variance on the same dice, Var(a − b)/n. A ratio of 6 means two independent runs would need six times as many engagements for an interval as narrow. ∞: the difference is the same in every engagement.',
  },
  {
    term: 'Provenance hash',
    definition:
      'A fingerprint (SHA-256) of everything that fixes the numbers: volley version, ruleset, seed, engagement count, batch size, factors, and every cell’s options and scenario. Two runs with the same hash produce the same results.',
  },
  {
    term: 'Formation',
    battle: true,
    definition:
      'A corps, division, brigade or cavalry group of one side: a set of units that take their orders together and break together (in Age of Rifles one of attack, defend, march or reserve orders and one demoralization limit, 14.1; in the other systems their brigade or corps). The report counts losses and breaking per formation.',
  },
];

/** The terms of a `volley tune` page, after the general ones it shares with run reports. */
export const TUNE_GLOSSARY: readonly GlossaryEntry[] = [
  {
    term: 'Tuning',
    definition:
      'Finding the value of one parameter of the scenario (a demoralization limit, a morale rating, a doctrine threshold, a numeric option) at which a chosen metric reaches a target, such as “the corps is demoralized by turn 8 in 30% of engagements”. Each value tried is played on the same engagements.',
  },
  {
    term: 'Metric path',
    definition:
      'The name of the figure being tuned, written like winner[Prussians], side[1].retreatRate, formation[Div-Foy].brokenByTurn[8] or objective[Ligny].heldBy[1]. Every metric is a share of engagements or a mean per engagement. npm run volley -- tune FILE --list-metrics lists those a scenario has.',
  },
  {
    term: 'Estimate curve',
    definition:
      'The metric at each value tried, with its 95% interval. On the same dice the estimate is a step function of the parameter: it changes only at the values where some engagement plays out differently. The curve is drawn through the values tried.',
  },
  {
    term: 'Bisection on common random numbers',
    definition:
      'How a tune searches: it plays a few values spread over the range, finds two neighbours on either side of the target, tries the value halfway between them, keeps the half in which the target is crossed, and repeats until the two are next to each other (whole numbers) or closer than the tolerance (real numbers). Because every value sees the same dice, the estimate does not jump about from luck, and the search converges like one on an ordinary function. Small integer ranges are tried in full instead.',
  },
  {
    term: 'Tuned value',
    definition:
      'Of the two neighbouring values tried between which the estimate crosses the target, the one whose estimate is nearer the target. For a whole-number parameter they are next to each other; for a real-valued one they are at most the tolerance apart, so the tuned value is within the tolerance of the crossing.',
  },
  {
    term: 'Interval of the tuned value',
    definition:
      'The values whose estimate’s 95% interval contains the target. The true value, at which the metric would equal the target with unlimited engagements, lies in this set 95 times in 100: its own estimate’s interval contains the target that often. When no value’s interval contains the target (the estimate jumps across it between two neighbours), the interval is those two neighbours. An interval that reaches an end of the range may go on beyond it.',
  },
  {
    term: 'Target not reached',
    definition:
      'The estimate stays on one side of the target over the whole range. The value reported is the one tried nearest the target; widen the range, or choose a parameter that moves this metric.',
  },
];

/** Where the rule system's entries on the report's measures go: after the entries on intervals. */
const MEASURES_AFTER = '95% interval of a mean';

/**
 * The glossary of a report: the general entries (battle entries only for battles, variant and
 * precision entries only where they apply), with the rule system's own (results.json `vocabulary.
 * glossary`): its entries on the measures after the intervals, each replacing a general entry of the
 * same term, and its entries on its rules at the end.
 */
export function glossaryFor(battle: boolean, has: { variants?: boolean; precision?: boolean } = {}, own: readonly GlossaryEntrySpec[] = []): GlossaryEntry[] {
  const mine = own.filter((g) => battle || !g.withFormations);
  const measures = mine.filter((g) => g.place === 'measures').map((g) => ({ term: g.term, definition: g.definition }));
  const rules = mine.filter((g) => g.place === 'rules').map((g) => ({ term: g.term, definition: g.definition }));
  const general = GLOSSARY.filter((g) => (battle || !g.battle) && (has.variants || !g.variants) && (has.precision || !g.precision) && !measures.some((m) => m.term === g.term));
  const at = general.findIndex((g) => g.term === MEASURES_AFTER) + 1;
  return [...general.slice(0, at), ...measures, ...general.slice(at), ...rules];
}
