import {
  DOCUMENT_TYPES,
  DocumentErrors,
  SERVICE_CHANNELS,
  documentTypeLabel,
  isKnownDocumentType,
  toDocumentTypeValue,
  type AddressSource,
  type ServiceChannel,
  type ServiceMethod,
} from './document-constants';

export { SERVICE_CHANNELS, type ServiceChannel };

// ---------------------------------------------------------------------------------------------------------
// How each document type is served (docs/service-rules.md gives the rules read and their sources).
//
// - sheriff: initiating process and process directed to the sheriff: Uniform Rule 4(1)(a), Magistrates' Courts
//   Rule 9. Submitting it needs an assigned sheriff; the sheriff's return of service is its proof.
// - electronic_or_sheriff: documents after initiating process, served under Uniform Rule 4A at the address the
//   other party nominated (by hand, registered post, fax or e-mail); "need not be effected through the sheriff".
//   On a Court Online matter they are served through Court Online (Uniform Rules 1A/1B), not by LexServe e-mail.
// - not_served: filed with the court, prepared for the judge, signed by both sides, or not court process at all
//   (correspondence, internal documents).
//
// Where the rules leave a type open (a type that can be initiating or subsequent), the safer channel is chosen:
// sheriff rather than electronic (a sheriff may always serve), electronic rather than "not served" (serving a
// document that only had to be filed does no harm). Such entries carry a `note`.
// ---------------------------------------------------------------------------------------------------------

export const SERVICE_CHANNEL_LABELS: Record<ServiceChannel, string> = {
  sheriff: 'Served by the sheriff',
  electronic_or_sheriff: 'Served electronically or by the sheriff',
  not_served: 'Not served',
};

export type ServiceChannelEntry = {
  channel: ServiceChannel;
  /** The rule it rests on, as lawyers cite it. */
  rule: string;
  /** A few words after the rule: "initiating process". */
  basis: string;
  /** One plain sentence for users. */
  explanation: string;
  /** Where the rules leave the type open, what was decided and why. */
  note?: string;
};

const SHERIFF_RULE = "Uniform Rule 4(1)(a); Magistrates' Courts Rule 9";
const RULE_4A = 'Uniform Rule 4A';

const initiating = (explanation: string, note?: string): ServiceChannelEntry => ({
  channel: 'sheriff',
  rule: SHERIFF_RULE,
  basis: 'initiating process',
  explanation,
  ...(note ? { note } : {}),
});

const subsequent = (explanation: string, rule = RULE_4A, note?: string): ServiceChannelEntry => ({
  channel: 'electronic_or_sheriff',
  rule,
  basis: 'a document after initiating process',
  explanation,
  ...(note ? { note } : {}),
});

const notServed = (rule: string, basis: string, explanation: string, note?: string): ServiceChannelEntry => ({
  channel: 'not_served',
  rule,
  basis,
  explanation,
  ...(note ? { note } : {}),
});

const STARTS_ACTION =
  'It starts the action, so the sheriff serves it on each defendant and returns a return of service.';
const STARTS_APPLICATION =
  'It starts the application, so the sheriff serves it (with the founding affidavit) on each respondent and returns a return of service.';
const AFTER_4A =
  'It is delivered after the proceedings have started, to the address for service the other party gave (by hand, registered post or e-mail); a sheriff is not needed.';
const WITH_PAPERS_4A =
  'It is served with the papers it belongs to, after the proceedings have started, at the address for service the other party gave; a sheriff is not needed.';
const COURT_DOCUMENT_4A =
  'It goes to the other parties after the proceedings have started, at the address for service they gave; a sheriff is not needed.';
const CORRESPONDENCE =
  'Correspondence is not court process: it is sent, not served, and needs no proof of service.';

