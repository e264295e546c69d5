/**
 * The courts' plain values, with no zod: the High Court seats, the magisterial districts, the court names and their
 * rules in words. The web app's New Matter wizard (its court picker and step 1's checks) uses these without loading the
 * schema library (docs/performance.md, section 5); courts.ts re-exports them beside the schemas.
 */

// ---------------------------------------------------------------------------------------------------------
// Courts a matter can be in (docs/service-rules.md, "Courts"). The High Court's divisions and seats follow
// section 6(1) of the Superior Courts Act 10 of 2013 and the local seats established under section 6(3)(c);
// a magistrates' court is named after its magisterial district.
// ---------------------------------------------------------------------------------------------------------

export type HighCourt = {
  /** The line a document's heading carries after "In the High Court of South Africa,". */
  name: string;
  division: string;
  seat: string;
  /** The division's main seat (s 6(1)) or a local seat. */
  main: boolean;
  province: string;
};

const court = (division: string, seat: string, province: string, main = false): HighCourt => ({
  name: `${division}, ${seat}`,
  division,
  seat,
  main,
  province,
});

/** Every seat of the High Court of South Africa, main seats first within each division. */
export const HIGH_COURTS: readonly HighCourt[] = [
  court('Eastern Cape Division', 'Makhanda', 'Eastern Cape', true),
  court('Eastern Cape Division', 'Bhisho', 'Eastern Cape'),
  court('Eastern Cape Division', 'Gqeberha', 'Eastern Cape'),
  court('Eastern Cape Division', 'Mthatha', 'Eastern Cape'),
  court('Eastern Cape Division', 'East London', 'Eastern Cape'),
  court('Free State Division', 'Bloemfontein', 'Free State', true),
  court('Gauteng Division', 'Pretoria', 'Gauteng', true),
  court('Gauteng Local Division', 'Johannesburg', 'Gauteng'),
  court('KwaZulu-Natal Division', 'Pietermaritzburg', 'KwaZulu-Natal', true),
  court('KwaZulu-Natal Local Division', 'Durban', 'KwaZulu-Natal'),
  court('Limpopo Division', 'Polokwane', 'Limpopo', true),
  court('Limpopo Division', 'Thohoyandou', 'Limpopo'),
  court('Mpumalanga Division', 'Mbombela', 'Mpumalanga', true),
  court('Mpumalanga Division', 'Middelburg', 'Mpumalanga'),
  court('North West Division', 'Mahikeng', 'North West', true),
  court('Northern Cape Division', 'Kimberley', 'Northern Cape', true),
  court('Western Cape Division', 'Cape Town', 'Western Cape', true),
];

/** Older or alternative names of the same seats, read as the current name. */
const HIGH_COURT_ALIASES: Record<string, string> = {
  'eastern cape division, grahamstown': 'Eastern Cape Division, Makhanda',
  'eastern cape division, port elizabeth': 'Eastern Cape Division, Gqeberha',
  'eastern cape local division, port elizabeth': 'Eastern Cape Division, Gqeberha',
  'eastern cape local division, gqeberha': 'Eastern Cape Division, Gqeberha',
  'eastern cape local division, mthatha': 'Eastern Cape Division, Mthatha',
  'eastern cape local division, bhisho': 'Eastern Cape Division, Bhisho',
  'eastern cape local division, east london': 'Eastern Cape Division, East London',
  'gauteng division, johannesburg': 'Gauteng Local Division, Johannesburg',
  'kwazulu-natal division, durban': 'KwaZulu-Natal Local Division, Durban',
  'limpopo local division, thohoyandou': 'Limpopo Division, Thohoyandou',
  'mpumalanga division, nelspruit': 'Mpumalanga Division, Mbombela',
  'mpumalanga local division, middelburg': 'Mpumalanga Division, Middelburg',
  'north west division, mafikeng': 'North West Division, Mahikeng',
};

/**
 * Magisterial districts offered in the court picker and as sheriffs' service areas. A starting list of the
 * districts with the busiest courts, by province; it is not the official list of every district (see
 * docs/service-rules.md): any other district can be typed in.
 */
