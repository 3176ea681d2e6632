import type { Container } from 'inversify';

/** One relist waiting for its time: `type` names the kind of listing (`auction`, `reverse-auction`). */
export interface UpcomingRelistDto {
  type: string;
  originalId: string;
  scheduledTime: string;
}

/** GET /api/admin/auto-relist/status: the queue's counts over every kind of listing, and the next relists. */
export interface RelistStatusDto {
  totalJobs: number;
  pendingJobs: number;
  processedJobs: number;
  upcomingJobs: UpcomingRelistDto[];
}

/** How many upcoming relists the status answers, soonest first, over all sources. */
export const UPCOMING_RELISTS = 20;

/**
 * A module's relist queue, read from its own tables (each module that relists binds one: auctions, reverse);
 * the status route gathers them all (gatherRelistStatus), so neither module reads or imports the other.
 */
export abstract class RelistStatusSource {
  /** This module's counts and its next relists (at most UPCOMING_RELISTS), each with its `type`. */
  abstract relistStatus(): Promise<RelistStatusDto>;
}

/** Adds up the sources' counts and keeps the soonest upcoming relists. */
export function mergeRelistStatus(parts: readonly RelistStatusDto[]): RelistStatusDto {
  const upcoming = parts.flatMap((p) => p.upcomingJobs);
  upcoming.sort((a, b) => a.scheduledTime.localeCompare(b.scheduledTime) || a.originalId.localeCompare(b.originalId));
  return {
    totalJobs: parts.reduce((n, p) => n + p.totalJobs, 0),
    pendingJobs: parts.reduce((n, p) => n + p.pendingJobs, 0),
    processedJobs: parts.reduce((n, p) => n + p.processedJobs, 0),
    upcomingJobs: upcoming.slice(0, UPCOMING_RELISTS),
  };
}

/** GET /api/admin/auto-relist/status: asks every RelistStatusSource bound in the container and merges the answers. */
export async function gatherRelistStatus(container: Container): Promise<RelistStatusDto> {
  const sources = container.isBound(RelistStatusSource) ? container.getAll(RelistStatusSource) : [];
  return mergeRelistStatus(await Promise.all(sources.map((s) => s.relistStatus())));
}