/** Keyed by the catalogue's labels (converted to `document_type` values below). */
const BY_LABEL: Record<string, ServiceChannelEntry> = {
  // Pleadings
  'Summons Simple': initiating(STARTS_ACTION),
  'Summons Combined': initiating(STARTS_ACTION),
  'Particulars of Claim': initiating(
    'Particulars of claim annexed to a combined summons are served with it by the sheriff.',
    'Particulars delivered later (a declaration after a simple summons, amended particulars) may go by Rule 4A; as a type of its own it is treated as part of the combined summons (Uniform Rule 17(2)), the safer channel.',
  ),
  'Notice of Intention to Defend': subsequent(
    'The defendant delivers it to the address the plaintiff gave in the summons; it also gives the defendant’s own address for service (Uniform Rule 19(3)).',
  ),
  Plea: subsequent(AFTER_4A),
  Exception: subsequent(AFTER_4A),
  'Special Plea': subsequent(AFTER_4A),
  Replication: subsequent(AFTER_4A),
  Rejoinder: subsequent(AFTER_4A),
  'Claim in Reconvention / Counterclaim': subsequent(AFTER_4A),
  'Plea to Counterclaim': subsequent(AFTER_4A),
  'Request for Further Particulars': subsequent(AFTER_4A),
  'Notice of Bar': subsequent(AFTER_4A),
  'Notice of Intention to Amend Pleadings': subsequent(AFTER_4A),
  'Amended Pleadings': subsequent(AFTER_4A),

  // Application proceedings
  'Notice of Motion (On Notice)': initiating(
    STARTS_APPLICATION,
    'An interlocutory application in a pending matter (Uniform Rule 6(11)) may go by Rule 4A; those are the "Interlocutory and Procedural Applications" types.',
  ),
  'Notice of Motion (Ex Parte)': notServed(
    'Uniform Rule 6(4)',
    'an ex parte application',
    'An ex parte application is filed with the registrar and heard without notice to anyone; the order it yields (a rule nisi) is then served by the sheriff.',
  ),
  'Founding Affidavit': initiating(STARTS_APPLICATION),
  'Answering Affidavit': subsequent(AFTER_4A),
  'Opposing Affidavit': subsequent(AFTER_4A),
  'Replying Affidavit': subsequent(AFTER_4A),
  'Supplementary Affidavit': subsequent(AFTER_4A),
  'Confirmatory Affidavit': subsequent(
    WITH_PAPERS_4A,
    RULE_4A,
    'A confirmatory affidavit filed with founding papers that start proceedings is served with them by the sheriff; upload it with the notice of motion in that case.',
  ),
  'Annexures to Affidavit': subsequent(
    WITH_PAPERS_4A,
    RULE_4A,
    'Annexures to a founding affidavit that starts proceedings go with it to the sheriff; upload them with the notice of motion in that case.',
  ),
  'Notice of Set Down': subsequent(AFTER_4A),
  'Notice of Withdrawal of Application': subsequent(AFTER_4A),

  // Interlocutory and procedural applications (within pending proceedings)
  'Rule 30 / 30A Applications': subsequent(AFTER_4A),
  'Application to Amend (Rule 28)': subsequent(AFTER_4A),
  'Application for Discovery (Rule 35)': subsequent(AFTER_4A),
  'Application for Security for Costs': subsequent(AFTER_4A),
  'Joinder / Intervention Applications': initiating(
    'A person to be joined is not yet a party and has given no address for service, so the sheriff serves the application on them.',
    'An intervention application brought by the new party itself is served on the existing parties under Rule 4A; the combined type takes the safer channel.',
  ),
  'Substitution Applications': subsequent(
    AFTER_4A,
    'Uniform Rule 4A; Uniform Rule 15',
    'A person substituted who has not yet given an address for service must be served by the sheriff.',
  ),
  'Condonation Application': subsequent(AFTER_4A),

  // Trial preparation
  'Discovery Affidavit (Rule 35)': subsequent(AFTER_4A),
  'Supplementary Discovery Affidavit': subsequent(AFTER_4A),
  'Notice in terms of Rule 35(1), (3), (6), or (7)': subsequent(AFTER_4A),
  'Notice to Produce Documents': subsequent(AFTER_4A),
  'Notice to Inspect Documents': subsequent(AFTER_4A),
  'Expert Notices and Reports': subsequent(AFTER_4A, 'Uniform Rule 4A; Uniform Rule 36(9)'),
  'Witness Statements / Summaries': subsequent(AFTER_4A),
  'Pre-Trial Minutes': notServed(
    'Uniform Rule 37',
    'a minute signed by both sides',
    'The minute of a pre-trial conference is signed by the parties and filed with the court; it is not served.',
  ),
  'Pre-Trial Conference Notices': subsequent(AFTER_4A, 'Uniform Rule 4A; Uniform Rule 37'),
  'Request for Trial Date': subsequent(
    COURT_DOCUMENT_4A,
    RULE_4A,
    'Made to the registrar; where the division’s practice requires the other party to receive it, it goes by Rule 4A.',
  ),

  // Appeals and reviews
  'Notice of Appeal': subsequent(AFTER_4A, 'Uniform Rule 4A; Uniform Rule 49'),
  'Notice of Application for Leave to Appeal': subsequent(AFTER_4A, 'Uniform Rule 4A; Uniform Rule 49'),
  'Application for Review (Rule 53)': initiating(
    'A review application starts proceedings against the decision-maker and every affected party, so the sheriff serves it.',
  ),
  'Record of Proceedings': subsequent(COURT_DOCUMENT_4A),
  'Supplemented Record': subsequent(AFTER_4A, 'Uniform Rule 4A; Uniform Rule 53(4)'),
  'Founding / Answering / Replying Affidavits (Review)': initiating(
    'The founding affidavit of a review starts the proceedings and is served by the sheriff.',
    'Answering and replying affidavits in a review go by Rule 4A; the combined type takes the safer channel.',
  ),
  'Heads of Argument (Appeal or Review)': subsequent(
    COURT_DOCUMENT_4A,
    RULE_4A,
    'Heads are filed for the court and delivered to the other side under the division’s practice directive.',
  ),
  'Practice Note (Appeal or Review)': subsequent(
    COURT_DOCUMENT_4A,
    RULE_4A,
    'Practice notes are required by the divisions’ practice directives, not the Uniform Rules; they are filed and delivered to the other side.',
  ),
  'Notice of Withdrawal of Appeal': subsequent(AFTER_4A),

  // Urgent applications
  'Certificate of Urgency': notServed(
    "Division's practice directive",
    'a document for the judge',
    'A certificate of urgency is filed for the judge who hears the urgent roll; it is not served on its own.',
    'Where a division wants it in the application papers, it goes with them to the sheriff.',
  ),
  'Urgent Founding Affidavit': initiating(
    STARTS_APPLICATION,
    'Uniform Rule 6(12) lets the court direct another manner of service in urgent matters.',
  ),
  'Urgent Notice of Motion': initiating(
    STARTS_APPLICATION,
    'Uniform Rule 6(12) lets the court direct another manner of service in urgent matters.',
  ),
  'Supporting Urgent Affidavits': initiating(
    'They are served with the urgent application that starts the proceedings.',
  ),
  'Urgent Interim Relief Documentation': initiating(
    'Urgent interim relief starts proceedings against the respondent, so the sheriff serves it.',
  ),

  // Enforcement and execution
  'Application for Default Judgment': subsequent(
    COURT_DOCUMENT_4A,
    'Uniform Rule 4A; Uniform Rule 31',
    'A request for default judgment is made to the registrar; it is served only where Rule 31 requires notice to the defendant, and a defendant who never gave an address for service must be served by the sheriff.',
  ),
  'Warrant of Execution': {
    channel: 'sheriff',
    rule: 'Uniform Rules 4(1)(a) and 45',
    basis: 'process directed to the sheriff',
    explanation:
      'A warrant is process of the court directed to the sheriff, who executes it and makes a return.',
  },
  'Warrant of Arrest (Rule 39)': {
    channel: 'sheriff',
    rule: 'Uniform Rule 4(1)(a)',
    basis: 'process directed to the sheriff',
    explanation:
      'A warrant is process of the court directed to the sheriff, who executes it and makes a return.',
  },
  'Section 58 / 65 Notices': initiating(
    'A notice to a judgment debtor to appear for a financial inquiry is served by the sheriff.',
    "Magistrates' Courts Act 32 of 1944, s 65A; a s 58 letter of demand on its own is correspondence. The combined type takes the safer channel.",
  ),
  'Garnishee Order': {
    channel: 'sheriff',
    rule: "Magistrates' Courts Rule 9; Magistrates' Courts Act s 72",
    basis: 'an order served on the garnishee',
    explanation:
      'The order binds the garnishee (a bank or employer), who is not a party, so the sheriff serves it.',
  },
  'Emoluments Attachment Order': {
    channel: 'sheriff',
    rule: "Magistrates' Courts Rule 9; Magistrates' Courts Act s 65J",
    basis: 'an order served on the garnishee',
    explanation:
      'The order binds the employer (the garnishee), who is not a party, so the sheriff serves it.',
  },
  'Notice of Intention to Execute': initiating(
    'Execution steps against a debtor’s property are served on the debtor by the sheriff.',
    'Some notices in execution go to an attorney of record by Rule 4A; the type takes the safer channel.',
  ),

  // Family law
  'Divorce Summons': initiating(
    'A divorce summons starts the action, so the sheriff serves it on the defendant and returns a return of service.',
  ),
  'Plea / Counterclaim (Divorce)': subsequent(AFTER_4A),
  'Rule 43 Application (Interim Relief)': initiating(
    'A Rule 43 application may be brought before the divorce is instituted, so the sheriff serves it.',
    'In a pending divorce it may go by Rule 4A to the address the other spouse gave; the type takes the safer channel.',
  ),
  'Rule 43 Answering / Replying Affidavits': subsequent(AFTER_4A),
  'Parenting Plans': subsequent(
    COURT_DOCUMENT_4A,
    RULE_4A,
    'A parenting plan agreed by both parents is filed (Children’s Act 38 of 2005, s 34); one proposed in litigation is delivered by Rule 4A.',
  ),
  'Settlement Agreement (Divorce)': notServed(
    'Signed by the parties',
    'an agreement signed by both sides',
    'A settlement agreement is signed by both parties and handed to the court to be made an order; it is not served.',
  ),
  'Domestic Violence Protection Order Application': initiating(
    'The application and the interim protection order are served on the respondent by the sheriff.',
    'The Domestic Violence Act 116 of 1998 also lets the clerk of the court or a peace officer serve them.',
  ),
  'Maintenance Application / Variation': notServed(
    'Maintenance Act 99 of 1998',
    'a complaint to the maintenance officer',
    'A maintenance complaint is lodged with the maintenance officer; the court’s own officers bring the other party before the court.',
  ),
  'Affidavit in Support of Protection Order': initiating(
    'It is served with the protection order application.',
  ),

  // Commercial and insolvency
  'Liquidation Application (Voluntary or Compulsory)': initiating(STARTS_APPLICATION),
  'Sequestration Application': initiating(STARTS_APPLICATION),
  'Business Rescue Application / CIPC Notices': initiating(
    STARTS_APPLICATION,
    'Notices filed with the CIPC are not court process; the combined type takes the safer channel for the application.',
  ),
  'Supporting Affidavit – Insolvency': initiating(
    'It is served with the insolvency application that starts the proceedings.',
  ),
  'S129 Notification (NCA)': notServed(
    'National Credit Act 34 of 2005, s 129',
    'a notice before litigation',
    'A section 129 notice is delivered to the consumer by registered post or to the chosen address before any court process; it is not served as court process.',
  ),

  // Court bundles and argument
  'Indexed and Paginated Bundle (CaseLines)': notServed(
    "Division's practice directive",
    'a bundle filed on CaseLines',
    'The bundle is uploaded to CaseLines, where the court and every party see it; uploading is filing, not service.',
  ),
  'Practice Note': subsequent(
    COURT_DOCUMENT_4A,
    RULE_4A,
    'Practice notes are required by the divisions’ practice directives, not the Uniform Rules; they are filed and delivered to the other side.',
  ),
  'Heads of Argument': subsequent(COURT_DOCUMENT_4A),
  'Chronology of Events': subsequent(COURT_DOCUMENT_4A),
  'List of Authorities': subsequent(COURT_DOCUMENT_4A),
  'Index to Court File': notServed(
    'Filed with the registrar',
    'a document for the court file',
    'An index is filed with the court file; it is not served.',
  ),

  // Correspondence and notices
  'Notice of Intention to Oppose': subsequent(
    'The respondent delivers it to the address the applicant gave in the notice of motion; it also gives the respondent’s own address for service (Uniform Rule 6(5)(d)(i)).',
  ),
  'Notice of Withdrawal of Plea or Action': subsequent(AFTER_4A, 'Uniform Rule 4A; Uniform Rule 41'),
  'Notice of Intention to Amend (Rule 28)': subsequent(AFTER_4A),
  'Notice of Withdrawal of Attorney of Record': subsequent(AFTER_4A, 'Uniform Rule 4A; Uniform Rule 16'),
  'Notice of Substitution of Parties': subsequent(AFTER_4A, 'Uniform Rule 4A; Uniform Rule 15'),
  'Notice of Removal from the Roll': subsequent(AFTER_4A),
  'Notice of Non-Opposition': subsequent(AFTER_4A),
  'Rule 35 Notice (Discovery)': subsequent(AFTER_4A),
  'Rule 28 Notice (Amendment)': subsequent(AFTER_4A),
  'Notice of Motion for Postponement': subsequent(AFTER_4A),
  'Cover Letter to Court': notServed(
    'Correspondence',
    'a letter to the court',
    'A letter to the registrar or the court is filed, not served.',
  ),
  'Service Confirmations / Returns': notServed(
    'Uniform Rule 4(6)',
    'a proof of service',
    'A return of service or other proof of service is filed with the court as proof; it is not itself served.',
  ),

  // Letters
  'Letter of Demand': notServed('Correspondence', 'a letter before action', CORRESPONDENCE),
  'Settlement Proposal Letter': notServed('Correspondence', 'correspondence', CORRESPONDENCE),
  'Attorney-to-Attorney Correspondence': notServed('Correspondence', 'correspondence', CORRESPONDENCE),
  'Instruction Letter to Sheriff': notServed(
    'Correspondence',
    'an instruction to the sheriff',
    'An instruction to the sheriff goes with the process to be served; it is not served on anyone.',
  ),
  'Letter Confirming Service': notServed('Correspondence', 'correspondence', CORRESPONDENCE),
  'Letter Requesting Consent to Amend': notServed(
    'Correspondence',
    'correspondence',
    CORRESPONDENCE,
    'The formal notice of intention to amend (Uniform Rule 28) is its own type and is served by Rule 4A.',
  ),
  'Registrar Correspondence': notServed(
    'Correspondence',
    'a letter to the registrar',
    'A letter to the registrar is filed, not served.',
  ),
  'Client Instruction Letter': notServed(
    'Internal',
    'a letter between the firm and its client',
    'A letter between the firm and its client is not served on anyone.',
  ),

  // Miscellaneous and supporting documents
  'Power of Attorney': notServed(
    'Uniform Rule 7',
    'a document filed when required',
    'A power of attorney is filed with the registrar when the rules require it; it is not served.',
  ),
  'Identity Document / Company Resolution': notServed(
    'Supporting document',
    'a supporting document',
    'A supporting document is kept or filed with the papers it supports; it is not served on its own.',
  ),
  'Expert Reports': subsequent(AFTER_4A, 'Uniform Rule 4A; Uniform Rule 36(9)'),
  'Medical / Financial Reports': subsequent(AFTER_4A, 'Uniform Rule 4A; Uniform Rule 36'),
  'Draft Court Order': notServed(
    'Filed for the judge',
    'a draft for the judge',
    'A draft order is handed up or uploaded for the judge; it is not served.',
  ),
  'Settlement Agreement': notServed(
    'Signed by the parties',
    'an agreement signed by both sides',
    'A settlement agreement is signed by both parties; it is not served.',
  ),
};