export const MAGISTERIAL_DISTRICTS_BY_PROVINCE: Record<string, readonly string[]> = {
  'Eastern Cape': [
    'Aliwal North',
    'Bhisho',
    'Butterworth',
    'Cradock',
    'East London',
    'Gqeberha',
    'Graaff-Reinet',
    'Humansdorp',
    'Kariega',
    'Komani',
    'Lusikisiki',
    'Makhanda',
    'Mdantsane',
    'Mthatha',
    'Port Alfred',
    'Qonce',
  ],
  'Free State': [
    'Bethlehem',
    'Bloemfontein',
    'Botshabelo',
    'Harrismith',
    'Kroonstad',
    'Parys',
    'Phuthaditjhaba',
    'Sasolburg',
    'Thaba Nchu',
    'Virginia',
    'Welkom',
  ],
  Gauteng: [
    'Alberton',
    'Alexandra',
    'Benoni',
    'Boksburg',
    'Brakpan',
    'Bronkhorstspruit',
    'Cullinan',
    'Germiston',
    'Heidelberg',
    'Johannesburg',
    'Kempton Park',
    'Krugersdorp',
    'Mamelodi',
    'Meyerton',
    'Nigel',
    'Pretoria',
    'Randburg',
    'Randfontein',
    'Roodepoort',
    'Soshanguve',
    'Soweto',
    'Springs',
    'Tembisa',
    'Vanderbijlpark',
    'Vereeniging',
    'Westonaria',
    'Wonderboom',
  ],
  'KwaZulu-Natal': [
    'Chatsworth',
    'Dundee',
    'Durban',
    'Empangeni',
    'Eshowe',
    'Estcourt',
    'Ixopo',
    'Kokstad',
    'KwaDukuza',
    'Ladysmith',
    'Newcastle',
    'Pietermaritzburg',
    'Pinetown',
    'Port Shepstone',
    'Richards Bay',
    'Scottburgh',
    'Ulundi',
    'Umlazi',
    'Verulam',
    'Vryheid',
  ],
  Limpopo: [
    'Bela-Bela',
    'Giyani',
    'Lebowakgomo',
    'Lephalale',
    'Makhado',
    'Modimolle',
    'Mokopane',
    'Musina',
    'Phalaborwa',
    'Polokwane',
    'Seshego',
    'Thohoyandou',
    'Tzaneen',
  ],
  Mpumalanga: [
    'Barberton',
    'Bethal',
    'eMkhondo',
    'Emalahleni',
    'Ermelo',
    'Kabokweni',
    'KwaMhlanga',
    'Mashishing',
    'Mbombela',
    'Middelburg',
    'Secunda',
    'Standerton',
    'White River',
  ],
  'North West': [
    'Brits',
    'Christiana',
    'Ga-Rankuwa',
    'Klerksdorp',
    'Lichtenburg',
    'Mahikeng',
    'Mogwase',
    'Potchefstroom',
    'Rustenburg',
    'Taung',
    'Vryburg',
    'Zeerust',
  ],
  'Northern Cape': [
    'Calvinia',
    'De Aar',
    'Kathu',
    'Kimberley',
    'Kuruman',
    'Postmasburg',
    'Springbok',
    'Upington',
  ],
  'Western Cape': [
    'Atlantis',
    'Beaufort West',
    'Bellville',
    'Blue Downs',
    'Caledon',
    'George',
    'Goodwood',
    'Hermanus',
    'Khayelitsha',
    'Knysna',
    'Kuils River',
    'Malmesbury',
    'Mitchells Plain',
    'Mossel Bay',
    'Oudtshoorn',
    'Paarl',
    "Simon's Town",
    'Somerset West',
    'Stellenbosch',
    'Swellendam',
    'Vredenburg',
    'Vredendal',
    'Wellington',
    'Worcester',
    'Wynberg',
    'Cape Town',
  ],
};

