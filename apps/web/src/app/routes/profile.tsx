import Typography from '@mui/material/Typography';
import { ProfileSettings } from '../../features/users/components/profile-settings';
import { useDocumentTitle } from '../../lib/use-document-title';

export function ProfilePage() {
  useDocumentTitle('Profile Settings');
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        Profile Settings
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Keep your contact details up to date.
      </Typography>
      <ProfileSettings />
    </>
  );
}
