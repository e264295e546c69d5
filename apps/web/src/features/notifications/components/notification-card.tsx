import type { Notification } from '@lexserve/contracts/notifications';
import DraftsOutlinedIcon from '@mui/icons-material/DraftsOutlined';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '../../../lib/format';
import { notificationTarget } from '../utils/notification-target';
import { formatRelativeTime } from '../utils/relative-time';
import { styleOf } from './notification-type';

type Props = {
  notification: Notification;
  selected: boolean;
  busy: boolean;
  now: number;
  onToggleSelected: (notificationId: string) => void;
  onSetRead: (notification: Notification, read: boolean) => void;
};

/**
 * One notification (spec 1, 2.11): the type's colour and icon, an unread dot and bold title while unread, the
 * message on at most two lines, the relative time, and 'Case #' / 'Doc #' chips. A notification about a case opens it
 * on the tab it is about: the title is the link and covers the card (the checkbox, chips and button stay above it).
 */
export const NotificationCard = memo(function NotificationCard({
  notification: n,
  selected,
  busy,
  now,
  onToggleSelected,
  onSetRead,
}: Props) {
  const style = styleOf(n.notification_type);
  const { Icon } = style;
  const titleId = `notification-title-${n.notification_id}`;
  const target = notificationTarget(n);
  const opened = () => {
    if (!n.is_read) onSetRead(n, true);
  };
  // Controls sit above the link that covers the card.
  const above = { position: 'relative', zIndex: 1 } as const;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      data-testid="notification-card"
      data-unread={n.is_read ? undefined : 'true'}
      variant="outlined"
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: { xs: 1, sm: 1.5 },
        p: { xs: 1.25, sm: 2 },
        position: 'relative',
        ...(target
          ? {
              cursor: 'pointer',
              '&:hover': { boxShadow: 2 },
              '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main' },
            }
          : {}),
        borderLeft: `4px solid ${style.color}`,
        bgcolor: n.is_read ? 'background.paper' : style.background,
        transition: 'background-color 0.2s',
      }}
    >
      <Checkbox
        checked={selected}
        onChange={() => onToggleSelected(n.notification_id)}
        slotProps={{ input: { 'aria-label': `Select notification: ${n.title}` } }}
        sx={{ mt: -0.5, ml: -0.5, p: 0.75, ...above }}
      />
      <Avatar
        sx={{ bgcolor: style.color, width: 36, height: 36, display: { xs: 'none', sm: 'flex' } }}
        aria-hidden
      >
        <Icon fontSize="small" />
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          {n.is_read ? null : (
            <Box
              component="span"
              aria-label="Unread"
              role="img"
              sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: style.color, flexShrink: 0 }}
            />
          )}
          <Typography
            id={titleId}
            component="h3"
            variant="subtitle1"
            sx={{ fontWeight: n.is_read ? 500 : 700, lineHeight: 1.3, overflowWrap: 'anywhere' }}
          >
            {target ? (
              <Link
                component={RouterLink}
                to={target}
                onClick={opened}
                color="inherit"
                underline="hover"
                sx={{
                  '&::after': { content: '""', position: 'absolute', inset: 0 },
                  '&:focus-visible': { outline: 'none' },
                }}
              >
                {n.title}
              </Link>
            ) : (
              n.title
            )}
          </Typography>
        </Stack>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{
            mt: 0.5,
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            overflowWrap: 'anywhere',
          }}
        >
          {n.message}
        </Typography>
        <Stack direction="row" sx={{ mt: 1, flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}>
          <Chip
            size="small"
            icon={<Icon />}
            label={style.label}
            sx={{
              bgcolor: style.background,
              color: style.color,
              fontWeight: 600,
              '& .MuiChip-icon': { color: style.color },
            }}
          />
          {n.case_id ? (
            target ? (
              <Chip
                size="small"
                variant="outlined"
                clickable
                component={RouterLink}
                to={target}
                onClick={opened}
                label={`Case #${n.case_id}`}
                sx={above}
              />
            ) : (
              <Chip size="small" variant="outlined" label={`Case #${n.case_id}`} />
            )
          ) : null}
          {target ? (
            <Chip
              size="small"
              variant="outlined"
              clickable
              component={RouterLink}
              to={target}
              onClick={opened}
              label={`Doc #${n.document_id}`}
              sx={above}
            />
          ) : null}
          <Tooltip title={formatDateTime(n.notification_created_at ?? n.created_at)}>
            <Typography component="span" variant="caption" color="text.secondary" sx={above}>
              <time dateTime={n.notification_created_at ?? n.created_at}>
                {formatRelativeTime(n.notification_created_at ?? n.created_at, now)}
              </time>
            </Typography>
          </Tooltip>
        </Stack>
      </Box>
      <Tooltip title={n.is_read ? 'Mark as unread' : 'Mark as read'}>
        <Box component="span" sx={above}>
          <IconButton
            size="small"
            disabled={busy}
            onClick={() => onSetRead(n, !n.is_read)}
            aria-label={n.is_read ? `Mark as unread: ${n.title}` : `Mark as read: ${n.title}`}
          >
            {busy ? (
              <CircularProgress size={18} />
            ) : n.is_read ? (
              <MarkEmailUnreadOutlinedIcon />
            ) : (
              <DraftsOutlinedIcon />
            )}
          </IconButton>
        </Box>
      </Tooltip>
    </Card>
  );
});
