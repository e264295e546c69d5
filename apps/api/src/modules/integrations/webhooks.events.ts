import type { FastifyInstance } from 'fastify';
import type { WebhookEvent } from '@lexserve/contracts/integrations';
import type { ClosureEventPayload } from '@lexserve/contracts/closures';
import type {
  DeadlineEventPayload,
  DocumentEventPayload,
  DomainEvents,
  DomainEventType,
} from '../../lib/domain-events';
import { enqueueWebhookEvent } from './webhooks.service';

/** What every message about a document says about it (the firm's own data; no personal details of parties). */
const documentData = (d: Pick<DocumentEventPayload, 'documentId' | 'title' | 'case_number' | 'status'>) => ({
  document_id: d.documentId,
  title: d.title,
  case_number: d.case_number,
  status: d.status,
});

const closureData = (c: ClosureEventPayload) => ({
  document_id: c.documentId,
  closure_id: c.closureId,
  title: c.title,
  case_number: c.case_number,
  reason: c.reason,
});

const deadlineData = (d: DeadlineEventPayload) => ({
  ...documentData(d),
  name: d.name,
  due_date: d.dueDate,
  rule: d.rule,
  source: d.source,
});

type Rule<K extends DomainEventType> = {
  event: WebhookEvent;
  firmId: (p: DomainEvents[K]) => number;
  data: (p: DomainEvents[K]) => Record<string, unknown>;
};

/** Which domain event becomes which webhook, and what its `data` carries. */
const RULES: { [K in DomainEventType]?: Rule<K> } = {
  'document.served': {
    event: 'document.served',
    firmId: (p) => p.firmId,
    data: (p) => ({ ...documentData(p), ...(p.returnId ? { return_id: p.returnId } : {}) }),
  },
  'document.return_issued': {
    event: 'return.issued',
    firmId: (p) => p.firmId,
    data: (p) => ({ ...documentData(p), return_id: p.returnId, kind: p.kind }),
  },
  'document.delivery_opened': {
    event: 'delivery.opened',
    firmId: (p) => p.firmId,
    data: (p) => ({ ...documentData(p), delivery_id: p.deliveryId }),
  },
  'document.delivery_downloaded': {
    event: 'delivery.downloaded',
    firmId: (p) => p.firmId,
    data: (p) => ({ ...documentData(p), delivery_id: p.deliveryId, file_id: p.fileId }),
  },
  'closure.completed': { event: 'closure.completed', firmId: (p) => p.firmId, data: closureData },
  'deadline.due': {
    event: 'deadline.due',
    firmId: (p) => p.firmId,
    data: deadlineData,
  },
};

/** Turns the domain events above into queued webhook messages, in the dispatcher's transaction. */
export function registerWebhookHandlers(app: FastifyInstance) {
  const { events, clock } = app.deps;
  for (const type of Object.keys(RULES) as DomainEventType[]) {
    const rule = RULES[type] as Rule<typeof type>;
    events.on(type, async (payload, { tx }) => {
      await enqueueWebhookEvent(tx, {
        firmId: rule.firmId(payload),
        event: rule.event,
        at: clock.now(),
        data: rule.data(payload),
      });
    });
  }
}
