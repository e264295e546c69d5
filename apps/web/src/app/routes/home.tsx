import { useState, type CSSProperties, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Button, ButtonLink } from '../../components/plain/button';
import { Icon, type IconName } from '../../components/plain/icon';
import { TextField } from '../../components/plain/text-field';
import { paths } from '../../config/paths';
import { useHasSession } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';
import './home.css';

const FEATURES: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'descriptionOutlined',
    title: 'Prepare matters step by step',
    text: 'A guided five-step wizard captures the case, the documents, the parties and the service details. Drafts are saved so you can pick up where you left off.',
  },
  {
    icon: 'factCheckOutlined',
    title: 'Proof of service, generated for you',
    text: 'Submitting a matter marks it served and produces a return of service PDF listing every document served, with its fingerprint and the date and time of service.',
  },
  {
    icon: 'qrCode2',
    title: 'Verifiable by anyone',
    text: 'Every proof of service carries a security ID and a QR code. Courts, opposing parties and the public can check its authenticity online, without an account.',
  },
  {
    icon: 'notificationsActiveOutlined',
    title: 'Track every case',
    text: 'A timeline records each change to a case, and notifications tell the right people about assignments, status changes and deadlines as they happen.',
  },
  {
    icon: 'gppGoodOutlined',
    title: 'Close cases properly',
    text: 'Closure requests go through a checklist and an approval by a firm or branch administrator before a case is marked complete.',
  },
  {
    icon: 'accountTreeOutlined',
    title: 'Run your whole firm',
    text: 'Firm administrators manage branches, add branch administrators and legal practitioners, change roles and switch access off when someone leaves.',
  },
];

const STEPS = [
  {
    title: 'Register your firm',
    text: "Sign up as the firm's administrator with your firm and main branch details.",
  },
  {
    title: 'Choose a plan',
    text: 'Pick a subscription billed in rand; plans with a free trial let you start straight away.',
  },
  {
    title: 'Serve with confidence',
    text: 'Invite your team, prepare matters and hand every recipient a verifiable proof of service.',
  },
];

/** The space between the items of a row, stack or grid (plain.css). */
const gap = (px: number) => ({ '--ls-gap': `${px}px` }) as CSSProperties;

function VerifyShortcut() {
  const navigate = useNavigate();
  const [securityId, setSecurityId] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = securityId.trim();
    navigate(id ? `${paths.verify}/${encodeURIComponent(id)}` : paths.verify);
  };
  return (
    <form onSubmit={submit} className="ls-home-verify" aria-labelledby="verify-shortcut-title">
      <h2 id="verify-shortcut-title" className="ls-h6 ls-gutter">
        Received a served document?
      </h2>
      <p className="ls-p ls-body2 ls-muted" style={{ marginBottom: 16 }}>
        Check that it is authentic. The security ID is printed at the bottom of every page of the proof of
        service.
      </p>
      <div className="ls-row" style={gap(12)}>
        <TextField
          label="Security ID"
          small
          value={securityId}
          onChange={(event) => setSecurityId(event.target.value)}
          placeholder="LS-XXXX-XXXX-XXXX-XXXX"
        />
        <Button type="submit" variant="contained" className="ls-home-verify__button">
          Verify Document
        </Button>
      </div>
    </form>
  );
}

/** The public home page (product decision: a real page, not a redirect to /login). Plain HTML and CSS, no MUI. */
export function HomePage() {
  useDocumentTitle('Legal document service');
  const signedIn = useHasSession();

  return (
    <>
      <section aria-labelledby="hero-title" className="ls-home-hero">
        <div className="ls-container ls-container--lg ls-home-hero__grid">
          <div>
            <span className="ls-home-hero__overline">For South African law firms and sheriffs</span>
            <h1 id="hero-title" className="ls-h1 ls-home-hero__title">
              Serve legal documents with proof that holds up.
            </h1>
            <p className="ls-p ls-home-hero__lead">
              LexServe is where your firm prepares, serves, tracks and confirms the delivery of legal
              documents, and where anyone can check that a served document is genuine.
            </p>
            <div className="ls-row" style={gap(16)}>
              {signedIn ? (
                <ButtonLink
                  to={paths.app.root}
                  variant="contained"
                  gold
                  large
                  endIcon={<Icon name="arrowForward" />}
                >
                  Go to Dashboard
                </ButtonLink>
              ) : (
                <ButtonLink
                  to={paths.signup}
                  variant="contained"
                  gold
                  large
                  endIcon={<Icon name="arrowForward" />}
                >
                  Create your firm&apos;s account
                </ButtonLink>
              )}
              <ButtonLink to={paths.plans} variant="outlined" large className="ls-home-hero__plans">
                See Our Plans
              </ButtonLink>
            </div>
            {signedIn ? null : (
              <p className="ls-p ls-home-hero__login">
                Already registered?{' '}
                <RouterLink to={paths.login} className="ls-home-hero__login-link">
                  Log in
                </RouterLink>
              </p>
            )}
          </div>
          <div>
            <VerifyShortcut />
          </div>
        </div>
      </section>

      <section className="ls-container ls-container--lg ls-home-section" aria-labelledby="features-title">
        <h2 id="features-title" className="ls-h2 ls-center" style={{ marginBottom: 8 }}>
          What LexServe does
        </h2>
        <p className="ls-p ls-muted ls-center ls-home-intro">
          One place for the whole life of a served document, from the first draft to the closed case.
        </p>
        <div className="ls-grid ls-grid--sm-2 ls-grid--md-3" style={gap(24)}>
          {FEATURES.map(({ icon, title, text }) => (
            <div key={title} className="ls-card">
              <div className="ls-card__body">
                <div className="ls-home-feature__icon" aria-hidden>
                  <Icon name={icon} />
                </div>
                <h3 className="ls-h6 ls-gutter">{title}</h3>
                <p className="ls-p ls-muted">{text}</p>
              </div>
            </div>
          ))}
        </div>
      </section>

      <section className="ls-home-steps" aria-labelledby="steps-title">
        <div className="ls-container ls-container--lg">
          <h2 id="steps-title" className="ls-h2 ls-center" style={{ marginBottom: 40 }}>
            Getting started
          </h2>
          <ol className="ls-grid ls-home-steps__list" style={gap(24)}>
            {STEPS.map((step, index) => (
              <li key={step.title} className="ls-card ls-home-step">
                <p className="ls-p ls-home-step__number" aria-hidden>
                  {index + 1}
                </p>
                <h3 className="ls-h6 ls-gutter">{step.title}</h3>
                <p className="ls-p ls-muted">{step.text}</p>
              </li>
            ))}
          </ol>
          <div className="ls-center" style={{ marginTop: 40 }}>
            {signedIn ? (
              <ButtonLink to={paths.app.root} variant="contained" large>
                Go to Dashboard
              </ButtonLink>
            ) : (
              <ButtonLink to={paths.signup} variant="contained" large>
                Sign up
              </ButtonLink>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
