import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import GppGoodOutlinedIcon from '@mui/icons-material/GppGoodOutlined';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useHasSession } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';
import { brandColors } from '../../theme';

const FEATURES: { icon: SvgIconComponent; title: string; text: string }[] = [
  {
    icon: DescriptionOutlinedIcon,
    title: 'Prepare matters step by step',
    text: 'A guided five-step wizard captures the case, the documents, the parties and the service details. Drafts are saved so you can pick up where you left off.',
  },
  {
    icon: FactCheckOutlinedIcon,
    title: 'Proof of service, generated for you',
    text: 'Submitting a matter marks it served and produces a return of service PDF listing every document served, with its fingerprint and the date and time of service.',
  },
  {
    icon: QrCode2Icon,
    title: 'Verifiable by anyone',
    text: 'Every proof of service carries a security ID and a QR code. Courts, opposing parties and the public can check its authenticity online, without an account.',
  },
  {
    icon: NotificationsActiveOutlinedIcon,
    title: 'Track every case',
    text: 'A timeline records each change to a case, and notifications tell the right people about assignments, status changes and deadlines as they happen.',
  },
  {
    icon: GppGoodOutlinedIcon,
    title: 'Close cases properly',
    text: 'Closure requests go through a checklist and an approval by a firm or branch administrator before a case is marked complete.',
  },
  {
    icon: AccountTreeOutlinedIcon,
    title: 'Run your whole firm',
    text: 'Firm administrators manage branches, add branch administrators and legal practitioners, change roles and switch access off when someone leaves.',
  },
];

const STEPS = [
  { title: 'Register your firm', text: "Sign up as the firm's administrator with your firm and main branch details." },
  { title: 'Choose a plan', text: 'Pick a subscription billed in rand; plans with a free trial let you start straight away.' },
  { title: 'Serve with confidence', text: 'Invite your team, prepare matters and hand every recipient a verifiable proof of service.' },
];

function VerifyShortcut() {
  const navigate = useNavigate();
  const [securityId, setSecurityId] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = securityId.trim();
    navigate(id ? `${paths.verify}/${encodeURIComponent(id)}` : paths.verify);
  };
  return (
    <Paper component="form" onSubmit={submit} elevation={8} sx={{ p: 3, borderRadius: 3 }} aria-labelledby="verify-shortcut-title">
      <Typography id="verify-shortcut-title" variant="h6" component="h2" gutterBottom>
        Received a served document?
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Check that it is authentic. The security ID is printed at the bottom of every page of the proof of service.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          label="Security ID"
          size="small"
          value={securityId}
          onChange={(event) => setSecurityId(event.target.value)}
          placeholder="LS-XXXX-XXXX-XXXX-XXXX"
        />
        <Button type="submit" variant="contained" sx={{ whiteSpace: 'nowrap', px: 3 }}>
          Verify Document
        </Button>
      </Stack>
    </Paper>
  );
}

