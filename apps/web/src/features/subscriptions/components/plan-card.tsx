import StarIcon from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { brandColors } from '../../../brand-colors';
import {
  DEFAULT_PLAN_DESCRIPTION,
  buildPlanFeatureList,
  hasPrice,
  isPopularPlan,
  planName,
  planPriceLabel,
  type PlanLike,
} from '../plan-display';
import { PlanFeatureList } from './plan-feature-list';

type PlanCardProps = {
  plan: PlanLike;
  onChoose: (plan: PlanLike) => void;
  /** This card's selection is running: 'Selecting...'. */
  busy?: boolean;
  /** Another card is busy, or the user may not choose. */
  disabled?: boolean;
  /** The plan the user picked before logging in or before a cancelled payment. */
  preselected?: boolean;
  /** The firm's current plan. */
  current?: boolean;
};

/** One plan of the plans page (spec 2.3). */
export function PlanCard({ plan, onChoose, busy = false, disabled = false, preselected = false, current = false }: PlanCardProps) {
  const titleId = useId();
  const popular = isPopularPlan(plan);
  const priced = hasPrice(plan);
  const trialDays = plan.trial_days ?? 0;
  const name = planName(plan);
  const highlighted = popular || preselected;

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      data-testid="plan-card"
      sx={{
        position: 'relative',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        overflow: 'visible',
        borderWidth: highlighted ? 2 : 1,
        borderColor: preselected ? 'primary.main' : popular ? 'secondary.main' : undefined,
        boxShadow: highlighted ? '0 12px 32px rgba(20, 33, 61, 0.14)' : 'none',
        transition: 'box-shadow 0.2s, transform 0.2s',
        '&:hover': { boxShadow: '0 12px 32px rgba(20, 33, 61, 0.14)' },
      }}
    >
      {popular ? (
        <Chip
          icon={<StarIcon aria-hidden />}
          label="Most Popular"
          color="secondary"
          size="small"
          sx={{ position: 'absolute', top: -13, left: '50%', transform: 'translateX(-50%)', fontWeight: 700, px: 1 }}
        />
      ) : null}
      <CardContent sx={{ flexGrow: 1, pt: popular ? 4 : 3, px: 3 }}>
        <Typography id={titleId} variant="h5" component="h2" sx={{ color: 'primary.main' }}>
          {name}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.5, mt: 2, mb: 1 }}>
          <Typography component="p" sx={{ fontSize: priced ? '2rem' : '1.75rem', fontWeight: 800, color: brandColors.navy, lineHeight: 1.1 }}>
            {planPriceLabel(plan)}
          </Typography>
          {priced ? (
            <Typography component="span" color="text.secondary">
              /month
            </Typography>
          ) : null}
        </Box>
        <Box sx={{ minHeight: 32, mb: 1.5, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {trialDays > 0 ? <Chip label={`${trialDays} days free trial`} color="success" size="small" variant="outlined" /> : null}
          {current ? <Chip label="Current Plan" color="primary" size="small" /> : null}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ minHeight: 60 }}>
          {plan.description || DEFAULT_PLAN_DESCRIPTION}
        </Typography>
        <Divider sx={{ my: 2 }} />
        <PlanFeatureList items={buildPlanFeatureList(plan)} label={`Features of ${name}`} />
      </CardContent>
      <CardActions sx={{ px: 3, pb: 3 }}>
        <Button
          fullWidth
          size="large"
          variant={highlighted ? 'contained' : 'outlined'}
          color={popular && !preselected ? 'secondary' : 'primary'}
          disabled={disabled || busy || current}
          onClick={() => onChoose(plan)}
          startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          aria-label={current ? `${name} is your current plan` : priced ? `Choose Plan: ${name}` : `Contact sales about ${name}`}
        >
          {busy ? 'Selecting...' : current ? 'Current Plan' : priced ? 'Choose Plan' : 'Contact Sales'}
        </Button>
      </CardActions>
    </Card>
  );
}
