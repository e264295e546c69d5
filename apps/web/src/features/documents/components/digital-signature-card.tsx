import DrawOutlinedIcon from '@mui/icons-material/DrawOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { formatLongDate } from '../../../lib/format';
import { signatureFromName } from '../utils/wizard-rules';

type DigitalSignatureCardProps = {
  fullName: string | null | undefined;
  signature: string;
  onSign: (signature: string) => void;
  onClear: () => void;
  disabled?: boolean;
  /** The server's message for the signature (a refused submit). */
  error?: string;
};

const CURSIVE = '"Segoe Script", "Brush Script MT", "Lucida Handwriting", "Apple Chancery", cursive';

/** The Digital Signature card (spec 2.6): the signer's first and last name in a cursive style. */
export function DigitalSignatureCard({
  fullName,
  signature,
  onSign,
  onClear,
  disabled = false,
  error,
}: DigitalSignatureCardProps) {
  const generated = signatureFromName(fullName);
  const errorId = useId();
  return (
    <Card>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <DrawOutlinedIcon color="primary" aria-hidden />
          <Typography variant="h6" component="h4">
            Digital Signature
          </Typography>
        </Stack>
        <Box
          sx={{
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'grey.50',
            px: 3,
            py: 2,
            textAlign: 'center',
          }}
        >
          <Typography
            aria-label={generated ? `Signature: ${generated}` : 'No user name available'}
            sx={{
              fontFamily: CURSIVE,
              fontSize: generated ? '2rem' : '1rem',
              color: generated ? 'primary.main' : 'text.secondary',
              fontStyle: generated ? 'italic' : 'normal',
            }}
          >
            {generated ?? 'No user name available'}
          </Typography>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
          {signature ? (
            <Button
              variant="outlined"
              color="inherit"
              onClick={onClear}
              disabled={disabled}
              aria-describedby={error ? errorId : undefined}
            >
              Remove Signature
            </Button>
          ) : (
            <Button
              variant="contained"
              color="secondary"
              startIcon={<DrawOutlinedIcon />}
              onClick={() => generated && onSign(generated)}
              disabled={disabled || !generated}
              aria-describedby={error ? errorId : undefined}
            >
              Sign Document
            </Button>
          )}
        </Stack>
        {error ? (
          <FormHelperText id={errorId} error>
            {error}
          </FormHelperText>
        ) : null}
        <Alert severity="warning" sx={{ mt: 2 }}>
          By proceeding, you confirm that the information provided is accurate and you have the authority to
          submit this document.
        </Alert>

        {signature ? (
          <Box sx={{ mt: 3 }} aria-label="Signature Preview" role="region">
            <Typography variant="subtitle2" component="h5" color="text.secondary" gutterBottom>
              Signature Preview
            </Typography>
            <Box
              sx={{
                borderBottom: 2,
                borderColor: 'primary.main',
                display: 'inline-block',
                minWidth: 260,
                pb: 0.5,
              }}
            >
              <Typography
                sx={{ fontFamily: CURSIVE, fontSize: '1.9rem', color: 'primary.main', fontStyle: 'italic' }}
              >
                {signature}
              </Typography>
            </Box>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
              Signed by {fullName} on {formatLongDate(new Date())}
            </Typography>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
