/** The payment pages' own reads (the firm's subscription they re-check is a shared key). */
export const paymentKeys = {
  bySignature: (signature: string) => ['payments', 'by-signature', signature] as const,
};
