import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import StarIcon from '@mui/icons-material/Star';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { Document } from '@lexserve/contracts/documents';
import { useId } from 'react';
import { formatDateTime } from '../../../lib/format';
import {
  STEP_DESCRIPTIONS,
  STEP_LABELS,
  lastSavedAt,
  recommendedStep,
  relativeSaved,
  stepStatusOf,
  type Step,
} from '../utils/wizard-rules';

type ResumeDraftDialogProps = {
  document: Document | null;
  onClose: () => void;
  onResume: (step: Step) => void;
};

/** The Resume Draft dialog (spec 2.8): progress, the five steps and the recommended next step. */
export function ResumeDraftDialog({ document, onClose, onResume }: ResumeDraftDialogProps) {
  const titleId = useId();
  if (!document) return null;
  const status = stepStatusOf(document);
  const recommended = recommendedStep(status);
  const done = [
    status.step1_completed,
    status.step2_completed,
    status.step3_completed,
    status.step4_completed,
    status.step5_completed,
  ];
  const file =
    document.file_count > 1
      ? `${document.file_name ?? 'Documents'} (+${document.file_count - 1} more)`
      : document.file_name;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Resume Draft</DialogTitle>
      <DialogContent dividers>
        <Typography variant="h6" component="p" gutterBottom>
          {document.title}
        </Typography>
        <Grid container spacing={1.5} sx={{ mb: 2 }}>
          <Info label="Case Number" value={document.case_number || 'N/A'} />
          <Info label="Created" value={formatDateTime(document.created_at)} />
          <Info label="Last Saved" value={relativeSaved(lastSavedAt(document))} />
          <Info label="File" value={file || 'No file uploaded'} />
        </Grid>
        <Box sx={{ mb: 2 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
            {status.completion_percentage}% Complete
          </Typography>
          <LinearProgress
            variant="determinate"
            value={status.completion_percentage}
            aria-label="Draft completion"
            sx={{ height: 8, borderRadius: 4 }}
            color={status.completion_percentage === 100 ? 'success' : 'primary'}
          />
        </Box>
        <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
          Steps Overview
        </Typography>
        <List dense aria-label="Steps overview">
          {STEP_DESCRIPTIONS.map((description, index) => {
            const step = (index + 1) as Step;
            return (
              <ListItem
                key={step}
                disableGutters
                sx={{ bgcolor: step === recommended ? 'action.selected' : undefined, borderRadius: 1, px: 1 }}
              >
                <ListItemIcon sx={{ minWidth: 34 }}>
                  {done[index] ? (
                    <CheckCircleIcon color="success" fontSize="small" aria-label="Complete" />
                  ) : (
                    <RadioButtonUncheckedIcon color="disabled" fontSize="small" aria-label="Not complete" />
                  )}
                </ListItemIcon>
                <ListItemText primary={`Step ${step}: ${STEP_LABELS[index]}`} secondary={description} />
              </ListItem>
            );
          })}
        </List>
        <Alert severity="info" icon={<StarIcon />}>
          <strong>Recommended Next Step:</strong> Step {recommended}, {STEP_LABELS[recommended - 1]}:{' '}
          {STEP_DESCRIPTIONS[recommended - 1]}
        </Alert>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="outlined" onClick={() => onResume(1)}>
          Start from Beginning
        </Button>
        <Button variant="contained" onClick={() => onResume(recommended)} autoFocus>
          Resume from Step {recommended}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Info({ label, value }: { label: string; value: string }) {
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
        {value}
      </Typography>
    </Grid>
  );
}