/** The table by `document_type` value: one entry for every catalogue type (the contracts test checks it). */
export const SERVICE_CHANNEL_TABLE: Readonly<Record<string, ServiceChannelEntry>> = Object.fromEntries(
  Object.entries(BY_LABEL).map(([label, entry]) => [toDocumentTypeValue(label), entry]),
);

/**
 * How a document type is served: a converted value ("summons_combined") or a catalogue label ("Summons
 * Combined"). Null for a type that is not in the catalogue.
 */
export function serviceChannelOf(documentType: string | null | undefined): ServiceChannelEntry | null {
  if (!documentType) return null;
  const value = isKnownDocumentType(documentType) ? documentType : toDocumentTypeValue(documentType);
  return SERVICE_CHANNEL_TABLE[value] ?? null;
}

/** Catalogue types without an entry (empty when the table is complete). */
export const typesWithoutChannel = (): string[] =>
  DOCUMENT_TYPES.filter((t) => !SERVICE_CHANNEL_TABLE[t.value]).map((t) => t.label);

export const COURT_ONLINE_RULE = 'Uniform Rules 1A and 1B (Court Online)';

/**
 * The one line the wizard shows under the document type: "Served by the sheriff — Uniform Rule 4(1)(a);
 * Magistrates' Courts Rule 9: initiating process." On a Court Online matter, documents after initiating
 * process are served through Court Online instead of by LexServe e-mail.
 */
