import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { AuthErrors } from '@lexserve/contracts/errors';
import { API_KEY_PREFIX, IntegrationErrors, type ApiKeyScope } from '@lexserve/contracts/integrations';
import type { Db, DbOrTx } from '../db/client';
import { apiKeys, firms } from '../db/schema/index';
import type { Actor } from './access';
import { AppError } from './app-error';
import { sha256 } from './tokens';

/*
 * API keys as credentials, checked at the door (plugins/auth.ts) on every call (issue 20; making and managing keys is
 * the integrations module's, modules/integrations/api-keys.service.ts). A key is `lxs_` and 32 random
 * bytes in base64url: with 256 bits of entropy a plain SHA-256 is enough to store it (nothing to brute-force, unlike a
 * password), and a lookup by that hash is one indexed query. A key acts for its firm as a firm administrator would,
 * on the calls keys may make (`apiKeyMayCall`), within its scope.
 */

/** The key as an actor sees it: which key, and what it may do. */
export type ActingApiKey = { id: number; name: string; scope: ApiKeyScope };

/** Whether a bearer token is an API key (rather than an access token): by its prefix. */
export const isApiKeyToken = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

/** "API key 'Practice system'": how a key is named wherever it acted (the timeline, the audit certificate). */
export const apiKeyActorName = (name: string): string => `API key '${name}'`;

/** last_used_at is written at most once a minute per key, so a busy integration does not write on every call. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Resolves an API key to its actor: the key must exist, not be revoked, and belong to an active firm. The actor is a
 * firm administrator of that firm, named after the key, with the key's creator as its user id (document_events and
 * other rows name a user; the trail also records the key, see `actingApiKeyOf`). Keys outlive their creator's account:
 * they belong to the firm until an administrator revokes them.
 */
export async function resolveApiKeyActor(db: Db, token: string, now: Date): Promise<Actor> {
  const hash = sha256(token);
  const [row] = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      scope: apiKeys.scope,
      keyHash: apiKeys.keyHash,
      firmId: apiKeys.firmId,
      createdById: apiKeys.createdById,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      firmActive: firms.isActive,
      firmEmail: firms.contactEmail,
    })
    .from(apiKeys)
    .innerJoin(firms, eq(firms.id, apiKeys.firmId))
    .where(eq(apiKeys.keyHash, hash));
  // The lookup is by hash; the comparison is still constant-time, so no timing tells how close a guess came.
  if (!row || row.revokedAt || !timingSafeEqual(Buffer.from(row.keyHash), Buffer.from(hash)))
    throw new AppError(IntegrationErrors.API_KEY_INVALID);
  // A deactivated firm's keys stop with its people (the same 403 they get).
  if (!row.firmActive) throw new AppError(AuthErrors.FIRM_INACTIVE);
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS)
    await touchApiKey(db, row.id, now);
  return {
    id: row.createdById,
    role: 'firm_admin',
    email: row.firmEmail ?? '',
    fullName: apiKeyActorName(row.name),
    firmId: row.firmId,
    branchId: null,
    apiKey: { id: row.id, name: row.name, scope: row.scope },
  };
}

/** Sets last_used_at unless another request did within the last minute (one conditional UPDATE). */
const touchApiKey = (db: DbOrTx, id: number, now: Date) =>
  db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiKeys.id, id),
        or(
          isNull(apiKeys.lastUsedAt),
          lt(apiKeys.lastUsedAt, sql`${now.toISOString()}::timestamptz - interval '1 minute'`),
        ),
      ),
    );

/**
 * The calls an API key may make: the firm's cases and what hangs off them (documents with their files, parties,
 * timeline, deliveries, deadlines and proofs; parties; case closures), and reads of the sheriffs, branches and the
 * firm that creating a case needs. Never: API keys and webhooks, users, the firm's or branches' settings, the
 * subscription and payments, notifications and the user's own profile or session — those stay with signed-in people,
 * so a leaked key cannot lock the firm out, create users or change billing.
 */
const KEY_ROUTES: { prefix: string; methods: 'any' | 'read' }[] = [
  { prefix: '/api/v1/documents', methods: 'any' },
  { prefix: '/api/v1/parties', methods: 'any' },
  { prefix: '/api/v1/case-closure', methods: 'any' },
  { prefix: '/api/v1/proof-of-service', methods: 'any' },
  { prefix: '/api/v1/users/sheriffs', methods: 'read' },
  { prefix: '/api/v1/branches', methods: 'read' },
  { prefix: '/api/v1/firms', methods: 'read' },
];

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the method only reads (a read-only key may make it). */
const isReadMethod = (method: string): boolean => READ_METHODS.has(method.toUpperCase());

/** Whether an API key may call this route (its pattern, e.g. /api/v1/documents/:id) with this method. */
export function apiKeyMayCall(routeUrl: string, method: string): boolean {
  return KEY_ROUTES.some(
    (r) =>
      (routeUrl === r.prefix || routeUrl.startsWith(`${r.prefix}/`)) &&
      (r.methods === 'any' || isReadMethod(method)),
  );
}

/** Throws the 403 that says why a key may not make this call (not a key's call at all, or a write with a read key). */
export function assertApiKeyMayCall(key: ActingApiKey, routeUrl: string, method: string): void {
  if (!apiKeyMayCall(routeUrl, method)) throw new AppError(IntegrationErrors.API_KEY_NOT_ALLOWED);
  if (key.scope === 'read' && !isReadMethod(method)) throw new AppError(IntegrationErrors.API_KEY_READ_ONLY);
}

/*
 * Attribution on the document trail. A service writes its timeline events in a transaction opened by `inTransaction`
 * (lib/context.ts); when the request was made with a key, that transaction is registered here, and addTimelineEvent
 * records the key on every event the key's actor performs in it. Tied to the transaction object, so nothing else —
 * the event dispatcher's and the jobs' own transactions — is ever attributed to a key.
 */
const keysOfTransactions = new WeakMap<object, ActingApiKey & { actorId: number }>();

/** Marks a transaction as acting for an API key (called by inTransaction). */
export const bindApiKeyToTransaction = (tx: object, actor: Actor): void => {
  if (actor.apiKey) keysOfTransactions.set(tx, { ...actor.apiKey, actorId: actor.id });
};

/** The API key a timeline event performed by `performedById` in this transaction was made with, if any. */
export function actingApiKeyOf(tx: object, performedById: number | undefined): ActingApiKey | undefined {
  const key = keysOfTransactions.get(tx);
  return key && key.actorId === performedById ? { id: key.id, name: key.name, scope: key.scope } : undefined;
}
