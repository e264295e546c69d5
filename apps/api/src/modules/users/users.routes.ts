import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ChangePasswordInputSchema } from '@lexserve/contracts/auth';
import { IdParamsSchema, IdSchema, MessageSchema, envelope } from '@lexserve/contracts/common';
import { FirmSchema } from '@lexserve/contracts/firms';
import {
  ActivateDeactivateInputSchema,
  ChangeRoleInputSchema,
  CreateFirmUserInputSchema,
  CreateFirmUserResultSchema,
  CreateUserInputSchema,
  FirmBranchesWithUsersSchema,
  NotificationPreferencesSchema,
  UpdateNotificationPreferencesInputSchema,
  PermissionsSchema,
  UpdateProfileInputSchema,
  UpdateUserInputSchema,
  SheriffUserListSchema,
  SheriffsByAreaQuerySchema,
  UserListSchema,
  UserSchema,
} from '@lexserve/contracts/users';
import { ctxOf } from '../../lib/context';
import { sheriffAreaAdminRoutes, sheriffAreaLookupRoutes } from './sheriff-areas.routes';
import { sheriffAdminRoutes } from './sheriffs.routes';
import * as sheriffs from './sheriffs.service';
import * as users from './users.service';

const open = { allowWithoutSubscription: true };
/** Also open to a user who must first replace a generated password. */
const beforePasswordChange = { allowWithoutSubscription: true, allowWhilePasswordChangeRequired: true };
const tags = ['users'];

export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  await app.register(sheriffAdminRoutes);
  await app.register(sheriffAreaAdminRoutes);
  await app.register(sheriffAreaLookupRoutes);

  r.get(
    '/users/me',
    { config: beforePasswordChange, schema: { tags, response: { 200: UserSchema } } },
    (req) => users.getMe(ctxOf(req)),
  );
  r.get(
    '/users/me/permissions',
    { config: open, schema: { tags, response: { 200: PermissionsSchema } } },
    async (req) => users.getMyPermissions(ctxOf(req)),
  );
  r.get('/users/me/profile', { config: open, schema: { tags, response: { 200: UserSchema } } }, (req) =>
    users.getMe(ctxOf(req)),
  );
  r.put(
    '/users/me/profile',
    {
      config: open,
      schema: { tags, body: UpdateProfileInputSchema, response: { 200: envelope(UserSchema) } },
    },
    async (req) => ({
      status: 'success' as const,
      data: await users.updateMyProfile(ctxOf(req), req.body),
      message: 'Profile updated successfully!',
    }),
  );
  r.post(
    '/users/change-password',
    {
      config: beforePasswordChange,
      schema: { tags, body: ChangePasswordInputSchema, response: { 200: MessageSchema } },
    },
    async (req) => {
      await users.changePassword(ctxOf(req), req.body);
      return { message: 'Password updated successfully!' };
    },
  );
  r.get(
    '/users/me/notification-preferences',
    { config: open, schema: { tags, response: { 200: NotificationPreferencesSchema } } },
    (req) => users.getNotificationPreferences(ctxOf(req)),
  );
  r.put(
    '/users/me/notification-preferences',
    {
      config: open,
      schema: {
        tags,
        body: UpdateNotificationPreferencesInputSchema,
        response: { 200: NotificationPreferencesSchema },
      },
    },
    (req) => users.updateNotificationPreferences(ctxOf(req), req.body.preferences),
  );

  r.get(
    '/firms/user/:userId',
    {
      config: { allowWithoutSubscription: true },
      schema: { tags: ['firms'], params: z.object({ userId: IdSchema }), response: { 200: FirmSchema } },
    },
    (req) => users.getFirmOfUser(ctxOf(req), req.params.userId),
  );
  r.get('/users', { schema: { tags, response: { 200: UserListSchema } } }, (req) =>
    users.listUsers(ctxOf(req)),
  );
  r.post(
    '/users',
    {
      schema: {
        tags,
        body: CreateUserInputSchema,
        response: {
          201: z.object({
            status: z.literal('success'),
            data: UserSchema,
            generated_password: z.string().optional(),
            message: z.string(),
          }),
        },
      },
    },
    async (req, reply) => {
      const { user, generated_password } = await users.createUser(ctxOf(req), req.body);
      return reply.status(201).send({
        status: 'success' as const,
        data: user,
        generated_password,
        message: `User ${user.full_name} created successfully!`,
      });
    },
  );
  r.get(
    '/users/sheriffs',
    { schema: { tags, querystring: SheriffsByAreaQuerySchema, response: { 200: SheriffUserListSchema } } },
    (req) => sheriffs.listSheriffsForFirms(ctxOf(req), req.query.area),
  );
  r.get(
    '/users/firm-branches-with-users',
    { schema: { tags, response: { 200: FirmBranchesWithUsersSchema } } },
    (req) => users.getFirmBranchesWithUsers(ctxOf(req)),
  );
  r.post(
    '/users/create-firm-user',
    { schema: { tags, body: CreateFirmUserInputSchema, response: { 201: CreateFirmUserResultSchema } } },
    async (req, reply) => reply.status(201).send(await users.createFirmUser(ctxOf(req), req.body)),
  );
  r.put(
    '/users/activate-deactivate/:id',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        body: ActivateDeactivateInputSchema,
        response: { 200: envelope(UserSchema) },
      },
    },
    async (req) => ({
      status: 'success' as const,
      ...(await users.setUserActive(ctxOf(req), req.params.id, req.body)),
    }),
  );
  r.put(
    '/users/change-role/:id',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        body: ChangeRoleInputSchema,
        response: { 200: envelope(UserSchema) },
      },
    },
    async (req) => ({
      status: 'success' as const,
      ...(await users.changeRole(ctxOf(req), req.params.id, req.body)),
    }),
  );
  r.get('/users/:id', { schema: { tags, params: IdParamsSchema, response: { 200: UserSchema } } }, (req) =>
    users.getUser(ctxOf(req), req.params.id),
  );
  r.put(
    '/users/:id',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        body: UpdateUserInputSchema,
        response: { 200: envelope(UserSchema) },
      },
    },
    async (req) => {
      const data = await users.updateUser(ctxOf(req), req.params.id, req.body);
      return { status: 'success' as const, data, message: `User ${data.full_name} updated successfully!` };
    },
  );
  r.delete(
    '/users/:id',
    { schema: { tags, params: IdParamsSchema, response: { 200: MessageSchema } } },
    async (req) => {
      await users.deleteUser(ctxOf(req), req.params.id);
      return { message: 'User deleted successfully' };
    },
  );
}
