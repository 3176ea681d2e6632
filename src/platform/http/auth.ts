import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { hasRole, type Role } from '../roles.js';
import { Errors } from '../errors.js';
import type { SessionData } from 'express-session';

declare module 'express-session' {
  interface SessionData {
    /** The signed-in user. */
    userId?: string;
    /** The user registered in this browser session and not yet signed in (for policy acceptances). */
    registeredUserId?: string;
  }
}

/** Who is acting: the signed-in user with their current role. */
export interface Actor {
  id: string;
  role: Role;
}

/** Finds the actor of a session; bound by the accounts module. */
export abstract class IdentityLookup {
  /** The user's id and current role, or null when the user no longer exists. */
  abstract findActor(userId: string): Promise<Actor | null>;
  /**
   * The stored session `sid` unexpired at `now` (ms since the epoch), or null. Its user is read by the same
   * statement and kept for the request, so that findActor (and the services' reads of the same user) answer
   * without another round trip: a signed-in request reaches the database once before its own work.
   */
  abstract readSession(sid: string, now: number): Promise<SessionData | null>;
}

const ACTOR = Symbol('actor');
type WithActor = Request & { [ACTOR]?: Promise<Actor | null> };


/** The signed-in actor of this request (looked up once per request), or null. */
export function getActor(req: Request): Promise<Actor | null> {
  const r = req as WithActor;
  if (!r[ACTOR]) {
    const userId = req.session?.userId;
    const lookup = req.app.locals.identity as IdentityLookup | undefined;
    r[ACTOR] = userId && lookup ? lookup.findActor(userId) : Promise.resolve(null);
  }
  return r[ACTOR];
}

/** The signed-in actor, or a 401. */
export async function requireActor(req: Request): Promise<Actor> {
  const actor = await getActor(req);
  if (!actor) throw Errors.unauthorized();
  return actor;
}

/** Refuses the request with 401 unless someone is signed in. */
export const requireSignIn: RequestHandler = async (req: Request, _res: Response, next: NextFunction) => {
  await requireActor(req);
  next();
};

/** Refuses with 401 when signed out and 403 when the role is too low. */
export function requireRole(role: Role): RequestHandler {
  return async (req, _res, next) => {
    const actor = await requireActor(req);
    if (!hasRole(actor.role, role)) throw Errors.forbidden();
    next();
  };
}
