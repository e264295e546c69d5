import Button from '@mui/material/Button';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { NavLink } from 'react-router-dom';
import { brandColors } from '../../brand-colors';
import type { NavItem } from './nav-items';

const navLinkSx = {
  color: 'rgba(255,255,255,0.85)',
  px: 1.5,
  borderRadius: 1,
  whiteSpace: 'nowrap',
  '&[aria-current="page"]': { color: '#fff', boxShadow: `inset 0 -3px 0 ${brandColors.goldLight}` },
  '&:hover': { color: '#fff', bgcolor: 'rgba(255,255,255,0.08)' },
} as const;

export function BarLink({ item }: { item: NavItem }) {
  return (
    <Button component={NavLink} to={item.to} sx={navLinkSx}>
      {item.label}
    </Button>
  );
}

export function DrawerLink({ item, onClick }: { item: NavItem; onClick: () => void }) {
  const Icon = item.icon;
  return (
    <ListItemButton component={NavLink} to={item.to} onClick={onClick} sx={{ '&[aria-current="page"]': { bgcolor: 'action.selected' } }}>
      <ListItemIcon>
        <Icon />
      </ListItemIcon>
      <ListItemText primary={item.label} />
    </ListItemButton>
  );
}
