/** The demo firm and its users, seeded on a demo start (SEED_DEMO=true). */
export const DEMO_FIRM = {
  name: 'Demo Attorneys Inc.',
  email: 'info@demo.co.za',
  address: '12 Long Street, Cape Town, 8001',
  branch: 'Cape Town (Main)',
  practice: 'DEMO-001',
};

export const DEMO_USERS = [
  { email: 'firmadmin@demo.co.za', fullName: 'Thandi Mokoena', role: 'firm_admin' },
  { email: 'branchadmin@demo.co.za', fullName: 'Pieter van der Merwe', role: 'branch_admin' },
  { email: 'attorney@demo.co.za', fullName: 'Aisha Patel', role: 'legal_practitioner' },
  { email: 'sheriff@demo.co.za', fullName: 'Sipho Ndlovu', role: 'sheriff' },
] as const;

/** The demo sheriff's office, appointment and service areas (around the demo firm in Cape Town). */
export const DEMO_SHERIFF_PROFILE = {
  email: 'sheriff@demo.co.za',
  officeName: 'Sheriff of the Court, Cape Town West',
  appointmentNumber: 'SHF-WC-0042',
  serviceAreas: ['Cape Town', 'Wynberg', 'Bellville'],
};

/**
 * Demo sheriffs' areas. The names Pretoria Central and Johannesburg North are real sheriffs' offices (DoJ&CD vacancy
 * lists, 2025); Cape Town West was not found in a source and is the demo firm's local name. Suburbs and postal codes
 * are plausible DEMO data, not an official description (the Gazette describes areas by roads): docs/service-rules.md.
 */
export const DEMO_SHERIFF_AREAS = [
  {
    name: 'Cape Town West',
    magisterialDistricts: ['Cape Town'],
    suburbs: ['Cape Town City Centre', 'Gardens', 'Tamboerskloof', 'Sea Point', 'Green Point', 'Woodstock'],
    postalCodes: ['8001', '8005', '8060', '7925'],
  },
  {
    name: 'Pretoria Central',
    magisterialDistricts: ['Pretoria'],
    suburbs: ['Arcadia', 'Sunnyside', 'Hatfield', 'Pretoria Central'],
    postalCodes: ['0002', '0083', '0028'],
  },
  {
    name: 'Johannesburg North',
    magisterialDistricts: ['Johannesburg North'],
    suburbs: ['Parktown', 'Rosebank', 'Houghton Estate', 'Killarney', 'Saxonwold'],
    postalCodes: ['2193', '2196', '2198'],
  },
];

/** The demo sheriff is appointed for this area. */
export const DEMO_SHERIFF_AREA = 'Cape Town West';

/** A deputy sheriff in the demo sheriff's office (Sheriffs Act s 6). */
export const DEMO_DEPUTY = {
  email: 'deputy@demo.co.za',
  fullName: 'Nomsa Khumalo',
  appointmentNumber: 'DEP-WC-0042-1',
  phoneNumber: '+27 82 555 0199',
};
