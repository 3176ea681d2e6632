import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager } from '@mikro-orm/postgresql';

interface Slot {
  root: EntityManager;
  fork?: EntityManager;
  /** Set while the fork is being built: its constructor resolves contexts too. */
  forking?: boolean;
}

const slots = new AsyncLocalStorage<Slot>();

/**
 * Runs `next` (an API request) with its own entity manager, forked from `root` the first time the request
 * uses one. MikroORM's RequestContext.create forks at once, and the fork (a unit of work, identity map,
 * copied filters and settings) was the largest part of MikroORM's CPU on the part page, which never uses it.
 */
export function runWithRequestEntityManager<T>(root: EntityManager, next: () => T): T {
  return slots.run({ root }, next);
}

/** The current request's entity manager named `name`, forked on first use; undefined outside a request. */
export function requestEntityManager(name: string): EntityManager | undefined {
  const slot = slots.getStore();
  if (!slot || slot.root.name !== name || slot.forking) return undefined;
  if (!slot.fork) {
    slot.forking = true;
    try {
      slot.fork = slot.root.fork({ useContext: true, disableContextResolution: true });
    } finally {
      slot.forking = false;
    }
  }
  return slot.fork;
}

/** Whether the caller runs inside an API request's scope (its entity manager forked or not yet). */
export function insideRequestScope(): boolean {
  return slots.getStore() !== undefined;
}