export function serviceChannelNote(
  entry: ServiceChannelEntry,
  opts: { onCourtOnline?: boolean } = {},
): string {
  if (entry.channel === 'electronic_or_sheriff' && opts.onCourtOnline)
    return `Served through Court Online — ${COURT_ONLINE_RULE}: ${entry.basis}.`;
  return `${SERVICE_CHANNEL_LABELS[entry.channel]} — ${entry.rule}: ${entry.basis}.`;
}

/**
 * Where the address for Rule 4A service comes from: each party nominates it in its first document. Rule 4A(1)
 * also names rule 34(8), whose notice is not listed here (see docs/service-rules.md, "Unclear"). Without a notice
 * named, LexServe records that it served on the address the other firm's branch registered on LexServe.
 */
export const ADDRESS_FOR_SERVICE_SOURCES = [
  { value: 'uniform_rule_17_3', rule: 'Uniform Rule 17(3)', document: 'Summons', party: 'plaintiff' },
  {
    value: 'uniform_rule_19_3',
    rule: 'Uniform Rule 19(3)',
    document: 'Notice of Intention to Defend',
    party: 'defendant',
  },
  {
    value: 'uniform_rule_6_5_b',
    rule: 'Uniform Rule 6(5)(b)',
    document: 'Notice of Motion',
    party: 'applicant',
  },
  {
    value: 'uniform_rule_6_5_d_i',
    rule: 'Uniform Rule 6(5)(d)(i)',
    document: 'Notice of Intention to Oppose',
    party: 'respondent',
  },
] as const satisfies readonly { value: AddressSource; rule: string; document: string; party: string }[];

