import type { FastifyInstance } from 'fastify';

/**
 * Waits until every domain event recorded so far is handled. Requests kick the dispatcher themselves, so a
 * round may be running in the background: drain, then check that nothing is left (a claimed event is
 * locked, not yet marked processed, until its round commits).
 */
export async function settleEvents(app: FastifyInstance, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    await app.deps.events.drain();
    const [pending] = await app.deps.database.raw.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM domain_events WHERE processed_at IS NULL AND attempts < 5',
    );
    if (!pending?.n) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('domain events did not settle');
}
