/** The services payments.tasks.ts runs, loaded on a task's first run (see there why not at import). */
export { EscrowService } from './escrow.service.js';
export { ORDER_MAIL_KINDS, OrderNotificationService } from './order-notification.service.js';
export { OrderCreationService } from './order-creation.service.js';
export { OrderTimersService } from './order-timers.service.js';
export { PaymentEventsService } from './payment-events.service.js';
export { RefundService } from './refund.service.js';
