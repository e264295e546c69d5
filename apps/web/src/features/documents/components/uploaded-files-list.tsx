import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { formatDateTime, formatFileSize } from '../../../lib/format';
import {
  SORT_OPTIONS,
  filterAndSort,
  paginate,
  type ListedFile,
  type SortOption,
} from '../utils/upload-rules';
import { ListPagination } from './list-pagination';

/** More files than this bring search, sort and the Show All / Paginate toggle (spec 2.3). */
const SEARCH_THRESHOLD = 5;

/** The Uploaded Files list of the upload area. */
export function UploadedFilesList({
  files,
  title = 'Uploaded Files',
}: {
  files: readonly ListedFile[];
  title?: string;
}) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortOption>('date-desc');
  const [showAll, setShowAll] = useState(false);
  const [page, setPage] = useState(1);
  const tools = files.length > SEARCH_THRESHOLD;

  const ordered = useMemo(
    () => (tools ? filterAndSort(files, search, sort) : [...files]),
    [files, search, sort, tools],
  );
  const paged = tools && !showAll ? paginate(ordered, page) : null;
  const visible = paged ? paged.items : ordered;

  if (!files.length) return null;

  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, mb: 1 }}>
        {title} ({files.length})
      </Typography>
      {tools ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 1.5 }}>
          <TextField
            size="small"
            placeholder="Search files..."
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
            slotProps={{
              htmlInput: { 'aria-label': 'Search files' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <TextField
            select
            size="small"
            label="Sort by"
            value={sort}
            onChange={(event) => {
              setSort(event.target.value as SortOption);
              setPage(1);
            }}
            sx={{ minWidth: 190 }}
          >
            {SORT_OPTIONS.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            size="small"
            onClick={() => setShowAll((v) => !v)}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {showAll ? 'Paginate' : 'Show All'}
          </Button>
        </Stack>
      ) : null}
      {visible.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }} role="status">
          No files match your search criteria.
        </Typography>
      ) : (
        <List
          dense
          disablePadding
          aria-label={title}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          {visible.map((file, index) => (
            <ListItem key={file.id} divider={index < visible.length - 1}>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <DescriptionOutlinedIcon fontSize="small" color="primary" />
              </ListItemIcon>
              <ListItemText
                primary={file.filename}
                secondary={`${formatFileSize(file.size)} · ${formatDateTime(file.uploaded_at)}`}
                slotProps={{ primary: { noWrap: true, title: file.filename } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {paged && visible.length > 0 ? <ListPagination {...paged} noun="files" onPage={setPage} /> : null}
    </Box>
  );
}