/** "Nominated in the Notice of Intention to Defend (Uniform Rule 19(3))", for the notice and the wizard. */
export function addressSourceLabel(value: AddressSource): string {
  const source = ADDRESS_FOR_SERVICE_SOURCES.find((s) => s.value === value);
  if (!source) return "The digital service address the recipient's branch registered on LexServe";
  return `Nominated in the ${source.document} (${source.rule})`;
}

/**
 * How a document will be served: its type's channel decides, and for a document after initiating process the
 * firm's choice (electronic unless the sheriff was chosen). Null for a type that is not served or not known.
 */
export function serviceMethodOf(
  documentType: string | null | undefined,
  chosen: ServiceMethod | null | undefined,
): ServiceMethod | null {
  const entry = serviceChannelOf(documentType);
  if (!entry || entry.channel === 'not_served') return null;
  if (entry.channel === 'sheriff') return 'sheriff';
  return chosen ?? 'electronic';
}

const fill = (message: string, values: Record<string, string>) =>
  message.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);

export type ServiceFacts = {
  documentType: string | null | undefined;
  serviceMethod: ServiceMethod | null | undefined;
  assignedSheriffId: number | null | undefined;
  onCourtOnline: boolean;
  /** Court Online is refused separately in a magistrates' court (COURT_ONLINE_HIGH_COURT_ONLY). */
  inMagistratesCourt: boolean;
};

