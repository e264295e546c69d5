import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import BoltOutlinedIcon from '@mui/icons-material/BoltOutlined';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import TrackChangesOutlinedIcon from '@mui/icons-material/TrackChangesOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../lib/use-document-title';

const VALUES = [
  {
    icon: TrackChangesOutlinedIcon,
    title: 'Precision',
    text: 'Every served document is recorded with its fingerprint, the parties and the exact date and time of service, so the record says precisely what happened.',
  },
  {
    icon: AutoAwesomeOutlinedIcon,
    title: 'Innovation',
    text: 'Security IDs, QR codes and online verification replace paper trails, so a proof of service can be checked in seconds from anywhere.',
  },
  {
    icon: HandshakeOutlinedIcon,
    title: 'Trust',
    text: "Each firm sees only its own cases, every change is written to the case's timeline, and anyone can confirm that a document has not been altered.",
  },
  {
    icon: BoltOutlinedIcon,
    title: 'Efficiency',
    text: 'Guided forms, saved drafts, notifications and a single place for files, parties and closure requests keep matters moving without extra admin.',
  },
];

/** About Us (spec 2.4). */
export function AboutPage() {
  useDocumentTitle('About Us');
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
      <Typography variant="h2" component="h1" gutterBottom>
        About Us
      </Typography>

      <Box component="section" aria-labelledby="mission-title" sx={{ mb: 6, maxWidth: 820 }}>
        <Typography id="mission-title" variant="h4" component="h2" gutterBottom sx={{ color: 'primary.main' }}>
          Our Mission
        </Typography>
        <Typography sx={{ fontSize: '1.1rem' }}>
          To give legal professionals and sheriffs a reliable, secure way to serve documents, and to make every act of service easy to
          prove and easy to verify.
        </Typography>
      </Box>

      <Box component="section" aria-labelledby="values-title" sx={{ mb: 6 }}>
        <Typography id="values-title" variant="h4" component="h2" gutterBottom sx={{ color: 'primary.main' }}>
          Core Values
        </Typography>
        <Grid container spacing={3}>
          {VALUES.map(({ icon: Icon, title, text }) => (
            <Grid key={title} size={{ xs: 12, sm: 6, md: 3 }}>
              <Card sx={{ height: '100%', borderTop: '4px solid', borderTopColor: 'secondary.main' }}>
                <CardContent>
                  <Icon sx={{ color: 'secondary.main', fontSize: 36, mb: 1 }} aria-hidden />
                  <Typography variant="h6" component="h3" gutterBottom>
                    {title}
                  </Typography>
                  <Typography color="text.secondary">{text}</Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Box>

      <Box component="section" aria-labelledby="story-title" sx={{ maxWidth: 820 }}>
        <Typography id="story-title" variant="h4" component="h2" gutterBottom sx={{ color: 'primary.main' }}>
          Our Story
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Serving a document is one of the moments in a legal matter that has to be beyond doubt. Yet the proof of it often ends up
          spread across e-mails, couriers&apos; slips and paper files, and checking that a document is genuine can mean phoning the
          firm that sent it.
        </Typography>
        <Typography sx={{ mb: 2 }}>
          LexServe was built to change that for South African law firms and sheriffs. It brings the preparation, service, tracking and
          closure of a matter into one platform, produces a proof of service for every served document, and lets anyone verify that
          proof online with its security ID.
        </Typography>
      </Box>
    </Container>
  );
}
