import { IntegrationErrors } from '@lexserve/contracts/integrations';
import { assertCan, type Actor } from '../../lib/access';
import { AppError } from '../../lib/app-error';

/**
 * API keys and webhooks are managed by the firm's administrators, signed in (a key never manages keys or webhooks:
 * the auth plugin already refuses those calls to keys; checked again here so the rule holds for any caller). Answers
 * the firm whose keys and endpoints the actor manages.
 */
export function assertManagesIntegrations(actor: Actor): number {
  assertCan(actor, 'integrations:manage', IntegrationErrors.INTEGRATIONS_ADMIN_REQUIRED);
  if (actor.apiKey) throw new AppError(IntegrationErrors.API_KEY_NOT_ALLOWED);
  if (!actor.firmId) throw new AppError(IntegrationErrors.INTEGRATIONS_ADMIN_REQUIRED);
  return actor.firmId;
}
