import { lazy, type ComponentType } from 'react';

/**
 * A resource page whose code loads when it is first opened (react-admin's layout shows its loading bar meanwhile):
 * `list: lazyPage(() => import('./UserList'), 'UserList')`. The console's first screen then carries only the
 * layout, the menu and the dashboard.
 */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}