/**
 * Every listed district, sorted, each once. Compared by their lower-case letters rather than by the English collator,
 * whose data a phone takes some 30 ms (4× CPU) to load on the New Matter wizard's first view: for these names both give
 * the same order (courts.test.ts checks it).
 */
const byLowerCase = (a: string, b: string) => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
};
export const MAGISTERIAL_DISTRICTS: readonly string[] = [
  ...new Set(Object.values(MAGISTERIAL_DISTRICTS_BY_PROVINCE).flat()),
].sort(byLowerCase);

export const MAGISTRATES_COURT_PREFIX = "Magistrate's Court, ";
export const magistratesCourtName = (district: string) => `${MAGISTRATES_COURT_PREFIX}${district.trim()}`;

/** A district name: letters (any script), spaces, hyphens, apostrophes, full stops and brackets; 2 to 80 characters. */
export const DISTRICT_PATTERN = /^[\p{L}][\p{L}\p{M} .'’()-]{1,79}$/u;

/** Spaces collapsed and typographic apostrophes made plain, as names are compared. */
export const squash = (s: string) => s.trim().replace(/\s+/g, ' ').replace(/[’`]/g, "'");

/** "Magistrate's Court, X", "Magistrates' Court, X", "Magistrate Court for the district of X" … */
const MAGISTRATE_PATTERN = /^magistrate(?:'s|s'|s)? court(?:\s+for the district of|\s*,)?\s+(.+)$/i;

/** Words capitalised ("thabazimbi" → "Thabazimbi", "ga-rankuwa" → "Ga-Rankuwa"). */
const titleCase = (s: string) =>
  s.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());

/** A listed district in its listed spelling (case ignored); another one as typed, capitalised when typed all in one case. */
export const districtSpelling = (district: string) =>
  MAGISTERIAL_DISTRICTS.find((d) => d.toLowerCase() === district.toLowerCase()) ??
  (district === district.toLowerCase() || district === district.toUpperCase()
    ? titleCase(district)
    : district);

/**
 * The canonical name of a court: a High Court seat from the list (older names are accepted), or
 * "Magistrate's Court, <district>". Null when the text is neither.
 */
export function normalizeCourtName(input: string | null | undefined): string | null {
  if (!input) return null;
  const text = squash(input);
  const high = HIGH_COURTS.find((c) => c.name.toLowerCase() === text.toLowerCase());
  if (high) return high.name;
  const alias = HIGH_COURT_ALIASES[text.toLowerCase()];
  if (alias) return alias;
  const match = MAGISTRATE_PATTERN.exec(text);
  if (!match) return null;
  const district = match[1]!.replace(/^,\s*/, '').trim();
  if (!DISTRICT_PATTERN.test(district)) return null;
  return magistratesCourtName(districtSpelling(district));
}

export const isHighCourt = (name: string | null | undefined) =>
  !!name && HIGH_COURTS.some((c) => c.name === name);
export const isMagistratesCourt = (name: string | null | undefined) =>
  !!name && name.startsWith(MAGISTRATES_COURT_PREFIX);

/** Every listed court: the High Court seats, then a magistrates' court per listed district. */
export const COURT_OPTIONS: readonly { name: string; group: string }[] = [
  ...HIGH_COURTS.map((c) => ({ name: c.name, group: 'High Court of South Africa' })),
  ...MAGISTERIAL_DISTRICTS.map((d) => ({ name: magistratesCourtName(d), group: "Magistrates' Courts" })),
];

export const COURT_NAME_INVALID =
  'Court must be a High Court division from the list (e.g. "Gauteng Division, Pretoria") or "Magistrate\'s Court, <district>"';
export const COURT_NAME_REQUIRED =
  'Please choose the court the matter is in: a High Court division such as "Gauteng Division, Pretoria", or "Magistrate\'s Court, <district>"';
export const COURT_ONLINE_HIGH_COURT_ONLY =
  'Court Online serves the High Court only: untick "This matter runs on Court Online" for a magistrates\' court';
