import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlined';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { VisuallyHidden } from '../../../components/visually-hidden';
import type { FeatureItem } from '../plan-display';

/** Included items with a tick, excluded ones greyed with a dash; screen readers hear which is which. */
export function PlanFeatureList({ items, dense = true, label }: { items: FeatureItem[]; dense?: boolean; label?: string }) {
  return (
    <List dense={dense} disablePadding aria-label={label}>
      {items.map((item) => (
        <ListItem key={item.label} disableGutters sx={{ py: 0.25, alignItems: 'flex-start' }}>
          <ListItemIcon sx={{ minWidth: 30, mt: 0.5 }}>
            {item.included ? (
              <CheckCircleIcon fontSize="small" color="success" aria-hidden />
            ) : (
              <RemoveCircleOutlineIcon fontSize="small" sx={{ color: 'text.disabled' }} aria-hidden />
            )}
          </ListItemIcon>
          <ListItemText
            primary={
              <>
                {item.label}
                <VisuallyHidden>{item.included ? ' (included)' : ' (not included)'}</VisuallyHidden>
              </>
            }
            slotProps={{
              primary: {
                variant: 'body2',
                sx: item.included ? undefined : { color: 'text.secondary', textDecoration: 'line-through' },
              },
            }}
          />
        </ListItem>
      ))}
    </List>
  );
}
