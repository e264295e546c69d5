import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { CaseFile } from '@lexserve/contracts/documents';
import { useEffect, useId, useState } from 'react';
import { downloadCaseFile, downloadErrorMessage, fileViewUrl } from '../api/case-files';
import { fileTypeLabel, isPdf } from '../utils/document-display';
import { formatFileSize } from '../../../lib/format';
import { saveBlob } from '../../../lib/save-blob';

type FileViewerDialogProps = {
  documentId: number;
  file: CaseFile | null;
  onClose: () => void;
};

/**
 * Previews a PDF inline from the server's view address (its path ends with the file name, which the browser's PDF viewer
 * shows as its title); other types say they cannot be previewed and offer the download.
 */
export function FileViewerDialog({ documentId, file, onClose }: FileViewerDialogProps) {
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('md'));
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const previewable = file ? isPdf(file) : false;

  useEffect(() => {
    if (!file || !previewable) return;
    let cancelled = false;
    setLoading(true);
    setError(null);
    fileViewUrl(documentId, file.id)
      .then((address) => !cancelled && setUrl(address))
      .catch(
        (e) => !cancelled && setError(downloadErrorMessage(e, 'Failed to load document. Please try again.')),
      )
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
      setUrl(null);
    };
  }, [documentId, file, previewable]);

  const download = async () => {
    if (!file) return;
    try {
      saveBlob(await downloadCaseFile(documentId, file.id), file.filename);
    } catch (e) {
      setError(downloadErrorMessage(e));
    }
  };

  return (
    <Dialog
      open={Boolean(file)}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="lg"
      fullWidth
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="span" noWrap sx={{ display: 'block' }} title={file?.filename}>
            {file?.filename}
          </Typography>
          {file ? (
            <Typography variant="caption" color="text.secondary">
              {fileTypeLabel(file)} · {formatFileSize(file.size)}
            </Typography>
          ) : null}
        </Box>
        <Button startIcon={<DownloadIcon />} onClick={() => void download()} disabled={!file}>
          Download
        </Button>
        <IconButton onClick={onClose} aria-label="Close viewer">
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent
        dividers
        sx={{ p: 0, height: fullScreen ? 'auto' : '80vh', display: 'flex', bgcolor: 'grey.100' }}
      >
        {error ? (
          <Alert severity="error" sx={{ m: 2, alignSelf: 'flex-start', flex: 1 }}>
            {error}
          </Alert>
        ) : !previewable ? (
          <Stack spacing={2} sx={{ m: 'auto', p: 4, alignItems: 'center', textAlign: 'center' }}>
            <InsertDriveFileOutlinedIcon sx={{ fontSize: 56 }} color="action" />
            <Typography variant="h6" component="p">
              This file cannot be previewed
            </Typography>
            <Typography color="text.secondary">
              Word documents and other types open in their own application. Download the file to view it.
            </Typography>
            <Button variant="contained" startIcon={<DownloadIcon />} onClick={() => void download()}>
              Download {file?.filename}
            </Button>
          </Stack>
        ) : loading || !url ? (
          <Stack spacing={2} sx={{ m: 'auto', alignItems: 'center' }} role="status">
            <CircularProgress aria-hidden />
            <Typography color="text.secondary">Loading document...</Typography>
          </Stack>
        ) : (
          <Box
            component="iframe"
            src={url}
            title={`Preview of ${file?.filename}`}
            sx={{ border: 0, width: '100%', minHeight: fullScreen ? '85vh' : '100%', flex: 1 }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
