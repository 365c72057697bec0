/** Outbound webhooks' public surface (docs/decisions/0088; docs/ARCHITECTURE.md, Features). */
export { emitWebhook, webhookBatch, type EmitWebhook } from './emit.server';
export { runWebhookIntent, webhooksOverview, type AdminResult } from './admin.server';
export { startWebhookWorker } from './worker.server';
export { currentWebhookSettings } from './settings.server';
export { attendanceData, orderData, registrationData, type RegistrationFacts } from './payloads.server';
