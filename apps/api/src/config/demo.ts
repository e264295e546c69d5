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
