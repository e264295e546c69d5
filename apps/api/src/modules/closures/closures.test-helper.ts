import { randomBytes } from 'node:crypto';
import type { DocumentStatus } from '@lexserve/contracts/documents';
import { eq } from 'drizzle-orm';
import { firmSubscriptions, proofOfServiceFiles, proofsOfService } from '../../db/schema/index';
import { findPlanByName } from '../subscriptions/plans.repository';
import { insertSubscription } from '../subscriptions/subscriptions.repository';
import { insertBranch } from '../firms/firms.repository';
import { insertDocument } from '../documents/documents.repository';
import type { TestApp } from '../../../test/build-app';
import { addFirmUser, registerFirm, type RegisteredFirm } from '../../../test/factories';

const unique = () => randomBytes(4).toString('hex');

export type CaseOptions = {
  firmId: number;
  branchId: number | null;
  createdById: number;
  status?: DocumentStatus;
  /** A proof of service exists (default true for served documents). */
  proof?: boolean;
  title?: string;
};

/**
 * A case as the documents module leaves it after submit: served, with its proof of service. Inserted through
 * the documents repository (the closure tests need a served case, not the wizard).
 */
export async function makeCase(t: TestApp, o: CaseOptions) {
  const status = o.status ?? 'served';
  const doc = await insertDocument(t.database.db, {
    title: o.title ?? `Closure test ${unique()}`,
    caseNumber: `2025/${Math.floor(Math.random() * 100000)}`,
    firmId: o.firmId,
    branchId: o.branchId,
    createdById: o.createdById,
    status,
    ...(status === 'served'
      ? { serviceDate: new Date(), servedAt: new Date(), servedById: o.createdById }
      : {}),
  });
  if (o.proof ?? status === 'served') {
    const [proof] = await t.database.db
      .insert(proofsOfService)
      .values({
        documentId: doc.id,
        firmId: o.firmId,
        securityId: `LS-${unique().toUpperCase()}-${unique().toUpperCase()}`,
      })
      .returning();
    // The file of its current version: what makes a proof exist (the closure check reads this row).
    await t.database.db.insert(proofOfServiceFiles).values({
      proofId: proof!.id,
      version: 1,
      storageKey: `proofs/${o.firmId}/${unique()}.pdf`,
      sha256: '0'.repeat(64),
      size: 1,
    });
  }
  return doc;
}

/** Another firm, subscribed, to prove tenancy (its administrator must reach the closure calls, not the gate). */
export async function makeOtherFirm(t: TestApp): Promise<RegisteredFirm> {
  const firm = await registerFirm(t);
  await ensureSubscribed(t, firm.firmId);
  return firm;
}

export type FirmTeam = {
  firm: RegisteredFirm;
  branchAdmin: Awaited<ReturnType<typeof addFirmUser>>;
  attorney: Awaited<ReturnType<typeof addFirmUser>>;
};

/** Gives the firm an active subscription unless it has one (firm roles are gated without one). */
async function ensureSubscribed(t: TestApp, firmId: number) {
  const db = t.database.db;
  const [existing] = await db
    .select({ id: firmSubscriptions.id })
    .from(firmSubscriptions)
    .where(eq(firmSubscriptions.firmId, firmId))
    .limit(1);
  if (existing) return;
  const plan = await findPlanByName(db, 'medium_large_firm');
  if (!plan) throw new Error('default plans missing');
  const now = new Date();
  await insertSubscription(db, {
    firmId,
    planId: plan.id,
    status: 'active',
    billingCycle: 'monthly',
    amountCents: plan.monthlyPriceCents ?? 0,
    startDate: now,
    currentPeriodStart: now,
    endDate: new Date(now.getTime() + 31 * 86_400_000),
    provider: 'manual',
  });
}

/** A subscribed firm with a branch administrator and a legal practitioner of its main branch. */
export async function makeTeam(t: TestApp, firm: RegisteredFirm): Promise<FirmTeam> {
  await ensureSubscribed(t, firm.firmId);
  return {
    firm,
    branchAdmin: await addFirmUser(t, firm, 'branch_admin'),
    attorney: await addFirmUser(t, firm, 'legal_practitioner'),
  };
}

/** A second branch of the firm (straight through the repository: plan limits are not under test here). */
export const makeBranch = (t: TestApp, firmId: number) =>
  insertBranch(t.database.db, {
    firmId,
    name: `Branch ${unique()}`,
    practiceNumber: `BR-${unique()}`,
    address: '5 Main Road, Durban, 4001',
    contactEmail: `branch-${unique()}@firm.co.za`,
    digitalServiceAddress: `br-${unique()}@dsa.lexserve.co.za`,
  });

/** A complete checklist as the Request dialog sends it. */
const fullChecklist = (summary = 'All served and acknowledged.') => ({
  all_documents_attached: { completed: true, notes: '', required: true },
  proof_of_service_uploaded: {
    completed: true,
    notes: 'Proof of service automatically verified',
    required: true,
  },
  case_summary_completed: { completed: true, notes: summary, required: true },
});

export const requestBody = (documentId: number, overrides: Record<string, unknown> = {}) => ({
  document_id: documentId,
  closure_reason: 'Service completed successfully',
  closure_notes: 'Served personally on the respondent.',
  initial_checklist: fullChecklist(),
  ...overrides,
});
