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
