import DownloadIcon from '@mui/icons-material/Download';
import StarIcon from '@mui/icons-material/Star';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { CaseFile } from '@lexserve/contracts/documents';
import { formatDateTime, formatFileSize } from '../../../lib/format';
import { fileTypeLabel } from '../utils/document-display';

type CaseFilesTableProps = {
  files: CaseFile[];
  onView: (file: CaseFile) => void;
  onDownload: (file: CaseFile) => void;
};

/** One page of a case's uploaded files, with View and Download; narrow screens keep the name and actions. */
export function CaseFilesTable({ files, onView, onDownload }: CaseFilesTableProps) {
  return (
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
          {files.map((file) => (
            <TableRow key={file.id} hover>
              <TableCell sx={{ maxWidth: 280 }}>
                <Typography variant="body2" noWrap title={file.filename} sx={{ fontWeight: 500 }}>
                  {file.filename}
                </Typography>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  sx={{ display: { xs: 'block', sm: 'none' } }}
                >
                  {fileTypeLabel(file)} · {formatFileSize(file.size)}
                  {file.is_primary ? ' · Primary' : ''}
                </Typography>
                {file.is_bundle ? <Chip size="small" label="Bundle" sx={{ mt: 0.5 }} /> : null}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{fileTypeLabel(file)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'table-cell' } }}>
                {formatFileSize(file.size)}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>
                {formatDateTime(file.uploaded_at)}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                {file.uploaded_by?.firm_name || 'Unknown Firm'}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {file.is_primary ? (
                  <Chip size="small" color="secondary" icon={<StarIcon />} label="Primary" />
                ) : (
                  '—'
                )}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title="View">
                  <IconButton size="small" onClick={() => onView(file)} aria-label={`View ${file.filename}`}>
                    <VisibilityOutlinedIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title="Download">
                  <IconButton
                    size="small"
                    onClick={() => onDownload(file)}
                    aria-label={`Download ${file.filename}`}
                  >
                    <DownloadIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
