import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';

export type PlaceholderPageProps = {
  title: string;
  description?: ReactNode;
  emptyTitle: string;
  emptyDescription?: ReactNode;
  action?: ReactNode;
  /** Heading level: page headings are h1, dashboard tab contents h2. */
  headingLevel?: 'h1' | 'h2';
};

/**
 * A page whose feature has not been delivered yet: its heading and an honest empty state.
 * Each feature module replaces its own placeholder.
 */
export function PlaceholderPage({ title, description, emptyTitle, emptyDescription, action, headingLevel = 'h1' }: PlaceholderPageProps) {
  return (
    <Box>
      <Typography variant={headingLevel === 'h1' ? 'h4' : 'h5'} component={headingLevel} gutterBottom>
        {title}
      </Typography>
      {description ? (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {description}
        </Typography>
      ) : null}
      <EmptyState title={emptyTitle} description={emptyDescription} action={action} />
    </Box>
  );
}
