/** The integrations feature's reads: the firm's API keys, its webhook endpoints and each endpoint's deliveries. */
export const integrationKeys = {
  all: ['integrations'] as const,
  apiKeys: ['integrations', 'api-keys'] as const,
  webhooks: ['integrations', 'webhooks'] as const,
  deliveries: (webhookId: number) => ['integrations', 'webhooks', webhookId, 'deliveries'] as const,
};
