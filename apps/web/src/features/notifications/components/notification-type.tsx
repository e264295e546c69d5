import AssignmentIndOutlinedIcon from '@mui/icons-material/AssignmentIndOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import type { SvgIconComponent } from '@mui/icons-material';
import { NOTIFICATION_TYPE_LABELS, type NotificationType } from '@lexserve/contracts/notifications';

type NotificationTypeStyle = { label: string; color: string; background: string; Icon: SvgIconComponent };

/** Spec 1, section 3: blue, cyan, green, orange and red; each with an icon that says the same. */
export const NOTIFICATION_TYPE_STYLES: Record<NotificationType, NotificationTypeStyle> = {
  assignment_notification: {
    label: NOTIFICATION_TYPE_LABELS.assignment_notification,
    color: '#1565c0',
    background: '#e3f2fd',
    Icon: AssignmentIndOutlinedIcon,
  },
  status_update: {
    label: NOTIFICATION_TYPE_LABELS.status_update,
    color: '#00838f',
    background: '#e0f7fa',
    Icon: SyncAltIcon,
  },
  completion_notification: {
    label: NOTIFICATION_TYPE_LABELS.completion_notification,
    color: '#2e7d32',
    background: '#e8f5e9',
    Icon: CheckCircleOutlineIcon,
  },
  deadline_reminder: {
    label: NOTIFICATION_TYPE_LABELS.deadline_reminder,
    color: '#e65100',
    background: '#fff3e0',
    Icon: ScheduleIcon,
  },
  system_alert: {
    label: NOTIFICATION_TYPE_LABELS.system_alert,
    color: '#c62828',
    background: '#ffebee',
    Icon: ReportProblemOutlinedIcon,
  },
};

export const styleOf = (type: string): NotificationTypeStyle =>
  NOTIFICATION_TYPE_STYLES[type as NotificationType] ?? NOTIFICATION_TYPE_STYLES.system_alert;
