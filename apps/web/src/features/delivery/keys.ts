/** The public delivery page's reads: a recipient's page, by its link's token (outside ['documents'] on purpose). */
export const deliveryKeys = {
  delivery: (token: string) => ['delivery', token] as const,
};
