import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FORGOT_PASSWORD_MESSAGE,
  ForgotPasswordInputSchema,
  LoginInputSchema,
  LogoutInputSchema,
  PASSWORD_RESET_DONE,
  RefreshInputSchema,
  RegisterInputSchema,
  ResetPasswordInputSchema,
  TokenPairSchema,
} from '@lexserve/contracts/auth';
import { AuthErrors } from '@lexserve/contracts/errors';
import { MessageSchema } from '@lexserve/contracts/common';
import { UserSchema } from '@lexserve/contracts/users';
import { BranchSchema, FirmSchema } from '@lexserve/contracts/firms';
import { AppError } from '../../lib/app-error';
import { publicCtxOf } from '../../lib/context';
import { LoginThrottle } from '../../lib/login-throttle';
import { bearerToken } from '../../plugins/auth';
import * as auth from './auth.service';

/** Answers that carry tokens or credentials are never stored by a browser or a proxy (errors included). */
const noStore = {
  onSend: async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    reply.header('pragma', 'no-cache');
  },
};

/** Login, refresh, logout, registration and password reset: all reachable without a session. */
export async function authPublicRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const throttle = new LoginThrottle(
    app.deps.counters,
    app.deps.env.LOGIN_RATE_LIMIT,
    app.deps.env.LOGIN_RATE_LIMIT * 5,
  );
  r.post(
    '/users/login',
    { ...noStore, schema: { tags: ['auth'], body: LoginInputSchema, response: { 200: TokenPairSchema } } },
    async (request) => {
      const { email, password } = request.body;
      if (!(await throttle.tryAttempt(email, request.ip))) throw new AppError(AuthErrors.LOGIN_RATE_LIMITED);
      try {
        const tokens = await auth.login(publicCtxOf(request), email, password);
        await throttle.succeeded(email, request.ip);
        return tokens;
      } catch (err) {
        if (!(err instanceof AppError && err.code === AuthErrors.INVALID_CREDENTIALS.code))
          await throttle.notAFailure(email, request.ip);
        throw err;
      }
    },
  );

  r.post(
    '/users/refresh',
    { ...noStore, schema: { tags: ['auth'], body: RefreshInputSchema, response: { 200: TokenPairSchema } } },
    async (request) => auth.refresh(publicCtxOf(request), request.body.refresh_token),
  );

  r.post(
    '/users/logout',
    { ...noStore, schema: { tags: ['auth'], body: LogoutInputSchema, response: { 200: MessageSchema } } },
    async (request) => {
      await auth.logout(publicCtxOf(request), {
        accessToken: bearerToken(request),
        refreshToken: request.body?.refresh_token,
      });
      return { message: 'Successfully logged out' };
    },
  );

  r.post(
    '/auth/register',
    {
      ...noStore,
      schema: {
        tags: ['auth'],
        body: RegisterInputSchema,
        response: {
          201: z.object({
            status: z.literal('success'),
            data: z.object({ user: UserSchema, firm: FirmSchema, branch: BranchSchema }),
            message: z.string(),
          }),
        },
      },
      config: { rateLimit: { max: app.deps.env.PUBLIC_RATE_LIMIT, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const data = await auth.register(publicCtxOf(request), request.body);
      return reply.status(201).send({
        status: 'success' as const,
        data,
        message: 'Account created successfully! Please log in with your credentials.',
      });
    },
  );

  r.post(
    '/auth/forgot-password',
    {
      ...noStore,
      schema: { tags: ['auth'], body: ForgotPasswordInputSchema, response: { 200: MessageSchema } },
      config: { rateLimit: { max: Math.ceil(app.deps.env.PUBLIC_RATE_LIMIT / 4), timeWindow: '15 minutes' } },
    },
    async (request) => {
      await auth.forgotPassword(publicCtxOf(request), request.body.email);
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  r.post(
    '/auth/reset-password',
    {
      ...noStore,
      schema: { tags: ['auth'], body: ResetPasswordInputSchema, response: { 200: MessageSchema } },
    },
    async (request) => {
      await auth.resetPassword(publicCtxOf(request), request.body.token, request.body.new_password);
      return { message: PASSWORD_RESET_DONE };
    },
  );
}
