import type { FastifyInstance } from 'fastify';
import { firmById as findFirmById } from '../firms/firms.service';
import { findUserById } from './users.repository';

/** E-mails that follow account events: a welcome for a registered firm and for a user created by an admin. */
export function mailSetup(app: FastifyInstance) {
  const { events, mailer, env } = app.deps;

  events.on('firm.registered', async (payload, { tx }) => {
    const user = await findUserById(tx, Number(payload.userId));
    const firm = await findFirmById(tx, Number(payload.firmId));
    if (!user || !firm) return;
    await mailer.send(tx, {
      to: user.email,
      subject: `Welcome to LexServe, ${firm.name}`,
      text:
        `Hello ${user.fullName},\n\n${firm.name} is registered on LexServe and you are its firm administrator.\n` +
        `Choose a subscription plan to start serving documents: ${env.PUBLIC_URL}/app/plans\n\nLexServe`,
    });
  });

  events.on('user.created', async (payload, { tx }) => {
    if (payload.invited) return; // the invitation to set a password was e-mailed with the account
    const user = await findUserById(tx, Number(payload.userId));
    if (!user) return;
    await mailer.send(tx, {
      to: user.email,
      subject: 'Your LexServe account',
      text:
        `Hello ${user.fullName},\n\nAn account has been created for you on LexServe. Your administrator will give ` +
        `you your first password; you can change it under Account Settings after logging in at ${env.PUBLIC_URL}/login.\n\nLexServe`,
    });
  });
}
