import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PaymentErrors } from '@lexserve/contracts/payments';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicCtxOf } from '../../lib/context';
import { handleItn } from './itn.service';
import { checkoutSignature, ipInRanges, parseFormBody, sameSignature } from './payfast';
import { SIMULATOR_PATH } from './provider';
import {
  cardUpdatePage,
  deliverItn,
  errorPage,
  isSimulatorDelivery,
  itnForPaidForm,
  processPage,
  SIMULATOR_DELIVERY_HEADER,
} from './simulator';

const tags = ['payments'];

/**
 * Public payment routes: PayFast's ITN and, with PAYMENT_PROVIDER=simulator, the simulator's hosted pages. Form bodies
 * (application/x-www-form-urlencoded) are kept as the raw string in this scope only: the ITN signature is checked
 * over the fields exactly as posted.
 */
export async function paymentsPublicRoutes(app: FastifyInstance) {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );
    const r = scope.withTypeProvider<ZodTypeProvider>();

    const { env, payments } = app.deps;
    r.post(
      '/payments/notify',
      {
        // A notification is about 1 KB; PayFast's longest fields (descriptions, custom strings) stay far below this.
        bodyLimit: 16 * 1024,
        config: {
          rateLimit: {
            max: env.ITN_RATE_LIMIT,
            timeWindow: '1 minute',
            // PayFast's own addresses (payfast mode) and the simulator's in-process deliveries are never limited.
            allowList: (req: FastifyRequest) =>
              env.PAYMENT_PROVIDER === 'payfast'
                ? ipInRanges(req.ip)
                : isSimulatorDelivery(payments, req.headers[SIMULATOR_DELIVERY_HEADER]),
            errorResponseBuilder: () => ({
              statusCode: 429,
              code: PaymentErrors.ITN_RATE_LIMITED.code,
              message: PaymentErrors.ITN_RATE_LIMITED.message,
            }),
          },
        },
        schema: {
          tags,
          summary: 'PayFast ITN (instant transaction notification)',
          body: z.string().default(''),
        },
      },
      async (req, reply) => {
        await handleItn(publicCtxOf(req), req.body, req.ip);
        return reply.type('text/plain').send('OK');
      },
    );

    if (app.deps.env.PAYMENT_PROVIDER === 'simulator') await simulatorRoutes(scope);
  });
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

async function simulatorRoutes(scope: FastifyInstance) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const env = scope.deps.env;
  const provider = scope.deps.payments;
  const hide = { hide: true } as const;
  const formFields = (raw: string) => Object.fromEntries(parseFormBody(raw));

  /** The form as signed by generate-signature; anything else (tampered amount, wrong passphrase) is refused. */
  const verified = (fields: Record<string, string>) => {
    const { signature, action: _action, card: _card, ...signed } = fields;
    try {
      return sameSignature(signature, checkoutSignature(signed, provider.passphrase)) ? signed : undefined;
    } catch {
      return undefined;
    }
  };

  const showProcess = (reply: FastifyReply, fields: Record<string, string>) => {
    if (!verified(fields))
      return html(
        reply,
        400,
        errorPage('Payment request refused', 'The payment request signature is invalid.'),
      );
    return html(reply, 200, processPage(fields, `${SIMULATOR_PATH}/complete`));
  };

  r.post('/payments/simulator/process', { schema: { ...hide, body: z.string().default('') } }, (req, reply) =>
    showProcess(reply, formFields(req.body)),
  );
  r.get('/payments/simulator/process', { schema: hide }, (req, reply) =>
    showProcess(reply, req.query as Record<string, string>),
  );

  r.post(
    '/payments/simulator/complete',
    { schema: { ...hide, body: z.string().default('') } },
    async (req, reply) => {
      const fields = formFields(req.body);
      const signed = verified(fields);
      if (!signed)
        return html(
          reply,
          400,
          errorPage('Payment request refused', 'The payment request signature is invalid.'),
        );
      if (fields.action !== 'pay')
        return reply.redirect(signed.cancel_url ?? `${env.PUBLIC_URL}/app/payment/cancel`, 303);
      const signedWithSignature = { ...signed, signature: fields.signature! };
      if (signed.notify_url) {
        const res = await deliverItn(
          scope,
          env.PUBLIC_URL,
          signed.notify_url,
          itnForPaidForm(provider, signedWithSignature),
        );
        if (res.status !== 200) {
          req.log.error({ status: res.status, body: res.body }, 'the simulated ITN was refused');
          let detail = res.body;
          try {
            detail = (JSON.parse(res.body) as { detail?: string }).detail ?? res.body;
          } catch {
            /* not JSON */
          }
          return html(
            reply,
            502,
            errorPage('Payment not confirmed', `The shop refused the payment notification: ${detail}`),
          );
        }
      }
      return reply.redirect(signed.return_url ?? `${env.PUBLIC_URL}/app/payment/success`, 303);
    },
  );

  /** Return addresses must be on this server (the card-update link is not signed). */
  const sameOrigin = (url: string | undefined) => {
    try {
      return !!url && new URL(url).origin === new URL(env.PUBLIC_URL).origin;
    } catch {
      return false;
    }
  };

  r.get(
    '/payments/simulator/update-card',
    { schema: { ...hide, querystring: z.object({ token: z.string().min(1), return: z.string().min(1) }) } },
    (req, reply) => {
      if (!sameOrigin(req.query.return))
        return html(reply, 400, errorPage('Card update refused', 'Invalid return address.'));
      return html(
        reply,
        200,
        cardUpdatePage(req.query.token, req.query.return, `${SIMULATOR_PATH}/update-card`),
      );
    },
  );
  r.post(
    '/payments/simulator/update-card',
    { schema: { ...hide, body: z.string().default('') } },
    (req, reply) => {
      const fields = formFields(req.body);
      if (!sameOrigin(fields.return) || !fields.token) {
        return html(reply, 400, errorPage('Card update refused', 'Invalid return address.'));
      }
      if (fields.action !== 'update') return reply.redirect(`${env.PUBLIC_URL}/app/my-plan`, 303);
      return reply.redirect(fields.return!, 303);
    },
  );
}
