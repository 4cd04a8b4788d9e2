/** How many cells the report draws cell by cell. */
import type { Results } from '../../results/results.js';

/**
 * Above this many cells the charts drawn cell by cell are left out: a mark or a panel per cell is
 * unreadable at the page's width, takes minutes to draw, and past several hundred cells overflows the
 * chart library's stack. The report then summarizes every cell otherwise (small multiples, the top
 * and bottom cells, the table of every cell: src/report/manyCells.ts).
 */
export const MAX_CELLS_CHARTED = 120;

/** Whether the report draws the charts that show each cell (see MAX_CELLS_CHARTED). */
export const chartsEveryCell = (r: Results): boolean => r.cells.length <= MAX_CELLS_CHARTED;
