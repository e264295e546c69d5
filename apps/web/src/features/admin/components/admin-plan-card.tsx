import type { Plan } from '@lexserve/contracts/subscriptions';
import CheckIcon from '@mui/icons-material/Check';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import StarIcon from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { formatRand } from '../../../lib/format';
import { cardFeatures, yearlySaving } from '../plan-form';

const limitText = (value: number, noun: string) =>
  value < 0 ? `Unlimited ${noun}` : `Up to ${value} ${noun}`;

/** One plan as the admin sees it: prices, limits, features, the active and featured switches, Edit and Delete. */
export function AdminPlanCard({
  plan,
  onEdit,
  onDelete,
  onToggle,
  toggling,
}: {
  plan: Plan;
  onEdit: () => void;
  onDelete: () => void;
  onToggle: (field: 'is_active' | 'is_featured', value: boolean) => void;
  toggling: boolean;
}) {
  const saving = yearlySaving(plan.monthly_price, plan.yearly_price);
  const features = cardFeatures(plan.feature_list ?? []);
  return (
    <Card
      component="article"
      aria-label={plan.display_name}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderColor: plan.is_featured ? 'secondary.main' : undefined,
        borderWidth: plan.is_featured ? 2 : 1,
        opacity: plan.is_active ? 1 : 0.8,
      }}
    >
      <CardContent sx={{ flexGrow: 1, p: 3 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
          <Box>
            <Typography variant="h6" component="h2">
              {plan.display_name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {plan.name}
            </Typography>
          </Box>
          <Stack direction="row" spacing={0.5}>
            {plan.is_featured ? (
              <Chip icon={<StarIcon />} label="Featured" color="secondary" size="small" />
            ) : null}
            <Chip
              label={plan.is_active ? 'Active' : 'Inactive'}
              color={plan.is_active ? 'success' : 'default'}
              size="small"
              variant="outlined"
            />
          </Stack>
        </Stack>
        <Typography sx={{ fontSize: '1.6rem', fontWeight: 800, mt: 1.5 }}>
          {plan.monthly_price ? (
            <>
              {formatRand(plan.monthly_price)}
              <Typography component="span" color="text.secondary" sx={{ fontWeight: 400 }}>
                /month
              </Typography>
            </>
          ) : (
            'Contact Us'
          )}
        </Typography>
        {plan.yearly_price ? (
          <Typography variant="body2" color="text.secondary">
            {formatRand(plan.yearly_price)}/year{saving ? ` (save ${formatRand(saving)})` : ''}
          </Typography>
        ) : null}
        {plan.description ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {plan.description}
          </Typography>
        ) : null}
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }} useFlexGap>
          <Chip size="small" label={limitText(plan.max_users, 'users')} />
          <Chip size="small" label={limitText(plan.max_cases, 'cases')} />
          {plan.trial_days > 0 ? (
            <Chip size="small" color="info" variant="outlined" label={`${plan.trial_days} days trial`} />
          ) : null}
        </Stack>
        <Divider sx={{ my: 2 }} />
        {features.shown.length ? (
          <List dense disablePadding>
            {features.shown.map((label) => (
              <ListItem key={label} disableGutters sx={{ py: 0 }}>
                <ListItemIcon sx={{ minWidth: 28 }}>
                  <CheckIcon fontSize="small" color="success" aria-hidden />
                </ListItemIcon>
                <ListItemText primary={label} slotProps={{ primary: { variant: 'body2' } }} />
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography variant="body2" color="text.secondary">
            No optional features
          </Typography>
        )}
        {features.more ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            +{features.more} more features
          </Typography>
        ) : null}
      </CardContent>
      <Divider />
      <Box sx={{ px: 2, pt: 1 }}>
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={plan.is_active}
              disabled={toggling}
              onChange={(e) => onToggle('is_active', e.target.checked)}
            />
          }
          label="Active"
        />
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={plan.is_featured}
              disabled={toggling}
              onChange={(e) => onToggle('is_featured', e.target.checked)}
            />
          }
          label="Featured"
        />
      </Box>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button startIcon={<EditOutlinedIcon />} onClick={onEdit} aria-label={`Edit ${plan.display_name}`}>
          Edit
        </Button>
        <Button
          color="error"
          startIcon={<DeleteOutlineIcon />}
          onClick={onDelete}
          aria-label={`Delete ${plan.display_name}`}
        >
          Delete
        </Button>
      </CardActions>
    </Card>
  );
}
