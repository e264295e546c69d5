import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '@lexserve/contracts/common';
import {
  AssignTargetInputSchema,
  ReinstructTargetInputSchema,
  ServiceTargetListSchema,
  TargetParamsSchema,
} from '@lexserve/contracts/service-targets';
import { ctxOf } from '../../lib/context';
import * as targets from './targets.service';

/** The people a document is served on (service targets): listed, assigned one by one, re-instructed. */
export function targetsRoutes(scope: FastifyInstance) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['service'];

  r.get(
    '/documents/:id/service-targets',
    {
      schema: {
        tags,
        description:
          "Each person the document is served on: channel, address, sheriff, status, date of service, returns and the rules' deadlines from their own date of service.",
        params: IdParamsSchema,
        response: { 200: ServiceTargetListSchema },
      },
    },
    (req) => targets.listServiceTargets(ctxOf(req), req.params.id),
  );
  r.put(
    '/documents/:id/service-targets/:targetId',
    {
      schema: {
        tags,
        description: 'Assigns one person to a sheriff (409 once they are served). Answers the targets.',
        params: TargetParamsSchema,
        body: AssignTargetInputSchema,
        response: { 200: ServiceTargetListSchema },
      },
    },
    (req) => targets.assignTarget(ctxOf(req), req.params.id, req.params.targetId, req.body.sheriff_id),
  );
  r.post(
    '/documents/:id/service-targets/:targetId/reinstruct',
    {
      schema: {
        tags,
        description:
          'Hands one person to another sheriff with the same process (at a new address if given), with the reason; earlier attempts and returns stay. 409 once served.',
        params: TargetParamsSchema,
        body: ReinstructTargetInputSchema,
        response: { 200: ServiceTargetListSchema },
      },
    },
    (req) => targets.reinstructTarget(ctxOf(req), req.params.id, req.params.targetId, req.body),
  );
}