/** The public home page (product decision: a real page, not a redirect to /login). */
export function HomePage() {
  useDocumentTitle('Legal document service');
  const signedIn = useHasSession();

  return (
    <>
      <Box
        component="section"
        aria-labelledby="hero-title"
        sx={{
          color: '#fff',
          background: `linear-gradient(135deg, ${brandColors.navy} 0%, ${brandColors.navyLight} 100%)`,
          py: { xs: 6, md: 10 },
        }}
      >
        <Container maxWidth="lg">
          <Grid container spacing={6} sx={{ alignItems: 'center' }}>
            <Grid size={{ xs: 12, md: 7 }}>
              <Typography variant="overline" sx={{ color: brandColors.goldLight, fontWeight: 700, letterSpacing: 2 }}>
                For South African law firms and sheriffs
              </Typography>
              <Typography id="hero-title" variant="h1" sx={{ fontSize: { xs: '2.1rem', md: '3rem' }, my: 2 }}>
                Serve legal documents with proof that holds up.
              </Typography>
              <Typography sx={{ fontSize: '1.15rem', opacity: 0.9, mb: 4, maxWidth: 600 }}>
                LexServe is where your firm prepares, serves, tracks and confirms the delivery of legal documents, and where anyone can
                check that a served document is genuine.
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                {signedIn ? (
                  <Button component={RouterLink} to={paths.app.root} variant="contained" color="secondary" size="large" endIcon={<ArrowForwardIcon />}>
                    Go to Dashboard
                  </Button>
                ) : (
                  <Button component={RouterLink} to={paths.signup} variant="contained" color="secondary" size="large" endIcon={<ArrowForwardIcon />}>
                    Create your firm&apos;s account
                  </Button>
                )}
                <Button
                  component={RouterLink}
                  to={paths.plans}
                  variant="outlined"
                  size="large"
                  sx={{ color: '#fff', borderColor: 'rgba(255,255,255,0.6)', '&:hover': { borderColor: '#fff' } }}
                >
                  See Our Plans
                </Button>
              </Stack>
              {signedIn ? null : (
                <Typography sx={{ mt: 2, opacity: 0.85 }}>
                  Already registered?{' '}
                  <Box component={RouterLink} to={paths.login} sx={{ color: brandColors.goldLight, fontWeight: 600 }}>
                    Log in
                  </Box>
                </Typography>
              )}
            </Grid>
            <Grid size={{ xs: 12, md: 5 }}>
              <VerifyShortcut />
            </Grid>
          </Grid>
        </Container>
      </Box>

      <Container component="section" maxWidth="lg" sx={{ py: { xs: 6, md: 9 } }} aria-labelledby="features-title">
        <Typography id="features-title" variant="h2" sx={{ textAlign: 'center', mb: 1 }}>
          What LexServe does
        </Typography>
        <Typography color="text.secondary" sx={{ textAlign: 'center', mb: 5, maxWidth: 720, mx: 'auto' }}>
          One place for the whole life of a served document, from the first draft to the closed case.
        </Typography>
        <Grid container spacing={3}>
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <Grid key={title} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card sx={{ height: '100%' }}>
                <CardContent>
                  <Box
                    sx={{ width: 48, height: 48, borderRadius: 2, display: 'grid', placeItems: 'center', bgcolor: 'primary.main', color: brandColors.goldLight, mb: 2 }}
                    aria-hidden
                  >
                    <Icon />
                  </Box>
                  <Typography variant="h6" component="h3" gutterBottom>
                    {title}
                  </Typography>
                  <Typography color="text.secondary">{text}</Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Container>

      <Box component="section" sx={{ bgcolor: '#eef0f5', py: { xs: 6, md: 9 } }} aria-labelledby="steps-title">
        <Container maxWidth="lg">
          <Typography id="steps-title" variant="h2" sx={{ textAlign: 'center', mb: 5 }}>
            Getting started
          </Typography>
          <Grid container spacing={3} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {STEPS.map((step, index) => (
              <Grid key={step.title} size={{ xs: 12, md: 4 }} component="li">
                <Paper variant="outlined" sx={{ p: 3, height: '100%' }}>
                  <Typography sx={{ color: 'secondary.main', fontWeight: 800, fontSize: '1.8rem' }} aria-hidden>
                    {index + 1}
                  </Typography>
                  <Typography variant="h6" component="h3" gutterBottom>
                    {step.title}
                  </Typography>
                  <Typography color="text.secondary">{step.text}</Typography>
                </Paper>
              </Grid>
            ))}
          </Grid>
          <Box sx={{ textAlign: 'center', mt: 5 }}>
            {signedIn ? (
              <Button component={RouterLink} to={paths.app.root} variant="contained" size="large">
                Go to Dashboard
              </Button>
            ) : (
              <Button component={RouterLink} to={paths.signup} variant="contained" size="large">
                Sign up
              </Button>
            )}
          </Box>
        </Container>
      </Box>
    </>
  );
}
