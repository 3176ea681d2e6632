import type { TaskFactories } from '../../platform/module.js';
import { ListingActivityRecorder } from './listing-activity.recorder.js';

export const PRUNE_VISITORS_TASK = 'analytics/prune-view-visitors';

/** Daily: forget who viewed listings on earlier days (the counts stay). */
export const analyticsTasks: TaskFactories = {
  [PRUNE_VISITORS_TASK]: (c) => async () => {
    await c.get(ListingActivityRecorder).pruneVisitors();
  },
};
