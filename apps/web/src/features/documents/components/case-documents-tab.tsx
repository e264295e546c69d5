import CollectionsBookmarkOutlinedIcon from '@mui/icons-material/CollectionsBookmarkOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import MergeTypeIcon from '@mui/icons-material/MergeType';
import StarIcon from '@mui/icons-material/Star';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { ACCEPTED_EXTENSIONS, CASE_DETAIL_MAX_FILES, type CaseFile, type Document } from '@lexserve/contracts/documents';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { formatDateTime } from '../../../lib/format';
import { downloadCaseFile, downloadErrorMessage, useCaseFiles } from '../api/case-files';
import { describeError } from '../../../lib/api-client';
import { invalidateDocuments } from '../api/documents';
import { useFileStaging } from '../hooks/use-file-staging';
import { fileTypeLabel, saveBlob } from '../utils/document-display';
import { formatFileSize, formatMegabytes, paginate } from '../utils/upload-rules';
import { BundlesDialog, CreateBundleDialog } from './bundle-dialogs';
import { FileViewerDialog } from './file-viewer-dialog';
import { ListPagination } from './list-pagination';
import { UploadArea } from './upload-area';

/** Four files per page in the Uploaded Documents table (spec 2.10). */
export const CASE_FILES_PAGE_SIZE = 4;

type CaseDocumentsTabProps = { document: Document; canUpload: boolean; canBundle: boolean };

/** The "My Documents" tab: upload, bundles, the files table and the inline viewer. */
export function CaseDocumentsTab({ document, canUpload, canBundle }: CaseDocumentsTabProps) {
  const queryClient = useQueryClient();
  const files = useCaseFiles(document.id);
  const staging = useFileStaging({ maxPerUpload: CASE_DETAIL_MAX_FILES, maxStaged: CASE_DETAIL_MAX_FILES });
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<CaseFile | null>(null);
  const [bundlesOpen, setBundlesOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    if (message?.severity !== 'success') return;
    const timer = window.setTimeout(() => setMessage(null), 3000);
    return () => window.clearTimeout(timer);
  }, [message]);

  const all = files.data?.files ?? [];
  const regular = all.filter((f) => !f.is_bundle);
  const bundles = all.filter((f) => f.is_bundle);
  const totalSize = files.data?.total_size ?? all.reduce((sum, f) => sum + f.size, 0);
  const paged = paginate(all, page, CASE_FILES_PAGE_SIZE);

  const upload = async () => {
    const outcome = await staging.upload(document.id, 'selected');
    if (outcome.message) setMessage({ severity: 'error', text: 'Failed to upload files. Please try again.' });
    else if (outcome.uploaded.length) {
      setMessage({ severity: 'success', text: `${outcome.uploaded.length} file${outcome.uploaded.length === 1 ? '' : 's'} uploaded successfully.` });
      staging.reset();
    }
    await invalidateDocuments(queryClient);
  };

  const download = async (file: CaseFile) => {
    try {
      saveBlob(await downloadCaseFile(document.id, file.id), file.filename);
    } catch (error) {
      setMessage({ severity: 'error', text: downloadErrorMessage(error) });
    }
  };

  return (
    <Stack spacing={3}>
      {message ? (
        <Alert severity={message.severity} onClose={() => setMessage(null)} role={message.severity === 'error' ? 'alert' : 'status'}>
          {message.text}
        </Alert>
      ) : null}

      <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Typography>
          <strong>{all.length}</strong> file{all.length === 1 ? '' : 's'}
        </Typography>
        <Typography>
          <strong>Total size:</strong> {formatMegabytes(totalSize)}
        </Typography>
      </Stack>

      {canUpload ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
            Upload Documents
          </Typography>
          <UploadArea
            staging={staging}
            uploaded={regular}
            accept={ACCEPTED_EXTENSIONS}
            onUploadSelected={() => void upload()}
            hint={`PDF, DOC or DOCX · several files at once, at most ${CASE_DETAIL_MAX_FILES}`}
            label="Upload more case documents"
            showAllUpTo={CASE_DETAIL_MAX_FILES}
          />
        </Paper>
      ) : null}

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Box>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              Document Bundles
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Combine the case's files into a single PDF, in the order you choose.
            </Typography>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexShrink: 0 }}>
            <Button variant="outlined" startIcon={<CollectionsBookmarkOutlinedIcon />} onClick={() => setBundlesOpen(true)}>
              View All Bundles ({bundles.length})
            </Button>
            {canBundle && regular.length > 1 ? (
              <Button variant="contained" startIcon={<MergeTypeIcon />} onClick={() => setCreateOpen(true)}>
                Create Bundle
              </Button>
            ) : null}
          </Stack>
        </Stack>
      </Paper>

      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          Uploaded Documents
        </Typography>
        {files.isLoading ? (
          <Stack spacing={1} role="status" aria-label="Loading files">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={40} />
            ))}
          </Stack>
        ) : files.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void files.refetch()}>
                Retry
              </Button>
            }
          >
            {describeError(files.error, { fallback: 'Failed to load case files' })}
          </Alert>
        ) : all.length === 0 ? (
          <EmptyState title="No documents uploaded" description="Files uploaded to this case appear here." />
        ) : (
          <>
            <TableContainer component={Paper} variant="outlined">
              <Table size="small" aria-label="Uploaded documents">
                <TableHead>
                  <TableRow>
                    <TableCell>Document Name</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Type</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Size</TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Uploaded</TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Filed By</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Primary</TableCell>
                    <TableCell align="right">Actions</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {paged.items.map((file) => (
                    <TableRow key={file.id} hover>
                      <TableCell sx={{ maxWidth: 280 }}>
                        <Typography variant="body2" noWrap title={file.filename} sx={{ fontWeight: 500 }}>
                          {file.filename}
                        </Typography>
                        <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                          {fileTypeLabel(file)} · {formatFileSize(file.size)}
                          {file.is_primary ? ' · Primary' : ''}
                        </Typography>
                        {file.is_bundle ? <Chip size="small" label="Bundle" sx={{ mt: 0.5 }} /> : null}
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{fileTypeLabel(file)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'table-cell' } }}>{formatFileSize(file.size)}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>{formatDateTime(file.uploaded_at)}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{file.uploaded_by?.firm_name || 'Unknown Firm'}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{file.is_primary ? <Chip size="small" color="secondary" icon={<StarIcon />} label="Primary" /> : '—'}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <Tooltip title="View">
                          <IconButton size="small" onClick={() => setViewing(file)} aria-label={`View ${file.filename}`}>
                            <VisibilityOutlinedIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title="Download">
                          <IconButton size="small" onClick={() => void download(file)} aria-label={`Download ${file.filename}`}>
                            <DownloadIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <ListPagination {...paged} noun="documents" onPage={setPage} />
          </>
        )}
      </Box>

      <FileViewerDialog documentId={document.id} file={viewing} onClose={() => setViewing(null)} />
      <BundlesDialog open={bundlesOpen} documentId={document.id} bundles={bundles} onClose={() => setBundlesOpen(false)} />
      <CreateBundleDialog
        open={createOpen}
        documentId={document.id}
        caseNumber={document.case_number}
        files={all}
        onClose={() => setCreateOpen(false)}
        onCreated={(text) => setMessage({ severity: 'success', text })}
      />
    </Stack>
  );
}
