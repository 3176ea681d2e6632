import type { TaskFactories } from '../../platform/module.js';
import { UploadCleanupService } from './upload-cleanup.service.js';

export const DELETE_UNCLAIMED_UPLOADS_TASK = 'catalog/delete-unclaimed-uploads';

/** graphile-worker tasks of the catalog module. */
export const catalogTasks: TaskFactories = {
  /** Deletes uploaded photos that no listing or storefront uses a day after their upload; idempotent. */
  [DELETE_UNCLAIMED_UPLOADS_TASK]: (container) => async () => {
    await container.get(UploadCleanupService).deleteUnclaimed();
  },
};

/** Every hour, at 17 minutes past. */
export const catalogCrontab = [`17 * * * * ${DELETE_UNCLAIMED_UPLOADS_TASK} ?max=1&jobKey=catalog-delete-unclaimed-uploads`];
