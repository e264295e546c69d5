import type { FastifyInstance } from 'fastify';
import { isFirmRole } from '@lexserve/contracts/common';
import { SubscriptionErrors } from '@lexserve/contracts/subscriptions';
import { AppError } from '../../lib/app-error';
import { firmHasAccess } from './subscriptions.repository';

/**
 * The server-side subscription gate, a preHandler on the authenticated scope. Firm roles (firm_admin, branch_admin,
 * legal_practitioner) need a firm subscription that is active or in trial (or cancelled with access to the end of the
 * paid period) on every route, except those marked `config.allowWithoutSubscription` (profile, password, notification
 * preferences, the firm of a user, and the plan, subscription and payment calls). System administrators and sheriffs
 * pass. Read from the database on every request (with the signed-in actor's row, or one indexed query for an API
 * key); nothing is cached in the process, so every instance answers the same.
 */
export function subscriptionGate(scope: FastifyInstance): void {
  scope.addHook('preHandler', async (request) => {
    const actor = request.actor;
    if (!actor || !isFirmRole(actor.role)) return;
    if (request.routeOptions.config?.allowWithoutSubscription) return;
    const { deps } = request.server;
    const access =
      actor.firmHasAccess ??
      (actor.firmId != null && (await firmHasAccess(deps.database.db, actor.firmId, deps.clock.now())));
    if (!actor.firmId || !access) throw new AppError(SubscriptionErrors.SUBSCRIPTION_REQUIRED);
  });
}