/**
 * What the service channel still needs before a submit, in the words of the API's 422 (the wizard's step 4 and the
 * server's submit use this one function), and how the document will be served. Without a document type the spec's
 * flow (electronic service on the DSA) is what is asked for; a type that is not served answers method null.
 */
export function serviceProblems(f: ServiceFacts): {
  method: ServiceMethod | null;
  problems: { field: string; msg: string }[];
} {
  const entry = serviceChannelOf(f.documentType);
  if (!entry) return { method: 'electronic', problems: [] };
  const type = documentTypeLabel(f.documentType!);
  if (entry.channel === 'not_served')
    return {
      method: null,
      problems: [
        {
          field: 'document_type',
          msg: fill(DocumentErrors.NOT_A_SERVED_DOCUMENT.message, { type, explanation: entry.explanation }),
        },
      ],
    };
  const problems: { field: string; msg: string }[] = [];
  if (entry.channel === 'sheriff' && f.serviceMethod === 'electronic')
    problems.push({
      field: 'service_method',
      msg: fill(DocumentErrors.ELECTRONIC_NOT_ALLOWED.message, { type }),
    });
  const method = serviceMethodOf(f.documentType, f.serviceMethod);
  if (method === 'sheriff' && !f.assignedSheriffId)
    problems.push({
      field: 'assigned_sheriff_id',
      msg: fill(DocumentErrors.SHERIFF_REQUIRED.message, {
        type,
        rule: entry.channel === 'sheriff' ? entry.rule : 'chosen by the firm',
      }),
    });
  if (method === 'electronic' && f.onCourtOnline && !f.inMagistratesCourt)
    problems.push({ field: 'on_court_online', msg: DocumentErrors.COURT_ONLINE_E_SERVICE.message });
  return { method, problems };
}
