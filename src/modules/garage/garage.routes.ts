import { Router } from 'express';
import type { Container } from 'inversify';
import { getActor, requireActor, requireSignIn } from '../../platform/http/auth.js';
import { handle, idParams, sendList } from '../../platform/http/validate.js';
import { CardEvidenceService } from './card-evidence.service.js';
import { FitmentService } from './fitment.service.js';
import { fitmentQuery, listQuery, userParams, vehicleCreateSchema, vehicleUpdateSchema } from './garage.schemas.js';
import { VehicleService } from './vehicle.service.js';

/** The garage's vehicles (GET /api/garage/{userId}, POST /api/garage, PATCH/DELETE /api/garage/vehicle/{id}) fitment and the cards' fitment evidence. */
export function garageRoutes(container: Container): Router {
  const vehicles = container.get(VehicleService);
  const fitment = container.get(FitmentService);
  const cards = container.get(CardEvidenceService);
  const router = Router();

  // The fixed paths before `/garage/:userId`.
  router.get(
    '/garage/fitment-evidence',
    handle({ query: fitmentQuery }, async ({ query }, req) => cards.forCards(await getActor(req), query.partIds)),
  );
  router.get(
    '/garage/fitment',
    requireSignIn,
    handle({ query: fitmentQuery }, async ({ query }, req) => fitment.answer(await requireActor(req), query.partIds)),
  );
  router.post(
    '/garage',
    requireSignIn,
    handle({ body: vehicleCreateSchema }, async ({ body }, req) => vehicles.create(await requireActor(req), body), 201),
  );
  router.patch(
    '/garage/vehicle/:id',
    requireSignIn,
    handle({ params: idParams, body: vehicleUpdateSchema }, async ({ params, body }, req) => vehicles.update(await requireActor(req), params.id, body)),
  );
  router.delete(
    '/garage/vehicle/:id',
    requireSignIn,
    handle({ params: idParams }, async ({ params }, req) => vehicles.remove(await requireActor(req), params.id)),
  );
  router.get(
    '/garage/:userId',
    requireSignIn,
    handle({ params: userParams, query: listQuery }, async ({ params, query }, req, res) =>
      sendList(res, await vehicles.list(await requireActor(req), params.userId, query)),
    ),
  );
  return router;
}
