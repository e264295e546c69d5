import { writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { mailOutbox } from '../db/schema/index';
import { redactLinks } from './redact';

export type MailMessage = { to: string; subject: string; text: string; html?: string };

/** Control characters, line and paragraph separators: what may never be inside one line of a header or a mail. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** One line of text: every run of line breaks and control characters becomes one space. */
export const oneLine = (value: string): string => value.replace(CONTROL, ' ').trim();

/**
 * Every message is written to `mail_outbox` first, so nothing is lost. With SMTP_URL set it is then sent over SMTP,
 * with MAIL_FILE_DIR written to a file of that folder (the demo's or a test's mail catcher), and marked sent or
 * failed; without either it stays 'kept' and a system admin sees it in the portal, its live links hidden (see
 * `redactLinks`). Once sent, the stored copy keeps no live link either. The subject and the recipient are one line.
 */
export class Mailer {
  private readonly transport: Transporter | undefined;

  constructor(
    smtpUrl: string | undefined,
    private readonly from: string,
    private readonly fileDir?: string,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  }

  async send(db: DbOrTx, input: MailMessage): Promise<number> {
    const message = { ...input, to: oneLine(input.to), subject: oneLine(input.subject) };
    const [row] = await db
      .insert(mailOutbox)
      .values({
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
      })
      .returning({ id: mailOutbox.id });
    const id = row!.id;
    if (!this.transport && !this.fileDir) return id;
    try {
      if (this.transport) await this.transport.sendMail({ from: this.from, ...message });
      else await this.writeFile(id, message);
      await db
        .update(mailOutbox)
        .set({
          status: 'sent',
          sentAt: new Date(),
          textBody: redactLinks(message.text),
          htmlBody: message.html === undefined ? undefined : redactLinks(message.html),
        })
        .where(eq(mailOutbox.id, id));
    } catch (err) {
      await db
        .update(mailOutbox)
        .set({ status: 'failed', error: (err as Error).message })
        .where(eq(mailOutbox.id, id));
    }
    return id;
  }

  private async writeFile(id: number, message: MailMessage) {
    await mkdir(this.fileDir!, { recursive: true, mode: 0o700 });
    const file = join(this.fileDir!, `${String(id).padStart(8, '0')}.json`);
    await writeFile(
      file,
      `${JSON.stringify({ id, from: this.from, ...message, created_at: new Date().toISOString() })}\n`,
      { mode: 0o600 },
    );
  }
}
