import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form';
import { NotificationPreferencesForm } from '../../features/notifications/components/notification-preferences-form';
import { CalendarFeedSettings } from '../../features/deadlines/components/calendar-feed-settings';
import { useDocumentTitle } from '../../lib/use-document-title';

type AccountTab = 'security' | 'notifications' | 'calendar';

/** Account Settings (spec 2.10): Security (change password), Notifications (preferences) and Calendar (the deadlines feed). */
export function AccountPage() {
  useDocumentTitle('Account Settings');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: AccountTab = requested === 'notifications' || requested === 'calendar' ? requested : 'security';

  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        Account Settings
      </Typography>
      <Card>
        <Tabs
          value={tab}
          onChange={(_, value: AccountTab) =>
            setParams(value === 'security' ? {} : { tab: value }, { replace: true })
          }
          aria-label="Account settings"
          sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}
        >
          <Tab
            value="security"
            label="Security"
            id="account-tab-security"
            aria-controls="account-panel-security"
          />
          <Tab
            value="notifications"
            label="Notifications"
            id="account-tab-notifications"
            aria-controls="account-panel-notifications"
          />
          <Tab
            value="calendar"
            label="Calendar"
            id="account-tab-calendar"
            aria-controls="account-panel-calendar"
          />
        </Tabs>
        <CardContent
          role="tabpanel"
          id={`account-panel-${tab}`}
          aria-labelledby={`account-tab-${tab}`}
          sx={{ p: { xs: 2, sm: 4 } }}
        >
          {tab === 'security' ? (
            <>
              <Typography variant="h6" component="h2" gutterBottom>
                Change Password
              </Typography>
              <ChangePasswordForm />
            </>
          ) : tab === 'notifications' ? (
            <>
              <Typography variant="h6" component="h2" gutterBottom>
                Notification Preferences
              </Typography>
              <NotificationPreferencesForm />
            </>
          ) : (
            <>
              <Typography variant="h6" component="h2" gutterBottom>
                Deadlines in your calendar
              </Typography>
              <CalendarFeedSettings />
            </>
          )}
        </CardContent>
      </Card>
    </>
  );
}
