/**
 * What a write changed that public verification shows (modules/verification keeps its answers in memory): a
 * document's (its proof and versions, service date, revocation, served copies, a seal's time-stamp, a stored file's
 * integrity) or a firm's (its name or standing).
 */
export type VerificationChange = { documentId: number } | { firmId: number };

/**
 * The port through which a service says, once its transaction has committed, that it changed what a check by
 * security ID answers: this process forgets the answer at once (nothing waits). Other processes hear of the change
 * from the database itself (migration 0017's triggers NOTIFY at commit).
 */
export class VerificationChanges {
  private readonly listeners: ((change: VerificationChange) => void)[] = [];

  /** The verification module listens (one cache per app). */
  listen(listener: (change: VerificationChange) => void): void {
    this.listeners.push(listener);
  }

  changed(change: VerificationChange): void {
    for (const listener of this.listeners) listener(change);
  }
}
