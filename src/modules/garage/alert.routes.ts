import { Router } from 'express';
import type { Container } from 'inversify';
import { requireActor, requireSignIn } from '../../platform/http/auth.js';
import { handle, idParams, sendList } from '../../platform/http/validate.js';
import { AlertMailService } from './alert-mail.service.js';
import { AlertService } from './alert.service.js';
import { WantedAlertService } from './wanted-alert.service.js';
import { alertCreateSchema, alertSettingsSchema, alertUpdateSchema, listQuery, pauseQuery, userParams } from './garage.schemas.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain page for the pause link (it opens from a mail client, signed in or not). */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | Pitlane</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#111}a{color:#b91c1c}</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

/** Part alerts and saved searches (GET /api/alerts/{userId}, POST /api/alerts, PATCH/DELETE /api/alerts/alert/{id}), and the mail's pause link. */
export function alertRoutes(container: Container): Router {
  const alerts = container.get(AlertService);
  const mail = container.get(AlertMailService);
  const wanted = container.get(WantedAlertService);
  const router = Router();

  // The fixed paths before `/alerts/:userId`.
  router.get(
    '/alerts/pause',
    handle({ query: pauseQuery }, async ({ query }, _req, res) => {
      const name = await mail.pauseByLink(query.alert, query.token);
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      if (name === null) {
        res.status(400).send(page('This link is not valid', '<p>The pause link is incomplete or the alert was deleted. You can manage your alerts in <a href="/garage">your garage</a>.</p>'));
        return;
      }
      res.send(
        page('Alert paused', `<p>You will get no more mail for your alert “${escapeHtml(name)}”. You can resume it any time in <a href="/garage">your garage</a>.</p>`),
      );
    }),
  );
  router.put(
    '/alerts/settings',
    requireSignIn,
    handle({ body: alertSettingsSchema }, async ({ body }, req) => alerts.settings(await requireActor(req), body)),
  );
  router.get(
    '/alerts/settings',
    requireSignIn,
    handle({}, async (_input, req) => alerts.settings(await requireActor(req), {})),
  );
  // An alert like a wanted request of the caller's that ended without an award (the request page's one click).
  router.get(
    '/alerts/from-request/:id',
    requireSignIn,
    handle({ params: idParams }, async ({ params }, req) => wanted.find(await requireActor(req), params.id)),
  );
  router.post(
    '/alerts/from-request/:id',
    requireSignIn,
    handle({ params: idParams }, async ({ params }, req) => wanted.fromRequest(await requireActor(req), params.id), 201),
  );
  router.post(
    '/alerts',
    requireSignIn,
    handle({ body: alertCreateSchema }, async ({ body }, req) => alerts.create(await requireActor(req), body), 201),
  );
  router.patch(
    '/alerts/alert/:id',
    requireSignIn,
    handle({ params: idParams, body: alertUpdateSchema }, async ({ params, body }, req) => alerts.update(await requireActor(req), params.id, body)),
  );
  router.delete(
    '/alerts/alert/:id',
    requireSignIn,
    handle({ params: idParams }, async ({ params }, req) => alerts.remove(await requireActor(req), params.id)),
  );
  router.get(
    '/alerts/:userId',
    requireSignIn,
    handle({ params: userParams, query: listQuery }, async ({ params, query }, req, res) =>
      sendList(res, await alerts.list(await requireActor(req), params.userId, query)),
    ),
  );
  return router;
}
