/**
 * What Seller Analytics & Performance says about its conversion figure, and the period it names: the server computes
 * over that period and the console shows the sentence beside the column. Pure: imports nothing (the console imports
 * it as code).
 */

/** Conversion looks at the listings that ended in the last this many days (ending now). */
export const CONVERSION_PERIOD_DAYS = 90;

/** The definition, as the console's Conversion column explains it. */
export const CONVERSION_HELP =
  `Listings sold ÷ listings that ended in the last ${CONVERSION_PERIOD_DAYS} days (sold, or withdrawn by the seller after going live), ` +
  'both counted over the same listings, so never above 100%. A listing still on sale, or whose open auction closed unsold, has not ended. ' +
  'Shows — when none ended in the period.';
