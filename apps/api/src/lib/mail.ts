import nodemailer, { type Transporter } from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { mailOutbox } from '../db/schema/index';

export type MailMessage = { to: string; subject: string; text: string; html?: string };

/**
 * Every message is written to `mail_outbox` first, so nothing is lost. With SMTP_URL set it is then sent
 * over SMTP and marked sent or failed; without, it stays 'kept' and a system admin reads it in the portal.
 */
export class Mailer {
  private readonly transport: Transporter | undefined;

  constructor(
    smtpUrl: string | undefined,
    private readonly from: string,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  }

  async send(db: DbOrTx, message: MailMessage): Promise<number> {
    const [row] = await db
      .insert(mailOutbox)
      .values({ toAddress: message.to, subject: message.subject, textBody: message.text, htmlBody: message.html })
      .returning({ id: mailOutbox.id });
    const id = row!.id;
    if (!this.transport) return id;
    try {
      await this.transport.sendMail({ from: this.from, ...message });
      await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date() }).where(eq(mailOutbox.id, id));
    } catch (err) {
      await db.update(mailOutbox).set({ status: 'failed', error: (err as Error).message }).where(eq(mailOutbox.id, id));
    }
    return id;
  }
}
