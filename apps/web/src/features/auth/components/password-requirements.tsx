import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';

const REQUIREMENTS = [
  { label: 'At least 8 characters', test: (v: string) => v.length >= 8 },
  { label: 'At least one lowercase letter', test: (v: string) => /[a-z]/.test(v) },
  { label: 'At least one uppercase letter', test: (v: string) => /[A-Z]/.test(v) },
  { label: 'At least one number', test: (v: string) => /\d/.test(v) },
];

/** The list of password requirements shown under the form (spec 2.10), ticked as they are met. */
export function PasswordRequirements({ value }: { value: string }) {
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 3 }} id="password-requirements-title">
        Password requirements
      </Typography>
      <List dense aria-labelledby="password-requirements-title">
        {REQUIREMENTS.map((requirement) => {
          const met = requirement.test(value);
          return (
            <ListItem key={requirement.label} disableGutters>
              <ListItemIcon sx={{ minWidth: 32 }}>
                {met ? (
                  <CheckCircleIcon fontSize="small" color="success" aria-hidden />
                ) : (
                  <RadioButtonUncheckedIcon fontSize="small" color="disabled" aria-hidden />
                )}
              </ListItemIcon>
              <ListItemText primary={requirement.label} secondary={met ? 'Met' : undefined} />
            </ListItem>
          );
        })}
      </List>
    </>
  );
}
