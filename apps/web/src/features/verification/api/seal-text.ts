import { sealChangeText } from '@lexserve/contracts/constants';
import type { Seal } from '@lexserve/contracts/verification';
import { formatLongDateTime } from '../../../lib/format';

/** The common name of a distinguished name ("CN=LexServe Document Seal (local), O=…" → "LexServe Document Seal (local)"). */
const commonNameOf = (dn: string): string =>
  /(?:^|,\s*)CN=((?:\\,|[^,])+)/.exec(dn)?.[1]?.replace(/\\,/g, ',').trim() ?? dn;

const when = (iso: string) => `${formatLongDateTime(iso)} SAST`;

/** Whether the seal shows the file unchanged since sealing. */
export const sealUnchanged = (seal: Seal) => seal.present && seal.intact && seal.covers_whole_file;

/**
 * The seal in words a clerk understands: who sealed the PDF and when, who time-stamped it, and whether it changed
 * after sealing. "Sealed by LexServe Document Seal (local) on 24 November 2026 at 14:05 SAST; time-stamped by … on …;
 * the document has not been changed since it was sealed."
 */
export function sealSentence(seal: Seal): string {
  if (!seal.present) return 'This PDF carries no electronic seal.';
  if (!seal.signer)
    return `This PDF carries a seal that could not be checked${seal.problem ? `: ${seal.problem}` : ''}.`;
  const signer = commonNameOf(seal.signer.subject);
  const by = seal.by_lexserve ? `Sealed by ${signer}` : `Sealed by ${signer}, which is not LexServe's seal,`;
  const sealed = seal.signed_at ? `${by} on ${when(seal.signed_at)}` : by.replace(/,$/, '');
  const stamped = seal.timestamp
    ? `time-stamped by ${seal.timestamp.authority ? commonNameOf(seal.timestamp.authority) : 'an unnamed time-stamping authority'} on ${when(seal.timestamp.time)}`
    : 'not time-stamped';
  const change = sealChangeText(seal);
  const state = change
    ? `changed after sealing: ${change}`
    : 'the document has not been changed since it was sealed';
  return `${sealed}; ${stamped}; ${state}.`;
}
