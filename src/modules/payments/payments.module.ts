import { ContainerModule } from 'inversify';
import type { PitlaneModule } from '../../platform/module.js';

/** Orders and payments: checkout, Stripe Connect, escrow, commission and the ledger. */
export const paymentsModule: PitlaneModule = {
  name: 'payments',
  containerModule: new ContainerModule(() => {}),
  entities: [],
};
