/** Task names and job keys of the reverse module: one pending job per request and purpose. */
export const START_TASK = 'reverse/start';
export const END_TASK = 'reverse/end';
export const CLOSE_TASK = 'reverse/close';
export const RELIST_TASK = 'reverse/relist';
export const TICK_TASK = 'reverse/tick';
export const MATCHING_SELLERS_TASK = 'reverse/notify-matching-sellers';
export const NEW_QUOTES_TASK = 'reverse/notify-new-quotes';
export const OUTQUOTED_TASK = 'reverse/notify-outquoted';
export const RESULT_TASK = 'reverse/notify-result';
export const CANCELLED_TASK = 'reverse/notify-cancelled';

export const startJobKey = (id: string) => `reverse-start:${id}`;
export const endJobKey = (id: string) => `reverse-end:${id}`;
export const closeJobKey = (id: string) => `reverse-close:${id}`;
export const relistJobKey = (id: string) => `reverse-relist:${id}`;
export const newQuotesJobKey = (id: string) => `reverse-new-quotes:${id}`;
