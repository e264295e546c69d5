import type { ModuleDef } from '../../lib/module';
import { calendarPublicRoutes, deadlinesRoutes } from './deadlines.routes';
import { reminderJobsSetup, seedReminderJob } from './reminders.jobs';

/** Deadlines after service (the rules' and the firm's own), their reminders, and each user's calendar feed. */
export const deadlinesModule: ModuleDef = {
  name: 'deadlines',
  routes: deadlinesRoutes,
  publicRoutes: calendarPublicRoutes,
  setup: reminderJobsSetup,
  seed: seedReminderJob,
};
