// One file per aggregate; each module adds its own line here.
export * from './foundation';
export * from './notifications';
export * from './documents';
export * from './subscriptions';
export * from './closures';
export * from './returns';
export * from './deadlines';
export * from './integrations';
export * from './seals';
