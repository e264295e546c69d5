import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DataTableColumn, RowKey } from './columns';

type CardViewProps<T> = { label: string; rows: T[]; rowKey: RowKey<T>; columns: DataTableColumn<T>[] };

/** On phones each row is a small card: its title, its other columns as labelled lines, then its actions. */
export function CardView<T>({ label, rows, rowKey, columns }: CardViewProps<T>) {
  const titles = columns.filter((c) => c.card === 'title');
  const lines = columns.filter((c) => !c.card);
  const actions = columns.filter((c) => c.card === 'actions');
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((row) => (
        <Box
          component="li"
          key={rowKey(row)}
          sx={{ px: 2, py: 1.5, borderTop: '1px solid', borderColor: 'divider' }}
        >
          {titles.map((column) => (
            <Box key={column.id} sx={{ mb: 1, overflowWrap: 'anywhere' }}>
              {column.cell(row)}
            </Box>
          ))}
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.75, m: 0 }}
          >
            {lines.map((column) => (
              <Box key={column.id} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {column.header}
                </Typography>
                <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {column.cell(row)}
                </Box>
              </Box>
            ))}
          </Box>
          {actions.map((column) => (
            <Stack key={column.id} direction="row" sx={{ mt: 1, justifyContent: 'flex-end' }}>
              {column.cell(row)}
            </Stack>
          ))}
        </Box>
      ))}
    </Box>
  );
}
