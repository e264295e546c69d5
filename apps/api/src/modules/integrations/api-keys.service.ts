import { randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  API_KEY_SHOWN_CHARS,
  IntegrationErrors,
  MAX_API_KEYS_PER_FIRM,
  type ApiKey,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '@lexserve/contracts/integrations';
import { AppError } from '../../lib/app-error';
import { sha256 } from '../../lib/tokens';
import { inTransaction, type Ctx } from '../../lib/context';
import * as repo from './api-keys.repository';
import { toApiKey } from './integrations.mapper';
import { assertManagesIntegrations } from './integrations.policy';

/** A new key: the secret (shown once), what is stored (its hash) and what is shown in lists (its first characters). */
function newApiKey(): { key: string; hash: string; prefix: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, hash: sha256(key), prefix: key.slice(0, API_KEY_SHOWN_CHARS) };
}

/** Creates a key for the administrator's firm; the answer is the only time the key is shown. */
export async function createApiKey(ctx: Ctx, input: CreateApiKeyInput): Promise<CreatedApiKey> {
  const firmId = assertManagesIntegrations(ctx.actor);
  const { key, hash, prefix } = newApiKey();
  const row = await inTransaction(ctx, async (tx) => {
    if ((await repo.countActiveApiKeys(tx, firmId)) >= MAX_API_KEYS_PER_FIRM)
      throw new AppError(IntegrationErrors.API_KEY_LIMIT_REACHED);
    return repo.insertApiKey(tx, {
      firmId,
      name: input.name,
      scope: input.scope,
      prefix,
      keyHash: hash,
      createdById: ctx.actor.id,
    });
  });
  ctx.log.info({ apiKeyId: row.id, firmId }, 'API key created');
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    key,
    prefix,
    created_at: row.createdAt.toISOString(),
  };
}

/** The firm's keys that are not revoked (never the keys themselves). */
export async function listApiKeys(ctx: Ctx): Promise<{ api_keys: ApiKey[] }> {
  const firmId = assertManagesIntegrations(ctx.actor);
  const rows = await repo.listActiveApiKeys(ctx.db, firmId);
  return { api_keys: rows.map((r) => toApiKey(r.key, r.creatorName)) };
}

/** Revokes a key of the firm: its next call is refused (401). Another firm's key answers 404. */
export async function revokeApiKey(ctx: Ctx, id: number): Promise<void> {
  const firmId = assertManagesIntegrations(ctx.actor);
  const revoked = await repo.revokeApiKey(ctx.db, {
    firmId,
    id,
    byUserId: ctx.actor.id,
    at: ctx.deps.clock.now(),
  });
  if (!revoked) throw new AppError(IntegrationErrors.API_KEY_NOT_FOUND);
  ctx.log.info({ apiKeyId: id, firmId }, 'API key revoked');
}
