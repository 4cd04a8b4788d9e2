/** The hex-grid geometry: coordinates, the grid with canonical hexsides and vertices, lines and paths. */
export * from './coords.js';
export * from './grid.js';
export * from './line.js';
export * from './paths.js';
export * from './ascii.js';
