import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CaseFile } from '@lexserve/contracts/documents';
import { useEffect, useId, useState } from 'react';
import { formatDateTime, formatFileSize } from '../../../lib/format';
import { bundleErrorMessage, downloadCaseFile, useCreateBundle } from '../api/case-files';
import { defaultDialogBundleName } from '../utils/document-display';
import { saveBlob } from '../../../lib/save-blob';

type CreateBundleDialogProps = {
  open: boolean;
  documentId: number;
  caseNumber: string | null;
  files: CaseFile[];
  onClose: () => void;
  onCreated: (message: string) => void;
};

/** Move an item of a list up (-1) or down (+1). */
const moveItem = <T,>(items: readonly T[], index: number, delta: -1 | 1): T[] => {
  const target = index + delta;
  if (target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
};

/** Create Document Bundle (spec 2.10): pick files, order them, name the bundle; the result is one PDF. */
export function CreateBundleDialog({
  open,
  documentId,
  caseNumber,
  files,
  onClose,
  onCreated,
}: CreateBundleDialogProps) {
  const titleId = useId();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateBundle();
  const available = files.filter((f) => !f.is_bundle);
  const byId = new Map(available.map((f) => [f.id, f]));

  useEffect(() => {
    if (!open) return;
    setName(defaultDialogBundleName(caseNumber));
    setChosen([]);
    setProblem(null);
    create.reset();
    // Reset when the dialog opens only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const toggle = (id: number) =>
    setChosen((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  const submit = async () => {
    if (!available.length) return setProblem('No files available to bundle');
    if (!chosen.length) return setProblem('Please select at least one file to bundle');
    if (!name.trim()) return setProblem('Please provide a bundle name');
    setProblem(null);
    try {
      await create.mutateAsync({ documentId, fileIds: chosen, bundleName: name.trim() });
      onCreated('Bundle created successfully!');
      onClose();
    } catch (error) {
      setProblem(bundleErrorMessage(error));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id={titleId}>Create Document Bundle</DialogTitle>
      <DialogContent dividers>
        {problem ? (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {problem}
          </Alert>
        ) : null}
        <TextField
          label="Bundle Name"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          sx={{ mb: 2 }}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        {available.length === 0 ? (
          <Alert severity="info">No files available to bundle</Alert>
        ) : (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <Box>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                Available files
              </Typography>
              <List
                dense
                disablePadding
                aria-label="Available files"
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 320, overflow: 'auto' }}
              >
                {available.map((file) => (
                  // One control per row, the checkbox itself (a list item that is also a button around it is a nested
                  // control, and a list may hold only list items: axe). The whole row is its label.
                  <ListItem key={file.id} dense disablePadding sx={{ px: 1 }}>
                    <Box
                      component="label"
                      sx={{
                        display: 'flex',
                        alignItems: 'center',
                        gap: 1,
                        flex: 1,
                        minWidth: 0,
                        cursor: 'pointer',
                        py: 0.25,
                      }}
                    >
                      <Checkbox
                        size="small"
                        checked={chosen.includes(file.id)}
                        onChange={() => toggle(file.id)}
                        slotProps={{ input: { 'aria-label': `Include ${file.filename}` } }}
                      />
                      <ListItemText
                        primary={file.filename}
                        secondary={formatFileSize(file.size)}
                        slotProps={{ primary: { noWrap: true, title: file.filename } }}
                      />
                    </Box>
                  </ListItem>
                ))}
              </List>
            </Box>
            <Box>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                Bundle order
              </Typography>
              {chosen.length === 0 ? (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1, borderStyle: 'dashed' }}
                >
                  Select files on the left; they are added here in order.
                </Typography>
              ) : (
                <List
                  dense
                  disablePadding
                  aria-label="Bundle order"
                  sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
                >
                  {chosen.map((id, index) => {
                    const file = byId.get(id);
                    if (!file) return null;
                    return (
                      <ListItem key={id} divider={index < chosen.length - 1} sx={{ pr: 1 }}>
                        <Typography variant="body2" sx={{ width: 24, color: 'text.secondary' }}>
                          {index + 1}.
                        </Typography>
                        <ListItemText
                          primary={file.filename}
                          slotProps={{ primary: { noWrap: true, title: file.filename } }}
                        />
                        <Stack direction="row">
                          <IconButton
                            size="small"
                            onClick={() => setChosen((ids) => moveItem(ids, index, -1))}
                            disabled={index === 0}
                            aria-label={`Move ${file.filename} up`}
                          >
                            <ArrowUpwardIcon fontSize="small" />
                          </IconButton>
                          <IconButton
                            size="small"
                            onClick={() => setChosen((ids) => moveItem(ids, index, 1))}
                            disabled={index === chosen.length - 1}
                            aria-label={`Move ${file.filename} down`}
                          >
                            <ArrowDownwardIcon fontSize="small" />
                          </IconButton>
                          <IconButton
                            size="small"
                            onClick={() => toggle(id)}
                            aria-label={`Remove ${file.filename} from bundle`}
                          >
                            <CloseIcon fontSize="small" />
                          </IconButton>
                        </Stack>
                      </ListItem>
                    );
                  })}
                </List>
              )}
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={create.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={create.isPending || chosen.length === 0}
          startIcon={
            create.isPending ? <CircularProgress size={16} color="inherit" /> : <PictureAsPdfOutlinedIcon />
          }
        >
          Create Bundle ({chosen.length} files)
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type BundlesDialogProps = { open: boolean; documentId: number; bundles: CaseFile[]; onClose: () => void };

/** Every bundle of the case with its size, created date, type "PDF Bundle" and a download button. */
export function BundlesDialog({ open, documentId, bundles, onClose }: BundlesDialogProps) {
  const titleId = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  useEffect(() => {
    if (!success) return;
    const timer = window.setTimeout(() => setSuccess(null), 3000);
    return () => window.clearTimeout(timer);
  }, [success]);

  const download = async (file: CaseFile) => {
    setBusy(file.id);
    setError(null);
    try {
      saveBlob(await downloadCaseFile(documentId, file.id), file.filename);
      setSuccess(`${file.filename} downloaded`);
    } catch {
      setError('Failed to download bundle. Please try again.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Document Bundles</DialogTitle>
      <DialogContent dividers>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError(null)}>
            {error}
          </Alert>
        ) : null}
        {success ? (
          <Alert severity="success" sx={{ mb: 2 }} role="status">
            {success}
          </Alert>
        ) : null}
        {bundles.length === 0 ? (
          <Typography color="text.secondary">No bundles have been created for this case yet.</Typography>
        ) : (
          <List disablePadding aria-label="Bundles">
            {bundles.map((bundle, index) => (
              <ListItem
                key={bundle.id}
                divider={index < bundles.length - 1}
                sx={{ gap: 1, flexWrap: 'wrap' }}
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <PictureAsPdfOutlinedIcon color="error" />
                </ListItemIcon>
                <ListItemText
                  primary={bundle.filename}
                  secondary={`${formatFileSize(bundle.size)} · ${formatDateTime(bundle.uploaded_at)}${bundle.page_count ? ` · ${bundle.page_count} pages` : ''}`}
                  sx={{ minWidth: 200 }}
                />
                <Chip size="small" label="PDF Bundle" variant="outlined" />
                <Button
                  size="small"
                  startIcon={
                    busy === bundle.id ? <CircularProgress size={14} color="inherit" /> : <DownloadIcon />
                  }
                  onClick={() => void download(bundle)}
                  disabled={busy !== null}
                  aria-label={`Download ${bundle.filename}`}
                >
                  Download
                </Button>
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
