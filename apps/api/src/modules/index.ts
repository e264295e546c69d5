import type { ModuleDef } from '../lib/module';
import { authPublicRoutes } from './auth/auth.routes';
import { usersRoutes } from './users/users.routes';
import { firmsRoutes } from './firms/firms.routes';
import { mailSetup } from './users/users.events';
import { seedAccounts } from './users/users.seed';
import { documentsModule } from './documents/documents.module';
import { serviceModule } from './service/service.module';
import { evidenceModule } from './evidence/evidence.module';
import { trailModule } from './trail/trail.module';
import { partiesModule } from './parties/parties.module';
import { verificationModule } from './verification/verification.module';
import { notificationsModule } from './notifications/notifications.module';
import { closuresModule } from './closures/closures.module';
import { subscriptionsModule } from './subscriptions/subscriptions.module';
import { paymentsModule } from './payments/payments.module';
import { adminModule } from './admin/admin.module';
import { sealModule } from './seal/seal.module';
import { deadlinesModule } from './deadlines/deadlines.module';
import { integrationsModule } from './integrations/integrations.module';

/** Every domain module, in registration order. Each module adds its own entry. */
export const modules: ModuleDef[] = [
  { name: 'auth', publicRoutes: authPublicRoutes },
  { name: 'users', routes: usersRoutes, setup: mailSetup, seed: seedAccounts },
  { name: 'firms', routes: firmsRoutes },
  documentsModule,
  serviceModule,
  evidenceModule,
  trailModule,
  partiesModule,
  verificationModule,
  notificationsModule,
  closuresModule,
  subscriptionsModule,
  paymentsModule,
  adminModule,
  sealModule,
  deadlinesModule,
  integrationsModule,
];
