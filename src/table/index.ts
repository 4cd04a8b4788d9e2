/** Tabletop geometry for the miniatures rule systems: the engagement lane (docs/table.md). Knows no rules. */
export * from './body.js';
export * from './lane.js';
export * from './footprint.js';
export * from './distance.js';
export * from './lineOfFire.js';
export * from './bands.js';
export * from './terrain.js';
export * from './move.js';
export * from './contact.js';
export * from './flanks.js';
export * from './placement.js';
export * from './support.js';
export * from './draw.js';
