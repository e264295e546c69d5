import type { FastifyInstance } from 'fastify';
import type { ModuleDef } from '../../lib/module';
import { registerNotificationHandlers } from './notifications.events';
import { NotificationHub } from './notifications.hub';
import { notificationsRoutes } from './notifications.routes';
import { notificationsSocketRoutes } from './notifications.socket';

/** One hub per app: it LISTENs once the app is ready and lets go of its sockets and channel on close. */
function setup(app: FastifyInstance) {
  const hub = new NotificationHub(app.deps.database, app.log);
  app.decorate('notificationHub', hub);
  app.addHook('onReady', () => hub.start());
  app.addHook('preClose', () => hub.stop());
  registerNotificationHandlers(app);
}

export const notificationsModule: ModuleDef = {
  name: 'notifications',
  routes: notificationsRoutes,
  publicRoutes: notificationsSocketRoutes,
  setup,
};
