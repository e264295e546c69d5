import { Icon, type IconName } from '../../components/plain/icon';
import { useDocumentTitle } from '../../lib/use-document-title';
import './about.css';

const VALUES: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'trackChangesOutlined',
    title: 'Precision',
    text: 'Every served document is recorded with its fingerprint, the parties and the exact date and time of service, so the record says precisely what happened.',
  },
  {
    icon: 'autoAwesomeOutlined',
    title: 'Innovation',
    text: 'Security IDs, QR codes and online verification replace paper trails, so a proof of service can be checked in seconds from anywhere.',
  },
  {
    icon: 'handshakeOutlined',
    title: 'Trust',
    text: "Each firm sees only its own cases, every change is written to the case's timeline, and anyone can confirm that a document has not been altered.",
  },
  {
    icon: 'boltOutlined',
    title: 'Efficiency',
    text: 'Guided forms, saved drafts, notifications and a single place for files, parties and closure requests keep matters moving without extra admin.',
  },
];

/** About Us (spec 2.4). Plain HTML and CSS, no MUI. */
export function AboutPage() {
  useDocumentTitle('About Us');
  return (
    <div className="ls-container ls-container--lg ls-about">
      <h1 className="ls-h2 ls-gutter">About Us</h1>

      <section aria-labelledby="mission-title" className="ls-about__narrow" style={{ marginBottom: 48 }}>
        <h2 id="mission-title" className="ls-h4 ls-gutter ls-about__heading">
          Our Mission
        </h2>
        <p className="ls-p" style={{ fontSize: '1.1rem' }}>
          To give legal professionals and sheriffs a reliable, secure way to serve documents, and to make
          every act of service easy to prove and easy to verify.
        </p>
      </section>

      <section aria-labelledby="values-title" style={{ marginBottom: 48 }}>
        <h2 id="values-title" className="ls-h4 ls-gutter ls-about__heading">
          Core Values
        </h2>
        <div className="ls-grid ls-grid--sm-2 ls-about__values">
          {VALUES.map(({ icon, title, text }) => (
            <div key={title} className="ls-card ls-about__value">
              <div className="ls-card__body">
                <Icon name={icon} size={36} className="ls-about__icon" />
                <h3 className="ls-h6 ls-gutter">{title}</h3>
                <p className="ls-p ls-muted">{text}</p>
              </div>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="story-title" className="ls-about__narrow">
        <h2 id="story-title" className="ls-h4 ls-gutter ls-about__heading">
          Our Story
        </h2>
        <p className="ls-p" style={{ marginBottom: 16 }}>
          Serving a document is one of the moments in a legal matter that has to be beyond doubt. Yet the
          proof of it often ends up spread across e-mails, couriers&apos; slips and paper files, and checking
          that a document is genuine can mean phoning the firm that sent it.
        </p>
        <p className="ls-p" style={{ marginBottom: 16 }}>
          LexServe was built to change that for South African law firms and sheriffs. It brings the
          preparation, service, tracking and closure of a matter into one platform, produces a proof of
          service for every served document, and lets anyone verify that proof online with its security ID.
        </p>
      </section>
    </div>
  );
}
